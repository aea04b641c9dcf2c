import { Button, Group, Modal, Paper, Stack, Table, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { LOOKUP_MESSAGES, workDuplicateKey } from "../../../core/workshop/lookup-rules";
import { SupplierPicker } from "../contacts/pickers";
import { api, useCreate, useRemove, useUpdate } from "../platform/api";
import { FormWarning, FieldInput, initialValues, useRecordForm, useSaveCycle } from "../platform/form";
import { ListColumnText, ListPager, ListSearch, ListTable, useListController } from "../platform/list";
import { confirmDelete, ModalActions } from "../platform/modal";
import { Page } from "../platform/page";
import { LookupInputs } from "./PartLookupModals";
import { WORK_FIELDS, type WorkLookupRow } from "./fields";

/** 002 §8: a work lookup save that fails. */
export const WORK_SAVE_ERROR = LOOKUP_MESSAGES.workSaveFailed;

/** The fields a Work Stock row edits in place (the supplier is changed on the detail screen). */
const ROW_FIELDS = WORK_FIELDS.filter((f) => f.name !== "supplier");

/**
 * 002 §5: creating work that matches other work on description, labour
 * cost and labour hours warns 'This work already exists!'. The screen asks
 * the list with those column filters before sending (the server refuses it too).
 */
export async function workExists(body: Record<string, unknown>, self?: number): Promise<boolean> {
  const query: Record<string, string> = { page_size: "100" };
  if (typeof body.description === "string" && body.description.trim()) query.description = body.description;
  if (body.labour_cost !== null && body.labour_cost !== undefined) query.labour_cost = String(body.labour_cost);
  if (body.labour_hours !== null && body.labour_hours !== undefined) query.labour_hours = String(body.labour_hours);
  const found = await api<{ results: WorkLookupRow[] }>("GET", "worklookup", { query });
  const key = workDuplicateKey(body);
  return found.results.some((r) => r.id !== self && workDuplicateKey(r) === key);
}

/**
 * Work Stock /workLookup (002 §2): work lookups by description, 25 a page;
 * search; column filters (description, supplier, labour hours, labour
 * cost); New Work + opens a modal; each row edits in place, with View
 * (/detailWorkLookup/{id}) and Delete.
 */
export function WorkStockPage() {
  const list = useListController<WorkLookupRow>({
    resource: "worklookup",
    fixed: { work_lookup_stock: "true" },
    filters: ["description", "supplier", "labour_hours", "labour_cost"],
    errorMessage: "An error occurred",
  });
  const [creating, setCreating] = useState(false);
  const [supplierText, setSupplierText] = useState("");
  return (
    <Page title="Work Lookups" actions={<Button onClick={() => setCreating(true)}>New Work +</Button>}>
      <Paper withBorder p="sm">
        <ListSearch list={list} placeholder="Description" buttons />
      </Paper>
      <Stack gap="xs">
        <ListTable<WorkLookupRow>
          label="Work Stock"
          loading={list.isLoading}
          error={list.isError}
          rows={list.results}
          empty="No work found."
          renderRow={(r) => <WorkRow key={r.id} row={r} />}
          columns={[
            { key: "description", header: <ListColumnText list={list} param="description" title="Description" width={200} /> },
            {
              key: "supplier",
              header: (
                <Stack gap={2}>
                  <Text size="xs" fw={700}>
                    Supplier
                  </Text>
                  <SupplierPicker
                    label=""
                    placeholder="Filter"
                    search={supplierText}
                    onSearchChange={(s) => {
                      setSupplierText(s);
                      if (!s.trim()) list.setFilter("supplier", null);
                    }}
                    onChange={(c) => c && list.setFilter("supplier", String(c.id))}
                  />
                </Stack>
              ),
            },
            { key: "labour_hours", header: <ListColumnText list={list} param="labour_hours" title="Labour hours" width={90} inputMode="decimal" /> },
            { key: "labour_cost", header: <ListColumnText list={list} param="labour_cost" title="Labour cost" width={90} inputMode="decimal" /> },
            { key: "customer_labour_cost", header: "Customer labour cost" },
            { key: "actions", header: "" },
          ]}
        />
        <ListPager list={list} noun={["work lookup", "work lookups"]} />
      </Stack>
      {creating && <NewWorkModal onClose={() => setCreating(false)} />}
    </Page>
  );
}

/** One Work Stock row: its fields edited in place (Save appears once changed), View and Delete. */
function WorkRow({ row }: { row: WorkLookupRow }) {
  const form = useRecordForm(ROW_FIELDS, initialValues(ROW_FIELDS, row));
  const update = useUpdate("worklookup", { path: "worklookup/update", errorMessage: WORK_SAVE_ERROR });
  const remove = useRemove("worklookup", { path: "worklookup/update", errorMessage: WORK_SAVE_ERROR });
  const label = row.description ?? `work ${row.id}`;
  const { run } = useSaveCycle(form);
  const save = () =>
    run(async () => {
      const saved = await update.mutateAsync({ id: row.id, body: { ...form.payload(), last_saved: row.last_saved } });
      form.reset(initialValues(ROW_FIELDS, saved));
    }, { validate: true });
  const del = async () => {
    if (await confirmDelete(`work "${label}"`)) remove.mutate(row.id);
  };
  const cell = (name: string) => {
    const f = ROW_FIELDS.find((x) => x.name === name)!;
    return (
      <Table.Td style={{ verticalAlign: "top" }}>
        <FieldInput field={f} inline value={form.values[name]} onChange={(v) => form.set(name, v)} error={form.errors[name]} />
      </Table.Td>
    );
  };
  return (
    <Table.Tr aria-label={`Work ${label}`}>
      {cell("description")}
      <Table.Td style={{ verticalAlign: "top" }}>{row.supplier?.display_name ?? ""}</Table.Td>
      {cell("labour_hours")}
      {cell("labour_cost")}
      {cell("customer_labour_cost")}
      <Table.Td style={{ whiteSpace: "nowrap", verticalAlign: "top" }}>
        <Group gap={4} wrap="nowrap">
          {form.dirty && (
            <>
              <Button size="compact-xs" onClick={() => void save()} loading={update.isPending}>
                Save
              </Button>
              <Button size="compact-xs" variant="default" onClick={() => form.reset(initialValues(ROW_FIELDS, row))}>
                Cancel
              </Button>
            </>
          )}
          <Button size="compact-xs" variant="light" component={Link} to={`/detailWorkLookup/${row.id}`}>
            View
          </Button>
          <Button size="compact-xs" variant="light" color="red" onClick={() => void del()} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** New Work +: the work lookup's fields; once created, its detail screen opens to add parts. */
function NewWorkModal({ onClose }: { onClose: () => void }) {
  const form = useRecordForm(WORK_FIELDS, initialValues(WORK_FIELDS, null));
  const { warning, run } = useSaveCycle(form);
  const [checking, setChecking] = useState(false);
  const create = useCreate<WorkLookupRow>("worklookup", { errorMessage: WORK_SAVE_ERROR });
  const navigate = useNavigate();
  const [made, setMade] = useState<number | null>(null);
  const exists = async () => {
    setChecking(true);
    try {
      return (await workExists(form.payload())) ? { message: LOOKUP_MESSAGES.workExists, errors: {} } : null;
    } catch {
      return null; // the save answers for itself
    } finally {
      setChecking(false);
    }
  };
  const save = () =>
    run(
      async () => {
        const row = await create.mutateAsync(form.payload());
        form.reset();
        setMade(row.id);
      },
      { validate: true, refusal: exists },
    );
  // Leave once the form is clean, so the unsaved-changes guard lets the screen go.
  useEffect(() => {
    if (made === null || form.dirty) return;
    const t = setTimeout(() => void navigate(`/detailWorkLookup/${made}`), 0);
    return () => clearTimeout(t);
  }, [made, form.dirty, navigate]);
  return (
    <Modal opened onClose={onClose} title="New Work" centered size="lg">
      <Stack gap="sm">
        <FormWarning warning={warning} />
        <LookupInputs fields={WORK_FIELDS} form={form} />
        <ModalActions onCancel={onClose} onSubmit={() => void save()} label="Create" busy={checking || create.isPending} />
      </Stack>
    </Modal>
  );
}
