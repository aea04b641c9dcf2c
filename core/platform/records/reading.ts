import { Facet } from "../service.js";
import { coarseFacet, fineFacet, inListOrder, locate, total, type Bucket } from "./positions.js";

/**
 * Reading a page of a list: skip then take on a Query (entries or records),
 * and the position counts that say where a deep page starts.
 */

/** Read up to `n` items of a query in `order` (as many requests as the items take). */
async function readN(query: any, n: number, order: "asc" | "desc"): Promise<any[]> {
  const out: any[] = [];
  let cursor: string | null = null;
  while (out.length < n) {
    const res: any = await query.go({ limit: n - out.length, cursor, order } as any);
    out.push(...res.data);
    cursor = res.cursor;
    if (!cursor) break;
  }
  return out;
}

/** Skip `skip` items of a query, then the next `take` items' ids; null when the query ends first. */
export async function skipThenTake(query: any, skip: number, take: number, order: "asc" | "desc"): Promise<number[] | null> {
  const read = await readN(query, skip + take, order);
  if (read.length <= skip && skip > 0) return null;
  return read.slice(skip).map((m: { id: number }) => m.id);
}

/** The same, keeping whole items (a page of records in id order). */
export async function skipThenTakeItems(query: any, skip: number, take: number, order: "asc" | "desc"): Promise<any[]> {
  return (await readN(query, skip + take, order)).slice(skip);
}

/** The counts of one facet partition, in the list's order. */
export async function bucketsOf(facet: string, order: "asc" | "desc"): Promise<Bucket[]> {
  const res: any = await Facet.query.byFacet({ facet }).go({ pages: "all" } as any);
  return inListOrder(res.data, order);
}

/** The coarse counts of a list (scope: the type for the id order, else `<type>#<list>`). */
export const coarseBuckets = (scope: string, order: "asc" | "desc") => bucketsOf(coarseFacet(scope), order);

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
): Promise<{ bucket: string; level: "coarse" | "fine"; skip: number } | null> {
  if (total(coarse) !== count) return null;
  const c = locate(coarse, offset);
  if (!c) return null;
  const within = offset - c.before;
  const bucket = coarse[c.index];
  const fine = await bucketsOf(fineFacet(scope, bucket.value), order);
  const f = total(fine) === bucket.live ? locate(fine, within) : null;
  if (!f) return { bucket: bucket.value, level: "coarse", skip: within };
  return { bucket: fine[f.index].value, level: "fine", skip: within - f.before };
}
