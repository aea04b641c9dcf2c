import { Button, Group, Paper, Stack } from "@mantine/core";
import { useState } from "react";
import { useApiMutation, type ApiRecord } from "../platform/api";
import { ListTable, useListController } from "../platform/list";
import { confirmAction } from "../platform/modal";
import { Typeahead } from "../platform/typeahead";

type Contact = ApiRecord & { display_name: string; job_tab?: boolean; company_phone?: string | null; town?: string | null };
const FAILED = "An error occurred!";

/**
 * Workshops shown on the job tab: choose a supplier (search from 2
 * characters), then add; remove takes the flag off again.
 */
export function JobTabWorkshops() {
  const list = useListController<Contact>({ resource: "contacts", all: true, fixed: { job_tab: true }, errorMessage: FAILED });
  const [chosen, setChosen] = useState<Contact | null>(null);
  const [search, setSearch] = useState("");
  // PUT contacts/{id} with the whole contact, job_tab switched (001 §7).
  const put = useApiMutation<Contact, Contact>("PUT", (c) => `contacts/${c.id}`, { resource: "contacts", invalidates: ["suppliers"], errorMessage: FAILED });
  const setFlag = (c: Contact, jobTab: boolean, onDone?: () => void) => put.mutate({ ...c, job_tab: jobTab }, { onSuccess: onDone });

  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" bg="gray.0">
        <Group align="flex-end" gap="sm">
          <div style={{ minWidth: 320 }}>
            <Typeahead<Contact>
              label="Workshop (supplier search)"
              resource="suppliers"
              itemLabel={(c) => c.display_name}
              onSelect={setChosen}
              search={search}
              onSearchChange={setSearch}
              errorMessage={FAILED}
            />
          </div>
          <Button
            disabled={!chosen || chosen.job_tab === true}
            loading={put.isPending}
            onClick={() =>
              chosen &&
              setFlag(chosen, true, () => {
                setChosen(null);
                setSearch("");
              })
            }
          >
            Add workshop
          </Button>
        </Group>
      </Paper>
      <ListTable<Contact>
        label="Job Tab Workshops"
        loading={list.isLoading}
        error={list.isError}
        rows={list.results}
        empty="No workshops are on the job tab yet."
        columns={[
          { key: "display_name", header: "Workshop" },
          { key: "company_phone", header: "Phone", render: (c) => c.company_phone ?? "" },
          { key: "town", header: "Town", render: (c) => c.town ?? "" },
          {
            key: "actions",
            header: "Actions",
            width: 1,
            render: (c) => (
              <Button
                size="compact-xs"
                variant="light"
                color="red"
                onClick={async () => {
                  if (await confirmAction({ title: "Remove workshop", message: `Remove ${c.display_name} from the job tab?`, confirmLabel: "Remove" })) setFlag(c, false);
                }}
              >
                Remove
              </Button>
            ),
          },
        ]}
      />
    </Stack>
  );
}
