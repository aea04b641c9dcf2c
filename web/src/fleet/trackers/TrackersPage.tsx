import { Button, Group, NativeSelect, Paper, SegmentedControl, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useUrlParams } from "../../platform/url";
import { useApiGet, useApiMutation, type ApiRecord } from "../../platform/api";
import { DateField, fieldsFrom, recordOptions } from "../../platform/form";
import { tracker as trackerDefinition } from "../../../../core/fleet/definitions";
import { formatDate, formatMoney } from "../../platform/format";
import { Page } from "../../platform/page";
import { SettingsTable, type TableScreen } from "../../platform/table";
import { VehicleSearch } from "../picker/VehiclePicker";

type Figures = { start_date: string; end_date: string; active_count: number; per_type: Array<{ name: string; count: number; total_cost: number }> };

export const TRACKERS: TableScreen = {
  kind: "table",
  key: "trackers",
  title: "Vehicle Trackers",
  singular: "tracker",
  resource: "vehicletracker",
  historyType: "vehicletracker",
  filters: ["view", "start_date", "end_date"],
  searchable: true,
  // From the tracker's one definition; its vehicle and assigned date are set by assigning it (shown, never sent).
  fields: fieldsFrom(trackerDefinition, {
    type: { options: recordOptions("vehicletrackertype", (t) => t.name, { page_size: 25 }) },
    vehicle: { kind: "text", readOnly: true, inAdd: false, display: (v) => (v && typeof v === "object" ? String((v as { registration?: string }).registration ?? "") : "") },
    date_assigned: { readOnly: true, inAdd: false },
  }),
  invalidates: ["vehicles"],
  itemLabel: (r) => String(r.imei),
};

/** Figures for the window: active count and, per type, count and total cost. */
function TrackerFigures() {
  const [sp, updateUrl] = useUrlParams();
  const query = { view: sp.get("view") ?? "active", start_date: sp.get("start_date") ?? "", end_date: sp.get("end_date") ?? "", page_size: 1 };
  const q = useApiGet<{ figures: Figures }>("vehicletracker", query);
  const f = q.data?.figures;
  const set = (k: string, v: string) =>
    updateUrl((n) => {
      if (v) n.set(k, v);
      else n.delete(k);
    });
  return (
    <Paper withBorder p="sm">
      <Group align="flex-end" gap="md">
        <DateField size="xs" label="Start" value={sp.get("start_date") || f?.start_date || ""} onChange={(v) => set("start_date", v)} />
        <DateField size="xs" label="End" value={sp.get("end_date") || f?.end_date || ""} onChange={(v) => set("end_date", v)} />
        <Text size="sm" fw={600} data-testid="active-count">
          Active: {f?.active_count ?? 0}
        </Text>
      </Group>
      <Table aria-label="Tracker costs" fz="sm" mt="xs" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Type</Table.Th>
            <Table.Th>Count</Table.Th>
            <Table.Th>Total cost</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(f?.per_type ?? []).map((t) => (
            <Table.Tr key={t.name}>
              <Table.Td>{t.name}</Table.Td>
              <Table.Td>{t.count}</Table.Td>
              <Table.Td>{formatMoney(t.total_cost)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt={4}>
        {f ? `${formatDate(f.start_date)} to ${formatDate(f.end_date)}` : ""}
      </Text>
    </Paper>
  );
}

/** Assign an unused tracker to a vehicle; the vehicle's old tracker is freed (000 §4). */
function AssignTracker() {
  const unused = useApiGet<{ results: Array<ApiRecord & { imei: string }> }>("vehicletracker/searchunused");
  const [tracker, setTracker] = useState("");
  const [vehicle, setVehicle] = useState<ApiRecord | null>(null);
  const [search, setSearch] = useState("");
  const assign = useApiMutation<Record<string, unknown>, ApiRecord>("PUT", (b) => `vehicletracker/${b.id}`, { resource: "vehicletracker", invalidates: ["vehicles"], errorMessage: "There was an error" });
  return (
    <Paper withBorder p="sm" bg="gray.0">
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Unused tracker"
          size="sm"
          value={tracker}
          onChange={(e) => setTracker(e.currentTarget.value)}
          data={[{ value: "", label: "(choose)" }, ...(unused.data?.results ?? []).map((t) => ({ value: String(t.id), label: t.imei }))]}
        />
        <div style={{ minWidth: 260 }}>
          <VehicleSearch label="Vehicle" search={search} onSearchChange={setSearch} onSelect={setVehicle} />
        </div>
        <Button
          disabled={!tracker || !vehicle}
          loading={assign.isPending}
          onClick={() => {
            const t = unused.data?.results.find((x) => String(x.id) === tracker);
            if (t && vehicle)
              assign.mutate({ ...t, vehicle: vehicle.id }, { onSuccess: () => (setTracker(""), setVehicle(null), setSearch("")) });
          }}
        >
          Assign
        </Button>
      </Group>
    </Paper>
  );
}

/** /trackers (000 §4, 003): figures, view all/active/inactive (default active), add/edit, assign. */
export function TrackersPage() {
  const [sp, updateUrl] = useUrlParams();
  const view = sp.get("view") ?? "active";
  return (
    <Page title="Vehicle Trackers">
      <Stack gap="sm">
        <TrackerFigures />
        <SegmentedControl
          aria-label="View"
          size="xs"
          w={280}
          value={view}
          onChange={(v) =>
            updateUrl((n) => {
              if (v === "active") n.delete("view");
              else n.set("view", v);
              n.delete("page");
            })
          }
          data={[
            { value: "all", label: "All" },
            { value: "active", label: "Active" },
            { value: "inactive", label: "Inactive" },
          ]}
        />
        <AssignTracker />
        <SettingsTable screen={TRACKERS} />
      </Stack>
    </Page>
  );
}
