/**
 * Benchmark: 50,000 rentals of 500 vans over about four years, saved
 * through the rental record's own create (rules, month lists, the booking
 * sets that stop double booking), then the availability check, the finder,
 * the weekly view, the calendar and the dashboard figures through the
 * product's use cases (core/hire), reporting p50/p95 latency and DynamoDB
 * read units per request. Prints figures; it is not a timed test.
 * Run: npx tsx bench/rentals.ts  (BENCH_RENTALS, BENCH_VANS, BENCH_RUNS, BENCH_CONCURRENCY).
 */
import { randomUUID } from "node:crypto";
import { ensureTable, startDynamoDbLocal } from "../functions/local/dynamodb-local.js";
import { freePort } from "../tests/support/ports.js";

const N = Number(process.env.BENCH_RENTALS ?? 50_000);
const VANS = Number(process.env.BENCH_VANS ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

const dynamo = await startDynamoDbLocal({ port: await freePort() });
process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
process.env.TABLE_NAME = `bench_${randomUUID().slice(0, 6)}`;
await ensureTable(dynamo.endpoint, process.env.TABLE_NAME);

const { documentClient } = await import("../core/platform/table.js");
const { addDays } = await import("../core/platform/dates.js");
const { Contact } = await import("../core/contacts/index.js");
const { Vehicle } = await import("../core/fleet/index.js");
const S = await import("../core/settings/index.js");
const H = await import("../core/hire/index.js");

let readUnits = 0;
documentClient().middlewareStack.add(
  (next) => async (args: any) => {
    args.input.ReturnConsumedCapacity = "TOTAL";
    const out: any = await next(args);
    const cc = out.output?.ConsumedCapacity;
    for (const c of Array.isArray(cc) ? cc : cc ? [cc] : []) readUnits += c.CapacityUnits ?? 0;
    return out;
  },
  { step: "initialize", name: "countCapacity" },
);

const by = "bench";
const l1 = (await S.VehicleType.create({ name: "L1" }, by)).id as number;
const dept = (await S.Department.create({ name: "DIRECT VAN HIRE" }, by)).id as number;
await S.RentalMargin.create({ name: "Standard", margin: 40 }, by);
const customers: number[] = [];
for (let i = 0; i < 200; i++)
  customers.push((await Contact.create({ display_name: `Hirer ${String(i).padStart(3, "0")}`, contact_type: "CC", partial_contact: true, company_name: `Hirer ${i} Ltd`, company_phone: "0115 496 0000", company_email: `hire${i}@example.co.uk`, hire_account_code: "01" }, by)).id as number);
const vans: number[] = [];
for (let i = 0; i < VANS; i++)
  vans.push((await Vehicle.create({ registration: `BN${String(10 + (i % 80))} R${String(i).padStart(3, "0")}`, variant: "L1H1", vin_number: `VIN${i}`, location: "Depot", fleet_number: `30${String(i).padStart(4, "0")}`, vehicle_status: "ACTIVE", type: l1, department: dept }, by)).id as number);

// Each van's rentals follow one another from 2023-01-02: 1-20 days, a day's gap, every tenth a quote.
const perVan = Math.ceil(N / VANS);
const plan: Array<{ van: number; start: string; finish: string; i: number }> = [];
for (let v = 0; v < VANS; v++) {
  let day = "2023-01-02";
  for (let k = 0; k < perVan && plan.length < N; k++) {
    const i = plan.length;
    const len = 1 + ((i * 7) % 20);
    plan.push({ van: vans[v], start: day, finish: addDays(day, len - 1), i });
    day = addDays(day, len + 1);
  }
}
const lastDay = plan.reduce((m, p) => (p.finish > m ? p.finish : m), "2023-01-02");
console.log(`Saving ${N.toLocaleString()} rentals of ${VANS} vans (2023-01-02 to ${lastDay}), ${CONCURRENCY} at a time...`);
const started = Date.now();
let next = 0;
let retries = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < plan.length) {
      const p = plan[next++];
      const body = {
        status: p.i % 10 === 3 ? "QUOTE" : "CONFIRMED", rental_type: p.i % 8 === 0 ? "LT" : "ST", start_date: p.start, finish_date: p.finish, vehicle: p.van,
        customer: customers[p.i % customers.length], department: dept, first_day: 70, two_five_days: 60, six_twenty_seven_days: 50, twenty_eight_plus: 40,
        long_term_weekly: 210, term: 52, mileage_allowance: 20000,
      };
      for (let attempt = 0; ; attempt++) {
        try {
          await H.Rental.create(body, by);
          break;
        } catch (e) {
          // Concurrent creates share list counters; a cancelled transaction is tried again.
          if (attempt > 5) throw e;
          retries++;
        }
      }
      if (p.i % 5000 === 0) console.log(`  ${p.i.toLocaleString()} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  }),
);
console.log(`Loaded in ${((Date.now() - started) / 1000).toFixed(0)} s (${retries} retried creates)`);

async function measure(label: string, fn: () => Promise<any>) {
  const times: number[] = [];
  const units: number[] = [];
  let last: any;
  for (let i = 0; i < RUNS; i++) {
    readUnits = 0;
    const t = performance.now();
    last = await fn();
    times.push(performance.now() - t);
    units.push(readUnits);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(0);
  const ru = (units.reduce((a, b) => a + b, 0) / units.length).toFixed(1);
  const rows = last?.results ? `${last.results.length} of ${last.count}` : `${Object.keys(last ?? {}).length} fields`;
  console.log(`| ${label} | ${rows} | ${p(0.5)} ms | ${p(0.95)} ms | ${ru} |`);
}

const mid = addDays("2023-01-02", Math.floor((Date.parse(`${lastDay}T00:00:00Z`) - Date.parse("2023-01-02T00:00:00Z")) / 86_400_000 / 2));
const week = H.windowOf("weekly", mid);
console.log(`\n| request (${N.toLocaleString()} rentals, week of ${week.start}) | rows of count | p50 | p95 | read units |`);
console.log("|---|---|---|---|---|");
await measure("availability: GET rentals?vehicle&start_date&finish_date", () => H.Rentals.list({ page: 1, page_size: 25, vehicle: vans[7], start_date: week.start, finish_date: week.end }));
await measure("vehicle rental record (page_size 5)", () => H.Rentals.list({ page: 1, page_size: 5, vehicle: vans[7] }));
await measure("finder: available vans for the week", () => H.Rentals.available({ start_date: week.start, finish_date: week.end, page: 1, page_size: 25 }));
await measure("rentals list, weekly view", () => H.Rentals.list({ page: 1, page_size: 25, view: "weekly", date: mid }));
await measure("calendar week", () => H.Rentals.calendar(week.start, week.end));
await measure("dashboard figures, week", () => H.dashboardRentalFigures(week));
await measure("dashboard figures, month", () => H.dashboardRentalFigures(H.windowOf("monthly", mid)));
await measure("all rentals, page 1 (newest first)", () => H.Rentals.list({ page: 1, page_size: 25 }));
await dynamo.stop();
process.exit(0);
