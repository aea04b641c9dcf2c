import { addDays, addMonths, daysInclusive } from "../platform/dates.js";
import { money, pounds, type Amount } from "../platform/money.js";

/**
 * Hire invoices (docs/accounts.md "Hire invoices"): a long-term rental with
 * an invoice interval (001 §3: WEEKLY or MONTHLY; only LT rentals may have
 * one) is invoiced in advance, one HIRE invoice per period. A period starts
 * on the rental's next invoice date (its start date until the first run) and
 * runs one interval: 7 days, or to the day before the same date next month.
 * It ends early on the rental's finish date or off-hire date.
 *
 * Amount (net of VAT), from the rental's long term weekly rate (001 §3):
 *   a full WEEKLY period  = weekly rate
 *   a full MONTHLY period = weekly rate × 52 / 12
 *   a shortened period    = weekly rate × days / 7
 * each rounded to the penny (half up) once, at the end.
 */

export type HireInvoicing = {
  status?: string | null;
  rental_type?: string | null;
  invoice_interval?: string | null;
  start_date?: string | null;
  finish_date?: string | null;
  off_hire_date?: string | null;
  next_invoice_date?: string | null;
  long_term_weekly?: Amount;
};

/** `next`: the day after the period, where the following one starts (past the hire's end: none follows). */
export type HirePeriod = { start: string; end: string; days: number; full: boolean; amount: number; next: string };

/** The day the rental's hire ends, if it has one: the off-hire date when earlier than the finish date. */
export function hireEndOf(r: HireInvoicing): string | null {
  const ends = [r.finish_date, r.off_hire_date].filter((d): d is string => !!d);
  return ends.length ? ends.sort()[0] : null;
}

/**
 * The start of the next period to invoice, or null when the rental is not
 * invoiced by interval (not a confirmed LT rental with WEEKLY or MONTHLY)
 * or every period has been invoiced.
 */
export function nextHireInvoiceDate(r: HireInvoicing): string | null {
  if (r.status !== "CONFIRMED" || r.rental_type !== "LT" || (r.invoice_interval !== "WEEKLY" && r.invoice_interval !== "MONTHLY") || !r.start_date) return null;
  const next = r.next_invoice_date ?? r.start_date;
  const end = hireEndOf(r);
  return end && next > end ? null : next;
}

/** The period starting at the rental's next invoice date, with its amount; null when none is due. */
export function hirePeriodOf(r: HireInvoicing): HirePeriod | null {
  const start = nextHireInvoiceDate(r);
  if (!start) return null;
  const after = r.invoice_interval === "WEEKLY" ? addDays(start, 7) : addMonths(start, 1);
  const fullEnd = addDays(after, -1);
  const hireEnd = hireEndOf(r);
  const end = hireEnd && hireEnd < fullEnd ? hireEnd : fullEnd;
  const full = end === fullEnd;
  const days = daysInclusive(start, end);
  const weekly = money(r.long_term_weekly);
  const amount = !full ? weekly.times(days).div(7) : r.invoice_interval === "WEEKLY" ? weekly : weekly.times(52).div(12);
  return { start, end, days, full, amount: pounds(amount), next: addDays(end, 1) };
}
