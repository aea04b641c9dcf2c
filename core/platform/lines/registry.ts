// The line types every parent declares, and reading their lists: where a line lives, a page of lines, never a save half-applied.
import { chunk, locatorOf, type LineIndexing } from "../lines-plan.js";
import { listCounter, listScope } from "../records/indexes.js";
import type { ListSource, PageEntry } from "../records/reading.js";
import { UniqueClaim } from "../service.js";
import { LineItem, lineKey, lineView, storedOf } from "./item.js";
import type { Holder, LineListOptions, LineRow } from "./types.js";

/** What the module knows of each line type: the collections that hold its lines. */
export const lineTypes = new Map<string, { positions: LineIndexing["positions"]; holders: Holder[]; version: number }>();

/** Every indexed line type and the index version its declarations are at (core/platform/upgrades.ts). */
export function lineTypeVersions(): Array<{ lineType: string; version: number }> {
  return [...lineTypes].map(([lineType, t]) => ({ lineType, version: t.version }));
}

const idOfParent = (parent: string) => Number(parent.slice(parent.lastIndexOf("#") + 1));

export function holderOf(lineType: string, parent: string): Holder | undefined {
  const parentType = parent.slice(0, parent.lastIndexOf("#"));
  return lineTypes.get(lineType)?.holders.find((h) => h.parentType === parentType);
}

/** The list of a line type, for the page reader (records/reading.ts `pageOfList`). */
export function lineSource(lineType: string, list: string): ListSource {
  const pos = lineTypes.get(lineType)?.positions ?? null;
  return { scope: listScope(lineType, list), counter: listCounter(lineType, list), positions: pos && pos.lists(list) ? pos : null };
}

/** Finish the committed saves in steps of every parent type holding the line type (usually none: one small Query each). */
async function finishApplyingOf(lineType: string): Promise<boolean> {
  const holders = lineTypes.get(lineType)?.holders ?? [];
  const done = await Promise.all([...new Set(holders.map((h) => h.engine))].map((e) => e.finishApplying()));
  return done.some(Boolean);
}

/**
 * A read of a line type's lists or facets, never of a save half-applied:
 * the read and the Query for committed saves in steps run at once; when one
 * was found (and finished), the read is made again.
 */
export async function afterApplying<T>(lineType: string, read: () => Promise<T>): Promise<T> {
  const [first, finished] = await Promise.all([read(), finishApplyingOf(lineType)]);
  return finished ? read() : first;
}

/** Where a line lives: the locator of a line type's line id. */
export async function locate(lineType: string, lineId: number): Promise<{ holder: Holder; parentId: number } | null> {
  if (!Number.isInteger(lineId) || lineId <= 0) return null;
  const res = await UniqueClaim.get(locatorOf(lineType, lineId)).go({ consistent: true });
  const parent = res.data?.parent;
  if (!parent) return null;
  const holder = holderOf(lineType, parent);
  return holder ? { holder, parentId: idOfParent(parent) } : null;
}

/** Read the lines entries name (one BatchGet), in the entries' order; and their parents when asked. */
export async function rowsOf(lineType: string, entries: PageEntry[], opts: LineListOptions): Promise<LineRow[]> {
  const keyed = entries.flatMap((e) => {
    const h = e.parent ? holderOf(lineType, e.parent) : undefined;
    return e.parent && h ? [{ e, parent: e.parent, h, key: { parent: e.parent, key: lineKey(h.collection, e.id) } }] : [];
  });
  const found = new Map<string, Parameters<typeof storedOf>[0]>();
  for (const batch of chunk(keyed, 100)) {
    const res = await LineItem.get(batch.map((k) => k.key)).go();
    for (const it of res.data) found.set(`${it.parent}\u0000${it.key}`, it);
  }
  const rows: LineRow[] = [];
  for (const { parent, h, key } of keyed) {
    const it = found.get(`${key.parent}\u0000${key.key}`);
    if (!it) continue;
    const line = storedOf(it);
    rows.push({ ...lineView(line), id: line.id, last_saved: line.last_saved, parent_type: h.parentType, parent_id: idOfParent(parent) });
  }
  if (opts.parents) {
    const byType = new Map<string, { h: Holder; ids: number[] }>();
    for (const { h } of keyed) byType.set(h.parentType, { h, ids: [] });
    for (const r of rows) byType.get(r.parent_type)!.ids.push(r.parent_id);
    const parents = new Map<string, Record<string, unknown>>();
    await Promise.all(
      [...byType.values()].map(async ({ h, ids }) => {
        for (const p of (await h.engine.bound()?.getMany(ids)) ?? []) parents.set(`${h.parentType}#${p.id}`, p);
      }),
    );
    for (const r of rows) r.parent = parents.get(`${r.parent_type}#${r.parent_id}`) ?? null;
  }
  return rows;
}
