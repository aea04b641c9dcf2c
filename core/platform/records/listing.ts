// Reading a record type: pages of the id order, of a search and of its indexed lists; entries, counts, facets, claims and ranges.
import type * as z from "zod";
import { counterOf } from "../ids.js";
import { offsetOf, searchKey, type Page } from "../paging.js";
import { Counter, Facet, UniqueClaim } from "../service.js";
import { inParallel } from "./bulk.js";
import { listCounter, listScope } from "./indexes.js";
import type { Kind, Row } from "./kind.js";
import { firstIdOf, planPage, type Bucket } from "./positions.js";
import { rangesMeeting, type HeldRange } from "./ranges.js";
import { coarseBuckets, entriesOfList, entryChunksOfList, facetCountsOf, headOfPrefix, pageOfList, skipThenTakeItems, startOfPage, type ListSource } from "./reading.js";
import type { EntryQuery, ListInQuery, ListOptions, Where } from "./types.js";

/** Records a page of the id order may skip from either end before the position counts are read. */
const ID_POSITIONS_FROM = 50;

/** Ids in the order given, rows sorted to it (a BatchGet answers in any order). */
function inOrderOf<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/** A record type's readers. */
export function readersOf<S extends z.ZodObject, E>(k: Kind<S, E>) {
  const { opts, entity, keyOf } = k;
  // ElectroDB's where callback on the record's attributes, for reference data's filters (`list({ where })`).
  const whereOf = (where: Where) => (a: Record<string, unknown>, op: Parameters<Where>[1]) => where(a, op);
  const byId = () => entity.query.byId(keyOf);

  /** Read the records of a page of the id order (whole items, from the nearer end or the position counts). */
  async function idPage(count: number, offset: number, pageSize: number, coarse: Bucket[] | null) {
    const plan = planPage(count, offset, pageSize, ID_POSITIONS_FROM);
    if (plan.read === "none") return [];
    if (plan.read === "end") return (await skipThenTakeItems(byId(), plan.skip, plan.take, "desc")).reverse();
    if (plan.read === "positions") {
      const start = await startOfPage(opts.type, coarse ?? (await coarseBuckets(opts.type, "asc")), count, offset, "asc");
      if (start) return skipThenTakeItems(byId().gte({ id: firstIdOf(start.bucket, start.level) }), start.skip, plan.take, "asc");
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
    positions: k.ix.positions && k.ix.positions.lists(list) ? k.ix.positions : null,
  });

  /** Many at once (for references), missing ids left out. */
  async function getMany(ids: number[]): Promise<Array<Row<S>>> {
    const unique = [...new Set(ids.filter((i) => Number.isInteger(i) && i > 0))];
    if (!unique.length) return [];
    const res = await entity.get(unique.map((id) => ({ ...keyOf, id }))).go();
    return res.data.map(k.clean);
  }

  /** The entries of an indexed list that match (each id once, in list order). */
  async function entriesIn(list: string, q: EntryQuery = {}): Promise<Array<{ id: number; sort: string; tags: string[] }>> {
    return entriesOfList(listScope(opts.type, list), q);
  }

  // Methods call each other through `this` (the record type), as callers and tests see them.
  return {
    getMany,
    entriesIn,

    /** The stored rows of these ids in their order, as a page shows them. */
    async shownInOrder(ids: number[]): Promise<E[]> {
      return k.shape(inOrderOf(ids, await this.getMany(ids)));
    },

    /**
     * A page of records in id order. Without a search or filter the count
     * is the maintained counter; a page near either end is one Query from
     * that end, a page further in starts where the id position counts say
     * (see positions.ts), so any page reads at most about twice page 1. A
     * search is a prefix Query on the search index; a filter (reference
     * data only) counts matches as it reads.
     */
    async list(q: ListOptions): Promise<Page<E>> {
      // The stored search text's own normaliser (accents folded): "Citroen" finds a Citroën.
      const term = searchKey(q.search);
      const offset = offsetOf(q);
      if (term) {
        // Prefix search on the record's search text (its name first).
        const query = entity.query.bySearch(keyOf).begins({ search_text: term });
        const matches = await (q.where ? query.where(whereOf(q.where)) : query).go({ attributes: ["id"], pages: "all" });
        const ids = matches.data.map((m) => m.id);
        return { count: ids.length, results: await this.shownInOrder(ids.slice(offset, offset + q.page_size)) };
      }
      if (!q.where) {
        // Near the start: the count and the page at once. Further: the count
        // and the coarse position counts at once, then the page.
        if (offset < ID_POSITIONS_FROM) {
          const [counter, items] = await Promise.all([counterOf(opts.type), skipThenTakeItems(byId(), offset, q.page_size, "asc")]);
          return { count: counter.live, results: await k.shape(items.map(k.clean)) };
        }
        const [counter, coarse] = await Promise.all([counterOf(opts.type), coarseBuckets(opts.type, "asc")]);
        const items = await idPage(counter.live, offset, q.page_size, coarse);
        return { count: counter.live, results: await k.shape(items.map(k.clean)) };
      }
      // A filtered list of reference data: matches are counted as they are read.
      const matches = await byId().where(whereOf(q.where)).go({ attributes: ["id"], pages: "all" });
      const ids = matches.data.map((m) => m.id);
      const rows = await this.getMany(ids.slice(offset, offset + q.page_size));
      rows.sort((a, b) => a.id - b.id);
      return { count: ids.length, results: await k.shape(rows) };
    },

    /**
     * A page of one indexed list (see `lists`), in its sort order. The
     * count is the list's counter; with a search (a prefix of the sort
     * key), tags or a sort-key range, the matching entries are read (small
     * index items, bounded by the list) and counted. A page near either end
     * skips entries from that end; with `listPositions`, a page further in
     * starts where the list's position counts say.
     */
    async listIn(list: string, q: ListInQuery): Promise<Page<E>> {
      const { count, entries } = await pageOfList(sourceOf(list), q);
      return { count, results: await this.shownInOrder(entries.map((e) => e.id)) };
    },

    /** One indexed list as the page readers see it (merged.ts `listsIn` reads several as one). */
    source(list: string): ListSource {
      return sourceOf(list);
    },

    /** The records of an indexed list that match, in list order and as a list page shows them, a chunk at a time (reports: lists of any length). */
    async *rowsInChunks(list: string, q: EntryQuery = {}, size = 500): AsyncGenerator<E[]> {
      for await (const entries of entryChunksOfList(listScope(opts.type, list), q, size)) yield this.shownInOrder(entries.map((e) => e.id));
    },

    /** The first `limit` entries of an indexed list whose sort starts with `search`, in `order`: one Query of `limit` items. */
    async entriesFrom(list: string, q: { search: string; limit: number; order?: "asc" | "desc" }): Promise<Array<{ id: number; sort: string; tags: string[] }>> {
      return headOfPrefix(listScope(opts.type, list), q.search, q.limit, q.order ?? "asc");
    },

    /** How many records carry each of these facet values (see `facets`), from the facets themselves: one BatchGet. */
    async facetCounts(keys: Array<{ facet: string; value: string }>): Promise<number[]> {
      return facetCountsOf(keys.map((f) => ({ facet: `${opts.type}#${f.facet}`, value: f.value })));
    },

    /** The ids of an indexed list that match (each once, in list order). */
    async idsIn(list: string, q: EntryQuery = {}): Promise<number[]> {
      return (await this.entriesIn(list, q)).map((e) => e.id);
    },

    /** Counts of several indexed lists at once, from their counters (one BatchGet). */
    async counts(lists: string[]): Promise<Record<string, number>> {
      return countsOf(opts.type, lists);
    },

    /** The values of a facet (see `facets`) that some record carries, with how many carry each. */
    async facetValues(facet: string): Promise<Array<{ value: string; count: number }>> {
      const res = await Facet.query.byFacet({ facet: `${opts.type}#${facet}` }).go({ pages: "all" });
      return res.data.filter((f) => (f.live ?? 0) > 0).map((f) => ({ value: f.value, count: f.live! }));
    },

    /**
     * The sums of a facet's values in a range of values (both ends inclusive;
     * values are stored lower-cased), zero and negative sums kept: a range on
     * the facet's sort key, so one Query sized to the values it returns (a
     * window of dated moves, not their whole history).
     */
    async facetSums(facet: string, range: { from?: string; to?: string }): Promise<Array<{ value: string; sum: number }>> {
      const q = Facet.query.byFacet({ facet: `${opts.type}#${facet}` });
      const from = range.from?.toLowerCase();
      const to = range.to?.toLowerCase();
      const ranged = from && to ? q.between({ value: from }, { value: to }) : from ? q.gte({ value: from }) : to ? q.lte({ value: to }) : q;
      const res = await ranged.go({ pages: "all" });
      return res.data.map((f) => ({ value: f.value, sum: f.live ?? 0 }));
    },

    /** Which record holds each of these unique values (see `unique`), by value as given. */
    async claimedBy(scope: string, values: Array<string | number>): Promise<Map<string, number>> {
      const wanted = [...new Set(values.map((v) => String(v).trim()).filter(Boolean))];
      const out = new Map<string, number>();
      if (!wanted.length) return out;
      const byClaim = new Map(wanted.map((v) => [v.toUpperCase(), v]));
      const res = await UniqueClaim.get(wanted.map((v) => ({ scope: `${opts.type}#${scope}`, value: v.toUpperCase() }))).go({ consistent: true });
      for (const c of res.data) {
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
    async all(where?: Where): Promise<Array<Row<S>>> {
      const res = await (where ? byId().where(whereOf(where)) : byId()).go({ pages: "all" });
      return res.data.map(k.clean);
    },
  };
}

/** Counts of several indexed lists of a type (or line type) at once, from their counters (one BatchGet). */
export async function countsOf(type: string, lists: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = Object.fromEntries(lists.map((l) => [l, 0]));
  if (!lists.length) return out;
  const res = await Counter.get(lists.map((l) => ({ name: listCounter(type, l) }))).go();
  for (const c of res.data) {
    const list = c.name.slice(`${type}#list#`.length);
    if (list in out) out[list] = Math.max(0, c.live ?? 0);
  }
  return out;
}
