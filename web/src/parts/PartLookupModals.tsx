import { Alert, Button, Group, Modal, SimpleGrid, Stack } from "@mantine/core";
import { useState } from "react";
import { LOOKUP_MESSAGES, partDuplicateKey } from "../../../core/workshop/lookup-rules";
import { ContactRefInput } from "../contacts/pickers";
import { api, useApiMutation, useCreate, useRemove, useUpdate } from "../platform/api";
import { FormWarning, FieldInput, initialValues, useRecordForm, useSaveCycle, type FieldDef } from "../platform/form";
import { blank } from "../platform/format";
import { confirmDelete, ModalActions } from "../platform/modal";
import { BULK_FIELDS, PART_FIELDS, type PartLookupRow } from "./fields";

const ERROR = "There was an error";

/** The inputs of a lookup form, the supplier through the supplier typeahead. */
export function LookupInputs({
  fields,
  form,
  supplierName,
  cols = 2,
  onSupplier,
}: {
  fields: FieldDef[];
  form: ReturnType<typeof useRecordForm>;
  supplierName?: string;
  cols?: number;
  onSupplier?: (s: { id: number; display_name: string } | null) => void;
}) {
  return (
    <SimpleGrid cols={cols} spacing="sm">
      {fields.map((f) =>
        f.name === "supplier" ? (
          <Stack key={f.name} gap={2}>
            <ContactRefInput label="Supplier" kind="SP" initialName={supplierName ?? ""} value={form.values.supplier} onChange={(id) => form.set("supplier", id === "" ? "" : String(id))} onContact={onSupplier} />
            {form.errors.supplier && (
              <Alert color="red" p={4} role="alert">
                {form.errors.supplier}
              </Alert>
            )}
          </Stack>
        ) : (
          <FieldInput key={f.name} field={f} value={form.values[f.name]} onChange={(v) => form.set(f.name, v)} error={form.errors[f.name]} />
        ),
      )}
    </SimpleGrid>
  );
}

/**
 * 002 §5: a part lookup matching another on name, part number, make, model
 * and vehicle type is refused with 'This part already exists!'. The screen
 * asks the list with those column filters before sending (the server
 * refuses it too).
 */
async function alreadyExists(body: Record<string, unknown>, self?: number): Promise<boolean> {
  const query: Record<string, string> = { page_size: "100" };
  for (const f of ["name", "part_number", "make", "model", "vehicle_type"]) if (typeof body[f] === "string" && (body[f]).trim()) query[f] = body[f];
  const found = await api<{ results: PartLookupRow[] }>("GET", "partlookup", { query });
  const key = partDuplicateKey(body);
  return found.results.some((r) => r.id !== self && partDuplicateKey(r) === key);
}

/** New Part + and a row's Edit on Part Stock, and Parts Expenses' Create New Part Lookup: every field of the lookup; Delete on a saved one. */
export function PartLookupModal({ row, onClose, title }: { row: PartLookupRow | null; onClose: () => void; title?: string }) {
  const form = useRecordForm(PART_FIELDS, initialValues(PART_FIELDS, row));
  const { warning, run } = useSaveCycle(form);
  const create = useCreate("partlookup", { errorMessage: ERROR });
  const update = useUpdate("partlookup", { path: "partlookup/update", errorMessage: ERROR });
  const remove = useRemove("partlookup", { path: "partlookup/update", errorMessage: ERROR });
  const [checking, setChecking] = useState(false);

  const exists = async () => {
    setChecking(true);
    try {
      return (await alreadyExists(form.payload(), row?.id)) ? { message: LOOKUP_MESSAGES.partExists, errors: {} } : null;
    } catch {
      return null; // the save answers for itself
    } finally {
      setChecking(false);
    }
  };
  const save = () =>
    run(
      async () => {
        const body = form.payload();
        if (row) await update.mutateAsync({ id: row.id, body: { ...body, last_saved: row.last_saved } });
        else await create.mutateAsync(body);
        form.reset();
        onClose();
      },
      { validate: true, refusal: exists },
    );
  const del = async () => {
    if (!row || !(await confirmDelete(`part "${row.name ?? ""}"`))) return;
    try {
      await remove.mutateAsync(row.id);
      form.reset();
      onClose();
    } catch {
      /* the query client has shown the message */
    }
  };

  return (
    <Modal opened onClose={onClose} title={title ?? (row ? "Edit Part" : "New Part")} centered size="lg">
      <Stack gap="sm">
        <FormWarning warning={warning} />
        <LookupInputs fields={PART_FIELDS} form={form} supplierName={row?.supplier?.display_name ?? ""} />
        <Group justify="space-between">
          {row ? (
            <Button color="red" variant="light" onClick={() => void del()} loading={remove.isPending}>
              Delete
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void save()} loading={checking || create.isPending || update.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Part Stock's Edit Selected: the values filled in are set on every
 * selected lookup (PUT partlookups, checked whole before any is written);
 * fields left blank keep each lookup's own value.
 */
export function EditSelectedModal({ rows, onClose, onSaved }: { rows: PartLookupRow[]; onClose: () => void; onSaved: () => void }) {
  const form = useRecordForm(BULK_FIELDS, initialValues(BULK_FIELDS, null));
  const { warning, run } = useSaveCycle(form);
  const save = useApiMutation<Array<Record<string, unknown>>>("PUT", "partlookups", { resource: "partlookup", errorMessage: ERROR });
  const values = () => Object.fromEntries(Object.entries(form.payload()).filter(([, v]) => !blank(v)));
  const submit = () =>
    run(
      async () => {
        await save.mutateAsync(rows.map((r) => ({ id: r.id, last_saved: r.last_saved, ...values() })));
        form.reset();
        onSaved();
      },
      { validate: true, refusal: () => (Object.keys(values()).length === 0 ? { message: "Enter at least one value to set on the selected parts", errors: {} } : null) },
    );
  return (
    <Modal opened onClose={onClose} title={`Edit Selected (${rows.length} part${rows.length === 1 ? "" : "s"})`} centered size="lg">
      <Stack gap="sm">
        <FormWarning warning={warning} />
        <LookupInputs fields={BULK_FIELDS} form={form} />
        <ModalActions onCancel={onClose} onSubmit={() => void submit()} label="Save Selected" busy={save.isPending} />
      </Stack>
    </Modal>
  );
}
