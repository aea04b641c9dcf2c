/**
 * The fleet records as the API answers them, inferred from their definitions
 * (issue 23: one definition per field). Pure, types only: the web's vehicle
 * row and form types come from here, never a hand-written field list.
 */
import type { Brief, ContactBrief, ExtrasOf, FormOf, NamedBrief, RowOf } from "../platform/definition.js";
import type { inspection, inspectionExtras, vehicle } from "./definitions.js";
import type { ProfitLine } from "./profit-rules.js";
import type { ComplianceWarningRecord, MotTestRecord } from "./compliance.js";

export type { ComplianceWarningRecord, MotTestRecord };

/** A vehicle as answered; `Refs` says what the answer carries for a reference a screen reads more of. */
export type VehicleRecord<Refs extends Partial<Record<string, unknown>> = Record<never, never>> = RowOf<typeof vehicle, Refs>;
export type VehicleForm = FormOf<typeof vehicle>;

/** A vehicle as another record's answer carries it (rental, job, quote, sale). */
export type VehicleBrief = Brief<{
  registration: string;
  make: NamedBrief;
  model: Brief<{ name: string; mileage_limit: number }>;
  vin_number: string;
  variant: string;
  fleet_number: string;
  mileage: number;
  vehicle_status: string;
  first_registration_date: string;
}>;
/** A vehicle as its own answer carries its references (core/fleet/vehicle.ts). */
export type VehicleAnswer = VehicleRecord<{
  make: NamedBrief | null;
  model: Brief<{ name: string; mileage_limit: number }> | null;
  type: NamedBrief | null;
  department: NamedBrief | null;
  owner: ContactBrief | null;
}>;

/** One row of the fleet league table (GET reports/fleet-league; docs/finance.md "Vehicle profit line"): the vehicle and its line's totals. */
export type LeagueRow = {
  id: number;
  registration: string | null;
  fleet_number: string | null;
  department: NamedBrief | null;
  type: NamedBrief | null;
  make: NamedBrief | null;
  model: NamedBrief | null;
  vehicle_status: string | null;
} & Pick<ProfitLine, "income" | "costs" | "profit_before_finance" | "profit" | "days_on_fleet" | "days_on_hire" | "utilisation" | "miles" | "cost_per_mile">;

/** GET vehicles/{id}/profit as answered (docs/finance.md "Vehicle profit line"): inferred from core/fleet/profit.ts, one type for the server and the screen. */
export type { VehicleProfit } from "./profit.js";

/** A vehicle in the key finder (GET vehicles?keys=true, service.ts `keyFinder`): the vehicle's registration and status, the hooks of its main and spare keys. */
export type KeyFinderRow = Pick<VehicleRecord, "id" | "fleet_number"> & {
  registration: string;
  vehicle_status: string | null;
  key_number: string | null;
  board: string | null;
  spare_key_number: string | null;
  spare_board: string | null;
};

/** An inspection type as an inspection's answer carries it. */
export type InspectionTypeBrief = Brief<{ inspection_type: string; warning_days: number }>;
/** An inspection as answered (GET inspections, a vehicle's `inspections`): its fields, its references in brief, its due date (`inspectionExtras`). */
export type InspectionAnswer = RowOf<
  typeof inspection,
  { inspection_type: InspectionTypeBrief | null; vehicle: Brief<{ registration: string; fleet_number: string }> | null; inspection_workshop: ContactBrief | null }
> &
  ExtrasOf<typeof inspectionExtras>;
/** An inspection as the vehicle's form holds it (a line of the vehicle, saved with it): a new one has no id yet, a reference is as answered (in brief) or as picked (its id). */
export type InspectionLine = Partial<
  Omit<RowOf<typeof inspection, { inspection_type: InspectionTypeBrief | number | null; inspection_workshop: ContactBrief | number | null }, { id: number } | number>, "last_saved"> &
    ExtrasOf<typeof inspectionExtras>
>;
