import { randomUUID } from "node:crypto";
import { Entity, createWriteTransaction } from "electrodb";
import { diffRecords, type FieldChange } from "./audit.js";
import { ConflictError, NotFoundError, ValidationError } from "./errors.js";
import {
  LINE_META,
  applyBatches,
  chunk,
  diffLines,
  fitsApply,
  fitsOneTransaction,
  isIndexed,
  lineIndexOps,
  locatorOf,
  matchLines,
  parentKey,
  parseSentLines,
  unitChanges,
  unitItems,
  type LineChange,
  type LineIndexing,
  type LineSchema,
  type LineWrite,
  type StoredLine,
} from "./lines-plan.js";
import type { Page } from "./paging.js";
import {
  TRANSACTION_LIMIT,
  TransactionTooLarge,
  isFresh,
  joinExtras,
  lastSavedOf,
  type EntryQuery,
  type ListInQuery,
  type Membership,
  type OutsideFields,
  type RecordType,
  type SavedRecord,
  type WriteExtra,
} from "./records.js";
import { Sums, batchWrite, inParallel, pause } from "./records/bulk.js";
import { NUMBER_ROUNDS, NumbersMoved, numbersMoved, peekNumbers, type NumberTake } from "./records/numbers.js";
import { commitOf, foldCounts, listCounter, listScope, positionsOption } from "./records/indexes.js";
import { entriesOfList, entryChunksOfList, pageOfList, type ListSource, type PageEntry } from "./records/reading.js";
import type { IndexOp, ListPositions } from "./records/types.js";
import { Counter, Facet, ListEntry, SERVICE, UniqueClaim, entityConfig } from "./service.js";

/**
 * Parents with lines (docs/data-model.md "Parents with lines"): a record
 * type (the parent: a vehicle, later a job card, quote, part order,
 * invoice) declares child collections (a vehicle's agreements and
 * inspections). A parent save carries its lines; the engine works out
 * which are new, changed or removed (core/platform/lines-plan.ts) and
 * writes the parent and its lines together:
 *
 * - in ONE transaction when it fits DynamoDB's 100 items (the parent's own
 *   items, one per line written, and a check on the head item);
 * - otherwise in steps, none of which a reader can see half of:
 *   1. claim: the head item takes a pending marker (token), on the
 *      condition that the parent is still the version the save read and
 *      no other save holds the head (so two saves: one 409);
 *   2. stage: every line write is put as a staged item of the token;
 *   3. staged: the marker says staging is complete;
 *   4. commit: the parent's own transaction (its fields, audit, indexes)
 *      also turns the marker from pending into "applying": from here the
 *      save has happened, and readers overlay the staged items;
 *   5. apply: the staged items replace the lines, in transactions checked
 *      against the marker; then the marker is cleared.
 *   A crash before 4 leaves the previous version readable; the next save
 *   of the parent undoes the steps once the marker is stale. A crash
 *   after 4 leaves the new version readable; the next save finishes 5.
 *
 * Lines are items of their own in the parent's line partition
 * (`pk` = parent type and id): one Query reads them all, and no item grows
 * with the number of lines.
 *
 * A collection may also have lists, facets and a locator of its own
 * (`LineCollection`): each line's entries, counts and facets are written
 * with the line (in the parent's transaction, their counts summed per item
 * with the parent's; or carried by its staged item and applied with it),
 * line lists are paged by the records' page reader (`linesIn`), and a line
 * is read and saved by its id alone (`getLine`, `saveLine`).
 *
 * Usage (a job's work items):
 *
 *   const JobLines = defineLines("job", [{
 *     name: "work", idCounter: "work", label: "Work item", fields: workFields,
 *     lists: (w, job) => [{ list: `veh#${job.vehicle}#ALL`, sort: job.workshop_date ?? "~", tags: [`d=${job.department}`] }],
 *     facets: (w) => [{ facet: "cost", value: "ALL", amount: w.labour_cost_pence }],
 *     listPositions: { coarse: 7, fine: 10 },
 *     locator: true,
 *   }]);
 *   const Job = defineRecordType({ ..., outside: JobLines.outside, expand: (rows) => JobLines.attach(rows) });
 *   export const Jobs = JobLines.bind(Job);
 *   await Jobs.linesIn("work", `veh#${id}#ALL`, { page: 2, page_size: 15, order: "desc" }, { parents: true });
 *   await Jobs.getLine("work", workId);
 *   await Jobs.saveLine("work", workId, { last_saved, labour_cost: "12.50" }, actor);
 */

/** One item of a parent's line partition: a line, a staged line, or the head (the save marker). */
export const LineItem = new Entity(
  {
    model: { entity: "line", version: "1", service: SERVICE },
    attributes: {
      parent: { type: "string", required: true },
      // "l#<collection>#<id>" a line, "s#<token>#<collection>#<id>" a staged line, "h" the head.
      key: { type: "string", required: true },
      collection: { type: "string" },
      id: { type: "number" },
      fields: { type: "any" },
      last_saved: { type: "string" },
      created_at: { type: "string" },
      created_by: { type: "string" },
      updated_by: { type: "string" },
      // A staged removal.
      removed: { type: "boolean" },
      // Head: a save in steps not yet committed, and one committed but not yet applied.
      pending_token: { type: "string" },
      pending_at: { type: "string" },
      pending_staged: { type: "boolean" },
      applying_token: { type: "string" },
      // A staged change's index operations (entries, counts, facets, locator), applied with it.
      ops: { type: "any" },
      // A staged change that moves only the line's entries (the line itself unchanged).
      reindex: { type: "boolean" },
    },
    indexes: {
      byParent: { pk: { field: "pk", composite: ["parent"] }, sk: { field: "sk", composite: ["key"] } },
    },
  },
  entityConfig(),
);

/**
 * One child collection of a parent type.
 *
 * Lines may have lists, facets and a locator of their own (docs/data-model.md
 * §2.12 "Lines with lists of their own"): `lists(line, parent)` and
 * `facets(line, parent)` work exactly like a record type's `lists` and
 * `facets` (memberships with a sort and tags; counts or amounts), from the
 * line and its parent as saved, so a parent change moves its lines'
 * entries in the same unit. `locator` gives each line an item keyed by its
 * line type and id naming its parent, so a line is read and saved by its
 * own id (`getLine`, `saveLine`). Entries, counts, facets and locators are
 * written with their line: in the parent's transaction, or in the same
 * staged steps as the line (never half-visible: see `linesIn`).
 */
export type LineCollection = LineSchema & {
  /** The counter its line ids come from (ids unique across parents, kept for life). Collections sharing a `lineType` share it. */
  idCounter: string;
  /** What staff call one line, for "not found" messages ("Work item"). */
  label?: string;
  /**
   * The name the collection's lists, facets and locators live under
   * ("part"); `<parent type>.<collection>` when left out. Collections of
   * several parent types (a job's, a quote's and a part order's parts)
   * that give the same `lineType` share their lists: one list holds all
   * their lines. At most one collection of a parent type per line type.
   */
  lineType?: string;
  /** Lists the line belongs to, from the line (its fields and `id`) and its parent (fields as saved, lines included, and `id`). */
  lists?: (line: Record<string, any>, parent: Record<string, any>) => Membership[];
  /** Facet values the line counts in, or adds its `amount` to (whole pence: a parts-cost total). */
  facets?: (line: Record<string, any>, parent: Record<string, any>) => Array<{ facet: string; value: string; amount?: number }>;
  /** Position counts on the line lists, as a record type's `listPositions` (any page costs about page 1). */
  listPositions?: boolean | number | ListPositions;
  /** Keep a locator per line, so `getLine` and `saveLine` find the line by its id alone. */
  locator?: boolean;
  /**
   * Raised when a release indexes the line type differently (lists or
   * facets added, a new locator scope): the index upgrade lists every
   * stored line of the type again once (`rebuildLineType`). Collections
   * sharing a `lineType` give the same version.
   */
  indexVersion?: number;
};

/** The steps of a save in steps, where a test may inject a failure. */
export type LineStep = "claim" | "stage" | "staged" | "commit" | "apply";

/**
 * Test seam, never set by the product: `failAfter` throws once right after
 * that step of the next save in steps; `staleMs` is how old an uncommitted
 * save must be before another save undoes it (a save in steps takes well
 * under a second; the margin covers a slow Lambda).
 */
export const linesTestSeam: { failAfter: LineStep | null; staleMs: number } = { failAfter: null, staleMs: 30_000 };

/** A failure injected by `linesTestSeam`: it stands for a crash, so nothing is cleaned up after it. */
export class InjectedCrash extends Error {}

function step(name: LineStep) {
  if (linesTestSeam.failAfter === name) {
    linesTestSeam.failAfter = null;
    throw new InjectedCrash(`injected failure after ${name}`);
  }
}

const pad = (id: number) => String(id).padStart(12, "0");
const lineKey = (collection: string, id: number) => `l#${collection}#${pad(id)}`;
const stagedKey = (token: string, collection: string, id: number) => `s#${token}#${collection}#${pad(id)}`;
const HEAD = "h";
/** How often applying a committed save is tried again after a cancellation (another caller, or a shared count written at the same instant). */
const APPLY_RETRIES = 8;
const READ_CONCURRENCY = 8;

type Head = { pending_token?: string; pending_at?: string; pending_staged?: boolean; applying_token?: string };
type Partition = { head: Head | null; lines: Map<string, StoredLine[]> };

function storedOf(item: any): StoredLine {
  return {
    id: item.id,
    last_saved: item.last_saved,
    created_at: item.created_at,
    created_by: item.created_by,
    updated_by: item.updated_by,
    fields: item.fields ?? {},
  };
}

/** A line as the parent's rules and every answer see it: its fields, its id and last_saved. */
export function lineView(l: StoredLine): Record<string, unknown> {
  return { ...l.fields, id: l.id, last_saved: l.last_saved };
}

/** A line as a line list or `getLine` answers it: its fields, `id`, `last_saved`, and its parent (type, id; the parent's stored row when asked). */
export type LineRow = Record<string, unknown> & {
  id: number;
  last_saved: string;
  parent_type: string;
  parent_id: number;
  parent?: Record<string, unknown> | null;
};

/** Options of a line list read: `parents` also BatchGets each line's parent (its stored row, without its lines). */
export type LineListOptions = { parents?: boolean };

/**
 * A parent service's rules and locks for a line saved by its id
 * (`saveLine`), given by `onLineSave`: called once the line is found, fresh
 * and parsed, with the parent as stored, every collection's stored lines
 * and the line as it will be (stored fields with the sent ones over them).
 * It throws to refuse (nothing is written), and answers the lines the save
 * writes: the saved line as it should be stored (priced, its server-owned
 * fields restored) and any other line the change carries (a work item's
 * parts repriced); a line left out keeps what it holds. Answering nothing
 * writes the line as sent.
 */
export type LineSaveHook = (save: {
  parentId: number;
  parent: Record<string, unknown>;
  lines: Record<string, Array<Record<string, unknown>>>;
  collection: string;
  lineId: number;
  line: Record<string, unknown>;
  actor: string;
}) => Promise<Array<{ collection: string; line: Record<string, unknown> }> | void>;

/** What the module knows of each line type: the collections that hold its lines. */
type Holder = { parentType: string; collection: string; engine: EngineInside };
type EngineInside = {
  parentType: string;
  indexingOf: (collection: string) => LineIndexing;
  readPartition: (id: number) => Promise<Partition>;
  finishApplying: () => Promise<boolean>;
  bound: () => RecordType | null;
  saveLineHere: (collection: string, lineId: number, body: Record<string, unknown>, actor: string) => Promise<{ parent: any; line: LineRow }>;
  readLine: (collection: string, lineId: number, parentId: number) => Promise<StoredLine | null>;
};
const lineTypes = new Map<string, { positions: LineIndexing["positions"]; holders: Holder[]; version: number }>();

/** What an apply step's transaction writes: lines, and their entries, counts, facets and locators. */
const applyEntities = { line: LineItem, entry: ListEntry, facet: Facet, counter: Counter, claim: UniqueClaim };

function holderOf(lineType: string, parent: string): Holder | undefined {
  const parentType = parent.slice(0, parent.lastIndexOf("#"));
  return lineTypes.get(lineType)?.holders.find((h) => h.parentType === parentType);
}

/** The list of a line type, for the page reader (records/reading.ts `pageOfList`). */
function lineSource(lineType: string, list: string): ListSource {
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
async function afterApplying<T>(lineType: string, read: () => Promise<T>): Promise<T> {
  const [first, finished] = await Promise.all([read(), finishApplyingOf(lineType)]);
  return finished ? read() : first;
}

/** Where a line lives: the locator of a line type's line id. */
async function locate(lineType: string, lineId: number): Promise<{ holder: Holder; parentId: number } | null> {
  if (!Number.isInteger(lineId) || lineId <= 0) return null;
  const res: any = await UniqueClaim.get(locatorOf(lineType, lineId)).go({ consistent: true } as any);
  const parent: string | undefined = res.data?.parent;
  if (!parent) return null;
  const holder = holderOf(lineType, parent);
  return holder ? { holder, parentId: Number(parent.slice(parent.lastIndexOf("#") + 1)) } : null;
}

/** Read the lines entries name (one BatchGet), in the entries' order; and their parents when asked. */
async function rowsOf(lineType: string, entries: PageEntry[], opts: LineListOptions): Promise<LineRow[]> {
  const keyed = entries
    .filter((e) => e.parent && holderOf(lineType, e.parent))
    .map((e) => {
      const h = holderOf(lineType, e.parent!)!;
      return { e, h, key: { parent: e.parent!, key: lineKey(h.collection, e.id) } };
    });
  const found = new Map<string, any>();
  for (const batch of chunk(keyed, 100)) {
    const res: any = await LineItem.get(batch.map((k) => k.key)).go();
    for (const it of res.data as any[]) found.set(`${it.parent}\u0000${it.key}`, it);
  }
  const rows: LineRow[] = [];
  for (const { e, h, key } of keyed) {
    const it = found.get(`${key.parent}\u0000${key.key}`);
    if (!it) continue;
    rows.push({ ...lineView(storedOf(it)), parent_type: h.parentType, parent_id: Number(e.parent!.slice(e.parent!.lastIndexOf("#") + 1)) } as LineRow);
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

/**
 * A parent's write with its new lines' ids (records/numbers.ts), planned
 * again with the next ids while another write takes them first, up to
 * NUMBER_ROUNDS (then 409). When the caller's own numbers moved (`also`'s
 * document number), its caller plans again: the NumbersMoved goes up.
 * `plan(round)` prepares one round: the write, and what to do after it
 * (with the error when it failed).
 */
async function inNumberRounds<R>(
  also: WriteExtra | undefined,
  plan: (round: number) => Promise<{ write: () => Promise<R>; after: (e?: unknown) => Promise<void> }>,
): Promise<R> {
  for (let round = 0; ; round++) {
    const { write, after } = await plan(round);
    let row: R;
    try {
      row = await write();
    } catch (e) {
      await after(e);
      if (e instanceof NumbersMoved && (await numbersMoved(also?.numbers?.() ?? []))) throw e;
      if (e instanceof NumbersMoved && round < NUMBER_ROUNDS) {
        await pause(Math.min(round, 5));
        continue;
      }
      throw e instanceof NumbersMoved ? new ConflictError() : e;
    }
    await after();
    return row;
  }
}

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
  const indexed = collections.map((c) => ({ name: c.name, ix: indexing.get(c.name)! }));
  const collectionOf = (name: string) => {
    const c = collections.find((x) => x.name === name);
    if (!c) throw new Error(`${parentType}: no line collection ${name}`);
    return c;
  };
  const lineTypeOf = (name: string) => indexing.get(collectionOf(name).name)!.lineType;
  const applyingOf = `applying#${parentType}`;

  async function readPartition(id: number): Promise<Partition> {
    const res: any = await LineItem.query.byParent({ parent: partitionOf(id) }).go({ pages: "all", consistent: true } as any);
    let head: Head | null = null;
    const current = new Map<string, StoredLine>();
    const staged: any[] = [];
    for (const it of res.data as any[]) {
      if (it.key === HEAD) head = it;
      else if (it.key.startsWith("l#")) current.set(`${it.collection}#${it.id}`, storedOf(it));
      else staged.push(it);
    }
    // A committed save not yet applied: its staged lines are the current version.
    if (head?.applying_token)
      for (const s of staged.filter((s) => s.key.startsWith(`s#${head.applying_token}#`))) {
        if (s.reindex) continue;
        if (s.removed) current.delete(`${s.collection}#${s.id}`);
        else current.set(`${s.collection}#${s.id}`, storedOf(s));
      }
    const lines = new Map<string, StoredLine[]>(names.map((n) => [n, []]));
    for (const [k, l] of current) lines.get(k.slice(0, k.lastIndexOf("#")))?.push(l);
    for (const list of lines.values()) list.sort((a, b) => a.id - b.id);
    return { head, lines };
  }

  /** Each parent's collections as its views, one Query per parent. */
  async function load(ids: number[]): Promise<Map<number, Record<string, unknown>>> {
    const out = new Map<number, Record<string, unknown>>();
    const unique = [...new Set(ids)];
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(READ_CONCURRENCY, unique.length) }, async () => {
        while (next < unique.length) {
          const id = unique[next++];
          const p = await readPartition(id);
          out.set(id, Object.fromEntries(names.map((n) => [n, p.lines.get(n)!.map(lineView)])));
        }
      }),
    );
    return out;
  }

  async function stagedOf(id: number, token: string): Promise<any[]> {
    const res: any = await LineItem.query.byParent({ parent: partitionOf(id) }).begins({ key: `s#${token}#` }).go({ pages: "all", consistent: true } as any);
    return res.data;
  }

  /**
   * Step 5: move a committed save's staged changes into place, each line
   * with its entries, counts, facets and locator in one transaction, as
   * many as fit 100 items; then clear the marker. Exactly once, whoever
   * runs it (the save, the next save, or a reader of a line list): a
   * staged item is deleted on the condition it is still there, so a batch
   * another caller moved already is cancelled, and what is left is read again.
   */
  async function apply(id: number, token: string) {
    const parent = partitionOf(id);
    for (let attempt = 0; ; attempt++) {
      const staged = (await stagedOf(id, token)).map((s) => ({
        s,
        collection: s.collection as string,
        id: s.id as number,
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it: without it the object literal's kind widens to string and is no LineWrite
        write: (s.reindex ? null : s.removed ? { kind: "delete", id: s.id } : { kind: "put", line: storedOf(s), isNew: false }) as LineWrite | null,
        ops: (s.ops ?? []) as IndexOp[],
      }));
      if (!staged.length) break;
      let cancelled = false;
      for (const batch of applyBatches(staged)) {
        const tx = await createWriteTransaction(applyEntities, (t: any) => [
          t.line.check({ parent, key: HEAD }).where((a: any, { eq }: any) => eq(a.applying_token, token)).commit(),
          ...batch.flatMap(({ s, collection, write }) => [
            ...(!write
              ? []
              : [
                  write.kind === "delete"
                    ? t.line.delete({ parent, key: lineKey(collection, write.id) }).commit()
                    : t.line.put(lineItem(parent, collection, write.line, lineKey(collection, write.line.id))).commit(),
                ]),
            t.line
              .delete({ parent, key: s.key })
              .where((a: any, { exists }: any) => exists(a.key))
              .commit(),
          ]),
          ...foldCounts(batch.flatMap((b) => b.ops)).map((w) => commitOf(w, t)),
        ]).go();
        if (tx.canceled) {
          cancelled = true;
          break;
        }
        step("apply");
      }
      if (!cancelled) break;
      // Another caller moved some (or the marker is gone), or a count another save shares was written at the same instant.
      const head: any = await LineItem.get({ parent, key: HEAD }).go({ consistent: true } as any);
      if (head.data?.applying_token !== token) return;
      if (attempt >= APPLY_RETRIES) throw new Error(`lines: applying ${parent} was cancelled`);
      await pause(attempt);
    }
    const tx = await createWriteTransaction({ line: LineItem }, (t: any) => [
      t.line
        .update({ parent, key: HEAD })
        .remove(["applying_token"])
        .where((a: any, { eq }: any) => eq(a.applying_token, token))
        .commit(),
      t.line.delete({ parent: applyingOf, key: pad(id) }).commit(),
    ]).go();
    void tx; // Cancelled: another caller cleared it.
  }

  /** Finish every committed save in steps of this parent type (a line list's read does this first, so it never shows one half-applied). */
  async function finishApplying(): Promise<boolean> {
    const res: any = await LineItem.query.byParent({ parent: applyingOf }).go({ pages: "all", consistent: true } as any);
    for (const it of res.data as any[]) await apply(Number(it.key), it.applying_token);
    return (res.data as any[]).length > 0;
  }

  /** Undo a save in steps that never committed: its staged lines go, then its marker. */
  async function rollback(id: number, token: string) {
    const parent = partitionOf(id);
    const staged = await stagedOf(id, token);
    await inBatches("delete", staged.map((s) => ({ parent, key: s.key })));
    await LineItem.update({ parent, key: HEAD })
      .remove(["pending_token", "pending_at", "pending_staged"])
      .where((a: any, { eq }: any) => eq(a.pending_token, token))
      .go()
      .catch(ignoreConditionFailed);
  }

  /**
   * Before a save or delete: finish a committed save in steps, undo a
   * stale uncommitted one. A fresh uncommitted one is another save under
   * way: 409.
   */
  async function settle(id: number): Promise<Partition> {
    let p = await readPartition(id);
    if (p.head?.applying_token) {
      await apply(id, p.head.applying_token);
      p = await readPartition(id);
    }
    if (p.head?.pending_token) {
      const age = Date.now() - Date.parse(p.head.pending_at ?? "");
      if (!(age >= linesTestSeam.staleMs)) throw new ConflictError();
      await rollback(id, p.head.pending_token);
      p = await readPartition(id);
    }
    return p;
  }

  /** Ids for new lines: one ADD on the collection's counter for the block. */
  async function reserveIds(counter: string, n: number): Promise<number[]> {
    if (!n) return [];
    const res: any = await Counter.update({ name: counter }).add({ seq: n }).go({ response: "all_new" } as any);
    const last = res.data.seq as number;
    return Array.from({ length: n }, (_, i) => last - n + 1 + i);
  }

  /**
   * How a unit's line changes are written, as a `WriteExtra` of the
   * parent's create, update or delete: once the parent is validated,
   * `plan` gives the line writes; each line's index operations follow from
   * its versions and its parent's (`unitChanges`). In the parent's
   * transaction when the unit fits 100 items (the lines' counts summed
   * with the parent's, per item), otherwise in steps.
   */
  function unitExtra(stored: Map<string, StoredLine[]>, plan: (saved: SavedRecord) => Array<{ collection: string; write: LineWrite }>, removing: boolean, takes: NumberTake[] = []) {
    // The new lines' ids, taken with the unit (folded with the other counts in one transaction; beside the head's marker in steps).
    const seqOps: IndexOp[] = takes.map((k) => ({ op: "counter-add", name: k.name, live: 0, seq: { from: k.from, to: k.to } }));
    let changes: LineChange[] = [];
    let writes: Array<{ collection: string; write: LineWrite }> = [];
    let token: string | null = null;
    let idOfParent: number | null = null;
    const extra: WriteExtra = {
      entities: { line: LineItem },
      auditChanges: () => (removing ? [] : lineChanges(stored, writes)),
      numbers: () => takes,
      async prepare(saved: SavedRecord) {
        // Prepared again for another id (a create whose number was taken meanwhile): undo the steps begun for the first.
        if (token && idOfParent !== null && idOfParent !== saved.id) await rollback(idOfParent, token).catch(() => undefined);
        idOfParent = saved.id;
        token = null;
        writes = plan(saved);
        const withId = (r: Record<string, unknown> | undefined) => (r ? { ...r, id: saved.id } : undefined);
        changes = unitChanges(indexed, { key: partitionOf(saved.id), before: withId(saved.before), after: removing ? undefined : withId(saved.record) }, stored, writes);
        if (!fitsApply(changes)) throw new TransactionTooLarge();
        if (fitsOneTransaction(saved.items, changes, TRANSACTION_LIMIT)) return;
        token = randomUUID();
        await claim(saved.id, saved.base, token);
        step("claim");
        await stage(saved.id, token, changes);
        step("stage");
        await LineItem.update({ parent: partitionOf(saved.id), key: HEAD })
          .set({ pending_staged: true })
          .where((a: any, { eq }: any) => eq(a.pending_token, token!))
          .go();
        step("staged");
      },
      items: () => (token ? 2 + seqOps.length : unitItems(changes) + seqOps.length),
      indexWrites: () => (token ? [] : [...changes.flatMap((c) => c.ops), ...seqOps]),
      ops(t: any, saved: SavedRecord) {
        const parent = partitionOf(saved.id);
        if (token)
          return [
            t.line
              .update({ parent, key: HEAD })
              .set({ applying_token: token })
              .remove(["pending_token", "pending_at", "pending_staged"])
              .where((a: any, { eq }: any) => `${eq(a.pending_token, token!)} AND ${eq(a.pending_staged, true)}`)
              .commit(),
            // Line lists' readers finish it (see `finishApplying`).
            t.line.put({ parent: applyingOf, key: pad(saved.id), applying_token: token }).commit(),
            ...seqOps.map((w) => commitOf(w, t)),
          ];
        return [
          ...changes
            .filter((c) => c.write)
            .map(({ collection, write }) =>
              write!.kind === "put"
                ? t.line.put(lineItem(parent, collection, write!.line, lineKey(collection, write!.line.id))).commit()
                : t.line.delete({ parent, key: lineKey(collection, write!.id) }).commit(),
            ),
          removing
            ? t.line.delete({ parent, key: HEAD }).where((a: any, { notExists }: any) => notExists(a.pending_token)).commit()
            : // No save in steps holds the parent meanwhile.
              t.line
                .check({ parent, key: HEAD })
                .where((a: any, { notExists }: any) => `${notExists(a.pending_token)} AND ${notExists(a.applying_token)}`)
                .commit(),
        ];
      },
    };
    /** After the parent's write: finish a save in steps, or undo it when the parent's write failed. */
    async function after(error?: unknown) {
      if (!token || idOfParent === null) return;
      if (error) {
        if (!(error instanceof InjectedCrash)) await rollback(idOfParent, token).catch(() => undefined);
        return;
      }
      step("commit");
      await apply(idOfParent, token);
      if (removing) await LineItem.delete({ parent: partitionOf(idOfParent), key: HEAD }).go();
    }
    return { extra, after };
  }

  /**
   * The save of a parent with lines, as a `WriteExtra` for the parent's
   * create or update: the lines as sent go to the parent's rules (outside
   * fields); once the parent is validated, its lines as saved are diffed
   * against the stored ones and written with their index items.
   */
  async function linesExtra(stored: Map<string, StoredLine[]>, body: Record<string, unknown>, actor: string, race = false) {
    const sentNames = names.filter((n) => body[n] !== undefined && body[n] !== null);
    const ids = new Map<string, number[]>();
    const takes: NumberTake[] = [];
    const outside: Record<string, unknown> = {};
    for (const c of collections) {
      const before = stored.get(c.name) ?? [];
      if (!sentNames.includes(c.name)) {
        outside[c.name] = before.map(lineView);
        ids.set(c.name, before.map((l) => l.id));
        continue;
      }
      const matched = matchLines(before, parseSentLines(c, body[c.name]));
      // New lines' ids are taken in the unit's transaction (records/numbers.ts): a refused save takes none.
      const peeked = await peekNumbers(c.idCounter, matched.filter((m) => !m.current).length, { race });
      if (peeked.take) takes.push(peeked.take);
      const fresh = peeked.ids;
      const lineIds = matched.map((m) => m.current?.id ?? fresh.shift()!);
      ids.set(c.name, lineIds);
      outside[c.name] = matched.map((m, i) => ({ ...m.fields, id: lineIds[i], ...(m.current ? { last_saved: m.current.last_saved } : {}) }));
    }
    const { extra, after } = unitExtra(
      stored,
      (saved) => {
        const writes: Array<{ collection: string; write: LineWrite }> = [];
        for (const c of collections) {
          if (!sentNames.includes(c.name)) continue;
          const views = (saved.record[c.name] ?? []) as Array<Record<string, unknown>>;
          const lineIds = ids.get(c.name)!;
          const final = views.map((v, i) => ({ id: lineIds[i], fields: businessFields(c, v) }));
          const diff = diffLines(stored.get(c.name) ?? [], final, { now: saved.now, actor });
          writes.push(...diff.writes.map((write) => ({ collection: c.name, write })));
        }
        return writes;
      },
      false,
      takes,
    );
    extra.outside = outside;
    // A save that sends no collection still moves its lines' entries when the parent's change moves them.
    const needed = sentNames.length > 0 || indexed.some((c) => isIndexed(c.ix));
    return { extra, after, needed };
  }

  /** Step 1: take the head for this save, while the parent is the version read (base; null: not created yet). */
  async function claim(id: number, base: string | null, token: string) {
    const parent = partitionOf(id);
    const mark = { pending_token: token, pending_at: new Date().toISOString(), pending_staged: false };
    const free = (a: any, { notExists }: any) => `${notExists(a.pending_token)} AND ${notExists(a.applying_token)}`;
    const record = bound;
    const tx = await createWriteTransaction({ line: LineItem, ...(record && base ? { record: record.entity } : {}) }, (t: any) => [
      ...(record && base
        ? [t.record.check({ record_type: record.type, id }).where((a: any, { eq }: any) => eq(a.last_saved, base)).commit()]
        : []),
      t.line.upsert({ parent, key: HEAD, ...mark }).where(free).commit(),
    ]).go();
    if (tx.canceled) throw new ConflictError();
  }

  /** Step 2: every line change as a staged item of the save, with its index operations (puts are idempotent). */
  async function stage(id: number, token: string, changes: LineChange[]) {
    const parent = partitionOf(id);
    const items = changes.map(({ collection, id: lineId, write, ops }) => {
      const key = stagedKey(token, collection, lineId);
      if (!write) return { parent, key, collection, id: lineId, reindex: true, ops };
      if (write.kind === "put") return { ...lineItem(parent, collection, write.line, key), ops };
      return { parent, key, collection, id: lineId, removed: true, ops };
    });
    await inBatches("put", items);
  }

  /** One stored line of a parent as a reader sees it (a committed save in steps overlaid): the line item and the head at once. */
  async function readLine(collection: string, lineId: number, parentId: number): Promise<StoredLine | null> {
    const parent = partitionOf(parentId);
    const res: any = await LineItem.get([
      { parent, key: lineKey(collection, lineId) },
      { parent, key: HEAD },
    ]).go({ consistent: true } as any);
    const items = res.data as any[];
    const head = items.find((i) => i.key === HEAD);
    let line = items.find((i) => i.key !== HEAD);
    if (head?.applying_token) {
      const staged: any = await LineItem.get({ parent, key: stagedKey(head.applying_token, collection, lineId) }).go({ consistent: true } as any);
      if (staged.data?.removed) line = undefined;
      else if (staged.data && !staged.data.reindex) line = staged.data;
    }
    return line ? storedOf(line) : null;
  }

  let bound: RecordType | null = null;
  let lineSaveHook: LineSaveHook | null = null;

  /** Save one line by its id (this parent type's): see `saveLine`. */
  async function saveLineHere(collection: string, lineId: number, body: Record<string, unknown>, actor: string): Promise<{ parent: any; line: LineRow }> {
    const c = collectionOf(collection);
    const sent = lastSavedOf(body);
    const located = await locate(lineTypeOf(collection), lineId);
    if (!located) throw new NotFoundError(c.label ?? "Line");
    const parentId = located.parentId;
    for (let attempt = 0; ; attempt++) {
      const p = await settle(parentId);
      const lines = p.lines.get(collection) ?? [];
      const line = lines.find((l) => l.id === lineId);
      if (!line) throw new NotFoundError(c.label ?? "Line");
      if (!isFresh(line.last_saved, sent)) throw new ConflictError();
      // The line as sent, checked alone (errors keyed by its own fields), then the collection with it.
      const one = body;
      let parsed: Record<string, unknown>;
      try {
        parsed = parseSentLines(c, [one])[0].fields;
      } catch (e) {
        if (e instanceof ValidationError) throw new ValidationError(e.message, rekey(e.errors, `${collection}.0.`));
        throw e;
      }
      // Only the collections the save changes are sent: the others keep their lines (and write nothing).
      const changed = new Map<string, Map<number, Record<string, unknown>>>([[collection, new Map([[lineId, { ...one }]])]]);
      let current: Record<string, unknown> | undefined;
      if (lineSaveHook) {
        // The parent service's rules and locks run on the job as it will be; it answers the lines to write.
        current = (await bound!.stored(parentId)) as Record<string, unknown>;
        const views = Object.fromEntries(names.map((n) => [n, (p.lines.get(n) ?? []).map(lineView)]));
        const answer = await lineSaveHook({ parentId, parent: current, lines: views, collection, lineId, line: { ...lineView(line), ...parsed, id: lineId, last_saved: line.last_saved }, actor });
        if (answer) {
          changed.clear();
          for (const a of answer) {
            if (!changed.has(a.collection)) changed.set(a.collection, new Map());
            changed.get(a.collection)!.set(a.line.id as number, a.line);
          }
        }
      }
      const body2: Record<string, unknown> = {};
      for (const [name, byId] of changed)
        body2[name] = (p.lines.get(name) ?? []).map((l) => {
          const sentLine = byId.get(l.id);
          return sentLine ? { ...sentLine, id: l.id, last_saved: l.last_saved } : { ...lineView(l) };
        });
      try {
        const row: any = await updateParent(parentId, body2, actor, { partial: true, system: true, settled: p, current });
        const saved = ((row?.[collection] ?? []) as Array<Record<string, unknown>>).find((l) => l.id === lineId) ?? lineView((await readLine(collection, lineId, parentId))!);
        return { parent: row, line: { ...saved, parent_type: parentType, parent_id: parentId } as LineRow };
      } catch (e) {
        // The parent was saved meanwhile (another line, or the parent itself): the line may still be fresh, so read again.
        if (!(e instanceof ConflictError) || attempt >= 2) throw e;
        await pause(attempt);
      }
    }
  }

  async function updateParent(
    id: number,
    body: Record<string, unknown>,
    actor: string,
    { also, current, settled, ...rest }: { partial?: boolean; system?: boolean; also?: WriteExtra; current?: Record<string, unknown>; settled?: Partition } = {},
  ) {
    const parent = bound!;
    const p = settled ?? (await settle(id));
    // `current`: the parent as the caller read it (its `stored`); with its lines as just settled, the parent's update reads neither again.
    const opts = current ? { ...rest, current: { ...current, ...Object.fromEntries(names.map((n) => [n, p.lines.get(n)!.map(lineView)])) } as any } : rest;
    return inNumberRounds(also, async (round) => {
      const { extra, after, needed } = await linesExtra(p.lines, body, actor, round > 0);
      if (!needed) return { write: () => parent.update(id, withoutLines(body), actor, { ...opts, extra: also }), after: async () => {} };
      return { write: () => parent.update(id, withoutLines(body), actor, { ...opts, extra: joinExtras(also, extra) }), after };
    });
  }

  const inside: EngineInside = { parentType, indexingOf: (c) => indexing.get(c)!, readPartition, finishApplying, bound: () => bound, saveLineHere, readLine };
  for (const c of collections) {
    const ix = indexing.get(c.name)!;
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
    bind(parent: RecordType) {
      bound = parent;
      return this;
    },

    /**
     * Create a parent with its lines (a body without a collection creates it
     * empty). `also`: more writes for the parent's transaction (another
     * type's records, `writeTogether`), prepared before the lines.
     */
    async create(body: Record<string, unknown>, actor: string, { also }: { also?: WriteExtra } = {}) {
      const parent = bound!;
      return inNumberRounds(also, async (round) => {
        const { extra, after } = await linesExtra(new Map(), body, actor, round > 0);
        return { write: () => parent.create(withoutLines(body), actor, { extra: joinExtras(also, extra), race: round > 0 }), after };
      });
    },

    /**
     * Save a parent: its fields, and each collection the body carries
     * (whole: lines left out are removed). A collection not sent keeps its
     * lines (their entries still move when the parent's change moves them).
     * A stale parent or line is a 409, with nothing written. `also` as for
     * `create`.
     */
    async update(
      id: number,
      body: Record<string, unknown>,
      actor: string,
      // `system`: a write the product makes itself on the version it reads (records/define.ts `update`).
      opts: { partial?: boolean; system?: boolean; also?: WriteExtra; current?: Record<string, unknown> } = {},
    ) {
      return updateParent(id, body, actor, opts);
    },

    /** Delete a parent and its lines, with their entries, facets and locators: in its transaction when they fit, else in steps committed by the parent's delete. */
    async remove(id: number, actor: string) {
      const parent = bound!;
      const p = await settle(id);
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it: without it kind widens to string and is no LineWrite
      const all = [...p.lines.entries()].flatMap(([collection, lines]) => lines.map((l) => ({ collection, write: { kind: "delete", id: l.id } as LineWrite })));
      const { extra, after } = unitExtra(p.lines, () => all, true);
      let res: any;
      try {
        res = await parent.remove(id, actor, { extra });
      } catch (e) {
        await after(e);
        throw e;
      }
      await after();
      return res;
    },

    /** Finish or undo an interrupted save in steps (the next save does this itself). */
    settle,

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
      const out: Record<string, number> = Object.fromEntries(lists.map((l) => [l, 0]));
      if (!lists.length) return out;
      const res: any = await afterApplying(lineType, () => Counter.get(lists.map((l) => ({ name: listCounter(lineType, l) }))).go());
      for (const c of res.data as Array<{ name: string; live?: number }>) {
        const list = c.name.slice(`${lineType}#list#`.length);
        if (list in out) out[list] = Math.max(0, c.live ?? 0);
      }
      return out;
    },

    /** The values of a line facet with their counts (or summed amounts), as a record type's `facetValues`. */
    async lineFacetValues(collection: string, facet: string): Promise<Array<{ value: string; count: number }>> {
      const lineType = lineTypeOf(collection);
      const res: any = await afterApplying(lineType, () => Facet.query.byFacet({ facet: `${lineType}#${facet}` }).go({ pages: "all" } as any));
      return (res.data as Array<{ value: string; live?: number }>).filter((f) => (f.live ?? 0) !== 0).map((f) => ({ value: f.value, count: f.live! }));
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
      const row: LineRow = { ...lineView(line), parent_type: located.holder.parentType, parent_id: located.parentId } as LineRow;
      if (opts.parents) row.parent = (await located.holder.engine.bound()?.getMany([located.parentId]))?.[0] ?? null;
      return row;
    },

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
    async saveLine(collection: string, lineId: number, body: Record<string, unknown>, actor: string): Promise<{ parent: any; line: LineRow }> {
      const located = await locate(lineTypeOf(collection), lineId);
      if (!located) throw new NotFoundError(collectionOf(collection).label ?? "Line");
      return located.holder.engine.saveLineHere(located.holder.collection, lineId, body, actor);
    },

    /**
     * Load many lines at once under parents already stored (benchmarks and
     * one-off imports into a table nobody else is writing to): each line
     * parsed with its collection's schema, its id from the collection's
     * counter (one ADD for the block), the line item, its entries and its
     * locator put with BatchWriteItem, shared counts and facets summed in
     * memory and added once each. `parent`: the parent's fields as its
     * lines' lists read them (read from the table when left out). The
     * parent's own derived fields (totals) are not worked out again.
     */
    async bulkLoadLines(collection: string, rows: Array<{ parentId: number; parent?: Record<string, unknown>; lines: unknown[] }>, actor: string, { concurrency = 8 } = {}) {
      const c = collectionOf(collection);
      const ix = indexing.get(c.name)!;
      const parsed = rows.map((r) => ({ ...r, lines: parseSentLines(c, r.lines).map((l) => l.fields) }));
      const ids = await reserveIds(c.idCounter, parsed.reduce((t, r) => t + r.lines.length, 0));
      const now = new Date().toISOString();
      const sums = new Sums();
      let k = 0;
      let items = 0;
      for (const batch of chunk(parsed, 500)) {
        const missing = batch.filter((r) => !r.parent).map((r) => r.parentId);
        const fetched = new Map<number, Record<string, unknown>>(missing.length ? ((await bound!.getMany(missing))).map((p) => [p.id, p]) : []);
        const puts: Array<Record<string, any>> = [];
        for (const r of batch) {
          const key = partitionOf(r.parentId);
          const parentView = { ...(r.parent ?? fetched.get(r.parentId) ?? {}), id: r.parentId };
          for (const fields of r.lines) {
            const id = ids[k++];
            puts.push(LineItem.put(lineItem(key, c.name, { id, last_saved: now, created_at: now, created_by: actor, updated_by: actor, fields }, lineKey(c.name, id)) as any).params().Item);
            for (const w of lineIndexOps(ix, id, key, undefined, { line: { ...fields, id }, parent: parentView })) {
              const item = batchItemOfLineOp(w, sums);
              if (item) puts.push(item);
            }
          }
        }
        items += await batchWrite(puts, concurrency);
      }
      await inParallel([...sums.counters], concurrency, ([name, live]) => (live ? Counter.update({ name }).add({ live }).go() : null));
      await inParallel(sums.facetEntries(), concurrency, ({ facet, value, live }) => (live ? Facet.update({ facet, value }).add({ live }).go() : null));
      return { first: ids[0] ?? 0, last: ids[ids.length - 1] ?? 0, count: ids.length, items };
    },

    /**
     * For data upgrades only (core/platform/upgrades.ts `dataUpgrades`):
     * put lines as given (ids kept) under a parent, idempotent. Ids not
     * yet issued are taken from the collection's counter first. Not for
     * collections with lists, facets or a locator (their lines are saved),
     * unless `indexedAfter`: the same upgrade raises the line type's
     * `indexVersion`, so `rebuildLineType` lists them right after.
     */
    async importLines(parentId: number, collection: string, lines: Array<Omit<StoredLine, "id"> & { id: number | null }>, { indexedAfter = false } = {}) {
      const c = collectionOf(collection);
      if (isIndexed(indexing.get(c.name)!) && !indexedAfter) throw new Error(`importLines: ${collection} has lists, facets or a locator`);
      const fresh = await reserveIds(c.idCounter, lines.filter((l) => l.id === null).length);
      const parent = partitionOf(parentId);
      const items = lines.map((l) => {
        const id = l.id ?? fresh.shift()!;
        return lineItem(parent, collection, { ...l, id }, lineKey(collection, id));
      });
      await inBatches("put", items);
      // An id given by hand must never be issued again.
      const top = Math.max(0, ...items.map((i) => i.id));
      const counter: any = await Counter.get({ name: c.idCounter }).go({ consistent: true } as any);
      if ((counter.data?.seq ?? 0) < top) await Counter.update({ name: c.idCounter }).set({ seq: top }).go();
      return items.length;
    },
  };

  function withoutLines(body: Record<string, unknown>) {
    const out: Record<string, unknown> = { ...body };
    for (const n of names) delete out[n];
    return out;
  }
}

function rekey(errors: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(errors ?? {}).map(([k, v]) => [k.startsWith(prefix) ? k.slice(prefix.length) : k, v]));
}

/** Past this size the parent's audit entry names how many lines changed, not each change (400 KB item limit). */
const AUDIT_DETAIL_LIMIT = 100_000;

/**
 * What a save did to the lines, for the parent's audit entry: each changed
 * field of a changed line ("finance_agreements.7.sold_price"), each line
 * added or removed with its fields.
 */
function lineChanges(stored: Map<string, StoredLine[]>, writes: Array<{ collection: string; write: LineWrite }>): FieldChange[] {
  const out: FieldChange[] = [];
  for (const { collection, write } of writes) {
    const before = (stored.get(collection) ?? []).find((l) => l.id === (write.kind === "put" ? write.line.id : write.id));
    if (write.kind === "delete") out.push({ field: `${collection}.${write.id}`, from: before?.fields ?? null, to: null });
    else if (write.isNew || !before) out.push({ field: `${collection}.${write.line.id}`, from: null, to: write.line.fields });
    else out.push(...diffRecords(before.fields, write.line.fields).map((c) => ({ ...c, field: `${collection}.${write.line.id}.${c.field}` })));
  }
  if (JSON.stringify(out).length <= AUDIT_DETAIL_LIMIT) return out;
  const count = (kind: string) => writes.filter((w) => (kind === "delete" ? w.write.kind === "delete" : w.write.kind === "put" && w.write.isNew === (kind === "new"))).length;
  return [{ field: "lines", from: null, to: { added: count("new"), changed: count("changed"), removed: count("delete") } }];
}

/** A line's business fields from its view as saved: meta and output-only fields off. */
function businessFields(c: LineCollection, view: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(view))
    if (!(LINE_META as readonly string[]).includes(k) && !c.outputOnly?.includes(k) && v !== undefined) out[k] = v;
  return out;
}

function lineItem(parent: string, collection: string, l: StoredLine, key: string) {
  return {
    parent,
    key,
    collection,
    id: l.id,
    fields: l.fields,
    last_saved: l.last_saved,
    created_at: l.created_at,
    created_by: l.created_by,
    updated_by: l.updated_by,
  };
}

/** Put or delete line items with BatchWriteItem, 25 a request; unprocessed ones are sent again. */
async function inBatches(kind: "put" | "delete", items: any[]) {
  for (const batch of chunk(items, 25)) {
    let todo: any[] = batch;
    for (let attempt = 0; todo.length; attempt++) {
      const op: any = kind === "put" ? LineItem.put(todo as any) : LineItem.delete(todo as any);
      const res: any = await op.go({ unprocessed: "item" });
      todo = res.unprocessed ?? [];
      if (todo.length && attempt > 10) throw new Error(`lines: ${todo.length} items left unprocessed`);
      if (todo.length) await new Promise((r) => setTimeout(r, 20 * 2 ** Math.min(attempt, 5)));
    }
  }
}

function ignoreConditionFailed(e: any) {
  if (!/conditional request failed/i.test(String(e?.message ?? e))) throw e;
}

/** A line's index operation as an item for BatchWriteItem (puts only: a bulk load or a rebuild); counts go to `sums`. */
function batchItemOfLineOp(w: IndexOp, sums: Sums): Record<string, any> | null {
  switch (w.op) {
    case "entry-put":
      return ListEntry.put({ list: w.list, sort: w.sort, id: w.id, tags: w.tags, parent: w.parent } as any).params().Item;
    case "claim-create":
      return UniqueClaim.put({ scope: w.scope, value: w.value, id: w.id, parent: w.parent } as any).params().Item;
    case "counter-add":
      sums.counter(w.name, w.live);
      return null;
    case "facet-add":
      sums.facet(w.facet, w.value, w.live);
      return null;
    default:
      throw new Error(`lines batch write: unexpected ${w.op}`);
  }
}

/** Every indexed line type and the index version its declarations are at (core/platform/upgrades.ts). */
export function lineTypeVersions(): Array<{ lineType: string; version: number }> {
  return [...lineTypes].map(([lineType, t]) => ({ lineType, version: t.version }));
}

/**
 * Index every stored line of a line type again as the current code indexes
 * it, across every parent type holding it (a job's, a quote's and a part
 * order's parts together, since they share counts): each line's entries
 * and locator put, and the list counts, position counts and facets set to
 * what the lines add up to. For the index upgrade only, while nobody else
 * writes (counts are set, not added to). Entries the current code no
 * longer writes are left as they are.
 */
export async function rebuildLineType(lineType: string, { concurrency = 4 } = {}): Promise<{ lines: number; items: number }> {
  const t = lineTypes.get(lineType);
  if (!t) return { lines: 0, items: 0 };
  const sums = new Sums();
  let lines = 0;
  let items = 0;
  for (const h of t.holders) {
    await h.engine.finishApplying();
    const parent = h.engine.bound();
    if (!parent) continue;
    const ix = h.engine.indexingOf(h.collection);
    let cursor: string | null = null;
    do {
      const page: any = await (parent.entity).query.byId({ record_type: parent.type }).go({ cursor, limit: 200 } as any);
      cursor = page.cursor;
      const puts: Array<Record<string, any>> = [];
      await inParallel(page.data as any[], concurrency, async (row: any) => {
        const p = await h.engine.readPartition(row.id);
        const parentView = { ...row, ...Object.fromEntries([...p.lines].map(([n, ls]) => [n, ls.map(lineView)])), id: row.id };
        for (const l of p.lines.get(h.collection) ?? []) {
          lines++;
          for (const w of lineIndexOps(ix, l.id, parentKey(h.parentType, row.id), undefined, { line: { ...l.fields, id: l.id }, parent: parentView })) {
            const item = batchItemOfLineOp(w, sums);
            if (item) puts.push(item);
          }
        }
      });
      items += await batchWrite(puts, concurrency);
    } while (cursor);
  }
  await inParallel([...sums.counters], concurrency, ([name, live]) => Counter.update({ name }).set({ live }).go());
  await inParallel(sums.facetEntries(), concurrency, ({ facet, value, live }) => Facet.update({ facet, value }).set({ live }).go());
  return { lines, items: items + sums.counters.size + sums.facets.size };
}
