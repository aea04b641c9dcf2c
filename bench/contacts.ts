/**
 * Benchmark: 50,000 contacts, then every contacts list view through the
 * product's own use cases (core/contacts/service.ts), reporting p50/p95
 * latency and DynamoDB read units per request. Prints figures; it is not
 * a timed test. Run: npx tsx bench/contacts.ts  (BENCH_CONTACTS to change size).
 *
 * Loading writes, with batch writes, exactly the items the record
 * mechanism writes for a create: the contact record (with its search
 * text), one list entry per membership from `contactLists`, and the
 * counters (the type's seq/live and each list's live). Creating through
 * the mechanism with concurrency is not possible at this size: every
 * create's transaction updates the same list counters, and concurrent
 * transactions on one item cancel each other. The load is checked against
 * the mechanism afterwards: a contact created and deleted through it moves
 * every count by exactly one and back.
 */
import { benchTable, measure as measureRuns, meterCapacity, tableHeader } from "./support.js";

const N = Number(process.env.BENCH_CONTACTS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const dynamo = await benchTable();
await meterCapacity();

const { Counter, Facet, ListEntry } = await import("../core/platform/service.js");
const { positionBucket } = await import("../core/platform/records.js");
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
const now = new Date().toISOString();
const listCounts = new Map<string, number>();
const positions = new Map<string, number>(); // "<list>\u0000<prefix>" -> entries
let records: any[] = [];
let entries: any[] = [];
let memberships = 0;
let maxMemberships = 0;
const flush = async () => {
  await Promise.all([
    records.length ? C.Contact.entity.put(records.splice(0)).go({ concurrent: 4 } as any) : null,
    entries.length ? ListEntry.put(entries.splice(0)).go({ concurrent: 4 } as any) : null,
  ]);
};
for (let id = 1; id <= N; id++) {
  const fields = contactFor(id);
  records.push({ ...fields, id, last_saved: now, created_at: now, created_by: "bench", updated_by: "bench", search_text: fields.display_name.toLowerCase() });
  // The mechanism's list entries: list `contact#<name>`, sort = lower-cased sort text, and the id.
  const lists = C.contactLists(fields as any);
  memberships += lists.length;
  maxMemberships = Math.max(maxMemberships, lists.length);
  for (const m of lists) {
    const sort = m.sort.toLowerCase().slice(0, 200) || "~";
    entries.push({ list: `contact#${m.list}`, sort, id });
    listCounts.set(m.list, (listCounts.get(m.list) ?? 0) + 1);
    const at = `${m.list}\u0000${positionBucket(sort)}`;
    positions.set(at, (positions.get(at) ?? 0) + 1);
  }
  if (records.length === 500 || id === N) await flush();
  if (id % 10_000 === 0) console.log(`  ${id.toLocaleString()} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
await Counter.update({ name: "contact" }).set({ seq: N, live: N }).go();
for (const [name, live] of listCounts) await Counter.update({ name: `contact#list#${name}` }).set({ live }).go();
// The prefix counts the record type keeps for its lists (listPositions).
const positionItems = [...positions].map(([k, live]) => {
  const [list, value] = k.split("\u0000");
  return { facet: `pos#contact#${list}`, value, live };
});
await Facet.put(positionItems).go({ concurrent: 4 } as any);
const loadSeconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(`Loaded ${N.toLocaleString()} contacts, ${memberships.toLocaleString()} list entries (at most ${maxMemberships} per contact) and ${positionItems.length} prefix counts in ${loadSeconds} s`);

// The load agrees with the mechanism: a contact created through it moves each of its lists by one.
const views = { all: {}, customers: { contact_type: "CC" as const }, incomplete: { partial_view: true }, everything: { show_deactive: true } };
const countOf = async (v: object) => (await C.listContacts({ page: 1, page_size: 1, ...v })).count;
const before = Object.fromEntries(await Promise.all(Object.entries(views).map(async ([k, v]) => [k, await countOf(v)])));
const check = await C.createContact({ display_name: "Mi Bench Check", company_name: "Check Ltd", company_phone: "1", company_email: "c@example.co.uk", hire_account_code: "01" }, "bench");
for (const [k, v] of Object.entries(views))
  if ((await countOf(v)) !== before[k] + 1) throw new Error(`load and mechanism disagree on ${k}`);
if ((await C.listContacts({ page: 1, page_size: 25, search: "mi bench" })).results.length !== 1) throw new Error("search misses a created contact");
await C.Contact.remove(check.id as number, "bench");
for (const [k, v] of Object.entries(views))
  if ((await countOf(v)) !== before[k]) throw new Error(`counts did not return after delete on ${k}`);
const prefixes: any = await Facet.query.byFacet({ facet: "pos#contact#type#ALL#active" }).go({ pages: "all" } as any);
const prefixTotal = (prefixes.data as Array<{ live: number }>).reduce((n, b) => n + b.live, 0);
if (prefixTotal !== before.all) throw new Error("prefix counts do not add up to the list: deep pages would not use them");
console.log(`Checked: counts ${JSON.stringify(before)} move by one with a create through the mechanism and back with its delete.`);

const measure = (label: string, fn: () => Promise<{ count: number; results: unknown[] }>) => measureRuns(label, RUNS, fn);

const page = { page: 1, page_size: 25 };
const deep = Math.floor(N / 50); // the middle of the default list
tableHeader(`request (${N.toLocaleString()} contacts)`);
await measure("list ALL (`contacts`, page 1)", () => C.listContacts({ ...page }));
await measure("list CC (`contact_type=CC`)", () => C.listContacts({ ...page, contact_type: "CC" }));
await measure("list SP (`contact_type=SP`)", () => C.listContacts({ ...page, contact_type: "SP" }));
await measure("incomplete (`partial_view=YES`)", () => C.listContacts({ ...page, partial_view: true }));
await measure("show deactivated (`show_deactive=true`)", () => C.listContacts({ ...page, show_deactive: true }));
await measure("page 40 of ALL (rows 976-1,000)", () => C.listContacts({ page: 40, page_size: 25 }));
await measure(`deep page ${deep} of ALL (middle of the list, the worst case)`, () => C.listContacts({ page: deep, page_size: 25 }));
const lastPage = Math.ceil(before.all / 25);
await measure(`last page (${lastPage}) of ALL`, () => C.listContacts({ page: lastPage, page_size: 25 }));
await measure("search 'mi' (`contacts?search=mi`)", () => C.listContacts({ ...page, search: "mi" }));
await measure("search 'midland' (`contacts?search=midland`)", () => C.listContacts({ ...page, search: "midland" }));
await measure("`customersearch?search=mi`", () => C.searchContacts("CC", { ...page, search: "mi" }));
await measure("`suppliers?search=mid`", () => C.searchContacts("SP", { ...page, search: "mid" }));
await measure("job tab (`contacts?job_tab=true`)", () => C.listContacts({ ...page, job_tab: true }));
await measure("`accountbalance` page 1", () => C.accountBalance({ ...page }));
dynamo.stop();
await new Promise((done) => process.stdout.write("", () => done(null)));
process.exit(0);
