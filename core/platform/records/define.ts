import { Entity, createWriteTransaction } from "electrodb";
import * as z from "zod";
import { auditItem, diffRecords } from "../audit.js";
import { checkBeforeWrite } from "../integrity.js";
import { BusyError, ConflictError, NotFoundError, ValidationError } from "../errors.js";
import { counterOf, nextId } from "../ids.js";
import { offsetOf, searchText, type Page } from "../paging.js";
import { Audit, Counter, DateRange, Facet, ListEntry, RangeSet, SERVICE, UniqueClaim, entityConfig } from "../service.js";
import { parseInput } from "../validation.js";
import { Sums, batchWrite, inParallel, pause, writeFacetSum } from "./bulk.js";
import { isFresh, lastSavedOf } from "./freshness.js";
import { NUMBER_ROUNDS, NumbersMoved, numbersMoved, peekNumbers } from "./numbers.js";
import { claimsOf, commitOf, foldCounts, indexOps, lifeOps, listCounter, listScope, positionsOption, type Indexing } from "./indexes.js";
import { firstIdOf, planPage } from "./positions.js";
import { allRangesOf, END, headOf, overlaps, planRanges, rangeItem, rangeWriteCount, rangeWrites, rangesMeeting, type HeldRange, type ScopePlan } from "./ranges.js";
import { coarseBuckets, entriesOfList, entryChunksOfList, facetCountsOf, headOfPrefix, pageOfList, skipThenTakeItems, startOfPage, type ListSource } from "./reading.js";
import { META_FIELDS, TRANSACTION_LIMIT, type EntryQuery, type IndexOp, type ListInQuery, type ListOptions, type Meta, type RecordTypeOptions, type SavedRecord, type Where, type WriteExtra } from "./types.js";

/** How often a transaction cancelled by a concurrent write to a shared item is tried again. */
const RETRIES = 6;

/**
 * The version of what the engine itself writes besides records, added to
 * every type's `indexVersion`, so a release that changes it indexes every
 * type's records again once (core/platform/upgrades.ts).
 * 2: position counts of the id order and two-level counts of lists; one
 * item per exclusive range; counters without their deleted ids.
 * 3: a list's coarse position counts carry their fine counts (positions.ts `inlineFine`).
 * (Since, a list writes no fine items: no new version, as what version 3
 * stored is read the same way and the fine items left are never read.)
 */
export const ENGINE_INDEX_VERSION = 3;

/** Every record type defined, for the index upgrade (core/platform/upgrades.ts). */
export const recordTypes: Array<{ type: string; indexVersion: number; rebuildIndexes: () => Promise<{ records: number; items: number }> }> = [];

/** Records a page of the id order may skip from either end before the position counts are read. */
const ID_POSITIONS_FROM = 50;

/**
 * One mechanism for the life of every record: sequential ids, create,
 * freshness-checked update, delete, get and paged list, each write with
 * its audit entry, counts and index items in one DynamoDB transaction.
 */
export function defineRecordType<S extends z.ZodObject<any>>(opts: RecordTypeOptions<S>) {
  type Fields = z.infer<S>;
  type Row = Fields & Meta;
  const fieldNames = Object.keys(opts.fields.shape);
  const attributes: Record<string, any> = {
    // In the keys, so each record type has its own partition (and search partition).
    record_type: { type: "string", default: opts.type, readOnly: true, hidden: true },
    id: { type: "number", required: true, padding: { length: 12, char: "0" } },
    last_saved: { type: "string" },
    created_by: { type: "string" },
    updated_by: { type: "string" },
    created_at: { type: "string" },
    search_text: { type: "string" },
  };
  for (const f of fieldNames) attributes[f] = { type: "any" };

  // Typed loosely: the attributes are built from the zod fields at run time.
  const entity: any = new Entity(
    {
      model: { entity: opts.type, version: "1", service: SERVICE },
      attributes,
      indexes: {
        byId: { pk: { field: "pk", composite: ["record_type"] }, sk: { field: "sk", composite: ["id"] } },
        // Search: the record's search text as a sort key, so a search is a
        // begins_with Query whose cost follows the matches, not the table.
        bySearch: {
          index: "gsi1",
          pk: { field: "gsi1pk", composite: ["record_type"] },
          sk: { field: "gsi1sk", composite: ["search_text", "id"] },
        },
      },
    } as any,
    entityConfig(),
  );
  const keyOf = { record_type: opts.type } as any;
  const entities = { record: entity, audit: Audit, counter: Counter, entry: ListEntry, claim: UniqueClaim, facet: Facet, rangeset: RangeSet, daterange: DateRange };
  // Outside fields (see `outside`): read beside the record, never stored on its item.
  const outsideNames = opts.outside?.fields ?? [];
  async function outsideOf(id: number): Promise<Record<string, unknown>> {
    return opts.outside ? ((await opts.outside.load([id])).get(id) ?? {}) : {};
  }
  const withoutOutside = <T extends Record<string, unknown>>(o: T): T => {
    if (!outsideNames.length) return o;
    const out: Record<string, unknown> = { ...o };
    for (const f of outsideNames) delete out[f];
    return out as T;
  };
  const ix: Indexing<Fields> = { type: opts.type, lists: opts.lists, facets: opts.facets, unique: opts.unique, positions: positionsOption(opts.listPositions) };

  function rangesOf(fields: Fields | undefined) {
    if (!fields || !opts.exclusive) return [];
    return opts.exclusive.ranges(fields).map((r) => ({ ...r, scope: `${opts.type}#${r.scope}` }));
  }
  async function checkRanges(id: number, before: Fields | undefined, after: Fields | undefined): Promise<ScopePlan[]> {
    if (!opts.exclusive) return [];
    return planRanges(id, rangesOf(before), rangesOf(after), opts.exclusive.message);
  }

  /** After a cancelled transaction: a taken unique value is a 400 with its message. */
  async function explainCancel(id: number, newClaims: Array<{ scope: string; value: string; message: string }>) {
    for (const c of newClaims) {
      const held = await UniqueClaim.get({ scope: c.scope, value: c.value }).go({ consistent: true } as any);
      if (held.data && held.data.id !== id) throw new ValidationError(c.message, {});
    }
  }

  /** Parse a create/update body: strict fields, meta fields tolerated. */
  function parse(body: unknown, partial: boolean): Fields {
    const obj = (body && typeof body === "object" && !Array.isArray(body) ? body : null) as Record<string, unknown> | null;
    if (!obj) throw new ValidationError("The request body must be a JSON object.");
    const rest: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(obj)) if (!(META_FIELDS as readonly string[]).includes(k)) rest[k] = v;
    const schema = (partial ? opts.fields.partial() : opts.fields).strict();
    return parseInput(schema, rest) as Fields;
  }

  function clean(item: Record<string, any>): Row {
    const out: Record<string, unknown> = {};
    for (const k of [...META_FIELDS, ...fieldNames]) out[k] = item[k] ?? null;
    return out as Row;
  }

  /** What a search matches from its start: the name first, by default every text field. */
  function searchOf(fields: Fields): string {
    const text = opts.searchOf ? opts.searchOf(fields) : searchText(...Object.values(fields as object).filter((v) => typeof v === "string"));
    return text.toLowerCase().slice(0, 200);
  }

  async function shape(rows: Row[]) {
    return opts.expand ? opts.expand(rows) : rows;
  }

  async function getRow(id: number): Promise<Row> {
    const res = await entity.get({ ...keyOf, id }).go({ consistent: true } as any);
    if (!res.data) throw new NotFoundError(opts.label);
    return clean(res.data);
  }

  /** The stored record of a create. */
  function recordItem(fields: Fields, id: number, actor: string, now: string) {
    return { ...fields, id, last_saved: now, created_at: now, created_by: actor, updated_by: actor, search_text: searchOf(fields) };
  }

  /**
   * Everything a create writes besides the record and its ranges, in
   * transaction order: its audit entry, the type's live count and id
   * position counts, its list entries, list counts and list position
   * counts, facets and unique claims. One builder for `create` (a
   * transaction) and `bulkLoad` (batches).
   */
  function createOps(fields: Fields, id: number, actor: string, now: string) {
    const idx = indexOps(ix, id, undefined, fields);
    const writes: IndexOp[] = [
      { op: "audit", item: auditItem(opts.type, id, actor, "create", diffRecords(undefined, fields), now) },
      ...lifeOps(opts.type, id, 1),
      ...idx.writes,
    ];
    return { writes, newClaims: idx.newClaims };
  }

  /** The record's entity in another record's transaction (see `planCreate`). */
  const recordKey = `record_${opts.type}`;
  /**
   * A planned write joins another record's transaction only when no refusal
   * of its own can cancel it: no ranges, no outside fields (unless the
   * create carries none of them: a new part enquiry's job has no lines yet),
   * and no unique value it takes or gives up (a claim unchanged writes
   * nothing, so an invoice raised without a number, or credited, can be planned).
   */
  function writableTogether(before?: Fields, after?: Fields, withoutLines = false) {
    const claims = (f: Fields | undefined) => claimsOf(ix, f).map((c) => `${c.scope}\u0000${c.value}`).sort().join("\u0001");
    // A write that leaves its date ranges as they are (a rental's approval) writes no range item: it may go with others.
    const ranges = (f: Fields | undefined) => JSON.stringify(rangesOf(f));
    if ((opts.exclusive && ranges(before) !== ranges(after)) || (opts.outside && !withoutLines) || (opts.unique && claims(before) !== claims(after)))
      throw new Error(`${opts.type}: unique values, ranges or outside fields are written by its own transactions only`);
  }

  /** An index operation as an item for BatchWriteItem (puts only: a create or a rebuild); counts go to `sums`. */
  function batchItemOf(w: IndexOp, sums: Sums): Record<string, any> | null {
    switch (w.op) {
      case "audit":
        return Audit.put(w.item).params().Item;
      case "entry-put":
        return ListEntry.put({ list: w.list, sort: w.sort, id: w.id, tags: w.tags, parent: w.parent } as any).params().Item;
      case "claim-create":
        return UniqueClaim.put({ scope: w.scope, value: w.value, id: w.id }).params().Item;
      case "counter-add":
        sums.counter(w.name, w.live);
        return null;
      case "facet-add":
        sums.facet(w.facet, w.value, w.live, w.fine);
        return null;
      default:
        throw new Error(`batch write: unexpected ${w.op}`);
    }
  }

  /**
   * Index every stored record again as the current code indexes it: its
   * list entries (new lists, new tags), unique claims, date ranges (one
   * item each, heads without the old whole list), and the live count,
   * list counts, facets and position counts set to what the records add
   * up to; the counter's old set of deleted ids is dropped. For the index
   * upgrade only, while nobody else writes (start-up, or a maintenance
   * window on AWS): the counts are set, not added to. Entries the current
   * code no longer writes are left as they are.
   */
  async function rebuildIndexes(): Promise<{ records: number; items: number }> {
    const sums = new Sums();
    sums.counter(opts.type, 0);
    const scopes = new Set<string>();
    let records = 0;
    let items = 0;
    let cursor: string | null = null;
    do {
      const page: any = await entity.query.byId(keyOf).go({ cursor, limit: 500 } as any);
      cursor = page.cursor;
      const puts: Array<Record<string, any>> = [];
      const outside = opts.outside ? await opts.outside.load((page.data as any[]).map((r) => r.id)) : new Map<number, Record<string, unknown>>();
      for (const raw of page.data as any[]) {
        const row = clean(raw);
        const fields = { ...pick(row, fieldNames), ...outside.get(row.id) } as Fields;
        records++;
        for (const w of [...lifeOps(opts.type, row.id, 1), ...indexOps(ix, row.id, undefined, fields).writes]) {
          const item = batchItemOf(w, sums);
          if (item) puts.push(item);
        }
        for (const r of rangesOf(fields)) {
          scopes.add(r.scope);
          puts.push(DateRange.put(rangeItem(r.scope, { id: row.id, from: r.from, to: r.to }) as any).params().Item);
        }
      }
      items += await batchWrite(puts, 4);
    } while (cursor);
    await inParallel([...sums.counters], 4, ([name, live]) => Counter.update({ name }).set({ live }).go());
    await inParallel(sums.facetEntries(), 4, (f) => writeFacetSum(f, "SET"));
    await inParallel([...scopes], 4, (scope) => RangeSet.update({ scope }).add({ version: 1 }).remove(["ranges"]).go());
    await Counter.update({ name: opts.type }).remove(["deleted"]).go();
    return { records, items: items + sums.counters.size + sums.facets.size + scopes.size };
  }
  recordTypes.push({ type: opts.type, indexVersion: (opts.indexVersion ?? 1) + ENGINE_INDEX_VERSION - 1, rebuildIndexes });

  /** Read the records of a page of the id order (whole items, from the nearer end or the position counts). */
  async function idPage(count: number, offset: number, pageSize: number, coarse: Awaited<ReturnType<typeof coarseBuckets>> | null): Promise<any[]> {
    const plan = planPage(count, offset, pageSize, ID_POSITIONS_FROM);
    const byId = () => entity.query.byId(keyOf);
    if (plan.read === "none") return [];
    if (plan.read === "end") return (await skipThenTakeItems(byId(), plan.skip, plan.take, "desc")).reverse();
    if (plan.read === "positions") {
      const start = await startOfPage(opts.type, coarse ?? (await coarseBuckets(opts.type, "asc")), count, offset, "asc");
      if (start) return skipThenTakeItems(byId().gte({ id: firstIdOf(start.bucket, start.level) } as any), start.skip, plan.take, "asc");
    }
    // No counts to go by (records kept by a release before them): skip from the nearer end.
    const plain = planPage(count, offset, pageSize, null);
    if (plain.read === "end") return (await skipThenTakeItems(byId(), plain.skip, plain.take, "desc")).reverse();
    return skipThenTakeItems(byId(), offset, Math.min(pageSize, count - offset), "asc");
  }

  /** One indexed list of the type, for the page reader (reading.ts `pageOfList`). */
  const sourceOf = (list: string): ListSource => ({
    scope: listScope(opts.type, list),
    counter: listCounter(opts.type, list),
    positions: ix.positions && ix.positions.lists(list) ? ix.positions : null,
  });

  return {
    type: opts.type,
    label: opts.label,
    fields: opts.fields,
    entity,
    rebuildIndexes,

    async get(id: number) {
      return (await shape([await getRow(id)]))[0];
    },

    /** The record as stored (read consistently, references not filled in): for a save that reads it once and passes it to `update`. */
    async stored(id: number): Promise<Row> {
      return getRow(id);
    },

    /** Stored rows in the form every answer gives them (references filled by `expand`). */
    async present(rows: Row[]) {
      return shape(rows);
    },

    /** Many at once (for references), missing ids left out. */
    async getMany(ids: number[]): Promise<Row[]> {
      const unique = [...new Set(ids.filter((i) => Number.isInteger(i) && i > 0))];
      if (!unique.length) return [];
      const res = await entity.get(unique.map((id) => ({ ...keyOf, id })) as any).go();
      return (res.data as any[]).map(clean);
    },

    /** `race`: the caller's write already lost its numbers to another once (core/platform/lines.ts rounds): the id is reserved at once (records/numbers.ts). */
    async create(body: unknown, actor: string, { extra, race = false }: { extra?: WriteExtra; race?: boolean } = {}) {
      const fields = { ...(opts.defaults?.() ?? {}), ...stripUndefined(parse(body, false)), ...extra?.outside } as Fields;
      opts.validate?.(fields);
      await checkBeforeWrite(opts.type, opts.fields, fields); // integrity: bounds and references (core/platform/integrity.ts)
      // Checked before an id is planned: a refused booking writes nothing.
      const checked = await checkRanges(0, undefined, fields);
      // The id is taken in the create's own transaction (records/numbers.ts): a refusal, even one only the
      // transaction finds (a unique value taken meanwhile), takes no number. Another create that took the
      // number first: plan again with the next one.
      for (let round = 0; ; round++) {
        const { ids, take } = await peekNumbers(opts.type, 1, { race: race || round > 0 });
        const id = ids[0];
        const own: IndexOp = { op: "counter-add", name: opts.type, live: 0, ...(take ? { seq: { from: take.from, to: take.to } } : {}) };
        let plan = checked.map((p) => ({ ...p, puts: p.puts.map((r) => ({ ...r, id })) }));
        const now = new Date().toISOString();
        const item = withoutOutside(recordItem(fields, id, actor, now));
        const saved: SavedRecord = { id, now, base: null, record: fields, items: 1 + createOps(fields, id, actor, now).writes.length + rangeWriteCount(plan) };
        await extra?.prepare?.(saved);
        let newClaims: Array<{ scope: string; value: string; message: string }> = [];
        // Concurrent writes to a shared item (a list's counter) cancel each
        // other's transactions: a cancellation that no taken value, booking or
        // number explains is tried again, a few times, before it is reported.
        // The loop ends in a return, a throw, or (its number taken by another create) a break to plan again.
        for (let attempt = 0; ; attempt++) {
          const tx = await createWriteTransaction({ ...entities, ...extra?.entities }, (t: any) => {
            const built = createOps(fields, id, actor, now);
            newClaims = built.newClaims;
            // The unit's other index writes (its lines') summed with the record's own, per item; the id taken with the type's live count.
            const writes = foldCounts([...built.writes, own, ...(extra?.indexWrites?.(saved) ?? [])]);
            return withinLimit([t.record.create(item).commit(), ...writes.map((w) => commitOf(w, t)), ...rangeWrites(plan, t), ...(extra?.ops?.(t, saved) ?? [])]);
          }).go();
          if (!tx.canceled) return (await shape([clean(item)]))[0];
          await explainCancel(id, newClaims);
          plan = await checkRanges(id, undefined, fields);
          // The extra's numbers (its lines' ids) taken by another write: its caller plans the unit again.
          if (await numbersMoved(extra?.numbers?.() ?? [])) throw new NumbersMoved();
          if (take && (await numbersMoved([take]))) break;
          // Lost to concurrent writes every time: 409 (nothing was written), never a 500.
          if (attempt >= RETRIES) throw lostRace(extra);
          await pause(attempt);
          await extra?.replan?.(saved);
        }
        if (round >= NUMBER_ROUNDS) throw new ConflictError();
        await pause(Math.min(round, 5));
      }
    },

    /**
     * FOR LOADING BENCHMARK DATA ONLY (bench/), never from the product.
     *
     * Create many records at once with exactly the items `create` writes
     * (same builder: record, audit entry, list entries, unique claims,
     * facets, position counts, date ranges), but with BatchWriteItem in
     * chunks of 25, several batches at a time, instead of one transaction
     * per record. Each row is parsed, defaulted and validated as in
     * `create`. What it skips: the conditional checks. Rows are checked
     * against each other and the ranges already held (overlapping exclusive
     * ranges, a repeated unique value: refused before anything is written),
     * but a unique value already claimed in the table is overwritten, and
     * nothing stops a concurrent writer. Use it on a freshly created table
     * nobody else is writing to. Shared counts are summed in memory and
     * written once each (one ADD per count; the ids are one ADD of the row
     * count on the type's sequence); each range scope's head is raised once.
     */
    async bulkLoad(rows: unknown[], actor: string, { concurrency = 8, chunkRows = 2000 } = {}) {
      const all = rows.map((body) => {
        const fields = { ...(opts.defaults?.() ?? {}), ...stripUndefined(parse(body, false)) } as Fields;
        opts.validate?.(fields);
        return fields;
      });
      if (!all.length) return { first: 0, last: 0, count: 0, items: 0 };

      // Unique values: no two rows may share one.
      const claimed = new Map<string, number>();
      all.forEach((f, i) => {
        for (const c of claimsOf(ix, f)) {
          const k = `${c.scope}\u0000${c.value}`;
          if (claimed.has(k)) throw new ValidationError(`bulkLoad: rows ${claimed.get(k)} and ${i}: ${c.message}`, {});
          claimed.set(k, i);
        }
      });

      // Ranges: per scope, every row's ranges and those already held, refused when two overlap.
      const byScope = new Map<string, Array<{ row: number; from: string; to: string | null }>>();
      all.forEach((f, row) => {
        for (const r of rangesOf(f)) {
          if (!byScope.has(r.scope)) byScope.set(r.scope, []);
          byScope.get(r.scope)!.push({ row, from: r.from, to: r.to });
        }
      });
      type Held = { from: string; to: string | null; id?: number; row?: number };
      const who = (r: Held) => (r.row !== undefined ? `row ${r.row}` : `record ${r.id}`);
      await inParallel([...byScope], concurrency, async ([scope, mine]) => {
        const stored: HeldRange[] = [...(await headOf(scope)).legacy, ...(await allRangesOf(scope))];
        const sorted: Held[] = [...stored, ...mine].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
        let reach: Held | null = null;
        for (const r of sorted) {
          if (reach && overlaps(reach, r)) throw new ValidationError(`bulkLoad: ${scope}: ${who(reach)} and ${who(r)} overlap`, {});
          if (!reach || (r.to ?? END) > (reach.to ?? END)) reach = r;
        }
      });

      // Every check passed: the ids are one block, one ADD on the type's sequence.
      const reserved: any = await Counter.update({ name: opts.type }).add({ seq: all.length }).go({ response: "all_new" } as any);
      const last = reserved.data.seq as number;
      const first = last - all.length + 1;

      // Items in chunks of rows; shared counts summed as they are met.
      const sums = new Sums();
      const now = new Date().toISOString();
      let written = 0;
      for (let from = 0; from < all.length; from += chunkRows) {
        const items: Array<Record<string, any>> = [];
        all.slice(from, from + chunkRows).forEach((fields, k) => {
          const id = first + from + k;
          items.push(entity.put(recordItem(fields, id, actor, now)).params().Item);
          for (const w of createOps(fields, id, actor, now).writes) {
            const item = batchItemOf(w, sums);
            if (item) items.push(item);
          }
          for (const r of rangesOf(fields)) items.push(DateRange.put(rangeItem(r.scope, { id, from: r.from, to: r.to }) as any).params().Item);
        });
        written += await batchWrite(items, concurrency);
      }
      await inParallel([...sums.counters], concurrency, ([name, live]) => (live ? Counter.update({ name }).add({ live }).go() : null));
      await inParallel(sums.facetEntries(), concurrency, (f) => writeFacetSum(f, "ADD"));
      await inParallel([...byScope.keys()], concurrency, (scope) => RangeSet.update({ scope }).add({ version: 1 }).go());
      return { first, last, count: all.length, items: written };
    },

    /**
     * Save over a stored record. The save must send the `last_saved` it was
     * loaded with (400 without it, 409 when someone saved since); the write
     * is conditional on the version read, so two saves racing can never
     * both land: the loser gets 409. `system`: a write the product makes
     * itself (not a user's save, e.g. freeing a vehicle's tracker), on the
     * version it reads, without a `last_saved`. `current`: the record as
     * the caller read it for this save (`stored`, with its outside fields
     * beside it), so the save reads it once: the write is still on that
     * version.
     */
    async update(
      id: number,
      body: unknown,
      actor: string,
      { partial = false, system = false, extra, current: read }: { partial?: boolean; system?: boolean; extra?: WriteExtra; current?: Row } = {},
    ) {
      const current = read ?? (await getRow(id));
      const sent = system ? null : lastSavedOf(body);
      const fieldsSent = parse(body, partial);
      if (sent !== null && !isFresh(current.last_saved, sent)) throw new ConflictError();
      const outsideBefore = read ? pick(read, outsideNames) : await outsideOf(id);
      const before = { ...pick(current, fieldNames), ...outsideBefore } as Fields;
      const merged = { ...pick(current, fieldNames), ...stripUndefined(fieldsSent), ...(extra?.outside ?? outsideBefore) } as Fields;
      opts.validate?.(merged);
      await checkBeforeWrite(opts.type, opts.fields, merged, before); // integrity: see core/platform/integrity.ts
      let plan = await checkRanges(id, before, merged);
      const now = new Date().toISOString();
      const changes = diffRecords(pick(current, fieldNames), pick(merged, fieldNames));
      const set: Record<string, unknown> = withoutOutside({ ...merged, last_saved: now, updated_by: actor, search_text: searchOf(merged) });
      const saved: SavedRecord = { id, now, base: current.last_saved, record: merged, before, items: 2 + indexOps(ix, id, before, merged).writes.length + rangeWriteCount(plan) };
      await extra?.prepare?.(saved);
      let newClaims: Array<{ scope: string; value: string; message: string }> = [];
      for (let attempt = 0; ; attempt++) {
        const tx = await createWriteTransaction({ ...entities, ...extra?.entities }, (t: any) => {
          const idx = indexOps(ix, id, before, merged);
          newClaims = idx.newClaims;
          return withinLimit([
            t.record
              .patch({ ...keyOf, id })
              .set(set as any)
              .where((a: any, { eq }: any) => eq(a.last_saved, current.last_saved))
              .commit(),
            t.audit.create(auditItem(opts.type, id, actor, "update", [...changes, ...(extra?.auditChanges?.() ?? [])], now)).commit(),
            ...foldCounts([...idx.writes, ...(extra?.indexWrites?.(saved) ?? [])]).map((w) => commitOf(w, t)),
            ...rangeWrites(plan, t),
            ...(extra?.ops?.(t, saved) ?? []),
          ]);
        }).go();
        if (!tx.canceled) break;
        await explainCancel(id, newClaims);
        plan = await checkRanges(id, before, merged);
        // Saved by someone else meanwhile: 409. Lines' numbers taken by another write: the caller plans again. Otherwise a concurrent write to a shared item: try again.
        const now2 = await getRow(id);
        if (now2.last_saved !== current.last_saved) throw new ConflictError();
        if (await numbersMoved(extra?.numbers?.() ?? [])) throw new NumbersMoved();
        if (attempt >= RETRIES) throw lostRace(extra);
        await pause(attempt);
        await extra?.replan?.(saved);
      }
      return (await shape([clean({ ...current, ...set, id })]))[0];
    },

    async remove(id: number, actor: string, { extra }: { extra?: WriteExtra } = {}) {
      const current = await getRow(id);
      const before = { ...pick(current, fieldNames), ...(await outsideOf(id)) } as Fields;
      const plan = await checkRanges(id, before, undefined);
      const now = new Date().toISOString();
      const saved: SavedRecord = {
        id,
        now,
        base: current.last_saved,
        record: before,
        before,
        items: 2 + lifeOps(opts.type, id, -1).length + indexOps(ix, id, before, undefined).writes.length + rangeWriteCount(plan),
      };
      await extra?.prepare?.(saved);
      for (let attempt = 0; ; attempt++) {
        const tx = await createWriteTransaction({ ...entities, ...extra?.entities }, (t: any) =>
          withinLimit([
            t.record
              .delete({ ...keyOf, id })
              .where((a: any, { eq }: any) => eq(a.last_saved, current.last_saved))
              .commit(),
            t.audit.create(auditItem(opts.type, id, actor, "delete", diffRecords(before, undefined), now)).commit(),
            ...foldCounts([...lifeOps(opts.type, id, -1), ...indexOps(ix, id, before, undefined).writes, ...(extra?.indexWrites?.(saved) ?? [])]).map((w) => commitOf(w, t)),
            ...rangeWrites(plan, t),
            ...(extra?.ops?.(t, saved) ?? []),
          ]),
        ).go();
        if (!tx.canceled) break;
        // Deleted or saved by someone else meanwhile: 409. Otherwise a concurrent write to a shared count: try again.
        const again = await entity.get({ ...keyOf, id }).go({ consistent: true } as any);
        if (!again.data || again.data.last_saved !== current.last_saved) throw new ConflictError();
        if (attempt >= RETRIES) throw lostRace(extra);
        plan.splice(0, plan.length, ...(await checkRanges(id, before, undefined)));
        await pause(attempt);
        await extra?.replan?.(saved);
      }
      return { id };
    },

    /**
     * This type's create, update and delete as a `PlannedWrite` for another
     * record's transaction (`writeTogether`): parsed, validated and checked
     * (references, freshness) now, written with that record. For types
     * without unique values, exclusive ranges or outside fields (their
     * refusals are explained by their own transactions), or writes that
     * leave the record's unique values and ranges as they are.
     */
    async planCreate(body: unknown, actor: string, { sameWrite = [], id: given }: { sameWrite?: string[]; id?: number } = {}): Promise<PlannedWrite> {
      const sentOutside = outsideNames.some((n) => body && typeof body === "object" && (body as Record<string, unknown>)[n] !== undefined && (body as Record<string, unknown>)[n] !== null);
      const fields = { ...(opts.defaults?.() ?? {}), ...stripUndefined(parse(body, false)) } as Fields;
      writableTogether(undefined, fields, !sentOutside);
      opts.validate?.(fields);
      // `sameWrite`: fields naming the record this one is written with (a vehicle being created): it exists once both land.
      await checkBeforeWrite(opts.type, opts.fields, fields, pick(fields, sameWrite));
      // `id`: issued beforehand by `nextId(type)`, when the record written with this one must name it (a part enquiry and its job, linked both ways).
      const id = given ?? (await nextId(opts.type));
      const now = new Date().toISOString();
      const item = recordItem(fields, id, actor, now);
      return { entities: { [recordKey]: entity }, writes: createOps(fields, id, actor, now).writes, record: (t) => t[recordKey].create(item).commit() };
    },

    /**
     * `current`: the record as the caller read it to plan this write (read
     * once: the write is on that version). `guard`: fields whose values as
     * read the write is also conditioned on (the totals it moves, e.g. an
     * invoice's paid and credited), besides the version.
     */
    async planUpdate(
      id: number,
      body: unknown,
      actor: string,
      { partial = false, system = false, current: read, guard = [] }: { partial?: boolean; system?: boolean; current?: Record<string, unknown>; guard?: string[] } = {},
    ): Promise<PlannedWrite> {
      const current = (read as Row | undefined) ?? (await getRow(id));
      const sent = system ? null : lastSavedOf(body);
      const fieldsSent = parse(body, partial);
      if (sent !== null && !isFresh(current.last_saved, sent)) throw new ConflictError();
      const before = pick(current, fieldNames) as Fields;
      const merged = { ...before, ...stripUndefined(fieldsSent) };
      writableTogether(before, merged);
      opts.validate?.(merged);
      await checkBeforeWrite(opts.type, opts.fields, merged, before);
      const now = new Date().toISOString();
      const set: Record<string, unknown> = { ...merged, last_saved: now, updated_by: actor, search_text: searchOf(merged) };
      return {
        entities: { [recordKey]: entity },
        writes: [{ op: "audit", item: auditItem(opts.type, id, actor, "update", diffRecords(before, merged), now) }, ...indexOps(ix, id, before, merged).writes],
        // On the version read (and the guarded totals as read): saved by someone else meanwhile cancels the whole transaction.
        record: (t) =>
          t[recordKey]
            .patch({ ...keyOf, id })
            .set(set as any)
            .where((a: any, { eq, notExists }: any) =>
              [eq(a.last_saved, current.last_saved), ...guard.map((f) => {
                const held = (current as Record<string, unknown>)[f];
                return held === null || held === undefined ? notExists(a[f]) : eq(a[f], held);
              })].join(" AND "),
            )
            .commit(),
      };
    },

    async planRemove(id: number, actor: string): Promise<PlannedWrite> {
      const current = await getRow(id);
      const before = pick(current, fieldNames) as Fields;
      writableTogether(before, undefined);
      const now = new Date().toISOString();
      return {
        entities: { [recordKey]: entity },
        writes: [
          { op: "audit", item: auditItem(opts.type, id, actor, "delete", diffRecords(before, undefined), now) },
          ...lifeOps(opts.type, id, -1),
          ...indexOps(ix, id, before, undefined).writes,
        ],
        record: (t) =>
          t[recordKey]
            .delete({ ...keyOf, id })
            .where((a: any, { eq }: any) => eq(a.last_saved, current.last_saved))
            .commit(),
      };
    },

    /**
     * A page of records in id order. Without a search or filter the count
     * is the maintained counter; a page near either end is one Query from
     * that end, a page further in starts where the id position counts say
     * (see positions.ts), so any page reads at most about twice page 1. A
     * search is a prefix Query on the search index; a filter (reference
     * data only) counts matches as it reads.
     */
    async list(q: ListOptions): Promise<Page<Record<string, unknown>>> {
      const term = q.search?.trim().toLowerCase();
      const offset = offsetOf(q);
      if (term) {
        // Prefix search on the record's search text (its name first).
        let query: any = entity.query.bySearch(keyOf).begins({ search_text: term } as any);
        if (q.where) query = query.where(q.where as any);
        const matches: any = await query.go({ attributes: ["id"], pages: "all" } as any);
        const ids = (matches.data as Array<{ id: number }>).map((m) => m.id);
        const rows = await this.getMany(ids.slice(offset, offset + q.page_size));
        const order = new Map(ids.map((id, i) => [id, i]));
        rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
        return { count: ids.length, results: await shape(rows) };
      }
      if (!q.where) {
        // Near the start: the count and the page at once. Further: the count
        // and the coarse position counts at once, then the page.
        if (offset < ID_POSITIONS_FROM) {
          const [counter, items] = await Promise.all([counterOf(opts.type), skipThenTakeItems(entity.query.byId(keyOf), offset, q.page_size, "asc")]);
          return { count: counter.live, results: await shape(items.map(clean)) };
        }
        const [counter, coarse] = await Promise.all([counterOf(opts.type), coarseBuckets(opts.type, "asc")]);
        const items = await idPage(counter.live, offset, q.page_size, coarse);
        return { count: counter.live, results: await shape(items.map(clean)) };
      }
      // A filtered list of reference data: matches are counted as they are read.
      const matches: any = await entity.query.byId(keyOf).where(q.where as any).go({ attributes: ["id"], pages: "all" } as any);
      const ids = (matches.data as Array<{ id: number }>).map((m) => m.id);
      const rows = await this.getMany(ids.slice(offset, offset + q.page_size));
      rows.sort((a, b) => a.id - b.id);
      return { count: ids.length, results: await shape(rows) };
    },

    /**
     * A page of one indexed list (see `lists`), in its sort order. The
     * count is the list's counter; with a search (a prefix of the sort
     * key), tags or a sort-key range, the matching entries are read (small
     * index items, bounded by the list) and counted. A page near either end
     * skips entries from that end; with `listPositions`, a page further in
     * starts where the list's position counts say.
     */
    async listIn(list: string, q: ListInQuery): Promise<Page<Record<string, unknown>>> {
      const { count, entries } = await pageOfList(sourceOf(list), q);
      const ids = entries.map((e) => e.id);
      const rows = await this.getMany(ids);
      const order = new Map(ids.map((id, i) => [id, i]));
      rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      return { count, results: await shape(rows) };
    },

    /** One indexed list as the page readers see it (merged.ts `listsIn` reads several as one). */
    source(list: string): ListSource {
      return sourceOf(list);
    },

    /** The entries of an indexed list that match (each id once, in list order). */
    async entriesIn(list: string, q: EntryQuery = {}): Promise<Array<{ id: number; sort: string; tags: string[] }>> {
      return entriesOfList(listScope(opts.type, list), q);
    },

    /** The records of an indexed list that match, in list order and as a list page shows them, a chunk at a time (reports: lists of any length). */
    async *rowsInChunks(list: string, q: EntryQuery = {}, size = 500): AsyncGenerator<Array<Record<string, any>>> {
      for await (const entries of entryChunksOfList(listScope(opts.type, list), q, size)) {
        const ids = entries.map((e) => e.id);
        const rows = await this.getMany(ids);
        const order = new Map(ids.map((id, i) => [id, i]));
        rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
        yield (await shape(rows)) as Array<Record<string, any>>;
      }
    },

    /** The first `limit` entries of an indexed list whose sort starts with `search`, in `order`: one Query of `limit` items. */
    async entriesFrom(list: string, q: { search: string; limit: number; order?: "asc" | "desc" }): Promise<Array<{ id: number; sort: string; tags: string[] }>> {
      return headOfPrefix(listScope(opts.type, list), q.search, q.limit, q.order ?? "asc");
    },

    /** How many records carry each of these facet values (see `facets`), from the facets themselves: one BatchGet. */
    async facetCounts(keys: Array<{ facet: string; value: string }>): Promise<number[]> {
      return facetCountsOf(keys.map((k) => ({ facet: `${opts.type}#${k.facet}`, value: k.value })));
    },

    /** The ids of an indexed list that match (each once, in list order). */
    async idsIn(list: string, q: EntryQuery = {}): Promise<number[]> {
      return (await this.entriesIn(list, q)).map((e) => e.id);
    },

    /** Counts of several indexed lists at once, from their counters (one BatchGet). */
    async counts(lists: string[]): Promise<Record<string, number>> {
      const out: Record<string, number> = Object.fromEntries(lists.map((l) => [l, 0]));
      if (!lists.length) return out;
      const res: any = await Counter.get(lists.map((l) => ({ name: listCounter(opts.type, l) }))).go();
      for (const c of res.data as Array<{ name: string; live?: number }>) {
        const list = c.name.slice(`${opts.type}#list#`.length);
        if (list in out) out[list] = Math.max(0, c.live ?? 0);
      }
      return out;
    },

    /** The values of a facet (see `facets`) that some record carries, with how many carry each. */
    async facetValues(facet: string): Promise<Array<{ value: string; count: number }>> {
      const res: any = await Facet.query.byFacet({ facet: `${opts.type}#${facet}` }).go({ pages: "all" } as any);
      return (res.data as Array<{ value: string; live?: number }>).filter((f) => (f.live ?? 0) > 0).map((f) => ({ value: f.value, count: f.live! }));
    },

    /** Which record holds each of these unique values (see `unique`), by value as given. */
    async claimedBy(scope: string, values: Array<string | number>): Promise<Map<string, number>> {
      const wanted = [...new Set(values.map((v) => String(v).trim()).filter(Boolean))];
      const out = new Map<string, number>();
      if (!wanted.length) return out;
      const byClaim = new Map(wanted.map((v) => [v.toUpperCase(), v]));
      const res: any = await UniqueClaim.get(wanted.map((v) => ({ scope: `${opts.type}#${scope}`, value: v.toUpperCase() }))).go({ consistent: true } as any);
      for (const c of res.data as Array<{ value: string; id: number }>) {
        const asked = byClaim.get(c.value);
        if (asked !== undefined) out.set(asked, c.id);
      }
      return out;
    },

    /**
     * The ranges held in each scope (see `exclusive`) that meet a window
     * (from and to inclusive, to null for open-ended): per scope, one Query
     * of the few ranges that can meet it, 32 scopes at a time.
     */
    async rangesIn(scopes: string[], window: { from: string; to: string | null }): Promise<Map<string, HeldRange[]>> {
      const out = new Map<string, HeldRange[]>();
      const wanted = [...new Set(scopes)];
      for (const s of wanted) out.set(s, []);
      await inParallel(wanted, 32, async (s) => out.set(s, await rangesMeeting(`${opts.type}#${s}`, window, false)));
      return out;
    },

    /** Every record of the type (reference data is small). */
    async all(where?: Where): Promise<Row[]> {
      const query = entity.query.byId(keyOf);
      const res: any = await (where ? query.where(where as any) : query).go({ pages: "all" } as any);
      return (res.data as any[]).map(clean);
    },
  };
}

export type RecordType = ReturnType<typeof defineRecordType<any>>;

/**
 * One record's create, update or delete, checked and validated, as
 * operations for ANOTHER record's transaction (see `writeTogether`).
 */
export type PlannedWrite = {
  /** The record's own entity, under a key of its own in the transaction. */
  entities: Record<string, any>;
  record: (t: any) => any;
  /** Its audit entry and index operations (counts folded with the others' by `writeTogether`). */
  writes: IndexOp[];
};

/**
 * Records of other types written in one record's transaction (a vehicle
 * and its inspections): the plans are made in `prepare` (the record is
 * validated, its id known), so a refused one leaves nothing written, and
 * the record and they land together or not at all. Counts two of them
 * share (a list's counter) are added once: DynamoDB takes one operation
 * per item in a transaction.
 */
/**
 * What a write that lost every retry answers (409, nothing written): where its
 * plans are made again from fresh reads (`replan`: figures such as an
 * invoice's paid), others kept changing the same figures; otherwise a record
 * it writes on was saved elsewhere, and retrying cannot help: edited elsewhere.
 */
function lostRace(extra: WriteExtra | undefined): BusyError | ConflictError {
  return extra?.replan ? new BusyError() : new ConflictError();
}

export function writeTogether(plan: (saved: SavedRecord) => Promise<PlannedWrite[]>, { replan = false }: { replan?: boolean } = {}): WriteExtra {
  let plans: PlannedWrite[] = [];
  let writes: IndexOp[] = [];
  const prepare = async (saved: SavedRecord) => {
    plans = await plan(saved);
    writes = foldCounts(plans.flatMap((p) => p.writes));
  };
  return {
    get entities() {
      return Object.assign({}, ...plans.map((p) => p.entities));
    },
    prepare,
    // `replan`: the plans read what they write on (another record's version, its totals): a retry plans them again from fresh reads.
    ...(replan ? { replan: prepare } : {}),
    items: () => plans.length + writes.length,
    ops: (t) => [...plans.map((p) => p.record(t)), ...writes.map((w) => commitOf(w, t))],
  };
}

/**
 * Several `WriteExtra`s on one write (a vehicle's inspections and its
 * lines): each prepared in turn, told the items the ones before it add
 * (so the lines engine knows what is left of the 100), operations joined.
 */
export function joinExtras(...given: Array<WriteExtra | undefined>): WriteExtra | undefined {
  const all = given.filter((x): x is WriteExtra => !!x);
  if (all.length <= 1) return all[0];
  const added = () => all.reduce((n, x) => n + (x.items?.() ?? 0), 0);
  return {
    outside: all.find((x) => x.outside)?.outside,
    get entities() {
      return Object.assign({}, ...all.map((x) => x.entities ?? {}));
    },
    async prepare(saved) {
      let items = saved.items;
      for (const x of all) {
        await x.prepare?.({ ...saved, items });
        items += x.items?.() ?? 0;
      }
    },
    ...(all.some((x) => x.replan)
      ? {
          async replan(saved: SavedRecord) {
            let items = saved.items;
            for (const x of all) {
              await x.replan?.({ ...saved, items });
              items += x.items?.() ?? 0;
            }
          },
        }
      : {}),
    items: added,
    ops: (t, saved) => all.flatMap((x) => x.ops?.(t, saved) ?? []),
    auditChanges: () => all.flatMap((x) => x.auditChanges?.() ?? []),
    indexWrites: (saved) => all.flatMap((x) => x.indexWrites?.(saved) ?? []),
    numbers: () => all.flatMap((x) => x.numbers?.() ?? []),
  };
}

/**
 * A write touching more items than one transaction allows is refused as a
 * whole (never split, so it can never half-land).
 */
function withinLimit<T>(writes: T[]): T[] {
  if (writes.length > TRANSACTION_LIMIT) throw new TransactionTooLarge();
  return writes;
}

/** A write over DynamoDB's 100 items, refused before anything is sent (core/platform/lines.ts then writes in steps). */
export class TransactionTooLarge extends ValidationError {
  constructor() {
    super("This save changes too much at once to be written safely: save some of the changes first, then the rest.", {});
  }
}

function pick(row: Record<string, any>, names: string[]) {
  const out: Record<string, unknown> = {};
  for (const n of names) out[n] = row[n] ?? null;
  return out;
}

function stripUndefined<T extends Record<string, any>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
