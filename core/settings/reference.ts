import { defineRecordType } from "../platform/records.js";
import { ValidationError } from "../platform/errors.js";
import { searchText } from "../platform/paging.js";
import { declareReferences } from "../platform/references.js";
import * as defs from "./definitions.js";

/**
 * Reference data (settings, 001 §2.6 and §3). Each type is a declaration:
 * its fields (declared once in definitions.ts, which the screens share),
 * defaults and rules; the shared record mechanism does the rest.
 */

export const WeeklyTarget = defineRecordType({
  type: "target",
  label: "Weekly target",
  fields: defs.weeklyTarget.schema,
  validate(r) {
    defs.weeklyTarget.checkRequired(r);
    if (r.active_to && r.active_from && r.active_to < r.active_from)
      throw new ValidationError("Active to must not be before active from", { active_to: "Active to must not be before active from" });
  },
});

export const InspectionType = defineRecordType({
  type: "inspectiontype",
  label: "Inspection type",
  fields: defs.inspectionType.schema,
});

export const VehicleType = defineRecordType({
  type: "vehicletype",
  label: "Vehicle type",
  fields: defs.vehicleType.schema,
});

export const CostCentre = defineRecordType({
  type: "costcentre",
  label: "Cost centre",
  fields: defs.costCentre.schema,
});

export const QuickLink = defineRecordType({
  type: "quicklink",
  label: "Quick link",
  fields: defs.quickLink.schema,
});

export const Department = defineRecordType({
  type: "department",
  label: "Department",
  fields: defs.department.schema,
  defaults: () => ({ hide: false }),
});

export const Fitter = defineRecordType({
  type: "fitter",
  label: "Fitter",
  fields: defs.fitter.schema,
  defaults: () => ({ hidden: false }),
});

export const TrackerType = defineRecordType({
  type: "vehicletrackertype",
  label: "Vehicle tracker type",
  fields: defs.trackerType.schema,
});

export const VehicleMake = defineRecordType({
  type: "vehiclemake",
  label: "Vehicle make",
  fields: defs.vehicleMake.schema,
  // 001 §5: new makes default to 0.1 and 0.01 per mile.
  defaults: () => ({ maintenance_cost_per_mile: 0.1, additional_depreciation_per_mile: 0.01 }),
});

/** The list of a make's models. */
export const modelsOfMake = (make: number) => `make#${make}`;

export const VehicleModel = defineRecordType({
  type: "vehiclemodel",
  label: "Vehicle model",
  fields: defs.vehicleModel.schema,
  searchOf: (r) => searchText(r.name),
  // A make's models by name (GET vehiclemodel?make=, 000 §7).
  lists: (r) => (r.make ? [{ list: modelsOfMake(r.make), sort: String(r.name ?? "") }] : []),
  // 2: the make's list of models.
  indexVersion: 2,
  // The make is stored by id so renaming a make shows on every model (001 §2.6).
  async expand(rows) {
    const makes = new Map((await VehicleMake.getMany(rows.map((r) => r.make as number))).map((m) => [m.id, m]));
    return rows.map((r) => ({ ...r, make: r.make ? (makes.get(r.make) ?? null) : null }));
  },
  validate(r) {
    if (r.make === undefined) r.make = null;
  },
});

export const RentalMargin = defineRecordType({
  type: "rentalmargin",
  label: "Rental margin",
  fields: defs.rentalMargin.schema,
});

export const WorkType = defineRecordType({
  type: "worktype",
  label: "Workshop expense charge type",
  fields: defs.workType.schema,
  defaults: () => ({ free_of_charge: false, approval_needed: false }),
});

export const MovementRate = defineRecordType({
  type: "movementrate",
  label: "Movement rate",
  fields: defs.movementRate.schema,
});

export const MovementType = defineRecordType({
  type: "movementtype",
  label: "Movement type",
  fields: defs.movementType.schema,
});

export const PaymentType = defineRecordType({
  type: "paymenttype",
  label: "Payment type",
  fields: defs.paymentType.schema,
});

export const Driver = defineRecordType({
  type: "driver",
  label: "Driver",
  fields: defs.driver.schema,
});

declareReferences(VehicleModel, () => ({ make: VehicleMake }));
