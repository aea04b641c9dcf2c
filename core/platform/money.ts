import Decimal from "decimal.js";

/**
 * Money is never binary-float arithmetic: amounts are decimals (decimal.js)
 * inside a calculation and rounded to pence (half up) only at the edges.
 * The one decimal type of the product: the finance formulas
 * (core/agreements/finance.ts) use it too, for their fractional powers.
 * 40 significant digits keep every intermediate exact far beyond pence.
 */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = InstanceType<typeof Money>;

export type Amount = number | string | Money | null | undefined;

export const VAT_RATE = 20; // percent (001 §9, 003 §9)

/** Plain decimal text only: no "Infinity", "NaN", hex or a leading "+", which decimal.js would otherwise accept. */
const DECIMAL_TEXT = /^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

export function money(a: Amount): Money {
  if (a === null || a === undefined || a === "") return new Money(0);
  if (Money.isDecimal(a)) return a;
  if (typeof a === "number" ? !Number.isFinite(a) : !DECIMAL_TEXT.test(a)) throw new Error(`Invalid amount: ${String(a)}`);
  return new Money(a);
}

/** Round to 2 decimal places, half up, as a number for JSON. */
export function pounds(a: Amount): number {
  return Number(money(a).toDecimalPlaces(2, Money.ROUND_HALF_UP).toFixed(2));
}

export function sum(...amounts: Amount[]): Money {
  return amounts.reduce<Money>((t, a) => t.plus(money(a)), new Money(0));
}

/** VAT on an amount at a percent rate (20 by default), in pounds. */
export function vatOn(amount: Amount, ratePercent: number = VAT_RATE): number {
  return pounds(money(amount).times(ratePercent).div(100));
}

/** Gross = net x (1 + rate), in pounds. */
export function withVat(amount: Amount, ratePercent: number = VAT_RATE): number {
  return pounds(money(amount).times(new Money(100).plus(ratePercent)).div(100));
}

/**
 * UK display, the one formatter of money in messages and on screens: £1,234.50, -£5.00.
 * Worked from the decimal (no float), thousands always grouped (issue 24 item 12:
 * "£1923.12" in the over-credit message was written with toFixed).
 */
export function formatPounds(a: Amount, upTo = 2): string {
  // `upTo` more places where a rate needs them (a per-mile cost of £0.015); never fewer than 2.
  const places = Math.min(upTo, Math.max(2, money(a).decimalPlaces()));
  const m = money(a).toDecimalPlaces(places, Money.ROUND_HALF_UP);
  const [whole, pence] = m.abs().toFixed(places).split(".");
  return `${m.isNegative() && !m.isZero() ? "-" : ""}£${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${pence}`;
}

/**
 * A money cell of a CSV report: the amount to 2 places, half up, from the
 * decimal (1234.50, -5.00: no £, no grouping, so a spreadsheet reads it as
 * a number); `empty` ("" unless said) when there is no amount.
 */
export function poundsCell(a: unknown, empty = ""): string {
  if (a === null || a === undefined || a === "") return empty;
  return money(a as Amount).toDecimalPlaces(2, Money.ROUND_HALF_UP).toFixed(2);
}

/** Whole pence of an amount (half up): for totals kept as integers (maintained sums, tags). */
export function toPence(a: Amount): number {
  return Number(money(a).times(100).toDecimalPlaces(0, Money.ROUND_HALF_UP).toFixed(0));
}

/** Pounds of a whole number of pence, exact. */
export function fromPence(p: number | null | undefined): number {
  return pounds(new Money(p ?? 0).div(100));
}
