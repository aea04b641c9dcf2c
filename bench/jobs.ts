/**
 * Benchmark: job cards at scale (default 100,000 jobs of 2,000 vans over
 * four years to today, most approved, the last weeks' live: open, returned,
 * ready, collected, upcoming and unbooked, with defects, part enquiries and
 * wash flags), then every jobs view's page, each count, the open-items
 * check, a column filter, a search, a job card with lines and its saves,
 * all through the HTTP API (bench/support.ts), reporting p50/p95 and the
 * read and write units AWS would charge. Prints figures; not a timed test.
 *
 * Loading: jobs go in with `bulkLoad` (the items create writes; no lines:
 * the lists measured are the job's own). Run:
 * JOBS=100000 npx tsx bench/jobs.ts (JOBS, BENCH_STEPS: sizes to measure at on the way, e.g.
 * "20000,50000,100000"; BENCH_VANS, BENCH_CUSTOMERS, BENCH_RUNS, BENCH_CONCURRENCY).
 */
import { benchApi, benchTable, measure as measureRuns, meterCapacity, tableHeader } from "./support.js";

const N = Number(process.env.JOBS ?? 100_000);
const VANS = Number(process.env.BENCH_VANS ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 300);

const dynamo = await benchTable();
await meterCapacity();
const api = await benchApi("bench@vanco.co.uk", "Bench");
const { addDays, todayInLondon } = await import("../core/platform/dates.js");
const { Contact } = await import("../core/contacts/index.js");
const { Vehicle } = await import("../core/fleet/index.js");
const S = await import("../core/settings/index.js");
const W = await import("../core/workshop/all.js");

const by = "bench";
const today = todayInLondon();
const make = (await S.VehicleMake.create({ name: "Ford" }, by)).id;
const model = (await S.VehicleModel.create({ name: "Transit", make }, by)).id;
const depts: number[] = [];
for (const name of ["DIRECT VAN HIRE", "LCV Centre", "RAPID FIT"]) depts.push((await S.Department.create({ name }, by)).id);
const service = (await S.WorkType.create({ name: "Service", special_labour_rate: 65 }, by)).id;
const category = await S.TrackingCategory.create(await S.withOptionIds({ name: "Region", options: [{ name: "North" }] } as any), by);
const option = { id: (category as any).options[0].id, name: "North", category: (category as any).id };
const workshops: number[] = [];
for (let i = 0; i < 6; i++)
  workshops.push((await Contact.create({ display_name: `Garage ${i}`, contact_type: "SP", partial_contact: true, company_name: `Garage ${i} Ltd`, company_phone: "0115 496 0000", company_email: `garage${i}@example.co.uk`, company_phone_type: "Phone", company_phone_area_code: "0115", company_phone_country_code: "44", address_line1: "1 Trade Park", town: "Derby", region: "Derbyshire", postcode: "DE1 1AA", country: "United Kingdom", supplier_payment_terms: 30, supplier_labour_charge: 50, job_tab: i < 2 }, by)).id);
const customers: Array<{ id: number; name: string }> = [];
let c = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (c < CUSTOMERS) {
      const i = c++;
      const name = `Customer ${String(i).padStart(3, "0")}`;
      customers[i] = { id: (await Contact.create({ display_name: name, contact_type: "CC", partial_contact: true, company_name: `${name} Ltd`, company_phone: "0115 496 0000", company_email: `c${i}@example.co.uk`, hire_account_code: "01" }, by)).id, name };
    }
  }),
);
const regOf = (i: number) => `BJ${String(10 + (i % 80))} W${String(i).padStart(4, "0")}`;
const fleet = await Vehicle.bulkLoad(
  Array.from({ length: VANS }, (_, i) => ({ registration: regOf(i), variant: "L1H1", vin_number: `VIN${i}`, location: "Depot", fleet_number: `40${String(i).padStart(5, "0")}`, vehicle_status: "ACTIVE", make, model, department: depts[i % 3] })),
  by,
);
const van = (i: number) => fleet.first + (i % VANS);

// Jobs i = 0..N-1 by workshop date from four years ago to today; the last 1.5% live.
const start = addDays(today, -4 * 365);
const days = 4 * 365;
const me = "bench@vanco.co.uk";
function bodyOf(i: number) {
  const v = i % VANS;
  const cust = customers[i % customers.length];
  const ws = workshops[i % workshops.length];
  const live = i >= N * 0.985;
  const k = i % 20;
  let date: string | null = addDays(start, Math.floor((i * days) / N));
  let status = "COLLECTED";
  let approved = true;
  let extra: Record<string, unknown> = {};
  if (live) {
    approved = false;
    status = ["IN_PROGRESS", "IN_PROGRESS", "IN_PROGRESS", "RETURNED_FROM_WORKSHOP", "READY_FOR_COLLECTION", "COLLECTED"][k % 6];
    if (k === 7) date = addDays(today, 1 + (i % 30));
    if (k === 8) date = null;
    if (k === 9) extra = { is_defect: true, defect_creator_email: i % 2 ? me : "other@vanco.co.uk", defect_description: "Mirror glass cracked" };
    if (k === 10) extra = { is_enquiry: true, enquiry_description: "Wing mirror", enquiry_registration: regOf(v) };
    if (k % 5 === 1) extra = { ...extra, wash_needed: true };
  } else if (i % 33 === 0) approved = false;
  return {
    vehicle: van(v),
    customer: cust.id,
    customer_name: cust.name,
    workshop: ws,
    ws_tab: workshops.indexOf(ws) < 2,
    department: depts[i % 3],
    registration: regOf(v),
    vehicle_make: make,
    vehicle_model: model,
    book_in_date: date,
    workshop_date: date,
    status,
    approved,
    ...(approved ? { approving_user: { first_name: "Ann", last_name: "Approver" } } : {}),
    ...extra,
  };
}
// Loaded in steps (BENCH_STEPS, e.g. "20000,50000,100000"; default: N at once), the reads measured at each
// step. Rows go in a shuffled order (i * 7919 mod N, a bijection when N is not a multiple of 7919), so every
// step's table is a like sample of the full one: its share of live work, of history and of each date.
const STEPS = (process.env.BENCH_STEPS ?? String(N)).split(",").map(Number).filter((n) => n > 0 && n <= N);
const order = (j: number) => (j * 7919) % N;
const measure = (label: string, fn: (run: number) => Promise<any>) => measureRuns(label, RUNS, fn);
const D = depts[0];
let loadedCount = 0;
let firstId = 0;
const t0 = Date.now();
console.log(`Loading ${N.toLocaleString()} jobs of ${VANS} vans (${start} to ${today}) with bulkLoad, ${CONCURRENCY} at a time, measured at ${STEPS.join(", ")}...`);
for (const step of STEPS) {
  while (loadedCount < step) {
    const upTo = Math.min(step, loadedCount + 5_000);
    const chunk = await W.Job.bulkLoad(Array.from({ length: upTo - loadedCount }, (_, k) => bodyOf(order(loadedCount + k))), by, { concurrency: CONCURRENCY });
    if (!firstId) firstId = chunk.first;
    loadedCount = upTo;
    console.log(`  ${loadedCount.toLocaleString("en-GB")} jobs loaded after ${((Date.now() - t0) / 1000).toFixed(0)} s (load average ${(await import("node:os")).loadavg().map((l) => l.toFixed(1)).join(" ")})`);
  }
  await measureReads(step);
}

async function measureReads(n: number) {
  tableHeader(`jobs list (${n.toLocaleString("en-GB")} jobs, ${VANS} vans)`);
  for (const view of W.JOB_VIEWS.filter((v) => v !== "not_finished")) await measure(`GET jobs?view=${view} page 1`, () => api.get(`jobs?view=${view}&page=1`));
  await measure("GET jobs (default: started), department", () => api.get(`jobs?department=${D}`));
  await measure(`GET jobs?view=approved&ws=${workshops[0]} (a job-tab workshop)`, () => api.get(`jobs?view=approved&ws=${workshops[0]}`));
  await measure("GET jobs?view=all&ws=external&department=", () => api.get(`jobs?view=all&ws=external&department=${D}`));
  const all = (await api.get("jobs?view=all&page_size=1")).count as number;
  const approved = (await api.get("jobs?view=approved&page_size=1")).count as number;
  for (const [view, count] of [["all", all], ["approved", approved]] as const) {
    const last = Math.ceil(count / 25);
    await measure(`GET jobs?view=${view} page ${Math.ceil(last / 2)} (middle of ${last})`, () => api.get(`jobs?view=${view}&page=${Math.ceil(last / 2)}`));
    await measure(`GET jobs?view=${view} page ${last} (last)`, () => api.get(`jobs?view=${view}&page=${last}`));
  }
  await measure("GET jobs?view=wash&date= (a day)", () => api.get(`jobs?view=wash&date=${today}`));
  tableHeader(`counts and checks (${n.toLocaleString("en-GB")} jobs)`);
  await measure("GET countdefect", () => api.get("countdefect"));
  await measure("GET countenquiry", () => api.get("countenquiry"));
  await measure("GET jobstatuscount", () => api.get("jobstatuscount"));
  await measure("GET jobstatuscount?ws=external&department=", () => api.get(`jobstatuscount?ws=external&department=${D}`));
  await measure("open-items check: GET jobs?vehicle=&view=not_finished&ws=all", (r) => api.get(`jobs?vehicle=${van(r * 7)}&view=not_finished&ws=all`));
  await measure("column filter: GET jobs?view=started&customer=", (r) => api.get(`jobs?view=started&customer=${customers[r].id}`));
  await measure("column filter: GET jobs?view=approved&customer= (one customer's history)", (r) => api.get(`jobs?view=approved&customer=${customers[r].id}`));
  await measure("column filter: GET jobs?view=all&customer=&workshop=", (r) => api.get(`jobs?view=all&customer=${customers[r].id}&workshop=${workshops[r % 6]}`));
  await measure("search: GET jobs?view=all&search=<registration>", (r) => api.get(`jobs?view=all&search=${encodeURIComponent(regOf(r * 13))}`));
  await measure("search: GET jobs?view=started&search=<customer name>", (r) => api.get(`jobs?view=started&search=${encodeURIComponent(customers[r].name)}`));
  await measure("search: GET jobs?view=all&search=<job no.>", (r) => api.get(`jobs?view=all&search=${firstId + r * 101}`));
  await measure("service record: GET work?vehicle=&page_size=15", (r) => api.get(`work?vehicle=${van(r * 3)}&page=1&page_size=15`));
  await measure("GET service?amount=6&vehicle=", (r) => api.get(`service?amount=6&vehicle=${van(r * 3)}`));
  await measure("GET work/figures (a week)", () => api.get(`work/figures?type=weekly&date=${today}`));
}

tableHeader("one job card");
const body = (k: number) => ({
  vehicle: van(k),
  customer: customers[k].id,
  workshop: workshops[0],
  department: D,
  book_in_date: today,
  workshop_date: today,
  work_items: Array.from({ length: 5 }, (_, j) => ({
    description: `Item ${j}`,
    work_type: service,
    labour_hours: 1,
    supplier_tracking_option: option,
    customer_tracking_option: option,
    parts: [{ name: `Part ${j}`, supplier: workshops[1], cost: 10, supplier_tracking_option: option, customer_tracking_option: option, to_be_ordered: true }],
  })),
});
let job: any = null;
await measure("POST createjob (5 work items, 5 parts)", async (r) => (job = await api.post("createjob", body(r))));
await measure("GET jobs/{id} (with lines)", () => api.get(`jobs/${job.id}`));
await measure("PUT jobs/{id} (description only)", async (r) => (job = await api.put(`jobs/${job.id}`, { ...job, job_description: `Run ${r}` })));
await measure("PUT jobs/{id} (one labour figure)", async (r) => (job = await api.put(`jobs/${job.id}`, { ...job, work_items: job.work_items.map((w: any, j: number) => (j === 0 ? { ...w, labour_hours: 2 + r } : w)) })));
await measureRuns("PUT jobs/returned/{id} (IN_PROGRESS -> RETURNED: the state lists move)", 1, async () => (job = await api.put(`jobs/returned/${job.id}`, { status: "RETURNED_FROM_WORKSHOP", last_saved: job.last_saved })));
const big = { ...body(1), work_items: Array.from({ length: 30 }, (_, j) => ({ ...body(1).work_items[0], description: `Big ${j}`, parts: [body(1).work_items[0].parts[0], body(1).work_items[0].parts[0]] })) };
await measureRuns("POST createjob (30 work items, 60 parts: saved in steps)", 3, async () => api.post("createjob", big));

await dynamo.stop();
process.exit(0);
