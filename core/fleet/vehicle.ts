import * as z from "zod";
import { Contact } from "../contacts/index.js";
import { bool, isoDate, mileage, money, num, percent, ref, text } from "../platform/fields.js";
import { defineRecordType } from "../platform/records.js";
import { defineLines } from "../platform/lines.js";
import { searchText } from "../platform/paging.js";
import { Department, VehicleMake, VehicleModel, VehicleType } from "../settings/index.js";
import { Key, keyBrief, type KeyRow } from "./keys.js";
import {
  MESSAGES,
  VEHICLE_STATUSES,
  checkVehicle,
  compactRegistration,
  deriveVehicle,
  purchaseTypeOf,
  vehicleFacets,
  vehicleMemberships,
} from "./rules.js";
import { ValidationError } from "../platform/errors.js";
import { agreementFields } from "../agreements/schema.js";
import { vehicleRemainingCapital, withFinanceFigures } from "../agreements/finance.js";
import { todayInLondon } from "../platform/dates.js";
import { declareReferences } from "../platform/references.js";

const date = isoDate;
const flag = bool;

/** Every field of the vehicle record (000 §3, 001 §3 Vehicle as used by rentals). */
export const vehicleFields = z.object({
  // General details
  registration: text(20),
  make: ref(),
  model: ref(),
  variant: text(200),
  vin_number: text(50),
  type: ref(),
  first_registration_date: date(),
  fleet_number: text(20),
  mileage: mileage(),
  mileage_last_updated: date(),
  courtesy_car: flag(),
  location: text(200),
  purchase_date: date(),
  vehicle_status: z.enum(VEHICLE_STATUSES, { error: `Vehicle status must be one of ${VEHICLE_STATUSES.join(", ")}` }).optional(),
  department: ref(),
  hire_customer: ref(),
  // Status / customer block
  owner: ref(),
  lcv_sold: flag(),
  customer_equipment: text(2000),
  date_sold: date(),
  // Further details, features and keys
  key: ref(),
  spare_key: ref(),
  has_spare_key: flag(),
  slam_lock: flag(),
  slam_lock_number: text(50),
  tyre_size: text(50),
  radio_code: text(50),
  service_pack: flag(),
  camera: flag(),
  log_book: flag(),
  anti_drill_plate: flag(),
  window_stickers: flag(),
  fire_extinguisher: flag(),
  body_serial_number: text(100),
  tail_lift_serial_number: text(100),
  // The tracker on the vehicle: kept by tracker assignment (PUT vehicletracker/{id}), not by the vehicle save.
  tracker: ref(),
  gross_vehicle_weight: num(),
  payload: num(),
  oil_type: text(50),
  oil_quantity: num(),
  // CAP valuation
  cap_retail: money(),
  cap_clean: money(),
  cap_average: money(),
  // CAP below may be negative (a vehicle worth less than nothing at auction, e.g. after damage).
  cap_below: money({ signed: true }),
  cap_date: date(),
  // Warranty: end dates, each with its supplier (a workshop contact)
  manufacturer_main_warranty_date: date(),
  manufacturer_main_warranty_workshop: ref(),
  driveline_warranty_date: date(),
  driveline_warranty_workshop: ref(),
  aftermarket_warranty_date: date(),
  aftermarket_warranty_workshop: ref(),
  rm_warranty_date: date(),
  rm_warranty_workshop: ref(),
  // Tax, servicing and insurance
  tax_expiry: date(),
  tax_cost: money(),
  service_interval: text(100),
  qbe_ins: money(),
  daily_ins: money(),
  continue_maintenance: flag(),
  // Ordering info
  retail_price: money(),
  dealer_discount: percent(),
  manufacturer_discount: percent(),
  body_aux_price: money(),
  delivery_charge: money(),
  extra_cost: money(),
  spec: text(4000),
  ordered_date: date(),
  order_number: text(100),
  deposit_to_be_paid: money(),
  deposit_allocated_date: date(),
  month_due: date(),
  delivery_date: date(),
  delivery_date_confirmed: flag(),
  purchase_invoice_number: text(100),
  ordered_purchase_price: money(),
  vehicle_supplier: ref(),
  depr: num(),
  status: text(100),
  reserve_customer: ref(),
  exchange_vehicle: text(200),
  extras: text(4000),
  ordering_comments: text(4000),
  annual_depreciation_rate: percent(),
  // Hire rates on the vehicle (weekend, one_week, six_twenty_seven_week are derived)
  first_day: money(),
  two_five_days: money(),
  six_twenty_seven_days: money(),
  twenty_eight_plus: money(),
  long_term_weekly: money(),
  one_week: money(),
  six_twenty_seven_week: money(),
  weekend: money(),
  // Workshop's next job for the vehicle, shown on the edit screen.
  upcoming_job: text(500),
  // Purchases, finance agreements and sale details: lines of the vehicle (`VehicleLines`).
});

/**
 * The vehicle's lines (core/platform/lines.ts): its purchase, finance and
 * sale agreements, each an item of its own under the vehicle, numbered
 * across all vehicles (000 §3 id). The vehicle's rules and lists see them
 * as `finance_agreements` (purchase type, the `sold` list, rules 2-4).
 */
export const VehicleLines = defineLines("vehicle", [
  {
    name: "finance_agreements",
    idCounter: "financeagreement",
    fields: agreementFields as any,
    max: { count: 50, message: "At most 50 agreements on one vehicle" },
  },
]);

export type VehicleFields = z.infer<typeof vehicleFields>;

const CONTACT_FIELDS = [
  "owner",
  "hire_customer",
  "reserve_customer",
  "vehicle_supplier",
  "manufacturer_main_warranty_workshop",
  "driveline_warranty_workshop",
  "aftermarket_warranty_workshop",
  "rm_warranty_workshop",
] as const;

function brief<T extends Record<string, any>>(row: T | undefined, fields: string[]) {
  if (!row) return null;
  const out: Record<string, unknown> = { id: row.id };
  for (const f of fields) out[f] = row[f] ?? null;
  return out;
}

/**
 * References answered as objects (000 §3: make {name}, owner
 * {display_name}, key {id, key_number}): joined on every read, so a
 * renamed make or contact shows on every vehicle at once.
 */
export async function expandVehicles(rows: Array<Record<string, any>>): Promise<Array<Record<string, unknown>>> {
  if (!rows.length) return [];
  const ids = (f: string | readonly string[]) => rows.flatMap((r) => (Array.isArray(f) ? f : [f]).map((x: string) => r[x])).filter((x) => typeof x === "number");
  const agreementIds = (f: string) => rows.flatMap((r) => (r.finance_agreements ?? []).map((a: any) => a?.[f])).filter((x) => typeof x === "number");
  const { Tracker } = await import("./trackers.js");
  const [makes, models, types, departments, contacts, keys, trackers] = await Promise.all([
    VehicleMake.getMany(ids("make")),
    VehicleModel.getMany(ids("model")),
    VehicleType.getMany(ids("type")),
    Department.getMany([...ids("department"), ...agreementIds("department")]),
    Contact.getMany([...ids(CONTACT_FIELDS), ...agreementIds("sale_customer"), ...agreementIds("supplier")]),
    Key.getMany(ids(["key", "spare_key"])),
    Tracker.getMany(ids("tracker")),
  ]);
  const byId = <T extends { id: number }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  const m = byId(makes as any[]);
  const mo = byId(models as any[]);
  const t = byId(types as any[]);
  const d = byId(departments as any[]);
  const c = byId(contacts as any[]);
  const k = byId(keys as any[]);
  const tr = byId(trackers as any[]);
  return rows.map((r) => {
    const out: Record<string, unknown> = { ...r };
    out.make = brief(m.get(r.make), ["name", "maintenance_cost_per_mile", "additional_depreciation_per_mile"]);
    out.model = brief(mo.get(r.model), ["name", "make", "mileage_limit", "day1_rate", "day2_5_rate", "day6_27_rate", "day28_plus_rate"]);
    out.type = brief(t.get(r.type), ["name", "special_labour_rate", "fixed_hire_costs"]);
    out.department = brief(d.get(r.department), ["name"]);
    for (const f of CONTACT_FIELDS) out[f] = brief(c.get(r[f]), ["display_name"]);
    out.key = keyBrief(k.get(r.key) as KeyRow | undefined);
    out.spare_key = keyBrief(k.get(r.spare_key) as KeyRow | undefined);
    out.tracker = brief(tr.get(r.tracker), ["imei", "type"]);
    out.purchase_type = purchaseTypeOf(r);
    // Each agreement with its derived figures (docs/finance.md), valued today.
    const today = todayInLondon();
    const agreements = (r.finance_agreements ?? []) as Array<Record<string, any>>;
    out.finance_agreements = agreements.map((a) => ({
      ...withFinanceFigures(a, today),
      sale_customer: a.sale_customer == null ? null : brief(c.get(a.sale_customer), ["display_name", "postcode"]),
      supplier: a.supplier == null ? null : brief(c.get(a.supplier), ["display_name"]),
      department: a.department == null ? null : brief(d.get(a.department), ["name"]),
    }));
    out.remaining_capital = vehicleRemainingCapital(agreements, today);
    return out;
  });
}

/**
 * The vehicle (000 §3). Its lists are the indexed memberships of
 * docs/data-model.md §4.1; registration (among fleet vehicles), fleet
 * number and key hooks are unique claims.
 */
export const Vehicle = defineRecordType({
  type: "vehicle",
  label: "Vehicle",
  fields: vehicleFields,
  defaults: () => ({ vehicle_status: "ACTIVE" as const, courtesy_car: false, delivery_date_confirmed: false }),
  searchOf: (r) => searchText(compactRegistration(r.registration), r.fleet_number),
  validate(r) {
    checkVehicle(r as any);
    if (r.key && r.spare_key && r.key === r.spare_key) throw new ValidationError(MESSAGES.spareOnMainHook, { spare_key: MESSAGES.spareOnMainHook });
    Object.assign(r, deriveVehicle(r as any));
  },
  lists: (r) => vehicleMemberships(r as any),
  facets: (r) => vehicleFacets(r as any),
  unique: (r) => [
    // Registrations are unique on the fleet; external customers' vehicles may repeat one.
    {
      scope: "reg",
      value: r.vehicle_status === "CUSTOMER" ? null : compactRegistration(r.registration),
      message: MESSAGES.registrationTaken(String(r.registration ?? "").toUpperCase()),
    },
    { scope: "fleet", value: r.fleet_number, message: MESSAGES.fleetNumberTaken(String(r.fleet_number ?? "")) },
    // One scope for main and spare keys: a hook holds one vehicle's key.
    { scope: "key", value: r.key ? String(r.key) : null, message: MESSAGES.keyTaken },
    { scope: "key", value: r.spare_key ? String(r.spare_key) : null, message: MESSAGES.keyTaken },
  ],
  outside: VehicleLines.outside,
  expand: async (rows) => expandVehicles(await VehicleLines.attach(rows)),
  // 2: the CAP totals facets (core/fleet/captotals.ts). 3: agreements moved into lines (core/fleet/upgrade.ts).
  // 4: the column lists of the column filters (columnMemberships in rules.ts).
  indexVersion: 4,
});
VehicleLines.bind(Vehicle);

/** What a vehicle's fields point at (checked on every save; its tracker is declared in trackers.ts). */
declareReferences(Vehicle, () => ({
  make: VehicleMake,
  model: VehicleModel,
  type: VehicleType,
  department: Department,
  key: Key,
  spare_key: Key,
  ...Object.fromEntries(CONTACT_FIELDS.map((f) => [f, Contact])),
  "finance_agreements.*.department": Department,
  "finance_agreements.*.supplier": Contact,
  "finance_agreements.*.sale_customer": Contact,
}));
