// Reading a page of a list: skip then take on a Query, and the position counts that say where a deep page starts.
import { counterOf } from "../ids.js";
import { offsetOf } from "../paging.js";
import { QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { Facet, ListEntry } from "../service.js";
import { documentClient } from "../table.js";
import { coarseFacet, EDGE_SKIP, fineFacet, inListOrder, inlineFineOf, locate, nearEdge, planPage, total, type Bucket } from "./positions.js";
import type { EntryQuery, ListInQuery } from "./types.js";

/**
 * Reading a page of a list: skip then take on a Query (entries or records),
 * and the position counts that say where a deep page starts.
 */

/** A Query the page readers go through a page at a time (an ElectroDB query chain). */
export type Pageable<T> = { go(options: { limit: number; cursor: string | null; order: "asc" | "desc" }): Promise<{ data: T[]; cursor: string | null }> };

/** Read up to `n` items of a query in `order` (as many requests as the items take). */
export async function readN<T>(query: Pageable<T>, n: number, order: "asc" | "desc"): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  while (out.length < n) {
    const res = await query.go({ limit: n - out.length, cursor, order });
    out.push(...res.data);
    cursor = res.cursor;
    if (!cursor) break;
  }
  return out;
}

/** An entry of an indexed list as a page reads it: the record's (or line's) id, and a line's parent id. */
export type PageEntry = { id: number; parent?: string };

/** Skip `skip` entries of a query, then the next `take` entries; null when the query ends first. */
export async function skipThenTakeEntries(query: Pageable<{ id: number; parent?: string | null }>, skip: number, take: number, order: "asc" | "desc"): Promise<PageEntry[] | null> {
  const read = await readN(query, skip + take, order);
  if (read.length <= skip && skip > 0) return null;
  return read.slice(skip).map((m) => (m.parent === undefined || m.parent === null ? { id: m.id } : { id: m.id, parent: m.parent }));
}

/** The same, ids only. */
export async function skipThenTake(query: Pageable<{ id: number; parent?: string | null }>, skip: number, take: number, order: "asc" | "desc"): Promise<number[] | null> {
  return (await skipThenTakeEntries(query, skip, take, order))?.map((e) => e.id) ?? null;
}

/** The same, keeping whole items (a page of records in id order). */
export async function skipThenTakeItems<T>(query: Pageable<T>, skip: number, take: number, order: "asc" | "desc"): Promise<T[]> {
  return (await readN(query, skip + take, order)).slice(skip);
}

/** The counts of one facet partition, in the list's order. */
export async function bucketsOf(facet: string, order: "asc" | "desc"): Promise<Bucket[]> {
  const res = await Facet.query.byFacet({ facet }).go({ pages: "all" });
  return inListOrder(res.data, order);
}

/**
 * The coarse counts of a list (scope: the type for the id order, else
 * `<type>#<list>`), each with the fine counts kept on its item when it has
 * them (an indexed list's: positions.ts `inlineFine`). Read as raw items:
 * the fine counts are attributes named by the data, unknown to ElectroDB.
 */
export async function coarseBuckets(scope: string, order: "asc" | "desc"): Promise<Bucket[]> {
  const params = Facet.query.byFacet({ facet: coarseFacet(scope) }).params<QueryCommandInput>();
  const items: Array<Record<string, unknown>> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new QueryCommand({ ...params, ExclusiveStartKey: start }));
    items.push(...((page.Items ?? [])));
    start = page.LastEvaluatedKey;
  } while (start);
  const buckets = inListOrder(items.map((i) => ({ value: String(i.value), live: typeof i.live === "number" ? i.live : undefined })), order);
  const byValue = new Map(items.map((i) => [String(i.value), i]));
  return buckets.map((b) => {
    const fine = inlineFineOf(b.value, byValue.get(b.value) ?? {}, order);
    return fine ? { ...b, fine } : b;
  });
}

/**
 * Where the page at `offset` starts, from the coarse counts (read by the
 * caller, beside the list's count) and the fine counts of the one coarse
 * bucket holding it: the bucket to start reading at and how many of its
 * entries to skip. Null when the counts do not add up to the list's count
 * (entries written before the type kept them): the caller reads the plain
 * way. Counts of fine buckets that do not add up to their coarse bucket
 * fall back to skipping within the coarse bucket.
 */
export async function startOfPage(
  scope: string,
  coarse: Bucket[],
  count: number,
  offset: number,
  order: "asc" | "desc",
  { fineItems = true }: { fineItems?: boolean } = {},
): Promise<{ bucket: string; level: "coarse" | "fine"; skip: number } | null> {
  if (total(coarse) !== count) return null;
  const c = locate(coarse, offset);
  if (!c) return null;
  const within = offset - c.before;
  const bucket = coarse[c.index];
  // The fine counts on the coarse item when they add up (no round trip), else their own partition
  // (the id order's; an indexed list has none: positions.ts `inlineFine`, so it skips within the coarse bucket).
  const fine = bucket.fine && total(bucket.fine) === bucket.live ? bucket.fine : fineItems ? await bucketsOf(fineFacet(scope, bucket.value), order) : [];
  const f = total(fine) === bucket.live ? locate(fine, within) : null;
  if (!f) return { bucket: bucket.value, level: "coarse", skip: within };
  return { bucket: fine[f.index].value, level: "fine", skip: within - f.before };
}

/** Sorts after any character: the upper bound of a sort-text prefix. */
export const LAST_CHAR = "\u{10FFFF}";

/**
 * One indexed list as the page reader sees it: its entries' partition
 * (`<type>#<list>`), its counter, and its position counts (null: none).
 * Record types' lists (`listIn`) and lines' lists (`linesIn`,
 * core/platform/lines.ts) are both read through it.
 */
export type ListSource = { scope: string; counter: string; positions: { from: number } | null };

/** The entries of a page of a list (from the nearer end, or the position counts). */
async function entriesOfPage(src: ListSource, count: number, offset: number, pageSize: number, order: "asc" | "desc", coarse: Bucket[] | null): Promise<PageEntry[]> {
  const pos = src.positions;
  const entries = () => ListEntry.query.byList({ list: src.scope });
  const against = order === "asc" ? "desc" : "asc";
  const plan = planPage(count, offset, pageSize, pos ? pos.from : null);
  if (plan.read === "none") return [];
  if (plan.read === "end") return ((await skipThenTakeEntries(entries(), plan.skip, plan.take, against)) ?? []).reverse();
  if (plan.read === "positions") {
    const buckets = coarse ?? (await coarseBuckets(src.scope, order));
    // Near an edge of a coarse bucket: skip from that edge, without the
    // fine counts (one round trip fewer: counts, entries, records).
    const near = nearEdge(buckets, count, offset, plan.take, Math.min(pos!.from, EDGE_SKIP));
    if (near) {
      const bucketStart = (b: string) => (order === "asc" ? entries().gte({ sort: b }) : entries().lt({ sort: `${b}${LAST_CHAR}` }));
      const bucketEnd = (b: string) => (order === "asc" ? entries().lt({ sort: `${b}${LAST_CHAR}` }) : entries().gte({ sort: b }));
      const [back, on] = await Promise.all([
        near.back ? skipThenTakeEntries(bucketEnd(near.back.bucket), near.back.skip, near.back.take, against) : [],
        near.on ? skipThenTakeEntries(bucketStart(near.on.bucket), near.on.skip, near.on.take, order) : [],
      ]);
      return [...(back ?? []).reverse(), ...(on ?? [])];
    }
    const start = await startOfPage(src.scope, buckets, count, offset, order, { fineItems: false });
    if (start) {
      const query = order === "asc" ? entries().gte({ sort: start.bucket }) : entries().lt({ sort: `${start.bucket}${LAST_CHAR}` });
      return (await skipThenTakeEntries(query, start.skip, plan.take, order)) ?? [];
    }
  }
  // No counts to go by (entries written before the type kept them): skip from the nearer end.
  const plain = planPage(count, offset, pageSize, null);
  if (plain.read === "end") return ((await skipThenTakeEntries(entries(), plain.skip, plain.take, against)) ?? []).reverse();
  return (await skipThenTakeEntries(entries(), offset, Math.min(pageSize, count - offset), order)) ?? [];
}

/**
 * A page of one indexed list, in its sort order: the count and the page's
 * entries. The count is the list's counter; with a search (a prefix of the
 * sort key), tags or a sort-key range, the matching entries are read
 * (small index items, bounded by the list) and counted. A page near either
 * end skips entries from that end; with position counts, a page further in
 * starts where they say. The caller BatchGets what the entries name.
 */
export async function pageOfList(src: ListSource, q: ListInQuery): Promise<{ count: number; entries: PageEntry[] }> {
  const offset = offsetOf(q);
  if (q.search?.trim() || q.tags?.length || q.from || q.to) {
    const all = await entriesOfList(src.scope, q);
    return { count: all.length, entries: all.slice(offset, offset + q.page_size).map((e) => (e.parent === undefined ? { id: e.id } : { id: e.id, parent: e.parent })) };
  }
  const order = q.order ?? "asc";
  const counted = counterOf(src.counter).then((c) => c.live);
  if (offset === 0) {
    // Page 1: the count and the first entries at once.
    const [count, first] = await Promise.all([counted, skipThenTakeEntries(ListEntry.query.byList({ list: src.scope }), 0, q.page_size, order)]);
    return { count, entries: first ?? [] };
  }
  const [count, coarse] = await Promise.all([counted, src.positions && offset >= src.positions.from ? coarseBuckets(src.scope, order) : null]);
  return { count, entries: await entriesOfPage(src, count, offset, q.page_size, order, coarse) };
}

type ListedEntry = { id: number; sort: string; tags: string[]; parent?: string };

/** The Query of an indexed list's entries that match (search prefix, sort range, tags). */
function matchingEntries(scope: string, q: EntryQuery) {
  const pk = { list: scope };
  const term = q.search?.trim().toLowerCase();
  let query;
  if (term) query = ListEntry.query.byList(pk).begins({ sort: term });
  else if (q.from && q.to) query = ListEntry.query.byList(pk).between({ sort: q.from.toLowerCase() }, { sort: `${q.to.toLowerCase()}#~` });
  else if (q.from) query = ListEntry.query.byList(pk).gte({ sort: q.from.toLowerCase() });
  // "#~" sorts after "#id_..." so entries whose sort equals `to` are included.
  else if (q.to) query = ListEntry.query.byList(pk).lt({ sort: `${q.to.toLowerCase()}#~` });
  else query = ListEntry.query.byList(pk);
  const tags = (q.tags ?? []).map((t) => `|${t.toLowerCase()}|`);
  if (tags.length) return query.where((a, op) => tags.map((t) => op.contains(a.tags, t)).join(" AND "));
  return query;
}

/** Stored entries as callers see them, each id once (`seen` carries across chunks). */
function distinctEntries(items: Array<{ id: number; sort: string; tags?: string; parent?: string }>, seen: Set<number>): ListedEntry[] {
  const out: ListedEntry[] = [];
  for (const e of items) {
    if (seen.has(e.id)) continue;
    seen.add(e.id);
    const entry = { id: e.id, sort: e.sort, tags: (e.tags ?? "").split("|").filter(Boolean) };
    out.push(e.parent === undefined || e.parent === null ? entry : { ...entry, parent: e.parent });
  }
  return out;
}

/** The entries of an indexed list (its partition `scope`) that match, each id once, in list order. */
export async function entriesOfList(scope: string, q: EntryQuery = {}): Promise<ListedEntry[]> {
  const res = await matchingEntries(scope, q).go({ pages: "all", order: q.order ?? "asc" });
  return distinctEntries(res.data, new Set());
}

/**
 * The same entries in chunks of about `size`, one Query page at a time: a
 * report walks a list of any length without holding it all (each chunk is
 * read only when the caller asks for it).
 */
export async function* entryChunksOfList(scope: string, q: EntryQuery = {}, size = 500): AsyncGenerator<ListedEntry[]> {
  const seen = new Set<number>();
  let cursor: string | null = null;
  do {
    const res: { data: Array<{ id: number; sort: string; tags?: string; parent?: string }>; cursor: string | null } = await matchingEntries(scope, q).go({ limit: size, cursor, order: q.order ?? "asc" });
    cursor = res.cursor ?? null;
    const chunk = distinctEntries(res.data, seen);
    if (chunk.length) yield chunk;
  } while (cursor);
}

/**
 * The first `n` entries of an indexed list whose sort starts with `prefix`,
 * in `order` (one Query of `n` small items, however many match): the head
 * of one sorted stream of a list, for a page merged from several.
 */
export async function headOfPrefix(scope: string, prefix: string, n: number, order: "asc" | "desc"): Promise<Array<{ id: number; sort: string; tags: string[] }>> {
  if (n <= 0) return [];
  const read = await readN(ListEntry.query.byList({ list: scope }).begins({ sort: prefix.toLowerCase() }), n, order);
  return read.map((e) => ({ id: e.id, sort: e.sort, tags: (e.tags ?? "").split("|").filter(Boolean) }));
}

/** Several facet values' counts at once (one BatchGet), in the order asked; 0 for a value no record carries. */
export async function facetCountsOf(keys: Array<{ facet: string; value: string }>): Promise<number[]> {
  if (!keys.length) return [];
  const wanted = keys.map((k) => ({ facet: k.facet, value: k.value.toLowerCase() }));
  const res = await Facet.get(wanted).go();
  const live = new Map(res.data.map((f) => [`${f.facet}\u0000${f.value}`, Math.max(0, f.live ?? 0)]));
  return wanted.map((k) => live.get(`${k.facet}\u0000${k.value}`) ?? 0);
}
