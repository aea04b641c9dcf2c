import Big from "big.js";

/**
 * Money is never binary-float arithmetic: amounts are Big decimals inside
 * a calculation and rounded to pence (half up) only at the edges.
 */
export type Amount = number | string | Big | null | undefined;

export const VAT_RATE = 20; // percent (001 §9, 003 §9)

export function money(a: Amount): Big {
  if (a === null || a === undefined || a === "") return new Big(0);
  return a instanceof Big ? a : new Big(a);
}

/** Round to 2 decimal places, half up, as a number for JSON. */
export function pounds(a: Amount): number {
  return Number(money(a).round(2, Big.roundHalfUp).toFixed(2));
}

export function sum(...amounts: Amount[]): Big {
  return amounts.reduce<Big>((t, a) => t.plus(money(a)), new Big(0));
}

/** VAT on an amount at a percent rate (20 by default), in pounds. */
export function vatOn(amount: Amount, ratePercent: number = VAT_RATE): number {
  return pounds(money(amount).times(ratePercent).div(100));
}

/** Gross = net x (1 + rate), in pounds. */
export function withVat(amount: Amount, ratePercent: number = VAT_RATE): number {
  return pounds(money(amount).times(new Big(100).plus(ratePercent)).div(100));
}

/** UK display: £1,234.50. */
export function formatPounds(a: Amount): string {
  const n = pounds(a);
  return `${n < 0 ? "-" : ""}£${Math.abs(n).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Whole pence of an amount (half up): for totals kept as integers (maintained sums, tags). */
export function toPence(a: Amount): number {
  return Number(money(a).times(100).round(0, Big.roundHalfUp).toFixed(0));
}

/** Pounds of a whole number of pence, exact. */
export function fromPence(p: number | null | undefined): number {
  return pounds(new Big(p ?? 0).div(100));
}
