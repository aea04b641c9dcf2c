import * as z from "zod";
import { answerExtras, defineFields } from "../platform/definition.js";
import { formatPounds, money, pounds, sum, VAT_RATE } from "../platform/money.js";
import { approverSchema } from "./invoice-definitions.js";

/**
 * The credit note of 003 §3, every field declared once: core/accounts/credit.ts
 * parses with its schema, web/src/accounts/credits/ draws its form from it.
 * Pure (zod only), shared with the screens.
 */

/**
 * What a credit note credits (docs/data-model.md §8 Credit note, A10):
 * a transaction, a movement invoice, a vehicle sale invoice, a work item, a
 * part, or a hire or part order invoice (INVOICE: shown under All only).
 */
export const CREDIT_KINDS = ["TRANSACTION", "MOVEMENT", "SALE", "WORK", "PART", "INVOICE"] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/** The page's view filter (003 §2 Credit Notes; A10). */
export const CREDIT_VIEWS = [
  { value: "TRANSACTION", label: "Transaction" },
  { value: "MOVEMENT", label: "Movement Invoice" },
  { value: "SALE", label: "Vehicle Sale Invoice" },
  { value: "WORK", label: "Work Items" },
  { value: "PART", label: "Parts" },
] as const;

export const CREDIT_STATES = ["NOTAPPROVED", "READY", "APPROVED"] as const;
export type CreditState = (typeof CREDIT_STATES)[number];

/** The approved-state filter (003 §2) as the `approved` query names it. */
export const CREDIT_APPROVED_FILTER = [
  { value: "not_approved", label: "Not Approved", state: "NOTAPPROVED" },
  { value: "ready", label: "Ready to Approve", state: "READY" },
  { value: "approved", label: "Approved", state: "APPROVED" },
] as const;

/** The one record a credit links to: which field names it. */
export const CREDIT_LINKS = ["invoice", "transaction", "work_item", "part"] as const;
export type CreditLink = (typeof CREDIT_LINKS)[number];

export const CREDIT_MESSAGES = {
  /** 003 §5 Credit notes. */
  approveNeeds: "Date Issued and Nominal Code are required before approving",
  dateIssuedRequired: "Date Issued is required",
  amountRequired: "At least one of Amount or No VAT Amount are required",
  /** 003 §8: ready and credit calls. */
  failed: "There was an error",
  // Ours (003 §4 names the states, not the wording).
  oneLink: "A credit note credits exactly one invoice, transaction, work item or part",
  linkFixed: "A credit note's linked record cannot be changed: delete it and credit the other record",
  approvedLocked: "This credit note is approved and can no longer be changed",
  approvedNoDelete: "This credit note is approved and cannot be deleted",
  notNotApproved: "Only a credit note that is not approved can be made ready to approve",
  notReady: "Only a credit note that is ready to approve can be approved",
  invoiceNotApproved: "Only an approved invoice can be credited",
  noneSent: "Choose at least one credit note",
  tooMuch: (left: number) => `The credit is more than is left to credit (${formatPounds(left)})`,
  linkedMissing: (what: string, id: number) => `${what} ${id} does not exist`,
  transactionsNotWired: "Transactions cannot be credited yet",
} as const;

export const credit = defineFields({
  description: { label: "Description", kind: "textarea", max: 2000 },
  credit_note_number: { server: true, label: "Credit note number", kind: "text", max: 50 },
  date_issued: { label: "Date issued", kind: "date" },
  amount: { label: "Amount (vatable)", kind: "money" },
  no_vat_amount: { label: "No VAT amount", kind: "money" },
  vat_nominal_code: { label: "VAT nominal code", kind: "ref" },
  no_vat_nominal_code: { label: "No VAT nominal code", kind: "ref" },
  comments: { label: "Comments", kind: "textarea", max: 2000 },
  // The one link (CREDIT_LINKS): fixed once created.
  invoice: { label: "Invoice", kind: "ref" },
  transaction: { label: "Transaction", kind: "ref" },
  work_item: { label: "Work item", kind: "ref" },
  part: { label: "Part", kind: "ref" },
  // The server's: from the linked record, and the states.
  kind: { server: true, label: "Kind", kind: "choice", options: CREDIT_KINDS, message: "Kind must be one of TRANSACTION, MOVEMENT, SALE, WORK, PART, INVOICE", upperCase: true },
  contact: { server: true, label: "Contact", kind: "ref" },
  party: { server: true, label: "Party", kind: "choice", options: ["CUSTOMER", "SUPPLIER"] as const, message: "Party must be CUSTOMER or SUPPLIER", upperCase: true },
  department: { server: true, label: "Department", kind: "ref" },
  date: { label: "Date", kind: "date" },
  approved: { server: true, label: "Approved", kind: "boolean" },
  ready_to_approve: { server: true, label: "Ready to approve", kind: "boolean" },
  approver: { server: true, label: "Approver", kind: "object", schema: approverSchema },
  approved_date: { server: true, label: "Approved on", kind: "date" },
});

/** Fields a save never takes from the client. */
export const CREDIT_SERVER_FIELDS = credit.serverFields;

/** What a credit's answer carries besides its fields (its state, VAT and total, its references' names, its trading area): a save drops them. */
export const creditExtras = answerExtras({
  cstate: "text",
  vat: "number",
  total: "number",
  contact_detail: "object",
  department_detail: "object",
  vat_nominal_code_detail: "object",
  no_vat_nominal_code_detail: "object",
  area: "text",
});

type Amounts = { amount?: number | null; no_vat_amount?: number | null };

/** 003 §9 as for invoices: VAT 20% of the vatable amount; total = 1.2 x amount + no-VAT amount. */
export function creditTotals(c: Amounts) {
  const vat = money(c.amount).times(VAT_RATE).div(100);
  return { vat: pounds(vat), total: pounds(sum(c.amount, vat, c.no_vat_amount)) };
}

export function creditState(c: { approved?: boolean | null; ready_to_approve?: boolean | null }): CreditState {
  if (c.approved) return "APPROVED";
  return c.ready_to_approve ? "READY" : "NOTAPPROVED";
}

const positive = (v: unknown) => money(v as number | null | undefined).gt(0);

/** 003 §5: at least one of the amounts (every save). */
export function creditAmountResult(c: Amounts): { message: string; errors: Record<string, string> } | null {
  if (!positive(c.amount) && !positive(c.no_vat_amount)) return { message: CREDIT_MESSAGES.amountRequired, errors: { amount: CREDIT_MESSAGES.amountRequired, no_vat_amount: CREDIT_MESSAGES.amountRequired } };
  return null;
}

/**
 * 003 §5 approval: date issued and the nominal code of each amount above 0
 * ('Date Issued and Nominal Code are required before approving'; only the
 * date missing: 'Date Issued is required'), and an amount.
 */
export function creditApproveResult(c: Amounts & { date_issued?: string | null; vat_nominal_code?: number | null; no_vat_nominal_code?: number | null }) {
  const amount = creditAmountResult(c);
  if (amount) return amount;
  const missingCodes: Record<string, string> = {};
  if (positive(c.amount) && !c.vat_nominal_code) missingCodes.vat_nominal_code = CREDIT_MESSAGES.approveNeeds;
  if (positive(c.no_vat_amount) && !c.no_vat_nominal_code) missingCodes.no_vat_nominal_code = CREDIT_MESSAGES.approveNeeds;
  if (Object.keys(missingCodes).length) return { message: CREDIT_MESSAGES.approveNeeds, errors: { ...missingCodes, ...(c.date_issued ? {} : { date_issued: CREDIT_MESSAGES.approveNeeds }) } };
  if (!c.date_issued) return { message: CREDIT_MESSAGES.dateIssuedRequired, errors: { date_issued: CREDIT_MESSAGES.dateIssuedRequired } };
  return null;
}

/** The one link a credit names (null when none or several). */
export function linkOf(c: Partial<Record<CreditLink, number | null | undefined>>): { field: CreditLink; id: number } | null {
  const set = CREDIT_LINKS.filter((f) => c[f]);
  return set.length === 1 ? { field: set[0], id: c[set[0]] as number } : null;
}

/** The kind of a credit of an invoice, from the invoice's source (A10). */
export function invoiceCreditKind(src: string | null | undefined): CreditKind {
  if (src === "MOVEMENT") return "MOVEMENT";
  if (src === "SALES" || !src) return "SALE";
  return "INVOICE";
}

/** The approved-state filter (003 §2 /credit: Not Approved, Ready to Approve, Approved); true and false name approved and not approved. */
export const CREDIT_APPROVED_VIEWS = [
  { value: "not_approved", label: "Not Approved", aliases: ["false"] },
  { value: "ready", label: "Ready to Approve" },
  { value: "approved", label: "Approved", aliases: ["true"] },
] as const;
export const creditApprovedQuery = z.enum(["not_approved", "ready", "approved"], { error: "approved must be not_approved, ready (ready_to_approve) or approved (true, false)" });
