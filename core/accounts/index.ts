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
import { CostCentre, Department } from "../settings/index.js";

/**
 * Accounts records the vehicle sale creates today (000 §7 POST payments,
 * POST invoices; 003 §3 Payment and Invoice). The accounts screens of the
 * later issue build on these same records.
 */

export const PAYMENT_TYPES = ["BACS", "CASH", "CARD", "DIRECT DEBIT"] as const;
/** 000 §9: the default payment cost centre is the one with id 4. */
export const DEFAULT_PAYMENT_COST_CENTRE = 4;

const positive = (label: string) => money().refine((v) => v === null || v === undefined || v > 0, `${label} must be more than 0`);

export const Payment = defineRecordType({
  type: "payment",
  label: "Payment",
  fields: z.object({
    contact: ref(),
    department: ref(),
    invoice_number: text(50),
    payment_date: isoDate(),
    amount: positive("Amount"),
    payment_type: z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), z.enum(PAYMENT_TYPES, { error: "Payment type must be BACS, CASH, CARD or DIRECT DEBIT" })).optional(),
    cost_centre: ref(),
    comments: text(2000),
    date_paid: isoDate(),
  }),
  defaults: () => ({ payment_type: "BACS" as const, cost_centre: DEFAULT_PAYMENT_COST_CENTRE, payment_date: todayInLondon() }),
  searchOf: (r) => searchText(r.invoice_number),
  validate(r) {
    if (!r.contact) throw new ValidationError("Please fill in all fields", { contact: "Contact is required" });
    if (r.amount === null || r.amount === undefined) throw new ValidationError("Please fill in all fields", { amount: "Amount is required" });
    if (!r.payment_date) throw new ValidationError("Please fill in all fields", { payment_date: "Payment date is required" });
  },
});

/** What payments point at. */
declareReferences(Payment, () => ({ contact: Contact, department: Department, cost_centre: CostCentre }));

// The invoice and credit note records and their services (issue 13): their own files.
export * from "./invoice-definitions.js";
export { Invoice, invoiceFields, expandInvoices, checkInvoice, sourceOf, type InvoiceFields } from "./invoice.js";
export { Invoices, invoiceBatch, raiseOrderInvoice, type Approver, type InvoiceListQuery } from "./invoices.js";
export * from "./credit-definitions.js";
export { Credit, creditFields, type CreditFields } from "./credit.js";
export { Credits, creditBatch, creditSources, type Credited, type CreditListQuery } from "./credits.js";
export { balancesOf, hasOverduePayment, openingOf, withBalance, type Balance } from "./balances.js";
