import { Button, Group, Stack, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { useApiMutation, type ApiRecord } from "../../platform/api";
import { ListPager, ListSearch, ListTable, useListController } from "../../platform/list";
import { Page } from "../../platform/page";
import { fieldsFrom } from "../../platform/form";
import { keyHook } from "../../../../core/fleet/definitions";
import type { KeyFinderRow } from "../../../../core/fleet/types";
import { SettingsTable, type TableScreen } from "../../platform/table";

/** A vehicle in the key finder: inferred from the vehicle definition (core/fleet/types.ts). */
type KeyRow = ApiRecord & KeyFinderRow;

/** The key hooks themselves: the generic record table (add box, editable rows, history). */
export const HOOKS: TableScreen = {
  kind: "table",
  key: "key-hooks",
  title: "Key hooks",
  singular: "key hook",
  resource: "keys",
  historyType: "key",
  all: true,
  urlPrefix: "hooks_",
  // The hook's own fields from its one definition; the vehicle whose key hangs there is shown, never sent.
  fields: [
    ...fieldsFrom(keyHook),
    { name: "vehicle", label: "Vehicle", kind: "text", readOnly: true, inAdd: false, display: (v) => (v && typeof v === "object" ? String((v as { registration?: string }).registration ?? "") : "") },
  ],
  invalidates: ["vehicles"],
  itemLabel: (r) => String(r.key_number),
};

/** /keys: the key finder (registration and key number, 500 a page) and the hooks. */
export function KeysPage() {
  const list = useListController<KeyRow>({ resource: "vehicles", pageSize: 500, fixed: { keys: true }, errorMessage: "There was an error" });
  const clear = useApiMutation<{ vehicle: number; spare: boolean }, ApiRecord>("PUT", "vehicles/clearkey", { resource: "vehicles", invalidates: ["keys"], errorMessage: "There was an error" });
  return (
    <Page title="Keys">
      <ListSearch list={list} label="Find a key" placeholder="Registration or key number" />
      <Stack gap="xs">
        <ListTable<KeyRow>
          label="Key finder"
          loading={list.isLoading}
          error={list.isError}
          rows={list.results}
          empty="No keys found."
          columns={[
            { key: "registration", header: "Registration", render: (r) => <Link to={`/editvehicle/${r.id}`}>{r.registration}</Link> },
            { key: "fleet_number", header: "Fleet no." },
            { key: "vehicle_status", header: "Status" },
            { key: "key_number", header: "Key", render: (r) => [r.board, r.key_number].filter(Boolean).join(" ") },
            { key: "spare_key_number", header: "Spare key", render: (r) => [r.spare_board, r.spare_key_number].filter(Boolean).join(" ") },
            {
              key: "actions",
              header: "",
              render: (r) => (
                <Group gap={4} wrap="nowrap">
                  {r.key_number && (
                    <Button size="compact-xs" variant="light" color="red" onClick={() => clear.mutate({ vehicle: r.id, spare: false })}>
                      Clear key
                    </Button>
                  )}
                  {r.spare_key_number && (
                    <Button size="compact-xs" variant="light" color="red" onClick={() => clear.mutate({ vehicle: r.id, spare: true })}>
                      Clear spare key
                    </Button>
                  )}
                </Group>
              ),
            },
          ]}
        />
        <ListPager list={list} noun={["key", "keys"]} />
      </Stack>
      <Title order={2} size="h4">
        Key hooks
      </Title>
      <SettingsTable screen={HOOKS} />
    </Page>
  );
}
