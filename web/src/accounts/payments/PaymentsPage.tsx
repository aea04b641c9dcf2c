import type { DepartmentRecord } from "../../../../core/settings/types";
import { Button, Checkbox, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { PAYMENT_MESSAGES, PAYMENT_TYPES, payment } from "../../../../core/accounts/payment-definitions";
import type { BlankOf, SpecsOf } from "../../../../core/platform/definition";
import type { PaymentRecord } from "../../../../core/accounts/types";
import { dueBoundsResult, paymentColour, paymentRowResult, type PaymentColour } from "../../../../core/accounts/payment-rules";
import { ContactPicker } from "../../contacts/pickers";
import { api, useApiMutation, useList, type ApiRecord } from "../../platform/api";
import { DateField, NumberField } from "../../platform/form";
import { formatDate, formatMoney, todayIso } from "../../platform/format";
import { ListDepartmentFilter, ListPager, ListTable, ListTabs, useListController } from "../../platform/list";
import { confirmDelete } from "../../platform/modal";
import { Page } from "../../platform/page";
import { toastError, toastWarning } from "../../platform/toast";

type Named = { id: number; name?: string | null; display_name?: string | null } | null;
/** A payment as GET payments answers it: its fields from the definition (core/accounts/types.ts), references in brief, its state beside them. */
export type PaymentRow = ApiRecord &
  PaymentRecord<{ contact: Named; department: Named; cost_centre: Named }> & {
    state: "PAID" | "UNPAID";
  };

/** 003 §2 row colours: overdue, due within 7 days, otherwise green. */
export const ROW_COLOURS: Record<PaymentColour, string> = {
  overdue: "var(--mantine-color-red-1)",
  due: "var(--mantine-color-yellow-1)",
  green: "var(--mantine-color-green-1)",
};

const VIEWS = [
  { value: "unpaid", label: "Unpaid" },
  { value: "paid", label: "Paid" },
  { value: "all", label: "All" },
];

const ERROR = "There was an error";

/**
 * /payments, "Sale Payments" on the links page (003 §2 Payments; A5): the view switch (unpaid by default, paid,
 * all), the department filter, rows coloured by due date, Select Filtered by
 * due dates with Mark Paid on the selected rows, and the bulk new payments.
 */
export function PaymentsPage() {
  const list = useListController<PaymentRow>({ resource: "payments", filters: ["view", "department", "start", "end"], tabs: ["view"], errorMessage: ERROR });
  const departments = useList<DepartmentRecord>("departments", { page_size: 1000 }, { errorMessage: ERROR });
  const [start, setStart] = useState(list.filters.start ?? "");
  const [end, setEnd] = useState(list.filters.end ?? "");
  const [selected, setSelected] = useState<Map<number, PaymentRow>>(new Map());
  const [busy, setBusy] = useState(false);
  // The body carries the id for the path; the server takes it as the answer-only field it is.
  const save = useApiMutation<{ id: number; last_saved: string | null; date_paid: string }, PaymentRow>("PUT", (b) => `payment/${b.id}`, { resource: "payments", errorMessage: PAYMENT_MESSAGES.saveFailed });
  const remove = useApiMutation<{ id: number }>("DELETE", (b) => `payment/${b.id}`, { resource: "payments", errorMessage: PAYMENT_MESSAGES.deleteFailed });
  const today = todayIso();

  const toggle = (r: PaymentRow, on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (on) next.set(r.id, r);
      else next.delete(r.id);
      return next;
    });

  /** Select Filtered (003 §5): both due-date bounds, then every unpaid payment due in them is shown and selected. */
  async function selectFiltered() {
    const refused = dueBoundsResult(start, end);
    if (refused) return toastWarning(refused.message);
    list.setFilters({ view: null, start, end });
    setBusy(true);
    try {
      const page = await api<{ count: number; results: PaymentRow[] }>("GET", "payments", { query: { view: "unpaid", department: list.filters.department, start, end, page_size: 1000 } });
      setSelected(new Map(page.results.map((r) => [r.id, r])));
    } catch {
      toastError(ERROR);
    } finally {
      setBusy(false);
    }
  }

  function clearDueDates() {
    setStart("");
    setEnd("");
    setSelected(new Map());
    list.setFilters({ start: null, end: null });
  }

  /** Mark Paid: each selected unpaid payment gets today's paid date (one PUT each, with its own last_saved). */
  async function markPaid(rows: PaymentRow[]) {
    setBusy(true);
    try {
      for (const r of rows.filter((x) => x.state === "UNPAID")) {
        await save.mutateAsync({ id: r.id, last_saved: r.last_saved, date_paid: today });
        toggle(r, false);
      }
    } catch {
      // The failed call's toast has said why; the rows not yet marked stay selected.
    } finally {
      setBusy(false);
    }
  }

  const selectedRows = [...selected.values()];
  return (
    <Page title="Sale Payments">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <ListTabs list={list} param="view" label="Payments view" tabs={VIEWS} resets={() => ["start", "end"]} />
        <ListDepartmentFilter list={list} errorMessage={ERROR} />
        <DateField label="Due date start" size="xs" w={140} value={start} onChange={setStart} />
        <DateField label="Due date end" size="xs" w={140} value={end} onChange={setEnd} />
        <Button size="xs" variant="light" onClick={() => void selectFiltered()} loading={busy}>
          Select Filtered
        </Button>
        {(list.filters.start || list.filters.end) && (
          <Button size="xs" variant="default" onClick={clearDueDates}>
            Clear due dates
          </Button>
        )}
      </Group>
      <Group gap="sm">
        <Text size="sm">{selected.size} selected</Text>
        <Button size="xs" disabled={!selectedRows.some((r) => r.state === "UNPAID")} loading={busy} onClick={() => void markPaid(selectedRows)}>
          Mark Selected Paid
        </Button>
        {selected.size > 0 && (
          <Button size="xs" variant="default" onClick={() => setSelected(new Map())}>
            Clear selection
          </Button>
        )}
      </Group>
      <Stack gap="xs">
        <ListTable<PaymentRow>
          label="Payments"
          loading={list.isLoading}
          error={list.isError}
          rows={list.results}
          empty="No payments found."
          columns={[
            { key: "select", header: "", width: 32 },
            { key: "contact", header: "Contact" },
            { key: "department", header: "Department" },
            { key: "invoice_number", header: "Invoice no." },
            { key: "payment_date", header: "Payment date" },
            { key: "amount", header: "Amount" },
            { key: "payment_type", header: "Type" },
            { key: "cost_centre", header: "Cost centre" },
            { key: "date_paid", header: "Date paid" },
            { key: "comments", header: "Comments" },
            { key: "actions", header: "" },
          ]}
          renderRow={(r) => (
            <Table.Tr key={r.id} data-colour={paymentColour(r, today)} style={{ backgroundColor: ROW_COLOURS[paymentColour(r, today)] }}>
              <Table.Td>
                <Checkbox aria-label={`Select payment ${r.id}`} checked={selected.has(r.id)} onChange={(e) => toggle(r, e.currentTarget.checked)} />
              </Table.Td>
              <Table.Td>{r.contact ? <Link to={`/editcontact/${r.contact.id}`}>{r.contact.display_name}</Link> : ""}</Table.Td>
              <Table.Td>{r.department?.name ?? ""}</Table.Td>
              <Table.Td>{r.invoice_number ?? ""}</Table.Td>
              <Table.Td>{formatDate(r.payment_date)}</Table.Td>
              <Table.Td>
                {formatMoney(r.amount)}
                {r.overpayment ? " (overpayment)" : ""}
              </Table.Td>
              <Table.Td>{r.payment_type ?? ""}</Table.Td>
              <Table.Td>{r.cost_centre?.name ?? ""}</Table.Td>
              <Table.Td>{formatDate(r.date_paid)}</Table.Td>
              <Table.Td>{r.comments ?? ""}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {r.state === "UNPAID" && (
                    <Button size="compact-xs" variant="light" onClick={() => void markPaid([r])}>
                      Mark Paid
                    </Button>
                  )}
                  <Button
                    size="compact-xs"
                    variant="light"
                    color="red"
                    onClick={async () => {
                      if (await confirmDelete(`the payment of ${formatMoney(r.amount)}`)) remove.mutate({ id: r.id }, { onSuccess: () => toggle(r, false) });
                    }}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          )}
        />
        <ListPager list={list} noun={["payment", "payments"]} />
      </Stack>
      <NewPayments departments={departments.data?.results ?? []} />
    </Page>
  );
}

/** A new payment row: the payment definition's blank (BACS, department 1: its defaults) and what the grid keeps of its own. */
type NewRow = Omit<BlankOf<SpecsOf<typeof payment>, number>, "amount"> & {
  key: number;
  /** The row's idempotency key (docs/accounts.md "Payments"): kept while the row is on screen, so saving it again never pays twice. */
  idempotency_key: string;
  contactName: string;
  /** As typed (a number once it parses). */
  amount: number | string | null;
  errors: Record<string, string>;
};

let nextKey = 1;
const blankRow = (): NewRow => ({ ...payment.blank(), key: nextKey++, idempotency_key: crypto.randomUUID(), contactName: "", errors: {} });

/**
 * Bulk new payments (003 §2, §5): one row per payment, BACS and department 1
 * by default; every row needs contact, payment date and amount ('Please fill
 * in all fields') before anything is sent; then one POST per row, and the
 * rows saved leave the grid.
 */
function NewPayments({ departments }: { departments: DepartmentRecord[] }) {
  const [rows, setRows] = useState<NewRow[]>(() => [blankRow()]);
  const [saving, setSaving] = useState(false);
  const create = useApiMutation<Record<string, unknown>, PaymentRow>("POST", "payments", { resource: "payments", errorMessage: ERROR });
  const change = (key: number, patch: Partial<NewRow>) => setRows((prev) => prev.map((r) => (r.key === key ? { ...r, ...patch, errors: Object.fromEntries(Object.entries(r.errors).filter(([f]) => !(f in patch))) } : r)));
  const amountOf = (v: number | string | null) => (typeof v === "number" ? v : null);

  async function saveAll() {
    const checked = rows.map((r) => ({ r, refused: paymentRowResult({ contact: r.contact, payment_date: r.payment_date, amount: amountOf(r.amount) }) }));
    if (checked.some((c) => c.refused)) {
      setRows(checked.map(({ r, refused }) => ({ ...r, errors: refused?.errors ?? {} })));
      return toastWarning(PAYMENT_MESSAGES.fillAll);
    }
    setSaving(true);
    try {
      for (const r of rows) {
        await create.mutateAsync({
          contact: r.contact,
          payment_date: r.payment_date,
          amount: amountOf(r.amount),
          payment_type: r.payment_type,
          department: r.department,
          invoice_number: r.invoice_number || null,
          overpayment: r.overpayment,
          comments: r.comments || null,
          idempotency_key: r.idempotency_key,
        });
        setRows((prev) => {
          const left = prev.filter((x) => x.key !== r.key);
          return left.length ? left : [blankRow()];
        });
      }
    } catch {
      // The failed row stays with what was typed; its toast says why.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="xs" mt="md">
      <Title order={2} size="h4">
        New Payments
      </Title>
      <Table withTableBorder fz="sm" verticalSpacing={4} horizontalSpacing="xs" aria-label="New payments">
        <Table.Thead>
          <Table.Tr>
            {["Contact", "Payment date", "Amount", "Type", "Department", "Invoice no.", "Overpayment", "Comments", ""].map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={r.key}>
              <Table.Td miw={200}>
                <ContactPicker label={`Contact of new payment ${i + 1}`} inline search={r.contactName} onSearchChange={(s) => change(r.key, { contactName: s, contact: null })} onChange={(c) => change(r.key, { contact: c ? c.id : null })} />
                {r.errors.contact && (
                  <Text size="xs" c="red">
                    {r.errors.contact}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <DateField aria-label={`Payment date of new payment ${i + 1}`} size="xs" w={130} value={r.payment_date ?? ""} onChange={(v) => change(r.key, { payment_date: v || null })} error={r.errors.payment_date} />
              </Table.Td>
              <Table.Td>
                <NumberField kind="money" aria-label={`Amount of new payment ${i + 1}`} size="xs" w={110} value={r.amount ?? ""} onChange={(v) => change(r.key, { amount: v })} error={r.errors.amount} />
              </Table.Td>
              <Table.Td>
                <NativeSelect aria-label={`Type of new payment ${i + 1}`} size="xs" value={r.payment_type} onChange={(e) => change(r.key, { payment_type: e.currentTarget.value })} data={[...PAYMENT_TYPES]} />
              </Table.Td>
              <Table.Td>
                <NativeSelect aria-label={`Department of new payment ${i + 1}`} size="xs" value={String(r.department)} onChange={(e) => change(r.key, { department: Number(e.currentTarget.value) })} data={departments.map((d) => ({ value: String(d.id), label: d.name ?? "" }))} />
              </Table.Td>
              <Table.Td>
                <TextInput aria-label={`Invoice no. of new payment ${i + 1}`} size="xs" w={110} value={r.invoice_number ?? ""} onChange={(e) => change(r.key, { invoice_number: e.currentTarget.value })} />
              </Table.Td>
              <Table.Td>
                <Checkbox aria-label={`Overpayment of new payment ${i + 1}`} size="xs" checked={r.overpayment} onChange={(e) => change(r.key, { overpayment: e.currentTarget.checked })} />
              </Table.Td>
              <Table.Td>
                <TextInput aria-label={`Comments of new payment ${i + 1}`} size="xs" value={r.comments ?? ""} onChange={(e) => change(r.key, { comments: e.currentTarget.value })} />
              </Table.Td>
              <Table.Td>
                <Button size="compact-xs" variant="subtle" color="red" disabled={rows.length === 1} onClick={() => setRows((prev) => prev.filter((x) => x.key !== r.key))}>
                  Remove
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button size="xs" variant="default" onClick={() => setRows((prev) => [...prev, blankRow()])}>
          Add Row
        </Button>
        <Button size="xs" loading={saving} onClick={() => void saveAll()}>
          Save Payments
        </Button>
      </Group>
    </Stack>
  );
}
