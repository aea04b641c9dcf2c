// Ids and document numbers taken in the write's own transaction, so a refusal takes none (`withNumbers`).
import { BusyError } from "../errors.js";
import { Counter } from "../service.js";
import type { IndexOp, WriteExtra } from "./types.js";

/**
 * Numbers taken in the write's own transaction (issue 22 finding 9: a
 * refused create moved the id counters, so ids jumped by the number of
 * refusals). A create or a save adding lines reads the counter's last
 * number (`peekNumbers`, a consistent read), plans its write with the next
 * ones, and its transaction sets the counter on the condition it still
 * holds the number read (`NumberTake`, written as the counter's update in
 * `commitOf`, folded with the record type's live count). A refusal (bad
 * field, reference, taken unique value, lock) therefore takes no number;
 * two creates racing for the same number: one lands, the other finds the
 * counter moved (`numbersMoved`) and plans again (core/platform/records/define.ts
 * `create`, core/platform/lines.ts `NumbersMoved` rounds), this time with
 * numbers reserved by an ADD (`race`): it has passed every check once, and
 * writers racing on one counter then land one after the other instead of
 * planning against each other round after round. Numbers stay unique: every taker, and the plain
 * ADD of `nextId` still used by bulk loads and document numbers, moves the
 * same `seq`, and a take lands only on the value it read.
 */

/** A block of numbers taken from a counter: `seq` goes from `from` to `to` in the write's transaction. */
export type NumberTake = { name: string; from: number; to: number };

/**
 * The next `n` numbers of a counter as a take for the write's transaction
 * (nothing is written now). `race`: the write already lost its numbers to
 * another once (it passed every check then): the numbers are reserved now
 * with one ADD instead (no take), so writers racing on one counter do not
 * keep planning against each other; only such a write, refused afterwards
 * by what the race changed, leaves a gap.
 */
export async function peekNumbers(name: string, n: number, { race = false }: { race?: boolean } = {}): Promise<{ ids: number[]; take: NumberTake | null }> {
  if (n <= 0) return { ids: [], take: null };
  if (race) {
    const added = await Counter.update({ name }).add({ seq: n }).go({ response: "all_new" });
    const last = added.data.seq ?? n;
    return { ids: Array.from({ length: n }, (_, i) => last - n + 1 + i), take: null };
  }
  const res = await Counter.get({ name }).go({ consistent: true });
  const from = res.data?.seq ?? 0;
  return { ids: Array.from({ length: n }, (_, i) => from + 1 + i), take: { name, from, to: from + n } };
}

/** Whether any of these counters has moved since its take was read (a cancelled write lost its numbers to another). */
export async function numbersMoved(takes: NumberTake[]): Promise<boolean> {
  if (!takes.length) return false;
  const res = await Counter.get(takes.map((t) => ({ name: t.name }))).go({ consistent: true });
  const seq = new Map(res.data.map((c) => [c.name, c.seq ?? 0]));
  return takes.some((t) => (seq.get(t.name) ?? 0) !== t.from);
}

/** Numbers a unit planned with were taken by another write meanwhile: its caller plans again (core/platform/lines.ts). */
export class NumbersMoved extends Error {
  constructor() {
    super("the numbers this write planned with were taken by another write");
  }
}

/** How many times a write whose numbers were taken by others is planned again before it answers 409. */
export const NUMBER_ROUNDS = 12;

/** What one write asks of a series: `n` numbers of counter `name`. */
export type SeriesWant = { name: string; n: number };

/**
 * The takes of a write as its `WriteExtra`: each counter set from the value
 * read to the last number used, on the condition it still holds that value,
 * in the write's own transaction; after a cancellation, moved takes make
 * the engine throw `NumbersMoved` (define.ts), and the caller plans again.
 */
export function numbersExtra(takes: NumberTake[]): WriteExtra | undefined {
  if (!takes.length) return undefined;
  const ops: IndexOp[] = takes.map((k) => ({ op: "counter-add", name: k.name, live: 0, seq: { from: k.from, to: k.to } }));
  return { items: () => ops.length, indexWrites: () => ops, numbers: () => takes };
}

/** How many times a write whose document numbers were taken by others is planned again (gap-free: never an ADD reservation) before it answers 409. */
export const DOCUMENT_ROUNDS = 40;

/**
 * A write taking numbers of one or more series in its own transaction,
 * with no gap: `write` is given the numbers of each series (in the order
 * asked) and the extra that takes them; it plans its write with them and
 * joins the extra to it. A write that loses its numbers to another
 * (`NumbersMoved`) is planned again from a fresh read of the counters, up
 * to `DOCUMENT_ROUNDS` times, then answers 409 (BusyError), never 500.
 * Unlike a record id (`peekNumbers` with `race`), a document number is
 * never reserved ahead by an ADD: a write refused after a race therefore
 * still takes none, so a series HMRC expects continuous has no gap.
 */
export async function withNumbers<T>(wants: SeriesWant[], write: (numbers: Map<string, number[]>, extra: WriteExtra | undefined, round: number) => Promise<T>): Promise<T> {
  const asked = new Map<string, number>();
  for (const w of wants) if (w.n > 0) asked.set(w.name, (asked.get(w.name) ?? 0) + w.n);
  for (let round = 0; ; round++) {
    const numbers = new Map<string, number[]>();
    const takes: NumberTake[] = [];
    for (const [name, n] of asked) {
      const peeked = await peekNumbers(name, n);
      numbers.set(name, peeked.ids);
      if (peeked.take) takes.push(peeked.take);
    }
    try {
      return await write(numbers, numbersExtra(takes), round);
    } catch (e) {
      if (!(e instanceof NumbersMoved)) throw e;
      if (round >= DOCUMENT_ROUNDS) throw new BusyError();
      // Jittered: writers racing on one series spread out instead of planning against each other in step.
      await new Promise((r) => setTimeout(r, Math.random() * 15 * Math.min(round + 1, 8)));
    }
  }
}
