import { TAX_TYPES } from "../settings/taxtypes.js";
import { isCredit } from "../workshop/rules.js";

/**
 * Workshop expenses and invoicing approvals (003 §4, §5 "Workshop expenses
 * and invoicing approvals", §8), pure: no I/O. The server runs them on
 * every PUT work/readytoapprove and work/approve before writing anything
 * (core/accounts/work-approvals.ts); the approval modal runs the same ones
 * before sending (web/src/accounts/WorkApprovalsPage.tsx). Messages are the
 * spec's, verbatim (its spelling kept); the few it does not give are ours
 * (docs/accounts.md "Work approvals").
 */

export const WORK_MESSAGES = {
  mixed: "Not all work items are of the same type (invoice or credit) No Changes have been made",
  workType: "Work Type is required",
  missingApproval: "Missing Approval",
  poMissing: "Missing valid workshop invoice number, invoice date and/or payment date and Nominal Codes",
  customerIncomplete: "The chargeable customer must be set up completly",
  workNominal: "All work items need a nominal code",
  partsNominal: "All parts need a nominal code",
  notAllReady: "Not all work items are ready to be invoiced",
  notValid: "One or more work items are not valid for approval",
  // Warning only (003 §5; 002 §5 words it for parts).
  vatMismatch: "Vat entered does not match nominal vat",
  // Ours: the spec shows none.
  empty: "Choose at least one work item",
  nominalOf: (what: string) => `Nominal code needed for ${what}`,
  side: "Approve either the expenses or the invoice of the work items, not both",
} as const;

type Rec = Record<string, any>;
export type Side = "po" | "invoice";

const has = (v: unknown) => v !== null && v !== undefined && v !== "";
const idOf = (v: unknown): number | null => (typeof v === "number" ? v : v && typeof v === "object" && typeof (v as Rec).id === "number" ? (v as Rec).id : null);

/**
 * One work item of a batch, as the rules see it: the item (its line with
 * the edits sent laid over it, its parts), its job (with the job fields
 * sent), every work item of that job as stored, and the contact it is
 * billed to.
 */
export type Candidate = { item: Rec; job: Rec; jobItems: Rec[]; billed: Rec | null };

/** A refusal: the first message and each failing field keyed `<index in the batch>.<field>`. */
export type WorkRuleResult = { message: string; errors: Record<string, string> } | null;

function result(errors: Array<[string, string]>): WorkRuleResult {
  if (!errors.length) return null;
  return { message: errors[0][1], errors: Object.fromEntries([...errors].reverse()) };
}

/** 003 §4: a batch is all credits (labour cost below 0) or all invoices. */
export function mixedTypes(items: Rec[]): boolean {
  return items.some(isCredit) && items.some((w) => !isCredit(w));
}

/** Which approval a batch asks for, from the flag each item sets (A11); null when none or both. */
export function sideOf(sent: Rec[]): Side | null {
  const po = sent.every((s) => s.po_approved === true && s.invoice_approved !== true);
  const inv = sent.every((s) => s.invoice_approved === true && s.po_approved !== true);
  return po ? "po" : inv ? "invoice" : null;
}

/**
 * PO approval of one item (003 §5): a work type; a type needing approval
 * has it received; a free-of-charge type passes; otherwise the job's
 * workshop invoice number and invoice date, the item's supplier nominal
 * code and each part's supplier nominal code.
 */
export function poItemRule(c: Candidate): string | null {
  const w = c.item;
  if (w.po_approved || !has(c.job.jstate) || ["ENQUIRY", "DEFECT", "CONVERTED"].includes(c.job.jstate)) return WORK_MESSAGES.notValid;
  if (!has(idOf(w.work_type))) return WORK_MESSAGES.workType;
  if (w.approval_needed && !w.approval_received) return WORK_MESSAGES.missingApproval;
  if (w.free_of_charge) return null;
  const partsCoded = (w.parts ?? []).every((p: Rec) => has(idOf(p.supplier_nominal_code)));
  if (!has(c.job.workshop_invoice_number) || !has(c.job.workshop_invoice_date) || !has(idOf(w.supplier_nominal_code)) || !partsCoded) return WORK_MESSAGES.poMissing;
  return null;
}

/** The step before invoice approval (003 §4): the job approved, the item not yet invoiced. */
export function readyItemRule(c: Candidate): string | null {
  if (c.item.invoice_approved || c.job.jstate !== "APPROVED") return WORK_MESSAGES.notValid;
  return null;
}

/**
 * Invoice approval of one item (003 §5): the item ready and not approved,
 * on an approved job; its chargeable customer complete; its customer
 * nominal code; each part's customer nominal code; and every work item of
 * the job of the batch's kind (invoice or credit) not yet approved is in
 * the batch and ready (`inBatch`: the ids sent).
 */
export function invoiceItemRule(c: Candidate, inBatch: ReadonlySet<number>): string | null {
  const w = c.item;
  if (w.invoice_approved || !w.ready_to_approve || c.job.jstate !== "APPROVED") return WORK_MESSAGES.notValid;
  const credit = isCredit(w);
  const others = c.jobItems.filter((o) => !o.invoice_approved && isCredit(o) === credit);
  if (others.some((o) => !inBatch.has(o.id) || !o.ready_to_approve)) return WORK_MESSAGES.notAllReady;
  if (!c.billed || c.billed.partial_contact) return WORK_MESSAGES.customerIncomplete;
  if (!has(idOf(w.customer_nominal_code))) return WORK_MESSAGES.workNominal;
  if (!(w.parts ?? []).every((p: Rec) => has(idOf(p.customer_nominal_code)))) return WORK_MESSAGES.partsNominal;
  return null;
}

/**
 * The nominal codes an item still lacks for its approval (issue 24 item 9:
 * 'All work items need a nominal code' named none): the item's own code and
 * each part's, supplier codes for expenses and customer codes for invoicing,
 * keyed as the refusal's errors are (`<index>.<field>`, `<index>.parts.<k>.<field>`)
 * with a message naming the item or part.
 */
export function missingNominalCodes(side: Side, item: Rec, index: number): Array<[string, string]> {
  const field = side === "po" ? "supplier_nominal_code" : "customer_nominal_code";
  const out: Array<[string, string]> = [];
  if (side === "po" && item.free_of_charge) return out;
  if (!has(idOf(item[field]))) out.push([`${index}.${field}`, WORK_MESSAGES.nominalOf(item.description ? String(item.description) : `work item ${index + 1}`)]);
  (item.parts ?? []).forEach((p: Rec, k: number) => {
    if (!has(idOf(p[field]))) out.push([`${index}.parts.${k}.${field}`, WORK_MESSAGES.nominalOf(`part ${p.name ? String(p.name) : k + 1}`)]);
  });
  return out;
}

/** The batch's refusal, every item checked (the mixed-type rule first: nothing else is said then). */
export function batchRules(kind: "ready" | Side, batch: Candidate[]): WorkRuleResult {
  if (!batch.length) return { message: WORK_MESSAGES.empty, errors: { items: WORK_MESSAGES.empty } };
  if (mixedTypes(batch.map((c) => c.item))) return { message: WORK_MESSAGES.mixed, errors: { items: WORK_MESSAGES.mixed } };
  const ids = new Set(batch.map((c) => c.item.id as number));
  const errors: Array<[string, string]> = [];
  batch.forEach((c, i) => {
    const m = kind === "po" ? poItemRule(c) : kind === "invoice" ? invoiceItemRule(c, ids) : readyItemRule(c);
    if (m) errors.push([`${i}`, m]);
  });
  const refused = result(errors);
  if (!refused || kind === "ready") return refused;
  // Each nominal code missing is named and keyed to its field, beside the spec's message (issue 24 item 9).
  const missing = batch.flatMap((c, i) => missingNominalCodes(kind, c.item, i));
  if (!missing.length || ![WORK_MESSAGES.workNominal, WORK_MESSAGES.partsNominal, WORK_MESSAGES.poMissing].includes(refused.message as never)) return refused;
  // The spec's message stays verbatim; the names go with the fields (the screen lists them under it).
  return { message: refused.message, errors: { ...refused.errors, ...Object.fromEntries(missing) } };
}

/**
 * 003 §5 warning (never a refusal): the VAT entered on an item (its tax
 * type) does not match its nominal code's, by rate.
 */
const taxRate = (t: string | null | undefined) => TAX_TYPES.find((x) => x.tax_type === t)?.rate ?? 0;

export function vatMismatch(item: Rec, nominal: Rec | null | undefined): boolean {
  if (!has(item.labour_cost_vat) || !nominal || !has(nominal.tax_type)) return false;
  return taxRate(String(item.labour_cost_vat).toUpperCase()) !== taxRate(nominal.tax_type);
}

/**
 * The customer invoice numbers a job's items need (A1): with a customer 2,
 * J1 for customer 1's items and J2 for customer 2's (chargeable ones);
 * without, WO. `field` is where the job (and its quote) keep it.
 */
export function numbersNeeded(job: Rec, items: Rec[]): Array<{ prefix: "WO" | "J1" | "J2"; field: "customer_invoice_number" | "customer2_invoice_number" }> {
  const c2 = has(idOf(job.customer2));
  const out: Array<{ prefix: "WO" | "J1" | "J2"; field: "customer_invoice_number" | "customer2_invoice_number" }> = [];
  const toC2 = c2 && items.some((w) => !!w.chargeable);
  const toC1 = items.some((w) => !(c2 && w.chargeable));
  if (toC1) out.push({ prefix: c2 ? "J1" : "WO", field: "customer_invoice_number" });
  if (toC2) out.push({ prefix: "J2", field: "customer2_invoice_number" });
  return out;
}

/** A workshop customer invoice number: prefix + the counter's sequence, 5 digits (A1). */
export const formatNumber = (prefix: string, seq: number) => `${prefix}${String(seq).padStart(5, "0")}`;
