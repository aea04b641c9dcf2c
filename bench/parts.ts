/**
 * Benchmark: Parts Expenses, part orders and movements at scale (default
 * 200,000 job parts on 50,000 job cards, 50,000 part orders with a part
 * each, 50,000 movements, over four years to today: most approved or
 * complete, the last weeks' live), then every view's page (first, middle,
 * last), the banner totals, the invoice-number toggle, a date-ordered range,
 * a search, the column filters, Select Filtered by due date, an
 * invoice-number lookup, Part History, the parts figures and the bulk save,
 * the part order views and filters, the movement views with their totals,
 * all through the HTTP API (bench/support.ts), reporting p50/p95 and the
 * read and write units AWS would charge. Prints figures; not a timed test.
 *
 * Loading: jobs, part orders and movements with `bulkLoad`, job and order
 * parts with the lines engine's `bulkLoadLines` (each part's line item,
 * entries, locator; counts and facets summed once). In steps (BENCH_STEPS:
 * job part counts to measure at on the way, e.g. "20000,50000,200000"; part
 * orders and movements loaded to a quarter of each step), rows in a shuffled
 * order so every step is a like sample of the whole. Run:
 * PARTS=200000 BENCH_STEPS=20000,50000,200000 nice -n 10 npx tsx bench/parts.ts
 * (PARTS, BENCH_STEPS, BENCH_RUNS, BENCH_CONCURRENCY).
 */
import { benchApi, benchTable, measure as measureRuns, meterCapacity, tableHeader } from "./support.js";

const N = Number(process.env.PARTS ?? 200_000);
const PER_JOB = 4;
const JOBS = Math.ceil(N / PER_JOB);
const ORDERS = Math.ceil(N / 4);
const MOVES = Math.ceil(N / 4);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const STEPS = (process.env.BENCH_STEPS ?? String(N)).split(",").map(Number).filter((n) => n > 0 && n <= N);

const dynamo = await benchTable();
await meterCapacity();
const api = await benchApi("bench@vanco.co.uk", "Bench");
const { addDays, todayInLondon } = await import("../core/platform/dates.js");
const { Contact } = await import("../core/contacts/index.js");
const S = await import("../core/settings/index.js");
const W = await import("../core/workshop/index.js");
const { PartOrder, PartOrderLines } = await import("../core/workshop/partorder.js");
const { Movement } = await import("../core/workshop/movements.js");

const by = "bench";
const today = todayInLondon();
const depts: number[] = [];
for (const name of ["DIRECT VAN HIRE", "LCV Centre", "RAPID FIT"]) depts.push((await S.Department.create({ name }, by)).id);
const category = await S.TrackingCategory.create(await S.withOptionIds({ name: "Region", options: [{ name: "North" }] } as any), by);
const option = { id: (category as any).options[0].id, name: "North", category: (category as any).id };
const service = (await S.WorkType.create({ name: "Service", special_labour_rate: 65 }, by)).id;
const nominal = (await S.NominalCode.create({ code: "5000", name: "Parts", tax_type: "INPUT2" }, by)).id;
const suppliers: number[] = [];
for (let i = 0; i < 20; i++)
  suppliers.push((await Contact.create({ display_name: `Parts Supplier ${i}`, contact_type: "SP", partial_contact: false, company_name: `Parts ${i} Ltd`, company_phone: "0115 496 0000", company_email: `parts${i}@example.co.uk`, company_phone_type: "Phone", company_phone_area_code: "0115", company_phone_country_code: "44", address_line1: "1 Trade Park", town: "Derby", region: "Derbyshire", postcode: "DE1 1AA", country: "United Kingdom", supplier_payment_terms: 30 }, by)).id);

const start = addDays(today, -4 * 365);
const days = 4 * 365;
const t0 = Date.now();
const secs = () => ((Date.now() - t0) / 1000).toFixed(0);
const load = async () => (await import("node:os")).loadavg().map((l) => l.toFixed(1)).join(" ");
// Shuffled orders (i * prime mod n: a bijection when n is not a multiple of the prime): each step a like sample.
const shuffled = (i: number, n: number, prime: number) => (i * prime) % n;

// Job j = 0..JOBS-1 by workshop date; the last 2% live.
function jobBody(j: number) {
  const date = addDays(start, Math.floor((j * days) / JOBS));
  const live = j >= JOBS * 0.98;
  return { department: depts[j % 3], book_in_date: date, workshop_date: date, status: live ? "IN_PROGRESS" : "COLLECTED", approved: !live, registration: `BP${j}` };
}
// Parts: the first 98% of jobs' parts approved (ordered, invoiced); the live ones current, to be ordered, on backorder or from stock.
function partOf(j: number, k: number, workId: number) {
  const i = j * PER_JOB + k;
  const job = jobBody(j);
  const live = j >= JOBS * 0.98;
  const sup = suppliers[i % suppliers.length];
  const invoice = `INV-${sup}-${Math.floor(j / 5)}`;
  const base = { name: `Part ${i % 997}`, part_number: `PN-${i % 5000}`, supplier: sup, cost: 5 + (i % 200), customer_cost: 6 + (i % 200), supplier_tracking_option: option, customer_tracking_option: option, work: workId, work_key: "k" };
  if (!live) return { ...base, date_ordered: job.workshop_date, part_invoice_number: invoice, invoice_date: job.workshop_date, supplier_nominal_code: nominal, approved: true, approver: { first_name: "Ann", last_name: "Approver" } };
  const kind = i % 4;
  if (kind === 0) return { ...base, to_be_ordered: true };
  if (kind === 1) return { ...base, date_ordered: job.workshop_date, part_invoice_number: invoice, invoice_date: job.workshop_date, due_date: addDays(job.workshop_date, 30) };
  if (kind === 2) return { ...base, backorder: true, date_ordered: job.workshop_date };
  return { ...base, from_stock: true };
}
// Part order o = 0..ORDERS-1 by date created: 95% COMPLETE, the rest ORDER, QUOTE or ENQUIRY; one part each.
const STATUSES = ["ORDER", "QUOTE", "ENQUIRY", "ORDER"];
function orderBody(o: number) {
  const date = addDays(start, Math.floor((o * days) / ORDERS));
  const status = o < ORDERS * 0.95 ? "COMPLETE" : STATUSES[o % 4];
  const customer = customers[o % customers.length];
  return { status, department: depts[o % 3], date_created: date, customer: customer.id, customer_name: customer.name, customer_vehicle: `PO${o}`, order_number: `PO-${o}`, creator: { name: "Bench", email: `creator${o % 5}@vanco.co.uk` }, total_part_cost: 10 + (o % 90), total_part_customer_charge: 12 + (o % 90) };
}
function orderPart(o: number) {
  const body = orderBody(o);
  const sup = suppliers[o % suppliers.length];
  const done = body.status === "COMPLETE";
  return { name: `Order part ${o % 499}`, part_number: `OP-${o % 3000}`, supplier: sup, cost: body.total_part_cost, customer_cost: body.total_part_customer_charge, cost_vat: "20", supplier_tracking_option: option, customer_tracking_option: option, ...(done ? { to_be_ordered: false, date_ordered: body.date_created, part_invoice_number: `POI-${sup}-${Math.floor(o / 3)}`, invoice_date: body.date_created } : { to_be_ordered: true }) };
}
// Movement m = 0..MOVES-1 by delivery date: 95% completed, the rest NORMAL or QUOTE.
function moveBody(m: number) {
  const date = addDays(start, Math.floor((m * days) / MOVES));
  const done = m < MOVES * 0.95;
  const customer = customers[m % customers.length];
  return { delivery_date: date, department: depts[m % 3], customer: customer.id, movement_status: !done && m % 5 === 0 ? "QUOTE" : "NORMAL", completed: done, cost: 20 + (m % 150), miles: 10 + (m % 90), vehicle: `Customer van ${m}`, start_address: "Depot", end_address: "Site", search_terms: [`cv${m}`, customer.name.toLowerCase()] };
}

const customers: Array<{ id: number; name: string }> = [];
for (let i = 0; i < 50; i++) {
  const name = `Customer ${String(i).padStart(2, "0")}`;
  customers.push({ id: (await Contact.create({ display_name: name, contact_type: "CC", partial_contact: true, company_name: `${name} Ltd`, company_phone: "0115 496 0000", company_email: `c${i}@example.co.uk`, hire_account_code: "01" }, by)).id, name });
}

const measure = (label: string, fn: (run: number) => Promise<any>) => measureRuns(label, RUNS, fn);
const D = depts[0];
let jobsIn = 0;
let ordersIn = 0;
let movesIn = 0;
const sampleInvoice: { inv: string; sup: number } = { inv: "", sup: 0 };
console.log(`Loading ${N.toLocaleString("en-GB")} parts on ${JOBS.toLocaleString("en-GB")} jobs, ${ORDERS.toLocaleString("en-GB")} part orders, ${MOVES.toLocaleString("en-GB")} movements, measured at ${STEPS.join(", ")} parts...`);
for (const step of STEPS) {
  const jobsTo = Math.ceil(step / PER_JOB);
  while (jobsIn < jobsTo) {
    const upTo = Math.min(jobsTo, jobsIn + 2_500);
    const js = Array.from({ length: upTo - jobsIn }, (_, k) => shuffled(jobsIn + k, JOBS, 7919));
    const bodies = js.map(jobBody);
    const jobs = await W.Job.bulkLoad(bodies, by, { concurrency: CONCURRENCY });
    // One work item per job, holding its parts.
    const items = await W.JobLines.bulkLoadLines(
      "work_items",
      bodies.map((b, k) => ({ parentId: jobs.first + k, parent: { ...b, id: jobs.first + k }, lines: [{ key: "k", description: "Service", work_type: service, labour_hours: 1, supplier_tracking_option: option, customer_tracking_option: option }] })),
      by,
      { concurrency: CONCURRENCY },
    );
    await W.JobLines.bulkLoadLines(
      "parts",
      bodies.map((b, k) => ({ parentId: jobs.first + k, parent: { ...b, id: jobs.first + k }, lines: Array.from({ length: PER_JOB }, (_, p) => partOf(js[k], p, items.first + k)) })),
      by,
      { concurrency: CONCURRENCY },
    );
    if (!sampleInvoice.inv) {
      const j = js.find((x) => x < JOBS * 0.98) ?? js[0];
      sampleInvoice.sup = suppliers[(j * PER_JOB) % suppliers.length];
      sampleInvoice.inv = `INV-${sampleInvoice.sup}-${Math.floor(j / 5)}`;
    }
    jobsIn = upTo;
  }
  const ordersTo = Math.ceil(step / 4);
  while (ordersIn < ordersTo) {
    const upTo = Math.min(ordersTo, ordersIn + 2_500);
    const os = Array.from({ length: upTo - ordersIn }, (_, k) => shuffled(ordersIn + k, ORDERS, 7907));
    const bodies = os.map(orderBody);
    const orders = await PartOrder.bulkLoad(bodies, by, { concurrency: CONCURRENCY });
    await PartOrderLines.bulkLoadLines("parts", bodies.map((b, k) => ({ parentId: orders.first + k, parent: { ...b, id: orders.first + k }, lines: [orderPart(os[k])] })), by, { concurrency: CONCURRENCY });
    ordersIn = upTo;
  }
  const movesTo = Math.ceil(step / 4);
  while (movesIn < movesTo) {
    const upTo = Math.min(movesTo, movesIn + 2_500);
    await Movement.bulkLoad(Array.from({ length: upTo - movesIn }, (_, k) => moveBody(shuffled(movesIn + k, MOVES, 7901))), by, { concurrency: CONCURRENCY });
    movesIn = upTo;
  }
  console.log(`  ${(jobsIn * PER_JOB).toLocaleString("en-GB")} job parts, ${ordersIn.toLocaleString("en-GB")} part orders, ${movesIn.toLocaleString("en-GB")} movements loaded after ${secs()} s (load average ${await load()})`);
  await measureReads(jobsIn * PER_JOB);
}

async function measureReads(n: number) {
  const size = `${n.toLocaleString("en-GB")} job parts + ${ordersIn.toLocaleString("en-GB")} order parts`;
  tableHeader(`Parts Expenses (${size})`);
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
  await measure("GET parts?inv_num=&supplier= (one supplier invoice)", () => api.get(`parts?inv_num=${sampleInvoice.inv}&supplier=${sampleInvoice.sup}`));
  await measure("GET parts?view=history_all page 1", () => api.get("parts?view=history_all"));
  const hist = (await api.get("parts?view=history_all&page_size=1")).count as number;
  await measure(`GET parts?view=history_all page ${Math.ceil(hist / 50)} (middle)`, () => api.get(`parts?view=history_all&page=${Math.ceil(hist / 50)}`));
  await measure("GET parts/figures (a week)", () => api.get(`parts/figures?type=weekly&date=${addDays(today, -30)}`));
  await measure("GET parts/figures (a month)", () => api.get(`parts/figures?type=monthly&date=${addDays(today, -30)}`));

  tableHeader(`Part orders (${ordersIn.toLocaleString("en-GB")} orders)`);
  for (const view of ["ORDERS", "QUOTES", "COMPLETE", "ENQUIRY"]) await measure(`GET partorder?view=${view} page 1`, () => api.get(`partorder?view=${view}`));
  const complete = (await api.get("partorder?view=COMPLETE&page_size=1")).count as number;
  const lastOrders = Math.ceil(complete / 25);
  await measure(`GET partorder?view=COMPLETE page ${lastOrders} (last)`, () => api.get(`partorder?view=COMPLETE&page=${lastOrders}`));
  await measure("GET partorder?view=COMPLETE&department=", () => api.get(`partorder?view=COMPLETE&department=${D}`));
  await measure("GET partorder?view=COMPLETE&customer= (column filter)", () => api.get(`partorder?view=COMPLETE&customer=${customers[7].id}`));
  await measure("GET partorder?view=COMPLETE&search=customer 07", () => api.get("partorder?view=COMPLETE&search=customer%2007"));
  await measure("GET partorder/figure (a month)", () => api.get(`partorder/figure?type=monthly&date=${addDays(today, -30)}`));

  tableHeader(`Movements (${movesIn.toLocaleString("en-GB")} movements)`);
  for (const view of ["NORMAL", "QUOTE", "COMPLETED"]) await measure(`GET movement?view=${view} page 1`, () => api.get(`movement?view=${view}`));
  const done = (await api.get("movement?view=COMPLETED&page_size=1")).count as number;
  const lastMoves = Math.ceil(done / 25);
  await measure(`GET movement?view=COMPLETED page ${lastMoves} (last)`, () => api.get(`movement?view=COMPLETED&page=${lastMoves}`));
  await measure("GET movementfigures (banner: view totals)", () => api.get("movementfigures?view=COMPLETED"));
  await measure("GET movementfigures (a month's delivery dates)", () => api.get(`movementfigures?view=COMPLETED&start=${addDays(today, -60)}&end=${addDays(today, -30)}`));
  await measure("GET movement?view=COMPLETED&customer= (column filter)", () => api.get(`movement?view=COMPLETED&customer=${customers[7].id}`));
  await measure("GET movement?view=COMPLETED a month's range", () => api.get(`movement?view=COMPLETED&start=${addDays(today, -60)}&end=${addDays(today, -30)}`));

  tableHeader("saves");
  await measureRuns("PUT parts/update (Edit Selected, 5 parts)", 3, async (r) => {
    const fresh = (await api.get(`parts?view=current&invoice_number=true&page_size=5`)).results as any[];
    return api.put("parts/update", fresh.map((p) => ({ id: p.id, last_saved: p.last_saved, comments: `Run ${r}` })));
  });
}

await dynamo.stop();
process.exit(0);
