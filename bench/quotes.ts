/**
 * Benchmark: the quotes list at 30,000 quotes (default) over 3 departments,
 * 500 customers and 2,000 vans, through the HTTP API (bench/support.ts):
 * every view's first, middle and last page, its department list, a
 * customer column filter, the quote type filter, a search and the
 * open-items check of a vehicle, reporting p50/p95 latency, read units and
 * round trips per request. Prints figures; it is not a timed test.
 *
 * Loading: quotes go in with `bulkLoad` (the items create writes, for
 * benchmark data only), without lines, in every state but ACTIVE (a quote
 * with job cards: those are made through createquotejob, so the Active
 * view is measured on the quotes given a job card here).
 * Run: QUOTES=30000 npx tsx bench/quotes.ts  (QUOTES, BENCH_STEPS: sizes to measure at on the
 * way, e.g. "2000,6000,30000"; BENCH_RUNS, BENCH_CONCURRENCY).
 */
import { benchApi, benchTable, measure as measureRuns, meterCapacity, tableHeader } from "./support.js";

const N = Number(process.env.QUOTES ?? 30_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const VANS = 2_000;
const CUSTOMERS = 500;

const dynamo = await benchTable();
await meterCapacity();
const api = await benchApi();
const { addDays } = await import("../core/platform/dates.js");
const { Contact } = await import("../core/contacts/index.js");
const { Vehicle } = await import("../core/fleet/index.js");
const S = await import("../core/settings/index.js");
const { Quote } = await import("../core/workshop/quote.js");

const by = "bench";
const depts: number[] = [];
for (const name of ["DIRECT VAN HIRE", "LCV Centre", "VAN SALES DIRECT"]) depts.push((await S.Department.create({ name }, by)).id);
const people = await Contact.bulkLoad(
  Array.from({ length: CUSTOMERS }, (_, i) => ({ display_name: `Customer ${String(i).padStart(3, "0")}`, contact_type: "CC", partial_contact: true, company_name: `Customer ${i} Ltd`, company_phone: "0115 496 0000", company_email: `c${i}@example.co.uk`, hire_account_code: "01" })),
  by,
);
const customers = Array.from({ length: CUSTOMERS }, (_, i) => people.first + i);
const fleet = await Vehicle.bulkLoad(
  Array.from({ length: VANS }, (_, i) => ({ registration: `QB${String(10 + (i % 80))} Q${String(i).padStart(4, "0")}`, variant: "L1H1", vin_number: `QVIN${i}`, location: "Depot", fleet_number: `40${String(i).padStart(5, "0")}`, vehicle_status: "ACTIVE", department: depts[0] })),
  by,
);
const vans = Array.from({ length: VANS }, (_, i) => fleet.first + i);
const TYPES = ["NONE", "OFF HIRE", "INSURANCE CLAIM", "CUSTOMER VEHICLE", "OUT ON HIRE", "SALES", "WORK COMPLETE"];

// One quote created every 90 minutes from 2021-01-04: 30,000 span about five years. A fifth to be priced, two fifths priced, two fifths approved.
const bodyOf = (i: number) => {
  const v = vans[i % VANS];
  const cu = customers[(i * 7) % CUSTOMERS];
  return {
    vehicle: v,
    customer: cu,
    customer2: i % 5 === 0 ? customers[(i * 11) % CUSTOMERS] : null,
    department: depts[i % 3],
    quote_type: TYPES[i % TYPES.length],
    description: `Quote ${i}`,
    provisional_start_date: addDays("2021-01-04", Math.floor(i / 16) + 7),
    date_created: addDays("2021-01-04", Math.floor(i / 16)),
    priced: i % 5 !== 1,
    approved: i % 5 >= 3,
    approving_user: i % 5 >= 3 ? { first_name: "Ann", last_name: "Approver" } : null,
    registration: `QB${String(10 + ((i % VANS) % 80))} Q${String(i % VANS).padStart(4, "0")}`,
    customer_name: `Customer ${String((i * 7) % CUSTOMERS).padStart(3, "0")}`,
    customer_invoice_number: i % 5 >= 3 ? `INV${String(i).padStart(6, "0")}` : null,
  };
};
// Loaded in steps (BENCH_STEPS, e.g. "2000,6000,30000"; default: N at once), every call measured at each step.
const STEPS = (process.env.BENCH_STEPS ?? String(N)).split(",").map(Number).filter((n) => n > 0 && n <= N);
const measure = (label: string, fn: (run: number) => Promise<any>) => measureRuns(label, RUNS, fn);
console.log(`Loading ${N.toLocaleString()} quotes with bulkLoad, ${CONCURRENCY} at a time, measured at ${STEPS.join(", ")}...`);
const started = Date.now();
let loadedCount = 0;
let firstId = 0;
for (const step of STEPS) {
  while (loadedCount < step) {
    const upTo = Math.min(step, loadedCount + 2_000);
    const chunk = await Quote.bulkLoad(Array.from({ length: upTo - loadedCount }, (_, k) => bodyOf(loadedCount + k)), by, { concurrency: CONCURRENCY });
    if (!firstId) firstId = chunk.first;
    loadedCount = upTo;
    console.log(`  ${loadedCount.toLocaleString("en-GB")} quotes loaded after ${((Date.now() - started) / 1000).toFixed(0)} s (load average ${(await import("node:os")).loadavg().map((l) => l.toFixed(1)).join(" ")})`);
  }
  await measureAt(step);
}

async function measureAt(n: number) {
  tableHeader(`quotes list (${n.toLocaleString("en-GB")} quotes, 3 departments, ${CUSTOMERS} customers, ${VANS} vans)`);
  for (const view of ["to_be_priced", "quotes", "approved", "all"]) {
    const count = (await api.get(`quotes?view=${view}&page_size=1`)).count as number;
    const last = Math.max(1, Math.ceil(count / 25));
    const mid = Math.max(1, Math.ceil(last / 2));
    await measure(`GET quotes?view=${view}, page 1`, () => api.get(`quotes?view=${view}`));
    await measure(`GET quotes?view=${view}, page ${mid} (middle)`, () => api.get(`quotes?view=${view}&page=${mid}`));
    await measure(`GET quotes?view=${view}, page ${last} (last)`, () => api.get(`quotes?view=${view}&page=${last}`));
    await measure(`GET quotes?view=${view}&department=, page 1`, () => api.get(`quotes?view=${view}&department=${depts[1]}`));
  }
  await measure("GET quotes (Active, the default view), page 1", () => api.get("quotes"));
  await measure("column filter: customer, view all", () => api.get(`quotes?view=all&customer=${customers[7]}`));
  await measure("column filter: customer, view to_be_priced", () => api.get(`quotes?view=to_be_priced&customer=${customers[7]}`));
  await measure("column filter: quote type SALES, view approved", () => api.get("quotes?view=approved&quote_type=SALES"));
  await measure("search: a customer name (customer 01…, 10 customers)", () => api.get("quotes?view=all&search=customer%2001"));
  await measure("search: a registration", () => api.get("quotes?view=all&search=QB12Q0002"));
  await measure("search: a quote no.", () => api.get(`quotes?view=all&search=${firstId + Math.floor(n / 2)}`));
  await measure("open-items check: GET quotes?vehicle&ready_for_customer_invoice=false", () => api.get(`quotes?vehicle=${vans[42]}&ready_for_customer_invoice=false`));
  await measure("GET quotes/{id}", () => api.get(`quotes/${firstId + 777}`));
}
await dynamo.stop();
process.exit(0);
