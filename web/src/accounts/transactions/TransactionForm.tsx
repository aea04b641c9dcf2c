import type { NominalCodeRecord } from "../../../../core/settings/types";
import { Alert, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { FREQUENCIES, TRANSACTION_MESSAGES, transaction } from "../../../../core/accounts/transaction-definitions";
import { invoiceTotal, transactionRuleResult, vatForAmount, vatWarnings } from "../../../../core/accounts/transaction-rules";
import { TAX_TYPES } from "../../../../core/settings/taxtypes";
import { ContactRefInput } from "../../contacts/pickers";
import { VehicleSearch } from "../../fleet/picker/VehiclePicker";
import { trackingOptionSource } from "../../settings/trackingOptions";
import { useList } from "../../platform/api";
import { FieldInput, fieldsFrom, initialValues, recordOptions, useRecordForm, useSaveCycle, type FieldDef, type FormValues } from "../../platform/form";
import { formatMoney, todayIso } from "../../platform/format";
import { useTransactionCalls, type TransactionRow } from "./api";

const choice = (value: string, label: string) => ({ value, label, apiValue: value });

/** The transaction's fields as the screen enters them (labels, kinds, bounds from core/accounts/transaction-definitions.ts). */
const FIELDS: FieldDef[] = fieldsFrom(transaction, {
  department: { options: recordOptions("departments", (r) => r.name) },
  cost_centre: { options: recordOptions("costcentre", (r) => r.name) },
  nominal_code: { options: recordOptions("nominal", (r) => `${r.code} ${r.name ?? ""}`.trim()) },
  tracking_option: { options: trackingOptionSource() },
  frequency: { options: FREQUENCIES.map((f) => choice(f, f[0] + f.slice(1).toLowerCase())) },
}).filter((f) => !["type", "contact", "vehicle", "approved", "approver", "invoice_total", "template", "next_date", "occurs"].includes(f.name));

const VEHICLE_LABEL = transaction.fields.find((f) => f.name === "vehicle")!.label;
const byName = (n: string) => FIELDS.find((f) => f.name === n)!;
const ROW1 = ["date", "description", "department", "cost_centre"].map(byName);
const ROW2 = ["nominal_code", "tracking_option", "payment_type", "customer_account", "category"].map(byName);
const ROW3 = ["amount", "vat", "invoice_date", "invoice_number", "invoice_amount", "invoice_vat"].map(byName);

const RATES = new Map<string, number>(TAX_TYPES.map((t) => [t.tax_type, t.rate]));
type Nominal = NominalCodeRecord;

const num = (v: unknown) => (typeof v === "number" ? v : null);

/**
 * The add-transaction panel and the edit modal of /income and /expenses
 * (003 §2, §5): the 20% rules as typed (a new amount sets vat to 20% of
 * it, a new invoice amount sets invoice VAT to 20), the invoice total, the
 * VAT-mismatch warnings against the chosen nominal code, and the server's
 * rules run before sending.
 */
export function TransactionForm({ type, row, costCentre, onDone }: { type: "IN" | "OUT"; row: TransactionRow | null; costCentre?: string | null; onDone?: () => void }) {
  const calls = useTransactionCalls();
  const nominals = useList<Nominal>("nominal", { page_size: 1000 }, { errorMessage: TRANSACTION_MESSAGES.saveFailed });
  const initial = useMemo<FormValues>(() => {
    if (row) return initialValues(FIELDS, row);
    return { ...initialValues(FIELDS, null), date: todayIso(), cost_centre: costCentre ?? "", repeating: false };
  }, [row, costCentre]);
  const [contact, setContact] = useState<number | "">(row?.contact?.id ?? "");
  // Booked to a vehicle (ours: its profit line, docs/finance.md): the shared registration typeahead.
  const [vehicle, setVehicle] = useState<number | null>(row?.vehicle?.id ?? null);
  const [vehicleText, setVehicleText] = useState(row?.vehicle?.registration ?? "");
  const form = useRecordForm(FIELDS, initial, { guard: !!row });
  const { warning, run } = useSaveCycle(form);
  const v = form.values;
  const nominal = (nominals.data?.results ?? []).find((n) => String(n.id) === String(v.nominal_code));
  const rate = nominal ? (RATES.get(nominal.tax_type ?? "OUTPUT2") ?? 0) : null;
  const values = { ...v, amount: num(v.amount), vat: num(v.vat), invoice_amount: num(v.invoice_amount), invoice_vat: num(v.invoice_vat) };
  const warnings = vatWarnings(values, rate);
  const total = invoiceTotal(values);
  const pending = calls.create.isPending || calls.save.isPending;

  const set = (name: string, x: FormValues[string]) => {
    form.set(name, x);
    // 003 §5: changing the amount sets vat to 20% of it; changing the invoice amount sets invoice VAT to 20.
    if (name === "amount") form.set("vat", vatForAmount(num(x)) ?? "");
    if (name === "invoice_amount" && num(x) !== null) form.set("invoice_vat", 20);
  };

  const body = (): Record<string, unknown> => ({ ...form.payload(), type, contact: contact || null, vehicle });
  const submit = () =>
    run(
      async () => {
        if (row) {
          const { type: _t, repeating: _r, ...changes } = body();
          await calls.save.mutateAsync({ id: row.id, body: { ...changes, last_saved: row.last_saved } });
        } else {
          await calls.create.mutateAsync(body());
          form.reset(initial);
          setContact("");
          setVehicle(null);
          setVehicleText("");
        }
        onDone?.();
      },
      { validate: true, refusal: () => transactionRuleResult(body()) },
    );

  const input = (f: FieldDef) => <FieldInput key={f.name} field={f} value={v[f.name]} onChange={(x) => set(f.name, x)} error={form.errors[f.name]} />;
  return (
    <form ref={form.formRef} onSubmit={(e) => (e.preventDefault(), void submit())} noValidate aria-label={row ? "Edit transaction" : "Add transaction"}>
      <Stack gap="xs">
        {warning && (
          <Alert color="orange" p="xs" role="alert">
            {warning}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 5 }} spacing="xs">
          {ROW1.map(input)}
          <ContactRefInput label={type === "IN" ? "Customer" : "Supplier"} kind={type === "IN" ? "CC" : "SP"} initialName={row?.contact?.display_name ?? ""} value={contact} onChange={setContact} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 6 }} spacing="xs">
          {ROW2.map(input)}
          <VehicleSearch
            label={VEHICLE_LABEL}
            search={vehicleText}
            onSearchChange={(s) => {
              setVehicleText(s);
              if (!s) setVehicle(null);
            }}
            onSelect={(picked) => {
              setVehicle(picked ? picked.id : null);
              if (picked) setVehicleText(String(picked.registration));
            }}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 6 }} spacing="xs">
          {ROW3.map(input)}
        </SimpleGrid>
        <Group align="flex-end" gap="md">
          <div style={{ flex: 1 }}>{input(byName("comments"))}</div>
          {!row && input(byName("repeating"))}
          {(v.repeating === true || row?.repeating) && input(byName("frequency"))}
        </Group>
        <Group justify="space-between">
          <Stack gap={0}>
            <Text size="sm" data-testid="invoice-total">
              Invoice total: {formatMoney(total ?? 0)}
            </Text>
            {warnings.map((w) => (
              <Text key={w} size="sm" c="orange" data-testid="vat-warning">
                {w}
              </Text>
            ))}
          </Stack>
          <Group gap="xs">
            {onDone && row && (
              <Button variant="default" onClick={onDone}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={pending}>
              {row ? "Save Transaction" : v.repeating === true ? "Add Repeating Transaction" : "Add Transaction"}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
