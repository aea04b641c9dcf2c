import type { Membership } from "../platform/records.js";
import { namedChoice } from "../platform/choices.js";
import { VAT_RATE, money, pounds, toPence, type Amount } from "../platform/money.js";
import { taxRate } from "../settings/taxtypes.js";
import { isCredit } from "./rules.js";

/**
 * The job's work items as Workshop Expenses (/po) and Workshop Invoicing
 * (/invoicing) list them (003 §2, §4; docs/data-model.md §7.1 "Work item"):
 * the lists of the job's `work_items` line collection (core/platform/lines.ts
 * `lists`), worked out from the line and its job as saved, so a job's
 * approval or a work item's approval moves its entries in the same unit.
 *
 * - `po#<P>#d#<D>` by workshop date: the expenses views (P = current,
 *   approval, approved), for jobs in the jobs list (not defects, enquiries
 *   or converted ones);
 * - `inv#<I>#d#<D>` by workshop date: the invoicing views (I = current,
 *   ready, approved), once the job is approved;
 * - `neg#<po|inv>#<state>#d#<D>`: the same, credit items only (labour cost
 *   below 0: `negative=true`);
 * - `cust#<billed customer>#<I>`: one customer's items by invoicing state.
 * D is `all` and the job's department: both are written.
 */

type Rec = Record<string, any>;

export const PO_STATES = ["current", "approval", "approved"] as const;
export const INVOICE_STATES = ["current", "ready", "approved"] as const;

/** The snake_case of 003 §2's view labels (Approval Needed, Ready To Invoice) as the views' own names. */
export const WORK_VIEW_ALIASES: Readonly<Record<string, string>> = { approval_needed: "approval", ready_to_invoice: "ready" };

/** A work view as a client names it ("Approval Needed", "approval_needed", "approval"): the view's own name. */
export const workViewOf = namedChoice(WORK_VIEW_ALIASES);
export type PoState = (typeof PO_STATES)[number];
export type InvoiceState = (typeof INVOICE_STATES)[number];

const NO_DATE = "~";
const NOT_LISTED = new Set(["ENQUIRY", "DEFECT", "CONVERTED"]);
const idOf = (v: unknown): number | null => (typeof v === "number" ? v : v && typeof v === "object" && typeof (v as Rec).id === "number" ? (v as Rec).id : null);

/** Expenses state (P): approved; approval needed (the work type asks for it and it has not been received); else current. */
export function poState(w: Rec): PoState {
  if (w.po_approved) return "approved";
  if (w.approval_needed && !w.approval_received) return "approval";
  return "current";
}

/** Invoicing state (I): approved; ready (ready_to_approve); else current. */
export function invoiceState(w: Rec): InvoiceState {
  if (w.invoice_approved) return "approved";
  if (w.ready_to_approve) return "ready";
  return "current";
}

// isCredit is a pure rule (core/workshop/rules.ts): the SPA's approval rules use it.
export { isCredit };

/** Who the item is billed to: customer 2 when chargeable and the job has one, else customer 1. */
export function billedCustomer(w: Rec, job: Rec): number | null {
  const c2 = idOf(job.customer2);
  return w.chargeable && c2 !== null ? c2 : idOf(job.customer);
}

/** The work item's list memberships (see above), from the line and its job as saved. */
export function workItemLists(w: Rec, job: Rec): Membership[] {
  const out: Membership[] = [];
  const state = job.jstate as string | undefined;
  if (!state || NOT_LISTED.has(state)) return out;
  const sort = job.workshop_date ?? NO_DATE;
  const D = ["all", ...(idOf(job.department) !== null ? [String(idOf(job.department))] : [])];
  const credit = isCredit(w);
  const P = poState(w);
  for (const d of D) {
    out.push({ list: `po#${P}#d#${d}`, sort });
    if (credit) out.push({ list: `neg#po#${P}#d#${d}`, sort });
  }
  if (state === "APPROVED") {
    const I = invoiceState(w);
    for (const d of D) {
      out.push({ list: `inv#${I}#d#${d}`, sort });
      if (credit) out.push({ list: `neg#inv#${I}#d#${d}`, sort });
    }
    const c = billedCustomer(w, job);
    if (c !== null) out.push({ list: `cust#${c}#${I}`, sort });
  }
  return out;
}

/** Position counts (month, day) on the long lists: the approved views grow with history. */
export const WORK_LIST_POSITIONS = { coarse: 7, fine: 10, lists: (l: string) => l.startsWith("po#") || l.startsWith("inv#") };

/**
 * The work type's flags a work item's lists need (Approval Needed), copied
 * onto the line whenever the job is saved (the line's lists see only the
 * line and its job).
 */
export function withWorkTypeFlags(items: Rec[], workTypes: Map<number, Rec>): Rec[] {
  return items.map((w) => {
    const t = workTypes.get(idOf(w.work_type) ?? -1);
    return { ...w, approval_needed: !!t?.approval_needed, free_of_charge: !!t?.free_of_charge };
  });
}

/** The VAT rate of a charge's tax type (003 §3 table); 20% when none is set. */
const chargeVatRate = (taxType: unknown) => (taxType ? taxRate(String(taxType).toUpperCase()) : VAT_RATE);

/** A net amount with the VAT of its tax type, rounded to the penny (money.ts). */
const withVat = (net: Amount, taxType: unknown) => money(net).times(money(100).plus(chargeVatRate(taxType))).div(100);

/**
 * What the billed customer is charged for the parts of a work item (issue
 * 22 finding 12): each part's customer charge (`customer_cost`) and its VAT
 * (the part's `cost_vat` tax type, 20% when none), each rounded to the
 * penny. Set on the item by the invoicing approval (`invoiced_parts_charge`,
 * `invoiced_parts_vat`, core/accounts/work-approvals.ts) from the parts as
 * approved; the reconciliation (core/accounts/reconcile.ts) checks the
 * stored figures against the parts.
 */
export function partsCharge(parts: Rec[]): { charge: number; vat: number } {
  let charge = money(0);
  let vat = money(0);
  for (const p of parts) {
    const net = money(p.customer_cost);
    charge = charge.plus(net);
    vat = vat.plus(money(pounds(withVat(net, p.cost_vat))).minus(net));
  }
  return { charge: pounds(charge), vat: pounds(vat) };
}

/**
 * What the billed customer is charged for an invoiced work item, VAT
 * included: its customer labour cost plus the VAT of its labour tax type
 * (20% when none; a credit item's negative cost takes it off), plus its
 * parts' charge and VAT as the approval recorded them. In pence.
 */
export function workItemChargePence(w: Rec): number {
  const labour = toPence(withVat(w.customer_labour_cost, w.labour_cost_vat));
  return labour + toPence(w.invoiced_parts_charge) + toPence(w.invoiced_parts_vat);
}

/**
 * The billed customer's balance (decision A3, as invoices keep it): a work
 * item approved on the invoicing side adds what the customer is charged for
 * it (`workItemChargePence`: labour and parts, with VAT) to
 * `bal#<customer>` value `total`, in the approval's own unit.
 */
export function workItemBalanceFacets(w: Rec, job: Rec): Array<{ facet: string; value: string; amount: number }> {
  const customer = billedCustomer(w, job);
  if (!w.invoice_approved || customer === null) return [];
  const amount = workItemChargePence(w);
  return amount ? [{ facet: `bal#${customer}`, value: "total", amount }] : [];
}
