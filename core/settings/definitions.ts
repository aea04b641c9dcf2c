import * as z from "zod";
import { defineFields } from "../platform/definition.js";
import { TAX_TYPE_NAMES } from "./taxtypes.js";
import { trackingOptionValue } from "./tracking-option.js";

/**
 * The reference types of settings (001 §2.6 and §3), each declared once
 * (docs/decisions.md "One definition per record type"): reference.ts
 * parses with their schemas, web/src/settings/screens.tsx draws and checks
 * their fields. Labels are the screens' labels.
 */

const NAME = { label: "Name", kind: "text", required: "Name is required", max: 100 } as const;

export const weeklyTarget = defineFields({
  weekly_target: { label: "Weekly target", kind: "money", required: "Weekly target is required" },
  active_from: { label: "Active from", kind: "date", required: "Active from date is required" },
  active_to: { label: "Active to", kind: "date" },
});

export const inspectionType = defineFields({
  inspection_type: { label: "Inspection type", kind: "text", required: "Inspection type is required", max: 100 },
  reminder_days: { label: "Reminder days", kind: "integer" },
  warning_days: { label: "Warning days", kind: "integer" },
});

export const vehicleType = defineFields({
  name: NAME,
  special_labour_rate: { label: "Special labour rate", kind: "money" },
  fixed_hire_costs: { label: "Fixed hire costs", kind: "money" },
});

export const costCentre = defineFields({ name: NAME });

export const quickLink = defineFields({
  title: { label: "Title", kind: "text", required: "Title is required", max: 100 },
  url: { label: "URL", kind: "url", required: "Enter a full web address (https://...)", max: 2000 },
});

export const department = defineFields({
  name: NAME,
  hide: { label: "Hide", kind: "boolean" },
  // Printed on sale paperwork and invoices (000 Print documents).
  bank_name: { label: "Bank name", kind: "text", max: 100 },
  bank_account_name: { label: "Bank account name", kind: "text", max: 100 },
  bank_sort_code: { label: "Sort code", kind: "text", max: 20 },
  bank_account_number: { label: "Account number", kind: "text", max: 20 },
  registration_footer: { label: "Registration footer", kind: "textarea", max: 1000 },
  // The Xero tracking option this department's invoices and credit notes carry (both names, as in Xero); without them nothing of the department is pushed (docs/xero.md).
  xero_tracking_category: { label: "Xero tracking category", kind: "text", max: 100 },
  xero_tracking_option: { label: "Xero tracking option", kind: "text", max: 100 },
});

export const fitter = defineFields({ name: NAME, hidden: { label: "Hidden", kind: "boolean" } });

export const trackerType = defineFields({
  name: NAME,
  cost: { label: "Cost", kind: "money" },
  upfront_cost: { label: "Upfront cost", kind: "money" },
});

export const vehicleMake = defineFields({
  name: NAME,
  maintenance_cost_per_mile: { label: "Maintenance cost per mile (£)", kind: "money" },
  additional_depreciation_per_mile: { label: "Additional depreciation per mile (£)", kind: "money" },
});

export const vehicleModel = defineFields({
  name: NAME,
  make: { label: "Make", kind: "ref" },
  mileage_limit: { label: "Mileage limit", kind: "mileage" },
  day1_rate: { label: "Day 1 rate", kind: "money" },
  day2_5_rate: { label: "Day 2-5 rate", kind: "money" },
  day6_27_rate: { label: "Day 6-27 rate", kind: "money" },
  day28_plus_rate: { label: "Day 28+ rate", kind: "money" },
});

export const rentalMargin = defineFields({
  name: NAME,
  // Not required: an emptied margin is stored as null (001 §5 "Edited settings fields store null when emptied"); the suggested rate then says 'Unable To Calculate Rate'.
  margin: { label: "Margin (percent)", kind: "markup" },
});

export const workType = defineFields({
  name: NAME,
  free_of_charge: { label: "Free of charge", kind: "boolean" },
  approval_needed: { label: "Approval needed", kind: "boolean" },
  // Hours x this rate is the customer's labour charge (002 §3 Work type, §9).
  special_labour_rate: { label: "Special labour rate (£ per hour)", kind: "money" },
});

export const movementRate = defineFields({
  name: NAME,
  cost_per_mile: { label: "Cost per mile", kind: "money" },
  vehicle_cost: { label: "Vehicle cost", kind: "money" },
  additional_time_cost: { label: "Additional time cost", kind: "money" },
  callout_cost: { label: "Callout cost", kind: "money" },
  comments: { label: "Comments", kind: "textarea", max: 2000 },
});

export const movementType = defineFields({
  name: NAME,
  invoice_address: { label: "Invoice address", kind: "choice", options: ["start", "end"], message: "Invoice address must be start or end" },
  tracking_option: { label: "Tracking option", kind: "object", schema: trackingOptionValue },
});

export const paymentType = defineFields({ name: NAME });

export const driver = defineFields({ name: NAME });

/** A nominal code (003 §3): accounting.ts parses with its schema, the Nominal Codes table draws its fields. */
export const nominalCode = defineFields({
  name: { label: "Name", kind: "text", max: 150 },
  code: { label: "Code", kind: "text", required: "Code Required", max: 20 },
  type: { label: "Type", kind: "text", max: 50 },
  tax_type: { label: "Tax type", kind: "choice", options: TAX_TYPE_NAMES, message: "Unknown tax type" },
  bank_account_number: { label: "Bank account number", kind: "text", max: 50 },
  description: { label: "Description", kind: "textarea", max: 1000 },
  enable_payments_to_account: { label: "Enable payments to account", kind: "boolean" },
  show_in_expense_claims: { label: "Show in expense claims", kind: "boolean" },
});

const TRACKING_STATUSES = ["ACTIVE", "ARCHIVED", "DELETED"] as const;
const TRACKING_STATUS_MESSAGE = "Status must be ACTIVE, ARCHIVED or DELETED";

/** A tracking category's option (003 §3): its own id, issued when the category is saved (accounting.ts `withOptionIds`). */
export const trackingOption = defineFields({
  name: { label: "Option name", kind: "text", required: "Option name is required", max: 100 },
  status: { label: "Option status", kind: "choice", options: TRACKING_STATUSES, message: TRACKING_STATUS_MESSAGE, upperCase: true },
});

const trackingOptionRow = z.strictObject({
  ...trackingOption.schema.shape,
  id: z.number().int().positive().optional(),
  xero_id: z.string().max(100).nullable().optional(),
  category: z.number().int().nullable().optional(),
});

/**
 * A tracking category (003 §3) with its options: accounting.ts parses with
 * its schema, web/src/settings/TrackingCategories.tsx takes its labels,
 * messages and statuses from here and from `trackingOption`. A category
 * always has a status (ACTIVE when none is sent on create).
 */
export const trackingCategory = defineFields({
  name: { label: "Category name", kind: "text", required: "Name is required", max: 100 },
  status: { label: "Category status", kind: "choice", options: TRACKING_STATUSES, message: TRACKING_STATUS_MESSAGE, upperCase: true, required: TRACKING_STATUS_MESSAGE },
  xero_id: { label: "Xero id", kind: "text", max: 100 },
  options: { label: "Options", kind: "object", schema: z.array(trackingOptionRow).max(100).optional() },
});

/**
 * App defaults (001 §3), one record edited in place: defaults.ts parses
 * with its schema, Settings > Defaults draws its fields. The long-term
 * notes come in two readings (001 §9), chosen by `long_term_terms_reading`.
 */
export const appDefaults = defineFields({
  default_depreciation: { label: "Default depreciation", kind: "percent" },
  default_labour_estimate_rate: { label: "Default labour estimate rate (£ per hour)", kind: "money" },
  default_parts_markup: { label: "Default parts markup (percent)", kind: "markup" },
  long_term_terms_reading: { label: "Long-term notes printed on hire agreements", kind: "choice", options: ["A", "B"], message: "Reading must be A or B" },
  long_term_terms_a: { label: "Long-term notes, reading A", kind: "textarea", max: 8000 },
  long_term_terms_b: { label: "Long-term notes, reading B ({penalty} is the rental's weekly penalty)", kind: "textarea", max: 8000 },
  hire_terms_and_conditions: { label: "Hire agreement terms and conditions", kind: "textarea", max: 20000 },
  // Issue 22: the Xero account payments are pushed into (docs/xero.md "Payments"): a BANK nominal code or one with payments enabled.
  xero_payments_account: { label: "Xero payments account", kind: "ref" },
});

