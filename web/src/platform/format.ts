/** UK display formats: DD/MM/YYYY, Europe/London times, pounds to 2 decimals. */
import { formatPounds } from "../../../core/platform/money";

/**
 * The one `blank` of the web: nothing, or text of spaces only. A blank
 * value shows as "" and is sent as null (docs/contributing.md "One way per
 * job on the web").
 */
export function blank(v: unknown): v is "" | null | undefined {
  return v === null || v === undefined || (typeof v === "string" && v.trim() === "");
}

const LONDON = "Europe/London";

/** 'YYYY-MM-DD' (or an ISO timestamp) as DD/MM/YYYY; '' for none. */
export function formatDate(value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  const s = String(value);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  const d = new Date(s);
  if (Number.isNaN(d.getTime())) return s;
  return new Intl.DateTimeFormat("en-GB", { timeZone: LONDON, day: "2-digit", month: "2-digit", year: "numeric" }).format(d);
}

/** An instant as DD/MM/YYYY HH:mm in London time. */
export function formatDateTime(value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  const d = new Date(String(value));
  if (Number.isNaN(d.getTime())) return String(value);
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: LONDON,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("day")}/${get("month")}/${get("year")} ${get("hour")}:${get("minute")}`;
}

/**
 * Money on screen: core's formatPounds (the one money formatter, worked from
 * the decimal), "" for a blank value, other text as it is. `upTo` shows a
 * rate's extra places (£0.015 a mile).
 */
export function formatMoney(value: unknown, upTo = 2): string {
  if (blank(value)) return "";
  const n = Number(value);
  return Number.isFinite(n) ? formatPounds(n, upTo) : String(value);
}

export function formatNumber(value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  const n = Number(value);
  return Number.isFinite(n) ? new Intl.NumberFormat("en-GB", { maximumFractionDigits: 6 }).format(n) : String(value);
}

/** A percentage to one decimal place ("57.1%"), as the charts and reports show utilisation. */
export function formatPercent(value: number): string {
  return `${new Intl.NumberFormat("en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }).format(value)}%`;
}

/** Today's date in London as YYYY-MM-DD. */
export function todayIso(): string {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: LONDON, day: "2-digit", month: "2-digit", year: "numeric" }).formatToParts(new Date());
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const UK = /^(\d{1,2})[/.\-\s](\d{1,2})[/.\-\s](\d{2}|\d{4})$/;
const UK_COMPACT = /^(\d{2})(\d{2})(\d{4})$/;

/** Typed or pasted text as an ISO date: DD/MM/YYYY (also D/M/YY, DD.MM.YYYY, DDMMYYYY) or YYYY-MM-DD; null if not a real date. */
export function parseUkDate(text: string): string | null {
  const s = text.trim();
  let y: number, m: number, d: number;
  const iso = ISO_DATE.exec(s);
  const uk = UK.exec(s) ?? UK_COMPACT.exec(s);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (uk) {
    [d, m, y] = [Number(uk[1]), Number(uk[2]), Number(uk[3])];
    if (uk[3].length === 2) y += 2000;
  } else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/**
 * A date read while it is still being typed: as parseUkDate, but a two-digit
 * year is not yet a date. Typed key by key, '20/11/2026' passes through
 * '20/11/20' (20/11/2020); a screen acting on each date (a warning fetched,
 * a filter put in the address) was handed 2020 first, and its answer could
 * land after the real date's. A short year is read on leaving the field.
 */
export function parseUkDateWhileTyping(text: string): string | null {
  return /^\d{1,2}[/.\-\s]\d{1,2}[/.\-\s]\d{2}$/.test(text.trim()) ? null : parseUkDate(text);
}
