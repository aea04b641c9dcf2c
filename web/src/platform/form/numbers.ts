/**
 * Numbers as staff type them (UK format): "24,500", "£1,250.50", "12.5%".
 * A comma is only ever a thousands separator, never a decimal point, so a
 * typed amount can never silently change magnitude: "24,50" is refused, not
 * read as 24.50 or 2,450. Half-typed text ("-", ".", "1,2") is simply not yet
 * a number: it parses as not-ok and the form shows why instead of crashing.
 */

export type NumberKind = "number" | "integer" | "money" | "percent";

export const NUMBER_MESSAGES = {
  notANumber: "Must be a number",
  wholeNumber: "Must be a whole number",
  separators: "Use commas only between thousands (e.g. 24,500.50)",
  pence: "Enter pounds and pence (at most 2 decimal places)",
} as const;

export type ParsedNumber = { ok: true; value: number | null } | { ok: false; message: string };

const PLAIN = /^-?(\d+(\.\d*)?|\.\d+)$/;
const GROUPED = /^-?\d{1,3}(,\d{3})+(\.\d*)?$/;

/** Typed text to a number: null when empty, not ok (with the reason) when it is not a number yet. */
export function parseNumberText(input: unknown, kind: NumberKind = "number", decimals?: number): ParsedNumber {
  if (input === null || input === undefined) return { ok: true, value: null };
  if (typeof input === "number") return Number.isFinite(input) ? checkScale(input, String(input), kind, decimals) : { ok: false, message: NUMBER_MESSAGES.notANumber };
  let s = String(input).trim().replace(/\s+/g, "");
  if (s === "") return { ok: true, value: null };
  // "£1,250", "-£5" and "£-5" all mean pounds; "12.5%" means 12.5 percent.
  if (kind === "money") s = s.replace(/^(-?)£/, "$1").replace(/^£(-)/, "$1");
  if (kind === "percent") s = s.replace(/%$/, "");
  if (!PLAIN.test(s) && !GROUPED.test(s)) {
    const looksGrouped = /^-?[\d,]+(\.\d*)?$/.test(s) && s.includes(",");
    return { ok: false, message: looksGrouped ? NUMBER_MESSAGES.separators : NUMBER_MESSAGES.notANumber };
  }
  const digits = s.replace(/,/g, "");
  const value = Number(digits);
  if (!Number.isFinite(value)) return { ok: false, message: NUMBER_MESSAGES.notANumber };
  return checkScale(value, digits, kind, decimals);
}

function checkScale(value: number, digits: string, kind: NumberKind, decimals?: number): ParsedNumber {
  const places = digits.includes(".") ? digits.split(".")[1].replace(/0+$/, "").length : 0;
  if (kind === "integer" && !Number.isInteger(value)) return { ok: false, message: NUMBER_MESSAGES.wholeNumber };
  const allowed = decimals ?? (kind === "money" ? 2 : undefined);
  if (allowed !== undefined && places > allowed)
    return { ok: false, message: kind === "money" && allowed === 2 ? NUMBER_MESSAGES.pence : `At most ${allowed} decimal places` };
  // -0 reads as 0.
  return { ok: true, value: value === 0 ? 0 : value };
}

const moneyText = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });
const groupedText = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 10, useGrouping: true });

/**
 * How a stored number reads in its input when not being typed in: money as
 * "24,500.00", other numbers as given. Text that is not a number is shown
 * as it is, so an invalid entry stays in front of the person who typed it.
 */
export function formatNumberText(value: unknown, kind: NumberKind = "number"): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "string") {
    const parsed = parseNumberText(value, kind);
    if (!parsed.ok || parsed.value === null) return value;
    value = parsed.value;
  }
  if (typeof value !== "number" || !Number.isFinite(value)) return String(value);
  if (kind === "money") return moneyText.format(value);
  if (kind === "integer" && Math.abs(value) >= 10000) return groupedText.format(value);
  return String(value);
}
