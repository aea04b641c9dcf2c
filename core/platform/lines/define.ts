// `defineLines`: a parent type's line collections, assembled from the steps, unit, line save, paging and load modules.
import type { LineIndexing, LineWrite } from "../lines-plan.js";
import { isIndexed, parentKey } from "../lines-plan.js";
import type { RecordType } from "../records/define.js";
import { positionsOption } from "../records/indexes.js";
import { joinExtras } from "../records/planned.js";
import type { OutsideFields, WriteExtra } from "../records/types.js";
import { lineLoadsOf } from "./bulk.js";
import { lineView, type Partition } from "./item.js";
import { lineReadersOf } from "./paging.js";
import { lineTypes, locate } from "./registry.js";
import { saveLineHere } from "./save-line.js";
import { stepsOf } from "./steps.js";
import type { EngineInside, LineCollection, LineSaveHook, ParentRow, SavedLine } from "./types.js";
import { inNumberRounds, unitsOf } from "./unit.js";
import { NotFoundError } from "../errors.js";

const READ_CONCURRENCY = 8;

/** Options of a parent's update with its lines (`current`: the parent as the caller read it, its `stored`). */
export type ParentUpdateOptions = { partial?: boolean; system?: boolean; also?: WriteExtra; current?: Record<string, unknown> };

/**
 * Declare the child collections of a parent type. Pass `.outside` to the
 * parent's `defineRecordType` (so its rules and indexes see the lines),
 * call `.attach` in its `expand` (so every answer carries them), and save
 * through `.create`, `.update` and `.remove`. Collections with `lists`,
 * `facets` or a `locator` are also read by themselves: `linesIn` (a page
 * of a line list), `lineEntriesIn`, `lineCounts`, `lineFacetValues`,
 * `getLine` and `saveLine` (by the line's id).
 */
export function defineLines(parentType: string, collections: LineCollection[]) {
  const names = collections.map((c) => c.name);
  const partitionOf = (id: number) => parentKey(parentType, id);
  const indexing = new Map<string, LineIndexing>(
    collections.map((c) => [
      c.name,
      { lineType: c.lineType ?? `${parentType}.${c.name}`, lists: c.lists, facets: c.facets, locator: c.locator, positions: positionsOption(c.listPositions) },
    ]),
  );
  const indexingOf = (name: string) => indexing.get(name)!;
  const indexed = collections.map((c) => ({ name: c.name, ix: indexingOf(c.name) }));
  const collectionOf = (name: string) => {
    const c = collections.find((x) => x.name === name);
    if (!c) throw new Error(`${parentType}: no line collection ${name}`);
    return c;
  };
  const lineTypeOf = (name: string) => indexingOf(collectionOf(name).name).lineType;
  let bound: RecordType | null = null;
  let lineSaveHook: LineSaveHook | null = null;
  const parent = () => {
    if (!bound) throw new Error(`${parentType}: lines not bound to their record type`);
    return bound;
  };
  const steps = stepsOf({ parentType, names, partitionOf, bound: () => bound });
  const { unitExtra, linesExtra } = unitsOf({ collections, names, indexed, partitionOf, steps });
  const viewsOf = (p: Partition) => Object.fromEntries(names.map((n) => [n, (p.lines.get(n) ?? []).map(lineView)]));

  /** Each parent's collections as its views, one Query per parent. */
  async function load(ids: number[]): Promise<Map<number, Record<string, unknown>>> {
    const out = new Map<number, Record<string, unknown>>();
    const unique = [...new Set(ids)];
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(READ_CONCURRENCY, unique.length) }, async () => {
        while (next < unique.length) {
          const id = unique[next++];
          out.set(id, viewsOf(await steps.readPartition(id)));
        }
      }),
    );
    return out;
  }

  async function updateParent(id: number, body: Record<string, unknown>, actor: string, { also, current, settled, ...rest }: ParentUpdateOptions & { settled?: Partition } = {}) {
    const record = parent();
    const p = settled ?? (await steps.settle(id));
    // `current`: the parent as the caller read it (its `stored`); with its lines as just settled, the parent's update reads neither again.
    const opts = current ? { ...rest, current: { ...current, ...viewsOf(p) } as Awaited<ReturnType<RecordType["stored"]>> } : rest;
    return inNumberRounds(also, async (round) => {
      const { extra, after, needed } = await linesExtra(p.lines, body, actor, round > 0);
      // The bound record type is any record type (RecordType): its answer, typed as every answer is (ParentRow).
      if (!needed) return { write: () => record.update(id, withoutLines(body), actor, { ...opts, extra: also }) as Promise<ParentRow>, after: async () => {} };
      return { write: () => record.update(id, withoutLines(body), actor, { ...opts, extra: joinExtras(also, extra) }) as Promise<ParentRow>, after };
    });
  }

  function withoutLines(body: Record<string, unknown>) {
    const out: Record<string, unknown> = { ...body };
    for (const n of names) delete out[n];
    return out;
  }

  const saveHere = (collection: string, lineId: number, body: Record<string, unknown>, actor: string): Promise<SavedLine> =>
    saveLineHere(
      { parentType, names, collectionOf, lineTypeOf, settle: steps.settle, readLine: steps.readLine, stored: (id) => parent().stored(id), hook: () => lineSaveHook, updateParent },
      collection,
      lineId,
      body,
      actor,
    );
  const inside: EngineInside = { parentType, indexingOf, readPartition: steps.readPartition, finishApplying: steps.finishApplying, bound: () => bound, saveLineHere: saveHere, readLine: steps.readLine };
  for (const c of collections) {
    const ix = indexingOf(c.name);
    if (!isIndexed(ix)) continue;
    const known = lineTypes.get(ix.lineType) ?? { positions: ix.positions, holders: [], version: 1 };
    if (known.holders.some((h) => h.parentType === parentType)) throw new Error(`${parentType}: two collections of line type ${ix.lineType}`);
    known.holders.push({ parentType, collection: c.name, engine: inside });
    known.version = Math.max(known.version, c.indexVersion ?? 1);
    lineTypes.set(ix.lineType, known);
  }

  return {
    names,
    /** For the parent's `defineRecordType({ outside })`. */
    outside: { fields: names, load } satisfies OutsideFields,
    load,

    /** Rows with their lines (for the parent's `expand`). */
    async attach<T extends { id: number }>(rows: T[]): Promise<Array<T & Record<string, unknown>>> {
      const byId = await load(rows.map((r) => r.id));
      return rows.map((r) => ({ ...r, ...byId.get(r.id) }));
    },

    /** The parent service's rules and locks for a line saved by its id (`LineSaveHook`; once, by the service). */
    onLineSave(hook: LineSaveHook) {
      lineSaveHook = hook;
      return this;
    },

    /** The parent record type these lines belong to (once, after both are defined). */
    bind(record: RecordType) {
      bound = record;
      return this;
    },

    /**
     * Create a parent with its lines (a body without a collection creates it
     * empty). `also`: more writes for the parent's transaction (another
     * type's records, `writeTogether`), prepared before the lines.
     */
    async create(body: Record<string, unknown>, actor: string, { also }: { also?: WriteExtra } = {}) {
      const record = parent();
      return inNumberRounds(also, async (round) => {
        const { extra, after } = await linesExtra(new Map(), body, actor, round > 0);
        return { write: () => record.create(withoutLines(body), actor, { extra: joinExtras(also, extra), race: round > 0 }) as Promise<ParentRow>, after };
      });
    },

    /**
     * Save a parent: its fields, and each collection the body carries
     * (whole: lines left out are removed). A collection not sent keeps its
     * lines (their entries still move when the parent's change moves them).
     * A stale parent or line is a 409, with nothing written. `also` as for
     * `create`. `system`: a write the product makes itself on the version it reads (records/save.ts `update`).
     */
    async update(id: number, body: Record<string, unknown>, actor: string, opts: ParentUpdateOptions = {}) {
      return updateParent(id, body, actor, opts);
    },

    /** Delete a parent and its lines, with their entries, facets and locators: in its transaction when they fit, else in steps committed by the parent's delete. */
    async remove(id: number, actor: string) {
      const record = parent();
      const p = await steps.settle(id);
      const all = [...p.lines.entries()].flatMap(([collection, lines]) => lines.map((l): { collection: string; write: LineWrite } => ({ collection, write: { kind: "delete", id: l.id } })));
      const { extra, after } = unitExtra(p.lines, () => all, true);
      let res: { id: number };
      try {
        res = await record.remove(id, actor, { extra });
      } catch (e) {
        await after(e);
        throw e;
      }
      await after();
      return res;
    },

    /** Finish or undo an interrupted save in steps (the next save does this itself). */
    settle: steps.settle,

    ...lineReadersOf(lineTypeOf, collectionOf),

    /**
     * Save one line by its id alone (`PUT parts/update/{id}`): the body is
     * the line's fields (those left out keep their values) and the
     * `last_saved` it was read with (400 without it, 409 when the line was
     * saved since). A unit: the line with its entries, facets and locator,
     * and its parent saved with it (its rules run, derived fields
     * recomputed, its `last_saved` renewed), without the parent's
     * `last_saved` (a save of the parent meanwhile is read again). Answers
     * the parent as saved and the line. A line of another parent type of the
     * same `lineType` is saved by that type's lines.
     */
    async saveLine(collection: string, lineId: number, body: Record<string, unknown>, actor: string): Promise<SavedLine> {
      const located = await locate(lineTypeOf(collection), lineId);
      if (!located) throw new NotFoundError(collectionOf(collection).label ?? "Line");
      return located.holder.engine.saveLineHere(located.holder.collection, lineId, body, actor);
    },

    ...lineLoadsOf({ collectionOf, indexingOf, partitionOf, bound: () => bound }),
  };
}
