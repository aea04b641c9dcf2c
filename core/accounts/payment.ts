import * as z from "zod";
import { Contact } from "../contacts/index.js";
import { todayInLondon } from "../platform/dates.js";
import { ValidationError } from "../platform/errors.js";
import { toPence } from "../platform/money.js";
import { defineRecordType } from "../platform/records.js";
import { declareReferences, brief, lookUp } from "../platform/references.js";
import { CostCentre, Department } from "../settings/index.js";
import { payment } from "./payment-definitions.js";
import { paymentColour, paymentRowResult, paymentState } from "./payment-rules.js";

/**
 * The payment record (003 §3; docs/data-model.md §8.1 Payment): raised by
 * the vehicle sale's Create Payment (000 §7), the Payments screen's bulk
 * new payments and the recurring-payments run. UNPAID until it has a paid
 * date, then PAID.
 */

type Row = Record<string, any>;

/** Fields the server keeps beside 003's (`server: true` on the definition): never taken from a client. */
export const PAYMENT_SERVER_FIELDS = payment.serverFields;

/** The claim a payment's idempotency key holds: a second POST with the same key is answered with the first payment, never a second one. */
export const PAYMENT_KEY_TAKEN = "This payment has already been saved (the same idempotency key)";

export const paymentFields = payment.schema;
export type PaymentFields = z.infer<typeof paymentFields>;

/** A list name part without spaces ("DIRECT DEBIT" -> "DIRECT_DEBIT"). */
const part = (v: unknown) => String(v).replace(/\s+/g, "_");

/**
 * Lists (§8.1): the views by state and department, sorted by payment
 * date (the Payments screen, Select Filtered's due-date range); by
 * payment type (the payment type report); a contact's payments (a
 * contact naming money cannot be deleted, A15); an invoice number's
 * payments (A6).
 */
export function paymentMemberships(r: PaymentFields) {
  const st = paymentState(r);
  const sort = r.payment_date ?? "~";
  const depts = ["ALL", ...(r.department ? [String(r.department)] : [])];
  const out: Array<{ list: string; sort: string; tags?: string[] }> = [];
  for (const d of depts) {
    out.push({ list: `s#${st}#d#${d}`, sort }, { list: `s#ALL#d#${d}`, sort });
    if (r.payment_type) out.push({ list: `type#${part(r.payment_type)}#d#${d}`, sort });
  }
  if (r.contact) out.push({ list: `c#${r.contact}`, sort, tags: [`st=${st}`] });
  if (r.invoice_number) out.push({ list: `inv#${part(r.invoice_number.trim().toUpperCase())}`, sort: "0" });
  return out;
}

/**
 * The contact's balance facets (A3): a PAID payment takes its amount
 * (whole pence, negative) off the contact's total and off the trading
 * area of its department. The invoices' reader (core/accounts/balances.ts)
 * sums facet `payment#bal#<contactId>` values `total`, `dvh`, `rf`, `vsd`.
 */
export function paymentFacets(r: PaymentFields) {
  if (paymentState(r) !== "PAID" || !r.contact) return [];
  const amount = -toPence(r.amount);
  const out = [{ facet: `bal#${r.contact}`, value: "total", amount }];
  if (r.trading_area) out.push({ facet: `bal#${r.contact}`, value: r.trading_area, amount });
  return out;
}

/** The schedule's claim: one payment per recurring payment and date, however many runs (A13). */
export const occurrenceKey = (recurringId: number, date: string) => `${recurringId}#${date}`;

export const Payment = defineRecordType({
  type: "payment",
  label: "Payment",
  fields: paymentFields,
  searchOf: (r) => String(r.invoice_number ?? "").toLowerCase(),
  validate(r) {
    const refused = paymentRowResult(r);
    if (refused) throw new ValidationError(refused.message, refused.errors);
    if (r.amount !== null && r.amount !== undefined && r.amount <= 0) throw new ValidationError("Amount must be more than 0", { amount: "Amount must be more than 0" });
  },
  lists: paymentMemberships,
  facets: paymentFacets,
  unique: (r) => [
    {
      scope: "occ",
      value: r.recurring_payment && r.occurs ? occurrenceKey(r.recurring_payment, r.occurs) : null,
      message: "This recurring payment's payment for that date has already been raised",
    },
    { scope: "key", value: r.idempotency_key, message: PAYMENT_KEY_TAKEN },
  ],
  // Any page of a long view starts at its month and day (core/platform/records/positions.ts).
  listPositions: { coarse: 7, fine: 10, lists: (list) => list.startsWith("s#") },
  expand: (rows) => expandPayments(rows),
});

declareReferences(Payment, () => ({ contact: Contact, department: Department, cost_centre: CostCentre }));

/** Payments as every answer gives them: references as objects, the state and the row colour of today. */
export async function expandPayments(rows: Row[]): Promise<Row[]> {
  if (!rows.length) return [];
  const { c, d, cc } = await lookUp(rows, { c: [Contact, "contact"], d: [Department, "department"], cc: [CostCentre, "cost_centre"] });
  const today = todayInLondon();
  return rows.map((r) => {
    const { trading_area: _area, idempotency_key: _key, ...rest } = r;
    return {
      ...rest,
      contact: brief(c.get(r.contact), ["display_name"]) ?? (r.contact ? { id: r.contact, display_name: null } : null),
      department: brief(d.get(r.department), ["name"]) ?? (r.department ? { id: r.department, name: null } : null),
      cost_centre: brief(cc.get(r.cost_centre), ["name"]) ?? (r.cost_centre ? { id: r.cost_centre, name: null } : null),
      state: paymentState(r),
      colour: paymentColour(r, today),
    };
  });
}
