import * as z from "zod";
import { Contact } from "../contacts/index.js";
import { ConflictError, ValidationError } from "../platform/errors.js";
import { ref } from "../platform/fields.js";
import { defineLines } from "../platform/lines.js";
import { pounds, toPence } from "../platform/money.js";
import { compactKey, rowsOfPage, type Page } from "../platform/paging.js";
import { META_FIELDS, defineRecordType, isFresh, lastSavedOf } from "../platform/records.js";
import { declareReferences } from "../platform/references.js";
import { parseInput } from "../platform/validation.js";
import { partLookup, partLookupExtras, workLookup } from "./lookup-definitions.js";
import {
  LOOKUP_MESSAGES,
  MAX_WORK_PARTS,
  chosenPartCustomerCost,
  customerCostOnSave,
  hundredths,
  newPartMissing,
  partDuplicateKey,
  partLookupLists,
  sortText,
  stockAfter,
  workDuplicateKey,
  workLookupLists,
} from "./lookup-rules.js";
import { AppDefaults } from "../settings/index.js";
import { partCustomerCost, partsMarkup } from "./costs.js";

/**
 * Part lookups (Part Stock) and work lookups (Work Stock) of 002: the
 * catalogues the job card, quote and part order selectors pick from.
 * Keys and lists: docs/data-model.md §7.1 "Part lookup", "Work lookup";
 * the rules: lookup-rules.ts.
 *
 * A work lookup's parts are link lines under the work lookup
 * (core/platform/lines.ts, at most 20), and the work lookup sits in the
 * list `bypart#<part lookup id>` of each part it links: so a part lookup
 * answers "which work lookups use me" from that list, and neither record
 * grows with the other's uses.
 */

const MONEY = ["cost", "customer_cost"] as const;

type Brief = { id: number; display_name: string | null } | null;

async function suppliersOf(rows: Array<Record<string, any>>): Promise<Map<number, Brief>> {
  const ids = rows.map((r) => r.supplier).filter((x): x is number => typeof x === "number");
  const contacts = (await Contact.getMany(ids)) as Array<Record<string, any>>;
  return new Map(contacts.map((c) => [c.id, { id: c.id, display_name: c.display_name ?? null }]));
}

export const PartLookup = defineRecordType({
  type: "partlookup",
  label: "Part lookup",
  fields: partLookup.schema,
  searchOf: (r) => sortText(r.name),
  validate: (r) => {
    for (const f of MONEY) if (typeof r[f] === "number") (r as Record<string, unknown>)[f] = pounds(r[f]);
  },
  lists: (r) => partLookupLists(r),
  unique: (r) => [{ scope: "dup", value: partDuplicateKey(r), message: LOOKUP_MESSAGES.partExists }],
  // A catalogue of many thousands: a deep page of a name-sorted list starts at its name prefix.
  listPositions: { lists: (l) => l !== "pn" },
  expand: async (rows) => {
    const sup = await suppliersOf(rows);
    return rows.map((r) => ({ ...r, supplier: typeof r.supplier === "number" ? (sup.get(r.supplier) ?? { id: r.supplier, display_name: null }) : null }));
  },
});
declareReferences(PartLookup, () => ({ supplier: Contact }));

/** A work lookup's parts: one link line per part lookup (its `part_work_lookup`). */
export const WorkLookupLines = defineLines("worklookup", [
  {
    name: "part_work_lookup",
    idCounter: "worklookuppart",
    fields: z.strictObject({ part_lookup: ref() }),
    max: { count: MAX_WORK_PARTS, message: LOOKUP_MESSAGES.tooManyParts },
  },
]);

export const WorkLookup = defineRecordType({
  type: "worklookup",
  label: "Work lookup",
  fields: workLookup.schema,
  searchOf: (r) => sortText(r.description),
  validate: (r) => {
    for (const f of ["labour_cost", "customer_labour_cost"] as const) if (typeof r[f] === "number") (r as Record<string, unknown>)[f] = pounds(r[f]);
  },
  lists: (r) => workLookupLists(r as any),
  unique: (r) => [{ scope: "dup", value: workDuplicateKey(r), message: LOOKUP_MESSAGES.workExists }],
  listPositions: { lists: (l) => !l.startsWith("bypart#") },
  outside: WorkLookupLines.outside,
  expand: async (rows) => {
    const sup = await suppliersOf(rows);
    return rows.map((r) => {
      const out: Record<string, unknown> = { ...r, supplier: typeof r.supplier === "number" ? (sup.get(r.supplier) ?? { id: r.supplier, display_name: null }) : null };
      delete out.part_work_lookup;
      return out;
    });
  },
});
WorkLookupLines.bind(WorkLookup);
declareReferences(WorkLookup, () => ({ supplier: Contact, "part_work_lookup.*.part_lookup": PartLookup }));

/**
 * The customer charge of a part's cost (costs.ts `partCustomerCost`, with
 * `partsMarkup`: the job's markup, else the customer's, else the app
 * default). A lookup has no customer: the app default applies.
 */
export async function partCustomerCharge(cost: number, opts: { customer?: number | null; partsMarkup?: number | null } = {}): Promise<number> {
  const [defaults, customer] = await Promise.all([
    AppDefaults.get(),
    opts.customer ? Contact.get(opts.customer).catch(() => null) : Promise.resolve(null),
  ]);
  return partCustomerCost({ cost }, partsMarkup(opts.partsMarkup ?? null, customer, defaults));
}

// ---------------------------------------------------------------- reading

export type PartLookupQuery = {
  page: number;
  page_size: number;
  search?: string;
  view?: string;
  name?: string;
  part_number?: string;
  make?: string;
  model?: string;
  vehicle_type?: string;
};

const nothing = (): Page<Record<string, unknown>> => ({ count: 0, results: [] });

/** The smallest of several lists (their counters, one BatchGet), so the other filters narrow the fewest entries. */
async function smallestOf(record: { counts: (l: string[]) => Promise<Record<string, number>> }, candidates: string[]): Promise<string> {
  if (candidates.length === 1) return candidates[0];
  const counts = await record.counts(candidates);
  return candidates.reduce((a, b) => (counts[b] < counts[a] ? b : a));
}

async function pageOf(record: { getMany: (ids: number[]) => Promise<any[]>; present: (rows: any[]) => Promise<any[]> }, ids: number[], q: { page: number; page_size: number }) {
  const rows = await rowsOfPage(ids, q, (page) => record.getMany(page));
  return { count: ids.length, results: await record.present(rows) };
}

/**
 * GET partlookup (002 §7): by name, 25 a page; `view=with_number` those
 * with a part number; `search` a name or part number prefix; column
 * filters `name` (prefix), `part_number` (prefix), `make`, `model`,
 * `vehicle_type` (exact, case and spaces ignored). `part_lookup_stock`
 * marks the Part Stock screen and does not narrow (W17).
 */
export async function listPartLookups(q: PartLookupQuery): Promise<Page<Record<string, unknown>>> {
  const exact: Array<[string, string]> = [];
  if (compactKey(q.make)) exact.push(["mk", compactKey(q.make)]);
  if (compactKey(q.model)) exact.push(["md", compactKey(q.model)]);
  if (compactKey(q.vehicle_type)) exact.push(["vt", compactKey(q.vehicle_type)]);
  const withNumber = q.view === "with_number";
  const allTags = [...exact.map(([k, v]) => `${k}=${v}`), ...(withNumber ? ["num=1"] : [])];
  const base = exact.length ? await smallestOf(PartLookup, exact.map(([k, v]) => `${k}#${v}`)) : withNumber ? "num" : "all";
  const baseTag = exact.length ? base.replace("#", "=") : withNumber ? "num=1" : null;
  const tags = allTags.filter((t) => t !== baseTag);
  const nameTerm = sortText(q.name ?? "");
  const searchTerm = sortText(q.search ?? "");
  const numberTerm = compactKey(q.part_number ?? "");
  if (q.part_number?.trim() && !numberTerm) return nothing();

  if (!nameTerm && !searchTerm && !numberTerm) return PartLookup.listIn(base, { page: q.page, page_size: q.page_size, tags });

  let ids: number[] | null = null;
  const narrow = (found: number[]) => {
    if (ids === null) ids = found;
    else {
      const keep = new Set(found);
      ids = ids.filter((id) => keep.has(id));
    }
  };
  if (nameTerm) narrow(await PartLookup.idsIn(base, { search: nameTerm, tags }));
  if (numberTerm) narrow(await PartLookup.idsIn("pn", { search: numberTerm, tags: allTags }));
  if (searchTerm) {
    // The start of the name, or of the part number (compact): name matches first.
    const [byName, byNumber] = await Promise.all([
      PartLookup.idsIn(base, { search: searchTerm, tags }),
      compactKey(searchTerm) ? PartLookup.idsIn("pn", { search: compactKey(searchTerm), tags: allTags }) : Promise.resolve([] as number[]),
    ]);
    narrow([...new Set([...byName, ...byNumber])]);
  }
  return pageOf(PartLookup, ids ?? [], q);
}

/** The work lookups that link a part lookup (list `bypart#<id>`). */
export async function workLookupsUsing(partLookupId: number): Promise<number[]> {
  return WorkLookup.idsIn(`bypart#${partLookupId}`);
}

export type WorkLookupQuery = {
  page: number;
  page_size: number;
  search?: string;
  supplier?: number;
  description?: string;
  labour_cost?: number;
  labour_hours?: number;
};

/**
 * GET worklookup (002 §7): by description, 25 a page; `search` and
 * `description` a description prefix; `supplier`, `labour_cost`,
 * `labour_hours` exact. The most selective list is read, the others
 * narrow it as tags. `work_lookup_stock` marks the screen (W17).
 */
export async function listWorkLookups(q: WorkLookupQuery): Promise<Page<Record<string, unknown>>> {
  const exact: Array<[string, string]> = [];
  if (q.supplier) exact.push(["sup", String(q.supplier)]);
  if (q.labour_cost !== undefined && q.labour_cost !== null) exact.push(["lc", String(toPence(q.labour_cost))]);
  if (q.labour_hours !== undefined && q.labour_hours !== null) exact.push(["lh", String(hundredths(q.labour_hours))]);
  const base = exact.length ? await smallestOf(WorkLookup, exact.map(([k, v]) => `${k}#${v}`)) : "all";
  const tags = exact.map(([k, v]) => `${k}=${v}`).filter((t) => t !== base.replace("#", "="));
  const terms = [sortText(q.search ?? ""), sortText(q.description ?? "")].filter(Boolean).sort((a, b) => b.length - a.length);
  // Both a search and a description filter: one must start with the other.
  if (terms.length === 2 && !terms[0].startsWith(terms[1])) return nothing();
  return WorkLookup.listIn(base, { page: q.page, page_size: q.page_size, search: terms[0], tags });
}

/** Part lookups as answered inside a work lookup: each with its supplier and the work lookups using it. */
async function partsAnswer(partIds: number[]) {
  const rows = await PartLookup.getMany(partIds);
  const shaped = (await PartLookup.present(rows)) as Array<Record<string, any>>;
  const byId = new Map(shaped.map((r) => [r.id as number, r]));
  const uses = await Promise.all(partIds.map((id) => (byId.has(id) ? workLookupsUsing(id) : Promise.resolve([]))));
  // A link to a part lookup deleted since is left out (the next save of the work lookup drops it).
  return partIds.flatMap((id, i) => (byId.has(id) ? [{ ...byId.get(id)!, work_lookup: uses[i] }] : []));
}

/** GET worklookup/update/{id}: the work lookup with its parts (the detail screen, the View Parts modal). */
export async function getWorkLookup(id: number) {
  const [row, lines] = await Promise.all([WorkLookup.get(id), WorkLookupLines.load([id])]);
  const links = ((lines.get(id)?.part_work_lookup ?? []) as Array<{ part_lookup: number }>).map((l) => l.part_lookup);
  return { ...(row), part_work_lookup: await partsAnswer(links) };
}

/**
 * The parts of a work lookup as a job, quote or part order takes them
 * (002 §5): a customer cost of 0 is replaced by the charge worked out from
 * the cost (`partCustomerCharge`, the customer's or the default parts markup).
 */
export async function partsFromWorkLookup(id: number, opts: { customer?: number | null; partsMarkup?: number | null } = {}) {
  const detail = await getWorkLookup(id);
  const parts = detail.part_work_lookup as Array<Record<string, any>>;
  const charges = await Promise.all(parts.map((p) => (p.cost == null ? Promise.resolve(null) : partCustomerCharge(p.cost, opts))));
  return parts.map((p, i) => ({ ...p, customer_cost: chosenPartCustomerCost(p, () => charges[i] ?? p.customer_cost ?? 0) }));
}

// ---------------------------------------------------------------- writing

function objectBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new ValidationError("The request body must be a JSON object.");
  return body as Record<string, unknown>;
}

function without(o: Record<string, unknown>, names: readonly string[]) {
  const out = { ...o };
  for (const n of names) delete out[n];
  return out;
}

/** The part lookup's own fields of a body (parsed, strict), meta and answer-only fields set aside. */
function partFieldsOf(body: Record<string, unknown>, partial: boolean) {
  const schema = (partial ? PartLookup.fields.partial() : PartLookup.fields).strict();
  return parseInput(schema, without(body, [...META_FIELDS, ...partLookupExtras.names])) as Record<string, any>;
}

/** The customer cost the save stores (lookup-rules.ts `customerCostOnSave`, the default parts markup). */
async function withCustomerCost(before: Record<string, any> | null, fields: Record<string, any>) {
  const cost = fields.cost !== undefined ? fields.cost : before?.cost;
  if (cost === null || cost === undefined) return fields;
  const charge = await partCustomerCharge(cost, {});
  const customer_cost = customerCostOnSave(before as any, fields, () => charge);
  return customer_cost === undefined ? fields : { ...fields, customer_cost };
}

/** POST partlookup (also from Parts Expenses): 'This part already exists!' on the same name, number, make, model and type. */
export async function createPartLookup(body: unknown, actor: string) {
  const fields = await withCustomerCost(null, partFieldsOf(objectBody(body), false));
  // Refused before an id is issued, so a duplicate writes nothing (the claim still refuses a race).
  const key = partDuplicateKey(fields);
  if ((await PartLookup.claimedBy("dup", [key])).has(key)) throw new ValidationError(LOOKUP_MESSAGES.partExists, {});
  return PartLookup.create(fields, actor);
}

/**
 * PUT partlookup/update/{id} (send last_saved; 409 when stale). With
 * `work_lookup` (the ids of the work lookups that should list it), the
 * work lookups no longer named lose their link to it and newly named ones
 * gain one (002 §7: the detail screen removes a part this way).
 */
export async function savePartLookup(id: number, body: unknown, actor: string) {
  const b = objectBody(body);
  const stored = await PartLookup.stored(id);
  const fields = await withCustomerCost(stored as any, partFieldsOf(b, true));
  const saved = await PartLookup.update(id, { ...fields, last_saved: b.last_saved }, actor, { partial: true, current: stored });
  if (Array.isArray(b.work_lookup)) {
    const wanted = new Set(b.work_lookup.map((w: any) => (w && typeof w === "object" ? w.id : w)).map(Number).filter((n: number) => Number.isInteger(n) && n > 0));
    const now = new Set(await workLookupsUsing(id));
    for (const w of now) if (!wanted.has(w)) await relink(w, id, false, actor);
    for (const w of wanted) if (!now.has(w)) await relink(w, id, true, actor);
  }
  return { ...(saved as Record<string, unknown>), work_lookup: await workLookupsUsing(id) };
}

/** Add or remove one part's link on a work lookup: a write the product makes on the version it reads. */
async function relink(workId: number, partId: number, linked: boolean, actor: string) {
  for (let attempt = 0; ; attempt++) {
    const lines = ((await WorkLookupLines.load([workId])).get(workId)?.part_work_lookup ?? []) as Array<Record<string, any>>;
    const kept = lines.filter((l) => l.part_lookup !== partId);
    const next = linked ? [...kept, { part_lookup: partId }] : kept;
    if (next.length === lines.length && !linked) return;
    try {
      await WorkLookupLines.update(workId, { part_work_lookup: next }, actor, { partial: true, system: true });
      return;
    } catch (e) {
      if (!(e instanceof ConflictError) || attempt >= 4) throw e;
    }
  }
}

/** DELETE partlookup/update/{id}: the lookup, then its links on the work lookups that used it. */
export async function deletePartLookup(id: number, actor: string) {
  const users = await workLookupsUsing(id);
  const res = await PartLookup.remove(id, actor);
  for (const w of users) await relink(w, id, false, actor).catch(() => undefined);
  return res;
}

/**
 * PUT partlookups (Part Stock's Edit Selected): several lookups at once,
 * each `{id, last_saved, ...fields}`. Every one is checked first (its
 * fields, its last_saved, the duplicate rule, within the selection too),
 * so a refused batch writes nothing; then each is saved in its own
 * transaction, on the version checked.
 */
export async function savePartLookups(body: unknown, actor: string) {
  const list = Array.isArray(body) ? body : Array.isArray((body as any)?.results) ? (body as any).results : null;
  if (!list) throw new ValidationError("Send a list of part lookups", { body: "Must be a list" });
  if (!list.length) throw new ValidationError(LOOKUP_MESSAGES.selectParts, { body: LOOKUP_MESSAGES.selectParts });
  if (list.length > 200) throw new ValidationError("At most 200 part lookups at once", { body: "Too many" });
  const planned = await Promise.all(
    list.map(async (raw: unknown, i: number) => {
      const b = objectBody(raw);
      const id = Number(b.id);
      if (!Number.isInteger(id) || id <= 0) throw new ValidationError("Each part lookup needs its id", { [`${i}.id`]: "Must be a record id" });
      const sent = lastSavedOf(b);
      const stored = (await PartLookup.stored(id)) as Record<string, any>;
      if (!isFresh(stored.last_saved, sent)) throw new ConflictError();
      const fields = await withCustomerCost(stored, partFieldsOf(b, true));
      return { id, stored, fields, sent, key: partDuplicateKey({ ...stored, ...fields }), keyBefore: partDuplicateKey(stored) };
    }),
  );
  const seen = new Map<string, number>();
  for (const p of planned) {
    if (seen.has(p.key) && seen.get(p.key) !== p.id) throw new ValidationError(LOOKUP_MESSAGES.partExists, {});
    seen.set(p.key, p.id);
  }
  const moved = planned.filter((p) => p.key !== p.keyBefore);
  const held = await PartLookup.claimedBy("dup", moved.map((p) => p.key));
  const inSelection = new Set(planned.map((p) => p.id));
  for (const p of moved) {
    const holder = held.get(p.key);
    // Held by another lookup outside the selection (one inside moves away in this batch, or is caught above).
    if (holder !== undefined && holder !== p.id && !(inSelection.has(holder) && planned.find((q) => q.id === holder)!.key !== p.key)) throw new ValidationError(LOOKUP_MESSAGES.partExists, {});
  }
  const results = [];
  for (const p of planned) results.push(await PartLookup.update(p.id, { ...p.fields, last_saved: p.sent }, actor, { partial: true, current: p.stored }));
  return { count: results.length, results };
}

/**
 * Take `n` of a part lookup from stock (002 §3: a part created from a
 * lookup uses its stock_volume); a negative `n` returns parts to stock.
 * Refused when fewer than `n` are left. Safe under concurrent takes: each
 * write is on the version read, and a take that lost a race reads again.
 */
export async function takeFromStock(lookupId: number, n: number, actor = "system") {
  if (!Number.isInteger(n)) throw new ValidationError(LOOKUP_MESSAGES.stockWhole, { quantity: LOOKUP_MESSAGES.stockWhole });
  for (let attempt = 0; ; attempt++) {
    const row = (await PartLookup.stored(lookupId)) as Record<string, any>;
    const left = stockAfter(row.stock_volume, n);
    if (left === null) {
      const message = LOOKUP_MESSAGES.notEnoughStock(row.stock_volume ?? 0, row.name ?? "");
      throw new ValidationError(message, { stock_volume: message });
    }
    try {
      await PartLookup.update(lookupId, { stock_volume: left }, actor, { partial: true, system: true, current: row as any });
      return { id: lookupId, stock_volume: left };
    } catch (e) {
      if (!(e instanceof ConflictError) || attempt >= 9) throw e;
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 40 * (attempt + 1)));
    }
  }
}

// ---------------------------------------------------------------- work lookups

type Planned = { links: Array<{ part_lookup: number; id?: number; last_saved?: string }>; newParts: Array<Record<string, any>>; slots: Array<number | "new"> };

/**
 * The parts a work lookup save sends (`part_work_lookup`): a part lookup
 * (`id`, or `part_lookup`) to link, or a new part (no id) which needs all
 * of name, part number, cost, supplier and customer cost (002 §5) and is
 * checked against the part duplicate rule. Nothing is written here.
 */
async function planParts(sent: unknown, stored: Array<Record<string, any>>): Promise<Planned> {
  if (!Array.isArray(sent)) throw new ValidationError("part_work_lookup must be a list", { part_work_lookup: "Must be a list" });
  const storedBy = new Map(stored.map((l) => [l.part_lookup as number, l]));
  const links: Planned["links"] = [];
  const newParts: Array<Record<string, any>> = [];
  const slots: Planned["slots"] = [];
  const linked = new Set<number>();
  const errors: Record<string, string> = {};
  sent.forEach((raw, i) => {
    const p = (raw && typeof raw === "object" && !Array.isArray(raw) ? raw : {}) as Record<string, any>;
    const existing = Number(p.part_lookup ?? p.id);
    if (Number.isInteger(existing) && existing > 0) {
      if (linked.has(existing)) return;
      linked.add(existing);
      const line = storedBy.get(existing);
      links.push(line ? { part_lookup: existing, id: line.id, last_saved: line.last_saved } : { part_lookup: existing });
      slots.push(existing);
      return;
    }
    const missing = newPartMissing(p);
    for (const f of missing) errors[`part_work_lookup.${i}.${f}`] = LOOKUP_MESSAGES.allFieldsRequired;
    if (!missing.length) {
      newParts.push(partFieldsOf(p, false));
      slots.push("new");
    }
  });
  if (Object.keys(errors).length) throw new ValidationError(LOOKUP_MESSAGES.allFieldsRequired, errors);
  if (links.length + newParts.length > MAX_WORK_PARTS) throw new ValidationError(LOOKUP_MESSAGES.tooManyParts, { part_work_lookup: LOOKUP_MESSAGES.tooManyParts });
  // New parts: none may repeat another, or a part lookup already held.
  const keys = newParts.map((p) => partDuplicateKey(p));
  const held = await PartLookup.claimedBy("dup", keys);
  if (new Set(keys).size !== keys.length || held.size) throw new ValidationError(LOOKUP_MESSAGES.partExists, { part_work_lookup: LOOKUP_MESSAGES.partExists });
  const known = await PartLookup.getMany(links.map((l) => l.part_lookup));
  if (known.length !== links.length) throw new ValidationError("Part lookup not found", { part_work_lookup: "Part lookup not found" });
  return { links, newParts, slots };
}

/** Create the new parts of a plan; the links in the order sent. */
async function createNewParts(plan: Planned, actor: string) {
  const created: number[] = [];
  try {
    for (const p of plan.newParts) created.push(((await PartLookup.create(p, actor)) as any).id);
  } catch (e) {
    await undoParts(created, actor);
    throw e;
  }
  const fresh = [...created];
  const byPart = new Map(plan.links.map((l) => [l.part_lookup, l]));
  const links = plan.slots.map((s) => (s === "new" ? { part_lookup: fresh.shift()! } : byPart.get(s)!));
  return { created, links };
}

async function undoParts(ids: number[], actor: string) {
  for (const id of ids) await PartLookup.remove(id, actor).catch(() => undefined);
}

function workFieldsOf(body: Record<string, unknown>, partial: boolean) {
  const schema = (partial ? WorkLookup.fields.partial() : WorkLookup.fields).strict();
  return parseInput(schema, without(body, [...META_FIELDS, "part_work_lookup", "record_type"])) as Record<string, any>;
}

/** Refused with 'This work already exists!' before anything is written (the claim refuses a race too). */
async function checkWorkDuplicate(fields: Record<string, any>, self: number | null) {
  const key = workDuplicateKey(fields);
  const holder = (await WorkLookup.claimedBy("dup", [key])).get(key);
  if (holder !== undefined && holder !== self) throw new ValidationError(LOOKUP_MESSAGES.workExists, {});
}

/** POST worklookup: the work, its new parts (created as part lookups) and the links to existing ones. */
export async function createWorkLookup(body: unknown, actor: string) {
  const b = objectBody(body);
  const fields = workFieldsOf(b, false);
  await checkWorkDuplicate(fields, null);
  const plan = await planParts(b.part_work_lookup ?? [], []);
  const { created, links } = await createNewParts(plan, actor);
  try {
    const row: any = await WorkLookupLines.create({ ...fields, part_work_lookup: links }, actor);
    return getWorkLookup(row.id);
  } catch (e) {
    await undoParts(created, actor);
    throw e;
  }
}

/** PUT worklookup/update/{id} (send last_saved; 409 when stale): its fields and, when sent, its whole parts list. */
export async function saveWorkLookup(id: number, body: unknown, actor: string) {
  const b = objectBody(body);
  const sent = lastSavedOf(b);
  const stored = await WorkLookup.stored(id);
  if (!isFresh(stored.last_saved, sent)) throw new ConflictError();
  const fields = workFieldsOf(b, true);
  await checkWorkDuplicate({ ...stored, ...fields }, id);
  if (b.part_work_lookup === undefined || b.part_work_lookup === null) {
    await WorkLookupLines.update(id, { ...fields, last_saved: sent }, actor, { partial: true });
    return getWorkLookup(id);
  }
  const lines = ((await WorkLookupLines.load([id])).get(id)?.part_work_lookup ?? []) as Array<Record<string, any>>;
  const plan = await planParts(b.part_work_lookup, lines);
  const { created, links } = await createNewParts(plan, actor);
  try {
    await WorkLookupLines.update(id, { ...fields, last_saved: sent, part_work_lookup: links }, actor, { partial: true });
  } catch (e) {
    await undoParts(created, actor);
    throw e;
  }
  return getWorkLookup(id);
}

/** DELETE worklookup/update/{id}: the work lookup with its link lines (its part lookups stay in Part Stock). */
export async function deleteWorkLookup(id: number, actor: string) {
  return WorkLookupLines.remove(id, actor);
}
