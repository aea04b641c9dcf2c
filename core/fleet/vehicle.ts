import * as z from "zod";
import { Contact } from "../contacts/index.js";
import { vehicle as vehicleDefinition } from "./definitions.js";
import { defineRecordType, type FigureSorts } from "../platform/records.js";
import { LEAGUE_SORTS, leagueBoards, leagueSortValues, vehicleProfitFigures, type VehicleLike } from "./profit-rules.js";
import { defineLines } from "../platform/lines.js";
import { searchText } from "../platform/paging.js";
import { Department, VehicleMake, VehicleModel, VehicleType } from "../settings/index.js";
import { Key, keyBrief, type KeyRow } from "./keys.js";
import { MESSAGES, type ColumnFilter, checkVehicle, compactRegistration, deriveVehicle, purchaseTypeOf } from "./rules.js";
import { COLUMN_LIST, FLEET_DAYS_FACET, columnPrefix, fleetDaysByWeek, vehicleFacets, vehicleMemberships } from "./lists.js";
import { ValidationError } from "../platform/errors.js";
import { agreementFields } from "../agreements/schema.js";
import { vehicleRemainingCapital, withFinanceFigures } from "../agreements/finance.js";
import { todayInLondon } from "../platform/dates.js";
import { declareReferences, brief } from "../platform/references.js";

/** Every field of the vehicle record, from its one definition (definitions.ts). */
export const vehicleFields = vehicleDefinition.schema;

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
    label: "Finance agreement",
    fields: agreementFields,
    // An agreement is found by its id alone (a sale invoice's finance_agreement: POST invoices, 000 §7).
    locator: true,
    // 2: the locator.
    indexVersion: 2,
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
 * A vehicle's league sorts besides its profit (utilisation, cost per mile:
 * docs/finance.md), moved by every write that moves its figures (declared
 * on each such type: Rental, Job, Movement, Transaction), by the vehicle's own
 * saves (in a write of their own once the save lands) and by the nightly
 * re-rank (functions/cron/league-rank.ts). `own`: the vehicle as given; else
 * it is read (with its agreements).
 */
export const vehicleSorts: FigureSorts = {
  names: LEAGUE_SORTS,
  async values(id, totals, today, own) {
    let v: VehicleLike | undefined = own as VehicleLike | undefined;
    if (!v) {
      try {
        v = await Vehicle.get(id);
      } catch {
        return { utilisation: null, cost_per_mile: null };
      }
    }
    return leagueSortValues(v, totals, today);
  },
};

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
    vehicleDefinition.checkRequired(r);
    checkVehicle(r);
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
  // Its purchase and sale to its own figures, and the league table's boards it stands on (docs/finance.md "Vehicle profit line").
  figures: (r, id) => vehicleProfitFigures(r as VehicleLike, id),
  figureBoards: (r) => leagueBoards(r),
  // Its own sorts move right after each of its saves lands (records/figures.ts `moveOwnSorts`).
  figureSorts: vehicleSorts,
  outside: VehicleLines.outside,
  expand: async (rows) => expandVehicles(await VehicleLines.attach(rows)),
  // 2: the CAP totals facets (core/fleet/captotals.ts). 3: agreements moved into lines (core/fleet/upgrade.ts).
  // 4: the column lists of the column filters (columnMemberships in rules.ts).
  // 5: one column list sorted by value, place and the place's tab order; facets per place (upgrade.ts removes the old ones).
  // 6: the fleet's moves by day (fleetDayFacets in lists.ts, the utilisation chart).
  indexVersion: 6,
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

/** The active vehicles (hire ready or not) with a column value, from the column entries (the rental finder by type): ids only. */
export async function activeVehicleIdsWith(column: ColumnFilter, value: string): Promise<number[]> {
  const found = await Promise.all((["active", "hireready"] as const).map((s) => Vehicle.idsIn(COLUMN_LIST, { search: columnPrefix(column, value, s) })));
  return found.flat();
}

/**
 * Vehicle-days on fleet in each of the weeks (oldest first), for a
 * department or the whole fleet (issue 27, the utilisation chart): one
 * Query of the fleet's moves from the first week's start (`fleetDayFacets`,
 * with the `held` count beside them), whatever the size of the fleet or of
 * its history (docs/charts.md).
 */
export async function fleetDaysInWeeks(weeks: Array<{ start: string; end: string }>, department?: number | null): Promise<number[]> {
  if (!weeks.length) return [];
  // "held" sorts after every date, so the one range from the first day on holds it.
  const sums = await Vehicle.facetSums(FLEET_DAYS_FACET(department ? String(department) : "all"), { from: weeks[0].start });
  const held = sums.find((x) => x.value === "held")?.sum ?? 0;
  return fleetDaysByWeek(held, sums, weeks);
}
