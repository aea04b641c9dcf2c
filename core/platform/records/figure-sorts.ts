// An owner's sorts besides its rank (a vehicle's utilisation, its cost per mile): moved after an owner's own save, and re-ranked nightly.
import { Counter, ListEntry, transact } from "../service.js";
import { todayInLondon } from "../dates.js";
import { commitOf } from "./commit.js";
import { inParallel } from "./bulk.js";
import { boardList, readRank, readTotals, sortOps } from "./figures.js";
import type { FigureSorts, IndexOp } from "./types.js";

/**
 * After an owner's own write landed (a vehicle's save): its sorts moved in
 * a transaction of their own, from its total and itself as now saved (not in
 * its write: see `figuresExtra`); `own`: the record as saved, when the
 * save has it (its answer), so it is not read again. A lost race or a failure is logged and left
 * to the nightly re-rank, which moves whatever still differs.
 */
export async function moveOwnSorts(opts: { type: string; figureBoards?: unknown; figureSorts?: FigureSorts }, id: number, own?: unknown): Promise<void> {
  if (!opts.figureSorts || !opts.figureBoards) return;
  const owner = `${opts.type}#${id}`;
  try {
    const [total] = await readTotals([owner]);
    const ops = await sortOps(owner, opts.figureSorts, total.amounts, todayInLondon(), (await readRank(owner)).boards, own);
    if (ops.length && (await transact(ops.map(commitOf)))) console.warn(JSON.stringify({ level: "warn", msg: "own sorts lost a race: left to the re-rank", owner }));
  } catch (e) {
    console.warn(JSON.stringify({ level: "warn", msg: "own sorts not moved: left to the re-rank", owner, error: String(e) }));
  }
}

/** A re-rank's progress, kept between runs (a counter's tags): the day it ranks as of, where it stopped, and whether it finished. */
type RerankState = { date: string; after: { sort: string; id: number } | null; done: boolean };
const rerankCounter = (name: string) => `rerank#${name}`;

/** The day the last finished re-rank ranked the sorts as of (null: never). */
export async function rerankedOn(name: string): Promise<string | null> {
  const res = await Counter.get({ name: rerankCounter(name) }).go();
  const tags = (res.data as { tags?: string } | null)?.tags;
  if (!tags) return null;
  const state = JSON.parse(tags) as RerankState & { last?: string };
  return state.done ? state.date : (state.last ?? null);
}

/**
 * The nightly re-rank of owners' sorts that move with the calendar (a
 * vehicle's utilisation grows with its days on fleet): every owner on one
 * board (`board`, e.g. "all"), a page at a time from where the last run
 * stopped, its sorts worked out as of `today` and moved where they
 * changed, an owner's ops never split, each transaction at most
 * `maxItems`, `pace` ms between transactions. Idempotent (a finished day is
 * not run again, and an owner whose values hold writes nothing), resumable
 * (the cursor is kept after each transaction), and its cost is the number
 * of owners, not their history. A save racing it moves the same counter
 * on the value it read: the loser (this job) reads again and retries.
 */
export async function rerankSorts(
  name: string,
  board: string,
  sorts: FigureSorts,
  ownerOf: (id: number) => string,
  today: string,
  { pageSize = 25, maxItems = 100, pace = 0, stopAfter = Infinity, concurrency = 8 }: { pageSize?: number; maxItems?: number; pace?: number; stopAfter?: number; concurrency?: number } = {},
): Promise<{ date: string; owners: number; moved: number; items: number; transactions: number; done: boolean }> {
  const counter = rerankCounter(name);
  const held = await Counter.get({ name: counter }).go({ consistent: true });
  const prev = (held.data as { tags?: string } | null)?.tags ? (JSON.parse((held.data as { tags: string }).tags) as RerankState & { last?: string }) : null;
  const out = { date: today, owners: 0, moved: 0, items: 0, transactions: 0, done: true };
  if (prev?.date === today && prev.done) return out;
  const lastDone = prev?.done ? prev.date : prev?.last;
  let after = prev?.date === today ? prev.after : null;
  const saveState = (s: RerankState) => Counter.put({ name: counter, live: 0, tags: JSON.stringify({ ...s, last: lastDone }) }).go();
  // Owners' moves gathered into one transaction (an owner's never split); a cancelled one (a save moved one of them) is sent again owner by owner.
  let batch: Array<{ owner: string; ops: IndexOp[] }> = [];
  const movesOf = async (owner: string) => {
    const [total] = await readTotals([owner]);
    return sortOps(owner, sorts, total.amounts, today, (await readRank(owner)).boards);
  };
  const send = async (ops: IndexOp[]) => {
    const cancelled = await transact(ops.map(commitOf));
    if (!cancelled) {
      out.items += ops.length;
      out.transactions++;
      if (pace) await new Promise((r) => setTimeout(r, pace));
    }
    return !cancelled;
  };
  const flush = async () => {
    if (!batch.length) return;
    const sent = batch;
    batch = [];
    if (await send(sent.flatMap((b) => b.ops))) {
      out.moved += sent.length;
      return;
    }
    for (const { owner } of sent)
      for (let attempt = 0; ; attempt++) {
        const ops = await movesOf(owner);
        if (!ops.length) break;
        if (await send(ops)) {
          out.moved++;
          break;
        }
        if (attempt >= 3) throw new Error(`re-rank of ${owner}: lost the race four times`);
      }
  };
  for (;;) {
    const q = ListEntry.query.byList({ list: boardList(board) });
    const page = await (after ? q.gt({ sort: after.sort, id: after.id }) : q).go({ limit: pageSize });
    const entries = page.data as Array<{ sort: string; id: number }>;
    // A page's owners read at once (`concurrency` at a time), then their moves written in order.
    const moves = new Array<IndexOp[]>(entries.length);
    await inParallel(
      entries.map((e, i) => ({ e, i })),
      concurrency,
      async ({ e, i }) => (moves[i] = await movesOf(ownerOf(e.id))),
    );
    for (const [i, e] of entries.entries()) {
      const ops = moves[i];
      out.owners++;
      if (!ops.length) continue;
      if (batch.reduce((n, b) => n + b.ops.length, 0) + ops.length > maxItems) await flush();
      batch.push({ owner: ownerOf(e.id), ops });
    }
    await flush();
    if (entries.length) after = { sort: entries[entries.length - 1].sort, id: entries[entries.length - 1].id };
    const finished = entries.length < pageSize;
    await saveState({ date: today, after: finished ? null : after, done: finished });
    if (finished) break;
    if (out.owners >= stopAfter) {
      out.done = false;
      break;
    }
  }
  return out;
}
