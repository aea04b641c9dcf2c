// Writes of one record planned for ANOTHER record's transaction (`writeTogether`), and several extras on one write (`joinExtras`).
import type * as z from "zod";
import { auditItem, diffRecords } from "../audit.js";
import { checkBeforeWrite } from "../integrity.js";
import { ConflictError } from "../errors.js";
import { nextId } from "../ids.js";
import type { TxItem } from "../service.js";
import { commitOf } from "./commit.js";
import { checkNoFigureMove } from "./figures.js";
import { isFresh, lastSavedOf } from "./freshness.js";
import { foldCounts, indexOps, lifeOps } from "./indexes.js";
import { pick, stripUndefined, type Kind, type Row } from "./kind.js";
import type { IndexOp, SavedRecord, WriteExtra } from "./types.js";

/**
 * One record's create, update or delete, checked and validated, as
 * operations for ANOTHER record's transaction (see `writeTogether`).
 */
export type PlannedWrite = {
  /** The record's own operation (built when the transaction is). */
  record: () => TxItem;
  /** Its audit entry and index operations (counts folded with the others' by `writeTogether`). */
  writes: IndexOp[];
};

/** A record type's `planCreate`, `planUpdate` and `planRemove`. */
export function plansOf<S extends z.ZodObject, E>(k: Kind<S, E>) {
  type Fields = z.infer<S>;
  const { opts, tx, keyOf, fieldNames } = k;
  return {
    /**
     * This type's create, update and delete as a `PlannedWrite` for another
     * record's transaction (`writeTogether`): parsed, validated and checked
     * (references, freshness) now, written with that record. For types
     * without unique values, exclusive ranges or outside fields (their
     * refusals are explained by their own transactions), or writes that
     * leave the record's unique values and ranges as they are.
     */
    async planCreate(body: unknown, actor: string, { sameWrite = [], id: given }: { sameWrite?: string[]; id?: number } = {}): Promise<PlannedWrite> {
      const sentOutside = k.outsideNames.some((n) => body && typeof body === "object" && (body as Record<string, unknown>)[n] !== undefined && (body as Record<string, unknown>)[n] !== null);
      const fields = { ...(opts.defaults?.() ?? {}), ...stripUndefined(k.parse(body, false)) } as Fields;
      k.writableTogether(undefined, fields, !sentOutside);
      opts.validate?.(fields);
      // `sameWrite`: fields naming the record this one is written with (a vehicle being created): it exists once both land.
      await checkBeforeWrite(opts.type, opts.fields, fields, pick(fields, sameWrite));
      // `id`: issued beforehand by `nextId(type)`, when the record written with this one must name it (a part enquiry and its job, linked both ways).
      const id = given ?? (await nextId(opts.type));
      checkNoFigureMove(opts, id, undefined, fields);
      const now = new Date().toISOString();
      const item = k.recordItem(fields, id, actor, now);
      return { writes: k.createOps(fields, id, actor, now).writes, record: () => tx.create(item).commit() };
    },

    /**
     * `current`: the record as the caller read it to plan this write (read
     * once: the write is on that version). `guard`: fields whose values as
     * read the write is also conditioned on (the totals it moves, e.g. an
     * invoice's paid and credited), besides the version.
     */
    async planUpdate(
      id: number,
      body: unknown,
      actor: string,
      { partial = false, system = false, current: read, guard = [] }: { partial?: boolean; system?: boolean; current?: Record<string, unknown>; guard?: string[] } = {},
    ): Promise<PlannedWrite> {
      const current = (read as Row<S> | undefined) ?? (await k.getRow(id));
      const sent = system ? null : lastSavedOf(body);
      const fieldsSent = k.parse(body, partial);
      if (sent !== null && !isFresh(current.last_saved, sent)) throw new ConflictError();
      const before = pick(current, fieldNames) as Fields;
      const merged = { ...before, ...stripUndefined(fieldsSent) };
      k.writableTogether(before, merged);
      opts.validate?.(merged);
      await checkBeforeWrite(opts.type, opts.fields, merged, before);
      checkNoFigureMove(opts, id, before, merged);
      const now = new Date().toISOString();
      const set: Record<string, unknown> = { ...merged, last_saved: now, updated_by: actor, search_text: k.searchOf(merged) };
      const held = current as Record<string, unknown>;
      return {
        writes: [{ op: "audit", item: auditItem(opts.type, id, actor, "update", diffRecords(before, merged), now) }, ...indexOps(k.ix, id, before, merged).writes],
        // On the version read (and the guarded totals as read): saved by someone else meanwhile cancels the whole transaction.
        record: () =>
          tx
            .patch({ ...keyOf, id })
            .set(set)
            .where((a, { eq, notExists }) =>
              [
                eq(a.last_saved, current.last_saved),
                ...guard.map((f) => (held[f] === null || held[f] === undefined ? notExists(a[f]) : eq(a[f], held[f]))),
              ].join(" AND "),
            )
            .commit(),
      };
    },

    async planRemove(id: number, actor: string): Promise<PlannedWrite> {
      const current = await k.getRow(id);
      const before = pick(current, fieldNames) as Fields;
      k.writableTogether(before, undefined);
      checkNoFigureMove(opts, id, before, undefined);
      const now = new Date().toISOString();
      return {
        writes: [
          { op: "audit", item: auditItem(opts.type, id, actor, "delete", diffRecords(before, undefined), now) },
          ...lifeOps(opts.type, id, -1),
          ...indexOps(k.ix, id, before, undefined).writes,
        ],
        record: () =>
          tx
            .delete({ ...keyOf, id })
            .where((a, { eq }) => eq(a.last_saved, current.last_saved))
            .commit(),
      };
    },
  };
}

/**
 * Records of other types written in one record's transaction (a vehicle
 * and its inspections): the plans are made in `prepare` (the record is
 * validated, its id known), so a refused one leaves nothing written, and
 * the record and they land together or not at all. Counts two of them
 * share (a list's counter) are added once: DynamoDB takes one operation
 * per item in a transaction.
 */
export function writeTogether(plan: (saved: SavedRecord) => Promise<PlannedWrite[]>, { replan = false }: { replan?: boolean } = {}): WriteExtra {
  let plans: PlannedWrite[] = [];
  let writes: IndexOp[] = [];
  const prepare = async (saved: SavedRecord) => {
    plans = await plan(saved);
    writes = foldCounts(plans.flatMap((p) => p.writes));
  };
  return {
    prepare,
    // `replan`: the plans read what they write on (another record's version, its totals): a retry plans them again from fresh reads.
    ...(replan ? { replan: prepare } : {}),
    items: () => plans.length + writes.length,
    ops: () => [...plans.map((p) => p.record()), ...writes.map(commitOf)],
  };
}

/**
 * Several `WriteExtra`s on one write (a vehicle's inspections and its
 * lines): each prepared in turn, told the items the ones before it add
 * (so the lines engine knows what is left of the 100), operations joined.
 */
export function joinExtras(...given: Array<WriteExtra | undefined>): WriteExtra | undefined {
  const all = given.filter((x): x is WriteExtra => !!x);
  if (all.length <= 1) return all[0];
  const added = () => all.reduce((n, x) => n + (x.items?.() ?? 0), 0);
  const inTurn = (step: (x: WriteExtra) => ((saved: SavedRecord) => Promise<void>) | undefined) => async (saved: SavedRecord) => {
    let items = saved.items;
    for (const x of all) {
      await step(x)?.({ ...saved, items });
      items += x.items?.() ?? 0;
    }
  };
  return {
    outside: all.find((x) => x.outside)?.outside,
    prepare: inTurn((x) => x.prepare),
    ...(all.some((x) => x.replan) ? { replan: inTurn((x) => x.replan) } : {}),
    contended: () => all.some((x) => (x.contended ? x.contended() : !!x.replan)),
    items: added,
    ops: (saved) => all.flatMap((x) => x.ops?.(saved) ?? []),
    auditChanges: () => all.flatMap((x) => x.auditChanges?.() ?? []),
    indexWrites: (saved) => all.flatMap((x) => x.indexWrites?.(saved) ?? []),
    numbers: () => all.flatMap((x) => x.numbers?.() ?? []),
  };
}
