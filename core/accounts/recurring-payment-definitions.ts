import { defineFields } from "../platform/definition.js";
import { paymentType } from "./payment-definitions.js";

/**
 * The recurring payment of 003 §3, every field declared once:
 * core/accounts/recurring-payment.ts parses with its schema, the Recurring
 * Payments screen draws its New modal from it. Pure (zod only).
 */

/** 003 §4: weekly adds 7 days, monthly one month, yearly one year, fixed duration the given days. */
export const INTERVAL_TYPES = ["WEEKLY", "MONTHLY", "YEARLY", "FIXED_DURATION"] as const;
export type IntervalType = (typeof INTERVAL_TYPES)[number];

/** 003 §9: minimum interval 7 days; preview 5 rows. */
export const MIN_INTERVAL_DAYS = 7;
export const PREVIEW_ROWS = 5;

export const RECURRING_MESSAGES = {
  /** 003 §5. */
  fillAll: "Please fill in all fields",
  minStart: "Minimum start date is today",
  minInterval: "Minimum payment interval is 7 days",
  // Ours (003 does not word these).
  intervalType: "Interval type must be WEEKLY, MONTHLY, YEARLY or FIXED_DURATION",
  endBeforeStart: "The end date must not be before the start date",
  amountPositive: "Amount must be more than 0",
  saveFailed: "There was an error saving the recurring payment",
  deleteFailed: "There was an error deleting the recurring payment",
} as const;

export const recurringPayment = defineFields({
  contact: { label: "Contact", kind: "ref", required: RECURRING_MESSAGES.fillAll },
  department: { label: "Department", kind: "ref", required: RECURRING_MESSAGES.fillAll },
  payment_type: { label: "Payment type", kind: "object", schema: paymentType() },
  interval_type: { label: "Interval type", kind: "choice", options: INTERVAL_TYPES, message: RECURRING_MESSAGES.intervalType, upperCase: true },
  interval_day: { label: "Interval days", kind: "integer", max: 3660 },
  interval_payment_amount: { label: "Amount", kind: "money", required: RECURRING_MESSAGES.fillAll },
  cost_centre: { label: "Cost centre", kind: "ref" },
  start_date: { label: "Start date", kind: "date", required: RECURRING_MESSAGES.fillAll },
  end_date: { label: "End date", kind: "date" },
  comments: { label: "Comments", kind: "textarea", max: 2000 },
  // The server's: the next date the schedule raises a payment for (none once it has ended), and the
  // contact's display name the lists sort and search by.
  next_date: { server: true, label: "Next date", kind: "date" },
  contact_name: { server: true, label: "Contact name", kind: "text", max: 200 },
});
