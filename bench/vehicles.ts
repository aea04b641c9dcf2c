/**
 * Benchmark: 20,000 vehicles saved through the vehicle record's own create
 * (so every index entry, counter, facet and claim is real), then each list
 * view of the vehicle screen, the count box, the key finder and the
 * searches, through the same core calls the routes make. Prints p50/p95
 * latency and DynamoDB read units per request (filter_list included: every
 * list answer carries it). Not a timed test.
 * Also the dashboard's CAP figures (vehicles/summary, captotalchange) and
 * a CAP upload revaluing 500 of them.
 * Loading: with `bulkLoad` (the items create writes, for benchmark data
 * only); BENCH_LOAD=create saves each through the record's own create.
 * Run: npx tsx bench/vehicles.ts  (BENCH_VEHICLES, BENCH_RUNS, BENCH_LOAD to change).
 */
import { benchApi, benchTable, capacity, measure as measureRuns, meterCapacity, tableHeader } from "./support.js";

const N = Number(process.env.BENCH_VEHICLES ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 24);

const LOAD = process.env.BENCH_LOAD ?? "bulk";

const dynamo = await benchTable();
await meterCapacity();
capacity.debug = !!process.env.BENCH_DEBUG;
const api = await benchApi();
const S = await import("../core/settings/index.js");
const { Contact } = await import("../core/contacts/index.js");
const { Key, Vehicle } = await import("../core/fleet/index.js");


const by = "bench";
console.log(`Reference data...`);
const makes: number[] = [];
for (const name of ["Ford", "Vauxhall", "Mercedes-Benz", "Volkswagen", "Renault", "Peugeot", "Citroen", "Fiat", "Iveco", "Nissan"])
  makes.push((await S.VehicleMake.create({ name }, by)).id);
const models: number[] = [];
for (let i = 0; i < 30; i++) models.push((await S.VehicleModel.create({ name: `Model ${i + 1}`, make: makes[i % 10] }, by)).id);
// 20 vehicles have this model whatever N is (every RARE_STEP-th; a multiple of 100 keeps them all sold, so in
// the All tab): a column filter with few matches.
const RARE_STEP = Math.max(1000, Math.round(N / 20 / 100) * 100);
const rareModel = (await S.VehicleModel.create({ name: "Rare model", make: makes[7] }, by)).id;
const types: number[] = [];
for (const name of ["L1", "L2", "L3", "L4", "Car", "Low Loader", "Truck", "Luton", "Recovery"]) types.push((await S.VehicleType.create({ name }, by)).id);
const depts: number[] = [];
for (const name of ["RENTALS DIRECT", "RAPID FIT", "DIRECT VAN HIRE", "VAN SALES DIRECT"]) depts.push((await S.Department.create({ name }, by)).id);
await S.AppDefaults.save({ default_depreciation: 20 }, by);
const contacts: number[] = [];
for (let i = 0; i < 200; i++)
  contacts.push(
    (
      await Contact.create(
        {
          display_name: `Customer ${String(i).padStart(3, "0")} Ltd`, contact_type: i < 180 ? "CC" : "SP", partial_contact: false, company_name: `Customer ${i} Ltd`,
          company_email: `c${i}@example.co.uk`, company_phone: "0121 496 0000", company_phone_type: "Phone", company_phone_area_code: "0121", company_phone_country_code: "44",
          address_line1: "1 Trade Park", town: "Birmingham", region: "West Midlands", postcode: "B1 1AA", country: "United Kingdom",
          payment_term_days: 30, supplier_payment_terms: 30, workshop_account_code: "C1", labour_rate_markup: 0, parts_markup: 0,
        },
        by,
      )
    ).id,
  );
const hooks: number[] = [];
for (let i = 1; i <= 500; i++) hooks.push((await Key.create({ key_number: String(i), board: i <= 250 ? "Office" : "Workshop" }, by)).id);

// Status mix of a hire and sales fleet: mostly active and sold, some ordered, for sale and external.
const STATUSES: Array<[string, number]> = [["ACTIVE", 40], ["SOLD", 25], ["ORDERED", 10], ["CUSTOMER", 10], ["FORSALE", 8], ["PROCESSING", 4], ["EQUIPMENT", 3]];
const statusOf = (i: number) => {
  let r = (i * 37) % 100;
  for (const [s, w] of STATUSES) {
    if (r < w) return s;
    r -= w;
  }
  return "ACTIVE";
};
const letters = "ABCDEFGHJKLMNOPRSTUVWXY";
const reg = (i: number) => `${letters[i % 23]}${letters[Math.floor(i / 23) % 23]}${String(10 + (i % 90)).padStart(2, "0")} ${letters[Math.floor(i / 529) % 23]}${letters[(i * 7) % 23]}${letters[Math.floor(i / 12167) % 23]}`;

function vehicle(i: number) {
  const status = statusOf(i);
  // No agreements: they are the vehicle's lines, which bulkLoad does not write (every vehicle's purchase type is NONE).
  const month = String(1 + (i % 12)).padStart(2, "0");
  return {
    registration: reg(i),
    variant: "2.0 130ps Trend",
    vin_number: `VIN${String(i).padStart(14, "0")}`,
    location: "Depot",
    fleet_number: status === "CUSTOMER" ? null : `${20 + (i % 6)}${String(i).padStart(5, "0")}`,
    vehicle_status: status,
    make: makes[i % 10],
    model: i % RARE_STEP === 7 ? rareModel : i % 11 === 0 ? null : models[i % 30],
    type: types[i % 9],
    department: depts[i % 4],
    owner: status === "CUSTOMER" || status === "SOLD" ? contacts[i % 180] : null,
    reserve_customer: status === "ACTIVE" && i % 9 === 0 ? contacts[i % 180] : null,
    hire_customer: status === "ACTIVE" && i % 3 === 0 ? contacts[(i + 5) % 180] : null,
    vehicle_supplier: status === "ORDERED" ? contacts[180 + (i % 20)] : null,
    month_due: status === "ORDERED" ? `2026-${month}-01` : null,
    delivery_date: status === "ORDERED" && i % 2 === 0 ? `2026-${month}-${String(1 + (i % 28)).padStart(2, "0")}` : null,
    delivery_date_confirmed: status === "ORDERED" && i % 2 === 0,
    key: i < hooks.length * 2 && i % 2 === 0 ? hooks[i / 2] : null,
    courtesy_car: status === "ACTIVE" && i % 50 === 0,
    cap_retail: i % 7 === 0 ? 0 : 10000 + (i % 20000),
    cap_clean: i % 7 === 0 ? null : 9500 + (i % 20000),
    date_sold: status === "SOLD" ? `2025-${month}-15` : null,
    first_day: 65,
    two_five_days: 55,
    six_twenty_seven_days: 45,
  };
}

console.log(`Loading ${N.toLocaleString()} vehicles with ${LOAD === "bulk" ? "bulkLoad" : `the vehicle record's create (${CONCURRENCY} at a time)`}...`);
const started = Date.now();
let next = 0;
if (LOAD === "bulk") await Vehicle.bulkLoad(Array.from({ length: N }, (_, i) => vehicle(i)), by);
else await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < N) {
      const i = next++;
      // The record's create: rules, every index entry, counter, facet and claim in its transaction.
      await Vehicle.create(vehicle(i), by);
      if (i % 2000 === 0) console.log(`  ${i.toLocaleString()} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  }),
);
const loadSeconds = (Date.now() - started) / 1000;
console.log(`Loaded in ${loadSeconds.toFixed(0)} s`);

const measure = (label: string, fn: () => Promise<any>) => measureRuns(label, RUNS, fn);

/** GET vehicles with the query the list screen sends (column filters are their own parameters). */
const list = (q: Record<string, unknown>) => {
  const { columns, ...rest } = q as { columns?: Record<string, string> };
  const params = new URLSearchParams(Object.entries({ page: 1, ...rest, ...(columns ?? {}) }).map(([k, v]) => [k, String(v)]));
  return api.get(`vehicles?${params}`);
};
tableHeader(`request (${N.toLocaleString()} vehicles)`);
await measure("default: fleet, Active, page 1", () => list({}));
await measure("Active, page 100 (rows 2476-2500)", () => list({ page: 100 }));
await measure("Active, page 2 with filter_list=false", () => list({ page: 2, filter_list: false }));
for (const s of ["EQUIPMENT", "all", "ORDERED", "ARRIVING", "HIREREADY", "FORSALE", "PROCESSING", "SOLD"])
  await measure(`sub-tab ${s}`, () => list({ tab: "fleet", vehicle_status: s }));
await measure("tab External Customer Vehicles", () => list({ tab: "customer" }));
await measure("Active x department x purchase type", () => list({ vehicle_status: "ACTIVE", department: depts[1], purchaseType: "NONE" }));
// Column filters (issue 10): few matches, many matches, every page of the largest, narrowed by a department.
const noOptions = { filter_list: false };
await measure("column filter: All, a model of 20 vehicles, filter_list=false", () => list({ tab: "fleet", vehicle_status: "all", columns: { model: String(rareModel) }, ...noOptions }));
await measure("the same with filter_list", () => list({ tab: "fleet", vehicle_status: "all", columns: { model: String(rareModel) } }));
await measure("column filter: Active, make", () => list({ vehicle_status: "ACTIVE", columns: { make: String(makes[3]) } }));
await measure("column filter: Ordered, month due", () => list({ vehicle_status: "ORDERED", columns: { month_due: "2026-03-01" } }));
await measure("column filter: All, make (1 in 10), filter_list=false", () => list({ tab: "fleet", vehicle_status: "all", columns: { make: String(makes[3]) }, ...noOptions }));
await measure("column filter: Active, model Only Blanks, filter_list=false", () => list({ vehicle_status: "ACTIVE", columns: { model: "BLANK" }, ...noOptions }));
await measure("column filter: All, reserve customer Only Blanks", () => list({ tab: "fleet", vehicle_status: "all", columns: { reserve_customer: "BLANK" } }));
const blanks = { tab: "fleet", vehicle_status: "all", columns: { reserve_customer: "BLANK" }, ...noOptions };
const blankCount = (await list(blanks)).count as number;
const blankPages = Math.ceil(blankCount / 25);
for (const page of [1, 2, 10, Math.ceil(blankPages / 2), blankPages])
  await measure(`column filter: All, reserve customer Only Blanks, page ${page} of ${blankPages}, filter_list=false`, () => list({ ...blanks, page }));
await measure("column filter: All, reserve customer Only Blanks, one department, filter_list=false", () => list({ ...blanks, department: depts[1] }));
await measure("search 'AB' (2 chars) in All", () => list({ tab: "fleet", vehicle_status: "all", search: "AB" }));
await measure("search 'AB12' in All", () => list({ tab: "fleet", vehicle_status: "all", search: "AB12" }));
await measure("search fleet number '2000' in All", () => list({ tab: "fleet", vehicle_status: "all", search: "2000" }));
await measure("picker search vehicles?search=KB1", () => list({ search: "KB1" }));
await measure("vehiclesearch?search=KB1", () => api.get("vehiclesearch?search=KB1"));
await measure("status counts (count box)", () => api.get("vehicles/statuscounts"));
await measure("status counts, one department", () => api.get(`vehicles/statuscounts?department=${depts[2]}`));
await measure("key finder keys=true, 500 a page", () => list({ keys: true, page_size: 500 }));
await measure("key finder search '12'", () => list({ keys: true, page_size: 500, search: "12" }));
await measure("tracker=BLANK page 1", () => list({ tracker: "BLANK" }));
await measure("courtesy cars", () => list({ courtesy_car: true }));
await measure("GET vehicles/{id} with inspections", () => api.get(`vehicles/${Math.min(N, 1234)}`));
await measure("GET vehicles/summary (CAP values panel)", () => api.get("vehicles/summary?start=2026-11-23"));
await measure("GET vehicles/summary, one department", () => api.get(`vehicles/summary?start=2026-11-23&department=${depts[2]}`));
// A CAP upload revaluing 500 vehicles (each saved through its own update), then what it changed.
const capFile = ["registration,cap_retail,cap_clean,cap_average,cap_below,cap_date", ...Array.from({ length: 500 }, (_, k) => `${reg(k * 3 + 1)},${12000 + k},${11500 + k},11000,10000,2026-11-01`)].join("\n");
await measureRuns("POST vehiclescap, 500 rows (one upload)", 1, () => api.upload("vehiclescap", "cap.csv", capFile));
await measure("GET captotalchange", () => api.get("captotalchange"));
console.log(`\n(${N.toLocaleString()} vehicles loaded in ${loadSeconds.toFixed(0)} s; ${(await Vehicle.counts(["tab#ACTIVE#dept#ALL#pt#ALL"]))["tab#ACTIVE#dept#ALL#pt#ALL"]} active.)`);
await dynamo.stop();
process.exit(0);
