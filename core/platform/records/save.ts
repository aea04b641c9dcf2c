// A record's create, update and delete: each one DynamoDB transaction, tried again when a shared count cancelled it.
import type * as z from "zod";
import { auditItem, diffRecords } from "../audit.js";
import { checkBeforeWrite } from "../integrity.js";
import { BusyError, ConflictError, ValidationError } from "../errors.js";
import { Audit, transact, writer, type TxItem } from "../service.js";
import { pause } from "./bulk.js";
import { figuresExtra } from "./figures.js";
import { moveOwnSorts } from "./figure-sorts.js";
import { joinExtras } from "./planned.js";
import { commitOf } from "./commit.js";
import { isFresh, lastSavedOf } from "./freshness.js";
import { NUMBER_ROUNDS, NumbersMoved, numbersMoved, peekNumbers } from "./numbers.js";
import { foldCounts, indexOps, lifeOps } from "./indexes.js";
import { pick, stripUndefined, type Kind, type Row } from "./kind.js";
import { rangeWriteCount, rangeWrites } from "./ranges.js";
import { TRANSACTION_LIMIT, type IndexOp, type SavedRecord, type WriteExtra } from "./types.js";

/** How often a transaction cancelled by a concurrent write to a shared item is tried again. */
const RETRIES = 6;

/** A write over DynamoDB's 100 items, refused before anything is sent (core/platform/lines.ts then writes in steps). */
export class TransactionTooLarge extends ValidationError {
  constructor() {
    super("This save changes too much at once to be written safely: save some of the changes first, then the rest.", {});
  }
}

/**
 * A write touching more items than one transaction allows is refused as a
 * whole (never split, so it can never half-land).
 */
function withinLimit(writes: TxItem[]): TxItem[] {
  if (writes.length > TRANSACTION_LIMIT) throw new TransactionTooLarge();
  return writes;
}

/**
 * What a write that lost every retry answers (409, nothing written): where its
 * plans are made again from fresh reads (`replan`: figures such as an
 * invoice's paid), others kept changing the same figures; otherwise a record
 * it writes on was saved elsewhere, and retrying cannot help: edited elsewhere.
 */
function lostRace(extra: WriteExtra | undefined): BusyError | ConflictError {
  const contended = extra?.contended ? extra.contended() : !!extra?.replan;
  return contended ? new BusyError() : new ConflictError();
}

/** Options of `update`: see its comment in `writesOf`. */
export type UpdateOptions<S extends z.ZodObject> = { partial?: boolean; system?: boolean; extra?: WriteExtra; current?: Row<S> };

/** A record type's create, update and remove. */
export function writesOf<S extends z.ZodObject, E>(k: Kind<S, E>) {
  type Fields = z.infer<S>;
  const { opts, entity, tx, keyOf, fieldNames } = k;

  /** `race`: the caller's write already lost its numbers to another once (core/platform/lines.ts rounds): the id is reserved at once (records/numbers.ts). */
  async function create(body: unknown, actor: string, { extra: given, race = false }: { extra?: WriteExtra; race?: boolean } = {}): Promise<E> {
    // A type's figures (records/figures.ts) move with every write of it; first, so the extras after it (a unit of lines) count its items in their budget.
    const extra = joinExtras(figuresExtra(opts, "create"), given);
    const fields = { ...(opts.defaults?.() ?? {}), ...stripUndefined(k.parse(body, false)), ...extra?.outside } as Fields;
    opts.validate?.(fields);
    await checkBeforeWrite(opts.type, opts.fields, fields); // integrity: bounds and references (core/platform/integrity.ts)
    // Checked before an id is planned: a refused booking writes nothing.
    const checked = await k.checkRanges(0, undefined, fields);
    // The id is taken in the create's own transaction (records/numbers.ts): a refusal, even one only the
    // transaction finds (a unique value taken meanwhile), takes no number. Another create that took the
    // number first: plan again with the next one.
    for (let round = 0; ; round++) {
      const { ids, take } = await peekNumbers(opts.type, 1, { race: race || round > 0 });
      const id = ids[0];
      const own: IndexOp = { op: "counter-add", name: opts.type, live: 0, ...(take ? { seq: { from: take.from, to: take.to } } : {}) };
      let plan = checked.map((p) => ({ ...p, puts: p.puts.map((r) => ({ ...r, id })) }));
      const now = new Date().toISOString();
      const item = k.withoutOutside(k.recordItem(fields, id, actor, now));
      // The record, the type's live count (`own`) and the record's own index writes: what a unit of lines budgets around.
      const saved: SavedRecord = { id, now, base: null, record: fields, items: 2 + k.createOps(fields, id, actor, now).writes.length + rangeWriteCount(plan) };
      await extra?.prepare?.(saved);
      // Concurrent writes to a shared item (a list's counter) cancel each
      // other's transactions: a cancellation that no taken value, booking or
      // number explains is tried again, a few times, before it is reported.
      // The loop ends in a return, a throw, or (its number taken by another create) a break to plan again.
      for (let attempt = 0; ; attempt++) {
        const built = k.createOps(fields, id, actor, now);
        // The unit's other index writes (its lines') summed with the record's own, per item; the id taken with the type's live count.
        const writes = foldCounts([...built.writes, own, ...(extra?.indexWrites?.(saved) ?? [])]);
        const canceled = await transact(withinLimit([tx.create(item).commit(), ...writes.map(commitOf), ...rangeWrites(plan), ...(extra?.ops?.(saved) ?? [])]));
        if (!canceled) {
          // An owner of figures: its own sorts, in a write of their own once it has landed (records/figures.ts).
          const answer = (await k.shape([k.clean(item)]))[0];
          await moveOwnSorts(opts, id, answer);
          return answer;
        }
        // The extra's numbers (its lines' ids, a document number) taken by another write: its caller plans the unit again
        // (first: a unique value, e.g. the document number, claimed by the write that took the numbers is no refusal).
        if (await numbersMoved(extra?.numbers?.() ?? [])) throw new NumbersMoved();
        await k.explainCancel(id, built.newClaims);
        plan = await k.checkRanges(id, undefined, fields);
        if (take && (await numbersMoved([take]))) break;
        // Lost to concurrent writes every time: 409 (nothing was written), never a 500.
        if (attempt >= RETRIES) throw lostRace(extra);
        await pause(attempt);
        await extra?.replan?.(saved);
      }
      if (round >= NUMBER_ROUNDS) throw new ConflictError();
      await pause(Math.min(round, 5));
    }
  }

  /**
   * Save over a stored record. The save must send the `last_saved` it was
   * loaded with (400 without it, 409 when someone saved since); the write
   * is conditional on the version read, so two saves racing can never
   * both land: the loser gets 409. `system`: a write the product makes
   * itself (not a user's save, e.g. freeing a vehicle's tracker), on the
   * version it reads, without a `last_saved`. `current`: the record as
   * the caller read it for this save (`stored`, with its outside fields
   * beside it), so the save reads it once: the write is still on that
   * version.
   */
  async function update(id: number, body: unknown, actor: string, { partial = false, system = false, extra: given, current: read }: UpdateOptions<S> = {}): Promise<E> {
    const extra = joinExtras(figuresExtra(opts, "update"), given);
    const current = read ?? (await k.getRow(id));
    const sent = system ? null : lastSavedOf(body);
    const fieldsSent = k.parse(body, partial);
    if (sent !== null && !isFresh(current.last_saved, sent)) throw new ConflictError();
    const outsideBefore = read ? pick(read, k.outsideNames) : await k.outsideOf(id);
    const before = { ...pick(current, fieldNames), ...outsideBefore } as Fields;
    const merged = { ...pick(current, fieldNames), ...stripUndefined(fieldsSent), ...(extra?.outside ?? outsideBefore) } as Fields;
    opts.validate?.(merged);
    await checkBeforeWrite(opts.type, opts.fields, merged, before); // integrity: see core/platform/integrity.ts
    let plan = await k.checkRanges(id, before, merged);
    const now = new Date().toISOString();
    const changes = diffRecords(pick(current, fieldNames), pick(merged, fieldNames));
    const set: Record<string, unknown> = k.withoutOutside({ ...merged, last_saved: now, updated_by: actor, search_text: k.searchOf(merged) });
    const saved: SavedRecord = { id, now, base: current.last_saved, record: merged, before, items: 2 + indexOps(k.ix, id, before, merged).writes.length + rangeWriteCount(plan) };
    await extra?.prepare?.(saved);
    for (let attempt = 0; ; attempt++) {
      const idx = indexOps(k.ix, id, before, merged);
      const canceled = await transact(
        withinLimit([
          tx
            .patch({ ...keyOf, id })
            .set(set)
            .where((a, { eq }) => eq(a.last_saved, current.last_saved))
            .commit(),
          writer(Audit).create(auditItem(opts.type, id, actor, "update", [...changes, ...(extra?.auditChanges?.() ?? [])], now)).commit(),
          ...foldCounts([...idx.writes, ...(extra?.indexWrites?.(saved) ?? [])]).map(commitOf),
          ...rangeWrites(plan),
          ...(extra?.ops?.(saved) ?? []),
        ]),
      );
      if (!canceled) break;
      // Saved by someone else meanwhile: 409. Numbers (lines' ids, a document number) taken by another write: the caller
      // plans again (before the claims: a document number claimed by the write that took it is no refusal). Otherwise a
      // concurrent write to a shared item: try again.
      const now2 = await k.getRow(id);
      if (now2.last_saved !== current.last_saved) throw new ConflictError();
      if (await numbersMoved(extra?.numbers?.() ?? [])) throw new NumbersMoved();
      await k.explainCancel(id, idx.newClaims);
      plan = await k.checkRanges(id, before, merged);
      if (attempt >= RETRIES) throw lostRace(extra);
      await pause(attempt);
      await extra?.replan?.(saved);
    }
    const answer = (await k.shape([k.clean({ ...current, ...set, id })]))[0];
    // From the answer as shaped (its lines with it): no second read of the record.
    await moveOwnSorts(opts, id, answer);
    return answer;
  }

  async function remove(id: number, actor: string, { extra: given }: { extra?: WriteExtra } = {}): Promise<{ id: number }> {
    const extra = joinExtras(figuresExtra(opts, "remove"), given);
    const current = await k.getRow(id);
    const before = { ...pick(current, fieldNames), ...(await k.outsideOf(id)) } as Fields;
    const plan = await k.checkRanges(id, before, undefined);
    const now = new Date().toISOString();
    const saved: SavedRecord = {
      id,
      now,
      base: current.last_saved,
      record: before,
      before,
      items: 2 + lifeOps(opts.type, id, -1).length + indexOps(k.ix, id, before, undefined).writes.length + rangeWriteCount(plan),
    };
    await extra?.prepare?.(saved);
    for (let attempt = 0; ; attempt++) {
      const canceled = await transact(
        withinLimit([
          tx
            .delete({ ...keyOf, id })
            .where((a, { eq }) => eq(a.last_saved, current.last_saved))
            .commit(),
          writer(Audit).create(auditItem(opts.type, id, actor, "delete", diffRecords(before, undefined), now)).commit(),
          ...foldCounts([...lifeOps(opts.type, id, -1), ...indexOps(k.ix, id, before, undefined).writes, ...(extra?.indexWrites?.(saved) ?? [])]).map(commitOf),
          ...rangeWrites(plan),
          ...(extra?.ops?.(saved) ?? []),
        ]),
      );
      if (!canceled) break;
      // Deleted or saved by someone else meanwhile: 409. Otherwise a concurrent write to a shared count: try again.
      const again = await entity.get({ ...keyOf, id }).go({ consistent: true });
      if (!again.data || again.data.last_saved !== current.last_saved) throw new ConflictError();
      if (attempt >= RETRIES) throw lostRace(extra);
      plan.splice(0, plan.length, ...(await k.checkRanges(id, before, undefined)));
      await pause(attempt);
      await extra?.replan?.(saved);
    }
    await moveOwnSorts(opts, id);
    return { id };
  }

  return { create, update, remove };
}
