// Exclusive date ranges: no two records of a scope hold overlapping ranges (no double booking).
import { ValidationError } from "../errors.js";
import { DateRange, RangeSet, writer, type TxItem } from "../service.js";

/**
 * Exclusive date ranges (see `exclusive` on a record type): no two records
 * hold overlapping ranges in one scope (a vehicle's confirmed bookings).
 *
 * Each range is its own small item (`DateRange`, scope partition, sorted by
 * start date), and each scope has a head item (`RangeSet`) whose version a
 * booking change raises in its own transaction, on the condition that it is
 * the version read before the overlap check: two overlapping bookings saved
 * at the same instant can never both land (the second is cancelled, checks
 * again and is refused). Since the ranges of a scope never overlap, sorted
 * by start they are also sorted by end, so the ranges that can meet a new
 * one are those starting by its end, back to the first that starts before
 * its start: a check reads those few, never the scope's history.
 */

export type HeldRange = { id: number; from: string; to: string | null };

/** Where an open-ended range ends. */
export const END = "9999-12-31";

export const overlaps = (a: { from: string; to: string | null }, b: { from: string; to: string | null }) => a.from <= (b.to ?? END) && b.from <= (a.to ?? END);

const held = (r: { id: number; from: string; to?: string | null }): HeldRange => ({ id: r.id, from: r.from, to: r.to ?? null });

/** Ranges read a page at a time, newest start first, until one starts before the window. */
const PAGE = 10;

/**
 * The ranges of a scope that meet a window: a Query on start dates up to
 * the window's end, newest first, that stops at the first range starting
 * before the window's start. `consistent` for the check on save.
 */
export async function rangesMeeting(scope: string, window: { from: string; to: string | null }, consistent: boolean): Promise<HeldRange[]> {
  // "~" sorts after "#id_..." so ranges starting on the window's last day are read.
  const query = DateRange.query.byScope({ scope }).lt({ from: `${window.to ?? END}~` });
  const out: HeldRange[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: Array<{ id: number; from: string; to?: string }>; cursor: string | null } = await query.go({ order: "desc", limit: PAGE, cursor, consistent });
    cursor = page.cursor;
    for (const r of page.data) {
      const range = held(r);
      if (overlaps(range, window)) out.push(range);
      if (range.from < window.from) return out;
    }
  } while (cursor);
  return out;
}

/** Every range of a scope (bulk loading and the index upgrade). */
export async function allRangesOf(scope: string): Promise<HeldRange[]> {
  const res = await DateRange.query.byScope({ scope }).go({ pages: "all", consistent: true });
  return res.data.map(held);
}

/** A scope's head: its version (null when no booking was ever made) and any ranges a release before kept in it. */
export async function headOf(scope: string): Promise<{ version: number | null; legacy: HeldRange[] }> {
  const res = await RangeSet.get({ scope }).go({ consistent: true });
  if (!res.data) return { version: null, legacy: [] };
  // `ranges`: the whole list as releases before kept it (a stored attribute of type "any").
  const legacy = (res.data.ranges ?? []) as Array<{ id: number; from: string; to?: string | null }>;
  return { version: res.data.version ?? 0, legacy: legacy.map(held) };
}

/** What a write changes in one scope, conditional on the head's version read. */
export type ScopePlan = { scope: string; version: number | null; puts: HeldRange[]; deletes: Array<{ from: string; id: number }> };

/**
 * Check a record's new ranges against the others of their scopes and plan
 * the writes, refusing (400, `message` of the holder) a range that meets
 * another record's. Scopes whose ranges the write leaves as they were are
 * not touched.
 */
export async function planRanges(
  id: number,
  was: Array<{ scope: string; from: string; to: string | null }>,
  now: Array<{ scope: string; from: string; to: string | null }>,
  message: (holderId: number) => Promise<string> | string,
): Promise<ScopePlan[]> {
  const plan: ScopePlan[] = [];
  const same = (a: { from: string; to: string | null }, b: { from: string; to: string | null }) => a.from === b.from && a.to === b.to;
  for (const scope of [...new Set([...was, ...now].map((r) => r.scope))]) {
    const before = was.filter((r) => r.scope === scope);
    const after = now.filter((r) => r.scope === scope);
    if (before.length === after.length && before.every((b) => after.some((a) => same(a, b)))) continue;
    const head = await headOf(scope);
    for (const m of after) {
      const meeting = [...head.legacy.filter((r) => overlaps(r, m)), ...(await rangesMeeting(scope, m, true))];
      const other = meeting.find((r) => r.id !== id);
      if (other) throw new ValidationError(await message(other.id), {});
    }
    plan.push({
      scope,
      version: head.version,
      puts: after.filter((a) => !before.some((b) => same(a, b))).map((a) => ({ id, from: a.from, to: a.to })),
      // A range whose start stays is rewritten by its put (same key).
      deletes: before.filter((b) => !after.some((a) => a.from === b.from)).map((b) => ({ from: b.from, id })),
    });
  }
  return plan;
}

/** The plan as commits of the record's transaction: the head (conditional) and the range items. */
export function rangeWrites(plan: ScopePlan[]): TxItem[] {
  return plan.flatMap((p) => [
    p.version === null
      ? writer(RangeSet).create({ scope: p.scope, version: 1 }).commit()
      : writer(RangeSet).patch({ scope: p.scope })
          .set({ version: p.version + 1 })
          .where((a, { eq }) => eq(a.version, p.version!))
          .commit(),
    ...p.deletes.map((d) => writer(DateRange).delete({ scope: p.scope, from: d.from, id: d.id }).commit()),
    ...p.puts.map((r) => writer(DateRange).put(rangeItem(p.scope, r)).commit()),
  ]);
}

/** How many items `rangeWrites` puts in a transaction for a plan. */
export function rangeWriteCount(plan: ScopePlan[]): number {
  return plan.reduce((n, p) => n + 1 + p.deletes.length + p.puts.length, 0);
}

/** A range as stored (`to` left out when open-ended). */
export function rangeItem(scope: string, r: HeldRange) {
  return { scope, from: r.from, id: r.id, ...(r.to ? { to: r.to } : {}) };
}
