import * as z from "zod";
import { answerExtras, defineFields } from "../platform/definition.js";
import { addDays, monthOf } from "../platform/dates.js";
import { money, pounds, sum, VAT_RATE } from "../platform/money.js";

/**
 * The invoice of 003 §3 (and the vehicle sale invoice of 000 §7), every
 * field declared once: core/accounts/invoice.ts parses with its schema,
 * web/src/accounts/invoices/ draws its forms from it. Pure (zod only), so
 * the screens import the rules below and show the server's messages before
 * sending.
 */

/** Where an invoice comes from (docs/data-model.md §8 Invoice `src`; docs/accounts.md "Invoices"). */
export const INVOICE_SOURCES = ["HIRE", "MOVEMENT", "SALES", "ORDER"] as const;
export type InvoiceSource = (typeof INVOICE_SOURCES)[number];

/** 003 §9 Invoice views = the page's activeView, one per source. */
export const ACTIVE_VIEWS: Record<string, InvoiceSource> = { hire: "HIRE", movement: "MOVEMENT", sales: "SALES", order: "ORDER" };

/** 003 §4: not approved, then ready to invoice, then approved. */
export const INVOICE_STATES = ["NOTAPPROVED", "READY", "APPROVED"] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** The page's views (003 §2 Invoicing page) as the `view` query names them. */
export const INVOICE_VIEWS = [
  { value: "all", label: "All", state: null },
  { value: "approved", label: "Approved", state: "APPROVED" },
  { value: "ready", label: "Ready to Invoice", state: "READY" },
  { value: "not_approved", label: "Not Approved", state: "NOTAPPROVED" },
] as const;
export type InvoiceView = (typeof INVOICE_VIEWS)[number]["value"];

/**
 * The invoice number prefix of each source (003 §9 prefixes; decision A1):
 * IN hire and vehicle sales, TR movements, PA part orders.
 */
export const INVOICE_PREFIX: Record<InvoiceSource, "IN" | "TR" | "PA"> = { HIRE: "IN", SALES: "IN", MOVEMENT: "TR", ORDER: "PA" };

/**
 * The counter each prefix takes its numbers from: IN keeps the counter the
 * vehicle sale has used since it shipped (so numbers already issued are
 * never issued again), the others their own `docno#<prefix>` (A1).
 */
export const numberCounter = (prefix: string) => (prefix === "IN" ? "invoicenumber" : `docno#${prefix}`);

/** A document number: the prefix and a 5-digit sequence (A1). */
export const documentNumber = (prefix: string, seq: number) => `${prefix}${String(seq).padStart(5, "0")}`;

export const INVOICE_MESSAGES = {
  /** 003 §5 Invoices. */
  customerNotSetUp: "The customer must be fully setup",
  vatNominalRequired: "A VAT nominal code is required when the amount is above 0",
  noVatNominalRequired: "A no-VAT nominal code is required when the no-VAT amount is above 0",
  invoiceDateRequired: "Invoice Date is required",
  /** 003 §8: the screen's failure toasts (reused from movements, as the spec says). */
  deleteFailed: "There was an error deleting that movement",
  saveFailed: "There was an error saving the movement",
  readyFailed: "There was an error",
  createFailed: "There was an error creating the invoice",
  // Ours (003 §4 names the states, not the wording).
  approvedLocked: "This invoice is approved and can no longer be changed: credit it instead",
  approvedNoDelete: "This invoice is approved and cannot be deleted: credit it instead",
  notReady: "Only an invoice that is ready to invoice can be approved",
  notNotApproved: "Only an invoice that is not approved can be made ready to invoice",
  noneSent: "Choose at least one invoice",
  customerRequired: "Customer is required",
  amountRequired: "Amount is required",
} as const;

/** The approver as recorded on an approved invoice (003 §3 `approver`). */
export const approverSchema = z
  .object({ first_name: z.string().max(100).nullable().optional(), last_name: z.string().max(100).nullable().optional(), email: z.string().max(200).nullable().optional() })
  .nullable()
  .optional();

export const invoice = defineFields({
  src: { server: true, label: "Source", kind: "choice", options: INVOICE_SOURCES, message: "Source must be HIRE, MOVEMENT, SALES or ORDER", upperCase: true },
  customer: { label: "Customer", kind: "ref" },
  department: { label: "Department", kind: "ref" },
  vehicle: { label: "Vehicle", kind: "ref" },
  // The sale's agreement: its id (agreements are numbered across all vehicles).
  finance_agreement: { label: "Finance agreement", kind: "ref" },
  movement: { server: true, label: "Movement", kind: "ref" },
  part_order: { server: true, label: "Part order", kind: "ref" },
  rental: { server: true, label: "Rental", kind: "ref" },
  period_start: { label: "Period start", kind: "date" },
  period_end: { label: "Period end", kind: "date" },
  date: { label: "Date", kind: "date" },
  description: { label: "Description", kind: "textarea", max: 2000 },
  invoice_date: { label: "Invoice date", kind: "date" },
  // The due date: invoice date + the customer's payment terms (dueDateOf), kept by the server.
  payment_date: { server: true, label: "Due date", kind: "date" },
  invoice_number: { label: "Invoice number", kind: "text", max: 50 },
  customer_account: { label: "Customer account", kind: "text", max: 50 },
  tracking_option: { label: "Tracking option", kind: "ref" },
  vat_nominal_code: { label: "VAT nominal code", kind: "ref" },
  no_vat_nominal_code: { label: "No VAT nominal code", kind: "ref" },
  // Not negative: a credit is a credit note, never a negative invoice (003).
  amount: { label: "Amount (vatable)", kind: "money" },
  no_vat_amount: { label: "No VAT amount", kind: "money" },
  internal_charge: { label: "Internal charge", kind: "money" },
  vat_rate: { label: "VAT %", kind: "object", schema: z.union([z.literal(20), z.literal(5), z.literal(0)], { error: "VAT must be 20, 5 or 0" }).nullable().optional() },
  comments: { label: "Comments", kind: "textarea", max: 2000 },
  // The server's: set by invoiceready / invoiceapprove and by credits, never by a save.
  approved: { server: true, label: "Approved", kind: "boolean" },
  ready_to_invoice: { server: true, label: "Ready to invoice", kind: "boolean" },
  approver: { server: true, label: "Approver", kind: "object", schema: approverSchema },
  approved_date: { server: true, label: "Approved on", kind: "date" },
  credited: { server: true, label: "Credited", kind: "money" },
  paid: { server: true, label: "Paid", kind: "money" },
});

/** Fields a save never takes from the client (the server sets them). */
export const INVOICE_SERVER_FIELDS = invoice.serverFields;

/** What an invoice's answer carries besides its fields (its state, VAT, total and what is outstanding, its references' names, the list's search terms, its trading area): a save drops them. */
export const invoiceExtras = answerExtras({
  istate: "text",
  vat: "number",
  total: "number",
  outstanding: "number",
  customer_detail: "object",
  department_detail: "object",
  vat_nominal_code_detail: "object",
  no_vat_nominal_code_detail: "object",
  search_terms: "object",
  area: "text",
});

type Amounts = { amount?: number | null; no_vat_amount?: number | null; vat_rate?: number | null };

/** 003 §9: VAT = 20% of the vatable amount; total = amount + VAT + no-VAT amount (1.2 x amount + no_vat_amount). */
export function invoiceTotals(i: Amounts) {
  const rate = i.vat_rate ?? VAT_RATE;
  const vat = money(i.amount).times(rate).div(100);
  const total = sum(i.amount, vat, i.no_vat_amount);
  return { vat: pounds(vat), total: pounds(total) };
}

/** What is still owed: total − credited − paid (never below 0 in the lists: an over-credit is still 0 owed). */
export function outstandingOf(i: Amounts & { credited?: number | null; paid?: number | null }) {
  return pounds(money(invoiceTotals(i).total).minus(money(i.credited)).minus(money(i.paid)));
}

export function invoiceState(i: { approved?: boolean | null; ready_to_invoice?: boolean | null }): InvoiceState {
  if (i.approved) return "APPROVED";
  return i.ready_to_invoice ? "READY" : "NOTAPPROVED";
}

/**
 * The due date (003 §9 "default payment terms days are added to due
 * dates"; terms start at Invoice Date or Month End, 003 §2): invoice date
 * + the customer's payment term days, counted from the end of the invoice's
 * month when the customer's payment terms say month end. Without term days
 * the invoice is due on its date.
 */
export function dueDateOf(invoiceDate: string | null | undefined, customer: { payment_term_days?: number | null; payment_terms?: string | null } | null | undefined): string | null {
  if (!invoiceDate) return null;
  const days = customer?.payment_term_days ?? 0;
  const from = startsAtMonthEnd(customer?.payment_terms) ? monthOf(invoiceDate).end : invoiceDate;
  return addDays(from, days);
}

/** Payment terms start Month End when the customer's payment terms say so ("Month End", "30 days end of month", "EOM"). */
export function startsAtMonthEnd(terms: string | null | undefined): boolean {
  const t = String(terms ?? "").toLowerCase();
  return /month\s*end|end\s*of\s*(the\s*)?month|\beom\b|^month$/.test(t);
}

/**
 * The rules of 003 §5 Invoices for approving, with their messages (null
 * when it passes): the server refuses with them, the screen shows them
 * before sending.
 */
export function approveRuleResult(
  i: Amounts & { invoice_date?: string | null; vat_nominal_code?: number | null; no_vat_nominal_code?: number | null },
  customer: { partial_contact?: boolean | null } | null | undefined,
): { message: string; errors: Record<string, string> } | null {
  const m = INVOICE_MESSAGES;
  if (!customer || customer.partial_contact) return { message: m.customerNotSetUp, errors: { customer: m.customerNotSetUp } };
  if (money(i.amount).gt(0) && !i.vat_nominal_code) return { message: m.vatNominalRequired, errors: { vat_nominal_code: m.vatNominalRequired } };
  if (money(i.no_vat_amount).gt(0) && !i.no_vat_nominal_code) return { message: m.noVatNominalRequired, errors: { no_vat_nominal_code: m.noVatNominalRequired } };
  if (!i.invoice_date) return { message: m.invoiceDateRequired, errors: { invoice_date: m.invoiceDateRequired } };
  return null;
}

/**
 * The trading area of a department, for the credit usages (003 §3 Contact; A3): dvh, rf or vsd (parts direct counts
 * under none). The rentals department (RENTALS DIRECT, 000 §1) hires vans: van hire (the VH- prefix of 000 §9).
 */
export function tradingAreaOf(departmentName: string | null | undefined): "dvh" | "rf" | "vsd" | null {
  const n = String(departmentName ?? "").toUpperCase().replace(/[^A-Z]/g, "");
  if (n.includes("VANHIRE") || n.includes("RENTAL")) return "dvh";
  if (n.includes("RAPIDFIT")) return "rf";
  if (n.includes("VANSALES")) return "vsd";
  return null;
}
