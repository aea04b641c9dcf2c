// Several indexed lists of a type read as one page, in their sort order (no record in two of them).
import { counterOf } from "../ids.js";
import { offsetOf, type Page } from "../paging.js";
import { ListEntry } from "../service.js";
import { inListOrder, locate, total, type Bucket } from "./positions.js";
import { coarseBuckets, entriesOfList, LAST_CHAR, pageOfList, readN, type ListSource, type PageEntry } from "./reading.js";
import type { ListInQuery } from "./types.js";

/**
 * Several indexed lists of a type read as one page (e.g. the income and
 * expense lists of the same filters). Its own module: only the areas that
 * read lists this way carry it.
 */

/** An entry's place in its list: the sort text, then the id as the key pads it. */
const placeOf = (e: { sort: string; id: number }) => `${e.sort}#${String(e.id).padStart(12, "0")}`;

/** Several lists' coarse counts summed by bucket, each with fine counts when every list's add up there. */
function summedBuckets(lists: Bucket[][], order: "asc" | "desc"): Bucket[] {
  const coarse = new Map<string, number>();
  const fine = new Map<string, Map<string, number> | null>();
  for (const buckets of lists)
    for (const b of buckets) {
      coarse.set(b.value, (coarse.get(b.value) ?? 0) + b.live);
      const held = fine.has(b.value) ? fine.get(b.value)! : new Map<string, number>();
      if (!held || !b.fine || total(b.fine) !== b.live) fine.set(b.value, null);
      else {
        for (const f of b.fine) held.set(f.value, (held.get(f.value) ?? 0) + f.live);
        fine.set(b.value, held);
      }
    }
  return inListOrder([...coarse].map(([value, live]) => ({ value, live })), order).map((b) => {
    const f = fine.get(b.value);
    return f ? { ...b, fine: inListOrder([...f].map(([value, live]) => ({ value, live })), order) } : b;
  });
}

/**
 * A page of several indexed lists read as one (lists no record is in
 * twice, e.g. a type's income and expense lists), in sort order: the
 * count is the sum of their counters; with a search, tags or a range, the
 * matching entries of each are read and merged (as `pageOfList` does for
 * one). A deep page starts at the bucket the lists' position counts,
 * summed, say; from there each list gives at most what the page skips
 * within that bucket and takes.
 */
export async function pageOfLists(srcs: ListSource[], q: ListInQuery): Promise<{ count: number; entries: PageEntry[] }> {
  if (srcs.length === 1) return pageOfList(srcs[0], q);
  const offset = offsetOf(q);
  const order = q.order ?? "asc";
  // DynamoDB's order: the keys' UTF-8 bytes.
  const inOrder = (a: { sort: string; id: number }, b: { sort: string; id: number }) => {
    const c = Buffer.compare(Buffer.from(placeOf(a)), Buffer.from(placeOf(b)));
    return order === "asc" ? c : -c;
  };
  const pageEntry = (e: { id: number; parent?: string | null }): PageEntry => (e.parent === undefined || e.parent === null ? { id: e.id } : { id: e.id, parent: e.parent });
  if (q.search?.trim() || q.tags?.length || q.from || q.to) {
    const all = (await Promise.all(srcs.map((s) => entriesOfList(s.scope, q)))).flat().sort(inOrder);
    return { count: all.length, entries: all.slice(offset, offset + q.page_size).map(pageEntry) };
  }
  const counts = await Promise.all(srcs.map((s) => counterOf(s.counter).then((c) => c.live)));
  const count = counts.reduce((n, c) => n + c, 0);
  let bound: string | null = null;
  let skip = offset;
  if (offset > 0 && srcs.every((s) => s.positions && offset >= s.positions.from)) {
    const coarse = await Promise.all(srcs.map((s) => coarseBuckets(s.scope, order)));
    // Counts that do not add up (entries kept before them): read from the start.
    if (coarse.every((c, i) => total(c) === counts[i])) {
      const buckets = summedBuckets(coarse, order);
      const c = locate(buckets, offset);
      if (c) {
        const f = buckets[c.index].fine ? locate(buckets[c.index].fine!, offset - c.before) : null;
        bound = f ? buckets[c.index].fine![f.index].value : buckets[c.index].value;
        skip = offset - c.before - (f?.before ?? 0);
      }
    }
  }
  const entries = (s: ListSource) => ListEntry.query.byList({ list: s.scope });
  const from = (s: ListSource) => (bound === null ? entries(s) : order === "asc" ? entries(s).gte({ sort: bound }) : entries(s).lt({ sort: `${bound}${LAST_CHAR}` }));
  const heads = await Promise.all(srcs.map((s) => readN(from(s), skip + q.page_size, order)));
  return { count, entries: (heads.flat() as Array<{ sort: string; id: number; parent?: string }>).sort(inOrder).slice(skip, skip + q.page_size).map(pageEntry) };
}

/** A page of several indexed lists of a record type (no record in two of them) read as one, in their sort order: see `pageOfLists`. */
export async function listsIn<R extends { id: number }>(type: { source(list: string): ListSource; getMany(ids: number[]): Promise<R[]>; present(rows: R[]): Promise<unknown[]> }, lists: string[], q: ListInQuery): Promise<Page<Record<string, unknown>>> {
  const { count, entries } = await pageOfLists(lists.map((l) => type.source(l)), q);
  const ids = entries.map((e) => e.id);
  const at = new Map(ids.map((id, i) => [id, i]));
  const rows = (await type.getMany(ids)).sort((a, b) => at.get(a.id)! - at.get(b.id)!);
  return { count, results: (await type.present(rows)) as Array<Record<string, unknown>> };
}
