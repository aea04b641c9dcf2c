import { blank } from "../platform/blank.js";
import { addDays } from "../platform/dates.js";
import { toPence } from "../platform/money.js";
import type { Membership } from "../platform/records.js";
import {
  BLANK,
  CAP_VALUE_FIELDS,
  COLUMN_FILTERS,
  NO_VALUE,
  compactRegistration,
  isArriving,
  isCapStatus,
  isCapZero,
  isHireReady,
  purchaseTypeOf,
  type ColumnFilter,
  type VehicleLike,
} from "./rules.js";

/*
 * The fleet's DynamoDB list keys, tags and facets (issue 23: a rules
 * module must be pure, so these left core/fleet/rules.ts): the lists a
 * vehicle's save writes it into (tabs, column streams, the sold list, the
 * key finder), their sort keys and tags, and the facets that count them.
 * The vehicle record (core/fleet/vehicle.ts) declares them; the fleet
 * list, the availability finder and the dashboard read them.
 */

/** The facet holding the fleet's maintained CAP totals (see `capTotalFacets`). */
export const CAP_TOTALS_FACET = "captotals";

/**
 * The fleet's CAP totals, kept as maintained sums (facet amounts, in whole
 * pence) in each vehicle's own save: per department and CAP status, how
 * many vehicles and the sum of each CAP column. The dashboard's vehicle
 * summary is then one small Query, whatever the size of the fleet.
 * Value: "<department id or ~>#<status>#<count|cap_retail|...>".
 */
export function capTotalFacets(v: VehicleLike): Array<{ facet: string; value: string; amount: number }> {
  if (!isCapStatus(v.vehicle_status)) return [];
  const at = `${blank(v.department) ? NO_VALUE : v.department}#${v.vehicle_status}`;
  return [
    { facet: CAP_TOTALS_FACET, value: `${at}#count`, amount: 1 },
    ...CAP_VALUE_FIELDS.map((f) => ({ facet: CAP_TOTALS_FACET, value: `${at}#${f}`, amount: toPence(v[f] as number | null | undefined) })),
  ];
}

/** The list partitions (tabs) a vehicle belongs to. */
export function tabsOf(v: VehicleLike): string[] {
  const status = v.vehicle_status ?? "ACTIVE";
  const tabs: string[] = [status];
  if (status !== "CUSTOMER") tabs.push("ALL");
  if (isArriving(v)) tabs.push("ARRIVING");
  if (isHireReady(v)) tabs.push("HIREREADY");
  return tabs;
}

/**
 * How a tab sorts: Ordered by month due, Arriving by delivery date (000
 * §2), Sold by date sold, external vehicles by registration, the rest by
 * fleet number. Blanks sort last.
 */
export function tabSort(tab: string, v: VehicleLike): string {
  const or = (x: unknown, last = NO_VALUE) => (blank(x) ? last : String(x));
  switch (tab) {
    case "ORDERED":
      return or(v.month_due);
    case "ARRIVING":
      return or(v.delivery_date);
    case "SOLD":
      // Newest sale first by default (descending): undated ones last.
      return or(v.date_sold, "0000-00-00");
    case "CUSTOMER":
      return compactRegistration(v.registration) || NO_VALUE;
    default:
      return `${or(v.fleet_number)}#${compactRegistration(v.registration)}`;
  }
}

/** Default order of a tab. */
export function tabOrder(tab: string): "asc" | "desc" {
  return tab === "SOLD" ? "desc" : "asc";
}

/** The field each tab's list is sorted by (`tabSort`): the names `order` takes besides asc and desc. */
export const TAB_SORT_FIELD: Record<string, string> = {
  ORDERED: "month_due",
  ARRIVING: "delivery_date",
  SOLD: "date_sold",
  CUSTOMER: "registration",
};
export const tabSortField = (tab: string) => TAB_SORT_FIELD[tab] ?? "fleet_number";

/**
 * GET vehicles `order` (000 §7): asc or desc, or the tab's sort field by
 * name ("month_due" ascending, "-month_due" descending, as a Django-style
 * client sends it). Another field would need an index the lists do not
 * keep: refused (docs/coverage/vehicles.md).
 */
export function listOrderOf(tab: string, order: string | undefined): { order?: "asc" | "desc"; error?: string } {
  const o = order?.trim().toLowerCase();
  if (!o) return {};
  if (o === "asc" || o === "desc") return { order: o };
  const field = tabSortField(tab);
  if (o === field) return { order: "asc" };
  if (o === `-${field}`) return { order: "desc" };
  return { error: `This list is sorted by ${field}: order must be asc, desc, ${field} or -${field}` };
}

/** Views that narrow a status: Hire Ready is active, Arriving ordered (000 §4). */
const VIEW_OF_STATUS: Record<string, string> = { HIREREADY: "ACTIVE", ARRIVING: "ORDERED" };

/** A sub-tab name as sent ("hire_ready", "Hire Ready", "hireready"): upper case, letters only; "Processing Sale" is PROCESSING. */
export function subTabName(v: string | undefined): string | undefined {
  const n = v?.toUpperCase().replace(/[^A-Z]/g, "");
  if (!n) return undefined;
  return n === "PROCESSINGSALE" ? "PROCESSING" : n === "EXTERNALCUSTOMERVEHICLES" ? "CUSTOMER" : n;
}

/**
 * The sub-tab of a vehicle_status and a view sent together: the view when
 * it narrows the status (ACTIVE + HIREREADY, ORDERED + ARRIVING) or the
 * status is all; the status when the view is the same or all. Anything
 * else contradicts itself: an error.
 */
export function subTabOf(status: string | undefined, view: string | undefined): { tab: string; error?: undefined } | { tab?: undefined; error: string } {
  const s = subTabName(status);
  const v = subTabName(view);
  if (!v) return { tab: s ?? "ACTIVE" };
  if (!s || s === v || s === "ALL") return { tab: v };
  if (v === "ALL") return { tab: s };
  if (VIEW_OF_STATUS[v] === s) return { tab: v };
  return { error: `View ${v} is not a view of ${s} vehicles` };
}

const tagValue = (v: unknown) => (blank(v) ? NO_VALUE : String(v).toLowerCase());

/** The column values of a vehicle, as kept in tags and facets. */
export function columnValues(v: VehicleLike): Record<ColumnFilter, string> {
  return {
    make: tagValue(v.make),
    model: tagValue(v.model),
    type: tagValue(v.type),
    owner: tagValue(v.owner),
    key: tagValue(v.key),
    supplier: tagValue(v.vehicle_supplier),
    reserve_customer: tagValue(v.reserve_customer),
    month_due: tagValue(v.month_due),
    delivery_date: tagValue(v.delivery_date),
  };
}

/** A column filter's tag: `m=3`, or `m=~` for Only Blanks. */
export function columnTag(column: ColumnFilter, value: string): string {
  return `${COLUMN_FILTERS[column]}=${value === BLANK ? NO_VALUE : value.toLowerCase()}`;
}

/** The column tags of a vehicle (for the typeahead filters): `m=3`, `md=2026-01-01`, `~` when blank. */
export function columnTags(v: VehicleLike): string[] {
  const cols = columnValues(v);
  return (Object.keys(COLUMN_FILTERS) as ColumnFilter[]).map((c) => `${COLUMN_FILTERS[c]}=${cols[c]}`);
}

/**
 * Tags of a vehicle's entries in lists that mix tabs (search, courtesy,
 * tracker-less, key finder): its columns and its place (status,
 * department, purchase type, tabs and flags), so a search or a bounded
 * filter never reads the records. Entries of a tab list carry no tags:
 * the list itself says the rest, and column filters read the column lists.
 */
export function vehicleTags(v: VehicleLike): string[] {
  const tags = columnTags(v);
  tags.push(`st=${(v.vehicle_status ?? "ACTIVE").toLowerCase()}`, `d=${tagValue(v.department)}`, `p=${purchaseTypeOf(v).toLowerCase()}`);
  for (const tab of tabsOf(v)) tags.push(`tab=${tab.toLowerCase()}`);
  if (v.courtesy_car === true) tags.push("courtesy");
  if (!blank(v.key) || !blank(v.spare_key)) tags.push("haskey");
  if (blank(v.tracker)) tags.push("notracker");
  return tags;
}

/** Text kept in a tag: no separators. */
const tagText = (v: unknown) => String(v ?? "").replace(/[|]/g, "").trim();

/** The key finder's row, kept on the vehicle's `haskey` entry so the finder reads no records. */
export function keyFinderTags(v: VehicleLike): string[] {
  return [`reg=${tagText(v.registration)}`, `fn=${tagText(v.fleet_number)}`, `sk=${tagValue(v.spare_key)}`];
}

/** A tag's value from an entry's tags (null when blank or absent). */
export function tagOf(tags: string[], name: string): string | null {
  const t = tags.find((x) => x.startsWith(`${name}=`));
  const v = t?.slice(name.length + 1) ?? null;
  return v === null || v === "" || v === NO_VALUE ? null : v;
}

export const tabList = (tab: string, dept: string | number, pt: string) => `tab#${tab}#dept#${dept}#pt#${pt}`;

/**
 * Every indexed list a vehicle belongs to (docs/data-model.md §4.1):
 * tab x department (its own and ALL) x purchase type (its own and ALL),
 * Cap 0s, courtesy cars, key finder, tracker-less fleet, the search
 * list (registration and fleet number prefixes) and one entry per column
 * filter (`columnMemberships`). At most 30 entries.
 */
export function vehicleMemberships(v: VehicleLike): Membership[] {
  const tags = vehicleTags(v);
  const depts = blank(v.department) ? ["ALL"] : [String(v.department), "ALL"];
  const pts = [purchaseTypeOf(v), "ALL"];
  const out: Membership[] = [];
  // Tab and Cap 0 entries carry no tags: column filters read the column lists.
  for (const tab of tabsOf(v)) for (const d of depts) for (const p of pts) out.push({ list: tabList(tab, d, p), sort: tabSort(tab, v) });
  if (isCapZero(v)) for (const d of depts) out.push({ list: `cap0#dept#${d}`, sort: tabSort("ALL", v) });
  if (v.courtesy_car === true) for (const d of depts) out.push({ list: `courtesy#dept#${d}`, sort: compactRegistration(v.registration) || NO_VALUE, tags });
  if (!blank(v.key) || !blank(v.spare_key)) out.push({ list: "haskey", sort: String(v.key ?? v.spare_key).padStart(8, "0"), tags: [...tags, ...keyFinderTags(v)] });
  if (blank(v.tracker) && v.vehicle_status !== "CUSTOMER" && v.vehicle_status !== "SOLD")
    out.push({ list: "notracker", sort: compactRegistration(v.registration) || NO_VALUE, tags });
  out.push(...soldMembership(v));
  out.push(...columnMemberships(v));
  const reg = compactRegistration(v.registration);
  if (reg) out.push({ list: "search", sort: reg, tags });
  const fleet = compactRegistration(v.fleet_number);
  if (fleet && fleet !== reg) out.push({ list: "search", sort: fleet, tags });
  return out;
}

/** The list holding every vehicle's column entries (`columnMemberships`). */
export const COLUMN_LIST = "col";

/**
 * Where a vehicle sits for the column filters: its status, with Hire Ready
 * apart from the other active vehicles and Arriving apart from the other
 * ordered ones, so every tab is a union of whole places (Active = active +
 * hire ready, Ordered = ordered + arriving, All = every fleet place).
 */
export const PLACES = ["equipment", "active", "hireready", "ordered", "arriving", "forsale", "processing", "sold", "customer"] as const;
export type Place = (typeof PLACES)[number];
export function placeOf(v: VehicleLike): Place {
  const status = v.vehicle_status ?? "ACTIVE";
  if (isHireReady(v)) return "hireready";
  if (isArriving(v)) return "arriving";
  return status.toLowerCase() as Place;
}

/**
 * The column entries' streams: one per place, plus the sold vehicles a
 * second time in the All tab's order (`soldfleet`). Each stream is sorted
 * in the order of the tab it serves: by fleet number (equipment, active,
 * hire ready, for sale, processing; ordered and arriving too, as the All
 * tab wants them), date sold (sold), registration (external).
 */
export type ColumnStream = Place | "soldfleet";
/** The place whose facet counts a stream's vehicles. */
export const streamPlace = (s: ColumnStream): Place => (s === "soldfleet" ? "sold" : s);

/** A vehicle's place in a column stream: `m=3;active;`, `m=~;sold;` when blank, then its sort in the stream. */
export function columnPrefix(column: ColumnFilter, value: string, stream: ColumnStream): string {
  return `${columnTag(column, value)};${stream};`;
}

/** The facet counting a place's vehicles per column value (`<column>#<value>`): a filter's count, a tab's typeahead options. */
export const placeFacet = (place: Place) => `place#${place}`;
/** A column value as its facet value: `make#3`, `make#~` for Only Blanks. */
export const columnFacetValue = (column: ColumnFilter, value: string) => `${column}#${value === BLANK ? NO_VALUE : value.toLowerCase()}`;

/**
 * The column filters' index: one entry per filter column in the single
 * column list, sorted by `<column>=<value>;<stream>;<the stream's tab
 * sort>`, so a tab's vehicles with a column value, in the tab's order, are
 * the heads of one to eight prefix Queries (a page reads 25 entries of
 * each, whatever the number of matches) and their count is the places'
 * facets. Sold vehicles have a second set in the All tab's order (fleet
 * number): the only status whose own tab sorts differently from All and
 * that grows with history. Ordered vehicles sort by fleet number for All;
 * the Ordered and Arriving tabs (the order book, bounded) are ordered from
 * the entries' `md` and `arr` tags. Tags: department and purchase type
 * (narrowing a filter), month due and delivery date sorts.
 */
export function columnMemberships(v: VehicleLike): Membership[] {
  const status = v.vehicle_status ?? "ACTIVE";
  const place = placeOf(v);
  const clean = (x: string) => x.replace(/[|]/g, "");
  const tags = [`d=${tagValue(v.department)}`, `p=${purchaseTypeOf(v).toLowerCase()}`];
  if (status === "ORDERED") tags.push(`md=${clean(tabSort("ORDERED", v))}`);
  if (place === "arriving") tags.push(`arr=${clean(tabSort("ARRIVING", v))}`);
  const sort = status === "ORDERED" ? tabSort("ALL", v) : tabSort(status, v);
  const cols = columnValues(v);
  const out: Membership[] = [];
  for (const c of Object.keys(COLUMN_FILTERS) as ColumnFilter[]) {
    const value = cols[c] === NO_VALUE ? BLANK : cols[c];
    out.push({ list: COLUMN_LIST, sort: `${columnPrefix(c, value, place)}${sort}`, tags });
    if (place === "sold") out.push({ list: COLUMN_LIST, sort: `${columnPrefix(c, value, "soldfleet")}${tabSort("ALL", v)}`, tags });
  }
  return out;
}

/**
 * The dashboard's Vehicle Sales (GET financeagreements) find sold vehicles
 * by date: one entry in `sold`, sorted by the latest sold date of the
 * vehicle's agreements, tagged with its department. One entry only: a
 * vehicle's saves must stay within one transaction (see the 20-entry test).
 * The finance reports read the department's fleet list instead.
 */
export function soldMembership(v: VehicleLike): Membership[] {
  const dates = ((v.finance_agreements ?? []) as Array<{ sold_date?: unknown }>).map((a) => a.sold_date).filter((d): d is string => !blank(d));
  if (!dates.length) return [];
  return [{ list: "sold", sort: dates.sort().at(-1)!, tags: [`d=${blank(v.department) ? NO_VALUE : v.department}`] }];
}

/**
 * Facets of a vehicle: its column values, counted per place (`placeOf`:
 * a column filter's count, the typeahead options of a tab), and its share of the fleet's CAP totals.
 */
export function vehicleFacets(v: VehicleLike): Array<{ facet: string; value: string; amount?: number }> {
  const cols = columnValues(v);
  return [
    ...(Object.keys(COLUMN_FILTERS) as ColumnFilter[]).map((c) => ({ facet: placeFacet(placeOf(v)), value: `${c}#${cols[c]}` })),
    ...capTotalFacets(v),
    ...fleetDayFacets(v),
  ];
}

/** The facet of the fleet's moves (see `fleetDayFacets`), per department ("all" and the department's id). */
export const FLEET_DAYS_FACET = (department: string) => `fleetdays#${department}`;

/**
 * The fleet's size by day, kept in each vehicle's own save (issue 27, the
 * utilisation chart): a fleet vehicle (not an external customer's) with a
 * purchase date joins the fleet that day (+1 on the day) and leaves the
 * day after its date sold (-1 on that day); while it is not sold it also
 * counts 1 in `held`. The fleet on a day is then `held` minus the moves
 * after that day: one Query of the moves from a window's start, whatever
 * the size of the fleet or its history. At most 6 facet items a vehicle.
 */
export function fleetDayFacets(v: VehicleLike): Array<{ facet: string; value: string; amount: number }> {
  const from = typeof v.purchase_date === "string" ? v.purchase_date : "";
  const sold = typeof v.date_sold === "string" ? v.date_sold : "";
  if (!from || v.vehicle_status === "CUSTOMER") return [];
  const depts = ["all", ...(blank(v.department) ? [] : [String(v.department)])];
  return depts.flatMap((d) => [
    { facet: FLEET_DAYS_FACET(d), value: from, amount: 1 },
    ...(sold ? [{ facet: FLEET_DAYS_FACET(d), value: addDays(sold, 1), amount: -1 }] : [{ facet: FLEET_DAYS_FACET(d), value: "held", amount: 1 }]),
  ]);
}

// ---------------------------------------------------------------- inspections

/**
 * Vehicle-days on fleet in each week, from the fleet's moves (see
 * `fleetDayFacets`): `held` (vehicles not sold) and the moves dated after
 * the first week's start. The fleet on day d = held - the moves after d;
 * a week's vehicle-days = the sum over its 7 days. Pure.
 */
export function fleetDaysByWeek(held: number, moves: Array<{ value: string; sum: number }>, weeks: Array<{ start: string; end: string }>): number[] {
  const dated = moves.filter((m) => /^\d{4}-\d{2}-\d{2}$/.test(m.value)).sort((a, b) => (a.value < b.value ? 1 : -1));
  return weeks.map((w) => {
    let days = 0;
    for (let i = 0; i < 7; i++) {
      const d = addDays(w.start, i);
      const after = dated.reduce((n, m) => (m.value > d ? n + m.sum : n), 0);
      days += Math.max(0, held - after);
    }
    return days;
  });
}
