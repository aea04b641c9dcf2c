import { addDays, monthOf } from "../platform/dates.js";
import { TAX_TYPES } from "../settings/taxtypes.js";
import { compactKey } from "../platform/paging.js";
import { part } from "./definitions.js";

/**
 * Parts Expenses rules (002 §2 Parts Expenses, §4 Part (expenses), §5 Part
 * approval; 003 §5 "Part approval (parts expenses)"): pure, so the server
 * and the screens (web/src/parts/) hold the same views and messages.
 */

type Rec = Record<string, any>;
const idOf = (v: unknown): number | null => (typeof v === "number" ? v : v && typeof v === "object" && typeof (v as Rec).id === "number" ? (v as Rec).id : null);
const has = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== "";

export type PartOrigin = "job" | "quote" | "partorder";
export const PART_VIEWS = ["current", "tbo", "approved", "stock", "backorder"] as const;
export type PartView = (typeof PART_VIEWS)[number];
/** Row id prefixes of 002 §2 Parts Expenses: P part orders, J jobs, Q quotes. */
export const ROW_PREFIX: Record<PartOrigin, string> = { partorder: "P", job: "J", quote: "Q" };


/**
 * The Parts Expenses views a part is in (docs/data-model.md §7.1; a part can
 * be in several): CURRENT not approved and not from stock; TBO to be ordered,
 * not yet ordered, not approved; APPROVED; STOCK from stock; BACKORDER on
 * backorder or with a backorder date, not approved.
 */
export function partViews(p: Rec): PartView[] {
  const out: PartView[] = [];
  if (!p.approved && !p.from_stock) out.push("current");
  if (p.to_be_ordered && !has(p.date_ordered) && !p.approved) out.push("tbo");
  if (p.approved) out.push("approved");
  if (p.from_stock) out.push("stock");
  if ((p.backorder || has(p.backorder_expected_date)) && !p.approved) out.push("backorder");
  return out;
}

/**
 * When a part's invoice falls due: its payment date when set, else the
 * invoice date plus the supplier's payment terms (DATE: days after the
 * invoice date; MONTH: days after the end of the invoice's month); none
 * without an invoice date. Terms not set count as due on the day.
 */
export function partDueDate(p: Rec, supplier: Rec | null | undefined): string | null {
  if (has(p.payment_date)) return String(p.payment_date);
  if (!has(p.invoice_date)) return null;
  const invoice = String(p.invoice_date);
  const days = Number(supplier?.supplier_payment_terms ?? 0) || 0;
  const from = supplier?.supplier_payment_terms_start === "MONTH" ? monthOf(invoice).end : invoice;
  return addDays(from, days);
}


/** A quote part linked to a job card part: the job's part is the expense (W11), the quote's is hidden from Parts Expenses and pushed to no one. */
export const isHidden = (origin: PartOrigin, p: Rec) => origin === "quote" && !!idOf(p.part);

/**
 * The supplier invoice a part is booked on, as its `inv#<supplier>#<invoice>`
 * list and the Xero parts push name it (the invoice number compacted); null
 * without a supplier or an invoice number.
 */
export function supplierInvoiceOf(p: Rec): { supplier: number; invoice: string } | null {
  const supplier = idOf(p.supplier);
  const invoice = compactKey(p.part_invoice_number);
  return supplier && invoice ? { supplier, invoice } : null;
}

/**
 * The supplier invoices whose parts one save of a holder approves (PUT
 * parts/update: a job's, a quote's or a part order's parts; `server` the
 * approval's own fields per part id, `approved: true` on those it
 * approves): each is one Xero purchase invoice (docs/xero.md). A hidden
 * quote part (W11) is no expense of its own: it queues nothing.
 */
export function approvedSupplierInvoices(origin: PartOrigin, parts: Rec[], server: Map<number, Rec>): Array<{ supplier: number; invoice: string }> {
  const out = new Map<string, { supplier: number; invoice: string }>();
  for (const p of parts) {
    if (!server.get(p.id)?.approved || isHidden(origin, p)) continue;
    const inv = supplierInvoiceOf(p);
    if (inv) out.set(`${inv.supplier}#${inv.invoice}`, inv);
  }
  return [...out.values()];
}

/** The row id shown for a part (002 §2): P{id} part orders, J{id} jobs, Q{id} quotes, the id its parent's. */
export const partRowId = (origin: PartOrigin, parentId: number) => `${ROW_PREFIX[origin]}${parentId}`;

export const PART_MESSAGES = {
  nominal: "Nominal Code is required",
  vat: "Vat entered does not match nominal vat",
  supplier: "The Supplier must be a complete contact",
  invoice: "You must specify an invoice number and Invoice date before approving!",
  cannotApprove: "Cannot approve parts",
  dueRange: "Please enter due date start and end",
  nominalLocked: (name: string) => `The nominal code of part ${name} cannot be changed: the part has been approved`,
  approved: "All data has been sent to xero",
  approveError: "There was an error approving parts",
} as const;

/** The VAT rate in percent a part's `cost_vat` stands for: a tax type's rate ("INPUT2" 20), or a number ("20"); null when blank or unknown. */
export function vatRateOf(v: unknown): number | null {
  if (v === null || v === undefined || String(v).trim() === "") return null;
  const s = String(v).trim();
  const t = TAX_TYPES.find((x) => x.tax_type === s.toUpperCase());
  if (t) return t.rate;
  const n = Number(s.replace(/%$/, ""));
  return Number.isFinite(n) ? n : null;
}

/**
 * One part's approval check (003 §5 "Part approval"): a nominal code, a
 * complete (not partial) supplier, an invoice number of at least one
 * character and an invoice date. `errors` keyed by field; `warning` when
 * the VAT entered does not match the nominal code's (approval goes ahead).
 */
export function partApprovalCheck(p: Rec, supplier: Rec | null | undefined, nominal: Rec | null | undefined): { errors: Record<string, string>; warning: string | null } {
  const errors: Record<string, string> = {};
  if (!idOf(p.supplier_nominal_code)) errors.supplier_nominal_code = PART_MESSAGES.nominal;
  if (!supplier || supplier.partial_contact) errors.supplier = PART_MESSAGES.supplier;
  if (!has(p.part_invoice_number)) errors.part_invoice_number = PART_MESSAGES.invoice;
  if (!has(p.invoice_date)) errors.invoice_date = PART_MESSAGES.invoice;
  let warning: string | null = null;
  if (nominal) {
    const entered = vatRateOf(p.cost_vat);
    const expected = vatRateOf(nominal.tax_type ?? null);
    if (entered !== null && expected !== null && entered !== expected) warning = PART_MESSAGES.vat;
  }
  return { errors, warning };
}

/**
 * A set of parts to approve, all or nothing: each part's errors keyed
 * `<i>.<field>`, the first message, and the VAT warnings. `message` is
 * 'Cannot approve parts' when any part fails.
 */
export function approvalRefusal(checks: Array<{ errors: Record<string, string> }>): { message: string; errors: Record<string, string> } | null {
  const errors: Record<string, string> = {};
  checks.forEach((c, i) => {
    for (const [k, v] of Object.entries(c.errors)) errors[`${i}.${k}`] = v;
  });
  return Object.keys(errors).length ? { message: PART_MESSAGES.cannotApprove, errors } : null;
}

/** Select Filtered (002 §5): both due dates are needed. */
export function dueRangeRefusal(start: unknown, end: unknown): string | null {
  return has(start) && has(end) ? null : PART_MESSAGES.dueRange;
}

/**
 * What an approved part no longer lets change (002 §4, §5): the fields its
 * definition flags `lockedWhenApproved` (`locked`, definitions.ts
 * `part.lockedWhenApproved`: its supplier tracking option and its nominal
 * code). `before` is the stored part. The job save's lockRules and the
 * parts screens' saves both ask this.
 */
export function approvedPartLocks(before: Rec, after: Rec, locked: readonly string[]): Record<string, string> {
  if (!before.approved) return {};
  const same = (a: unknown, b: unknown) => JSON.stringify(idOf(a) ?? a ?? null) === JSON.stringify(idOf(b) ?? b ?? null);
  const name = String(before.name ?? "") || "Unnamed Part";
  const errors: Record<string, string> = {};
  for (const f of locked)
    if (f in after && !same(after[f], before[f]))
      errors[f] = f === "supplier_nominal_code" ? PART_MESSAGES.nominalLocked(name) : `The ${f.replace(/_/g, " ")} of part ${name} cannot be changed: the part has been approved`;
  return errors;
}

/**
 * Money on the lines of an approved job card and of a completed part order
 * (issue 22 findings 5, 6; docs/workshop.md "Approved job cards and
 * completed part orders"): the amounts and what prices them, the fields the
 * work item and part definitions flag `lockedMoney` (`workItem.lockedMoney`,
 * `part.lockedMoney`; no hand list beside them). Once the job is approved
 * (its WO/J1/J2 invoice follows from these lines) or the order completed
 * (its invoice was raised from them), no route changes them, nor adds or
 * removes a line. Everything else on the line (nominal codes, tracking
 * options where their own locks allow, invoice number, invoice, due and
 * payment dates, payment type, dates ordered, comments, approval flags) is
 * what Accounts and Parts Expenses still set there.
 */
export const LOCK_MESSAGES = {
  /** The job's own approved message (docs/workshop.md "Messages we chose"). */
  approvedJob: "This job has been approved and can no longer be changed",
  /** Ours: a completed part order's parts (its invoice was raised from them). */
  completedOrderParts: "The parts of a completed part order cannot be changed: its invoice was raised from them",
} as const;

/** A value as a lock compares it: an object by its id, a number-like text as the number, unset and false alike. */
const lockValue = (v: unknown): unknown => {
  const id = idOf(v);
  if (id !== null && typeof v === "object") return id;
  if (v === undefined || v === false || v === "") return null;
  if (typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return v;
};

/** The money fields of `fields` whose value `after` changes from `before` (only the fields `after` carries). */
export function moneyChanges(before: Rec, after: Rec, fields: readonly string[]): string[] {
  return fields.filter((f) => f in after && JSON.stringify(lockValue(after[f])) !== JSON.stringify(lockValue(before[f])));
}

/**
 * The lock on a part saved by Parts Expenses (PUT parts/update, PUT
 * parts/update/{id}) when its parent locks its money: `errors` keyed by
 * field with the parent's message, empty when the change may go.
 */
export function lockedPartMoney(origin: PartOrigin, parent: Rec | null | undefined, before: Rec, sent: Rec): Record<string, string> {
  const message = origin === "job" && parent?.approved ? LOCK_MESSAGES.approvedJob : origin === "partorder" && parent?.status === "COMPLETE" ? LOCK_MESSAGES.completedOrderParts : null;
  if (!message) return {};
  return Object.fromEntries(moneyChanges(before, sent, part.lockedMoney).map((f) => [f, message]));
}
