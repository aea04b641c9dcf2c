import * as z from "zod";
import { Contact } from "../contacts/index.js";
import { Vehicle, compactRegistration, vehicleSorts } from "../fleet/index.js";
import { movementProfitFigures } from "../fleet/profit-rules.js";
import { todayInLondon } from "../platform/dates.js";
import { ValidationError } from "../platform/errors.js";
import { fromPence, pounds, toPence } from "../platform/money.js";
import { rowsOfPage, type Page } from "../platform/paging.js";
import { META_FIELDS, defineRecordType, lastSavedOf, writeTogether, type PlannedWrite } from "../platform/records.js";
import { declareReferences, brief, lookUp } from "../platform/references.js";
import { parseInput } from "../platform/validation.js";
import { Department, Driver, MovementRate, MovementType, TrackingCategory, WorkType } from "../settings/index.js";
import { movementCostOf } from "./movement-costs.js";
import { workshopOffers } from "./offers.js";
import { Job, JobLines } from "./job.js";
import { approvedJobMoneyRules } from "./rules.js";
import { MOVEMENT_MESSAGES, MOVEMENT_SERVER_FIELDS, movement, movementExtras, movementRuleResult, movementView, type MovementView } from "./movement-definitions.js";

/**
 * Vehicle movements (002 §3, §4, §5, §7; docs/data-model.md §7.1 Movement,
 * §7.3 Movements). A movement is priced on every save from its movement
 * rate and the customer's movement markup (movement-costs.ts) unless its
 * cost is overridden; completed movements are locked.
 */

type Row = Record<string, any>;

/** 002 §5 and §9: a new movement without a department goes to department 1. */
export const DEFAULT_MOVEMENT_DEPARTMENT = 1;

/**
 * What a search matches (the start of each, W8): the compact registration
 * of the vehicle used, the vehicle text, the customer's and driver's names
 * and the invoice number. Kept on the record by the service (the names
 * live on other records), never sent by a client.
 */
const searchTerms = z.array(z.string().max(200)).max(8).nullable().optional();

export const movementFields = movement.schema.extend({ search_terms: searchTerms });
export type MovementFields = z.infer<typeof movementFields>;

/** The list tags of a movement (lower case, whole values): every entry carries them, so any list narrows by any of them. */
function tagsOf(r: MovementFields): string[] {
  return [
    `st=${movementView(r).toLowerCase()}`,
    `d=${r.department ?? "~"}`,
    `k=${kindOf(r)}`,
    `c=${toPence(r.cost)}`,
    `dd=${r.delivery_date ?? "~"}`,
    `cu=${r.customer ?? "~"}`,
    `dr=${r.driver ?? "~"}`,
    `ty=${r.movement_type ?? "~"}`,
  ];
}

/** W15: workshop (linked to a job) or recovery (not). */
const kindOf = (r: { job?: number | null }) => (r.job ? "w" : "r");

/** The column filters of the list (W7): customer, driver, movement type, as tag and list names. */
export const MOVEMENT_FILTERS = { customer: "cu", driver: "dr", movement_type: "ty" } as const;

/**
 * Indexed lists (docs/data-model.md §7.1 Movement): the view lists by
 * department and for all departments, sorted by delivery date; a job's
 * movements; one list per customer, driver and movement type (column
 * filters); the search terms.
 */
export function movementMemberships(r: MovementFields) {
  const st = movementView(r);
  const sort = r.delivery_date ?? "~";
  const tags = tagsOf(r);
  const out = [{ list: `s#${st}#d#ALL`, sort, tags }];
  if (r.department) out.push({ list: `s#${st}#d#${r.department}`, sort, tags });
  if (r.job) out.push({ list: `job#${r.job}`, sort: "0", tags });
  // The fleet van's movements (its profit line's backfill: functions/cron/profit-rebuild.ts).
  if (r.fleet_vehicle) out.push({ list: `van#${r.fleet_vehicle}`, sort, tags });
  for (const [field, col] of Object.entries(MOVEMENT_FILTERS)) {
    const v = (r as Row)[field];
    if (v) out.push({ list: `f#${col}#${v}`, sort, tags });
  }
  for (const term of new Set(r.search_terms ?? [])) if (term) out.push({ list: "search", sort: term, tags });
  return out;
}

/** The maintained cost totals (GET movementfigures without dates): pence by view, department (and ALL) and kind. */
export function movementFacets(r: MovementFields) {
  const st = movementView(r);
  const amount = toPence(r.cost);
  const out = [{ facet: "tot", value: `${st}#ALL#${kindOf(r)}`, amount }];
  if (r.department) out.push({ facet: "tot", value: `${st}#${r.department}#${kindOf(r)}`, amount });
  return out;
}

export const Movement = defineRecordType({
  type: "movement",
  label: "Movement",
  fields: movementFields,
  defaults: () => ({ movement_status: "NORMAL" as const, cost: 0, miles: 0, cost_override: false, completed: false }),
  searchOf: () => "",
  validate(r) {
    const refused = movementRuleResult(r);
    if (refused) throw new ValidationError(refused.message, refused.errors);
  },
  lists: movementMemberships,
  facets: movementFacets,
  // Any page of a long view starts at its month and day (core/platform/records/positions.ts).
  listPositions: { coarse: 7, fine: 10, lists: (list) => list.startsWith("s#") },
  expand: (rows) => expandMovements(rows),
  // Of a fleet van (`fleet_vehicle`): its internal charge to the van's profit line (docs/finance.md "Vehicle profit line").
  figures: (r) => movementProfitFigures(r),
  figureSorts: vehicleSorts,
  // 2: movements saved before issue 27 given their fleet van (`fleet_vehicle`) by the engine's save (movement-upgrade.ts).
  indexVersion: 2,
});

declareReferences(Movement, () => ({
  vehicle_used: Vehicle,
  fleet_vehicle: Vehicle,
  customer: Contact,
  driver: Driver,
  department: Department,
  movement_type: MovementType,
  movement_rate: MovementRate,
  work_type: WorkType,
}));

/** Tracking options live inside their categories; the few categories are read once. */
async function trackingOptions(): Promise<Map<number, { id: number; name: string; category: { id: number; name: string } }>> {
  const out = new Map();
  for (const c of (await TrackingCategory.all()) as Row[]) for (const o of c.options ?? []) out.set(o.id, { id: o.id, name: o.name, category: { id: c.id, name: c.name } });
  return out;
}

/** Movements as every answer gives them: references as the objects 002 §3 names. */
export async function expandMovements(rows: Row[]): Promise<Row[]> {
  if (!rows.length) return [];
  const [{ v, c, dr, dp, ty, ra, wt }, options] = await Promise.all([
    lookUp(rows, {
      v: [Vehicle, "vehicle_used"],
      c: [Contact, "customer"],
      dr: [Driver, "driver"],
      dp: [Department, "department"],
      ty: [MovementType, "movement_type"],
      ra: [MovementRate, "movement_rate"],
      wt: [WorkType, "work_type"],
    }),
    rows.some((r) => r.tracking_option) ? trackingOptions() : Promise.resolve(new Map()),
  ]);
  return rows.map((r) => {
    const { search_terms: _terms, ...rest } = r;
    return {
      ...rest,
      vehicle_used: brief(v.get(r.vehicle_used), ["registration"]),
      customer: brief(c.get(r.customer), ["display_name", "movement_markup"]),
      driver: brief(dr.get(r.driver), ["name"]),
      department: brief(dp.get(r.department), ["name"]),
      movement_type: brief(ty.get(r.movement_type), ["name", "invoice_address", "tracking_option"]),
      movement_rate: brief(ra.get(r.movement_rate), ["name", "cost_per_mile", "additional_time_cost", "vehicle_cost", "callout_cost", "comments"]),
      work_type: brief(wt.get(r.work_type), ["name", "free_of_charge", "approval_needed"]),
      tracking_option: options.get(r.tracking_option) ?? null,
      creator: r.created_by ?? null,
      view: movementView(r),
    };
  });
}

/** What a client sends, parsed: server fields and answer-only fields dropped, references as ids. */
const dropped: readonly string[] = [...movementExtras.names, ...MOVEMENT_SERVER_FIELDS, ...META_FIELDS];
function sentFields(body: unknown): Partial<MovementFields> {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new ValidationError("The request body must be a JSON object.");
  const rest: Row = {};
  for (const [k, v] of Object.entries(body as Row)) if (!dropped.includes(k)) rest[k] = v;
  const parsed = parseInput(movement.schema.partial().strict(), rest) as Row;
  // Fields sent as undefined are left out; null stays (an emptied field).
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined));
}

function checkRules(m: Partial<MovementFields>) {
  const refused = movementRuleResult(m);
  if (refused) throw new ValidationError(refused.message, refused.errors);
}

async function checkTrackingOption(id: number | null | undefined, field = "tracking_option") {
  if (!id) return;
  if (!(await trackingOptions()).has(id)) throw new ValidationError(MOVEMENT_MESSAGES.trackingUnknown, { [field]: MOVEMENT_MESSAGES.trackingUnknown });
}

const compact = (s: unknown) => String(s ?? "").replace(/\s+/g, "").toLowerCase();
const lower = (s: unknown) => String(s ?? "").trim().replace(/\s+/g, " ").toLowerCase();

/**
 * The cost (unless overridden) and search terms of a movement as it will
 * be saved, from its rate, customer, vehicle and driver (one GetItem each,
 * at once).
 */
async function priced(m: Partial<MovementFields>): Promise<{ cost: number; search_terms: string[] }> {
  const one = async (rt: { getMany: (ids: number[]) => Promise<Row[]> }, id: number | null | undefined) => (id ? ((await rt.getMany([id])))[0] : undefined);
  const [rate, customer, vehicle, driver] = await Promise.all([
    m.cost_override ? undefined : one(MovementRate, m.movement_rate),
    one(Contact, m.customer),
    one(Vehicle, m.vehicle_used),
    one(Driver, m.driver),
  ]);
  const cost = movementCostOf({ ...m, rate: rate ?? null, markup_percent: customer?.movement_markup ?? 0 });
  const terms = [compact(vehicle?.registration), lower(m.vehicle), compact(m.vehicle), lower(customer?.display_name), lower(driver?.name), compact(m.invoice_number)]
    .map((t) => t.slice(0, 200))
    .filter((t) => t.length >= 2);
  return { cost, search_terms: [...new Set(terms)].slice(0, 8) };
}

/** 002 §5: the first movement rate and type (of their lists, by id) for a new movement left without them. */
async function firstOf(rt: { list: (q: { page: number; page_size: number }) => Promise<Page<Record<string, unknown>>> }): Promise<number | null> {
  const res = await rt.list({ page: 1, page_size: 1 });
  return ((res.results[0] as Row | undefined)?.id as number | undefined) ?? null;
}

const unset = (v: unknown) => v === null || v === undefined || v === "";

/**
 * The fleet van a movement is of (docs/finance.md "Vehicle profit line"):
 * its job's vehicle (not a customer's), else its vehicle text as a fleet
 * registration (compacted, upper case), found by the registration's unique
 * claim: one read by key, never a scan. Null when neither.
 */
export async function fleetVehicleOf(m: Partial<MovementFields>, job?: Row): Promise<number | null> {
  if (m.job) {
    const j = job ?? (await Job.stored(m.job));
    return j.vehicle && !j.customer_vehicle ? Number(j.vehicle) : null;
  }
  const reg = compactRegistration(m.vehicle);
  if (!reg) return null;
  return (await Vehicle.claimedBy("reg", [reg])).get(reg) ?? null;
}

async function withDefaults(m: Partial<MovementFields>): Promise<Partial<MovementFields>> {
  const out = { ...m };
  if (unset(out.delivery_date)) out.delivery_date = todayInLondon();
  if (unset(out.miles)) out.miles = 0;
  if (unset(out.cost)) out.cost = 0;
  if (unset(out.movement_status)) out.movement_status = "NORMAL";
  if (unset(out.department)) out.department = DEFAULT_MOVEMENT_DEPARTMENT;
  const [rate, type] = await Promise.all([unset(out.movement_rate) ? firstOf(MovementRate) : null, unset(out.movement_type) ? firstOf(MovementType) : null]);
  if (rate) out.movement_rate = rate;
  if (type) out.movement_type = type;
  return out;
}

/**
 * A job's movement owns a work item on that job (002 §3 Work item
 * `movement`; W16): its description, the movement's work type, the
 * movement's cost as the item's labour cost and customer charge (cost
 * override on, no hours), complete when the movement is. The item is
 * written in the same transaction as the movement (the movement's write
 * joins the job's lines save); the job's own locks keep staff from
 * changing its hours, override, completion or work type or removing it
 * (core/workshop/rules.ts), so only the movement moves it.
 */
async function jobOf(jobId: number) {
  let row: Row;
  try {
    row = (await Job.stored(jobId));
  } catch {
    throw new ValidationError(MOVEMENT_MESSAGES.jobUnknown, { job: MOVEMENT_MESSAGES.jobUnknown });
  }
  if (row.is_defect || row.is_enquiry) throw new ValidationError(MOVEMENT_MESSAGES.jobNotCard, { job: MOVEMENT_MESSAGES.jobNotCard });
  const lines = ((await JobLines.load([jobId])).get(jobId) ?? {}) as Row;
  return { row, items: (lines.work_items ?? []) as Row[] };
}

/** The work item a movement owns, as its fields. */
function workItemOf(id: number, m: Partial<MovementFields>, typeName: string | null, key: string) {
  const route = [m.start_address, m.end_address].filter(Boolean).join(" to ");
  return {
    key,
    description: `Movement ${id}${typeName ? ` (${typeName})` : ""}${route ? `: ${route}` : ""}`.slice(0, 2000),
    chargeable: false,
    labour_hours: 0,
    labour_cost: m.cost ?? 0,
    customer_labour_cost: m.cost ?? 0,
    cost_override: true,
    complete: !!m.completed,
    work_type: m.work_type ?? null,
    movement: id,
  };
}

/** Put (or take off) the movement's work item on its job, with the movement's own write in the same transaction. */
async function withJobItem(jobId: number, movementId: number, m: Partial<MovementFields> | null, plan: PlannedWrite, actor: string) {
  const { row, items } = await jobOf(jobId);
  const held = items.find((w) => w.movement === movementId);
  const type = m?.movement_type ? ((await MovementType.getMany([m.movement_type])) as Row[])[0] : undefined;
  const line = (w: Row) => ({ ...w });
  let work_items: Row[];
  if (!m) work_items = items.filter((w) => w !== held).map(line);
  else if (held) work_items = items.map((w) => (w === held ? { ...line(w), ...workItemOf(movementId, m, type?.name ?? null, w.key ?? `mv${movementId}`) } : line(w)));
  else work_items = [...items.map(line), workItemOf(movementId, m, type?.name ?? null, `mv${movementId}`)];
  // An approved job's money stays put (issue 22 finding 5): no item added, removed or repriced by a movement.
  const locked = approvedJobMoneyRules({ ...row, work_items: items }, { work_items });
  if (locked) throw new ValidationError(locked.message, locked.errors);
  // The item's locator (GET work/{id}) is written or removed with it by the engine, in this same save.
  await JobLines.update(jobId, { work_items, last_saved: row.last_saved }, actor, { partial: true, current: row, also: writeTogether(async () => [plan]) });
}

/** The id a planned create issued (its audit entry names it). */
function plannedId(plan: PlannedWrite): number {
  const audit = plan.writes.find((w) => w.op === "audit") as { item: { record_id: string } } | undefined;
  return Number(audit!.item.record_id);
}

export type MovementListQuery = {
  page: number;
  page_size: number;
  search?: string;
  view?: MovementView;
  department?: number;
  start?: string | null;
  end?: string | null;
  customer?: number;
  driver?: number;
  movement_type?: number;
  job?: number;
};

type Entry = { id: number; sort: string; tags: string[] };
const tagOf = (e: Entry, k: string) => e.tags.find((t) => t.startsWith(`${k}=`))?.slice(k.length + 1);

/** Newest delivery first, then newest movement (the order of the view lists). */
const byDeliveryDesc = (a: Entry, b: Entry) => {
  const da = tagOf(a, "dd") ?? "";
  const db = tagOf(b, "dd") ?? "";
  return da < db ? 1 : da > db ? -1 : b.id - a.id;
};

/** Entries of the search list whose term starts with the search (and its compact form), narrowed by tags and the date range. */
async function searchEntries(term: string, tags: string[], start?: string | null, end?: string | null): Promise<Entry[]> {
  const forms = [...new Set([lower(term), compact(term)])].filter(Boolean);
  const found = await Promise.all(forms.map((f) => Movement.entriesIn("search", { search: f, tags })));
  const seen = new Map<number, Entry>();
  for (const e of found.flat()) if (!seen.has(e.id)) seen.set(e.id, e);
  return [...seen.values()].filter((e) => {
    const dd = tagOf(e, "dd") ?? "~";
    return (!start || (dd !== "~" && dd >= start)) && (!end || (dd !== "~" && dd <= end));
  });
}

async function pageOf(entries: Entry[], q: { page: number; page_size: number }) {
  const rows = await rowsOfPage(entries.map((e) => e.id), q, (ids) => Movement.getMany(ids));
  return { count: entries.length, results: await Movement.present(rows) };
}

/** Pence of a list of entries' cost tags by kind. */
function sumsOf(entries: Entry[]) {
  let w = 0;
  let r = 0;
  for (const e of entries) {
    const c = Number(tagOf(e, "c") ?? 0);
    if (tagOf(e, "k") === "w") w += c;
    else r += c;
  }
  return { w, r };
}

/**
 * A completed chargeable movement is invoiced (issue 12 "movement invoice on
 * completion"; docs/accounts.md "Invoices"): a movement for a customer, not
 * from a job (a job's movement is charged through its work item), with a
 * cost above 0. The invoice (MOVEMENT, TR number on approval) is written in
 * the completion's own transaction: completed and invoiced land together.
 */
function movementInvoice(m: Row, actor: string) {
  if (m.job || !m.customer || !(Number(m.cost ?? 0) > 0)) return undefined;
  const route = [m.start_address, m.end_address].filter(Boolean).join(" to ");
  return writeTogether(async () => [
    await workshopOffers.need("planInvoice")(
      {
        src: "MOVEMENT",
        movement: m.id,
        customer: m.customer,
        department: m.department ?? null,
        amount: m.cost,
        internal_charge: m.internal_charge ?? null,
        tracking_option: m.tracking_option ?? null,
        invoice_date: todayInLondon(),
        description: `Movement ${m.id}${m.vehicle ? ` (${m.vehicle})` : ""}${route ? `: ${route}` : ""}`.slice(0, 2000),
      },
      actor,
    ),
  ]);
}

export const Movements = {
  async get(id: number) {
    return Movement.get(id);
  },

  /** POST movement: the defaults of 002 §5, priced, checked, then written (a refusal writes nothing). */
  async create(body: unknown, actor: string) {
    const sent = sentFields(body);
    const m = await withDefaults(sent);
    checkRules(m);
    await checkTrackingOption(m.tracking_option);
    const p = await priced(m);
    if (!m.job) return Movement.create({ ...m, cost: m.cost_override ? m.cost : p.cost, search_terms: p.search_terms, fleet_vehicle: await fleetVehicleOf(m) }, actor);
    // An approved job takes no new work item: refused before the movement's number is taken.
    const { row: job, items } = await jobOf(m.job);
    const fields = { ...m, cost: m.cost_override ? m.cost : p.cost, search_terms: p.search_terms, fleet_vehicle: await fleetVehicleOf(m, job) };
    const locked = approvedJobMoneyRules({ ...job, work_items: items }, { work_items: [...items, { id: null }] });
    if (locked) throw new ValidationError(locked.message, { job: locked.message });
    const plan = await Movement.planCreate(fields, actor);
    const id = plannedId(plan);
    await withJobItem(m.job, id, fields, plan, actor);
    return Movement.get(id);
  },

  /** PUT movement/{id}: refused when completed; freshness by last_saved; priced again. */
  async save(id: number, body: unknown, actor: string) {
    const stored = await Movement.stored(id);
    if (stored.completed) throw new ValidationError(MOVEMENT_MESSAGES.completedLocked, {});
    const lastSaved = lastSavedOf(body);
    const sent = sentFields(body);
    const merged = { ...stored, ...sent } as Partial<MovementFields>;
    checkRules(merged);
    if (sent.tracking_option !== stored.tracking_option) await checkTrackingOption(sent.tracking_option);
    if (stored.job && "job" in sent && sent.job !== stored.job) throw new ValidationError(MOVEMENT_MESSAGES.jobFixed, { job: MOVEMENT_MESSAGES.jobFixed });
    const p = await priced(merged);
    const fields = { ...sent, cost: merged.cost_override ? merged.cost : p.cost, search_terms: p.search_terms, fleet_vehicle: await fleetVehicleOf(merged), last_saved: lastSaved };
    if (!merged.job) return Movement.update(id, fields, actor, { current: stored });
    const plan = await Movement.planUpdate(id, fields, actor);
    await withJobItem(merged.job, id, { ...merged, ...fields }, plan, actor);
    return Movement.get(id);
  },

  /** DELETE movement/{id}: refused when completed. */
  async remove(id: number, actor: string) {
    const stored = await Movement.stored(id);
    if (stored.completed) throw new ValidationError(MOVEMENT_MESSAGES.completedNoDelete, {});
    if (!stored.job) return Movement.remove(id, actor);
    // Its work item leaves the job with it.
    await withJobItem(stored.job, id, null, await Movement.planRemove(id, actor), actor);
    return { id };
  },

  /** PUT movementcomplete/{id}: a normal movement, with a tracking option (sent, or its own), becomes completed and locked. */
  async complete(id: number, body: unknown, actor: string) {
    const stored = await Movement.stored(id);
    if (stored.completed) throw new ValidationError(MOVEMENT_MESSAGES.alreadyCompleted, {});
    if (stored.movement_status === "QUOTE") throw new ValidationError(MOVEMENT_MESSAGES.quoteNotCompleted, {});
    const lastSaved = lastSavedOf(body);
    const { tracking_option: sent } = parseInput(z.object({ tracking_option: movement.schema.shape.tracking_option }), { tracking_option: (body as Row)?.tracking_option });
    const option = sent ?? stored.tracking_option;
    if (!option) throw new ValidationError(MOVEMENT_MESSAGES.trackingRequired, { tracking_option: MOVEMENT_MESSAGES.trackingRequired });
    await checkTrackingOption(option);
    const fields = { tracking_option: option, completed: true, last_saved: lastSaved };
    // A chargeable movement raises its invoice in this same unit (docs/accounts.md "Invoices").
    if (!stored.job) return Movement.update(id, fields, actor, { current: stored, partial: true, extra: movementInvoice({ ...stored, ...fields, id }, actor) });
    await withJobItem(stored.job, id, { ...stored, ...fields }, await Movement.planUpdate(id, fields, actor, { partial: true }), actor);
    return Movement.get(id);
  },

  /** PUT movementquote/{id}: a quote movement becomes a normal movement. */
  async convertQuote(id: number, body: unknown, actor: string) {
    const stored = await Movement.stored(id);
    if (stored.completed) throw new ValidationError(MOVEMENT_MESSAGES.completedLocked, {});
    if (stored.movement_status !== "QUOTE") throw new ValidationError(MOVEMENT_MESSAGES.notAQuote, {});
    const lastSaved = lastSavedOf(body);
    return Movement.update(id, { movement_status: "NORMAL", last_saved: lastSaved }, actor, { current: stored, partial: true });
  },

  /**
   * GET movement: a job's movements, or a page of a view (NORMAL by
   * default) for a department or all, newest delivery first, narrowed by
   * a delivery-date range, a search and the column filters. Each read is
   * one list: the view's (page and count from its counter), or the
   * column value's or search term's entries, narrowed by their tags.
   */
  async list(q: MovementListQuery): Promise<Page<Row>> {
    if (q.job) return Movement.listIn(`job#${q.job}`, { page: q.page, page_size: q.page_size, order: "asc" });
    const view = q.view ?? "NORMAL";
    const tags = [`st=${view.toLowerCase()}`, ...(q.department ? [`d=${q.department}`] : [])];
    const filters = (Object.entries(MOVEMENT_FILTERS) as Array<[keyof typeof MOVEMENT_FILTERS, string]>).filter(([f]) => q[f]).map(([f, col]) => [col, q[f]] as const);
    const term = q.search?.trim();
    const viewList = `s#${view}#d#${q.department ?? "ALL"}`;
    if (!filters.length && !term) {
      if (!q.start && !q.end) return (await Movement.listIn(viewList, { page: q.page, page_size: q.page_size, order: "desc" }));
      return pageOf(await Movement.entriesIn(viewList, { from: q.start ?? undefined, to: q.end ?? undefined, order: "desc" }), q);
    }
    let entries: Entry[];
    if (filters.length) {
      const [[col, value], ...others] = filters;
      entries = await Movement.entriesIn(`f#${col}#${value}`, { tags: [...tags, ...others.map(([c, v]) => `${c}=${v}`)], from: q.start ?? undefined, to: q.end ?? undefined, order: "desc" });
      if (term) {
        const hits = new Set((await searchEntries(term, tags, q.start, q.end)).map((e) => e.id));
        entries = entries.filter((e) => hits.has(e.id));
      }
    } else entries = await searchEntries(term!, tags, q.start, q.end);
    return pageOf(entries.sort(byDeliveryDesc), q);
  },

  /**
   * GET movementfigures: the workshop (job) and recovery cost totals of a
   * view and department. Without dates from the maintained totals (one
   * small facet partition); with dates from the cost tags of the view's
   * entries in the range.
   */
  async figures(q: { view?: MovementView; department?: number; start?: string | null; end?: string | null }) {
    const view = q.view ?? "NORMAL";
    const dept = q.department ?? "ALL";
    let w: number;
    let r: number;
    if (!q.start && !q.end) {
      const values = await Movement.facetValues("tot");
      const of = (k: string) => values.find((v) => v.value === `${view}#${dept}#${k}`.toLowerCase())?.count ?? 0;
      w = of("w");
      r = of("r");
    } else ({ w, r } = sumsOf(await Movement.entriesIn(`s#${view}#d#${dept}`, { from: q.start ?? undefined, to: q.end ?? undefined })));
    return { view, department: q.department ?? null, start: q.start ?? null, end: q.end ?? null, workshop_cost: fromPence(w), recovery_cost: fromPence(r), total_cost: pounds(fromPence(w + r)) };
  },
};
