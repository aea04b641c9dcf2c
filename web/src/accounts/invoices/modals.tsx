import { Button, Group, Modal, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { XeroState } from "../XeroState";
import { useMemo } from "react";
import { credit, creditAmountResult, creditApproveResult } from "../../../../core/accounts/credit-definitions";
import { invoice, invoiceTotals } from "../../../../core/accounts/invoice-definitions";
import { useApiGet } from "../../platform/api";
import { FieldInput, fieldsFrom, initialValues, recordOptions, useRecordForm, useSaveCycle, type FieldDef } from "../../platform/form";
import { formatMoney, todayIso } from "../../platform/format";
import { useCreditCalls, useInvoiceCalls, type CreditRow, type InvoiceRow } from "./api";

const nominalOptions = recordOptions("nominal", (r) => `${r.code} ${r.name}`);

/** The invoice fields staff edit while it is not approved (labels, kinds, bounds from core/accounts/invoice-definitions.ts). */
const INVOICE_FIELDS: FieldDef[] = fieldsFrom(invoice, {
  vat_nominal_code: { options: nominalOptions },
  no_vat_nominal_code: { options: nominalOptions },
}).filter((f) => ["invoice_date", "description", "amount", "no_vat_amount", "vat_nominal_code", "no_vat_nominal_code", "customer_account", "comments"].includes(f.name));

/** Edit an invoice that is not approved (PUT invoices/{id}); VAT and total shown as the server works them out. */
export function InvoiceModal({ row, onClose }: { row: InvoiceRow; onClose: () => void }) {
  const calls = useInvoiceCalls();
  const initial = useMemo(() => initialValues(INVOICE_FIELDS, row as Record<string, unknown>), [row]);
  const form = useRecordForm(INVOICE_FIELDS, initial, { guard: false });
  const { run } = useSaveCycle(form);
  const v = form.values;
  const totals = invoiceTotals({ amount: typeof v.amount === "number" ? v.amount : 0, no_vat_amount: typeof v.no_vat_amount === "number" ? v.no_vat_amount : 0 });
  const submit = () => run(() => calls.save.mutateAsync({ id: row.id, body: { ...form.payload(), last_saved: row.last_saved } }).then(onClose), { validate: true });
  const input = (f: FieldDef) => <FieldInput key={f.name} field={f} value={v[f.name]} onChange={(x) => form.set(f.name, x)} error={form.errors[f.name]} />;
  return (
    <Modal opened onClose={onClose} title={`Edit Invoice ${row.invoice_number ?? row.id}`} size="lg" centered>
      <form ref={form.formRef} onSubmit={(e) => (e.preventDefault(), void submit())}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>{INVOICE_FIELDS.map(input)}</SimpleGrid>
          <Text size="sm" data-testid="invoice-totals">
            VAT: {formatMoney(totals.vat)} · Total: {formatMoney(totals.total)}
          </Text>
          <XeroState sourceType="invoice" sourceId={row.id} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={calls.save.isPending}>
              Save Invoice
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const CREDIT_FIELDS: FieldDef[] = fieldsFrom(credit, {
  vat_nominal_code: { options: nominalOptions },
  no_vat_nominal_code: { options: nominalOptions },
}).filter((f) => ["description", "date_issued", "amount", "no_vat_amount", "vat_nominal_code", "no_vat_nominal_code", "comments"].includes(f.name));

/** An approved transaction a credit note may credit (the Income and Expenses screens' Credit button). */
/** An invoiced work item of Workshop Invoicing (003 §4: approved invoice items can be credited): POST credit with `work_item`. */
export type CreditedWorkItem = { id: number; job: number; description?: string | null; invoice_number?: string | null; customer_labour_cost?: number | null; customer_nominal_code?: number | null };

export type CreditedTransaction = { id: number; type: "IN" | "OUT"; description?: string | null; invoice_number?: string | null; amount?: number | null; nominal_code?: { id: number } | null };

/**
 * The credit modal (003 §2): a new credit of an approved invoice, an
 * approved transaction or an invoiced work item (POST credit, linked to it), or an existing credit
 * note edited while not approved (PUT credit/{id}). 'At least one of Amount
 * or No VAT Amount are required' is checked before sending, as the server does.
 */
export function CreditModal({
  invoice: inv,
  transaction: tx,
  workItem: wi,
  row,
  onClose,
}: {
  invoice?: InvoiceRow;
  transaction?: CreditedTransaction;
  workItem?: CreditedWorkItem;
  row?: CreditRow;
  onClose: () => void;
}) {
  const calls = useCreditCalls();
  const initial = useMemo(() => {
    if (row) return initialValues(CREDIT_FIELDS, row);
    const empty = { ...initialValues(CREDIT_FIELDS, null), date_issued: todayIso() };
    if (wi) return { ...empty, vat_nominal_code: wi.customer_nominal_code ? String(wi.customer_nominal_code) : "", description: `Credit of ${wi.invoice_number ?? `job ${wi.job}`}: ${wi.description ?? `work item ${wi.id}`}` };
    if (tx) return { ...empty, vat_nominal_code: tx.nominal_code ? String(tx.nominal_code.id) : "", description: `Credit of transaction ${tx.invoice_number || tx.description || tx.id}` };
    return { ...empty, vat_nominal_code: inv?.vat_nominal_code ? String(inv.vat_nominal_code) : "", no_vat_nominal_code: inv?.no_vat_nominal_code ? String(inv.no_vat_nominal_code) : "", description: inv ? `Credit of invoice ${inv.invoice_number ?? inv.id}` : "" };
  }, [row, inv, tx, wi]);
  const form = useRecordForm(CREDIT_FIELDS, initial, { guard: false, validate: (values) => creditAmountResult(values)?.errors ?? {} });
  const { run } = useSaveCycle(form);
  const v = form.values;
  const totals = invoiceTotals({ amount: typeof v.amount === "number" ? v.amount : 0, no_vat_amount: typeof v.no_vat_amount === "number" ? v.no_vat_amount : 0 });
  const pending = calls.create.isPending || calls.save.isPending;
  const submit = () =>
    run(
      async () => {
        const body = form.payload();
        if (row) await calls.save.mutateAsync({ id: row.id, body: { ...body, last_saved: row.last_saved } });
        else await calls.create.mutateAsync({ ...body, ...(wi ? { work_item: wi.id } : tx ? { transaction: tx.id } : { invoice: inv!.id }) });
        onClose();
      },
      { validate: true },
    );
  const input = (f: FieldDef) => <FieldInput key={f.name} field={f} value={v[f.name]} onChange={(x) => form.set(f.name, x)} error={form.errors[f.name]} />;
  const title = row ? `Edit Credit Note ${row.credit_note_number ?? row.id}` : wi ? `Credit Work Item ${wi.description ?? wi.id}` : tx ? `Credit Transaction ${tx.invoice_number || tx.description || tx.id}` : `Credit Invoice ${inv?.invoice_number ?? ""}`;
  return (
    <Modal opened onClose={onClose} title={title} size="lg" centered>
      <form ref={form.formRef} onSubmit={(e) => (e.preventDefault(), void submit())}>
        <Stack gap="sm">
          {inv ? (
            <Text size="sm">
              Invoice total {formatMoney(inv.total)}, outstanding {formatMoney(inv.outstanding)}
            </Text>
          ) : null}
          {wi ? (
            <Text size="sm">
              Invoice {wi.invoice_number ?? ""}, labour charge {formatMoney(wi.customer_labour_cost ?? 0)} (the credit's amounts may not exceed it)
            </Text>
          ) : null}
          {tx ? <Text size="sm">Transaction amount {formatMoney(tx.amount ?? 0)} (the credit's amounts may not exceed it)</Text> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>{CREDIT_FIELDS.map(input)}</SimpleGrid>
          <Text size="sm" data-testid="credit-totals">
            VAT: {formatMoney(totals.vat)} · Total: {formatMoney(totals.total)}
          </Text>
          {row && <XeroState sourceType="credit" sourceId={row.id} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {row ? "Save Credit Note" : "Create Credit Note"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The warning shown before sending an approval the server would refuse (003 §5 credit notes). */
export const creditApproveWarning = (c: CreditRow) => creditApproveResult(c)?.message ?? null;

type PartOrder = { id: number; order_number?: string | null; description?: string | null; parts?: Array<{ id: number; name?: string | null; part_number?: string | null; customer_cost?: number | null; cost?: number | null }> };

/**
 * The part list modal (003 §2) of a part order invoice: the order's parts
 * from GET partorder/{id} (the part orders area's call): name, part
 * number, cost and charge of each line (a part order line is one part: the
 * part line type has no quantity). The modal opens
 * only once that call answers; a failure shows 'There was an error getting
 * part order data' (003 §8) and no modal.
 */
export function PartListModal({ partOrder, onClose }: { partOrder: number; onClose: () => void }) {
  const order = useApiGet<PartOrder>(`partorder/${partOrder}`, undefined, { errorMessage: "There was an error getting part order data" });
  if (!order.data) return null;
  return (
    <Modal opened onClose={onClose} title={`Part Order ${order.data.order_number ?? order.data.id}`} size="lg" centered>
      <Table withTableBorder fz="sm" aria-label="Part list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Part</Table.Th>
            <Table.Th>Part number</Table.Th>
            <Table.Th>Cost</Table.Th>
            <Table.Th>Charge</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(order.data.parts ?? []).map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{p.name ?? ""}</Table.Td>
              <Table.Td>{p.part_number ?? ""}</Table.Td>
              <Table.Td>{formatMoney(p.cost ?? 0)}</Table.Td>
              <Table.Td>{formatMoney(p.customer_cost ?? 0)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
