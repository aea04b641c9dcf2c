import * as z from "zod";
import { bool, int, isoDate, markup, mileage, money, ref, requiredText, text } from "../platform/fields.js";
import { defineRecordType } from "../platform/records.js";
import { ValidationError } from "../platform/errors.js";
import { searchText } from "../platform/paging.js";
import { declareReferences } from "../platform/references.js";

/**
 * Reference data (settings, 001 §2.6 and §3). Each type is a declaration:
 * its fields, defaults and rules; the shared record mechanism does the rest.
 */

export const WeeklyTarget = defineRecordType({
  type: "target",
  label: "Weekly target",
  fields: z.object({
    weekly_target: money(),
    active_from: isoDate(),
    active_to: isoDate(),
  }),
  validate(r) {
    if (r.weekly_target === null || r.weekly_target === undefined)
      throw new ValidationError("Weekly target is required", { weekly_target: "Weekly target is required" });
    if (!r.active_from) throw new ValidationError("Active from date is required", { active_from: "Active from date is required" });
    if (r.active_to && r.active_to < r.active_from)
      throw new ValidationError("Active to must not be before active from", { active_to: "Active to must not be before active from" });
  },
});

export const InspectionType = defineRecordType({
  type: "inspectiontype",
  label: "Inspection type",
  fields: z.object({
    inspection_type: requiredText("Inspection type is required", 100),
    reminder_days: int(),
    warning_days: int(),
  }),
});

export const VehicleType = defineRecordType({
  type: "vehicletype",
  label: "Vehicle type",
  fields: z.object({
    name: requiredText("Name is required", 100),
    special_labour_rate: money(),
    fixed_hire_costs: money(),
  }),
});

export const CostCentre = defineRecordType({
  type: "costcentre",
  label: "Cost centre",
  fields: z.object({ name: requiredText("Name is required", 100) }),
});

export const QuickLink = defineRecordType({
  type: "quicklink",
  label: "Quick link",
  fields: z.object({
    title: requiredText("Title is required", 100),
    url: z.url({ error: "Enter a full web address (https://...)", protocol: /^https?$/ }).max(2000),
  }),
});

export const Department = defineRecordType({
  type: "department",
  label: "Department",
  fields: z.object({
    name: requiredText("Name is required", 100),
    hide: bool(),
    // Printed on sale paperwork and invoices (000 Print documents).
    bank_name: text(100),
    bank_account_name: text(100),
    bank_sort_code: text(20),
    bank_account_number: text(20),
    registration_footer: text(1000),
  }),
  defaults: () => ({ hide: false }),
});

export const Fitter = defineRecordType({
  type: "fitter",
  label: "Fitter",
  fields: z.object({ name: requiredText("Name is required", 100), hidden: bool() }),
  defaults: () => ({ hidden: false }),
});

export const TrackerType = defineRecordType({
  type: "vehicletrackertype",
  label: "Vehicle tracker type",
  fields: z.object({ name: requiredText("Name is required", 100), cost: money(), upfront_cost: money() }),
});

export const VehicleMake = defineRecordType({
  type: "vehiclemake",
  label: "Vehicle make",
  fields: z.object({
    name: requiredText("Name is required", 100),
    maintenance_cost_per_mile: money(),
    additional_depreciation_per_mile: money(),
  }),
  // 001 §5: new makes default to 0.1 and 0.01 per mile.
  defaults: () => ({ maintenance_cost_per_mile: 0.1, additional_depreciation_per_mile: 0.01 }),
});

export const VehicleModel = defineRecordType({
  type: "vehiclemodel",
  label: "Vehicle model",
  fields: z.object({
    name: requiredText("Name is required", 100),
    make: ref(),
    mileage_limit: mileage(),
    day1_rate: money(),
    day2_5_rate: money(),
    day6_27_rate: money(),
    day28_plus_rate: money(),
  }),
  searchOf: (r) => searchText(r.name),
  // The make is stored by id so renaming a make shows on every model (001 §2.6).
  async expand(rows) {
    const makes = new Map((await VehicleMake.getMany(rows.map((r) => r.make as number))).map((m) => [m.id, m]));
    return rows.map((r) => ({ ...r, make: r.make ? (makes.get(r.make as number) ?? null) : null }));
  },
  validate(r) {
    if (r.make === undefined) r.make = null;
  },
});

export const RentalMargin = defineRecordType({
  type: "rentalmargin",
  label: "Rental margin",
  fields: z.object({ name: requiredText("Name is required", 100), margin: markup() }),
  validate(r) {
    if (r.margin === null || r.margin === undefined)
      throw new ValidationError("Margin is required", { margin: "Margin is required" });
  },
});

export const WorkType = defineRecordType({
  type: "worktype",
  label: "Workshop expense charge type",
  fields: z.object({ name: requiredText("Name is required", 100), free_of_charge: bool(), approval_needed: bool() }),
  defaults: () => ({ free_of_charge: false, approval_needed: false }),
});

export const MovementRate = defineRecordType({
  type: "movementrate",
  label: "Movement rate",
  fields: z.object({
    name: requiredText("Name is required", 100),
    cost_per_mile: money(),
    vehicle_cost: money(),
    additional_time_cost: money(),
    callout_cost: money(),
    comments: text(2000),
  }),
});

const trackingOptionSnapshot = z
  .object({ id: z.number().int().positive(), name: z.string().max(200), category: z.number().int().optional() })
  .nullable()
  .optional();

export const MovementType = defineRecordType({
  type: "movementtype",
  label: "Movement type",
  fields: z.object({
    name: requiredText("Name is required", 100),
    invoice_address: z.enum(["start", "end"], { error: "Invoice address must be start or end" }).nullable().optional(),
    tracking_option: trackingOptionSnapshot,
  }),
});

export const PaymentType = defineRecordType({
  type: "paymenttype",
  label: "Payment type",
  fields: z.object({ name: requiredText("Name is required", 100) }),
});

export const Driver = defineRecordType({
  type: "driver",
  label: "Driver",
  fields: z.object({ name: requiredText("Name is required", 100) }),
});

declareReferences(VehicleModel, () => ({ make: VehicleMake }));
