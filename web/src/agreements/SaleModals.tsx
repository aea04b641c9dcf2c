import type { CostCentreRecord } from "../../../core/settings/types";
import type { AgreementLine } from "../../../core/agreements/types";
import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { PAYMENT_TYPES_FOR_SCREEN, defaultPaymentAmount, saleInvoiceTotal } from "../../../core/agreements/rules";
import { ContactRefInput } from "../contacts/pickers";
import { useApiMutation, useList, type ApiRecord } from "../platform/api";
import { formatMoney, todayIso } from "../platform/format";
import { toastError, toastSuccess } from "../platform/toast";
import { DateField, NumberField } from "../platform/form";
import { TRACKING_OPTIONS_QUERY, trackingOptionLabel, type TrackingOptionRow } from "../settings/trackingOptions";

/** A typed amount as a number; null while empty or not yet a number (the field says why). */
const amountOf = (v: number | string) => (typeof v === "number" ? v : null);

/** An agreement as the vehicle's form holds it, inferred from its definition (core/agreements/types.ts). */
type Agreement = AgreementLine;
/** An agreement's contact as answered (in brief), or null while it is only picked (an id). */
export const contactOf = (v: Agreement["sale_customer"]) => (v && typeof v === "object" ? v : null);

/** Create Payment (000 §4, §5, §9): opened when a sold date is entered; a real payment record. */
export function CreatePaymentModal({ a, vehicle, onClose }: { a: Agreement; vehicle: Record<string, any>; onClose: () => void }) {
  const centres = useList<CostCentreRecord>("costcentre", { page_size: 1000 });
  const [contact, setContact] = useState<string>(String(contactOf(a.sale_customer)?.id || ""));
  const [paymentType, setPaymentType] = useState<string>("BACS");
  const [amount, setAmount] = useState<number | string>(defaultPaymentAmount(a));
  const [centre, setCentre] = useState("4");
  const [date, setDate] = useState(todayIso());
  const [invoice, setInvoice] = useState(a.internal_invoice_number ?? "");
  const [comments, setComments] = useState("");
  // One idempotency key per payment this modal makes: pressing Create Payment again after a lost answer never pays twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const create = useApiMutation<Record<string, unknown>, ApiRecord>("POST", "payments", { resource: "payments", errorMessage: "There was an error" });
  return (
    <Modal opened onClose={onClose} title="Create Payment" centered>
      <Stack gap="sm">
        <ContactRefInput label="Customer" kind="CC" initialName={contactOf(a.sale_customer)?.display_name ?? ""} value={contact} onChange={(id) => setContact(id === "" ? "" : String(id))} />
        <NativeSelect label="Payment type" value={paymentType} onChange={(e) => setPaymentType(e.currentTarget.value)} data={[...PAYMENT_TYPES_FOR_SCREEN]} />
        <NumberField kind="money" label="Amount" value={amount} onChange={setAmount} />
        <NativeSelect label="Cost centre" value={centre} onChange={(e) => setCentre(e.currentTarget.value)} data={(centres.data?.results ?? []).map((c) => ({ value: String(c.id), label: c.name ?? "" }))} />
        <DateField label="Payment date" value={date} onChange={(v) => setDate(v)} />
        <TextInput label="Invoice number" value={invoice} onChange={(e) => setInvoice(e.currentTarget.value)} />
        <TextInput label="Comments" value={comments} onChange={(e) => setComments(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={create.isPending}
            onClick={() => {
              if (!contact || amountOf(amount) === null || !date) return toastError("Please fill in all fields");
              create.mutate(
                { contact: Number(contact), department: vehicle.department?.id ?? vehicle.department ?? null, invoice_number: invoice || null, amount: amountOf(amount), payment_type: paymentType, cost_centre: Number(centre), payment_date: date, comments: comments || null, idempotency_key: idempotencyKey },
                { onSuccess: onClose },
              );
            }}
          >
            Create Payment
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Create Sale Invoice (000 §7, §9): VAT 20/5/0 on the vatable amount plus the non-vatable amount; a real invoice linked to the agreement. */
export function CreateInvoiceModal({ a, vehicle, onClose }: { a: Agreement; vehicle: Record<string, any>; onClose: () => void }) {
  const [contact, setContact] = useState<string>(String(contactOf(a.sale_customer)?.id || ""));
  const [vat, setVat] = useState<"20" | "5" | "0">("20");
  const [amount, setAmount] = useState<number | string>(Number(a.sold_price ?? 0));
  const [noVat, setNoVat] = useState<number | string>(Number(a.sale_warranty_cost ?? 0));
  const [description, setDescription] = useState(`Sale of ${vehicle.registration ?? "vehicle"}`);
  const [date, setDate] = useState(todayIso());
  // Blank: the server gives the next IN number (003 §9).
  const [number, setNumber] = useState("");
  const [tracking, setTracking] = useState("");
  const options = useList<TrackingOptionRow>("trackingoption", TRACKING_OPTIONS_QUERY);
  const create = useApiMutation<Record<string, unknown>, ApiRecord>("POST", "invoices", { resource: "invoices", errorMessage: "There was an error creating the invoice", silent: true });
  return (
    <Modal opened onClose={onClose} title="Create Sale Invoice" centered>
      <Stack gap="sm">
        <ContactRefInput label="Customer" kind="CC" initialName={contactOf(a.sale_customer)?.display_name ?? ""} value={contact} onChange={(id) => setContact(id === "" ? "" : String(id))} />
        <TextInput label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        <DateField label="Invoice date" value={date} onChange={(v) => setDate(v)} />
        <TextInput label="Invoice number" placeholder="Next number when blank" value={number} onChange={(e) => setNumber(e.currentTarget.value)} />
        <NativeSelect
          label="Tracking option"
          value={tracking}
          onChange={(e) => setTracking(e.currentTarget.value)}
          data={[{ value: "", label: "None" }, ...(options.data?.results ?? []).map((o) => ({ value: String(o.id), label: trackingOptionLabel(o) }))]}
        />
        <NumberField kind="money" label="Amount (vatable)" value={amount} onChange={setAmount} />
        <NumberField kind="money" label="Non-vatable amount" value={noVat} onChange={setNoVat} />
        <NativeSelect label="VAT" value={vat} onChange={(e) => setVat(e.currentTarget.value as "20" | "5" | "0")} data={[{ value: "20", label: "20%" }, { value: "5", label: "5%" }, { value: "0", label: "0%" }]} />
        <Text size="sm" data-testid="invoice-total">
          Total: {formatMoney(saleInvoiceTotal(amountOf(amount) ?? 0, amountOf(noVat) ?? 0, Number(vat) as 20 | 5 | 0))}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={create.isPending}
            onClick={() =>
              create.mutate(
                { customer: contact ? Number(contact) : null, vehicle: vehicle.id ?? null, finance_agreement: a.id ?? null, description, invoice_date: date, invoice_number: number.trim() || null, tracking_option: tracking ? Number(tracking) : null, amount: amountOf(amount), no_vat_amount: amountOf(noVat) ?? 0, vat_rate: Number(vat) },
                {
                  onSuccess: () => {
                    toastSuccess("Invoice Created Successfully");
                    onClose();
                  },
                },
              )
            }
          >
            Create Invoice
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
