// Lines written outside the parents' saves: bulk load (benchmarks), import (data upgrades), and the index rebuild of a line type.
import { chunk, isIndexed, lineIndexOps, parentKey, parseSentLines, type LineIndexing, type StoredLine } from "../lines-plan.js";
import type { RecordType } from "../records/define.js";
import { Sums, batchWrite, inParallel, type StoredItem } from "../records/bulk.js";
import { batchItemOf } from "../records/load.js";
import { Counter, Facet } from "../service.js";
import { LineItem, inBatches, lineItem, lineKey, lineView } from "./item.js";
import { lineTypes } from "./registry.js";
import type { LineCollection } from "./types.js";

/** Ids for new lines: one ADD on the collection's counter for the block. */
async function reserveIds(counter: string, n: number): Promise<number[]> {
  if (!n) return [];
  const res = await Counter.update({ name: counter }).add({ seq: n }).go({ response: "all_new" });
  const last = res.data.seq ?? n;
  return Array.from({ length: n }, (_, i) => last - n + 1 + i);
}

/** Shared counts summed in memory, then added (a load) or set (a rebuild) once each. */
async function writeSums(sums: Sums, concurrency: number, how: "add" | "set") {
  await inParallel([...sums.counters], concurrency, ([name, live]) =>
    how === "set" ? Counter.update({ name }).set({ live }).go() : live ? Counter.update({ name }).add({ live }).go() : null,
  );
  await inParallel(sums.facetEntries(), concurrency, ({ facet, value, live }) =>
    how === "set" ? Facet.update({ facet, value }).set({ live }).go() : live ? Facet.update({ facet, value }).add({ live }).go() : null,
  );
}

/** What the loaders know of their parent type's lines. */
export type ParentOfLoads = {
  collectionOf: (name: string) => LineCollection;
  indexingOf: (name: string) => LineIndexing;
  partitionOf: (id: number) => string;
  bound: () => RecordType | null;
};

/** One parent type's `bulkLoadLines` and `importLines`. */
export function lineLoadsOf({ collectionOf, indexingOf, partitionOf, bound }: ParentOfLoads) {
  return {
    /**
     * Load many lines at once under parents already stored (benchmarks and
     * one-off imports into a table nobody else is writing to): each line
     * parsed with its collection's schema, its id from the collection's
     * counter (one ADD for the block), the line item, its entries and its
     * locator put with BatchWriteItem, shared counts and facets summed in
     * memory and added once each. `parent`: the parent's fields as its
     * lines' lists read them (read from the table when left out). The
     * parent's own derived fields (totals) are not worked out again.
     */
    async bulkLoadLines(collection: string, rows: Array<{ parentId: number; parent?: Record<string, unknown>; lines: unknown[] }>, actor: string, { concurrency = 8 } = {}) {
      const c = collectionOf(collection);
      const ix = indexingOf(c.name);
      const parsed = rows.map((r) => ({ ...r, lines: parseSentLines(c, r.lines).map((l) => l.fields) }));
      const ids = await reserveIds(c.idCounter, parsed.reduce((t, r) => t + r.lines.length, 0));
      const now = new Date().toISOString();
      const sums = new Sums();
      let k = 0;
      let items = 0;
      for (const batch of chunk(parsed, 500)) {
        const missing = batch.filter((r) => !r.parent).map((r) => r.parentId);
        const fetched = new Map<number, Record<string, unknown>>(missing.length ? (await bound()!.getMany(missing)).map((p) => [p.id, p]) : []);
        const puts: StoredItem[] = [];
        for (const r of batch) {
          const key = partitionOf(r.parentId);
          const parentView = { ...(r.parent ?? fetched.get(r.parentId) ?? {}), id: r.parentId };
          for (const fields of r.lines) {
            const id = ids[k++];
            const line = { id, last_saved: now, created_at: now, created_by: actor, updated_by: actor, fields };
            puts.push(LineItem.put(lineItem(key, c.name, line, lineKey(c.name, id))).params<{ Item: StoredItem }>().Item);
            for (const w of lineIndexOps(ix, id, key, undefined, { line: { ...fields, id }, parent: parentView })) {
              const item = batchItemOf(w, sums);
              if (item) puts.push(item);
            }
          }
        }
        items += await batchWrite(puts, concurrency);
      }
      await writeSums(sums, concurrency, "add");
      return { first: ids[0] ?? 0, last: ids[ids.length - 1] ?? 0, count: ids.length, items };
    },

    /**
     * For data upgrades only (core/platform/upgrades.ts `dataUpgrades`):
     * put lines as given (ids kept) under a parent, idempotent. Ids not
     * yet issued are taken from the collection's counter first. Not for
     * collections with lists, facets or a locator (their lines are saved),
     * unless `indexedAfter`: the same upgrade raises the line type's
     * `indexVersion`, so `rebuildLineType` lists them right after.
     */
    async importLines(parentId: number, collection: string, lines: Array<Omit<StoredLine, "id"> & { id: number | null }>, { indexedAfter = false } = {}) {
      const c = collectionOf(collection);
      if (isIndexed(indexingOf(c.name)) && !indexedAfter) throw new Error(`importLines: ${collection} has lists, facets or a locator`);
      const fresh = await reserveIds(c.idCounter, lines.filter((l) => l.id === null).length);
      const parent = partitionOf(parentId);
      const items = lines.map((l) => {
        const id = l.id ?? fresh.shift()!;
        return lineItem(parent, collection, { ...l, id }, lineKey(collection, id));
      });
      await inBatches("put", items);
      // An id given by hand must never be issued again.
      const top = Math.max(0, ...items.map((i) => i.id));
      const counter = await Counter.get({ name: c.idCounter }).go({ consistent: true });
      if ((counter.data?.seq ?? 0) < top) await Counter.update({ name: c.idCounter }).set({ seq: top }).go();
      return items.length;
    },
  };
}

/**
 * Index every stored line of a line type again as the current code indexes
 * it, across every parent type holding it (a job's, a quote's and a part
 * order's parts together, since they share counts): each line's entries
 * and locator put, and the list counts, position counts and facets set to
 * what the lines add up to. For the index upgrade only, while nobody else
 * writes (counts are set, not added to). Entries the current code no
 * longer writes are left as they are.
 */
export async function rebuildLineType(lineType: string, { concurrency = 4 } = {}): Promise<{ lines: number; items: number }> {
  const t = lineTypes.get(lineType);
  if (!t) return { lines: 0, items: 0 };
  const sums = new Sums();
  let lines = 0;
  let items = 0;
  for (const h of t.holders) {
    await h.engine.finishApplying();
    const parent = h.engine.bound();
    if (!parent) continue;
    const ix = h.engine.indexingOf(h.collection);
    let cursor: string | null = null;
    do {
      const page: { data: Array<Record<string, unknown>>; cursor: string | null } = await parent.entity.query.byId({ record_type: parent.type }).go({ cursor, limit: 200 });
      cursor = page.cursor;
      const puts: StoredItem[] = [];
      await inParallel(page.data, concurrency, async (row) => {
        const id = row.id as number;
        const p = await h.engine.readPartition(id);
        const parentView = { ...row, ...Object.fromEntries([...p.lines].map(([n, ls]) => [n, ls.map(lineView)])), id };
        for (const l of p.lines.get(h.collection) ?? []) {
          lines++;
          for (const w of lineIndexOps(ix, l.id, parentKey(h.parentType, id), undefined, { line: { ...l.fields, id: l.id }, parent: parentView })) {
            const item = batchItemOf(w, sums);
            if (item) puts.push(item);
          }
        }
      });
      items += await batchWrite(puts, concurrency);
    } while (cursor);
  }
  await writeSums(sums, concurrency, "set");
  return { lines, items: items + sums.counters.size + sums.facets.size };
}
