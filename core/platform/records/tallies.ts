// Running totals (pence) a write moves on condition they still hold the value it read.
import { Counter } from "../service.js";
import type { SavedRecord, WriteExtra } from "./types.js";

/**
 * Tallies: a running total (whole pence) of something other records add up
 * to, e.g. the credits approved against one work item, kept in one counter
 * item (`tally#<name>`). A write that moves a tally reads it once, works out
 * the new value (refusing when a rule says no), and is conditioned on the
 * value it read, in the same transaction as the write that moves it: two
 * writes racing cannot both land on the same reading. A retried transaction
 * reads it again (`replan`).
 */

const key = (name: string) => `tally#${name}`;

/** The tally's value, read consistently; null when it was never written. */
export async function readTally(name: string): Promise<number | null> {
  const res = await Counter.get({ name: key(name) }).go({ consistent: true });
  const live = (res.data as { live?: number } | null)?.live;
  return typeof live === "number" ? live : null;
}

/**
 * A tally moved by one write: `next` is given the value read (null: never
 * written) and answers the new value, or throws (a ValidationError: 400,
 * nothing written). Joined to the write with `joinExtras`.
 */
export function moveTally(name: string, next: (held: number | null) => Promise<number>): WriteExtra {
  let from: number | null = null;
  let to = 0;
  const prepare = async (_saved: SavedRecord) => {
    from = await readTally(name);
    to = await next(from);
  };
  return {
    prepare,
    replan: prepare,
    items: () => 1,
    indexWrites: () => [{ op: "tally-set", name: key(name), from, to }],
  };
}
