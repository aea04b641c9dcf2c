/**
 * Benchmark (issue 27): the fleet league table's first page, through the
 * HTTP API, at 200 vehicles and at 20,000, each with 10 years of history;
 * the vehicle profit line of one van; and a rental's save (the write that
 * moves a vehicle's figures and its rank). Prints p50/p95 latency and the
 * read and write units AWS would charge (bench/support.ts).
 *
 * Seeding: the vehicles with `bulkLoad`; their kept figures (per vehicle
 * its running total, its rank counter, its entry on each of its 8 boards,
 * and the boards' counts) written directly with BatchWriteItem, as the
 * records' transactions would have left them (core/platform/records/figures.ts).
 * The 10 years of monthly items (120 a vehicle) are written for the
 * vehicles of the first page only: the league reads no month item, so the
 * others' would change nothing it reads (the profit line reads one van's).
 * The league's other sorts (utilisation, cost per mile): each vehicle's sort
 * counters and entries on each sort's 8 boards, seeded as of the day before
 * BENCH_DAY; the nightly re-rank is then run as of BENCH_DAY over every
 * vehicle (its units per vehicle, and a second run the same day).
 * Run: npx tsx bench/fleet-league.ts  (BENCH_VEHICLES, BENCH_RUNS to change).
 */
import { benchApi, benchTable, capacity, measure, meterCapacity, tableHeader } from "./support.js";

/** The re-rank's day; the seeded sorts are as of the day before (every unsold vehicle's utilisation moves). */
const BENCH_DAY = "2026-11-27";
const SEEDED_DAY = "2026-11-26";

const N = Number(process.env.BENCH_VEHICLES ?? 20_000);
const FIRST = 200;
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

const dynamo = await benchTable();
await meterCapacity();
capacity.debug = !!process.env.BENCH_DEBUG;
const api = await benchApi();
const S = await import("../core/settings/index.js");
const { Vehicle } = await import("../core/fleet/index.js");
const { LEAGUE_SORTS, leagueBoards, leagueSortValues, vehicleOwner } = await import("../core/fleet/profit-rules.js");
const { rerankLeague } = await import("../core/fleet/profit.js");
const { batchWrite } = await import("../core/platform/records/bulk.js");
const { boardList, figuresPartition, rankCounter, rankSort, sortCounter, sortList, sortValue } = await import("../core/platform/records/figures.js");
const { Counter, Facet, ListEntry } = await import("../core/platform/service.js");
const { Contact } = await import("../core/contacts/index.js");

const by = "bench";
const makes: number[] = [];
for (const name of ["Ford", "Vauxhall", "Mercedes-Benz", "Volkswagen", "Renault"]) makes.push((await S.VehicleMake.create({ name }, by)).id);
const models: number[] = [];
for (let i = 0; i < 15; i++) models.push((await S.VehicleModel.create({ name: `Model ${i + 1}`, make: makes[i % 5] }, by)).id);
const types: number[] = [];
for (const name of ["L1", "L2", "L3", "Luton"]) types.push((await S.VehicleType.create({ name }, by)).id);
const depts: number[] = [];
for (const name of ["RENTALS DIRECT", "DIRECT VAN HIRE", "VAN SALES DIRECT"]) depts.push((await S.Department.create({ name }, by)).id);
await S.AppDefaults.save({ default_depreciation: 20 }, by);

const boardCounts = new Map<string, number>();
const MONTHS = Array.from({ length: 120 }, (_, i) => `${2016 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}`);

/** Vehicles from..to-1: the records, then the figures their records would have kept. */
async function load(from: number, to: number) {
  const rows = Array.from({ length: to - from }, (_, k) => {
    const i = from + k;
    return {
      registration: `LG${String(i).padStart(5, "0")}`, variant: "L2H2", vin_number: `VINL${i}`, location: "Depot", fleet_number: `5${String(i).padStart(6, "0")}`,
      vehicle_status: "ACTIVE", make: makes[(i % 15) % 5], model: models[i % 15], type: types[i % 4], department: depts[i % 3], purchase_date: "2016-01-10", mileage: 40_000 + (i % 90_000),
    };
  });
  const loaded = await Vehicle.bulkLoad(rows, by, { concurrency: 16 });
  const items: Array<Record<string, unknown>> = [];
  rows.forEach((r, k) => {
    const id = loaded.first + k;
    const owner = vehicleOwner(id);
    // Ten years of history summed: hire income, days, workshop costs and the purchase.
    const income = 3_000_000 + ((id * 7919) % 4_000_000);
    const labour = 200_000 + ((id * 104729) % 300_000);
    const parts = 150_000 + ((id * 1299709) % 200_000);
    const purchase = 2_500_000;
    const rank = income - labour - parts - purchase;
    const boards = leagueBoards(r);
    items.push({ ...(Facet.put({ facet: figuresPartition(owner), value: "total", live: rank }).params().Item as object), k_income: income, k_hire_days: 2200, k_labour: labour, k_parts: parts, k_purchase: purchase });
    items.push(Counter.put({ name: rankCounter(owner), live: rank, tags: `|${boards.join("|")}|` }).params().Item as Record<string, unknown>);
    for (const b of boards) {
      items.push(ListEntry.put({ list: boardList(b), sort: rankSort(rank), id }).params().Item as Record<string, unknown>);
      boardCounts.set(b, (boardCounts.get(b) ?? 0) + 1);
    }
    // Its utilisation and cost per mile as of the day before the re-rank, on the same boards.
    const values = leagueSortValues(r, { hire_days: 2200, labour, parts }, SEEDED_DAY);
    for (const sort of LEAGUE_SORTS) {
      const v = sortValue(values[sort]);
      items.push(Counter.put({ name: sortCounter(sort, owner), live: v, tags: `|${boards.join("|")}|` }).params().Item as Record<string, unknown>);
      for (const b of boards) items.push(ListEntry.put({ list: sortList(sort, b), sort: rankSort(v), id }).params().Item as Record<string, unknown>);
    }
  });
  for (const [b, n] of boardCounts) items.push(Counter.put({ name: boardList(b), live: n }).params().Item as Record<string, unknown>);
  await batchWrite(items, 16);
  return loaded;
}

/** Ten years of month items for some vehicles (what the profit line reads). */
async function history(ids: number[]) {
  const items: Array<Record<string, unknown>> = [];
  for (const id of ids)
    for (const m of MONTHS) items.push({ ...(Facet.put({ facet: figuresPartition(vehicleOwner(id)), value: m, live: 25_000 }).params().Item as object), k_income: 45_000, k_hire_days: 18, k_labour: 12_000, k_parts: 8_000 });
  await batchWrite(items, 16);
}

const hirer = await Contact.create(
  {
    display_name: "Bench Hirer Ltd", contact_type: "CC", partial_contact: false, company_name: "Bench Hirer Ltd", company_email: "h@example.co.uk", company_phone: "0121 496 0000",
    company_phone_type: "Phone", company_phone_area_code: "0121", company_phone_country_code: "44", address_line1: "1 Trade Park", town: "Birmingham", region: "West Midlands",
    postcode: "B1 1AA", country: "United Kingdom", payment_term_days: 30, supplier_payment_terms: 30, workshop_account_code: "C1", labour_rate_markup: 0, parts_markup: 0,
  },
  by,
);

let day = 0;
async function measureAt(size: number, firstId: number) {
  const top = (await api.get("reports/fleet-league")) as { results: Array<{ id: number }> };
  await history(top.results.map((r) => r.id));
  tableHeader(`Fleet league at ${size.toLocaleString()} vehicles`);
  await measure("GET reports/fleet-league (page 1, best first)", RUNS, () => api.get("reports/fleet-league"));
  await measure("GET reports/fleet-league?order=asc", RUNS, () => api.get("reports/fleet-league?order=asc"));
  await measure("GET reports/fleet-league?sort=utilisation", RUNS, () => api.get("reports/fleet-league?sort=utilisation"));
  await measure("GET reports/fleet-league?sort=cost_per_mile&order=asc", RUNS, () => api.get("reports/fleet-league?sort=cost_per_mile&order=asc"));
  await measure("GET reports/fleet-league?sort=utilisation&department=&make=", RUNS, () => api.get(`reports/fleet-league?sort=utilisation&department=${depts[1]}&make=${makes[2]}`));
  await measure("GET reports/fleet-league?department=", RUNS, () => api.get(`reports/fleet-league?department=${depts[1]}`));
  await measure("GET reports/fleet-league?department=&make=", RUNS, () => api.get(`reports/fleet-league?department=${depts[1]}&make=${makes[2]}`));
  await measure("GET reports/fleet-league?model= (page 2)", RUNS, () => api.get(`reports/fleet-league?model=${models[4]}&page=2`));
  await measure("GET vehicles/{id}/profit (120 months)", RUNS, () => api.get(`vehicles/${top.results[0].id}/profit`));
  await measure("POST rentals (moves the van's month, total, rank and sorts, 8 board entries each)", Math.min(RUNS, 10), () => {
    day += 3;
    const start = new Date(Date.UTC(2027, 0, 1 + day)).toISOString().slice(0, 10);
    const end = new Date(Date.UTC(2027, 0, 2 + day)).toISOString().slice(0, 10);
    return api.post("rentals", {
      rental_type: "ST", status: "CONFIRMED", start_date: start, finish_date: end, vehicle: firstId + 7, customer: hirer.id, department: depts[0], start_mileage: 1000,
      first_day: 60, two_five_days: 45, six_twenty_seven_days: 35, twenty_eight_plus: 25, deposit: 250, deposit_paid_date: start, initial_payment: 100, initial_payment_date: start,
      cost_override: true, total: 120,
    });
  });
}

/** The nightly re-rank over every vehicle as of BENCH_DAY (pace 0), then again the same day: its units per vehicle. */
async function rerankAt(size: number, day: string) {
  for (const [label, run] of [["first run of the day", 1], ["second run the same day", 2]] as const) {
    const [r0, w0, t0] = [capacity.reads, capacity.writes, Date.now()];
    const out = await rerankLeague(day, { pace: 0 });
    const [r, w, ms] = [capacity.reads - r0, capacity.writes - w0, Date.now() - t0];
    console.log(
      `| league-rank at ${size.toLocaleString()} vehicles, ${label} (run ${run}) | ${out.owners} owners, ${out.moved} moved, ${out.transactions} transactions | ${ms} ms | ${r.toFixed(1)} RU (${(r / size).toFixed(2)} a vehicle) | ${w.toFixed(1)} WU (${(w / size).toFixed(2)} a vehicle) |`,
    );
  }
}

console.log(`Loading ${FIRST} vehicles...`);
const first = await load(0, FIRST);
await measureAt(FIRST, first.first);
await rerankAt(FIRST, BENCH_DAY);
console.log(`\nLoading to ${N.toLocaleString()} vehicles...`);
for (let n = FIRST; n < N; n += 2000) await load(n, Math.min(N, n + 2000));
await measureAt(N, first.first);
// At N, the day after: every vehicle's utilisation has moved again (a day more on fleet).
if (!process.env.BENCH_SKIP_RERANK) await rerankAt(N, "2026-11-28");
await dynamo.stop();
