/**
 * The hire records as the API answers them, inferred from their definitions
 * (issue 23: one definition per field). Pure, types only: the web's rental
 * row and form types come from here, never a hand-written field list.
 */
import type { Brief, ExtrasOf, FormOf, RowOf } from "../platform/definition.js";
import type { VehicleAnswer, VehicleBrief } from "../fleet/types.js";
import type { WorkshopWarning } from "./offers.js";
import type { rental, rentalExtras } from "./definitions.js";

/** A rental as answered; `Refs` says what the answer carries for a reference a screen reads more of. */
export type RentalRecord<Refs extends Partial<Record<string, unknown>> = Record<never, never>> = RowOf<typeof rental, Refs>;
export type RentalForm = FormOf<typeof rental>;

/** A rental as its list and page answer carry its vehicle and customer. */
export type RentalAnswer<Refs extends Partial<Record<string, unknown>> = Record<never, never>> = RentalRecord<{ vehicle: VehicleBrief | null; customer: HirerBrief | null; payer: HirerBrief | null } & Refs> &
  ExtrasOf<typeof rentalExtras>;
/** A rental's hirer or payer as the answer carries it (the agreement prints the address). */
export type HirerBrief = Brief<{ display_name: string; address_line1: string; town: string; postcode: string; company_email: string; company_phone: string }>;
/** A van the finder offers (GET rentals/available): the vehicle with its workshop and compliance warnings. */
export type AvailableVehicle = VehicleAnswer & { workshop_warnings?: WorkshopWarning[]; compliance_warnings?: Array<{ reason: string; message: string }> };

/** A row of the rentals calendar (GET rentals/calendar, service.ts `calendar`): a vehicle and its rentals meeting the window, each in brief. */
export type CalendarRow = {
  vehicle: VehicleBrief | null;
  /** A rental meeting the window has its start date. */
  rentals: Array<Pick<RentalRecord<{ customer: Brief<{ display_name: string }> | null; start_date: string }>, "id" | "status" | "rental_type" | "start_date" | "finish_date" | "customer"> & { total?: number | null }>;
};
