import * as z from "zod";
import { answerExtras, defineFields } from "../platform/definition.js";

/**
 * The payment of 003 §3 (and 000 §7 POST payments, the vehicle sale's
 * Create Payment), every field declared once: core/accounts/payment.ts
 * parses with its schema, the Payments screen draws and checks its rows
 * from it. Pure (zod only), imported by the SPA as it is.
 */

/** 003 §9: BACS, CASH, CARD, DIRECT DEBIT (also written DIRECT_DEBIT); default BACS. */
export const PAYMENT_TYPES = ["BACS", "CASH", "CARD", "DIRECT DEBIT"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const DEFAULT_PAYMENT_TYPE: PaymentType = "BACS";
/** 003 §9: a new payment without a department goes to department 1. */
export const DEFAULT_PAYMENT_DEPARTMENT = 1;
/** 000 §9: the default payment cost centre is the one with id 4. */
export const DEFAULT_PAYMENT_COST_CENTRE = 4;

export const PAYMENT_MESSAGES = {
  /** 003 §5: bulk new payments need contact, payment date and amount. */
  fillAll: "Please fill in all fields",
  /** 003 §5: Select Filtered needs both due-date bounds. */
  dueBounds: "Please enter due date start and end",
  /** 000 §8: the sale's Create Payment failure. */
  createFailed: "There was an error",
  paymentType: "Payment type must be BACS, CASH, CARD or DIRECT DEBIT",
  // Ours (003 does not word these).
  amountPositive: "Amount must be more than 0",
  saveFailed: "There was an error saving the payment",
  deleteFailed: "There was an error deleting the payment",
} as const;

/** A payment type as staff or the sale screen send it: any case, DIRECT_DEBIT accepted for DIRECT DEBIT. */
export function normalisePaymentType(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const t = v.trim().toUpperCase().replace(/_/g, " ");
  return t === "" ? null : t;
}

export const paymentType = () => z.preprocess(normalisePaymentType, z.enum(PAYMENT_TYPES, { error: PAYMENT_MESSAGES.paymentType }).nullable().optional());

export const payment = defineFields({
  contact: { label: "Contact", kind: "ref", required: PAYMENT_MESSAGES.fillAll },
  department: { default: DEFAULT_PAYMENT_DEPARTMENT, label: "Department", kind: "ref" },
  invoice_number: { label: "Invoice number", kind: "text", max: 50 },
  payment_date: { label: "Payment date", kind: "date", required: PAYMENT_MESSAGES.fillAll },
  amount: { label: "Amount", kind: "money", required: PAYMENT_MESSAGES.fillAll },
  payment_type: { default: DEFAULT_PAYMENT_TYPE, label: "Payment type", kind: "object", schema: paymentType() },
  cost_centre: { label: "Cost centre", kind: "ref" },
  comments: { label: "Comments", kind: "textarea", max: 2000 },
  date_paid: { label: "Date paid", kind: "date" },
  // Ours (issue 22): a payment staff label as an overpayment may take an invoice's paid + credited past its total (docs/accounts.md "Money invariants").
  overpayment: { label: "Overpayment", kind: "boolean" },
  // The server's, never taken from a client: the trading area of its department when it was saved (so its
  // balance facet is reversed exactly as it was added); for a payment the schedule raised, the recurring
  // payment and the occurrence date it is; the `Idempotency-Key` the screen sent with POST payments (claimed uniquely, scope `key`).
  trading_area: { server: true, label: "Trading area", kind: "choice", options: ["dvh", "rf", "vsd"], message: "Unknown trading area" },
  recurring_payment: { server: true, label: "Recurring payment", kind: "ref" },
  occurs: { server: true, label: "Occurrence of", kind: "date" },
  idempotency_key: { server: true, label: "Idempotency key", kind: "text", max: 200 },
});

/** What a payment's answer carries besides its fields (its state and today's row colour, payment.ts): a save drops them. */
export const paymentExtras = answerExtras({ state: "text", colour: "text" });

/** The list views of the Payments screen (A5); default unpaid. */
export const PAYMENT_VIEWS = ["unpaid", "paid", "all"] as const;
export type PaymentView = (typeof PAYMENT_VIEWS)[number];
