import { Contact } from "../contacts/index.js";
import { Vehicle, VehicleLines } from "../fleet/index.js";
import { addDays, monthOf, todayInLondon, weekOf } from "../platform/dates.js";
import { ConflictError, NotFoundError, ValidationError } from "../platform/errors.js";
import { isFresh, lastSavedOf, writeTogether } from "../platform/records.js";
import { fromPence, pounds, sum } from "../platform/money.js";
import { hireOffers, type WorkshopWarning } from "./offers.js";
import { RentalMargin, VehicleMake, VehicleModel, VehicleType } from "../settings/index.js";
import { availableVehicles, type AvailableQuery } from "./availability.js";
import { entriesMeeting } from "./windows.js";
import { Rental, figureValuesOf, lockedFieldsSent, normaliseRentalInput } from "./rental.js";
import { APPROVE_AT_ONCE, approvalRuleResult, datesOverlap, latestUnsettled, mileageTooHigh, MESSAGES, offHireLockResult, suggestedWeeklyRate, weeklyPence } from "./rules.js";
import { personOf } from "../platform/people.js";
import { pageRows } from "../platform/paging.js";

type Row = Record<string, any>;

/** Who approves (the signed-in staff member): the name is recorded on the rental. */
export type Approver = { email: string; given_name?: string; family_name?: string };

export type RentalListQuery = {
  page: number;
  page_size: number;
  search?: string;
  vehicle?: number;
  customer?: number;
  start_date?: string | null;
  finish_date?: string | null;
  view?: "weekly" | "monthly" | "all";
  date?: string | null;
  status?: string;
  department?: number;
  /** A rental left out of the answer, its count and totals (the rental open in the form: Other Rentals). */
  except?: number;
};

const byStart = (a: Row, b: Row) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : a.id - b.id);

export { entriesMeeting, type WindowEntry } from "./windows.js";

/** The rentals whose dates meet a window (the calendar): read from the window entries. */
async function rentalsInWindow(start: string, end: string, tags: string[] = []): Promise<Row[]> {
  const rows = (await Rental.getMany((await entriesMeeting(start, end, tags)).map((e) => e.id))) as Row[];
  return rows.filter((r) => r.start_date && datesOverlap(r as any, { start_date: start, finish_date: end })).sort(byStart);
}

/**
 * One page of the rentals meeting a window (the weekly and monthly views,
 * the Other Rentals panel), in start order, with the count and totals of
 * them all: those come from the window entries, so only the page's
 * rentals are read (and any whose entries predate the values they carry).
 */
async function windowPage(start: string, end: string, tags: string[], q: { page: number; page_size: number; except?: number }) {
  const entries = (await entriesMeeting(start, end, tags)).filter((e) => e.id !== q.except);
  const older = entries.filter((e) => !e.values || e.values.weekly_pence === null).map((e) => e.id);
  const read = older.length ? ((await Rental.getMany(older)) as Row[]) : [];
  const window = { start_date: start, finish_date: end };
  const values = [
    ...entries.flatMap((e) => (e.values && e.values.weekly_pence !== null ? [e.values] : [])),
    ...read.filter((r) => r.start_date && datesOverlap(r as any, window)).map(figureValuesOf),
  ].sort((a, b) => (a.start_date! < b.start_date! ? -1 : a.start_date! > b.start_date! ? 1 : a.id - b.id));
  const ids = pageRows(values, q).map((v) => v.id);
  const rows = (await Rental.getMany(ids)) as Row[];
  const at = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
  return {
    count: values.length,
    results: await Rental.present(rows as any),
    total_cost: pounds(sum(...values.map((v) => v.total))),
    total_weekly: fromPence(values.reduce((n, v) => n + (v.weekly_pence ?? 0), 0)),
  };
}

/**
 * A vehicle's rentals that meet a window and still stand (the availability
 * check): from its finish-date list, only the entries finishing on or
 * after the window's start, then those starting by its end. Rentals saved
 * before that list existed are missing from it: while its count differs
 * from the vehicle's start-date list, the whole history is read instead.
 * Equal counts mean a complete list, as its count never runs ahead of its
 * entries (an older rental's delete or move takes one off it, never adds).
 */
async function standingRentalsMeeting(vehicle: number, window: { start_date: string; finish_date: string }, tags: string[]): Promise<Row[]> {
  const byFinish = `vehiclefinish#${vehicle}`;
  const counts = await Rental.counts([byFinish, `vehicle#${vehicle}`]);
  let ids: number[];
  if (counts[byFinish] === counts[`vehicle#${vehicle}`]) {
    const entries = await Rental.entriesIn(byFinish, { from: window.start_date, tags });
    ids = entries
      .filter((e) => {
        const start = e.tags.find((t) => t.startsWith("start="))?.slice(6);
        return !e.tags.includes("status=not required") && start !== undefined && start !== "~" && start <= window.finish_date;
      })
      .map((e) => e.id);
  } else ids = await Rental.idsIn(`vehicle#${vehicle}`, { tags });
  const rows = (await Rental.getMany(ids)) as Row[];
  return rows.filter((r) => r.status !== "NOT REQUIRED" && r.start_date && datesOverlap(r as any, window)).sort(byStart);
}


const sumOf = (rows: Row[], f: string) => pounds(sum(...rows.map((r) => r[f])));
const weeklySum = (rows: Row[]) => fromPence(rows.reduce((n, r) => n + weeklyPence(r as any), 0));

export const Rentals = {
  async get(id: number) {
    return Rental.get(id);
  },

  async create(body: unknown, actor: string) {
    return Rental.create(await withDefaultMargin(normaliseRentalInput(body)), actor);
  },

  /** PUT rentals/{id}: an approved rental's off-hire details stay as approved (offHireLockResult). */
  async save(id: number, body: unknown, actor: string) {
    const input = await withDefaultMargin(normaliseRentalInput(body));
    const stored = await Rental.stored(id);
    const locked = offHireLockResult(stored, lockedFieldsSent(input));
    if (locked) throw new ValidationError(locked.message, locked.errors);
    return Rental.update(id, input, actor, { current: stored });
  },

  /** DELETE rentals/{id}: an approved rental is kept. */
  async remove(id: number, actor: string) {
    const stored = await Rental.stored(id);
    if (stored.approved) throw new ValidationError(MESSAGES.deleteApproved, { approved: MESSAGES.deleteApproved });
    return Rental.remove(id, actor);
  },

  /**
   * PUT rental/approve (000 §7; docs/rentals.md "Approving a rental"): each
   * rental sent ({id, last_saved}) has its off-hire approved, the approver's
   * name and the day recorded. All or nothing: every rental is read and
   * checked first (it exists, is fresh, is confirmed, has its off-hire date,
   * is not approved yet), then all are written in one transaction, so a
   * refusal, or a save elsewhere meanwhile, leaves every one as it was.
   */
  async approve(items: Array<{ id: number; last_saved?: unknown }>, who: Approver) {
    const seen = new Set<number>();
    const sent = items.filter((i) => !seen.has(i.id) && seen.add(i.id));
    if (!sent.length) throw new ValidationError(MESSAGES.approveNoneSent, { body: MESSAGES.approveNoneSent });
    if (sent.length > APPROVE_AT_ONCE) throw new ValidationError(MESSAGES.approveTooMany, { body: MESSAGES.approveTooMany });
    const lastSaved = sent.map((i) => lastSavedOf(i));
    const stored = await Promise.all(
      sent.map((i, at) =>
        Rental.stored(i.id).catch((e) => {
          if (e instanceof NotFoundError) throw new ValidationError(MESSAGES.approveNotFound(i.id), { [`${at}.id`]: MESSAGES.approveNotFound(i.id) });
          throw e;
        }),
      ),
    );
    stored.forEach((r, at) => {
      if (!isFresh(r.last_saved, lastSaved[at])) throw new ConflictError();
    });
    const refused = approvalRuleResult(stored);
    if (refused) throw new ValidationError(refused.message, refused.errors);
    const approval = {
      approved: true,
      approving_user: personOf(who),
      approved_date: todayInLondon(),
    };
    const [first, ...others] = stored;
    // The first rental's save carries the others' in its transaction (two items each: the record on the version read, its audit).
    const together = writeTogether(async () => Promise.all(others.map((r, at) => Rental.planUpdate(r.id, { ...approval, last_saved: lastSaved[at + 1] }, who.email, { partial: true }))));
    await Rental.update(first.id, { ...approval, last_saved: lastSaved[0] }, who.email, { partial: true, current: first, extra: others.length ? together : undefined });
    const results = await Rental.present(await Promise.all(sent.map((i) => Rental.stored(i.id))));
    return { count: results.length, results };
  },

  /**
   * GET rentals: by vehicle (the availability check with start_date and
   * finish_date, or the vehicle's rental record), by customer (the contact
   * page's record, with total_weekly), by a date window (the Other Rentals
   * panel and the weekly and monthly views), or every rental newest first.
   */
  async list(q: RentalListQuery) {
    // filter_list (003 §7): the rental lists have no column typeahead filters (status and department are fixed choices), so it is empty (docs/rentals.md).
    return { ...(await listRentals(q)), filter_list: {} as Record<string, never> };
  },

  /**
   * The finder's available vehicles: the one availability mechanism (core/hire/availability.ts), also behind GET vehicles with start and end.
   */
  async available(q: AvailableQuery) {
    return availableVehicles(q);
  },

  /** Vehicles against days (the calendar view and the dashboard's Monday-Sunday calendar). */
  async calendar(start: string, end: string, department?: number) {
    const rows = await rentalsInWindow(start, end, department ? [`dept=${department}`] : []);
    const live = (await Rental.present(rows.filter((r) => r.status !== "NOT REQUIRED") as any)) as Row[];
    const byVehicle = new Map<string, { vehicle: Row | null; rentals: Row[] }>();
    for (const r of live) {
      const key = r.vehicle ? String(r.vehicle.id) : "none";
      if (!byVehicle.has(key)) byVehicle.set(key, { vehicle: r.vehicle ?? null, rentals: [] });
      byVehicle.get(key)!.rentals.push({
        id: r.id, status: r.status, rental_type: r.rental_type, start_date: r.start_date, finish_date: r.finish_date,
        customer: r.customer ? { id: r.customer.id, display_name: r.customer.display_name } : null, total: r.total,
      });
    }
    const days: string[] = [];
    for (let d = start; d <= end && days.length < 62; d = addDays(d, 1)) days.push(d);
    const rowsOut = [...byVehicle.values()].sort((a, b) => String(a.vehicle?.registration ?? "~").localeCompare(String(b.vehicle?.registration ?? "~")));
    return { start_date: start, end_date: end, days, results: rowsOut, count: rowsOut.length };
  },

  /**
   * The suggested long-term weekly rate and the mileage warning for a
   * vehicle, margin and allowance (001 §2.3, §9; formula in docs/rentals.md).
   */
  async suggestedRate(q: { vehicle: number; margin?: number; mileage_allowance?: number; term?: number; start_mileage?: number }) {
    // With its agreements (lines of the vehicle: core/fleet/vehicle.ts VehicleLines).
    const [vehicle] = (await VehicleLines.attach(await Vehicle.getMany([q.vehicle]))) as Row[];
    if (!vehicle) throw new ValidationError("Vehicle not found", { vehicle: "Vehicle not found" });
    const margin = q.margin ? ((await RentalMargin.getMany([q.margin])) as Row[])[0] : await firstMargin();
    const [make] = vehicle.make ? ((await VehicleMake.getMany([vehicle.make])) as Row[]) : [];
    const [type] = vehicle.type ? ((await VehicleType.getMany([vehicle.type])) as Row[]) : [];
    const [model] = vehicle.model ? ((await VehicleModel.getMany([vehicle.model])) as Row[]) : [];
    const agreement = latestUnsettled(vehicle.finance_agreements);
    const rate = suggestedWeeklyRate({
      marginPercent: margin?.margin ?? null,
      maintenanceCostPerMile: make?.maintenance_cost_per_mile,
      additionalDepreciationPerMile: make?.additional_depreciation_per_mile,
      fixedHireCosts: type?.fixed_hire_costs,
      annualMileageAllowance: q.mileage_allowance ?? 0,
      agreement,
    });
    const tooHigh = q.mileage_allowance != null && q.term != null ? mileageTooHigh(q.mileage_allowance, q.term, q.start_mileage ?? vehicle.mileage ?? 0, model?.mileage_limit) : false;
    return {
      suggested_weekly_rate: rate,
      message: rate === null ? MESSAGES.unableToCalculate : null,
      mileage_too_high: tooHigh,
      warning: tooHigh ? MESSAGES.mileageTooHigh : null,
      margin: margin ? { id: margin.id, name: margin.name, margin: margin.margin } : null,
      finance_type: agreement?.finance_type ?? null,
    };
  },
};

/**
 * GET rentals: by vehicle (the availability check with start_date and
 * finish_date, or the vehicle's rental record), by customer (the contact
 * page's record, with total_weekly), by a date window (the Other Rentals
 * panel and the weekly and monthly views), or every rental newest first.
 */
async function listRentals(q: RentalListQuery) {
  const tags: string[] = [];
  if (q.status) tags.push(`status=${q.status}`);
  if (q.department) tags.push(`dept=${q.department}`);
  let rows: Row[] | null = null;
  let workshop_warnings: WorkshopWarning[] | undefined;
  // The vehicle's or the customer's own list of rentals, newest first.
  const ownList = q.vehicle ? `vehicle#${q.vehicle}` : q.customer ? `customer#${q.customer}` : null;
  if (ownList && !q.start_date && !q.finish_date && !tags.length) {
    const term = q.search?.trim().toLowerCase();
    if (!term) return recordPage(ownList, q);
    return recordSearch({ vehicle: q.vehicle, customer: q.vehicle ? undefined : q.customer }, term, q);
  }
  if (ownList) {
    const window = q.start_date || q.finish_date ? { start_date: q.start_date ?? q.finish_date!, finish_date: q.finish_date ?? q.start_date! } : null;
    if (q.vehicle && window) {
      // The availability check: the van's rentals meeting the dates, and its workshop warnings for them.
      const [standing, warnings] = await Promise.all([standingRentalsMeeting(q.vehicle, window, tags), hireOffers.need("workshopWarnings")([q.vehicle], window)]);
      rows = standing;
      workshop_warnings = warnings.get(q.vehicle) ?? [];
    }
    else {
      rows = ((await Rental.getMany(await Rental.idsIn(ownList, { tags, order: "desc" }))) as Row[]).sort((a, b) => byStart(b, a));
      // A customer's rentals meeting dates: those that still stand.
      if (window) rows = rows.filter((r) => r.status !== "NOT REQUIRED" && r.start_date && datesOverlap(r as any, window)).sort(byStart);
    }
  } else if (q.start_date || q.finish_date || q.view === "weekly" || q.view === "monthly") {
    let start = q.start_date ?? null;
    let end = q.finish_date ?? null;
    if (!start || !end) {
      const anchor = q.date ?? start ?? end ?? todayInLondon();
      const w = q.view === "monthly" ? monthOf(anchor) : weekOf(anchor);
      start = start ?? w.start;
      end = end ?? w.end;
    }
    if (end < start) throw new ValidationError(MESSAGES.finishBeforeStart, { finish_date: MESSAGES.finishBeforeStart });
    // A page of the window, read from its entries; a search matches names, so it reads the window's rentals.
    if (!q.search?.trim()) return windowPage(start, end, tags, q);
    rows = await rentalsInWindow(start, end, tags);
  } else if ((q.search?.trim().length ?? 0) >= 2) {
    // Every rental searched (no vehicle, customer or window): the rentals of the vehicles and customers the term finds.
    rows = await rentalsMatching(q.search!.trim().toLowerCase(), q);
  }
  if (rows) {
    if (q.except) rows = rows.filter((r) => r.id !== q.except);
    const term = q.search?.trim().toLowerCase();
    const all = term ? (await Rental.present(rows as any)).filter((r: Row) => matches(r, term)) : null;
    const results = all ? pageRows(all, q) : await Rental.present(pageRows(rows, q) as any);
    const counted = (all ?? rows);
    return {
      count: counted.length,
      results,
      total_cost: sumOf(counted, "total"),
      total_weekly: weeklySum(counted),
      ...(workshop_warnings ? { workshop_warnings } : {}),
    };
  }
  // Every rental, or those of a status and/or department: one page of that list, newest first.
  const list = q.status && q.department ? `status#${q.status}#dept#${q.department}` : q.status ? `status#${q.status}` : q.department ? `dept#${q.department}` : "all";
  const res = await Rental.listIn(list, { page: q.page, page_size: q.page_size, order: "desc" });
  return { ...res, total_cost: sumOf(res.results, "total"), total_weekly: weeklySum(res.results) };
}

/**
 * A customer's or vehicle's rental record: one page of its list and its
 * totals kept with every save (never its whole history).
 */
async function recordPage(ownList: string, q: { page: number; page_size: number }) {
  const [page, totals] = await Promise.all([Rental.listIn(ownList, { page: q.page, page_size: q.page_size, order: "desc" }), Rental.facetValues(`totals#${ownList}`)]);
  const amount = (v: string) => fromPence(totals.find((t) => t.value === v)?.count ?? 0);
  return { ...page, total_cost: amount("total"), total_weekly: amount("weekly") };
}

/** Counters read per BatchGet. */
const COUNTS_AT_ONCE = 100;

/** The lists of those that hold any rental, read by their counters (BatchGets of 100). */
async function listsHolding(lists: string[]): Promise<string[]> {
  const held: string[] = [];
  for (let i = 0; i < lists.length; i += COUNTS_AT_ONCE) {
    const counts = await Rental.counts(lists.slice(i, i + COUNTS_AT_ONCE));
    held.push(...Object.keys(counts).filter((l) => counts[l] > 0));
  }
  return held;
}

/**
 * GET rentals?search= alone (001 §7, 003 §7): the rentals of the vehicles
 * whose registration starts with the term and of the customers whose name
 * does (their own lists, `vehicle#<v>` and `customer#<c>`, only those
 * holding rentals read), and the rental numbered so; of the status and
 * department asked. The cost follows the matches, never every rental.
 */
async function rentalsMatching(term: string, q: { status?: string; department?: number }): Promise<Row[]> {
  const compact = term.replace(/\s+/g, "");
  const [vehicles, customers] = await Promise.all([compact ? Vehicle.idsIn("search", { search: compact }) : Promise.resolve([]), Contact.idsIn("type#ALL#all", { search: term })]);
  const held = await listsHolding([...vehicles.map((v) => `vehicle#${v}`), ...customers.map((c) => `customer#${c}`)]);
  const ids = new Set((await Promise.all(held.map((l) => Rental.idsIn(l)))).flat());
  if (/^\d+$/.test(term)) ids.add(Number(term));
  const rows = (await Rental.getMany([...ids])) as Row[];
  return rows.filter((r) => (!q.status || r.status === q.status) && (!q.department || r.department === q.department)).sort((a, b) => byStart(b, a));
}

/**
 * A rental record searched (000 §7 vehicle, 003 §7 customer): a search
 * matches the start of the registration or of the hirer's name, or the
 * rental's number. When the record's own vehicle or customer matches,
 * every rental does: the record's page. Otherwise the matches are the
 * rentals shared with the vehicles (or customers) the search finds, each
 * pair's own list (`vehicle#<v>#customer#<c>`), plus the numbered rental:
 * the cost follows the matches, never the record's history (unless the
 * record holds fewer rentals than the term finds vehicles or customers:
 * then the record is the smaller read).
 */
async function recordSearch(owner: { vehicle?: number; customer?: number }, term: string, q: { page: number; page_size: number }) {
  const ownList = owner.vehicle ? `vehicle#${owner.vehicle}` : `customer#${owner.customer}`;
  const compact = term.replace(/\s+/g, "");
  if (owner.vehicle) {
    const [v] = (await Vehicle.getMany([owner.vehicle])) as Row[];
    if (v && String(v.registration ?? "").replace(/\s+/g, "").toLowerCase().startsWith(compact)) return recordPage(ownList, q);
  } else {
    const [c] = (await Contact.getMany([owner.customer!])) as Row[];
    if (c && String(c.display_name ?? "").toLowerCase().startsWith(term)) return recordPage(ownList, q);
  }
  const [others, own] = await Promise.all([
    owner.vehicle ? Contact.idsIn("type#ALL#all", { search: term }) : compact ? Vehicle.idsIn("search", { search: compact }) : Promise.resolve([]),
    Rental.counts([ownList]),
  ]);
  let ids: Set<number>;
  if (own[ownList] <= others.length) {
    // A short term finding more vehicles (customers) than the record has rentals: the record is the smaller read.
    ids = new Set(await Rental.idsIn(ownList));
  } else {
    const pairs = others.map((o) => (owner.vehicle ? `vehicle#${owner.vehicle}#customer#${o}` : `vehicle#${o}#customer#${owner.customer}`));
    const held = await listsHolding(pairs);
    ids = new Set((await Promise.all(held.map((l) => Rental.idsIn(l)))).flat());
  }
  if (/^\d+$/.test(term)) ids.add(Number(term));
  const found = (await Rental.present((await Rental.getMany([...ids])))) as Row[];
  const mine = found.filter((r) => (owner.vehicle ? r.vehicle?.id === owner.vehicle : r.customer?.id === owner.customer) && matches(r, term)).sort((a, b) => byStart(b, a));
  return { count: mine.length, results: pageRows(mine, q), total_cost: sumOf(mine, "total"), total_weekly: weeklySum(mine) };
}

function matches(r: Row, term: string): boolean {
  const reg = String(r.vehicle?.registration ?? "").replace(/\s+/g, "").toLowerCase();
  return reg.startsWith(term.replace(/\s+/g, "")) || String(r.customer?.display_name ?? "").toLowerCase().startsWith(term) || String(r.id) === term;
}

/** 001 §5: if no margin is set, the first rental margin of the list is used. */
async function firstMargin(): Promise<Row | null> {
  const res = await RentalMargin.list({ page: 1, page_size: 1 });
  return (res.results[0]) ?? null;
}

async function withDefaultMargin(body: unknown): Promise<unknown> {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const b = body as Row;
  if (b.margin === null || b.margin === undefined || b.margin === "") {
    const first = await firstMargin();
    if (first) return { ...b, margin: first.id };
  }
  return b;
}

