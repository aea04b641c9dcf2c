import { randomUUID } from "node:crypto";
import { Entity, createWriteTransaction } from "electrodb";
import { diffRecords, type FieldChange } from "./audit.js";
import { ConflictError } from "./errors.js";
import {
  LINE_META,
  chunk,
  diffLines,
  fitsOneTransaction,
  matchLines,
  parseSentLines,
  type LineSchema,
  type LineWrite,
  type StoredLine,
} from "./lines-plan.js";
import { joinExtras, type OutsideFields, type RecordType, type SavedRecord, type WriteExtra } from "./records.js";
import { Counter, SERVICE, entityConfig } from "./service.js";

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
    },
    indexes: {
      byParent: { pk: { field: "pk", composite: ["parent"] }, sk: { field: "sk", composite: ["key"] } },
    },
  },
  entityConfig(),
);

/** One child collection of a parent type. */
export type LineCollection = LineSchema & {
  /** The counter its line ids come from (ids unique across parents, kept for life). */
  idCounter: string;
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
/** Staged lines moved per apply transaction: a put and a delete each, plus the check on the head. */
const APPLY_BATCH = 49;
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

/**
 * Declare the child collections of a parent type. Pass `.outside` to the
 * parent's `defineRecordType` (so its rules and indexes see the lines),
 * call `.attach` in its `expand` (so every answer carries them), and save
 * through `.create`, `.update` and `.remove`.
 */
export function defineLines(parentType: string, collections: LineCollection[]) {
  const names = collections.map((c) => c.name);
  const partitionOf = (id: number) => `${parentType}#${id}`;

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
      for (const s of staged.filter((s) => s.key.startsWith(`s#${head!.applying_token}#`))) {
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

  /** Step 5: move a committed save's staged lines into place (idempotent), then clear the marker. */
  async function apply(id: number, token: string) {
    const parent = partitionOf(id);
    for (const batch of chunk(await stagedOf(id, token), APPLY_BATCH)) {
      const tx = await createWriteTransaction({ line: LineItem }, (t: any) => [
        t.line.check({ parent, key: HEAD }).where((a: any, { eq }: any) => eq(a.applying_token, token)).commit(),
        ...batch.flatMap((s) => [
          s.removed
            ? t.line.delete({ parent, key: lineKey(s.collection, s.id) }).commit()
            : t.line.put({ ...s, key: lineKey(s.collection, s.id), removed: undefined }).commit(),
          t.line.delete({ parent, key: s.key }).commit(),
        ]),
      ]).go();
      // Cancelled: another call applied this save already (the marker is gone).
      if (tx.canceled) return;
      step("apply");
    }
    await LineItem.update({ parent, key: HEAD })
      .remove(["applying_token"])
      .where((a: any, { eq }: any) => eq(a.applying_token, token))
      .go()
      .catch(ignoreConditionFailed);
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
   * The save of a parent with lines, as a `WriteExtra` for the parent's
   * create or update: the lines as sent go to the parent's rules (outside
   * fields); once the parent is validated, its lines as saved are diffed
   * against the stored ones and written in its transaction, or in steps.
   */
  async function linesExtra(parentId: number | null, stored: Map<string, StoredLine[]>, body: Record<string, unknown>, actor: string) {
    const sentNames = names.filter((n) => body[n] !== undefined && body[n] !== null);
    const ids = new Map<string, number[]>();
    const outside: Record<string, unknown> = {};
    for (const c of collections) {
      const before = stored.get(c.name) ?? [];
      if (!sentNames.includes(c.name)) {
        outside[c.name] = before.map(lineView);
        ids.set(c.name, before.map((l) => l.id));
        continue;
      }
      const matched = matchLines(before, parseSentLines(c, body[c.name]));
      const fresh = await reserveIds(c.idCounter, matched.filter((m) => !m.current).length);
      const lineIds = matched.map((m) => m.current?.id ?? fresh.shift()!);
      ids.set(c.name, lineIds);
      outside[c.name] = matched.map((m, i) => ({ ...m.fields, id: lineIds[i], ...(m.current ? { last_saved: m.current.last_saved } : {}) }));
    }
    let writes: Array<{ collection: string; write: LineWrite }> = [];
    let audit: FieldChange[] = [];
    let token: string | null = null;
    let idOfParent = parentId;

    const extra: WriteExtra = {
      outside,
      entities: { line: LineItem },
      auditChanges: () => audit,
      async prepare(saved: SavedRecord) {
        idOfParent = saved.id;
        writes = [];
        for (const c of collections) {
          if (!sentNames.includes(c.name)) continue;
          const views = (saved.record[c.name] ?? []) as Array<Record<string, unknown>>;
          const lineIds = ids.get(c.name)!;
          const final = views.map((v, i) => ({ id: lineIds[i], fields: businessFields(c, v) }));
          const diff = diffLines(stored.get(c.name) ?? [], final, { now: saved.now, actor });
          writes.push(...diff.writes.map((write) => ({ collection: c.name, write })));
        }
        audit = lineChanges(stored, writes);
        if (fitsOneTransaction(saved.items, writes.length)) return;
        token = randomUUID();
        await claim(saved.id, saved.base, token);
        step("claim");
        await stage(saved.id, token, writes);
        step("stage");
        await LineItem.update({ parent: partitionOf(saved.id), key: HEAD })
          .set({ pending_staged: true })
          .where((a: any, { eq }: any) => eq(a.pending_token, token!))
          .go();
        step("staged");
      },
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
          ];
        return [
          ...writes.map(({ collection, write }) =>
            write.kind === "put"
              ? t.line.put(lineItem(parent, collection, write.line, lineKey(collection, write.line.id))).commit()
              : t.line.delete({ parent, key: lineKey(collection, write.id) }).commit(),
          ),
          // No save in steps holds the parent meanwhile.
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
    }
    return { extra, after, sentNames };
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

  /** Step 2: every line write as a staged item of the save (puts are idempotent). */
  async function stage(id: number, token: string, writes: Array<{ collection: string; write: LineWrite }>) {
    const parent = partitionOf(id);
    const items = writes.map(({ collection, write }) =>
      write.kind === "put"
        ? lineItem(parent, collection, write.line, stagedKey(token, collection, write.line.id))
        : { parent, key: stagedKey(token, collection, write.id), collection, id: write.id, removed: true },
    );
    await inBatches("put", items);
  }

  let bound: RecordType | null = null;

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
      const { extra, after } = await linesExtra(null, new Map(), body, actor);
      let row: any;
      try {
        row = await parent.create(withoutLines(body), actor, { extra: joinExtras(also, extra) });
      } catch (e) {
        await after(e);
        throw e;
      }
      await after();
      return row;
    },

    /**
     * Save a parent: its fields, and each collection the body carries
     * (whole: lines left out are removed). A collection not sent keeps its
     * lines. A stale parent or line is a 409, with nothing written. `also`
     * as for `create`.
     */
    async update(
      id: number,
      body: Record<string, unknown>,
      actor: string,
      { also, current, ...rest }: { partial?: boolean; also?: WriteExtra; current?: Record<string, unknown> } = {},
    ) {
      const parent = bound!;
      const p = await settle(id);
      // `current`: the parent as the caller read it (its `stored`); with its lines as just settled, the parent's update reads neither again.
      const opts = current ? { ...rest, current: { ...current, ...Object.fromEntries(names.map((n) => [n, p.lines.get(n)!.map(lineView)])) } as any } : rest;
      const { extra, after, sentNames } = await linesExtra(id, p.lines, body, actor);
      if (!sentNames.length) return parent.update(id, withoutLines(body), actor, { ...opts, extra: also });
      let row: any;
      try {
        row = await parent.update(id, withoutLines(body), actor, { ...opts, extra: joinExtras(also, extra) });
      } catch (e) {
        await after(e);
        throw e;
      }
      await after();
      return row;
    },

    /** Delete a parent and its lines: in its transaction when they fit, else the parent first, then the lines. */
    async remove(id: number, actor: string) {
      const parent = bound!;
      const p = await settle(id);
      const all = [...p.lines.entries()].flatMap(([collection, lines]) => lines.map((l) => ({ collection, id: l.id })));
      let inOne = true;
      const key = partitionOf(id);
      const res = await parent.remove(id, actor, {
        extra: {
          entities: { line: LineItem },
          prepare: async (saved) => {
            inOne = fitsOneTransaction(saved.items, all.length);
          },
          ops: (t: any) => [
            ...(inOne ? all.map((l) => t.line.delete({ parent: key, key: lineKey(l.collection, l.id) }).commit()) : []),
            t.line.delete({ parent: key, key: HEAD }).where((a: any, { notExists }: any) => notExists(a.pending_token)).commit(),
          ],
        },
      });
      // Lines of a deleted parent are never read (its reads answer 404); these deletes only tidy up.
      if (!inOne) await inBatches("delete", all.map((l) => ({ parent: key, key: lineKey(l.collection, l.id) })));
      return res;
    },

    /** Finish or undo an interrupted save in steps (the next save does this itself). */
    settle,

    /**
     * For data upgrades only (core/platform/upgrades.ts `dataUpgrades`):
     * put lines as given (ids kept) under a parent, idempotent. Ids not
     * yet issued are taken from the collection's counter first.
     */
    async importLines(parentId: number, collection: string, lines: Array<Omit<StoredLine, "id"> & { id: number | null }>) {
      const c = collections.find((x) => x.name === collection)!;
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
