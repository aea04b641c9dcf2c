// Reading a parent type's line lists by themselves: pages, entries, chunks, counts, facets, and one line by its id.
import { NotFoundError } from "../errors.js";
import type { Page } from "../paging.js";
import { listScope } from "../records/indexes.js";
import { countsOf } from "../records/listing.js";
import { entriesOfList, entryChunksOfList, pageOfList, type PageEntry } from "../records/reading.js";
import type { EntryQuery, ListInQuery } from "../records/types.js";
import { Facet } from "../service.js";
import { lineView } from "./item.js";
import { afterApplying, lineSource, locate, rowsOf } from "./registry.js";
import type { LineCollection, LineListOptions, LineRow } from "./types.js";

/** The line list readers of one parent type's collections. */
export function lineReadersOf(lineTypeOf: (collection: string) => string, collectionOf: (collection: string) => LineCollection) {
  return {
    /**
     * A page of a line list (a collection's `lists`; shared by every
     * collection of its `lineType`), in its sort order: `{count, results}`
     * exactly as a record type's `listIn` (numbered pages, `page_size`,
     * `tags`, `from`/`to` on the sort key, `search` a sort prefix, `order`
     * "desc" newest first; position counts when declared). Each result is
     * the line with its `parent_type` and `parent_id` (`parents: true`:
     * and `parent`, the parent's stored row). Read: the list's entries,
     * then one BatchGet of the lines (and one of the parents). A committed
     * save in steps not yet applied is finished first, so a page never
     * shows half a save.
     */
    async linesIn(collection: string, list: string, q: ListInQuery, opts: LineListOptions = {}): Promise<Page<LineRow>> {
      const lineType = lineTypeOf(collection);
      const src = lineSource(lineType, list);
      const page = await afterApplying(lineType, () => pageOfList(src, q));
      return { count: page.count, results: await rowsOf(lineType, page.entries, opts) };
    },

    /** The entries of a line list that match (each line once, in list order, with its parent "<type>#<id>"): for bounded reads that need no line. */
    async lineEntriesIn(collection: string, list: string, q: EntryQuery = {}) {
      const lineType = lineTypeOf(collection);
      return afterApplying(lineType, () => entriesOfList(listScope(lineType, list), q));
    },

    /** The lines of a line list that match, in list order, a chunk at a time (one Query page, then one BatchGet of its lines): batch jobs and reports over lists of any length. */
    async *lineChunksIn(collection: string, list: string, q: EntryQuery = {}, size = 500, opts: LineListOptions = {}): AsyncGenerator<LineRow[]> {
      const lineType = lineTypeOf(collection);
      for await (const entries of entryChunksOfList(listScope(lineType, list), q, size)) yield rowsOf(lineType, entries, opts);
    },

    /** The lines entries name (from `lineEntriesIn`: a bounded read that picked its own page), in the entries' order: one BatchGet (and one of the parents when asked). */
    async linesOf(collection: string, entries: PageEntry[], opts: LineListOptions = {}): Promise<LineRow[]> {
      return rowsOf(lineTypeOf(collection), entries, opts);
    },

    /** Counts of several line lists at once, from their counters (one BatchGet). */
    async lineCounts(collection: string, lists: string[]): Promise<Record<string, number>> {
      const lineType = lineTypeOf(collection);
      if (!lists.length) return {};
      return afterApplying(lineType, () => countsOf(lineType, lists));
    },

    /** The values of a line facet with their counts (or summed amounts), as a record type's `facetValues`. */
    async lineFacetValues(collection: string, facet: string): Promise<Array<{ value: string; count: number }>> {
      const lineType = lineTypeOf(collection);
      const res = await afterApplying(lineType, () => Facet.query.byFacet({ facet: `${lineType}#${facet}` }).go({ pages: "all" }));
      return res.data.filter((f) => (f.live ?? 0) !== 0).map((f) => ({ value: f.value, count: f.live! }));
    },

    /**
     * One line by its id alone (a collection with `locator`), with its
     * parent type and id (`parents: true`: and the parent's stored row):
     * the locator, then the line and its parent's head. 404 (`label`) when
     * no such line.
     */
    async getLine(collection: string, lineId: number, opts: LineListOptions = {}): Promise<LineRow> {
      const c = collectionOf(collection);
      const located = await locate(lineTypeOf(collection), lineId);
      const line = located ? await located.holder.engine.readLine(located.holder.collection, lineId, located.parentId) : null;
      if (!located || !line) throw new NotFoundError(c.label ?? "Line");
      const row: LineRow = { ...lineView(line), id: line.id, last_saved: line.last_saved, parent_type: located.holder.parentType, parent_id: located.parentId };
      if (opts.parents) row.parent = (await located.holder.engine.bound()?.getMany([located.parentId]))?.[0] ?? null;
      return row;
    },
  };
}
