/**
 * Benchmark: rentals of a fleet over years (default 50,000 rentals of 1,000
 * vans in three types, one rental every 22 days per van from 2023-01-02,
 * so about three years), then the availability checks, the booking check
 * a save makes, the rentals list, the calendar and the dashboard figures
 * through the HTTP API (bench/support.ts), reporting p50/p95 latency
 * and DynamoDB read (and write) units per request. Prints figures; it is
 * not a timed test.
 *
 * Loading: vans and rentals go in with `bulkLoad` (core/platform/records.ts:
 * the items create writes, in BatchWriteItem chunks, for benchmark data
 * only); BENCH_LOAD=create saves every rental through the rental's own
 * create instead (about 9 a second on a 2-core machine).
 * Run: RENTALS=50000 npx tsx bench/rentals.ts  (RENTALS or BENCH_RENTALS,
 * BENCH_VANS, BENCH_SLOT_DAYS, BENCH_RUNS, BENCH_CONCURRENCY, BENCH_LOAD).
 */
import { benchApi, benchTable, measure as measureRuns, meterCapacity, tableHeader } from "./support.js";

const N = Number(process.env.RENTALS ?? process.env.BENCH_RENTALS ?? 50_000);
const VANS = Number(process.env.BENCH_VANS ?? 1_000);
// Days from one rental's start to the next of the same van: with 1,000 vans, 50,000 rentals cover about three years.
const SLOT = Number(process.env.BENCH_SLOT_DAYS ?? 22);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const LOAD = process.env.BENCH_LOAD ?? "bulk";

const dynamo = await benchTable();
await meterCapacity();
const api = await benchApi();
const { addDays, windowOf } = await import("../core/platform/dates.js");
const { Contact } = await import("../core/contacts/index.js");
const { Vehicle } = await import("../core/fleet/index.js");
const S = await import("../core/settings/index.js");
const H = await import("../core/hire/index.js");


const by = "bench";
const types: number[] = [];
for (const name of ["L1", "L2", "LUTON"]) types.push((await S.VehicleType.create({ name }, by)).id);
const dept = (await S.Department.create({ name: "DIRECT VAN HIRE" }, by)).id;
await S.RentalMargin.create({ name: "Standard", margin: 40 }, by);
const customers: number[] = [];
let c = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (c < 200) {
      const i = c++;
      customers[i] = (await Contact.create({ display_name: `Hirer ${String(i).padStart(3, "0")}`, contact_type: "CC", partial_contact: true, company_name: `Hirer ${i} Ltd`, company_phone: "0115 496 0000", company_email: `hire${i}@example.co.uk`, hire_account_code: "01" }, by)).id;
    }
  }),
);
const t0 = Date.now();
const fleet = await Vehicle.bulkLoad(
  Array.from({ length: VANS }, (_, i) => ({ registration: `BN${String(10 + (i % 80))} R${String(i).padStart(4, "0")}`, variant: "L1H1", vin_number: `VIN${i}`, location: "Depot", fleet_number: `30${String(i).padStart(5, "0")}`, vehicle_status: "ACTIVE", type: types[i % 3], department: dept })),
  by,
);
const vans = Array.from({ length: VANS }, (_, i) => fleet.first + i);
console.log(`${VANS} vans loaded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

// Each van: a rental starting every SLOT days from 2023-01-02, 1-20 days long; every tenth a quote, every eighth long term.
const perVan = Math.ceil(N / VANS);
const plan: Array<{ van: number; start: string; finish: string; i: number; status: string }> = [];
for (let k = 0; k < perVan; k++)
  for (let v = 0; v < VANS && plan.length < N; v++) {
    const i = plan.length;
    const start = addDays("2023-01-02", k * SLOT + (v % 7));
    const len = 1 + ((i * 7) % Math.min(20, SLOT - 7));
    plan.push({ van: vans[v], start, finish: addDays(start, len - 1), i, status: i % 10 === 3 ? "QUOTE" : "CONFIRMED" });
  }
const bodyOf = (p: { van: number; start: string; finish: string; i: number; status: string }) => ({
  status: p.status, rental_type: p.i % 8 === 0 ? "LT" : "ST", start_date: p.start, finish_date: p.finish, vehicle: p.van,
  customer: customers[p.i % customers.length], department: dept, first_day: 70, two_five_days: 60, six_twenty_seven_days: 50, twenty_eight_plus: 40,
  long_term_weekly: 210, term: 52, mileage_allowance: 20000,
  start_mileage: 10000 + p.i, deposit: 250, deposit_paid_date: p.start, initial_payment: 100, initial_payment_date: p.start,
});
const lastDay = plan.reduce((m, p) => (p.finish > m ? p.finish : m), "2023-01-02");
console.log(`Loading ${N.toLocaleString()} rentals of ${VANS} vans (2023-01-02 to ${lastDay}) with ${LOAD === "bulk" ? "bulkLoad" : "create"}, ${CONCURRENCY} at a time...`);
const started = Date.now();
if (LOAD === "bulk") {
  const loaded = await H.Rental.bulkLoad(plan.map(bodyOf), by, { concurrency: CONCURRENCY });
  console.log(`Loaded in ${((Date.now() - started) / 1000).toFixed(0)} s (${loaded.items.toLocaleString()} items, ids ${loaded.first}-${loaded.last})`);
} else {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < plan.length) {
        const p = plan[next++];
        await H.Rental.create(bodyOf(p), by);
        if (p.i % 5000 === 0) console.log(`  ${p.i.toLocaleString()} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      }
    }),
  );
  console.log(`Loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

const measure = (label: string, fn: (run: number) => Promise<any>) => measureRuns(label, RUNS, fn);

const mid = addDays("2023-01-02", Math.floor((Date.parse(`${lastDay}T00:00:00Z`) - Date.parse("2023-01-02T00:00:00Z")) / 86_400_000 / 2));
const week = windowOf("weekly", mid);
const probe = plan.find((p) => p.van === vans[7] && p.status === "CONFIRMED" && p.finish >= week.start)!;
tableHeader(`request (${N.toLocaleString("en-GB")} rentals, ${VANS} vans, week of ${week.start})`);
await measure("finder: GET rentals/available, one type (1/3 of the fleet), the week", () => api.get(`rentals/available?start_date=${week.start}&finish_date=${week.end}&type=${types[0]}`));
await measure("availability: GET rentals?vehicle&start_date&finish_date", () => api.get(`rentals?vehicle=${vans[7]}&start_date=${week.start}&finish_date=${week.end}`));
await measure("booking check on save: confirmed create refused (overlap)", () => api.post("rentals", { ...bodyOf(probe), customer: customers[1] }));
await measure("booking check on save: confirmed create that succeeds", (run) => {
  const start = addDays(lastDay, 30 + 3 * run);
  return api.post("rentals", { ...bodyOf({ ...probe, start, finish: addDays(start, 1) }), vehicle: vans[11] });
});
await measure("vehicle rental record (page_size 5)", () => api.get(`rentals?vehicle=${vans[7]}&page_size=5`));
await measure("rentals list, page 1 (newest first)", () => api.get("rentals?page=1"));
const lastPage = Math.ceil((await api.get("rentals?page_size=1")).count / 25);
await measure(`rentals list, page ${Math.ceil(lastPage / 2)} (middle)`, () => api.get(`rentals?page=${Math.ceil(lastPage / 2)}`));
await measure(`rentals list, page ${lastPage} (last)`, () => api.get(`rentals?page=${lastPage}`));
await measure("rentals list, weekly view", () => api.get(`rentals?view=weekly&date=${mid}`));
await measure("GET rentals/calendar, week", () => api.get(`rentals/calendar?start_date=${week.start}&end_date=${week.end}`));
await measure("GET rentals/figures, weekly", () => api.get(`rentals/figures?start=${week.start}&end=${week.end}&type=weekly`));
const month = windowOf("monthly", mid);
await measure("GET rentals/figures, monthly", () => api.get(`rentals/figures?start=${month.start}&end=${month.end}&type=monthly`));
// Issue 10: long rentals, windows paged from their entries, status and department lists, a record's search.
// One more van and department of their own, so the figures below count the long rental alone.
const longDept = (await api.post("createdepartment", { name: "LONG TERM HIRE" })).id as number;
const longVan = (await api.post("createvehicle", { registration: "LT48 AAA", variant: "L2H2", vin_number: "VINLT48", location: "Depot", fleet_number: "3999999", vehicle_status: "ACTIVE", type: types[1], department: longDept })).id as number;
const longBody = (start: string, finish: string) => ({ ...bodyOf({ van: longVan, start, finish, i: 0, status: "CONFIRMED" }), department: longDept, rental_type: "LT" });
tableHeader(`long rentals and windows (${N.toLocaleString("en-GB")} rentals, ${VANS} vans)`);
let long: any = null;
await measureRuns("create a 48-month confirmed rental (2023-01-02 to 2026-12-31)", 1, async () => (long = await api.post("rentals", longBody("2023-01-02", "2026-12-31"))));
await measureRuns("move its start by 12 months (save)", 1, async () => (long = await api.put(`rentals/${long.id}`, { ...longBody("2024-01-02", "2026-12-31"), last_saved: long.last_saved })));
await measureRuns("move it back (save)", 1, async () => (long = await api.put(`rentals/${long.id}`, { ...longBody("2023-01-02", "2026-12-31"), last_saved: long.last_saved })));
for (const [label, day] of [["month 1", "2023-01-15"], ["month 37", "2026-01-15"], ["month 48", "2026-12-15"]] as const) {
  const m = windowOf("monthly", day);
  const only = await api.get(`rentals/figures?start=${m.start}&end=${m.end}&type=monthly&department=${longDept}`);
  await measure(`GET rentals/figures, monthly, ${label} (the long rental counted: ${only.long_term === 1 ? "yes" : "NO"})`, () => api.get(`rentals/figures?start=${m.start}&end=${m.end}&type=monthly`));
}
const threeMonths = { start: week.start, end: addDays(week.start, 90) };
await measure("Other Rentals: GET rentals?start_date&finish_date, 3 months, page 1 of 25", () => api.get(`rentals?start_date=${threeMonths.start}&finish_date=${threeMonths.end}`));
await measure("Other Rentals: the same, page_size 1000 (the spec's call)", () => api.get(`rentals?start_date=${threeMonths.start}&finish_date=${threeMonths.end}&page_size=1000`));
await measure("Other Rentals: a 3-year window, page 1 of 25", () => api.get("rentals?start_date=2023-01-02&finish_date=2025-12-31"));
await measure("GET rentals?status=QUOTE, page 1", () => api.get("rentals?status=QUOTE"));
await measure("GET rentals?department=, page 1", () => api.get(`rentals?department=${dept}`));
await measure("GET rentals?status=CONFIRMED&department=, page 1", () => api.get(`rentals?status=CONFIRMED&department=${dept}`));
const hirer = customers[3];
const hirerVan = plan.find((p) => p.i % customers.length === 3)!.van;
const vanRow = await api.get(`vehicles/${hirerVan}`);
await measure(`customer record (page_size 10), ${Math.round(N / customers.length)} rentals`, () => api.get(`rentals?customer=${hirer}&page_size=10`));
await measure(`customer record searched by a registration (${vanRow.registration})`, () => api.get(`rentals?customer=${hirer}&page_size=10&search=${encodeURIComponent(vanRow.registration)}`));
await dynamo.stop();
process.exit(0);
