import { addDays } from "../platform/dates.js";
import { PAYMENT_MESSAGES } from "./payment-definitions.js";

/**
 * Pure rules of payments (003 §2 Payments, §5, §9), shared by the server
 * and the Payments screen so both say the same thing.
 */

/** 003 §9: the due-soon window. */
export const DUE_SOON_DAYS = 7;

export type PaymentColour = "overdue" | "due" | "green";

/**
 * 003 §2: overdue when unpaid and past its payment date; due soon when
 * unpaid and within 7 days (today counts as due soon, not overdue);
 * otherwise green (paid, or due later).
 */
export function paymentColour(p: { payment_date?: string | null; date_paid?: string | null }, today: string): PaymentColour {
  if (p.date_paid || !p.payment_date) return "green";
  if (p.payment_date < today) return "overdue";
  if (p.payment_date <= addDays(today, DUE_SOON_DAYS)) return "due";
  return "green";
}

/** PAID once it has a paid date. */
export const paymentState = (p: { date_paid?: string | null }): "PAID" | "UNPAID" => (p.date_paid ? "PAID" : "UNPAID");

const isSet = (v: unknown) => v !== null && v !== undefined && v !== "";

/**
 * 003 §5: a bulk new-payment row needs contact, payment date and amount
 * ('Please fill in all fields'), naming each missing field. Null when it
 * passes.
 */
export function paymentRowResult(r: { contact?: unknown; payment_date?: unknown; amount?: unknown }): { message: string; errors: Record<string, string> } | null {
  const errors: Record<string, string> = {};
  for (const f of ["contact", "payment_date", "amount"] as const) if (!isSet(r[f])) errors[f] = PAYMENT_MESSAGES.fillAll;
  return Object.keys(errors).length ? { message: PAYMENT_MESSAGES.fillAll, errors } : null;
}

/** 003 §5: Select Filtered needs both due-date bounds. Null when it passes. */
export function dueBoundsResult(start: unknown, end: unknown): { message: string; errors: Record<string, string> } | null {
  if (isSet(start) && isSet(end)) return null;
  const errors: Record<string, string> = {};
  if (!isSet(start)) errors.start = PAYMENT_MESSAGES.dueBounds;
  if (!isSet(end)) errors.end = PAYMENT_MESSAGES.dueBounds;
  return { message: PAYMENT_MESSAGES.dueBounds, errors };
}
