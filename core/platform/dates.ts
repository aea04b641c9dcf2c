/**
 * Dates are ISO YYYY-MM-DD on the wire and in the table, shown as
 * DD/MM/YYYY, with weeks Monday to Sunday in Europe/London.
 */
export const ZONE = "Europe/London";

/** Today's date in London (not UTC: at 00:30 BST it is already tomorrow). */
export function todayInLondon(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** '' and undefined become null; an ISO date-time is cut to its date. */
export function normaliseDate(v: unknown): string | null {
  if (v === "" || v === null || v === undefined) return null;
  const s = String(v);
  return /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : s;
}

export function ukDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const [y, m, d] = iso.slice(0, 10).split("-");
  return `${d}/${m}/${y}`;
}

function toUtc(iso: string) {
  return new Date(`${iso}T00:00:00Z`);
}
function fromUtc(d: Date) {
  return d.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const d = toUtc(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtc(d);
}

/** The Monday-to-Sunday week holding a date. */
export function weekOf(iso: string): { start: string; end: string } {
  const dow = (toUtc(iso).getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  const start = addDays(iso, -dow);
  return { start, end: addDays(start, 6) };
}

/** The calendar month holding a date. */
export function monthOf(iso: string): { start: string; end: string } {
  const [y, m] = iso.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, "0");
  return { start: `${y}-${mm}-01`, end: `${y}-${mm}-${String(last).padStart(2, "0")}` };
}

/** The window of a timeframe: the Monday-Sunday week or the calendar month holding a date. */
export function windowOf(type: "weekly" | "monthly", date: string): { start: string; end: string } {
  return type === "monthly" ? monthOf(date) : weekOf(date);
}

/** A dashboard panel's period: start..end as asked, an end or start not sent taken from the week (or month) of `date`, else of start, else today. */
export function figuresWindow(q: { start?: string; end?: string; type?: "weekly" | "monthly"; date?: string }): { start: string; end: string } {
  const w = windowOf(q.type ?? "weekly", q.date ?? q.start ?? todayInLondon());
  return { start: q.start ?? w.start, end: q.end ?? w.end };
}

/** Whole days from start to finish, counting both (001 §5: |difference| + 1). */
export function daysInclusive(start: string, finish: string): number {
  return Math.abs(Math.round((toUtc(finish).getTime() - toUtc(start).getTime()) / 86_400_000)) + 1;
}

/**
 * The same day `months` calendar months later; a day the month lacks
 * becomes its last day (31 January + 1 month = 28/29 February), as
 * lenders date monthly instalments.
 */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.slice(0, 10).split("-").map(Number);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = total - ny * 12 + 1;
  const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
  return `${ny}-${String(nm).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/** Days from `from` to `to` (to - from; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
}

/**
 * The `count` Monday-Sunday weeks ending with the week holding `date`,
 * oldest first (the charts' last 12 weeks). Dates are calendar days in
 * Europe/London, so a week across the clocks changing is still 7 days.
 */
export function weeksEnding(date: string, count: number): Array<{ start: string; end: string }> {
  const last = weekOf(date).start;
  return Array.from({ length: count }, (_, i) => {
    const start = addDays(last, -7 * (count - 1 - i));
    return { start, end: addDays(start, 6) };
  });
}

/** The Monday-Sunday weeks meeting start..end, oldest first (a report's weeks: the first and last may reach outside it). */
export function weeksMeeting(start: string, end: string): Array<{ start: string; end: string }> {
  const out: Array<{ start: string; end: string }> = [];
  for (let s = weekOf(start).start; s <= end; s = addDays(s, 7)) out.push({ start: s, end: addDays(s, 6) });
  return out;
}

/** A time of day as stored and sent: 24-hour HH:MM. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A time of day as staff type it ("1030", "10.30", "9:30", "930") as
 * HH:MM, or null when it is not one: the screens read it on leaving the
 * field, so the server only ever sees HH:MM (or the typing it refuses).
 */
export function typedTime(typed: string): string | null {
  const m = /^\s*(\d{1,2})[:.]?(\d{2})\s*$/.exec(typed);
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, "0")}:${m[2]}`;
}
