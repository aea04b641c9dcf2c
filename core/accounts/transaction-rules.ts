import { addDays, addMonths, daysBetween, weekOf } from "../platform/dates.js";
import { VAT_RATE, money, pounds, vatOn, withVat } from "../platform/money.js";
import { TRANSACTION_MESSAGES as M, type Frequency } from "./transaction-definitions.js";

/**
 * The rules of income and expense transactions (003 §4, §5, §9), pure, so
 * the server refuses with them and the screens show them before sending.
 */

export type Refusal = { message: string; errors: Record<string, string> } | null;

type Values = {
  date?: unknown;
  description?: unknown;
  amount?: unknown;
  vat?: unknown;
  repeating?: unknown;
  frequency?: unknown;
  nominal_code?: unknown;
  contact?: unknown;
  invoice_date?: unknown;
  invoice_number?: unknown;
  invoice_amount?: unknown;
  invoice_vat?: unknown;
};

const isSet = (v: unknown) => v !== null && v !== undefined && (typeof v !== "string" || v.trim() !== "");

/**
 * A new (or saved) transaction: description and amount, plus a date unless
 * it repeats (a repeating one starts today when no date is given); a
 * repeating one says how often.
 */
export function transactionRuleResult(t: Values): Refusal {
  const repeating = t.repeating === true;
  const missing = ["description", "amount", ...(repeating ? [] : ["date"])].filter((f) => !isSet((t as Record<string, unknown>)[f]));
  if (missing.length) {
    const message = repeating ? M.descriptionAmount : M.dateDescriptionAmount;
    return { message, errors: Object.fromEntries(missing.map((f) => [f, message])) };
  }
  if (repeating && !isSet(t.frequency)) return { message: M.frequencyRequired, errors: { frequency: M.frequencyRequired } };
  return null;
}

/**
 * Approval of one transaction (003 §5): a nominal code, a full contact (one
 * set and not partial), an invoice date and number. `contactPartial`: the
 * contact's partial flag (null when the contact is missing).
 */
export function approvalRuleResult(t: Values, contactPartial: boolean | null): Refusal {
  if (!isSet(t.nominal_code)) return { message: M.nominalRequired, errors: { nominal_code: M.nominalRequired } };
  if (!isSet(t.contact) || contactPartial !== false) return { message: M.fullContact, errors: { contact: M.fullContact } };
  const missing = ["invoice_date", "invoice_number"].filter((f) => !isSet((t as Record<string, unknown>)[f]));
  if (missing.length) return { message: M.invoiceDateNumber, errors: Object.fromEntries(missing.map((f) => [f, M.invoiceDateNumber])) };
  return null;
}

/** 003 §5: changing the amount sets vat to 20% of it. */
export function vatForAmount(amount: unknown): number | null {
  return isSet(amount) ? vatOn(amount as number, VAT_RATE) : null;
}

/**
 * 003 §5: the invoice total is the amount times one plus the VAT percent:
 * the invoice amount (the amount when none is entered) x (1 + invoice_vat%),
 * invoice_vat 20 when none is entered; null without any amount.
 */
export function invoiceTotal(t: { amount?: unknown; invoice_amount?: unknown; invoice_vat?: unknown }): number | null {
  const base = isSet(t.invoice_amount) ? t.invoice_amount : t.amount;
  if (!isSet(base)) return null;
  const rate = isSet(t.invoice_vat) ? Number(t.invoice_vat) : VAT_RATE;
  return withVat(base as number, rate);
}

/**
 * The VAT-mismatch warnings of 003 §5 against the nominal code's tax rate
 * (percent; null without a nominal code): the selected invoice VAT percent
 * differs ('Selected Vat and Nominal Vat do not match'), or the VAT amount
 * entered is not the amount at that rate ('Vat entered does not match
 * nominal vat'). Warnings only: a save or approval goes ahead.
 */
export function vatWarnings(t: Values, nominalRate: number | null): string[] {
  if (nominalRate === null || nominalRate === undefined) return [];
  const out: string[] = [];
  if (isSet(t.invoice_vat) && Number(t.invoice_vat) !== nominalRate) out.push(M.selectedVatMismatch);
  if (isSet(t.vat) && isSet(t.amount) && !money(pounds(t.vat as number)).equals(money(vatOn(t.amount as number, nominalRate)))) out.push(M.enteredVatMismatch);
  return out;
}

/** The Monday-to-Sunday week of the week view holding a date (003 §9). */
export function weekBounds(date: string): { start_date: string; finish_date: string } {
  const w = weekOf(date);
  return { start_date: w.start, finish_date: w.end };
}

/**
 * The dates a repeating transaction falls on, counted from its start:
 * weekly every 7 days; monthly the same day each month (the 31st falls on a
 * shorter month's last day, then back on the 31st: each date is counted
 * from the start, never from the one before).
 */
export function occurrenceAt(start: string, frequency: Frequency, n: number): string {
  return frequency === "WEEKLY" ? addDays(start, 7 * n) : addMonths(start, n);
}

/** The first date of the series on or after `from`. */
export function firstOccurrenceFrom(start: string, frequency: Frequency, from: string): string {
  if (from <= start) return start;
  let n = frequency === "WEEKLY" ? Math.floor(daysBetween(start, from) / 7) : Math.max(0, monthsBetween(start, from) - 1);
  while (occurrenceAt(start, frequency, n) < from) n++;
  return occurrenceAt(start, frequency, n);
}

function monthsBetween(a: string, b: string): number {
  const [ay, am] = a.split("-").map(Number);
  const [by, bm] = b.split("-").map(Number);
  return (by - ay) * 12 + (bm - am);
}

/** Most occurrences one scheduled run creates for one repeating transaction (a long-missed one catches up over several runs). */
export const MAX_OCCURRENCES_PER_RUN = 60;

/**
 * The occurrences due by `today` from the next date on (each once), and
 * the next date after them.
 */
export function occurrencesDue(start: string, frequency: Frequency, nextDate: string, today: string, max = MAX_OCCURRENCES_PER_RUN): { dates: string[]; next: string } {
  const dates: string[] = [];
  let d = firstOccurrenceFrom(start, frequency, nextDate);
  while (d <= today && dates.length < max) {
    dates.push(d);
    d = firstOccurrenceFrom(start, frequency, addDays(d, 1));
  }
  return { dates, next: d };
}
