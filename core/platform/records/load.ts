// Bulk load (benchmark data) and index rebuild (the index upgrade) of a record type: batch writes outside its transactions.
import type * as z from "zod";
import { ValidationError } from "../errors.js";
import { Audit, Counter, DateRange, ListEntry, RangeSet, UniqueClaim } from "../service.js";
import { Sums, batchWrite, inParallel, writeFacetSum, type StoredItem } from "./bulk.js";
import { claimsOf, indexOps, lifeOps } from "./indexes.js";
import { pick, stripUndefined, type Kind } from "./kind.js";
import { END, allRangesOf, headOf, overlaps, rangeItem, type HeldRange } from "./ranges.js";
import type { IndexOp } from "./types.js";

/**
 * The version of what the engine itself writes besides records, added to
 * every type's `indexVersion`, so a release that changes it indexes every
 * type's records again once (core/platform/upgrades.ts).
 * 2: position counts of the id order and two-level counts of lists; one
 * item per exclusive range; counters without their deleted ids.
 * 3: a list's coarse position counts carry their fine counts (positions.ts `inlineFine`).
 * (Since, a list writes no fine items: no new version, as what version 3
 * stored is read the same way and the fine items left are never read.)
 * 4: a record's search text folds accents (paging.ts `searchKey`, the one
 * search normaliser): `rebuildIndexes` rewrites each stored one that differs.
 */
export const ENGINE_INDEX_VERSION = 4;

/** Every record type defined, for the index upgrade (core/platform/upgrades.ts). */
export const recordTypes: Array<{ type: string; indexVersion: number; rebuildIndexes: () => Promise<{ records: number; items: number }> }> = [];

/** An index operation as an item for BatchWriteItem (puts only: a create, a rebuild, a line's bulk load); counts go to `sums`. */
export function batchItemOf(w: IndexOp, sums: Sums): StoredItem | null {
  switch (w.op) {
    case "audit":
      return Audit.put(w.item).params<{ Item: StoredItem }>().Item;
    case "entry-put":
      return ListEntry.put({ list: w.list, sort: w.sort, id: w.id, tags: w.tags, parent: w.parent }).params<{ Item: StoredItem }>().Item;
    case "claim-create":
      return UniqueClaim.put({ scope: w.scope, value: w.value, id: w.id, parent: w.parent }).params<{ Item: StoredItem }>().Item;
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

/** A range as a BatchWriteItem item. */
const rangePut = (scope: string, r: HeldRange) => DateRange.put(rangeItem(scope, r)).params<{ Item: StoredItem }>().Item;

/** A record type's `bulkLoad` and `rebuildIndexes`. */
export function loadsOf<S extends z.ZodObject, E>(k: Kind<S, E>) {
  type Fields = z.infer<S>;
  const { opts, entity, keyOf } = k;

  /**
   * Index every stored record again as the current code indexes it: its
   * list entries (new lists, new tags), unique claims, date ranges (one
   * item each, heads without the old whole list), and the live count,
   * list counts, facets and position counts set to what the records add
   * up to; the counter's old set of deleted ids is dropped. For the index
   * upgrade only, while nobody else writes (start-up, or a maintenance
   * window on AWS): the counts are set, not added to. Entries the current
   * code no longer writes are left as they are. A record whose stored
   * search text is not what the current code makes of it (`searchOf`: the
   * one normaliser, paging.ts `searchKey`, folds accents since engine index
   * version 4) has it rewritten, so an old record is found as a new one.
   */
  async function rebuildIndexes(): Promise<{ records: number; items: number }> {
    const sums = new Sums();
    sums.counter(opts.type, 0);
    const scopes = new Set<string>();
    let records = 0;
    let items = 0;
    let cursor: string | null = null;
    do {
      const page: { data: Array<Record<string, unknown>>; cursor: string | null } = await entity.query.byId(keyOf).go({ cursor, limit: 500 });
      cursor = page.cursor;
      const puts: StoredItem[] = [];
      const searches: Array<{ id: number; search_text: string }> = [];
      const rows = page.data.map(k.clean);
      const outside = opts.outside ? await opts.outside.load(rows.map((r) => r.id)) : new Map<number, Record<string, unknown>>();
      for (const row of rows) {
        const fields = { ...pick(row, k.fieldNames), ...outside.get(row.id) } as Fields;
        records++;
        const search = k.searchOf(fields);
        if (page.data.find((d) => d.id === row.id)?.search_text !== search) searches.push({ id: row.id, search_text: search });
        for (const w of [...lifeOps(opts.type, row.id, 1), ...indexOps(k.ix, row.id, undefined, fields).writes]) {
          const item = batchItemOf(w, sums);
          if (item) puts.push(item);
        }
        for (const r of k.rangesOf(fields)) {
          scopes.add(r.scope);
          puts.push(rangePut(r.scope, { id: row.id, from: r.from, to: r.to }));
        }
      }
      items += await batchWrite(puts, 4);
      // Only the search text (and the search index's key built from it): last_saved, the audit and the lists are untouched.
      await inParallel(searches, 4, (s) => entity.patch({ ...keyOf, id: s.id }).set({ search_text: s.search_text }).go());
      items += searches.length;
    } while (cursor);
    await inParallel([...sums.counters], 4, ([name, live]) => Counter.update({ name }).set({ live }).go());
    await inParallel(sums.facetEntries(), 4, (f) => writeFacetSum(f, "SET"));
    await inParallel([...scopes], 4, (scope) => RangeSet.update({ scope }).add({ version: 1 }).remove(["ranges"]).go());
    await Counter.update({ name: opts.type }).remove(["deleted"]).go();
    return { records, items: items + sums.counters.size + sums.facets.size + scopes.size };
  }

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
  async function bulkLoad(rows: unknown[], actor: string, { concurrency = 8, chunkRows = 2000 } = {}) {
    const all = rows.map((body) => {
      const fields = { ...(opts.defaults?.() ?? {}), ...stripUndefined(k.parse(body, false)) } as Fields;
      opts.validate?.(fields);
      return fields;
    });
    if (!all.length) return { first: 0, last: 0, count: 0, items: 0 };

    // Unique values: no two rows may share one.
    const claimed = new Map<string, number>();
    all.forEach((f, i) => {
      for (const c of claimsOf(k.ix, f)) {
        const key = `${c.scope}\u0000${c.value}`;
        if (claimed.has(key)) throw new ValidationError(`bulkLoad: rows ${claimed.get(key)} and ${i}: ${c.message}`, {});
        claimed.set(key, i);
      }
    });

    // Ranges: per scope, every row's ranges and those already held, refused when two overlap.
    const byScope = new Map<string, Array<{ row: number; from: string; to: string | null }>>();
    all.forEach((f, row) => {
      for (const r of k.rangesOf(f)) {
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
    const reserved = await Counter.update({ name: opts.type }).add({ seq: all.length }).go({ response: "all_new" });
    const last = reserved.data.seq ?? all.length;
    const first = last - all.length + 1;

    // Items in chunks of rows; shared counts summed as they are met.
    const sums = new Sums();
    const now = new Date().toISOString();
    let written = 0;
    for (let from = 0; from < all.length; from += chunkRows) {
      const items: StoredItem[] = [];
      all.slice(from, from + chunkRows).forEach((fields, n) => {
        const id = first + from + n;
        items.push(entity.put(k.recordItem(fields, id, actor, now)).params<{ Item: StoredItem }>().Item);
        for (const w of k.createOps(fields, id, actor, now).writes) {
          const item = batchItemOf(w, sums);
          if (item) items.push(item);
        }
        for (const r of k.rangesOf(fields)) items.push(rangePut(r.scope, { id, from: r.from, to: r.to }));
      });
      written += await batchWrite(items, concurrency);
    }
    await inParallel([...sums.counters], concurrency, ([name, live]) => (live ? Counter.update({ name }).add({ live }).go() : null));
    await inParallel(sums.facetEntries(), concurrency, (f) => writeFacetSum(f, "ADD"));
    await inParallel([...byScope.keys()], concurrency, (scope) => RangeSet.update({ scope }).add({ version: 1 }).go());
    return { first, last, count: all.length, items: written };
  }

  recordTypes.push({ type: opts.type, indexVersion: (opts.indexVersion ?? 1) + ENGINE_INDEX_VERSION - 1, rebuildIndexes });
  return { bulkLoad, rebuildIndexes };
}
