import * as z from "zod";
import { answerExtras, defineFields } from "../platform/definition.js";
import { text } from "../platform/fields.js";
import { INVOICE_INTERVALS, MESSAGES, RENTAL_STATUSES, RENTAL_TYPES } from "./messages.js";

/**
 * The rental of 001 §3, every field declared once (docs/decisions.md "One
 * definition per record type"): rental.ts parses with its schema,
 * web/src/hire/fields.ts draws and checks the edit screen's fields from it.
 * Labels are the screen's. The required messages are those of
 * rentalRuleResult (rules.ts), which enforces them on every save with the
 * rules across fields (an end before the start, a long-term rental's term).
 * Fields marked derived are the server's figures (rentalFigures): stored
 * and answered, never entered on the form. `lockedWhenApproved`: what an
 * approved rental keeps as approved (its off-hire details and the per-mile
 * rate behind the excess mileage charge; rules.ts `offHireLockResult`, the
 * edit screen's Rates and Off Hire sections).
 */
export const rental = defineFields({
  status: { label: "Status", kind: "choice", options: RENTAL_STATUSES, message: "Status must be QUOTE, CONFIRMED or NOT REQUIRED", upperCase: true },
  rental_type: { label: "Rental type", kind: "choice", options: RENTAL_TYPES, message: "Rental type must be ST or LT", upperCase: true },
  start_date: { label: "Start date", kind: "date", required: MESSAGES.startRequired },
  finish_date: { label: "End date", kind: "date", required: MESSAGES.endRequired },
  provisional_start_date: { label: "Provisional start date", kind: "date" },
  days: { label: "Days", kind: "integer" }, // derived
  vehicle: { label: "Vehicle", kind: "ref" },
  start_mileage: { label: "Start mileage", kind: "mileage", required: MESSAGES.startMileageRequired },
  customer: { label: "Hirer", kind: "ref" },
  payer: { label: "Payer", kind: "ref" },
  department: { label: "Department", kind: "ref" },
  tracking_option: { label: "Tracking option", kind: "ref" },
  margin: { label: "Margin", kind: "ref" },
  description: { label: "Description", kind: "textarea", max: 1000 },
  total: { label: "Total", kind: "money" },
  daily_cost: { label: "Daily cost", kind: "money" }, // derived
  additional_cost: { label: "Additional cost", kind: "money" },
  cost_override: { label: "Override the total", kind: "boolean" },
  term: { label: "Term (weeks)", kind: "integer" },
  mileage_allowance: { label: "Annual mileage allowance", kind: "mileage" },
  total_mileage: { label: "Total mileage", kind: "integer" }, // derived
  excess_mileage_charge: { label: "Excess mileage charge", kind: "money" }, // derived (read only)
  excess_mileage_charge_per_mile: { lockedWhenApproved: true, label: "Excess mileage charge per mile", kind: "money" },
  excess_mileage_cost: { label: "Excess mileage cost", kind: "money" },
  delivery_charge: { label: "Delivery charge", kind: "money" },
  comments: { label: "Comments", kind: "textarea", max: 4000 },
  invoice_interval: { label: "Invoice interval", kind: "choice", options: INVOICE_INTERVALS, message: "Invoice interval must be NONE, WEEKLY or MONTHLY", upperCase: true },
  deposit: { label: "Deposit", kind: "money", required: MESSAGES.depositRequired },
  deposit_paid_date: { label: "Deposit paid date", kind: "date", required: MESSAGES.depositPaidDateRequired },
  initial_payment: { label: "Initial payment", kind: "money", required: MESSAGES.initialPaymentRequired },
  initial_payment_date: { label: "Initial payment date", kind: "date", required: MESSAGES.initialPaymentDateRequired },
  on_hire_insurance_completed: { label: "On-hire insurance", kind: "boolean" },
  on_hire_tracker_completed: { label: "On-hire tracker", kind: "boolean" },
  early_return_penalty_per_week: { label: "Early return penalty per week", kind: "money" },
  weekly_insurance_charge: { label: "Weekly insurance charge", kind: "money" }, // derived
  insurance_charge: { label: "Insurance charge", kind: "money" }, // derived
  insurance_daily: { label: "Daily insurance charge", kind: "money" },
  policy_name: { label: "Policy name", kind: "text", max: 200 },
  policy_number: { label: "Policy number", kind: "text", max: 100 },
  insurer: { label: "Insurer", kind: "text", max: 200 },
  insurance_expiry: { label: "Insurance expiry", kind: "date" },
  ni_number: { label: "NI number", kind: "text", max: 20 },
  licence_number: { label: "Licence number", kind: "text", max: 40 },
  licence_held: { label: "Licence held (years)", kind: "integer", max: 100 },
  contact_number: { label: "Contact number", kind: "text", max: 40 },
  // Rates (prefilled from the vehicle model's day rates; weekend, one_week and six_twenty_seven_week derived)
  first_day: { label: "1 day", kind: "money" },
  two_five_days: { label: "2-5 days (per day)", kind: "money" },
  six_twenty_seven_days: { label: "6-27 days (per day)", kind: "money" },
  twenty_eight_plus: { label: "28+ days (per day)", kind: "money" },
  long_term_weekly: { label: "Long term weekly", kind: "money" },
  one_week: { label: "1 week", kind: "money" }, // derived
  six_twenty_seven_week: { label: "6-27 days (per week)", kind: "money" }, // derived
  weekend: { label: "Weekend", kind: "money" }, // derived
  // Off hire
  off_hire_date: { lockedWhenApproved: true, label: "Off-hire date", kind: "date" },
  off_hire_mileage: { lockedWhenApproved: true, label: "Off-hire mileage", kind: "mileage" },
  off_hire_excess_mileage: { lockedWhenApproved: true, label: "Excess mileage", kind: "mileage" },
  off_hire_new_damage: { lockedWhenApproved: true, label: "New damage", kind: "money" },
  off_hire_missing_fuel: { lockedWhenApproved: true, label: "Missing fuel", kind: "money" },
  off_hire_ad_blue_charge: { lockedWhenApproved: true, label: "AdBlue charge", kind: "money" },
  off_hire_total_additional_charges: { label: "Total additional charges", kind: "money" }, // derived (read only)
  off_hire_insurance_completed: { lockedWhenApproved: true, label: "Off-hire insurance", kind: "boolean" },
  off_hire_tracker_completed: { lockedWhenApproved: true, label: "Off-hire tracker", kind: "boolean" },
  // Approval (PUT rental/approve, docs/rentals.md "Approving a rental"): the server's only.
  approved: { label: "Approved", kind: "boolean" },
  approving_user: { label: "Approved by", kind: "object", schema: z.strictObject({ first_name: text(100), last_name: text(100) }).nullable().optional() },
  approved_date: { label: "Approved on", kind: "date" },
});

/** The figures the server works out on every save (rentalFigures): the edit screen shows them, never sends them. */
export const RENTAL_DERIVED = [
  "days",
  "daily_cost",
  "total_mileage",
  "excess_mileage_charge",
  "weekly_insurance_charge",
  "insurance_charge",
  "one_week",
  "six_twenty_seven_week",
  "weekend",
  "off_hire_total_additional_charges",
] as const;

/**
 * The approval, written by PUT rental/approve only: a save's values for
 * these are ignored (normaliseRentalInput), and the edit screen shows them
 * read-only, never sends them.
 */
export const RENTAL_APPROVAL = ["approved", "approving_user", "approved_date"] as const;

/** What a rental's answer carries besides its fields (whether its agreement may be printed): a save drops it. */
export const rentalExtras = answerExtras({ can_print: "boolean" });
