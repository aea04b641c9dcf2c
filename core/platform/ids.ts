import { Counter } from "./service.js";

/** The next id for a record type: an atomic ADD on its counter item. */
export async function nextId(recordType: string): Promise<number> {
  const res = await Counter.update({ name: recordType })
    .add({ seq: 1 })
    .go({ response: "all_new" });
  return res.data.seq as number;
}

/** How many records of a type exist (maintained on create and delete). */
export async function liveCount(counterName: string): Promise<number> {
  const res = await Counter.get({ name: counterName }).go();
  return Math.max(0, (res.data?.live as number | undefined) ?? 0);
}

/** A type's counter: last id issued, live count, deleted ids. */
export async function counterOf(counterName: string): Promise<{ seq: number; live: number; deleted: number[] }> {
  const res = await Counter.get({ name: counterName }).go();
  const d = res.data as { seq?: number; live?: number; deleted?: number[] } | null;
  return { seq: d?.seq ?? 0, live: Math.max(0, d?.live ?? 0), deleted: [...(d?.deleted ?? [])].sort((a, b) => a - b) };
}

/**
 * The id of the record at a 1-based position of an id-ordered list, given
 * the ids deleted so far: each deleted id at or before it shifts it by one.
 */
export function idAtPosition(position: number, deletedSorted: number[]): number {
  let id = position;
  for (const d of deletedSorted) {
    if (d <= id) id++;
    else break;
  }
  return id;
}
