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
  return Math.max(0, (res.data?.live) ?? 0);
}

/** A counter: last id issued and live count (one small item, whatever the history). */
export async function counterOf(counterName: string): Promise<{ seq: number; live: number }> {
  const res = await Counter.get({ name: counterName }).go();
  const d = res.data as { seq?: number; live?: number } | null;
  return { seq: d?.seq ?? 0, live: Math.max(0, d?.live ?? 0) };
}
