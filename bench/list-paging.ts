/**
 * Benchmark: 100,000 records of one type, then a first 25-row page, a deep
 * page and a search through the product's own list mechanism, reporting
 * p50/p95 latency and DynamoDB read units per request. Prints figures; it
 * is not a timed test. Run: npm run bench  (BENCH_RECORDS to change size).
 */
import * as z from "zod";
import { benchTable, measure as measureRuns, meterCapacity, tableHeader } from "./support.js";

const N = Number(process.env.BENCH_RECORDS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const dynamo = await benchTable();
await meterCapacity();

const { defineRecordType } = await import("../core/platform/records.js");
const { Counter } = await import("../core/platform/service.js");
const { requiredText, num } = await import("../core/platform/fields.js");


const Item = defineRecordType({
  type: "benchitem",
  label: "Bench item",
  fields: z.object({ name: requiredText("Name is required"), price: num() }),
});

console.log(`Loading ${N.toLocaleString()} records...`);
const started = Date.now();
const words = ["transit", "sprinter", "vivaro", "crafter", "master", "boxer", "ducato", "movano"];
const batch: any[] = [];
const now = new Date().toISOString();
for (let id = 1; id <= N; id++) {
  const name = `${words[id % words.length]} ${String(id).padStart(6, "0")}`;
  batch.push({ id, name, price: id % 500, last_saved: now, created_at: now, created_by: "bench", updated_by: "bench", search_text: name });
  if (batch.length === 1000 || id === N) {
    await Item.entity.put(batch.splice(0)).go({ concurrent: 4 } as any);
  }
}
await Counter.update({ name: "benchitem" }).set({ seq: N, live: N }).go();
console.log(`Loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const measure = (label: string, fn: () => Promise<{ count: number; results: unknown[] }>) => measureRuns(label, RUNS, fn);

tableHeader(`request (${N.toLocaleString()} records)`);
await measure("first page (page=1, 25 rows)", () => Item.list({ page: 1, page_size: 25 }));
await measure("page 40 (rows 976-1000)", () => Item.list({ page: 40, page_size: 25 }));
await measure(`deep page (page=${Math.floor(N / 50)}, middle of the list)`, () => Item.list({ page: Math.floor(N / 50), page_size: 25 }));
await measure("search 'vivaro 0012' (prefix, 10 matches)", () => Item.list({ page: 1, page_size: 25, search: "vivaro 0012" }));
await measure("search 'crafter 01' (prefix, ~1,250 matches)", () => Item.list({ page: 1, page_size: 25, search: "crafter 01" }));
dynamo.stop();
process.exit(0);
