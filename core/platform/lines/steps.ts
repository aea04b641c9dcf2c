// The multi-step save of a parent's lines (claim, stage, staged, commit, apply), its rollback, and reading a partition with a committed save overlaid.
import { ConflictError } from "../errors.js";
import { applyBatches, type LineChange, type LineWrite, type StoredLine } from "../lines-plan.js";
import type { RecordType } from "../records/define.js";
import { pause } from "../records/bulk.js";
import { commitOf } from "../records/commit.js";
import { foldCounts } from "../records/indexes.js";
import type { IndexOp } from "../records/types.js";
import { transact, writer } from "../service.js";
import { HEAD, LineItem, LineTx, ignoreConditionFailed, inBatches, lineItem, lineKey, linesTestSeam, pad, stagedKey, step, storedOf, type Head, type Partition, type StoredItem } from "./item.js";

/** How often applying a committed save is tried again after a cancellation (another caller, or a shared count written at the same instant). */
const APPLY_RETRIES = 8;

/** What the steps know of their parent type. */
export type ParentOfSteps = { parentType: string; names: string[]; partitionOf: (id: number) => string; bound: () => RecordType | null };

/**
 * The steps of a save too big for one transaction (core/platform/lines.ts
 * header): 1 claim the head, 2 stage each line change, 3 mark staging
 * complete, 4 commit with the parent's transaction, 5 apply the staged
 * changes; a crash before 4 is undone by the next save, after 4 finished by it.
 */
export function stepsOf({ parentType, names, partitionOf, bound }: ParentOfSteps) {
  const applyingOf = `applying#${parentType}`;

  async function readPartition(id: number): Promise<Partition> {
    const res = await LineItem.query.byParent({ parent: partitionOf(id) }).go({ pages: "all", consistent: true });
    let head: Head | null = null;
    const current = new Map<string, StoredLine>();
    const staged: StoredItem[] = [];
    for (const it of res.data) {
      if (it.key === HEAD) head = it;
      else if (it.key.startsWith("l#")) current.set(`${it.collection}#${it.id}`, storedOf(it));
      else staged.push(it);
    }
    // A committed save not yet applied: its staged lines are the current version.
    const applying = head?.applying_token;
    if (applying)
      for (const s of staged.filter((s) => s.key.startsWith(`s#${applying}#`))) {
        if (s.reindex) continue;
        if (s.removed) current.delete(`${s.collection}#${s.id}`);
        else current.set(`${s.collection}#${s.id}`, storedOf(s));
      }
    const lines = new Map<string, StoredLine[]>(names.map((n) => [n, []]));
    for (const [k, l] of current) lines.get(k.slice(0, k.lastIndexOf("#")))?.push(l);
    for (const list of lines.values()) list.sort((a, b) => a.id - b.id);
    return { head, lines };
  }

  async function stagedOf(id: number, token: string): Promise<StoredItem[]> {
    const res = await LineItem.query.byParent({ parent: partitionOf(id) }).begins({ key: `s#${token}#` }).go({ pages: "all", consistent: true });
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
      const staged = (await stagedOf(id, token)).map((s) => {
        const write: LineWrite | null = s.reindex ? null : s.removed ? { kind: "delete", id: s.id ?? 0 } : { kind: "put", line: storedOf(s), isNew: false };
        return { s, collection: s.collection ?? "", id: s.id ?? 0, write, ops: (s.ops ?? []) as IndexOp[] };
      });
      if (!staged.length) break;
      let cancelled = false;
      for (const batch of applyBatches(staged)) {
        cancelled = await transact([
          LineTx.check({ parent, key: HEAD }).where((a, { eq }) => eq(a.applying_token, token)).commit(),
          ...batch.flatMap(({ s, collection, write }) => [
            ...(!write
              ? []
              : [
                  write.kind === "delete"
                    ? LineTx.delete({ parent, key: lineKey(collection, write.id) }).commit()
                    : LineTx.put(lineItem(parent, collection, write.line, lineKey(collection, write.line.id))).commit(),
                ]),
            LineTx.delete({ parent, key: s.key })
              .where((a, { exists }) => exists(a.key))
              .commit(),
          ]),
          ...foldCounts(batch.flatMap((b) => b.ops)).map(commitOf),
        ]);
        if (cancelled) break;
        step("apply");
      }
      if (!cancelled) break;
      // Another caller moved some (or the marker is gone), or a count another save shares was written at the same instant.
      const head = await LineItem.get({ parent, key: HEAD }).go({ consistent: true });
      if (head.data?.applying_token !== token) return;
      if (attempt >= APPLY_RETRIES) throw new Error(`lines: applying ${parent} was cancelled`);
      await pause(attempt);
    }
    // Cancelled: another caller cleared it.
    await transact([
      LineTx.update({ parent, key: HEAD })
        .remove(["applying_token"])
        .where((a, { eq }) => eq(a.applying_token, token))
        .commit(),
      LineTx.delete({ parent: applyingOf, key: pad(id) }).commit(),
    ]);
  }

  /** Finish every committed save in steps of this parent type (a line list's read does this first, so it never shows one half-applied). */
  async function finishApplying(): Promise<boolean> {
    const res = await LineItem.query.byParent({ parent: applyingOf }).go({ pages: "all", consistent: true });
    for (const it of res.data) await apply(Number(it.key), it.applying_token ?? "");
    return res.data.length > 0;
  }

  /** Undo a save in steps that never committed: its staged lines go, then its marker. */
  async function rollback(id: number, token: string) {
    const parent = partitionOf(id);
    const staged = await stagedOf(id, token);
    await inBatches("delete", staged.map((s) => ({ parent, key: s.key })));
    await LineItem.update({ parent, key: HEAD })
      .remove(["pending_token", "pending_at", "pending_staged"])
      .where((a, { eq }) => eq(a.pending_token, token))
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

  /** Step 1: take the head for this save, while the parent is the version read (base; null: not created yet). */
  async function claim(id: number, base: string | null, token: string) {
    const parent = partitionOf(id);
    const mark = { pending_token: token, pending_at: new Date().toISOString(), pending_staged: false };
    const record = bound();
    const canceled = await transact([
      ...(record && base ? [writer(record.entity).check({ record_type: record.type, id }).where((a, { eq }) => eq(a.last_saved, base)).commit()] : []),
      LineTx.upsert({ parent, key: HEAD, ...mark })
        .where((a, { notExists }) => `${notExists(a.pending_token)} AND ${notExists(a.applying_token)}`)
        .commit(),
    ]);
    if (canceled) throw new ConflictError();
  }

  /** Step 2: every line change as a staged item of the save, with its index operations (puts are idempotent). */
  async function stage(id: number, token: string, changes: LineChange[]) {
    const parent = partitionOf(id);
    const items: StoredItem[] = changes.map(({ collection, id: lineId, write, ops }) => {
      const key = stagedKey(token, collection, lineId);
      if (!write) return { parent, key, collection, id: lineId, reindex: true, ops };
      if (write.kind === "put") return { ...lineItem(parent, collection, write.line, key), ops };
      return { parent, key, collection, id: lineId, removed: true, ops };
    });
    await inBatches("put", items);
  }

  /** Step 3: the marker says staging is complete. */
  async function staged(id: number, token: string) {
    await LineItem.update({ parent: partitionOf(id), key: HEAD })
      .set({ pending_staged: true })
      .where((a, { eq }) => eq(a.pending_token, token))
      .go();
  }

  /** Step 4, in the parent's transaction: the marker turns from pending into applying, and the parent type's readers are told. */
  function commit(id: number, token: string) {
    const parent = partitionOf(id);
    return [
      LineTx.update({ parent, key: HEAD })
        .set({ applying_token: token })
        .remove(["pending_token", "pending_at", "pending_staged"])
        .where((a, { eq }) => `${eq(a.pending_token, token)} AND ${eq(a.pending_staged, true)}`)
        .commit(),
      // Line lists' readers finish it (see `finishApplying`).
      LineTx.put({ parent: applyingOf, key: pad(id), applying_token: token }).commit(),
    ];
  }

  /** One stored line of a parent as a reader sees it (a committed save in steps overlaid): the line item and the head at once. */
  async function readLine(collection: string, lineId: number, parentId: number): Promise<StoredLine | null> {
    const parent = partitionOf(parentId);
    const res = await LineItem.get([
      { parent, key: lineKey(collection, lineId) },
      { parent, key: HEAD },
    ]).go({ consistent: true });
    const head = res.data.find((i) => i.key === HEAD);
    let line: StoredItem | undefined = res.data.find((i) => i.key !== HEAD);
    if (head?.applying_token) {
      const held = await LineItem.get({ parent, key: stagedKey(head.applying_token, collection, lineId) }).go({ consistent: true });
      if (held.data?.removed) line = undefined;
      else if (held.data && !held.data.reindex) line = held.data;
    }
    return line ? storedOf(line) : null;
  }

  return { readPartition, apply, finishApplying, rollback, settle, claim, stage, staged, commit, readLine };
}

export type Steps = ReturnType<typeof stepsOf>;
