/**
 * Benchmark: 50,000 contacts, then every contacts list view through the
 * HTTP API (bench/support.ts), reporting p50/p95 latency and DynamoDB read
 * units per request. Prints figures; it is not a timed test.
 * Run: npx tsx bench/contacts.ts  (BENCH_CONTACTS to change size).
 *
 * Loading uses the engine's `bulkLoad` (exactly the items create writes:
 * record, audit entry, list entries, list counts and position counts, in
 * batches; bench data only). The load is checked against the product
 * afterwards: a contact created and deleted through the API moves every
 * count by exactly one and back, and the position counts add up to the list.
 */
import { benchApi, benchTable, measure as measureRuns, meterCapacity, tableHeader } from "./support.js";

const N = Number(process.env.BENCH_CONTACTS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const dynamo = await benchTable();
await meterCapacity();

const api = await benchApi();
const { Facet } = await import("../core/platform/service.js");
const C = await import("../core/contacts/index.js");


// Names a UK van hire business's contacts book might hold; 4 of the 48 first words start "mi".
const first = [
  "Acme", "Abbey", "Apex", "Ashford", "Bristol", "Bridge", "Castle", "Central", "Crown", "Dale", "Derby", "Eastern",
  "Elite", "Fenland", "Forest", "Grange", "Harbour", "Highway", "Kingsway", "Lakeside", "Leicester", "Manor", "Midland", "Milton",
  "Mitchell", "Mills", "Newport", "Northern", "Oakwood", "Orchard", "Pennine", "Premier", "Priory", "Quay", "Redhill", "Riverside",
  "Royal", "Severn", "Sherwood", "Southern", "Station", "Thames", "Trent", "Valley", "Victoria", "Western", "Windsor", "York",
];
const second = ["Builders", "Plumbing", "Logistics", "Motors", "Electrical", "Roofing", "Scaffolding", "Removals", "Landscapes", "Joinery", "Couriers", "Tyres", "Glass", "Parts", "Commercials"];
const suffix = ["Ltd", "& Sons", "Services", "Group", "UK", "Ltd"];

function contactFor(id: number) {
  const type = id % 10 < 7 ? "CC" : "SP";
  const name = `${first[(id * 7) % first.length]} ${second[(id * 11) % second.length]} ${suffix[id % suffix.length]} ${String(id).padStart(5, "0")}`;
  const partial = type === "CC" && id % 5 === 0;
  const base = {
    ...C.newContactDefaults(type),
    display_name: name,
    contact_type: type,
    partial_contact: partial,
    deactivated: id % 20 === 7,
    job_tab: type === "SP" && id % 5000 === 9,
    company_name: `${name} Ltd`,
    company_email: `accounts${id}@example.co.uk`,
    company_phone: `496 ${String(id % 10000).padStart(4, "0")}`,
    company_phone_type: "Phone",
    company_phone_area_code: "0115",
    company_phone_country_code: "+44",
    address_line1: `${id} Industrial Estate`,
    town: "Nottingham",
    region: "Nottinghamshire",
    postcode: `NG${id % 30} ${id % 9}AB`,
    country: "United Kingdom",
    first_name: "Alex",
    last_name: `Smith${id}`,
    contact_number: "07700 900000",
    email: `alex${id}@example.co.uk`,
    credit_limit: 1000 + (id % 50) * 100,
    outstanding_balance: (id % 37) * 12.5,
  } as Record<string, any>;
  if (type === "CC") Object.assign(base, { payment_term_days: 30, hire_account_code: "01", workshop_account_code: "02", labour_rate_markup: 10, parts_markup: 15 });
  else Object.assign(base, { supplier_payment_terms: 30, supplier_payment_terms_start: "MONTH", supplier_labour_charge: 55 });
  C.checkContact(base as any); // every loaded contact passes the rules
  return base;
}

console.log(`Loading ${N.toLocaleString()} contacts...`);
const started = Date.now();
let items = 0;
for (let from = 1; from <= N; from += 10_000) {
  const loaded = await C.Contact.bulkLoad(Array.from({ length: Math.min(10_000, N - from + 1) }, (_, k) => contactFor(from + k)), "bench");
  items += loaded.items;
}
const loadSeconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(`Loaded ${N.toLocaleString()} contacts (${items.toLocaleString()} items) in ${loadSeconds} s`);

// The load agrees with the product: a contact created through the API moves each of its lists by one.
const views = { all: "", customers: "&contact_type=CC", incomplete: "&partial_view=true", everything: "&show_deactive=true" };
const countOf = async (q: string) => (await api.get(`contacts?page=1&page_size=1${q}`)).count as number;
const before = Object.fromEntries(await Promise.all(Object.entries(views).map(async ([k, v]) => [k, await countOf(v)])));
const check = await api.post("contacts", { display_name: "Mi Bench Check", company_name: "Check Ltd", company_phone: "1", company_email: "c@example.co.uk", hire_account_code: "01" });
for (const [k, v] of Object.entries(views))
  if ((await countOf(v)) !== before[k] + 1) throw new Error(`load and mechanism disagree on ${k}`);
if ((await api.get("contacts?search=mi%20bench")).results.length !== 1) throw new Error("search misses a created contact");
await api.del(`contacts/${check.id}`);
for (const [k, v] of Object.entries(views))
  if ((await countOf(v)) !== before[k]) throw new Error(`counts did not return after delete on ${k}`);
const prefixes: any = await Facet.query.byFacet({ facet: "pos#contact#type#ALL#active" }).go({ pages: "all" } as any);
const prefixTotal = (prefixes.data as Array<{ live: number }>).reduce((n, b) => n + b.live, 0);
if (prefixTotal !== before.all) throw new Error("position counts do not add up to the list: deep pages would not use them");
console.log(`Checked: counts ${JSON.stringify(before)} move by one with a create through the API and back with its delete.`);

const measure = (label: string, path: string) => measureRuns(label, RUNS, () => api.get(path));

const deep = Math.floor(N / 50); // the middle of the default list
tableHeader(`request (${N.toLocaleString()} contacts)`);
await measure("list ALL (`contacts`, page 1)", "contacts?page=1");
await measure("list CC (`contact_type=CC`)", "contacts?contact_type=CC");
await measure("list SP (`contact_type=SP`)", "contacts?contact_type=SP");
await measure("incomplete (`partial_view=YES`)", "contacts?partial_view=true");
await measure("show deactivated (`show_deactive=true`)", "contacts?show_deactive=true");
await measure("page 40 of ALL (rows 976-1,000)", "contacts?page=40");
await measure(`deep page ${deep} of ALL (middle of the list, the worst case)`, `contacts?page=${deep}`);
// A page starting where a name prefix (coarse bucket) starts, past the middle: no fine counts read.
const { inListOrder } = await import("../core/platform/records/positions.js");
let edge = 0;
for (const b of inListOrder(prefixes.data, "asc")) {
  if (edge >= before.all / 2) break;
  edge += b.live;
}
await measure(`page ${Math.floor(edge / 25) + 1} of ALL (within 25 of a name prefix's start)`, `contacts?page=${Math.floor(edge / 25) + 1}`);
const { documentClient } = await import("../core/platform/table.js");
const { config } = await import("../core/platform/config.js");
const { QueryCommand } = await import("@aws-sdk/lib-dynamodb");
await measureRuns("raw Query of 25 list entries (no API, for comparison)", RUNS, () =>
  documentClient().send(new QueryCommand({ TableName: config.tableName, KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": "$backoffice#list_contact#type#all#active" }, Limit: 25 })).then((r) => r.Items ?? []),
);
const lastPage = Math.ceil(before.all / 25);
await measure(`last page (${lastPage}) of ALL`, `contacts?page=${lastPage}`);
await measure("search 'mi' (`contacts?search=mi`)", "contacts?search=mi");
await measure("search 'midland' (`contacts?search=midland`)", "contacts?search=midland");
await measure("`customersearch?search=mi`", "customersearch?search=mi");
await measure("`suppliers?search=mid`", "suppliers?search=mid");
await measure("job tab (`contacts?job_tab=true`)", "contacts?job_tab=true");
await measure("`accountbalance` page 1", "accountbalance?page=1");
await dynamo.stop();
await new Promise((done) => process.stdout.write("", () => done(null)));
process.exit(0);
