import { Contact } from "../contacts/index.js";
import { NotFoundError, ValidationError } from "../platform/errors.js";
import { nextId } from "../platform/ids.js";
import { TransactionTooLarge, type WriteExtra } from "../platform/records.js";
import { todayInLondon } from "../platform/dates.js";
import { AppDefaults, Department, VehicleMake, VehicleModel, VehicleType } from "../settings/index.js";
import { Images } from "./images.js";
import { Inspections } from "./inspections.js";
import { Key, keyBrief, type KeyRow } from "./keys.js";
import { BLANK, COLUMN_FILTERS, NO_VALUE, SUB_TABS, compactRegistration, depreciationRate, fleetNumber, type ColumnFilter, type FinanceType } from "./rules.js";
import { COLUMN_LIST, columnFacetValue, columnPrefix, columnTag, placeFacet, streamPlace, type ColumnStream, type Place, tabList, tabOrder, listOrderOf, subTabName, subTabOf, tagOf } from "./lists.js";
import { Trackers } from "./trackers.js";
import { fleetOffers } from "./offers.js";
import { Vehicle, VehicleLines } from "./vehicle.js";
import { vehicleExtras } from "./definitions.js";
import { blank } from "../platform/blank.js";
import { offsetOf, pageOf, pageRows, rowsOfPage } from "../platform/paging.js";

/** Keys an answer carries that are not stored fields (`vehicleExtras`); a client may send them back. */
const answerOnly: readonly string[] = vehicleExtras.names;

export type VehicleListQuery = {
  page: number;
  page_size: number;
  search?: string;
  tab?: "fleet" | "customer";
  vehicle_status?: string;
  view?: string;
  delivery_date_confirmed?: boolean;
  department?: number | "ALL";
  purchaseType?: FinanceType | "ALL";
  /** asc, desc or the tab's sort field by name (rules.ts `listOrderOf`). */
  order?: string;
  /** Availability (001 §7 finder): active vehicles free from start to end (core/hire/availability.ts). */
  start?: string | null;
  end?: string | null;
  courtesy_car?: boolean;
  keys?: boolean;
  tracker?: "BLANK";
  showAll?: boolean;
  columns?: Partial<Record<ColumnFilter, string>>;
  /** Include the typeahead options (default true). */
  filter_list?: boolean;
};

/** A list query once its order is resolved to asc or desc. */
type ListQ = Omit<VehicleListQuery, "order"> & { order?: "asc" | "desc" };

/** The partition (tab) a list request reads: fleet sub-tab (a status, narrowed by a view: rules.ts `subTabOf`) or CUSTOMER. */
export function tabOf(q: Pick<VehicleListQuery, "tab" | "vehicle_status" | "view" | "delivery_date_confirmed">): string {
  if (q.tab === "customer") return "CUSTOMER";
  const known = ["ALL", "CUSTOMER", ...SUB_TABS] as string[];
  const unknown = `must be one of all, ${SUB_TABS.join(", ")}`;
  const view = subTabName(q.view);
  if (view && !known.includes(view)) throw new ValidationError(`View ${unknown}`, { view: "Unknown view" });
  const status = subTabName(q.vehicle_status);
  if (status && !known.includes(status)) throw new ValidationError(`Vehicle status ${unknown}`, { vehicle_status: "Unknown sub-tab" });
  const combined = subTabOf(status, view);
  if (combined.error !== undefined) throw new ValidationError(combined.error, { view: combined.error });
  const sub = combined.tab;
  if (sub === "ORDERED" && q.delivery_date_confirmed) return "ARRIVING";
  return sub;
}

/** The places (rules.ts `placeOf`) a tab's vehicles are in: their facets give its typeahead options and a filter's count. */
function tabPlaces(tab: string): Place[] {
  return [...new Set(tabStreams(tab).streams.map(streamPlace))];
}

/**
 * The column streams (rules.ts `columnMemberships`) a tab's vehicles are
 * in, and how the tab orders them: by the streams' own sort (merged), or,
 * for the order book, by a tag of the entries.
 */
function tabStreams(tab: string): { streams: ColumnStream[]; by: "stream" | "md" | "arr" } {
  switch (tab) {
    case "ALL":
      return { streams: ["equipment", "active", "hireready", "ordered", "arriving", "forsale", "processing", "soldfleet"], by: "stream" };
    case "ACTIVE":
      return { streams: ["active", "hireready"], by: "stream" };
    case "ORDERED":
      return { streams: ["ordered", "arriving"], by: "md" };
    case "ARRIVING":
      return { streams: ["arriving"], by: "arr" };
    default:
      return { streams: [tab.toLowerCase() as ColumnStream], by: "stream" };
  }
}

/** At most this many options per column in filter_list (a typeahead narrows them as staff type). */
export const FILTER_OPTIONS_LIMIT = 500;
/** Contact columns (owner, supplier, reserved customer) offer their most used this many contacts. */
export const CONTACT_OPTIONS_LIMIT = 100;

/**
 * Names of reference records (makes, models, types, key hooks): a few by
 * BatchGet (half a read unit each), many by one Query of the small
 * reference partition (charged by size).
 */
async function referenceNames(record: { getMany: (ids: number[]) => Promise<any[]>; all: () => Promise<any[]> }, ids: number[], field: string) {
  const rows = ids.length <= 40 ? await record.getMany(ids) : await record.all();
  return new Map(rows.map((r) => [String(r.id), String(r[field] ?? "")]));
}

/**
 * Contact names for the typeahead options, kept a minute per Lambda
 * instance: the options are read on every list request, and a renamed
 * contact's option catches up within the minute (vehicle answers
 * themselves always join live).
 */
const CONTACT_NAME_SECONDS = 60;
const contactNameCache = new Map<number, { name: string; at: number }>();
async function contactNames(ids: number[]) {
  const now = Date.now();
  if (contactNameCache.size > 5000) contactNameCache.clear();
  const missing = [...new Set(ids)].filter((id) => {
    const hit = contactNameCache.get(id);
    return !hit || now - hit.at > CONTACT_NAME_SECONDS * 1000;
  });
  if (missing.length) for (const c of await Contact.getMany(missing)) contactNameCache.set(c.id, { name: String(c.display_name ?? ""), at: now });
  return new Map(ids.filter((id) => contactNameCache.has(id)).map((id) => [String(id), contactNameCache.get(id)!.name]));
}

async function filterList(tab: string) {
  const facets = await Promise.all(tabPlaces(tab).map((p) => Vehicle.facetValues(placeFacet(p))));
  const counts = new Map<string, Map<string, number>>();
  for (const list of facets)
    for (const f of list) {
      const [column, value] = f.value.split("#");
      if (!counts.has(column)) counts.set(column, new Map());
      const c = counts.get(column)!;
      c.set(value, (c.get(value) ?? 0) + f.count);
    }
  const idsOf = (column: string, limit = Infinity) =>
    [...(counts.get(column)?.entries() ?? [])]
      .filter(([v]) => v !== NO_VALUE)
      .sort((x, y) => y[1] - x[1])
      .slice(0, limit)
      .map(([v]) => Number(v));
  const [makes, models, types, keys, contacts] = await Promise.all([
    referenceNames(VehicleMake, idsOf("make"), "name"),
    referenceNames(VehicleModel, idsOf("model"), "name"),
    referenceNames(VehicleType, idsOf("type"), "name"),
    referenceNames(Key, idsOf("key"), "key_number"),
    contactNames([...idsOf("owner", CONTACT_OPTIONS_LIMIT), ...idsOf("supplier", CONTACT_OPTIONS_LIMIT), ...idsOf("reserve_customer", CONTACT_OPTIONS_LIMIT)]),
  ]);
  const labels: Record<ColumnFilter, (v: string) => string | undefined> = {
    make: (v) => makes.get(v),
    model: (v) => models.get(v),
    type: (v) => types.get(v),
    owner: (v) => contacts.get(v),
    supplier: (v) => contacts.get(v),
    reserve_customer: (v) => contacts.get(v),
    key: (v) => keys.get(v),
    month_due: (v) => v,
    delivery_date: (v) => v,
  };
  const out: Record<string, Array<{ value: string; label: string; count: number }>> = {};
  for (const column of Object.keys(COLUMN_FILTERS) as ColumnFilter[]) {
    const c = counts.get(column) ?? new Map();
    const options: Array<{ value: string; label: string; count: number }> = [];
    let blanks = 0;
    for (const [value, count] of c) {
      if (value === NO_VALUE) {
        blanks += count;
        continue;
      }
      const label = labels[column](value);
      if (label !== undefined) options.push({ value, label, count });
    }
    options.sort((a, b) => a.label.localeCompare(b.label, "en-GB", { numeric: true }));
    out[column] = options.slice(0, FILTER_OPTIONS_LIMIT);
    if (blanks) out[column].push({ value: BLANK, label: "Only Blanks", count: blanks });
  }
  return out;
}

function columnTags(columns: VehicleListQuery["columns"]): string[] {
  return Object.entries(columns ?? {})
    .filter(([, v]) => !blank(v))
    .map(([c, v]) => columnTag(c as ColumnFilter, String(v)));
}

/** Where an entry sorts in a tab: its stream's sort (after the prefix) or an order-book tag, then its id, as the list's own keys order it. */
function placeInTab(e: { id: number; sort: string; tags: string[] }, prefix: string, by: "stream" | "md" | "arr"): string {
  const at = by === "stream" ? e.sort.slice(prefix.length) : (e.tags.find((t) => t.startsWith(`${by}=`))?.slice(by.length + 1) ?? "");
  return `${at}#id_${String(e.id).padStart(12, "0")}`;
}

/** Entries in a tab's order (descending: reversed), each vehicle once. */
function inTabOrder<T extends { id: number; key: string }>(entries: T[], order: "asc" | "desc"): T[] {
  const seen = new Set<number>();
  const out = entries.filter((e) => (seen.has(e.id) ? false : (seen.add(e.id), true)));
  out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return order === "desc" ? out.reverse() : out;
}

/** The vehicles of a page, in the page's order, as every list answer gives them. */
async function vehiclesInOrder(ids: number[]) {
  const rows = await Vehicle.getMany(ids);
  const at = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
  return Vehicle.present(rows);
}

/**
 * One column filter on a tab (no department or purchase type): the tab's
 * streams of entries with that value are each sorted in the tab's order,
 * so a page is their heads merged (25 entries of each, one Query each, at
 * once) and the count is the places' facets (one BatchGet). A page past
 * the first reads from the nearer end of the matches (as the vehicle tabs
 * do: vehicles keep no position counts, see docs/decisions.md), so page 1
 * and the last page cost a 25-row page whatever the number of matches.
 */
async function oneColumnPage(tab: string, column: ColumnFilter, value: string, q: ListQ) {
  const { streams } = tabStreams(tab);
  const order = q.order ?? tabOrder(tab);
  const prefixes = streams.map((s) => columnPrefix(column, value, s));
  const counted = Vehicle.facetCounts(tabPlaces(tab).map((p) => ({ facet: placeFacet(p), value: columnFacetValue(column, value) }))).then((n) => n.reduce((a, b) => a + b, 0));
  const heads = (n: number, o: "asc" | "desc") =>
    Promise.all(prefixes.map((prefix) => Vehicle.entriesFrom(COLUMN_LIST, { search: prefix, limit: n, order: o }).then((es) => es.map((e) => ({ id: e.id, key: placeInTab(e, prefix, "stream") })))));
  const offset = offsetOf(q);
  let count: number;
  let ids: number[];
  if (offset === 0) {
    // Page 1: the count and the streams' heads at once.
    const [n, read] = await Promise.all([counted, heads(q.page_size, order)]);
    count = n;
    ids = inTabOrder(read.flat(), order).slice(0, q.page_size).map((e) => e.id);
  } else {
    count = await counted;
    const take = Math.max(0, Math.min(q.page_size, count - offset));
    const after = count - offset - take;
    if (take === 0) ids = [];
    else if (after < offset) {
      // Nearer the end: the streams read backwards, the page counted from the end.
      const back = order === "asc" ? "desc" : "asc";
      ids = inTabOrder((await heads(after + take, back)).flat(), back).slice(after, after + take).reverse().map((e) => e.id);
    } else ids = inTabOrder((await heads(offset + take, order)).flat(), order).slice(offset, offset + take).map((e) => e.id);
  }
  return { count, results: await vehiclesInOrder(ids) };
}

/**
 * A tab narrowed by column filters (and Only Blanks): with one filter and
 * no department or purchase type, `oneColumnPage`. Otherwise (several
 * filters, a department or purchase type, the order book's tabs) each
 * filter reads its matches in the tab's streams (a prefix Query each,
 * department and purchase type from the entries' tags), the vehicles every
 * filter found are kept and ordered from the entries, and only the page's
 * vehicles are read: the cost follows the vehicles with the values, never
 * the tab.
 */
async function columnFiltered(tab: string, dept: number | "ALL", pt: string, q: ListQ) {
  const { streams, by } = tabStreams(tab);
  const filters = Object.entries(q.columns ?? {}).filter(([, v]) => !blank(v)) as Array<[ColumnFilter, string]>;
  if (filters.length === 1 && dept === "ALL" && pt === "ALL" && by === "stream") return oneColumnPage(tab, filters[0][0], String(filters[0][1]), q);
  const tags: string[] = [];
  if (dept !== "ALL") tags.push(`d=${dept}`);
  if (pt !== "ALL") tags.push(`p=${pt.toLowerCase()}`);
  const found = await Promise.all(
    filters.map(([c, v]) =>
      Promise.all(
        streams.map((s) => {
          const prefix = columnPrefix(c, String(v), s);
          return Vehicle.entriesIn(COLUMN_LIST, { search: prefix, tags }).then((es) => es.map((e) => ({ id: e.id, key: placeInTab(e, prefix, by) })));
        }),
      ),
    ),
  );
  let entries = found[0].flat();
  for (const more of found.slice(1)) {
    const ids = new Set(more.flat().map((e) => e.id));
    entries = entries.filter((e) => ids.has(e.id));
  }
  const keyed = inTabOrder(entries, q.order ?? tabOrder(tab));
  return { count: keyed.length, results: await vehiclesInOrder(pageRows(keyed, q).map((e) => e.id)) };
}

/**
 * Key finder (000 Other records): rows of registration and key number,
 * read from the `haskey` entries (bounded by the number of key hooks) and
 * the key hooks, never the vehicle records.
 */
async function keyFinder(q: ListQ) {
  const term = q.search?.trim() ?? "";
  const [entries, hooks] = await Promise.all([Vehicle.entriesIn("haskey"), Key.all()]);
  let chosen = entries;
  if (term.length >= 2) {
    // Registration or fleet number prefix among vehicles with a key, or the key number itself.
    const byReg = new Set(await Vehicle.idsIn("search", { search: compactRegistration(term) || term.toLowerCase(), tags: ["haskey"] }));
    const wanted = new Set(hooks.filter((k) => String(k.key_number).toLowerCase().startsWith(term.toLowerCase())).map((k) => String(k.id)));
    chosen = entries.filter((e) => byReg.has(e.id) || wanted.has(tagOf(e.tags, "k") ?? "") || wanted.has(tagOf(e.tags, "sk") ?? ""));
  }
  const byId = new Map(hooks.map((k) => [String(k.id), k as unknown as KeyRow]));
  const rows = chosen.map((e) => {
    const key = keyBrief(byId.get(tagOf(e.tags, "k") ?? ""));
    const spare = keyBrief(byId.get(tagOf(e.tags, "sk") ?? ""));
    return {
      id: e.id,
      registration: (tagOf(e.tags, "reg") ?? "").toUpperCase(),
      fleet_number: tagOf(e.tags, "fn")?.toUpperCase() ?? null,
      vehicle_status: tagOf(e.tags, "st")?.toUpperCase() ?? null,
      key_number: key?.key_number ?? null,
      board: key?.board ?? null,
      spare_key_number: spare?.key_number ?? null,
      spare_board: spare?.board ?? null,
      key,
      spare_key: spare,
    };
  });
  if (term.length >= 2) rows.sort((a, b) => String(a.key_number ?? a.spare_key_number).localeCompare(String(b.key_number ?? b.spare_key_number), "en-GB", { numeric: true }));
  return pageOf(rows, q);
}

/**
 * GET vehicles with start and end (001 §7 "Dashboard and finder": type,
 * start, end, vehicle_status=ACTIVE): the active vehicles (of a type) free
 * for those dates, through the one availability mechanism the rental
 * finder uses (core/hire/availability.ts). Rows carry `workshop_warnings`.
 */
async function availableList(tab: string, q: ListQ) {
  const dates = fleetOffers.need("availabilityDates")(q.start, q.end, { start: "start", finish: "end" });
  if (tab !== "ACTIVE") throw new ValidationError("Availability (start and end) lists active vehicles: send vehicle_status=ACTIVE or none", { vehicle_status: "Must be ACTIVE with start and end" });
  // Only the type narrows the finder (by its column list); other filters are refused, never silently ignored.
  const others = [...Object.keys(q.columns ?? {}).filter((c) => c !== "type"), ...(q.department && q.department !== "ALL" ? ["department"] : []), ...(q.purchaseType && q.purchaseType !== "ALL" ? ["purchaseType"] : []), ...(q.courtesy_car ? ["courtesy_car"] : []), ...(q.tracker ? ["tracker"] : [])];
  if (others.length) throw new ValidationError(`With start and end, only type and search narrow the list (not ${others.join(", ")})`, Object.fromEntries(others.map((o) => [o, "Not with start and end"])));
  const type = q.columns?.type;
  if (type !== undefined && !/^\d+$/.test(type)) throw new ValidationError("Type must be a vehicle type id", { type: "Must be a vehicle type id" });
  const options = q.filter_list === false ? null : filterList(tab);
  options?.catch(() => undefined);
  const page = await fleetOffers.need("availableVehicles")({ ...dates, type: type ? Number(type) : undefined, page: q.page, page_size: q.page_size, search: q.search?.trim() || undefined });
  return { ...page, ...(options ? { filter_list: await options } : {}) };
}

/** Body fields the server owns or derives before the rules run (000 §5 Before sending). */
async function prepare(body: Record<string, unknown>, current: Record<string, any> | null) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (!answerOnly.includes(k)) out[k] = v;
  // The tracker on a vehicle changes only through tracker assignment.
  delete out.tracker;
  const creating = !current;

  if (creating ? blank(out.type) : "type" in out ? blank(out.type) : blank(current.type)) {
    const first = await VehicleType.list({ page: 1, page_size: 1 });
    out.type = (first.results[0]?.id) ?? null;
  }
  if (creating || "annual_depreciation_rate" in out || Array.isArray(out.finance_agreements)) {
    const defaults = (await AppDefaults.get()) as { default_depreciation?: number | null };
    if (creating || "annual_depreciation_rate" in out) out.annual_depreciation_rate = depreciationRate(out.annual_depreciation_rate, defaults.default_depreciation);
    if (Array.isArray(out.finance_agreements))
      out.finance_agreements = out.finance_agreements.map((a) =>
        a && typeof a === "object" && !Array.isArray(a)
          ? { ...(a as object), annual_depreciation_rate: depreciationRate((a as Record<string, unknown>).annual_depreciation_rate, defaults.default_depreciation) }
          : a,
      );
  }
  // Each agreement keeps a number of its own (000 §3 id): the lines engine numbers new ones (VehicleLines).
  if (creating && blank(out.department)) {
    // 000 §1: the rentals department (RENTALS DIRECT, 000 §9) is the default; else the first named for rentals.
    const all = await Department.all();
    const rentals = all.find((d) => /^\s*rentals\s+direct\s*$/i.test(String(d.name))) ?? all.find((d) => /rental/i.test(String(d.name)));
    if (rentals) out.department = rentals.id;
  }
  // A new mileage reading is dated today unless the reading's date is sent with it.
  if ("mileage" in out && !blank(out.mileage) && Number(out.mileage) !== Number(current?.mileage ?? NaN)) {
    const sentDate = out.mileage_last_updated;
    if (blank(sentDate) || sentDate === current?.mileage_last_updated) out.mileage_last_updated = todayInLondon();
  }
  return out;
}

/**
 * Write a vehicle with the inspections sent with it in its own
 * transaction; the inspections are checked once the vehicle has passed its
 * rules (`forVehicleSent`), so the vehicle's first rule broken is the first
 * message and its rules run once. When together they pass DynamoDB's 100
 * items (a new van entered with many inspections), the vehicle first and
 * then its inspections, never a refusal for size.
 */
async function withInspections(vehicleId: number | null, sent: unknown, actor: string, write: (also?: WriteExtra) => Promise<{ id: number }>) {
  if (sent === undefined || sent === null) return write(undefined);
  const inspections = Inspections.forVehicleSent(vehicleId, sent, actor);
  try {
    return await write(inspections.extra);
  } catch (e) {
    if (!(e instanceof TransactionTooLarge) || !inspections.planned()) throw e;
  }
  const plan = inspections.planned()!;
  const saved = await write(undefined);
  await Inspections.applyAfter(saved.id, plan, actor);
  return saved;
}

export const Vehicles = {
  /** GET vehicles/{id}: the vehicle with its inspections. */
  async get(id: number) {
    const [vehicle, inspections] = await Promise.all([Vehicle.get(id), Inspections.ofVehicle(id)]);
    return { ...vehicle, inspections: inspections.results };
  },

  /** POST createvehicle: the whole vehicle, inspections included. */
  async create(body: Record<string, unknown>, actor: string) {
    const fields = await prepare(body, null);
    const created = (await withInspections(null, body.inspections, actor, (also) => VehicleLines.create(fields, actor, { also }))) as Record<string, any>;
    return this.get(created.id);
  },

  /**
   * PUT vehicles/{id}: the whole vehicle (or only the fields an inline list
   * edit changes); inspections when sent. A stale last_saved is a 409.
   */
  async save(id: number, body: Record<string, unknown>, actor: string) {
    // Read once: what the server derives before the rules (prepare), then the save itself, work from this read.
    const current = await Vehicle.stored(id);
    const fields = await prepare(body, current);
    // One unit: the vehicle, its lines and its changed inspections (docs/decisions.md "Parents with lines").
    const write = (f: Record<string, unknown>) => withInspections(id, body.inspections, actor, (also) => VehicleLines.update(id, f, actor, { partial: true, also, current }));
    let saved: Record<string, any>;
    try {
      saved = await write(fields);
    } catch (e) {
      // A new status together with nearly every other dimension can pass DynamoDB's 100 items
      // (the status alone moves the column entries and facets): the other changes first, then
      // the status, each a save of its own, never a refusal for size.
      if (!(e instanceof TransactionTooLarge) || !("vehicle_status" in fields) || fields.vehicle_status === current.vehicle_status) throw e;
      let first: Record<string, any>;
      try {
        first = await write({ ...fields, vehicle_status: current.vehicle_status });
      } catch (inner) {
        throw inner instanceof ValidationError ? e : inner;
      }
      saved = await VehicleLines.update(id, { vehicle_status: fields.vehicle_status, last_saved: first.last_saved }, actor, { partial: true });
    }
    // The answer is the vehicle as the save wrote it (references filled in): not read again.
    return { ...saved, inspections: (await Inspections.ofVehicle(id)).results };
  },

  /** DELETE vehicles/{id}: its inspections, images and tracker link go first, then the vehicle (its key claims with it). */
  async remove(id: number, actor: string) {
    const [current] = await Vehicle.getMany([id]);
    if (!current) throw new NotFoundError("Vehicle");
    await Inspections.removeForVehicle(id, actor);
    await Images.removeForVehicle(id, actor);
    await Trackers.freeVehicle(id, actor);
    return VehicleLines.remove(id, actor);
  },

  /** GET vehicles: see docs/data-model.md §4.1 for the partition behind each combination. */
  async list(sent: VehicleListQuery) {
    if (sent.keys) return keyFinder({ ...sent, order: undefined });
    const tab = tabOf(sent);
    const sort = listOrderOf(tab, sent.order);
    if (sort.error) throw new ValidationError(sort.error, { order: sort.error });
    const q: ListQ = { ...sent, order: sort.order };
    if (q.start || q.end) return availableList(tab, q);
    const dept = q.department ?? "ALL";
    const pt = q.purchaseType ?? "ALL";
    const cols = columnTags(q.columns);
    const term = q.search?.trim() ?? "";
    // Read alongside the page; a failure is reported when it is awaited, never left unhandled.
    const options = q.filter_list === false ? null : filterList(tab);
    options?.catch(() => undefined);

    if (term.length >= 2) {
      // The picker searches every vehicle; the list screen searches within its tab and filters.
      const everywhere = q.showAll || (!q.tab && !q.vehicle_status && !q.view);
      const tags = [
        ...(everywhere ? [] : [`tab=${tab.toLowerCase()}`]),
        ...(dept !== "ALL" ? [`d=${dept}`] : []),
        ...(pt !== "ALL" ? [`p=${pt.toLowerCase()}`] : []),
        ...(q.courtesy_car ? ["courtesy"] : []),
        ...(q.tracker === "BLANK" ? ["notracker"] : []),
        ...cols,
      ];
      const ids = await Vehicle.idsIn("search", { search: compactRegistration(term) || term.toLowerCase(), tags });
      const rows = await rowsOfPage(ids, q, (page) => Vehicle.getMany(page));
      const results = await Vehicle.present(rows);
      return { count: ids.length, results, ...(options ? { filter_list: await options } : {}) };
    }

    if (cols.length && !q.courtesy_car && q.tracker !== "BLANK") {
      const page = await columnFiltered(tab, dept, pt, q);
      return { ...page, ...(options ? { filter_list: await options } : {}) };
    }

    const explicitTab = !!(q.tab || q.vehicle_status || q.view);
    let list: string;
    const tags = [...cols];
    if (q.courtesy_car) {
      list = `courtesy#dept#${dept}`;
      if (explicitTab) tags.push(`tab=${tab.toLowerCase()}`);
      if (pt !== "ALL") tags.push(`p=${pt.toLowerCase()}`);
    } else if (q.tracker === "BLANK") {
      list = "notracker";
      if (explicitTab) tags.push(`tab=${tab.toLowerCase()}`);
      if (dept !== "ALL") tags.push(`d=${dept}`);
      if (pt !== "ALL") tags.push(`p=${pt.toLowerCase()}`);
    } else list = tabList(tab, dept, pt);
    const page = await Vehicle.listIn(list, { page: q.page, page_size: q.page_size, tags, order: q.order ?? tabOrder(tab) });
    return { ...page, ...(options ? { filter_list: await options } : {}) };
  },

  /** The count box (000 §2): one BatchGet of list counters. */
  async statusCounts(department?: number | "ALL") {
    const d = department ?? "ALL";
    const statuses = ["ACTIVE", "FORSALE", "PROCESSING", "SOLD", "CUSTOMER", "ORDERED"] as const;
    const lists = [...statuses.map((s) => tabList(s, d, "ALL")), `cap0#dept#${d}`];
    const counts = await Vehicle.counts(lists);
    const out: Record<string, number> = {};
    for (const s of statuses) out[s] = counts[tabList(s, d, "ALL")];
    out.cap_zero = counts[`cap0#dept#${d}`];
    return out;
  },

  /**
   * GET vehiclesearch: the first 25 vehicles whose registration or fleet
   * number starts with the term; `count` is every match (the matching
   * index entries are read anyway, small items: only the 25 vehicles are).
   */
  async search(term: string | undefined) {
    const t = term?.trim() ?? "";
    if (t.length < 2) return { count: 0, results: [] };
    const matches = await Vehicle.idsIn("search", { search: compactRegistration(t) || t.toLowerCase() });
    const ids = matches.slice(0, 25);
    const rows = await Vehicle.getMany(ids);
    const order = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    // A list answer like every other ({count, results}; 000 §7: "results have id, registration").
    return { count: matches.length, results: await Vehicle.present(rows) };
  },

  /**
   * GET vehicles/generatefleetnumber: the year's next number from an
   * atomic counter (unique however many staff press Generate at once),
   * skipping any number already typed in by hand. Numbers handed out and
   * not saved are simply not used.
   */
  async generateFleetNumber(date: string | null | undefined) {
    const d = date ?? todayInLondon();
    for (let attempt = 0; attempt < 100; attempt++) {
      const seq = await nextId(`vehicle#fleetno#${d.slice(0, 4)}`);
      const candidate = fleetNumber(d, seq);
      if (!(await Vehicle.claimedBy("fleet", [candidate])).has(candidate)) return { fleet_number: candidate, delivery_date: d };
    }
    throw new ValidationError("Could not find a free fleet number for that year", { date: "No free fleet number" });
  },

  /** PUT vehicles/clearkey: take the vehicle's key (or spare key) off its hook. */
  async clearKey(body: { vehicle?: unknown; spare?: unknown }, actor: string) {
    const id = Number(body.vehicle && typeof body.vehicle === "object" ? (body.vehicle as { id?: unknown }).id : body.vehicle);
    if (!Number.isInteger(id) || id <= 0) throw new ValidationError("No vehicle selected", { vehicle: "No vehicle selected" });
    const spare = body.spare === true || body.spare === "true";
    await Vehicle.update(id, spare ? { spare_key: null } : { key: null }, actor, { partial: true, system: true });
    return this.get(id);
  },

  /** GET keys: every hook (reference data), with the vehicle whose key hangs on it. */
  async keys(q: { page: number; page_size: number; search?: string; free?: boolean }) {
    const all = await Key.all();
    const holders = await Vehicle.claimedBy("key", all.map((k) => String(k.id)));
    const vehicles = new Map((await Vehicle.getMany([...holders.values()])).map((v) => [v.id, v]));
    const term = q.search?.trim().toLowerCase() ?? "";
    const rows = all
      .map((k) => {
        const v = vehicles.get(holders.get(String(k.id)) ?? 0);
        return { ...k, vehicle: v ? { id: v.id, registration: v.registration, fleet_number: v.fleet_number, spare: v.spare_key === k.id } : null };
      })
      .filter((k) => (q.free ? !k.vehicle : true))
      .filter((k) => !term || String(k.key_number).toLowerCase().startsWith(term) || String(k.board ?? "").toLowerCase().startsWith(term))
      .sort((a, b) => String(a.board ?? "").localeCompare(String(b.board ?? "")) || String(a.key_number).localeCompare(String(b.key_number), "en-GB", { numeric: true }));
    return pageOf(rows, q);
  },

  /** DELETE keys/{id}: a hook holding a vehicle's key is cleared first. */
  async removeKey(id: number, actor: string) {
    if ((await Vehicle.claimedBy("key", [String(id)])).size)
      throw new ValidationError("This key hook holds a vehicle's key: clear the key from the vehicle first", { key: "In use" });
    return Key.remove(id, actor);
  },
};
