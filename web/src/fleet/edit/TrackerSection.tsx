import { Button, Group, NativeSelect, Text } from "@mantine/core";
import { useState } from "react";
import { useApiGet, useApiMutation, type ApiRecord } from "../../platform/api";

type Tracker = ApiRecord & { imei: string; type?: { name?: string } | number | null };

/** The vehicle's tracker; assigning one of the unused trackers frees the old one (000 §4). */
export function TrackerSection({ vehicle }: { vehicle: ApiRecord }) {
  const unused = useApiGet<{ results: Tracker[] }>("vehicletracker/searchunused");
  const [chosen, setChosen] = useState("");
  const assign = useApiMutation<{ id: string }, ApiRecord>("PUT", (b) => `vehicletracker/${b.id}`, { resource: "vehicletracker", invalidates: ["vehicles"], errorMessage: "There was an error" });
  const current = vehicle.tracker as { imei?: string } | null;
  return (
    <Group mt="sm" align="flex-end" gap="sm">
      <Text size="sm">Tracker: {current?.imei ?? "none"}</Text>
      <NativeSelect
        label="Assign tracker"
        size="xs"
        value={chosen}
        onChange={(e) => setChosen(e.currentTarget.value)}
        data={[{ value: "", label: "(choose an unused tracker)" }, ...(unused.data?.results ?? []).map((t) => ({ value: String(t.id), label: t.imei }))]}
      />
      <Button
        size="xs"
        disabled={!chosen}
        loading={assign.isPending}
        onClick={() => {
          const t = unused.data?.results.find((x) => String(x.id) === chosen);
          // The vehicle's new version comes back through the refreshed vehicle query.
          if (t) assign.mutate({ ...t, id: chosen, vehicle: vehicle.id } as any, { onSuccess: () => setChosen("") });
        }}
      >
        Assign
      </Button>
    </Group>
  );
}
