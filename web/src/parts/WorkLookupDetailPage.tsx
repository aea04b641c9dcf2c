import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { ModalActions } from "../platform/modal";
import { useState } from "react";
import { useParams } from "react-router-dom";
import { LOOKUP_MESSAGES, newPartMissing } from "../../../core/workshop/lookup-rules";
import { Loading } from "../platform/Loading";
import { useOne } from "../platform/api";
import { FormWarning, initialValues, useRecordEditor, useRecordForm, type ChildRow, type FormErrors } from "../platform/form";
import { formatMoney } from "../platform/format";
import { Page } from "../platform/page";
import { LookupInputs } from "./PartLookupModals";
import { PartsSelector } from "../workshop/selectors";
import { WORK_SAVE_ERROR } from "./WorkStockPage";
import { NEW_PART_FIELDS, WORK_FIELDS, type PartLookupRow, type WorkLookupRow } from "./fields";

const PARTS = "part_work_lookup";

/** /detailWorkLookup/{id}: one work lookup; without an id, a new one. A load failure throws (002 §8), so the page's error boundary shows it. */
export function WorkLookupDetailPage() {
  const { workLookup } = useParams();
  const id = workLookup && /^\d+$/.test(workLookup) ? Number(workLookup) : null;
  const q = useOne<WorkLookupRow>("worklookup", id, { path: "worklookup/update" });
  if (id !== null && q.isError) throw q.error;
  if (id !== null && !q.data) return <Loading />;
  return <WorkLookupEditor key={id ?? "new"} record={id !== null ? (q.data ?? null) : null} />;
}

/** Rows of the parts table: saved links and linked part lookups carry an id; a new part has none until saved. */
type PartRow = Partial<PartLookupRow>;

/**
 * Work lookup detail (002 §2): supplier, description, labour hours,
 * labour cost, customer labour cost, the parts table, Add Part (a new
 * part: every field required, 'All fields are required'), Search Parts
 * (an existing part lookup), Save (the fields and the whole parts list).
 */
function WorkLookupEditor({ record }: { record: WorkLookupRow | null }) {
  const editor = useRecordEditor({
    resource: "worklookup",
    itemPath: "worklookup/update",
    editRoute: "/detailWorkLookup",
    afterDelete: "/workLookup",
    fields: WORK_FIELDS,
    record: record,
    lines: [PARTS],
    what: "this work",
    errorMessage: WORK_SAVE_ERROR,
    // The server's rule, checked before sending: a new part needs all its fields.
    checkBody: (body) => {
      const rows = (body[PARTS] as PartRow[] | undefined) ?? [];
      const errors: FormErrors = {};
      rows.forEach((r, i) => {
        if (!r.id) for (const f of newPartMissing(r)) errors[`${PARTS}.${i}.${f}`] = LOOKUP_MESSAGES.allFieldsRequired;
      });
      return Object.keys(errors).length ? { message: LOOKUP_MESSAGES.allFieldsRequired, errors } : null;
    },
  });
  const [adding, setAdding] = useState(false);
  const [searching, setSearching] = useState(false);
  const rows = editor.lines.get(PARTS) as PartRow[];
  const setRows = (next: PartRow[]) => editor.lines.set(PARTS, next as ChildRow[]);

  return (
    <Page
      title={record ? `Work Lookup: ${record.description ?? record.id}` : "New Work Lookup"}
      actions={
        <Button onClick={() => void editor.save()} loading={editor.saving}>
          Save
        </Button>
      }
    >
      <form ref={editor.form.formRef} onSubmit={(e) => void editor.save(e)}>
        <Stack gap="md">
          <FormWarning warning={editor.warning} />
          <Paper withBorder p="md">
            <LookupInputs fields={WORK_FIELDS} form={editor.form} supplierName={record?.supplier?.display_name ?? ""} cols={3} />
          </Paper>
          <Paper withBorder p="md">
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h4">
                Parts
              </Title>
              <Group gap="xs">
                <Button size="xs" variant="light" onClick={() => setAdding(true)}>
                  Add Part
                </Button>
                <Button size="xs" variant="light" onClick={() => setSearching(true)}>
                  Search Parts
                </Button>
              </Group>
            </Group>
            <Table striped withTableBorder fz="sm" aria-label="Parts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Part number</Table.Th>
                  <Table.Th>Supplier</Table.Th>
                  <Table.Th>Cost</Table.Th>
                  <Table.Th>Customer cost</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <Text size="sm" c="dimmed">
                        No parts on this work.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  rows.map((r, i) => (
                    <Table.Tr key={r.id ?? `new-${i}`}>
                      <Table.Td>
                        {r.name}
                        {!r.id && (
                          <Badge ml={6} size="xs" variant="light">
                            new
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>{r.part_number}</Table.Td>
                      <Table.Td>{r.supplier?.display_name ?? ""}</Table.Td>
                      <Table.Td>{formatMoney(r.cost)}</Table.Td>
                      <Table.Td>{formatMoney(r.customer_cost)}</Table.Td>
                      <Table.Td>
                        <Button size="compact-xs" variant="light" color="red" aria-label={`Remove ${r.name ?? ""}`} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                          Remove
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Paper>
        </Stack>
      </form>
      {adding && (
        <AddPartModal
          onClose={() => setAdding(false)}
          onAdd={(p) => {
            setRows([...rows, p]);
            setAdding(false);
          }}
        />
      )}
      <PartsSelector
        opened={searching}
        chosen={rows.map((r) => r.id).filter((x): x is number => typeof x === "number")}
        onClose={() => setSearching(false)}
        onSelect={(p) => setRows([...rows, p as unknown as PartLookupRow])}
      />
    </Page>
  );
}

/** Add Part: a new part for this work (a new part lookup once the work is saved); every field is required. */
function AddPartModal({ onClose, onAdd }: { onClose: () => void; onAdd: (p: PartRow) => void }) {
  const [supplierName, setSupplierName] = useState("");
  const form = useRecordForm(NEW_PART_FIELDS, initialValues(NEW_PART_FIELDS, null), {
    guard: false,
    validate: (values) => Object.fromEntries(newPartMissing(values).map((f) => [f, LOOKUP_MESSAGES.allFieldsRequired])),
  });
  const [warning, setWarning] = useState<string | null>(null);
  const add = async () => {
    setWarning(null);
    if (!form.validate()) {
      setWarning(LOOKUP_MESSAGES.allFieldsRequired);
      return;
    }
    const body = form.payload() as Pick<PartLookupRow, "name" | "part_number" | "cost" | "customer_cost"> & { supplier: number };
    onAdd({ name: body.name, part_number: body.part_number, cost: body.cost, customer_cost: body.customer_cost, supplier: { id: body.supplier, display_name: supplierName } });
  };
  return (
    <Modal opened onClose={onClose} title="Add Part" centered size="lg">
      <Stack gap="sm">
        <FormWarning warning={warning} />
        <LookupInputs fields={NEW_PART_FIELDS} form={form} onSupplier={(c) => setSupplierName(c?.display_name ?? "")} />
        <ModalActions onCancel={onClose} onSubmit={() => void add()} label="Add" />
      </Stack>
    </Modal>
  );
}
