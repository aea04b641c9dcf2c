import { addDays, addMonths, daysBetween } from "../platform/dates.js";
import { MIN_INTERVAL_DAYS, PREVIEW_ROWS, RECURRING_MESSAGES } from "./recurring-payment-definitions.js";

/**
 * Pure rules of recurring payments (003 §4, §5, §9): the dates a schedule
 * falls on, the 5-date preview and the checks with their messages. The
 * server and the New modal run the same functions.
 */

export type Schedule = {
  start_date?: string | null;
  end_date?: string | null;
  interval_type?: string | null; // an IntervalType, or whatever text a client sent
  interval_day?: number | null;
};

const isSet = (v: unknown) => v !== null && v !== undefined && v !== "";

/**
 * The n-th date of a schedule (0 = the start date), counted from the
 * start so monthly dates never drift: 31 January monthly is 28/29
 * February, then 31 March.
 */
export function occurrence(s: Schedule, n: number): string | null {
  if (!s.start_date) return null;
  switch (s.interval_type) {
    case "WEEKLY":
      return addDays(s.start_date, 7 * n);
    case "MONTHLY":
      return addMonths(s.start_date, n);
    case "YEARLY":
      return addMonths(s.start_date, 12 * n);
    case "FIXED_DURATION":
      return s.interval_day && s.interval_day > 0 ? addDays(s.start_date, s.interval_day * n) : null;
    default:
      return null;
  }
}

/** The first date of the schedule on or after `from` (null when the schedule has ended before it). */
export function firstOnOrAfter(s: Schedule, from: string): string | null {
  if (!s.start_date) return null;
  let n = 0;
  if (from > s.start_date) {
    // A close guess from the days between, then step to the exact one.
    const days = daysBetween(s.start_date, from);
    const step = s.interval_type === "WEEKLY" ? 7 : s.interval_type === "MONTHLY" ? 28 : s.interval_type === "YEARLY" ? 365 : (s.interval_day ?? 0);
    if (step <= 0) return null;
    n = Math.max(0, Math.floor(days / (step + 3)) - 1);
  }
  for (let guard = 0; guard < 100_000; guard++, n++) {
    const d = occurrence(s, n);
    if (d === null) return null;
    if (s.end_date && d > s.end_date) return null;
    if (d >= from) return d;
  }
  return null;
}

/** The date after `date` (an occurrence), or null when the schedule ends first. */
export function nextAfter(s: Schedule, date: string): string | null {
  return firstOnOrAfter(s, addDays(date, 1));
}

/** 003 §2, §9: the preview lists up to 5 dates from the start date (fewer when the end date comes first). */
export function previewDates(s: Schedule, rows = PREVIEW_ROWS): string[] {
  const out: string[] = [];
  for (let n = 0; out.length < rows; n++) {
    const d = occurrence(s, n);
    if (d === null || (s.end_date && d > s.end_date)) break;
    out.push(d);
  }
  return out;
}

export type RuleResult = { message: string; errors: Record<string, string> } | null;

export type RecurringValues = Schedule & {
  contact?: unknown;
  department?: unknown;
  payment_type?: unknown;
  interval_payment_amount?: unknown;
};

/**
 * 003 §5, in the order the modal checks them: every required field
 * (interval days for FIXED_DURATION) else 'Please fill in all fields'; the
 * start date not before today ('Minimum start date is today') when it is
 * new or moved (`startChecked`); interval days at least 7 ('Minimum
 * payment interval is 7 days'); an end date not before the start.
 */
export function recurringRuleResult(r: RecurringValues, today: string, { startChecked = true }: { startChecked?: boolean } = {}): RuleResult {
  const errors: Record<string, string> = {};
  for (const f of ["contact", "start_date", "payment_type", "interval_type", "interval_payment_amount", "department"] as const) if (!isSet(r[f])) errors[f] = RECURRING_MESSAGES.fillAll;
  if (r.interval_type === "FIXED_DURATION" && !isSet(r.interval_day)) errors.interval_day = RECURRING_MESSAGES.fillAll;
  if (Object.keys(errors).length) return { message: RECURRING_MESSAGES.fillAll, errors };
  if (startChecked && r.start_date! < today) return { message: RECURRING_MESSAGES.minStart, errors: { start_date: RECURRING_MESSAGES.minStart } };
  if (r.interval_type === "FIXED_DURATION" && Number(r.interval_day) < MIN_INTERVAL_DAYS) return { message: RECURRING_MESSAGES.minInterval, errors: { interval_day: RECURRING_MESSAGES.minInterval } };
  if (Number(r.interval_payment_amount) <= 0) return { message: RECURRING_MESSAGES.amountPositive, errors: { interval_payment_amount: RECURRING_MESSAGES.amountPositive } };
  if (r.end_date && r.end_date < r.start_date!) return { message: RECURRING_MESSAGES.endBeforeStart, errors: { end_date: RECURRING_MESSAGES.endBeforeStart } };
  return null;
}

/** 003 §4: changing the interval type clears interval_day; the day field is only for FIXED_DURATION. */
export function intervalDayFor(type: unknown, day: number | null | undefined): number | null {
  return type === "FIXED_DURATION" ? (day ?? null) : null;
}
