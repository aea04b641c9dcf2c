import { END_BEFORE_START } from "../platform/fields.js";
import { TIME_OF_DAY, addDays, weekOf } from "../platform/dates.js";
import { DIARY_MESSAGES } from "./diary-definitions.js";

/**
 * The diary's rules and its bucketed windows (003 §5 Diary; docs/data-model.md
 * §8.1 Diary entry, A12), pure.
 */

const isSet = (v: unknown) => v !== null && v !== undefined && v !== "";

/** The save rules: a start date (the lists are by it), a time of day, an end not before the start; the end may be blank (003 §5), so may the task (no rule names it). */
export function diaryRuleResult(d: { task_for?: unknown; start_date?: unknown; end_date?: unknown; time?: unknown }): { message: string; errors: Record<string, string> } | null {
  if (!isSet(d.start_date)) return { message: DIARY_MESSAGES.startRequired, errors: { start_date: DIARY_MESSAGES.startRequired } };
  if (isSet(d.time) && !TIME_OF_DAY.test(String(d.time))) return { message: DIARY_MESSAGES.timeFormat, errors: { time: DIARY_MESSAGES.timeFormat } };
  if (isSet(d.end_date) && String(d.end_date) < String(d.start_date)) return { message: END_BEFORE_START, errors: { end_date: END_BEFORE_START } };
  return null;
}

/** The last day an entry covers: its end date, or its start date when it has none (a one-day entry). */
export const lastDayOf = (d: { start_date: string; end_date?: string | null }) => d.end_date || d.start_date;

/** Most buckets of one size an entry is put in before the next size up is used. */
export const BUCKETS_PER_SIZE = 4;

const weekKey = (date: string) => `w${weekOf(date).start}`;
const monthKey = (date: string) => `m${date.slice(0, 7)}`;
const yearKey = (date: string) => `y${date.slice(0, 4)}`;

function weeksOf(from: string, to: string, limit: number): string[] | null {
  const out: string[] = [];
  for (let d = weekOf(from).start; d <= to; d = addDays(d, 7)) {
    out.push(`w${d}`);
    if (out.length > limit) return null;
  }
  return out;
}
function monthsOf(from: string, to: string, limit: number): string[] | null {
  const out: string[] = [];
  let [y, m] = from.slice(0, 7).split("-").map(Number);
  const end = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, "0")}`;
    if (key > end) return out;
    out.push(`m${key}`);
    if (out.length > limit) return null;
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
}
function yearsOf(from: string, to: string, limit: number): string[] | null {
  const out: string[] = [];
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) {
    out.push(`y${y}`);
    if (out.length > limit) return null;
  }
  return out;
}

/**
 * The buckets an entry's span is listed in (A12): each week it touches
 * when at most 4; else each month; else each year; else `ever`. So a
 * window's read meets every entry touching it, and an entry is never in
 * more than 4 buckets.
 */
export function diaryBuckets(d: { start_date: string; end_date?: string | null }): string[] {
  const from = d.start_date;
  const to = lastDayOf(d) < from ? from : lastDayOf(d);
  return weeksOf(from, to, BUCKETS_PER_SIZE) ?? monthsOf(from, to, BUCKETS_PER_SIZE) ?? yearsOf(from, to, BUCKETS_PER_SIZE) ?? ["ever"];
}

/** Longest window a diary read covers (the Weekly view's week, the Daily view's day, with room). */
export const MAX_WINDOW_WEEKS = 6;

/**
 * The buckets a window (a week or a day) reads: its weeks, the months and
 * years it touches, and `ever`; each read from its start up to the
 * window's end, keeping entries whose last day is on or after the
 * window's start. Null when the window is longer than 6 weeks.
 */
export function windowBuckets(from: string, to: string): string[] | null {
  const weeks = weeksOf(from, to, MAX_WINDOW_WEEKS);
  if (!weeks) return null;
  return [...weeks, ...(monthsOf(from, to, 12) ?? []), ...(yearsOf(from, to, 12) ?? []), "ever"];
}

export { weekKey, monthKey, yearKey };
