// Figures kept as records change: an owner's monthly totals and its rank on sorted boards, written in the record's own transaction.
import { GetCommand, QueryCommand, type GetCommandInput, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { Counter, Facet, ListEntry } from "../service.js";
import { todayInLondon } from "../dates.js";
import { batchWrite } from "./bulk.js";
import { documentClient } from "../table.js";
import { skipThenTake } from "./reading.js";
import type { FigureLine, FigureSorts, IndexOp, RecordTypeOptions, SavedRecord, WriteExtra } from "./types.js";

/**
 * Figures (issue 27): what records add up to for an owner (a rental's hire
 * income, a job card's labour and parts, a vehicle's purchase and sale, all
 * to the vehicle), kept as the records change, never summed by reading them:
 *
 * - monthly totals: one facet item per owner and month (`figures#<owner>`,
 *   value `YYYY-MM`), and one running total (value `total`), each holding the
 *   amounts by kind as attributes `k_<kind>` and the rank in `live`, moved
 *   by ADD in the record's own transaction by the change old -> new (so a
 *   retried transaction, an edit and a delete each move them exactly once);
 * - the rank: one counter per owner (`rank#<owner>`) holding the rank (the
 *   sum of every record's `rank`) and the boards the owner stands on (its
 *   `figureBoards`, e.g. all, department, make), set on the condition it
 *   still holds the value read (a tally: records/tallies.ts), with the
 *   owner's entry on each board's sorted list moved in the same
 *   transaction. A board is a list (`figures#board#<board>`) sorted by rank:
 *   a page of it is one Query, whatever the number of owners.
 *
 * - the sources: per owner, one item per record adding to it (the record's
 *   amounts by kind), so a figure links to the records behind it.
 *
 * No item grows with history: a month is one item, an owner's total one.
 */

export const figuresPartition = (owner: string) => `figures#${owner}`;
/** An owner's sources: one item per record that adds to it (value "<type>#<id>"), its amounts by kind: the links behind the figures. */
export const sourcesPartition = (owner: string) => `figures#${owner}#src`;
export const boardList = (board: string) => `figures#board#${board}`;
export const rankCounter = (owner: string) => `rank#${owner}`;
/** A sort's board besides the rank (a vehicle's utilisation): a list sorted by the sort's value, the same owners as the rank's board of that name (its count is the rank board's). */
export const sortList = (sort: string, board: string) => `figures#sort#${sort}#${board}`;
/** An owner's value of a sort and the boards it stands on: a counter as the rank's. */
export const sortCounter = (sort: string, owner: string) => `rank#${sort}#${owner}`;
/** A sort's value as kept: none (null) is -1, below every value (last in descending order). */
export const sortValue = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? -1 : Math.round(v));
const kindAttr = (kind: string) => `k_${kind}`;

/** A board's sort key of a rank (signed whole number): fixed-width text that sorts as the number does. */
export function rankSort(rank: number): string {
  return String(Math.round(rank) + 1e14).padStart(16, "0");
}

/** The owner's record id ("vehicle#12" -> 12). */
const ownerId = (owner: string) => Number(owner.slice(owner.lastIndexOf("#") + 1));

type OwnerDelta = { rank: number; months: Map<string, { rank: number; amounts: Record<string, number> }> };

/** The change old -> new of some figure lines, by owner and month (zero changes dropped): pure. */
export function figureDeltas(before: FigureLine[], after: FigureLine[]): Map<string, OwnerDelta> {
  const out = new Map<string, OwnerDelta>();
  const add = (l: FigureLine, sign: 1 | -1) => {
    const o = out.get(l.owner) ?? { rank: 0, months: new Map() };
    const m = o.months.get(l.month) ?? { rank: 0, amounts: {} };
    m.rank += sign * l.rank;
    o.rank += sign * l.rank;
    for (const [k, n] of Object.entries(l.amounts)) m.amounts[k] = (m.amounts[k] ?? 0) + sign * n;
    o.months.set(l.month, m);
    out.set(l.owner, o);
  };
  for (const l of before) add(l, -1);
  for (const l of after) add(l, 1);
  for (const [owner, o] of out) {
    for (const [month, m] of o.months) {
      for (const k of Object.keys(m.amounts)) if (!m.amounts[k]) delete m.amounts[k];
      if (!m.rank && !Object.keys(m.amounts).length) o.months.delete(month);
    }
    if (!o.months.size && !o.rank) out.delete(owner);
  }
  return out;
}

/** The facet additions of some deltas: each month's item, the owner's total and the record's source item (`source`: "<type>#<id>"): pure. */
export function figureFacetOps(deltas: Map<string, OwnerDelta>, source: string): IndexOp[] {
  const ops: IndexOp[] = [];
  for (const [owner, o] of deltas) {
    const total: Record<string, number> = {};
    for (const [month, m] of o.months) {
      const fine = Object.fromEntries(Object.entries(m.amounts).map(([k, n]) => [kindAttr(k), n]));
      for (const [k, n] of Object.entries(fine)) total[k] = (total[k] ?? 0) + n;
      ops.push({ op: "facet-add", facet: figuresPartition(owner), value: month, live: m.rank, fine });
    }
    ops.push({ op: "facet-add", facet: figuresPartition(owner), value: "total", live: o.rank, fine: total });
    ops.push({ op: "facet-add", facet: sourcesPartition(owner), value: source, live: o.rank, fine: total });
  }
  return ops;
}

const boardsOf = (tags: string | undefined) => (tags ?? "").split("|").filter(Boolean);
const boardTags = (boards: string[]) => `|${[...new Set(boards)].join("|")}|`;

/** The rank counter of an owner: its rank and boards (null: never written). */
export async function readRank(owner: string, sort?: string): Promise<{ live: number | null; boards: string[] }> {
  const res = await Counter.get({ name: sort ? sortCounter(sort, owner) : rankCounter(owner) }).go({ consistent: true });
  const data = res.data as { live?: number; tags?: string } | null;
  return { live: typeof data?.live === "number" ? data.live : null, boards: boardsOf(data?.tags) };
}

/** Moving an owner's rank from what was read: the counter set on its value, its entries moved on the boards: pure. */
export function rankOps(owner: string, read: { live: number | null; boards: string[] }, delta: number, boards: string[] | undefined, sort?: string): IndexOp[] {
  const from = read.live ?? 0;
  const to = from + delta;
  const now = boards ?? read.boards;
  const id = ownerId(owner);
  // A sort's boards hold the rank boards' owners: their count is the rank board's counter.
  const list = (b: string) => (sort ? sortList(sort, b) : boardList(b));
  const ops: IndexOp[] = [{ op: "tally-set", name: sort ? sortCounter(sort, owner) : rankCounter(owner), from: read.live, to, tags: boardTags(now) }];
  for (const b of read.boards) {
    if (now.includes(b) && from === to) continue;
    ops.push({ op: "entry-delete", list: list(b), sort: rankSort(from), id });
    if (!now.includes(b) && !sort) ops.push({ op: "counter-add", name: boardList(b), live: -1 });
  }
  for (const b of now) {
    if (read.boards.includes(b) && from === to) continue;
    ops.push({ op: "entry-put", list: list(b), sort: rankSort(to), id, tags: undefined });
    if (!read.boards.includes(b) && !sort) ops.push({ op: "counter-add", name: boardList(b), live: 1 });
  }
  return ops;
}

/**
 * Moving an owner's sorts (`FigureSorts`) to their values now: for each
 * sort whose value or boards changed, its counter set on the value read and
 * its entries moved (none when nothing changed: a second run writes nothing).
 * `boards`: the owner's boards (its rank counter's, or its own write's).
 */
export async function sortOps(owner: string, sorts: FigureSorts, totals: Record<string, number>, today: string, boards: string[], own?: unknown): Promise<IndexOp[]> {
  const values = await sorts.values(ownerId(owner), totals, today, own);
  const ops: IndexOp[] = [];
  for (const name of sorts.names) {
    const read = await readRank(owner, name);
    const to = sortValue(values[name]);
    if (read.live === to && boardTags(read.boards) === boardTags(boards)) continue;
    ops.push(...rankOps(owner, read, to - (read.live ?? 0), boards, name));
  }
  return ops;
}

/** The amounts of an owner's running total after adding a change by month: pure. */
function totalsAfter(held: Record<string, number>, delta: OwnerDelta | undefined): Record<string, number> {
  const out = { ...held };
  for (const m of delta?.months.values() ?? []) for (const [k, n] of Object.entries(m.amounts)) out[k] = (out[k] ?? 0) + n;
  return out;
}

/**
 * What a record type's write adds for its figures (none when it declares
 * none): joined by the engine to every create, update and remove
 * (records/save.ts), so no service has to remember it.
 */
export function figuresExtra<F>(
  opts: Pick<RecordTypeOptions<never>, "type"> & { figures?: (r: F, id: number) => FigureLine[]; figureBoards?: (r: F) => string[]; figureSorts?: FigureSorts },
  mode: "create" | "update" | "remove",
): WriteExtra | undefined {
  if (!opts.figures && !opts.figureBoards) return undefined;
  let ops: IndexOp[] = [];
  let ranked = false;
  const prepare = async (saved: SavedRecord) => {
    const before = (mode === "create" ? undefined : saved.before) as F | undefined;
    const after = (mode === "remove" ? undefined : saved.record) as F | undefined;
    const deltas = figureDeltas(before && opts.figures ? opts.figures(before, saved.id) : [], after && opts.figures ? opts.figures(after, saved.id) : []);
    const self = `${opts.type}#${saved.id}`;
    ops = figureFacetOps(deltas, self);
    const ranks = new Map<string, { delta: number; boards?: string[] }>();
    for (const [owner, o] of deltas) if (o.rank) ranks.set(owner, { delta: o.rank });
    if (opts.figureBoards) {
      const was = before ? opts.figureBoards(before) : [];
      const now = after ? opts.figureBoards(after) : [];
      const held = ranks.get(self);
      if (held || mode !== "update" || boardTags(was) !== boardTags(now)) ranks.set(self, { delta: held?.delta ?? 0, boards: now });
    }
    const boardsNow = new Map<string, string[]>();
    for (const [owner, r] of ranks) {
      const read = await readRank(owner);
      boardsNow.set(owner, r.boards ?? read.boards);
      ops.push(...rankOps(owner, read, r.delta, r.boards));
    }
    // The owners' other sorts (a vehicle's utilisation, cost per mile): worked out again from their totals after this write, today.
    // Not the owner's own write (a vehicle's save): its rank on every board already fills much of its transaction, and its
    // sorts on those boards twice more would pass 100 items; they move right after it lands (`moveOwnSorts`).
    let sorted = 0;
    if (opts.figureSorts) {
      const today = todayInLondon();
      for (const [owner, delta] of deltas) {
        if (owner === self && opts.figureBoards) continue;
        const [held] = await readTotals([owner]);
        const moved = await sortOps(owner, opts.figureSorts, totalsAfter(held.amounts, delta), today, boardsNow.get(owner) ?? (await readRank(owner)).boards);
        sorted += moved.length;
        ops.push(...moved);
      }
    }
    ranked = ranks.size > 0 || sorted > 0;
  };
  // Busy only when it moved a rank (a counter others move too); otherwise a lost race is the record's own: edited elsewhere.
  return { prepare, replan: prepare, contended: () => ranked, items: () => ops.length, indexWrites: () => ops };
}

/** One item of an owner's figures as stored: the rank and the amounts by kind. */
export type FigureItem = { month: string; rank: number; amounts: Record<string, number> };

function itemOf(i: Record<string, unknown>): FigureItem {
  const amounts: Record<string, number> = {};
  for (const [k, v] of Object.entries(i)) if (k.startsWith("k_") && typeof v === "number" && v) amounts[k.slice(2)] = v;
  return { month: String(i.value), rank: typeof i.live === "number" ? i.live : 0, amounts };
}

/** Every item of one figures partition (raw items: the kinds are attributes unknown to ElectroDB). */
async function partitionItems(facet: string): Promise<FigureItem[]> {
  const params = Facet.query.byFacet({ facet }).params<QueryCommandInput>();
  const items: FigureItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new QueryCommand({ ...params, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []).map(itemOf));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** An owner's months (and its total), as kept: one Query. */
export async function readFigures(owner: string): Promise<{ months: FigureItem[]; total: FigureItem }> {
  const items = await partitionItems(figuresPartition(owner));
  const total = items.find((i) => i.month === "total") ?? { month: "total", rank: 0, amounts: {} };
  return { months: items.filter((i) => i.month !== "total"), total };
}

/** The records behind an owner's figures ("<type>#<id>" in `month`), with what each adds; records that add nothing now left out. */
export async function readSources(owner: string): Promise<FigureItem[]> {
  return (await partitionItems(sourcesPartition(owner))).filter((i) => i.rank || Object.keys(i.amounts).length);
}

/** Owners' running totals, one GetItem each (a page's worth). */
export async function readTotals(owners: string[]): Promise<FigureItem[]> {
  return Promise.all(
    owners.map(async (owner) => {
      const params = Facet.get({ facet: figuresPartition(owner), value: "total" }).params<GetCommandInput>();
      const res = await documentClient().send(new GetCommand(params));
      return res.Item ? itemOf(res.Item) : { month: "total", rank: 0, amounts: {} };
    }),
  );
}

/** A page of a board, by rank or by one of the owners' sorts (`sort`, in `order`), and how many stand on it. */
export async function boardPage(board: string, q: { page: number; page_size: number; order: "asc" | "desc"; sort?: string }): Promise<{ count: number; ids: number[] }> {
  const [count, ids] = await Promise.all([
    Counter.get({ name: boardList(board) }).go(),
    skipThenTake(ListEntry.query.byList({ list: q.sort ? sortList(q.sort, board) : boardList(board) }), (q.page - 1) * q.page_size, q.page_size, q.order),
  ]);
  const live = (count.data as { live?: number } | null)?.live ?? 0;
  return { count: Math.max(0, live), ids: ids ?? [] };
}

/**
 * Write an owner's figures again from what its records declare now (the
 * backfill of records saved before figures were kept, and a repair): its
 * months, total and sources set to `sources`' sums (stale items removed),
 * its rank set and its board entries moved. Not in a transaction: run it
 * while nobody saves (as the index upgrade), e.g. `npm run job -- profit-rebuild`.
 */
export async function rebuildFigures(owner: string, sources: Array<{ source: string; lines: FigureLine[] }>, boards: string[], sorts?: FigureSorts): Promise<number> {
  const mine = sources.map((x) => ({ source: x.source, lines: x.lines.filter((l) => l.owner === owner) }));
  const deltas = figureDeltas([], mine.flatMap((x) => x.lines)).get(owner);
  const want = new Map<string, Record<string, unknown>>();
  const item = (facet: string, value: string, rank: number, amounts: Record<string, number>) =>
    want.set(`${facet}\u0000${value}`, { ...(Facet.put({ facet, value, live: rank }).params().Item as object), ...Object.fromEntries(Object.entries(amounts).map(([k, n]) => [kindAttr(k), n])) });
  const total: Record<string, number> = {};
  for (const [month, m] of deltas?.months ?? []) {
    item(figuresPartition(owner), month, m.rank, m.amounts);
    for (const [k, n] of Object.entries(m.amounts)) total[k] = (total[k] ?? 0) + n;
  }
  item(figuresPartition(owner), "total", deltas?.rank ?? 0, total);
  for (const x of mine) {
    const d = figureDeltas([], x.lines).get(owner);
    if (d) item(sourcesPartition(owner), x.source, d.rank, Object.fromEntries([...d.months.values()].flatMap((m) => Object.entries(m.amounts)).reduce((acc, [k, n]) => acc.set(k, (acc.get(k) ?? 0) + n), new Map<string, number>())));
  }
  // Items no record declares any more: removed.
  for (const facet of [figuresPartition(owner), sourcesPartition(owner)])
    for (const held of await partitionItems(facet)) if (!want.has(`${facet}\u0000${held.month}`)) await Facet.delete({ facet, value: held.month }).go();
  await batchWrite([...want.values()], 4);
  // The rank: from what was held to the sum, on the boards given.
  const read = await readRank(owner);
  const ops = rankOps(owner, read, (deltas?.rank ?? 0) - (read.live ?? 0), boards);
  // Its other sorts, as of today, from the rebuilt total.
  if (sorts) ops.push(...(await sortOps(owner, sorts, total, todayInLondon(), boards)));
  for (const op of ops) {
    if (op.op === "tally-set") await Counter.put({ name: op.name, live: op.to, tags: op.tags }).go();
    else if (op.op === "entry-delete") await ListEntry.delete({ list: op.list, sort: op.sort, id: op.id }).go();
    else if (op.op === "entry-put") await ListEntry.put({ list: op.list, sort: op.sort, id: op.id }).go();
    else if (op.op === "counter-add") await Counter.update({ name: op.name }).add({ live: op.live }).go();
  }
  return want.size;
}
