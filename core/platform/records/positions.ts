/**
 * Position counts: where any page of a long list starts, without reading
 * what comes before it.
 *
 * A list (a type's records in id order, or an indexed list in its sort
 * order) is cut into coarse buckets and each coarse bucket into fine
 * buckets, both contiguous runs of the list. Each bucket keeps how many
 * entries it holds (a `Facet` item, ADD ±1 in the record's own
 * transaction). A page at position N reads the coarse counts (one small
 * Query), the fine counts of the one coarse bucket holding N (another),
 * then starts reading at that fine bucket and skips fewer than a fine
 * bucket's worth. Nothing here grows with deletions: a deleted record
 * just lowers two counts.
 *
 * - Id order: coarse buckets of 2,500 ids, fine buckets of 25 ids, so a
 *   page skips at most 24 records (100,000 records: 40 coarse counts, 100
 *   fine counts per coarse bucket).
 * - Sort order: buckets are prefixes of the stored sort text
 *   (`<sort>#id_<id12>`), of lengths the type chooses to suit its keys:
 *   names 2 and 4 characters, ISO dates 7 and 10 (month and day).
 *
 * This file is pure (no DynamoDB): the bucket of an entry, the count
 * changes of a write, and which bucket a page starts in.
 */

/** Facet partitions of the counts: coarse `pos#<scope>`, fine `pos#<scope>><coarse>`. */
export const coarseFacet = (scope: string) => `pos#${scope}`;
export const fineFacet = (scope: string, coarse: string) => `pos#${scope}>${coarse}`;

/** Bucket sizes of the id order. */
export const ID_FINE = 25;
export const ID_COARSE = 2500;

export type Buckets = { coarse: string; fine: string };

/** The buckets of a record in its type's id order. */
export function idBuckets(id: number): Buckets {
  return { coarse: String(Math.floor(id / ID_COARSE)).padStart(8, "0"), fine: String(Math.floor(id / ID_FINE)).padStart(10, "0") };
}

/** The first id a bucket of the id order can hold. */
export function firstIdOf(bucket: string, level: "coarse" | "fine"): number {
  return Number(bucket) * (level === "coarse" ? ID_COARSE : ID_FINE);
}

/** Prefix lengths of an indexed list's buckets. */
export type SortLevels = { coarse: number; fine: number };
export const TEXT_LEVELS: SortLevels = { coarse: 2, fine: 4 };

/**
 * The buckets of a list entry: prefixes of its stored sort text (sort key
 * then "#id_<id12>", as ElectroDB orders entries), counted in code points.
 */
export function sortBuckets(sort: string, id: number, levels: SortLevels): Buckets {
  const chars = Array.from(`${sort}#id_${String(id).padStart(12, "0")}`);
  return { coarse: chars.slice(0, levels.coarse).join(""), fine: chars.slice(0, levels.fine).join("") };
}

/** The coarse bucket of a list entry with the default text levels (2 characters). */
export function positionBucket(sort: string): string {
  return Array.from(`${sort}#`).slice(0, TEXT_LEVELS.coarse).join("");
}

/**
 * An indexed list's coarse count item also keeps the fine counts of its
 * bucket, as attributes `f:<the fine bucket past the coarse prefix>` (a
 * month's days, a name's next two letters: bounded by the bucket, never by
 * history), so the one Query of the coarse counts says where any page
 * starts (three round trips: counts, entries, records). An indexed list
 * keeps its fine counts there only: no fine items of its own (they would
 * double the position items a save writes: a transaction moved to another
 * month moves sixteen entries, and with fine items its write went over
 * DynamoDB's 100). The id order keeps fine items (`pos#<type>><coarse>`),
 * and no fine attributes.
 */
export const FINE_ATTRIBUTE = "f:";
export const inlineFineName = (coarse: string, fine: string) => `${FINE_ATTRIBUTE}${fine.slice(coarse.length)}`;

/**
 * The count changes of entries leaving (-1) and arriving (+1), netted per
 * facet value; zero changes dropped. `inline`: the fine changes on the
 * coarse item (`fine`) instead of fine items, for indexed lists.
 */
export function positionDeltas(
  moves: Array<{ scope: string; buckets: Buckets; by: number }>,
  { inline = false }: { inline?: boolean } = {},
): Array<{ facet: string; value: string; live: number; fine?: Record<string, number> }> {
  const deltas = new Map<string, number>();
  const fines = new Map<string, Record<string, number>>();
  const add = (facet: string, value: string, by: number) => {
    const k = `${facet}\u0000${value}`;
    deltas.set(k, (deltas.get(k) ?? 0) + by);
    return k;
  };
  for (const m of moves) {
    const k = add(coarseFacet(m.scope), m.buckets.coarse, m.by);
    if (!inline) add(fineFacet(m.scope, m.buckets.coarse), m.buckets.fine, m.by);
    else {
      const f = fines.get(k) ?? {};
      const name = inlineFineName(m.buckets.coarse, m.buckets.fine);
      f[name] = (f[name] ?? 0) + m.by;
      fines.set(k, f);
    }
  }
  const out: Array<{ facet: string; value: string; live: number; fine?: Record<string, number> }> = [];
  for (const [k, live] of deltas) {
    const fine = Object.fromEntries(Object.entries(fines.get(k) ?? {}).filter(([, n]) => n !== 0));
    const hasFine = Object.keys(fine).length > 0;
    if (!live && !hasFine) continue;
    const [facet, value] = k.split("\u0000");
    out.push(hasFine ? { facet, value, live, fine } : { facet, value, live });
  }
  return out;
}

/** Fine counts kept on a coarse item (its raw attributes), as buckets in the list's order. */
export function inlineFineOf(coarse: string, item: Record<string, unknown>, order: "asc" | "desc"): Bucket[] | undefined {
  const found = Object.entries(item).filter(([k, v]) => k.startsWith(FINE_ATTRIBUTE) && typeof v === "number");
  if (!found.length) return undefined;
  return inListOrder(found.map(([k, v]) => ({ value: `${coarse}${k.slice(FINE_ATTRIBUTE.length)}`, live: v as number })), order);
}

/**
 * An update's parameters (as ElectroDB builds them) with the fine counts
 * added to (`ADD`) or set on (`SET`) the item too: for the attributes
 * ElectroDB does not know (their names come from the data).
 */
export function withFineCounts<P extends { UpdateExpression?: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> }>(params: P, fine: Record<string, number>, how: "ADD" | "SET"): P {
  const entries = Object.entries(fine);
  if (!entries.length) return params;
  const names = { ...(params.ExpressionAttributeNames ?? {}) };
  const values = { ...(params.ExpressionAttributeValues ?? {}) };
  const parts = entries.map(([name, n], i) => {
    names[`#pf${i}`] = name;
    values[`:pf${i}`] = n;
    return how === "ADD" ? `#pf${i} :pf${i}` : `#pf${i} = :pf${i}`;
  });
  const clause = new RegExp(`(^|\\s)${how}\\s`);
  const held = params.UpdateExpression ?? "";
  const expr = clause.test(held)
    ? held.replace(clause, (m) => `${m}${parts.join(", ")}, `)
    : `${held} ${how} ${parts.join(", ")}`;
  return { ...params, UpdateExpression: expr, ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

/** A bucket and its count; a coarse bucket of an indexed list may carry its fine counts (`inlineFineOf`). */
export type Bucket = { value: string; live: number; fine?: Bucket[] };

/**
 * Buckets with entries, in the list's order: DynamoDB orders keys by
 * their UTF-8 bytes, so they are sorted the same way, then reversed for
 * a descending list.
 */
export function inListOrder(buckets: Array<{ value: string; live?: number }>, order: "asc" | "desc"): Bucket[] {
  const out = buckets
    .filter((b) => (b.live ?? 0) > 0)
    .map((b) => ({ value: b.value, live: b.live! }))
    .sort((x, y) => Buffer.compare(Buffer.from(x.value), Buffer.from(y.value)));
  return order === "desc" ? out.reverse() : out;
}

export const total = (buckets: Bucket[]) => buckets.reduce((n, b) => n + b.live, 0);

/**
 * The bucket holding the entry at 0-based `offset` (buckets in the list's
 * order) and how many entries the buckets before it hold; null past the end.
 */
export function locate(buckets: Bucket[], offset: number): { index: number; before: number } | null {
  let before = 0;
  for (let i = 0; i < buckets.length; i++) {
    if (before + buckets[i].live > offset) return { index: i, before };
    before += buckets[i].live;
  }
  return null;
}

/**
 * How a page is read: near the start of the list, by skipping from the
 * start; near the end, by skipping from the end (the rows after the page,
 * read in the other direction); elsewhere from the position counts. `from`
 * is how many entries a page may skip before the counts are worth reading.
 */
export type PagePlan =
  | { read: "none" }
  | { read: "start"; skip: number; take: number }
  | { read: "end"; skip: number; take: number }
  | { read: "positions"; offset: number; take: number };

export function planPage(count: number, offset: number, pageSize: number, from: number | null): PagePlan {
  if (offset >= count) return { read: "none" };
  const take = Math.min(pageSize, count - offset);
  const after = count - offset - take;
  if (from === null || Math.min(offset, after) < from) return after < offset ? { read: "end", skip: after, take } : { read: "start", skip: offset, take };
  return { read: "positions", offset, take };
}

/**
 * Entries a page of an indexed list may skip from an edge of a coarse
 * bucket rather than read that bucket's fine counts first (about 2 read
 * units of entries: one round trip fewer for a few units).
 */
export const EDGE_SKIP = 100;

/** Reading on from the start of a bucket, or back from its end (against the list's order), skipping `skip` then taking `take`. */
export type EdgeRead = { bucket: string; skip: number; take: number };

/**
 * A page within `most` entries of a boundary between coarse buckets
 * (buckets in the list's order), read from that boundary without the fine
 * counts: on from the start of the bucket after it, back from the end of
 * the bucket before it, or, for a page across the boundary, both at once
 * (the page's entries before the boundary read back, the rest read on).
 * Null when the counts do not add up to the list's count or the page is
 * deep inside a large bucket (the fine counts are read then).
 */
export function nearEdge(coarse: Bucket[], count: number, offset: number, take: number, most: number): { on?: EdgeRead; back?: EdgeRead } | null {
  if (take <= 0 || offset + take > count || total(coarse) !== count) return null;
  let best: { on?: EdgeRead; back?: EdgeRead } | null = null;
  let bestSkip = Infinity;
  let at = 0; // entries before boundary i
  for (let i = 0; i <= coarse.length; i++) {
    const before = i > 0 ? coarse[i - 1].value : null;
    const after = i < coarse.length ? coarse[i].value : null;
    let plan: { on?: EdgeRead; back?: EdgeRead } | null = null;
    let skip = Infinity;
    if (at <= offset && after !== null) {
      skip = offset - at;
      plan = { on: { bucket: after, skip, take } };
    } else if (at >= offset + take && before !== null) {
      skip = at - offset - take;
      plan = { back: { bucket: before, skip, take } };
    } else if (at > offset && at < offset + take && before !== null && after !== null) {
      skip = 0;
      plan = { back: { bucket: before, skip: 0, take: at - offset }, on: { bucket: after, skip: 0, take: offset + take - at } };
    }
    if (plan && skip < bestSkip) {
      best = plan;
      bestSkip = skip;
    }
    if (i < coarse.length) at += coarse[i].live;
  }
  return bestSkip <= most ? best : null;
}
