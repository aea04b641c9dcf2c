import { addDays, todayInLondon } from "../platform/dates.js";
import { fromPence, money, pounds } from "../platform/money.js";
import { listScope } from "../platform/records/indexes.js";
import { entriesOfList } from "../platform/records/reading.js";
import { Facet } from "../platform/service.js";

/**
 * Customer balances (decision A3; docs/accounts.md "Balances"): a
 * contact's outstanding balance is its opening balance (staff-entered) plus
 * the balance facets `bal#<contactId>` the money records keep in their own
 * transactions: invoices add their total from approval, sales credit notes
 * subtract theirs from approval, payments subtract theirs once paid (the
 * payment type's facet, written by the payments area with the same value
 * names). Each facet holds `total` and the trading area (`dvh` Direct Van
 * Hire, `rf` Rapid Fit, `vsd` Van Sales Direct): the area sums are the
 * three credit usages of 003 §3. Nothing is summed from history on read:
 * one BatchGet of at most 16 small items per contact.
 */

/** The record types (and the job's work items, a line type: work-lines.ts `workItemBalanceFacets`) that keep a `bal#<contactId>` facet. */
export const BALANCE_TYPES = ["invoice", "credit", "payment", "job.work_items"] as const;
const VALUES = ["total", "dvh", "rf", "vsd"] as const;

export type Balance = {
  opening_balance: number;
  outstanding_balance: number;
  direct_van_hire_credit_usage: number;
  rapid_fit_credit_usage: number;
  van_sales_direct_credit_usage: number;
};

type ContactLike = { id: number; opening_balance?: number | null; outstanding_balance?: number | null };

/**
 * The opening balance: the contact's `opening_balance`; a contact saved
 * before balances were kept holds it in `outstanding_balance` (staff
 * entered it there), which is read as the opening balance until the
 * contact is saved with one.
 */
export const openingOf = (c: ContactLike) => c.opening_balance ?? c.outstanding_balance ?? 0;

/** The balances of many contacts (a page of the account balance table): one BatchGet of their facets. */
export async function balancesOf(contacts: ContactLike[]): Promise<Map<number, Balance>> {
  const out = new Map<number, Balance>();
  if (!contacts.length) return out;
  const keys = contacts.flatMap((c) => BALANCE_TYPES.flatMap((t) => VALUES.map((value) => ({ facet: `${t}#bal#${c.id}`, value }))));
  const res: any = await Facet.get(keys).go();
  const pence = new Map<string, number>();
  for (const f of res.data as Array<{ facet: string; value: string; live?: number }>) {
    const id = f.facet.split("#").pop()!;
    const k = `${id}#${f.value}`;
    pence.set(k, (pence.get(k) ?? 0) + (f.live ?? 0));
  }
  for (const c of contacts) {
    const of = (v: string) => fromPence(pence.get(`${c.id}#${v}`) ?? 0);
    const opening = pounds(openingOf(c));
    out.set(c.id, {
      opening_balance: opening,
      outstanding_balance: pounds(money(opening).plus(money(of("total")))),
      direct_van_hire_credit_usage: of("dvh"),
      rapid_fit_credit_usage: of("rf"),
      van_sales_direct_credit_usage: of("vsd"),
    });
  }
  return out;
}

/**
 * A4: a customer has an overdue payment when an approved invoice still
 * owed is due before today: its unpaid list by due date, read up to
 * yesterday (the customer's overdue invoices only).
 */
export async function hasOverduePayment(contactId: number, today = todayInLondon()): Promise<boolean> {
  // The invoice type's list read through the engine alone: the contacts Lambda carries no invoice code.
  const overdue = await entriesOfList(listScope("invoice", `unpaid#c#${contactId}`), { to: addDays(today, -1) });
  return overdue.some((e) => Number(e.tags.find((t) => t.startsWith("g="))?.slice(2) ?? 0) > 0);
}

/** A contact as GET contacts/{id} answers it: balance, credit usages and overdue_payment from the money records. */
export async function withBalance<T extends ContactLike>(contact: T): Promise<T & Balance & { overdue_payment: boolean }> {
  const [balances, overdue] = await Promise.all([balancesOf([contact]), hasOverduePayment(contact.id)]);
  return { ...contact, ...balances.get(contact.id)!, overdue_payment: overdue };
}
