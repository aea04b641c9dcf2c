// A parent's save with its lines as one unit: which lines change, their audit, and the WriteExtra that writes them (one transaction, or in steps).
import { randomUUID } from "node:crypto";
import { diffRecords, type FieldChange } from "../audit.js";
import { ConflictError } from "../errors.js";
import { LINE_META, diffLines, fitsApply, fitsOneTransaction, isIndexed, matchLines, parseSentLines, unitChanges, unitItems, type LineChange, type LineIndexing, type LineWrite, type StoredLine } from "../lines-plan.js";
import { pause } from "../records/bulk.js";
import { commitOf } from "../records/commit.js";
import { NUMBER_ROUNDS, NumbersMoved, numbersMoved, peekNumbers, type NumberTake } from "../records/numbers.js";
import { TransactionTooLarge } from "../records/save.js";
import { TRANSACTION_LIMIT, type IndexOp, type SavedRecord, type WriteExtra } from "../records/types.js";
import { LineItem, LineTx, HEAD, InjectedCrash, lineItem, lineKey, lineView, step } from "./item.js";
import type { Steps } from "./steps.js";
import type { LineCollection } from "./types.js";

/** What a unit knows of its parent type's lines. */
export type ParentOfUnit = {
  collections: LineCollection[];
  names: string[];
  indexed: Array<{ name: string; ix: LineIndexing }>;
  partitionOf: (id: number) => string;
  steps: Steps;
};

/**
 * A parent's write with its new lines' ids (records/numbers.ts), planned
 * again with the next ids while another write takes them first, up to
 * NUMBER_ROUNDS (then 409). When the caller's own numbers moved (`also`'s
 * document number), its caller plans again: the NumbersMoved goes up.
 * `plan(round)` prepares one round: the write, and what to do after it
 * (with the error when it failed).
 */
export async function inNumberRounds<R>(
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

/** The unit's writes of one parent type's lines. */
export function unitsOf({ collections, names, indexed, partitionOf, steps }: ParentOfUnit) {
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
      auditChanges: () => (removing ? [] : lineChanges(stored, writes)),
      numbers: () => takes,
      async prepare(saved: SavedRecord) {
        // Prepared again for another id (a create whose number was taken meanwhile): undo the steps begun for the first.
        if (token && idOfParent !== null && idOfParent !== saved.id) await steps.rollback(idOfParent, token).catch(() => undefined);
        idOfParent = saved.id;
        token = null;
        writes = plan(saved);
        const withId = (r: Record<string, unknown> | undefined) => (r ? { ...r, id: saved.id } : undefined);
        changes = unitChanges(indexed, { key: partitionOf(saved.id), before: withId(saved.before), after: removing ? undefined : withId(saved.record) }, stored, writes);
        if (!fitsApply(changes)) throw new TransactionTooLarge();
        // The new lines' id counts (`seqOps`) go in the same transaction: counted, or a unit at the edge is one over.
        if (fitsOneTransaction(saved.items + seqOps.length, changes, TRANSACTION_LIMIT)) return;
        const mine = randomUUID();
        token = mine;
        await steps.claim(saved.id, saved.base, mine);
        step("claim");
        await steps.stage(saved.id, mine, changes);
        step("stage");
        await steps.staged(saved.id, mine);
        step("staged");
      },
      items: () => (token ? 2 + seqOps.length : unitItems(changes) + seqOps.length),
      indexWrites: () => (token ? [] : [...changes.flatMap((c) => c.ops), ...seqOps]),
      ops(saved: SavedRecord) {
        const parent = partitionOf(saved.id);
        if (token) return [...steps.commit(saved.id, token), ...seqOps.map(commitOf)];
        return [
          ...changes.flatMap(({ collection, write }) =>
            !write
              ? []
              : [
                  write.kind === "put"
                    ? LineTx.put(lineItem(parent, collection, write.line, lineKey(collection, write.line.id))).commit()
                    : LineTx.delete({ parent, key: lineKey(collection, write.id) }).commit(),
                ],
          ),
          removing
            ? LineTx.delete({ parent, key: HEAD })
                .where((a, { notExists }) => notExists(a.pending_token))
                .commit()
            : // No save in steps holds the parent meanwhile.
              LineTx.check({ parent, key: HEAD })
                .where((a, { notExists }) => `${notExists(a.pending_token)} AND ${notExists(a.applying_token)}`)
                .commit(),
        ];
      },
    };
    /** After the parent's write: finish a save in steps, or undo it when the parent's write failed. */
    async function after(error?: unknown) {
      if (!token || idOfParent === null) return;
      if (error) {
        if (!(error instanceof InjectedCrash)) await steps.rollback(idOfParent, token).catch(() => undefined);
        return;
      }
      step("commit");
      await steps.apply(idOfParent, token);
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

  return { unitExtra, linesExtra };
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
