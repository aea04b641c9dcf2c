import type { NominalCodeRecord } from "../../../core/settings/types";
import { Alert, Anchor, Button, Checkbox, Group, Modal, NativeSelect, Paper, Stack, Switch, Table, Text, TextInput } from "@mantine/core";
import { ModalActions } from "../platform/modal";
import { useState } from "react";
import { Link } from "react-router-dom";
import { approvalRefusal, dueRangeRefusal, partApprovalCheck } from "../../../core/workshop/part-rules";
import { SupplierPicker } from "../contacts/pickers";
import { ApiError, api, useList } from "../platform/api";
import { FormWarning, DateField, NO_FORM, useSaveCycle } from "../platform/form";
import { blank, formatDate, formatMoney } from "../platform/format";
import { ListDepartmentFilter, ListPager, ListSearch, ListTable, ListTabs, useListController, type Column } from "../platform/list";
import { Page } from "../platform/page";
import { toastSuccess, toastWarning } from "../platform/toast";
import { parentLink, usePartsSave, type PartRow, type PartsAnswer } from "./api";
import { PartLookupModal } from "./PartLookupModals";
import { PrintPartsSheet } from "./PrintPartsSheet";
import { personName } from "../../../core/platform/people";

const VIEWS = [
  { value: "current", label: "Current" },
  { value: "to_be_ordered", label: "To Be Ordered" },
  { value: "approved", label: "Approved" },
  { value: "stock", label: "Stock" },
  { value: "backorder", label: "Backorder" },
];

type Nominal = NominalCodeRecord;

/**
 * /parts (002 §2 Parts Expenses): views Current (default), To Be Ordered,
 * Approved, Stock, Backorder; department; search; show only parts with an
 * invoice number; date-ordered range; the total parts cost banner; rows
 * with their P/J/Q id opening the parent, edited inline; select and select
 * all; Select Filtered by due dates; Edit Selected; Print Selected; the
 * approve modal of a supplier invoice (003 §5 "Part approval"); Create
 * New Part Lookup (Part Stock's form: PartLookupModals.tsx).
 */
export function PartsExpensesPage() {
  const list = useListController<PartRow>({ resource: "parts", filters: ["view", "department", "invoice_number", "startDate", "endDate"], tabs: ["view"], errorMessage: "There was an error" });
  const nominals = useList<Nominal>("nominal", { page_size: 1000 });
  const nominalList = nominals.data?.results ?? [];
  const f = list.filters;
  const [selected, setSelected] = useState<Map<number, PartRow>>(new Map());
  const [printing, setPrinting] = useState(false);
  const [editing, setEditing] = useState<PartRow | null>(null);
  const [bulk, setBulk] = useState(false);
  const [approving, setApproving] = useState<PartRow | null>(null);
  const [newLookup, setNewLookup] = useState(false);
  const [due, setDue] = useState({ start: "", end: "" });
  const approved = f.view === "approved";

  if (printing) return <PrintPartsSheet rows={[...selected.values()]} onBack={() => setPrinting(false)} />;

  const select = (rows: PartRow[], on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const r of rows) {
        if (on) next.set(r.id, r);
        else next.delete(r.id);
      }
      return next;
    });
  const allOnPage = list.results.length > 0 && list.results.every((r) => selected.has(r.id));
  const selectFiltered = async () => {
    const refused = dueRangeRefusal(due.start, due.end);
    if (refused) return toastWarning(refused);
    const res = await api<PartsAnswer>("GET", "parts", { query: { view: f.view, department: f.department, due_start: due.start, due_end: due.end, page_size: 1000 } });
    select(res.results, true);
    toastSuccess(`${res.count} part${res.count === 1 ? "" : "s"} selected`);
  };

  const columns: Column<PartRow>[] = [
    { key: "select", header: <Checkbox size="xs" aria-label="Select all" checked={allOnPage} onChange={(e) => select(list.results, e.currentTarget.checked)} />, width: 32 },
    { key: "row_id", header: "Id" },
    { key: "name", header: "Name" },
    { key: "part_number", header: "Part Number" },
    { key: "supplier", header: "Supplier" },
    { key: "invoice", header: "Invoice No" },
    { key: "invoice_date", header: "Invoice Date" },
    { key: "date_ordered", header: "Date Ordered" },
    { key: "due", header: "Due" },
    { key: "cost", header: "Cost" },
    { key: "nominal", header: "Nominal Code" },
    { key: "approved", header: "Approved" },
    { key: "actions", header: "" },
  ];
  const nominalName = (id: number | null) => nominalList.find((n) => n.id === id)?.code ?? "";

  return (
    <Page
      title="Parts Expenses"
      actions={
        <Group gap="xs">
          <Button variant="default" disabled={!selected.size} onClick={() => setBulk(true)}>
            Edit Selected{selected.size ? ` (${selected.size})` : ""}
          </Button>
          <Button variant="default" disabled={!selected.size} onClick={() => setPrinting(true)}>
            Print Selected
          </Button>
          {/* 002 §2: a part lookup (Part Stock) created from Parts Expenses as well, through the same form and duplicate check. */}
          <Button onClick={() => setNewLookup(true)}>Create New Part Lookup</Button>
        </Group>
      }
    >
      <Paper withBorder p="sm">
        <Group align="flex-end" gap="md" wrap="wrap">
          <ListTabs list={list} param="view" label="Parts view" tabs={VIEWS} />
          <ListDepartmentFilter list={list} />
          <ListSearch list={list} placeholder="Name, part number, invoice number" />
          <Switch label="Show only invoice numbers" checked={f.invoice_number === "true"} onChange={(e) => list.setFilter("invoice_number", e.currentTarget.checked ? "true" : null)} />
          <DateField label="Ordered from" size="xs" w={140} value={f.startDate ?? ""} onChange={(v) => list.setFilter("startDate", v || null)} />
          <DateField label="Ordered to" size="xs" w={140} value={f.endDate ?? ""} onChange={(v) => list.setFilter("endDate", v || null)} />
        </Group>
        <Group align="flex-end" gap="md" mt="xs">
          <DateField label="Due date start" size="xs" w={140} value={due.start} onChange={(v) => setDue((d) => ({ ...d, start: v }))} />
          <DateField label="Due date end" size="xs" w={140} value={due.end} onChange={(v) => setDue((d) => ({ ...d, end: v }))} />
          <Button size="xs" variant="default" onClick={() => void selectFiltered()}>
            Select Filtered Parts
          </Button>
          {selected.size ? (
            <Button size="xs" variant="subtle" onClick={() => setSelected(new Map())}>
              Clear selection
            </Button>
          ) : null}
        </Group>
      </Paper>
      <Paper withBorder p="xs" bg="gray.0" aria-label="Parts total">
        <Text size="sm">
          Total parts cost: <strong data-testid="parts-total">{formatMoney(list.answer?.total_cost ?? 0)}</strong>
        </Text>
      </Paper>
      <Stack gap="xs">
        <ListTable<PartRow>
          label="Parts"
          loading={list.isLoading}
          error={list.isError}
          rows={list.results}
          empty="No parts."
          columns={columns}
          renderRow={(p) =>
            editing?.id === p.id ? (
              <InlineEditRow key={p.id} part={editing} nominals={nominalList} onDone={() => setEditing(null)} />
            ) : (
              <Table.Tr key={p.id} aria-label={`Part ${p.id}`}>
                <Table.Td>
                  <Checkbox size="xs" aria-label={`Select part ${p.id}`} checked={selected.has(p.id)} onChange={(e) => select([p], e.currentTarget.checked)} />
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={parentLink(p)}>
                    {p.row_id}
                  </Anchor>
                </Table.Td>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>{p.part_number}</Table.Td>
                <Table.Td>{p.supplier?.display_name}</Table.Td>
                <Table.Td>{p.part_invoice_number}</Table.Td>
                <Table.Td>{formatDate(p.invoice_date)}</Table.Td>
                <Table.Td>{formatDate(p.date_ordered)}</Table.Td>
                <Table.Td>{formatDate(p.due_date)}</Table.Td>
                <Table.Td>{formatMoney(p.cost ?? 0)}</Table.Td>
                <Table.Td>{nominalName(p.supplier_nominal_code)}</Table.Td>
                <Table.Td>{p.approved ? personName(p.approver) || "Yes" : ""}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-xs" variant="default" onClick={() => setEditing(p)}>
                      Edit
                    </Button>
                    {!approved && !p.approved && p.part_invoice_number && p.supplier ? (
                      <Button size="compact-xs" onClick={() => setApproving(p)}>
                        Approve
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            )
          }
        />
        <ListPager list={list} noun={["part", "parts"]} />
      </Stack>
      {bulk ? (
        <EditSelectedModal
          rows={[...selected.values()]}
          onClose={() => setBulk(false)}
          onSaved={(rows) => {
            setBulk(false);
            select(rows, true);
          }}
        />
      ) : null}
      {approving ? <ApproveInvoiceModal part={approving} nominals={nominalList} onClose={() => setApproving(null)} /> : null}
      {newLookup ? <PartLookupModal row={null} title="Create New Part Lookup" onClose={() => setNewLookup(false)} /> : null}
    </Page>
  );
}

/** One row edited in place: invoice number and date, date ordered, cost, nominal code (locked once approved); saved through PUT parts/update. */
function InlineEditRow({ part, nominals, onDone }: { part: PartRow; nominals: Nominal[]; onDone: () => void }) {
  const [v, setV] = useState({
    part_invoice_number: part.part_invoice_number ?? "",
    invoice_date: part.invoice_date ?? "",
    date_ordered: part.date_ordered ?? "",
    cost: part.cost === null || part.cost === undefined ? "" : String(part.cost),
    supplier_nominal_code: part.supplier_nominal_code ? String(part.supplier_nominal_code) : "",
  });
  const save = usePartsSave("There was an error");
  const submit = async () => {
    const body: Record<string, unknown> = {
      id: part.id,
      last_saved: part.last_saved,
      part_invoice_number: v.part_invoice_number || null,
      invoice_date: v.invoice_date || null,
      date_ordered: v.date_ordered || null,
      cost: v.cost === "" ? null : v.cost,
    };
    if (!part.approved) body.supplier_nominal_code = v.supplier_nominal_code ? Number(v.supplier_nominal_code) : null;
    try {
      await save.mutateAsync([body]);
      toastSuccess();
      onDone();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  };
  return (
    <Table.Tr aria-label={`Editing part ${part.id}`}>
      <Table.Td />
      <Table.Td>{part.row_id}</Table.Td>
      <Table.Td>{part.name}</Table.Td>
      <Table.Td>{part.part_number}</Table.Td>
      <Table.Td>{part.supplier?.display_name}</Table.Td>
      <Table.Td>
        <TextInput size="xs" aria-label="Invoice No" value={v.part_invoice_number} onChange={(e) => setV({ ...v, part_invoice_number: e.currentTarget.value })} />
      </Table.Td>
      <Table.Td>
        <DateField size="xs" aria-label="Invoice Date" value={v.invoice_date} onChange={(d) => setV({ ...v, invoice_date: d })} />
      </Table.Td>
      <Table.Td>
        <DateField size="xs" aria-label="Date Ordered" value={v.date_ordered} onChange={(d) => setV({ ...v, date_ordered: d })} />
      </Table.Td>
      <Table.Td>{formatDate(part.due_date)}</Table.Td>
      <Table.Td>
        <TextInput size="xs" w={80} aria-label="Cost" inputMode="decimal" value={v.cost} onChange={(e) => setV({ ...v, cost: e.currentTarget.value })} />
      </Table.Td>
      <Table.Td>
        <NativeSelect
          size="xs"
          aria-label="Nominal Code"
          disabled={!!part.approved}
          value={v.supplier_nominal_code}
          onChange={(e) => setV({ ...v, supplier_nominal_code: e.currentTarget.value })}
          data={[{ value: "", label: "" }, ...nominals.map((n) => ({ value: String(n.id), label: `${n.code} ${n.name ?? ""}` }))]}
        />
      </Table.Td>
      <Table.Td />
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" onClick={() => void submit()} loading={save.isPending}>
            Save
          </Button>
          <Button size="compact-xs" variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Edit Selected (002 §2): invoice date, date ordered, invoice number and supplier set on every selected part at once. */
function EditSelectedModal({ rows, onClose, onSaved }: { rows: PartRow[]; onClose: () => void; onSaved: (rows: PartRow[]) => void }) {
  const [v, setV] = useState({ invoice_date: "", date_ordered: "", part_invoice_number: "" });
  const [supplier, setSupplier] = useState<{ id: number; name: string } | null>(null);
  const [supplierText, setSupplierText] = useState("");
  const { warning, run } = useSaveCycle(NO_FORM);
  const save = usePartsSave("There was an error");
  const values = (): Record<string, unknown> => ({ ...Object.fromEntries(Object.entries(v).filter(([, x]) => !blank(x))), ...(supplier ? { supplier: supplier.id } : {}) });
  const submit = () =>
    run(
      async () => {
        const res = await save.mutateAsync(rows.map((r) => ({ id: r.id, last_saved: r.last_saved, ...values() })));
        toastSuccess();
        onSaved(res.results);
      },
      { refusal: () => (Object.keys(values()).length ? null : { message: "Enter at least one value to set on the selected parts", errors: {} }) },
    );
  return (
    <Modal opened onClose={onClose} title={`Edit Selected (${rows.length} part${rows.length === 1 ? "" : "s"})`} centered>
      <Stack gap="sm">
        <FormWarning warning={warning} />
        <DateField label="Invoice Date" value={v.invoice_date} onChange={(d) => setV({ ...v, invoice_date: d })} />
        <DateField label="Date Ordered" value={v.date_ordered} onChange={(d) => setV({ ...v, date_ordered: d })} />
        <TextInput label="Invoice Number" value={v.part_invoice_number} onChange={(e) => setV({ ...v, part_invoice_number: e.currentTarget.value })} />
        <SupplierPicker
          label="Supplier"
          search={supplierText}
          onSearchChange={(s) => {
            setSupplierText(s);
            if (!s) setSupplier(null);
          }}
          onChange={(c) => {
            setSupplier(c ? { id: c.id, name: c.display_name } : null);
            if (c) setSupplierText(c.display_name);
          }}
        />
        <ModalActions onCancel={onClose} onSubmit={() => void submit()} label="Save Selected" busy={save.isPending} />
      </Stack>
    </Modal>
  );
}

/**
 * The approve modal of one supplier invoice (002 §2, 003 §5): every part
 * of the invoice (GET parts?inv_num=&supplier=) with its nominal code and
 * VAT; each part is checked with the server's rules before sending, and
 * any failure is 'Cannot approve parts' with nothing sent. The VAT check
 * only warns.
 */
function ApproveInvoiceModal({ part, nominals, onClose }: { part: PartRow; nominals: Nominal[]; onClose: () => void }) {
  const invoice = useList<PartRow>("parts", { inv_num: part.part_invoice_number, supplier: part.supplier?.id, page_size: 1000 }, { errorMessage: "An error occurred" });
  const [codes, setCodes] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { warning, run } = useSaveCycle({ refuse: setErrors, validate: () => true });
  const save = usePartsSave();
  const rows = (invoice.data?.results ?? []).filter((r) => !r.approved);
  const codeOf = (r: PartRow) => codes[r.id] ?? (r.supplier_nominal_code ? String(r.supplier_nominal_code) : "");
  const sent = () => rows.map((r) => ({ ...r, supplier_nominal_code: codeOf(r) ? Number(codeOf(r)) : null }));
  const approve = () =>
    run(
      async () => {
        const res = await save.mutateAsync(sent().map((r) => ({ id: r.id, last_saved: r.last_saved, supplier_nominal_code: r.supplier_nominal_code, approved: true })));
        for (const w of res.warnings ?? []) toastWarning(w.message);
        toastSuccess(`${res.count} part${res.count === 1 ? "" : "s"} approved`);
        onClose();
      },
      { refusal: () => approvalRefusal(sent().map((r) => partApprovalCheck(r, r.supplier, nominals.find((n) => n.id === r.supplier_nominal_code)))) },
    );
  return (
    <Modal opened onClose={onClose} title={`Approve invoice ${part.part_invoice_number} (${part.supplier?.display_name ?? ""})`} centered size="xl">
      <Stack gap="sm">
        {warning ? (
          <Alert color="yellow" title={warning} role="alert">
            {[...new Set(Object.values(errors))].join(" ")}
          </Alert>
        ) : null}
        <Table withTableBorder fz="sm" aria-label="Invoice parts">
          <Table.Thead>
            <Table.Tr>
              {["Id", "Name", "Invoice Date", "VAT", "Cost", "Nominal Code"].map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.row_id}</Table.Td>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td>{formatDate(r.invoice_date)}</Table.Td>
                <Table.Td>{r.cost_vat ?? ""}</Table.Td>
                <Table.Td>{formatMoney(r.cost ?? 0)}</Table.Td>
                <Table.Td>
                  <NativeSelect
                    size="xs"
                    aria-label={`Nominal code of ${r.name ?? r.id}`}
                    error={errors[`${i}.supplier_nominal_code`]}
                    value={codeOf(r)}
                    onChange={(e) => setCodes({ ...codes, [r.id]: e.currentTarget.value })}
                    data={[{ value: "", label: "" }, ...nominals.map((n) => ({ value: String(n.id), label: `${n.code} ${n.name ?? ""}` }))]}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <ModalActions onCancel={onClose} onSubmit={() => void approve()} label="Approve Parts" busy={save.isPending} disabled={!rows.length} />
      </Stack>
    </Modal>
  );
}

