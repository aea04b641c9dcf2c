/**
 * Benchmark: 100,000 records of one type (drivers, a settings list in id
 * order), then the first page, page 40, the middle and the last page and
 * two searches through the HTTP API (`GET drivers?page=N`,
 * `GET drivers?search=`), reporting p50/p95 latency and DynamoDB read
 * units per request. Prints figures; it is not a timed test.
 * Run: npm run bench  (BENCH_RECORDS to change size).
 */
import { benchApi, benchTable, measure as measureRuns, meterCapacity, tableHeader } from "./support.js";

const N = Number(process.env.BENCH_RECORDS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const dynamo = await benchTable();
await meterCapacity();
const api = await benchApi();
const { Driver } = await import("../core/settings/index.js");

console.log(`Loading ${N.toLocaleString()} records...`);
const started = Date.now();
const words = ["transit", "sprinter", "vivaro", "crafter", "master", "boxer", "ducato", "movano"];
const CHUNK = 10_000;
for (let from = 1; from <= N; from += CHUNK)
  await Driver.bulkLoad(
    Array.from({ length: Math.min(CHUNK, N - from + 1) }, (_, k) => ({ name: `${words[(from + k) % words.length]} ${String(from + k).padStart(6, "0")}` })),
    "bench",
  );
console.log(`Loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const measure = (label: string, path: string) => measureRuns(label, RUNS, () => api.get(path));
const last = Math.ceil(N / 25);
tableHeader(`request (${N.toLocaleString()} records)`);
await measure("first page (page=1, 25 rows)", "drivers?page=1");
await measure("page 40 (rows 976-1000)", "drivers?page=40");
await measure(`middle page (page=${Math.ceil(last / 2)})`, `drivers?page=${Math.ceil(last / 2)}`);
await measure(`last page (page=${last})`, `drivers?page=${last}`);
await measure("search 'vivaro 0012' (prefix, 10 matches)", "drivers?search=vivaro%200012");
await measure("search 'crafter 01' (prefix, ~1,250 matches)", "drivers?search=crafter%2001");
await dynamo.stop();
process.exit(0);
