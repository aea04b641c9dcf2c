/**
 * Benchmark: Parts Expenses at scale (default 200,000 parts on 50,000 job
 * cards over four years to today: most approved, the last weeks' current,
 * to be ordered, on backorder or from stock, one supplier invoice in
 * twenty), then every view's page (first, middle, last), the banner total,
 * the invoice-number toggle, a date-ordered range, a search, the supplier
 * column filter, Select Filtered by due date, an invoice-number lookup,
 * Part History, the parts figures and the bulk save, all through the HTTP
 * API (bench/support.ts), reporting p50/p95 and the read and write units
 * AWS would charge. Prints figures; not a timed test.
 *
 * Loading: jobs with `bulkLoad`, their parts with the lines engine's
 * `bulkLoadLines` (each part's line item, entries, locator; counts and
 * facets summed once). Run:
 * PARTS=200000 nice -n 19 npx tsx bench/parts.ts (PARTS, BENCH_RUNS, BENCH_CONCURRENCY).
 */
import { benchApi, benchTable, measure as measureRuns, meterCapacity, tableHeader } from "./support.js";

const N = Number(process.env.PARTS ?? 200_000);
const PER_JOB = 4;
const JOBS = Math.ceil(N / PER_JOB);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

const dynamo = await benchTable();
await meterCapacity();
const api = await benchApi("bench@vanco.co.uk", "Bench");
const { addDays, todayInLondon } = await import("../core/platform/dates.js");
const { Contact } = await import("../core/contacts/index.js");
const S = await import("../core/settings/index.js");
const W = await import("../core/workshop/index.js");

const by = "bench";
const today = todayInLondon();
const depts: number[] = [];
for (const name of ["DIRECT VAN HIRE", "LCV Centre", "RAPID FIT"]) depts.push((await S.Department.create({ name }, by)).id as number);
const category = await S.TrackingCategory.create(await S.withOptionIds({ name: "Region", options: [{ name: "North" }] } as any), by);
const option = { id: (category as any).options[0].id, name: "North", category: (category as any).id };
const service = (await S.WorkType.create({ name: "Service", special_labour_rate: 65 }, by)).id as number;
const nominal = (await S.NominalCode.create({ code: "5000", name: "Parts", tax_type: "INPUT2" }, by)).id as number;
const suppliers: number[] = [];
for (let i = 0; i < 20; i++)
  suppliers.push((await Contact.create({ display_name: `Parts Supplier ${i}`, contact_type: "SP", partial_contact: false, company_name: `Parts ${i} Ltd`, company_phone: "0115 496 0000", company_email: `parts${i}@example.co.uk`, company_phone_type: "Phone", company_phone_area_code: "0115", company_phone_country_code: "44", address_line1: "1 Trade Park", town: "Derby", region: "Derbyshire", postcode: "DE1 1AA", country: "United Kingdom", supplier_payment_terms: 30 }, by)).id as number);

const start = addDays(today, -4 * 365);
const days = 4 * 365;
const t0 = Date.now();
console.log(`Loading ${JOBS.toLocaleString()} jobs with bulkLoad...`);
const jobBodies = Array.from({ length: JOBS }, (_, j) => {
  const date = addDays(start, Math.floor((j * days) / JOBS));
  const live = j >= JOBS * 0.98;
  return { department: depts[j % 3], book_in_date: date, workshop_date: date, status: live ? "IN_PROGRESS" : "COLLECTED", approved: !live, registration: `BP${j}` };
});
const jobs = await W.Job.bulkLoad(jobBodies, by, { concurrency: CONCURRENCY });
// One work item per job, holding its parts.
const items = await W.JobLines.bulkLoadLines(
  "work_items",
  jobBodies.map((b, j) => ({ parentId: jobs.first + j, parent: { ...b, id: jobs.first + j }, lines: [{ key: "k", description: "Service", work_type: service, labour_hours: 1, supplier_tracking_option: option, customer_tracking_option: option }] })),
  by,
  { concurrency: CONCURRENCY },
);
console.log(`Jobs loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s; loading ${N.toLocaleString()} parts with bulkLoadLines...`);
// Parts: the first 98% of jobs' parts approved (ordered, invoiced); the live ones current, to be ordered, on backorder or from stock.
function partOf(j: number, k: number) {
  const i = j * PER_JOB + k;
  const job = jobBodies[j];
  const live = j >= JOBS * 0.98;
  const sup = suppliers[i % suppliers.length];
  const invoice = `INV-${sup}-${Math.floor(j / 5)}`;
  const base = { name: `Part ${i % 997}`, part_number: `PN-${i % 5000}`, supplier: sup, cost: 5 + (i % 200), customer_cost: 6 + (i % 200), supplier_tracking_option: option, customer_tracking_option: option, work: items.first + j, work_key: "k" };
  if (!live) return { ...base, date_ordered: job.workshop_date, part_invoice_number: invoice, invoice_date: job.workshop_date, supplier_nominal_code: nominal, approved: true, approver: { first_name: "Ann", last_name: "Approver" } };
  const kind = i % 4;
  if (kind === 0) return { ...base, to_be_ordered: true };
  if (kind === 1) return { ...base, date_ordered: job.workshop_date, part_invoice_number: invoice, invoice_date: job.workshop_date, due_date: addDays(job.workshop_date, 30) };
  if (kind === 2) return { ...base, backorder: true, date_ordered: job.workshop_date };
  return { ...base, from_stock: true };
}
const CHUNK = 5_000;
for (let from = 0; from < JOBS; from += CHUNK) {
  const rows = [];
  for (let j = from; j < Math.min(JOBS, from + CHUNK); j++) rows.push({ parentId: jobs.first + j, parent: { ...jobBodies[j], id: jobs.first + j }, lines: Array.from({ length: PER_JOB }, (_, k) => partOf(j, k)) });
  await W.JobLines.bulkLoadLines("parts", rows, by, { concurrency: CONCURRENCY });
}
console.log(`Loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

const measure = (label: string, fn: (run: number) => Promise<any>) => measureRuns(label, RUNS, fn);
const D = depts[0];
tableHeader(`Parts Expenses (${N.toLocaleString("en-GB")} parts, ${JOBS.toLocaleString("en-GB")} jobs)`);
for (const view of ["current", "to_be_ordered", "approved", "stock", "backorder"]) await measure(`GET parts?view=${view} page 1 (+ banner)`, () => api.get(`parts?view=${view}`));
await measure("GET parts?view=current&department=", () => api.get(`parts?view=current&department=${D}`));
const approved = (await api.get("parts?view=approved&page_size=1")).count as number;
const last = Math.ceil(approved / 25);
await measure(`GET parts?view=approved page ${Math.ceil(last / 2)} (middle of ${last})`, () => api.get(`parts?view=approved&page=${Math.ceil(last / 2)}`));
await measure(`GET parts?view=approved page ${last} (last)`, () => api.get(`parts?view=approved&page=${last}`));
await measure("GET parts?view=current&invoice_number=true", () => api.get("parts?view=current&invoice_number=true"));
await measure("GET parts?view=approved date-ordered range (one week)", () => api.get(`parts?view=approved&startDate=${addDays(today, -60)}&endDate=${addDays(today, -54)}`));
await measure("GET parts?view=current&search=part 12", () => api.get("parts?view=current&search=part%2012"));
await measure("GET parts?view=current&supplier= (column filter)", () => api.get(`parts?view=current&supplier=${suppliers[3]}`));
await measure("GET parts?view=current due range (Select Filtered)", () => api.get(`parts?view=current&due_start=${today}&due_end=${addDays(today, 40)}&page_size=1000`));
const j0 = Math.floor(JOBS / 2);
await measure("GET parts?inv_num=&supplier= (one supplier invoice)", () => api.get(`parts?inv_num=INV-${suppliers[(j0 * PER_JOB) % 20]}-${Math.floor(j0 / 5)}&supplier=${suppliers[(j0 * PER_JOB) % 20]}`));
await measure("GET parts?view=history_all page 1", () => api.get("parts?view=history_all"));
const hist = (await api.get("parts?view=history_all&page_size=1")).count as number;
await measure(`GET parts?view=history_all page ${Math.ceil(hist / 50)} (middle)`, () => api.get(`parts?view=history_all&page=${Math.ceil(hist / 50)}`));
await measure("GET parts/figures (a week)", () => api.get(`parts/figures?type=weekly&date=${addDays(today, -30)}`));
await measure("GET parts/figures (a month)", () => api.get(`parts/figures?type=monthly&date=${addDays(today, -30)}`));

tableHeader("saves");
const page1 = (await api.get("parts?view=current&invoice_number=true&page_size=5")).results as any[];
await measureRuns("PUT parts/update (Edit Selected, 5 parts of 5 jobs)", 3, async (r) => {
  const fresh = (await api.get(`parts?view=current&invoice_number=true&page_size=5`)).results as any[];
  return api.put("parts/update", fresh.map((p) => ({ id: p.id, last_saved: p.last_saved, comments: `Run ${r}` })));
});
void page1;

await dynamo.stop();
process.exit(0);
