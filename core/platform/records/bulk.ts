// Batch writes for the bulk loader and the index upgrade (BatchWriteItem, summed counts), outside the records' transactions.
import { BatchWriteCommand, UpdateCommand, type UpdateCommandInput } from "@aws-sdk/lib-dynamodb";
import { config } from "../config.js";
import { Facet } from "../service.js";
import { documentClient } from "../table.js";
import { withFineCounts } from "./positions.js";

/**
 * Batch writing for the two jobs that write many items outside the
 * records' transactions: the benchmarks' bulk loader and the index
 * upgrade (both while nobody else writes).
 */

/** DynamoDB's limit on the items of one BatchWriteItem. */
const BATCH_LIMIT = 25;

export const pause = (attempt: number) => new Promise((r) => setTimeout(r, 10 * 2 ** attempt + Math.random() * 20));

/**
 * Put items (as stored, keys included) with BatchWriteItem, 25 a request,
 * `concurrency` requests at a time; unprocessed items are sent again.
 * Returns how many were written.
 */
export async function batchWrite(items: StoredItem[], concurrency: number): Promise<number> {
  // One item per key: a batch may not hold the same key twice.
  const byKey = new Map<string, StoredItem>();
  for (const it of items) byKey.set(`${String(it.pk)} ${String(it.sk)}`, it);
  const unique = [...byKey.values()];
  const batches: StoredItem[][] = [];
  for (let i = 0; i < unique.length; i += BATCH_LIMIT) batches.push(unique.slice(i, i + BATCH_LIMIT));
  const table = config.tableName;
  await inParallel(batches, concurrency, async (batch) => {
    let requests: Array<{ PutRequest?: { Item: StoredItem | undefined } }> = batch.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; requests.length; attempt++) {
      const res = await documentClient().send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
      requests = res.UnprocessedItems?.[table] ?? [];
      if (requests.length) {
        if (attempt > 20) throw new Error(`batchWrite: ${requests.length} items left unprocessed`);
        await pause(Math.min(attempt, 6));
      }
    }
  });
  return unique.length;
}

/** An item as stored (keys included): what an entity's `put(...).params().Item` answers. */
export type StoredItem = Record<string, unknown>;

/** Run `fn` over items, at most `n` at once. */
export async function inParallel<T>(items: T[], n: number, fn: (item: T) => Promise<unknown> | null): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/** Sums of shared counts met while building items, written once each at the end. */
export class Sums {
  readonly counters = new Map<string, number>();
  readonly facets = new Map<string, number>();
  /** Fine counts kept on a coarse position item (positions.ts `inlineFine`), by facet item. */
  readonly fines = new Map<string, Record<string, number>>();
  counter(name: string, live: number) {
    this.counters.set(name, (this.counters.get(name) ?? 0) + live);
  }
  facet(facet: string, value: string, live: number, fine?: Record<string, number>) {
    const key = `${facet}\u0000${value}`;
    this.facets.set(key, (this.facets.get(key) ?? 0) + live);
    if (fine) {
      const held = this.fines.get(key) ?? {};
      for (const [name, n] of Object.entries(fine)) held[name] = (held[name] ?? 0) + n;
      this.fines.set(key, held);
    }
  }
  facetEntries() {
    return [...this.facets].map(([key, live]) => {
      const [facet, value] = key.split("\u0000");
      return { facet, value, live, fine: this.fines.get(key) };
    });
  }
}

/** Write one summed facet: added to what is stored (a bulk load) or set (the index rebuild), its fine counts with it. */
export async function writeFacetSum(f: { facet: string; value: string; live: number; fine?: Record<string, number> }, how: "ADD" | "SET") {
  const fine = Object.fromEntries(Object.entries(f.fine ?? {}).filter(([, n]) => how === "SET" || n !== 0));
  if (how === "ADD" && !f.live && !Object.keys(fine).length) return;
  const update = how === "ADD" ? Facet.update({ facet: f.facet, value: f.value }).add({ live: f.live }) : Facet.update({ facet: f.facet, value: f.value }).set({ live: f.live });
  if (!Object.keys(fine).length) return update.go();
  return documentClient().send(new UpdateCommand(withFineCounts(update.params<UpdateCommandInput>(), fine, how)));
}
