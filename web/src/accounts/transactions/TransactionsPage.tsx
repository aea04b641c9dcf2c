import { Alert, Button, Checkbox, Group, Modal, NativeSelect, Paper, Stack, Switch, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useLocation } from "react-router-dom";
import { approvalRuleResult } from "../../../../core/accounts/transaction-rules";
import { useApiGet, useList, type ApiRecord } from "../../platform/api";
import { DateField } from "../../platform/form";
import { formatDate, formatMoney, todayIso } from "../../platform/format";
import { ListDepartmentFilter, ListPager, ListSearch, ListTable, ListTabs, useListController, type Column } from "../../platform/list";
import { confirmDelete } from "../../platform/modal";
import { Page } from "../../platform/page";
import { useTransactionCalls, type TransactionFigures, type TransactionRow } from "./api";
import { TransactionForm } from "./TransactionForm";
import { CreditModal } from "../invoices/modals";
import { personName } from "../../../../core/platform/people";

type Named = ApiRecord & { name: string };

/** ISO date arithmetic for the week view's navigation (Monday to Sunday, 003 §9). */
function addDays(iso: string, days: number) {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
export function mondayOf(iso: string) {
  const d = new Date(`${iso}T00:00:00Z`);
  return addDays(iso, -((d.getUTCDay() + 6) % 7));
}
function monthOf(iso: string) {
  const [y, m] = iso.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: `${iso.slice(0, 7)}-01`, end: `${iso.slice(0, 7)}-${String(last).padStart(2, "0")}` };
}

const VIEWS = [
  { value: "all", label: "All" },
  { value: "week", label: "Week" },
];
const APPROVED = [
  { value: "", label: "All" },
  { value: "false", label: "Not approved" },
  { value: "true", label: "Approved" },
];

/**
 * /income and /expenses (003 §2 Income and Expenses): the type from the
 * path, the optional cost_centre query narrowing everything; the add panel,
 * the repeating-transactions panel, the week view, the figures and the
 * table with approval (003 §5 rules checked before sending, all or none),
 * approved rows locked.
 */
export function TransactionsPage() {
  const { pathname } = useLocation();
  const type: "IN" | "OUT" = pathname.startsWith("/expenses") ? "OUT" : "IN";
  const noun = type === "IN" ? "Income" : "Expenses";
  const list = useListController<TransactionRow>({
    resource: "transactions",
    filters: ["cost_centre", "view", "start_date", "approved", "hiderecurring", "department"],
    tabs: ["view", "cost_centre"],
    fixed: { type },
    errorMessage: "There was an error",
  });
  const f = list.filters;
  const week = f.view === "week";
  const monday = mondayOf(f.start_date ?? todayIso());
  const sunday = addDays(monday, 6);
  const period = week ? { start: monday, end: sunday } : monthOf(todayIso());
  const centres = useList<Named>("costcentre", { page_size: 1000 });
  const centre = (centres.data?.results ?? []).find((c) => String(c.id) === f.cost_centre);
  const figures = useApiGet<TransactionFigures>("transactions/figures", { start: period.start, end: period.end, department: f.department }, { resource: "transactions/figures", errorMessage: "There was an error" });
  const calls = useTransactionCalls();
  const [selected, setSelected] = useState<Map<number, TransactionRow>>(new Map());
  const [editing, setEditing] = useState<TransactionRow | null>(null);
  const [crediting, setCrediting] = useState<TransactionRow | null>(null);
  const [warning, setWarning] = useState<string | null>(null);

  const toggle = (t: TransactionRow, on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (on) next.set(t.id, t);
      else next.delete(t.id);
      return next;
    });

  /** 003 §5: every selected transaction passes the approval rules, or none is sent. */
  function approve() {
    setWarning(null);
    // The rows as the table shows them now (an edit since they were ticked has a newer last_saved).
    const rows = [...selected.values()].map((t) => list.results.find((r) => r.id === t.id) ?? t);
    if (!rows.length) return setWarning("You cannot approve 0 transactions");
    for (const t of rows) {
      const refused = approvalRuleResult(
        { nominal_code: t.nominal_code?.id, contact: t.contact?.id, invoice_date: t.invoice_date, invoice_number: t.invoice_number },
        t.contact ? t.contact.partial_contact === true : null,
      );
      if (refused) return setWarning(`${t.description ?? `Transaction ${t.id}`}: ${refused.message}`);
    }
    calls.approve.mutate(
      rows.map((t) => ({ id: t.id, last_saved: t.last_saved })),
      { onSuccess: () => setSelected(new Map()), onError: () => undefined },
    );
  }

  const remove = async (t: TransactionRow) => {
    if (await confirmDelete(`transaction "${t.description ?? t.id}"`)) calls.remove.mutate(t.id);
  };

  const columns: Column<TransactionRow>[] = [
    {
      key: "select",
      header: "",
      width: 1,
      render: (t) => (t.approved ? null : <Checkbox size="xs" aria-label={`Select ${t.description ?? t.id}`} checked={selected.has(t.id)} onChange={(e) => toggle(t, e.currentTarget.checked)} />),
    },
    { key: "date", header: "Date", render: (t) => formatDate(t.date) },
    { key: "description", header: "Description" },
    { key: "contact", header: type === "IN" ? "Customer" : "Supplier", render: (t) => t.contact?.display_name ?? "" },
    { key: "cost_centre", header: "Cost centre", render: (t) => t.cost_centre?.name ?? "" },
    { key: "department", header: "Department", render: (t) => t.department?.name ?? "" },
    { key: "nominal_code", header: "Nominal code", render: (t) => (t.nominal_code ? `${t.nominal_code.code} ${t.nominal_code.name ?? ""}` : "") },
    { key: "amount", header: "Amount", render: (t) => formatMoney(t.amount) },
    { key: "vat", header: "VAT", render: (t) => formatMoney(t.vat) },
    { key: "invoice_date", header: "Invoice date", render: (t) => formatDate(t.invoice_date) },
    { key: "invoice_number", header: "Invoice no." },
    { key: "invoice_total", header: "Invoice total", render: (t) => formatMoney(t.invoice_total) },
    {
      key: "status",
      header: "Status",
      render: (t) => (
        <Stack gap={0}>
          <Text size="xs">{t.approved ? `Approved${personName(t.approver) ? ` by ${personName(t.approver)}` : ""}` : "Not approved"}</Text>
          {t.template ? <Text size="xs" c="dimmed">Repeating</Text> : null}
          {t.vat_warnings.map((w) => (
            <Text key={w} size="xs" c="orange">
              {w}
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      key: "actions",
      header: "",
      width: 1,
      render: (t) =>
        t.approved ? (
          // Approved: locked, creditable (003 §4) through the shared credit modal.
          <Button size="compact-xs" variant="light" onClick={() => setCrediting(t)}>
            Credit
          </Button>
        ) : (
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" variant="light" onClick={() => setEditing(t)}>
              Edit
            </Button>
            <Button size="compact-xs" variant="light" color="red" onClick={() => void remove(t)}>
              Delete
            </Button>
          </Group>
        ),
    },
  ];

  return (
    <Page title={centre ? `${noun}: ${centre.name}` : noun}>
      <Paper withBorder p="sm" component="section" aria-label="Add transaction">
        <Title order={2} size="h5" mb="xs">
          Add {type === "IN" ? "income" : "expense"}
        </Title>
        <TransactionForm key={`${type}-${f.cost_centre ?? ""}`} type={type} row={null} costCentre={f.cost_centre ?? null} />
      </Paper>
      <RepeatingPanel type={type} costCentre={f.cost_centre} onEdit={setEditing} />
      <Paper withBorder p="sm">
        <Group align="flex-end" gap="md" wrap="wrap">
          <ListTabs list={list} param="view" label="View" tabs={VIEWS} resets={(v) => (v === "all" ? ["start_date"] : [])} />
          {week && (
            <Group gap={4} align="flex-end">
              <Button size="xs" variant="default" onClick={() => list.setFilter("start_date", addDays(monday, -7))}>
                Previous week
              </Button>
              <DateField label="Week of" size="xs" w={140} value={monday} onChange={(v) => list.setFilter("start_date", v ? mondayOf(v) : null)} />
              <Button size="xs" variant="default" onClick={() => list.setFilter("start_date", addDays(monday, 7))}>
                Next week
              </Button>
            </Group>
          )}
          <NativeSelect label="Approved" size="xs" value={f.approved ?? ""} onChange={(e) => list.setFilter("approved", e.currentTarget.value || null)} data={APPROVED} />
          <ListDepartmentFilter list={list} />
          <Switch label="Hide recurring" checked={f.hiderecurring === "true"} onChange={(e) => list.setFilter("hiderecurring", e.currentTarget.checked ? "true" : null)} />
          <ListSearch list={list} placeholder="Description, contact, invoice number" />
        </Group>
        {week && (
          <Text size="sm" mt="xs" data-testid="week-range">
            Week {formatDate(monday)} to {formatDate(sunday)}
          </Text>
        )}
      </Paper>
      <FiguresPanel figures={figures.data} label={week ? `Week ${formatDate(monday)} to ${formatDate(sunday)}` : `This month (${formatDate(period.start)} to ${formatDate(period.end)})`} />
      {warning && (
        <Alert color="orange" p="xs" role="alert" withCloseButton onClose={() => setWarning(null)}>
          {warning}
        </Alert>
      )}
      <Group>
        <Button onClick={approve} loading={calls.approve.isPending} disabled={selected.size === 0}>
          Approve Selected{selected.size ? ` (${selected.size})` : ""}
        </Button>
      </Group>
      <Stack gap="xs">
        <ListTable<TransactionRow> label={`${noun} transactions`} columns={columns} rows={list.results} loading={list.isLoading} error={list.isError} empty="No transactions found." />
        <ListPager list={list} noun={["transaction", "transactions"]} />
      </Stack>
      {editing && (
        <Modal opened onClose={() => setEditing(null)} title={editing.repeating ? "Edit repeating transaction" : `Edit transaction ${editing.id}`} size="xl" centered>
          <TransactionForm type={type} row={editing} onDone={() => setEditing(null)} />
        </Modal>
      )}
      {crediting ? <CreditModal transaction={crediting} onClose={() => setCrediting(null)} /> : null}
    </Page>
  );
}

/** The figures (003 §2; GET transactions/figures): income and expenses per cost centre over the period shown. */
function FiguresPanel({ figures, label }: { figures: TransactionFigures | undefined; label: string }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label="Figures">
      <Group justify="space-between" mb={4}>
        <Title order={2} size="h5">
          Figures
        </Title>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
      </Group>
      <Table fz="sm" aria-label="Figures by cost centre">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Cost centre</Table.Th>
            <Table.Th>Income</Table.Th>
            <Table.Th>Expenses</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(figures?.categories ?? []).map((c) => (
            <Table.Tr key={c.name}>
              <Table.Td>{c.name}</Table.Td>
              <Table.Td>{formatMoney(c.in)}</Table.Td>
              <Table.Td>{formatMoney(c.out)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th>Total</Table.Th>
            <Table.Th data-testid="figures-in">{formatMoney(figures?.total_in ?? 0)}</Table.Th>
            <Table.Th data-testid="figures-out">{formatMoney(figures?.total_out ?? 0)}</Table.Th>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** The repeating-transactions panel: the templates of this type (and cost centre), next date first. */
function RepeatingPanel({ type, costCentre, onEdit }: { type: "IN" | "OUT"; costCentre?: string; onEdit: (t: TransactionRow) => void }) {
  const templates = useList<TransactionRow>("transactions", { type, repeating: true, cost_centre: costCentre, page_size: 25 }, { errorMessage: "There was an error" });
  const calls = useTransactionCalls();
  const rows = templates.data?.results ?? [];
  return (
    <Paper withBorder p="sm" component="section" aria-label="Repeating transactions">
      <Title order={2} size="h5" mb="xs">
        Repeating transactions
      </Title>
      <ListTable<TransactionRow>
        label="Repeating transactions"
        loading={templates.isLoading}
        error={templates.isError}
        rows={rows}
        empty="No repeating transactions."
        columns={[
          { key: "description", header: "Description" },
          { key: "frequency", header: "Frequency", render: (t) => (t.frequency === "WEEKLY" ? "Weekly" : "Monthly") },
          { key: "date", header: "Starts", render: (t) => formatDate(t.date) },
          { key: "next_date", header: "Next", render: (t) => formatDate(t.next_date) },
          { key: "amount", header: "Amount", render: (t) => formatMoney(t.amount) },
          { key: "cost_centre", header: "Cost centre", render: (t) => t.cost_centre?.name ?? "" },
          {
            key: "actions",
            header: "",
            width: 1,
            render: (t) => (
              <Group gap={4} wrap="nowrap">
                <Button size="compact-xs" variant="light" onClick={() => onEdit(t)}>
                  Edit
                </Button>
                <Button size="compact-xs" variant="light" color="red" onClick={async () => (await confirmDelete(`repeating transaction "${t.description ?? t.id}"`)) && calls.remove.mutate(t.id)}>
                  Delete
                </Button>
              </Group>
            ),
          },
        ]}
      />
      {(templates.data?.count ?? 0) > rows.length && (
        <Text size="xs" c="dimmed">
          {templates.data!.count} repeating transactions; the first {rows.length} shown.
        </Text>
      )}
    </Paper>
  );
}
