// What a save writes besides the record (list entries, counts, position counts, facets, unique claims), worked out from its fields alone: pure.
import { idBuckets, positionDeltas, sortBuckets, TEXT_LEVELS, type SortLevels } from "./positions.js";
import type { IndexOp, ListPositions, Membership } from "./types.js";

/**
 * What a record writes besides itself (list entries, list counts, position
 * counts, facets, unique claims), worked out from its fields alone: pure,
 * so the record's transaction, the bulk loader and the index upgrade all
 * write the same items. `indexOps` diffs two versions of a record.
 */

/** Tags as stored on an entry: "|a|b|", so `contains(tags, "|a|")` matches one whole tag. */
export function tagString(tags: string[] | undefined): string | undefined {
  if (!tags?.length) return undefined;
  return `|${tags.map((t) => t.toLowerCase()).join("|")}|`;
}

/** A record type's indexing, as plain functions of its fields. */
export type Indexing<F> = {
  type: string;
  lists?: (r: F) => Membership[];
  facets?: (r: F) => Array<{ facet: string; value: string; amount?: number }>;
  unique?: (r: F) => Array<{ scope: string; value: string | null | undefined; message: string }>;
  /** Position counts on lists (null: none). */
  positions: { levels: SortLevels; lists: (list: string) => boolean; from: number } | null;
};

/** Entries a page skips before the position counts are worth reading (about 6 read units of entries). */
export const POSITIONS_FROM = 251;

/** The `listPositions` option as levels, lists and threshold. */
export function positionsOption(o: boolean | number | ListPositions | undefined): Indexing<unknown>["positions"] {
  if (o === undefined || o === false) return null;
  if (o === true) return { levels: TEXT_LEVELS, lists: () => true, from: POSITIONS_FROM };
  if (typeof o === "number") return { levels: TEXT_LEVELS, lists: () => true, from: o };
  return { levels: { coarse: o.coarse ?? TEXT_LEVELS.coarse, fine: o.fine ?? TEXT_LEVELS.fine }, lists: o.lists ?? (() => true), from: o.from ?? POSITIONS_FROM };
}

export const listCounter = (type: string, list: string) => `${type}#list#${list}`;
export const listScope = (type: string, list: string) => `${type}#${list}`;

export function membershipsOf<F>(ix: Indexing<F>, fields: F | undefined) {
  if (!fields || !ix.lists) return [];
  return ix
    .lists(fields)
    .map((m) => ({ list: listScope(ix.type, m.list), name: m.list, sort: m.sort.toLowerCase().slice(0, 200) || "~", tags: tagString(m.tags) }));
}

export function facetCounts<F>(ix: Indexing<F>, fields: F | undefined) {
  const counts = new Map<string, number>();
  if (!fields || !ix.facets) return counts;
  for (const f of ix.facets(fields)) {
    const k = `${ix.type}#${f.facet}\u0000${f.value.toLowerCase()}`;
    counts.set(k, (counts.get(k) ?? 0) + (f.amount ?? 1));
  }
  return counts;
}

export function claimsOf<F>(ix: Indexing<F>, fields: F | undefined) {
  if (!fields || !ix.unique) return [];
  return ix
    .unique(fields)
    .filter((u) => u.value !== null && u.value !== undefined && String(u.value).trim() !== "")
    .map((u) => ({ scope: `${ix.type}#${u.scope}`, value: String(u.value).trim().toUpperCase(), message: u.message }));
}

/**
 * The index items to write, change and remove when a record goes from one
 * version to another, as plain operations in the order they are written.
 * Only what changed is written: a save that moves no entry writes none.
 */
export function indexOps<F>(ix: Indexing<F>, id: number, before: F | undefined, after: F | undefined) {
  const writes: IndexOp[] = [];
  const was = membershipsOf(ix, before);
  const now = membershipsOf(ix, after);
  const key = (m: { list: string; sort: string }) => `${m.list}\u0000${m.sort}`;
  const nowKeys = new Set(now.map(key));
  const wasKeys = new Set(was.map(key));
  const wasLists = new Set(was.map((m) => m.list));
  const nowLists = new Set(now.map((m) => m.list));
  // A record counts once in a list however many entries it has there (e.g. a registration and a fleet number).
  const counted = new Set<string>();
  for (const m of was)
    if (!nowKeys.has(key(m))) {
      writes.push({ op: "entry-delete", list: m.list, sort: m.sort, id });
      if (!nowLists.has(m.list) && !counted.has(m.list)) {
        counted.add(m.list);
        writes.push({ op: "counter-add", name: listCounter(ix.type, m.name), live: -1 });
      }
    }
  const wasTags = new Map(was.map((m) => [key(m), m.tags]));
  for (const m of now)
    if (!wasKeys.has(key(m))) {
      writes.push({ op: "entry-put", list: m.list, sort: m.sort, id, tags: m.tags });
      if (!wasLists.has(m.list) && !counted.has(m.list)) {
        counted.add(m.list);
        writes.push({ op: "counter-add", name: listCounter(ix.type, m.name), live: 1 });
      }
    } else if (wasTags.get(key(m)) !== m.tags) {
      // Same place in the list, new filter values: rewrite the entry.
      writes.push({ op: "entry-put", list: m.list, sort: m.sort, id, tags: m.tags });
    }
  const pos = ix.positions;
  if (pos) {
    // Position counts move with the entries: -1 where one left, +1 where one arrived.
    const moves = [
      ...was.filter((m) => !nowKeys.has(key(m)) && pos.lists(m.name)).map((m) => ({ scope: m.list, buckets: sortBuckets(m.sort, id, pos.levels), by: -1 })),
      ...now.filter((m) => !wasKeys.has(key(m)) && pos.lists(m.name)).map((m) => ({ scope: m.list, buckets: sortBuckets(m.sort, id, pos.levels), by: 1 })),
    ];
    for (const d of positionDeltas(moves, { inline: true })) writes.push({ op: "facet-add", ...d });
  }
  const facetsBefore = facetCounts(ix, before);
  const facetsAfter = facetCounts(ix, after);
  for (const k of new Set([...facetsBefore.keys(), ...facetsAfter.keys()])) {
    const delta = (facetsAfter.get(k) ?? 0) - (facetsBefore.get(k) ?? 0);
    if (!delta) continue;
    const [facet, value] = k.split("\u0000");
    writes.push({ op: "facet-add", facet, value, live: delta });
  }
  const claimsBefore = claimsOf(ix, before);
  const claimsAfter = claimsOf(ix, after);
  const claimKey = (c: { scope: string; value: string }) => `${c.scope}\u0000${c.value}`;
  const afterKeys = new Set(claimsAfter.map(claimKey));
  const beforeKeys = new Set(claimsBefore.map(claimKey));
  const newClaims: typeof claimsAfter = [];
  for (const c of claimsBefore) if (!afterKeys.has(claimKey(c))) writes.push({ op: "claim-delete", scope: c.scope, value: c.value });
  for (const c of claimsAfter)
    if (!beforeKeys.has(claimKey(c))) {
      newClaims.push(c);
      writes.push({ op: "claim-create", scope: c.scope, value: c.value, id });
    }
  return { writes, newClaims };
}

/**
 * A record arriving (+1) or leaving (-1) its type: the live count and the
 * position counts of the id order (created and deleted ids only; an id
 * never moves).
 */
export function lifeOps(type: string, id: number, by: 1 | -1): IndexOp[] {
  return [{ op: "counter-add", name: type, live: by }, ...positionDeltas([{ scope: type, buckets: idBuckets(id), by }]).map((d) => ({ op: "facet-add" as const, ...d }))];
}

/** Counter and facet additions to the same item summed into one (zero sums dropped); other operations as they are. */
export function foldCounts(writes: IndexOp[]): IndexOp[] {
  const out: IndexOp[] = [];
  const sums = new Map<string, Extract<IndexOp, { op: "counter-add" | "facet-add" }>>();
  for (const w of writes) {
    if (w.op !== "counter-add" && w.op !== "facet-add") {
      out.push(w);
      continue;
    }
    const k = w.op === "counter-add" ? `c\u0000${w.name}` : `f\u0000${w.facet}\u0000${w.value}`;
    const held = sums.get(k);
    if (held) {
      held.live += w.live;
      if (held.op === "counter-add" && w.op === "counter-add" && w.seq) held.seq = w.seq;
      if (held.op === "facet-add" && w.op === "facet-add" && w.fine) {
        const fine = { ...(held.fine ?? {}) };
        for (const [name, n] of Object.entries(w.fine)) fine[name] = (fine[name] ?? 0) + n;
        held.fine = fine;
      }
    } else {
      const copy = { ...w };
      sums.set(k, copy);
      out.push(copy);
    }
  }
  const fineMoves = (w: IndexOp) => w.op === "facet-add" && Object.values(w.fine ?? {}).some((n) => n !== 0);
  return out.filter((w) => (w.op !== "counter-add" && w.op !== "facet-add") || w.live !== 0 || fineMoves(w) || (w.op === "counter-add" && !!w.seq));
}

