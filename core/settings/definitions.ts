import * as z from "zod";
import { defineFields } from "../platform/definition.js";

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
  margin: { label: "Margin (percent)", kind: "markup", required: "Margin is required" },
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

/** A movement type keeps `{id, name}` of its tracking option (inside its category). */
const trackingOptionSnapshot = z
  .object({ id: z.number().int().positive(), name: z.string().max(200), category: z.number().int().optional() })
  .nullable()
  .optional();

export const movementType = defineFields({
  name: NAME,
  invoice_address: { label: "Invoice address", kind: "choice", options: ["start", "end"], message: "Invoice address must be start or end" },
  tracking_option: { label: "Tracking option", kind: "object", schema: trackingOptionSnapshot },
});

export const paymentType = defineFields({ name: NAME });

export const driver = defineFields({ name: NAME });
