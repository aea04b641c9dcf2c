import * as z from "zod";
import { isoDate, money, ref, text } from "../platform/fields.js";
import { nextId } from "../platform/ids.js";
import { META_FIELDS, defineRecordType } from "../platform/records.js";
import { parseInput } from "../platform/validation.js";
import { searchText } from "../platform/paging.js";
import { todayInLondon } from "../platform/dates.js";
import { ValidationError } from "../platform/errors.js";
import { checkReferences, declareReferences } from "../platform/references.js";
import { Contact } from "../contacts/index.js";
import { Vehicle } from "../fleet/vehicle.js";

export { PAYMENT_TYPES, DEFAULT_PAYMENT_COST_CENTRE } from "./payment-definitions.js";
export { Payment } from "./payment.js";
export { Payments } from "./payments.js";
export { RecurringPayment } from "./recurring-payment.js";
export { RecurringPayments } from "./recurring-payments.js";

/**
 * Accounts records the vehicle sale creates today (000 §7 POST payments,
 * POST invoices; 003 §3 Payment and Invoice). The accounts screens of the
 * later issue build on these same records.
 */

export const Invoice = defineRecordType({
  type: "invoice",
  label: "Invoice",
  fields: z.object({
    customer: ref(),
    vehicle: ref(),
    // The sale's agreement: its id (agreements are numbered across all vehicles).
    finance_agreement: ref(),
    description: text(2000),
    invoice_date: isoDate(),
    invoice_number: text(50),
    tracking_option: ref(),
    // Not negative: a credit is a credit note, never a negative invoice (003).
    amount: money(),
    no_vat_amount: money(),
    vat_rate: z.union([z.literal(20), z.literal(5), z.literal(0)], { error: "VAT must be 20, 5 or 0" }).nullable().optional(),
    comments: text(2000),
    approved: z.boolean().nullable().optional(),
    ready_to_invoice: z.boolean().nullable().optional(),
  }),
  defaults: () => ({ vat_rate: 20 as const, invoice_date: todayInLondon(), approved: false, ready_to_invoice: false }),
  searchOf: (r) => searchText(r.invoice_number),
  validate: (r) => checkInvoice(r),
  // Staff quote invoice numbers: never two the same, even when raised at once.
  unique: (r) => [{ scope: "number", value: r.invoice_number, message: `Invoice number ${r.invoice_number} is already used` }],
});

function checkInvoice(r: { customer?: number | null; amount?: number | null }) {
  if (!r.customer) throw new ValidationError("There was an error creating the invoice", { customer: "Customer is required" });
  if (r.amount === null || r.amount === undefined) throw new ValidationError("There was an error creating the invoice", { amount: "Amount is required" });
}

/**
 * A new invoice without a number gets the next IN number (003 prefixes PA,
 * WO, TR, IN, CN, J1, J2). Taking a number is a write, so the invoice is
 * checked first (fields, rules, references): a refused invoice never uses
 * up a number.
 */
export async function withInvoiceNumber(body: Record<string, unknown>) {
  if (body && typeof body === "object" && (body.invoice_number === undefined || body.invoice_number === null || body.invoice_number === "")) {
    const sent = Object.fromEntries(Object.entries(body).filter(([k]) => !(META_FIELDS as readonly string[]).includes(k)));
    const fields = parseInput(Invoice.fields.strict(), sent);
    checkInvoice(fields);
    await checkReferences(Invoice.type, fields);
    return { ...body, invoice_number: `IN${String(await nextId("invoicenumber")).padStart(5, "0")}` };
  }
  return body;
}

/** What invoices point at (an invoice's agreement lives on its vehicle, its tracking option in a category). */
declareReferences(Invoice, () => ({ customer: Contact, vehicle: Vehicle }));
