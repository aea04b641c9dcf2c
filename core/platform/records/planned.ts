// Writes of one record planned for ANOTHER record's transaction (`writeTogether`), and several extras on one write (`joinExtras`).
import type * as z from "zod";
import { auditItem, diffRecords } from "../audit.js";
import { checkBeforeWrite } from "../integrity.js";
import { ConflictError, NotFoundError } from "../errors.js";
import { nextId } from "../ids.js";
import type { TxItem } from "../service.js";
import { commitOf } from "./commit.js";
import { figuresExtra } from "./figures.js";
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
  /**
   * The figures the write moves (records/figures.ts, the same extra a
   * record's own save joins): planned on the ranks read now, written by
   * `writeTogether` with the record's own index writes; absent when it moves none.
   */
  figures?: WriteExtra;
  /**
   * After the transaction was cancelled, before it is tried again (the
   * save's retry, records/save.ts): the record saved or deleted meanwhile
   * is edited elsewhere (ConflictError: retrying cannot help); otherwise
   * its figures are planned again from fresh reads (another write moved
   * the same owner's rank).
   */
  again?: () => Promise<void>;
};

/**
 * A planned write's figures (records/figures.ts `figuresExtra`, as a
 * record's own save has them), prepared on the record as it will be
 * written, and the re-plan of the retry: on the version the write is
 * conditioned on (`base`; null: a create).
 */
async function plannedFigures(
  figures: WriteExtra | undefined,
  getRow: (id: number) => Promise<{ last_saved: string | null }>,
  mode: "create" | "update" | "remove",
  saved: SavedRecord,
): Promise<Pick<PlannedWrite, "figures" | "again">> {
  if (!figures?.prepare) return {};
  await figures.prepare(saved);
  if (!figures.items?.()) return {};
  const again = async () => {
    if (mode !== "create") {
      const now = await getRow(saved.id).catch((e: unknown) => {
        if (e instanceof NotFoundError) return null;
        throw e;
      });
      if (!now || now.last_saved !== saved.base) throw new ConflictError();
    }
    await figures.replan?.(saved);
  };
  return { figures, again };
}

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
      const now = new Date().toISOString();
      const item = k.recordItem(fields, id, actor, now);
      const moved = await plannedFigures(figuresExtra(opts, "create"), k.getRow, "create", { id, now, base: null, record: fields, items: 0 });
      return { writes: k.createOps(fields, id, actor, now).writes, record: () => tx.create(item).commit(), ...moved };
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
      const now = new Date().toISOString();
      const set: Record<string, unknown> = { ...merged, last_saved: now, updated_by: actor, search_text: k.searchOf(merged) };
      const held = current as Record<string, unknown>;
      return {
        ...(await plannedFigures(figuresExtra(opts, "update"), k.getRow, "update", { id, now, base: current.last_saved, record: merged, before, items: 0 })),
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
      const now = new Date().toISOString();
      return {
        ...(await plannedFigures(figuresExtra(opts, "remove"), k.getRow, "remove", { id, now, base: current.last_saved, record: before, before, items: 0 })),
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
  let figures: IndexOp[] = [];
  const fold = (saved: SavedRecord) => {
    writes = foldCounts(plans.flatMap((p) => p.writes));
    figures = plans.flatMap((p) => p.figures?.indexWrites?.(saved) ?? []);
  };
  const prepare = async (saved: SavedRecord) => {
    plans = await plan(saved);
    fold(saved);
  };
  // The plans' figures (a rank others move too) made again from fresh reads, the records' versions checked: the save's own retry (records/save.ts).
  const again = async (saved: SavedRecord) => {
    for (const p of plans) await p.again?.();
    fold(saved);
  };
  return {
    prepare,
    // `replan`: the plans read what they write on (another record's version, its totals): a retry plans them again from fresh reads.
    replan: replan ? prepare : again,
    // A lost race is busy (409, try again) when the plans read shared values: totals (`replan`) or a figure's rank.
    contended: () => replan || plans.some((p) => !!p.figures?.contended?.()),
    items: () => plans.length + writes.length + figures.length,
    ops: () => [...plans.map((p) => p.record()), ...writes.map(commitOf)],
    // The plans' figures with the record's own index writes: the engine sums additions to one month's or total's item (one operation per item).
    indexWrites: () => figures,
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
