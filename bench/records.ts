/**
 * Benchmark of the record engine (core/platform/records/) through the HTTP
 * API, at 100,000 records:
 *
 * 1. Create cost with 0 and with 80,000 deleted ids: two settings types
 *    (drivers, payment types; both plain id-order lists) with 100,000
 *    records each; the payment types' ids run to 180,000 with 80,000 gone
 *    (loaded as gaps in the id sequence: what deleting them leaves behind,
 *    since nothing records a deletion but lower counts), plus some deleted
 *    through `DELETE paymenttype/{id}`. Then `POST` creates.
 * 2. The id-order list (`GET drivers?page=N`): first, page 40, middle and
 *    last page, beside a raw 25-item Query of the same partition.
 * 3. An indexed list (`GET rentals?page=N`, every rental newest first) at
 *    100,000 rentals: first, middle and last page.
 * 4. A year of bookings on one van through `POST rentals`: the first and the
 *    last booking's cost, and the largest item of the van's booking
 *    partition, the counters and the position counts afterwards (BENCH_SCAN=1:
 *    of the whole table).
 *
 * Loading uses `bulkLoad` (the items create writes, in batches; bench data
 * only). Prints markdown rows; not a timed test.
 * Run: npx tsx bench/records.ts  (BENCH_RECORDS, BENCH_DELETED, RENTALS, BENCH_VANS, BENCH_RUNS; BENCH_SCAN=1 also scans the whole table for its largest item, slow).
 */
import { benchApi, benchTable, capacity, measure as measureRuns, meterCapacity, tableHeader } from "./support.js";

const N = Number(process.env.BENCH_RECORDS ?? 100_000);
const DELETED = Number(process.env.BENCH_DELETED ?? 80_000);
const RENTALS = Number(process.env.RENTALS ?? 100_000);
const VANS = Number(process.env.BENCH_VANS ?? 1_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const SCAN = process.env.BENCH_SCAN === "1";

const dynamo = await benchTable();
await meterCapacity();
const api = await benchApi();
const { documentClient } = await import("../core/platform/table.js");
const { config } = await import("../core/platform/config.js");
const { Counter } = await import("../core/platform/service.js");
const { QueryCommand, ScanCommand } = await import("@aws-sdk/lib-dynamodb");
const S = await import("../core/settings/index.js");
const by = "bench";
const seconds = (t: number) => ((Date.now() - t) / 1000).toFixed(0);
const measure = (label: string, fn: (run: number) => Promise<any>) => measureRuns(label, RUNS, fn);

// 1. Two types of 100,000 records; the second with 80,000 ids deleted among them.
let t = Date.now();
const CHUNK = 10_000;
for (let i = 0; i < N; i += CHUNK)
  await S.Driver.bulkLoad(Array.from({ length: Math.min(CHUNK, N - i) }, (_, k) => ({ name: `Driver ${String(i + k + 1).padStart(6, "0")}` })), by);
console.log(`${N.toLocaleString("en-GB")} drivers loaded in ${seconds(t)} s`);
t = Date.now();
// Live records in blocks, each block followed by a run of ids that no longer exist.
const BLOCKS = 100;
const gap = Math.floor(DELETED / BLOCKS);
for (let b = 0; b < BLOCKS; b++) {
  const size = Math.floor(N / BLOCKS) + (b < N % BLOCKS ? 1 : 0);
  await S.PaymentType.bulkLoad(Array.from({ length: size }, (_, k) => ({ name: `Payment ${b}-${k}` })), by);
  await Counter.update({ name: "paymenttype" }).add({ seq: gap }).go();
}
console.log(`${N.toLocaleString("en-GB")} payment types with ${(gap * BLOCKS).toLocaleString("en-GB")} deleted ids among them loaded in ${seconds(t)} s`);
// And real deletes through the API, spread over the list.
const firstPage = await api.get("paymenttype?page=3&page_size=100");
for (const r of firstPage.results.slice(0, 50)) await api.del(`paymenttype/${r.id}`);

// DynamoDB Local's own figure for one create's transaction, to show the doubling (support.ts).
capacity.debug = true;
console.log("One create, call by call (units as charged: the transaction's reported units doubled):");
await api.post("drivers", { name: "Debug create" });
capacity.debug = false;

tableHeader("create (through POST, one transaction each)");
await measure(`POST drivers: create with 0 deleted ids (${N.toLocaleString("en-GB")} records)`, (run) => api.post("drivers", { name: `New driver ${run}` }));
await measure(`POST paymenttype: create with ${(gap * BLOCKS + 50).toLocaleString("en-GB")} deleted ids (${N.toLocaleString("en-GB")} records)`, (run) => api.post("paymenttype", { name: `New payment ${run}` }));
const counters = await Promise.all(["driver", "paymenttype"].map(async (name) => JSON.stringify((await Counter.get({ name }).go()).data).length));
console.log(`counter item sizes (JSON): drivers ${counters[0]} B, payment types ${counters[1]} B`);

// 2. The id-order list.
const drivers = (await api.get("drivers?page=1&page_size=1")).count as number;
const lastPage = Math.ceil(drivers / 25);
tableHeader(`GET drivers (${drivers.toLocaleString("en-GB")} records, id order)`);
await measure("raw Query of 25 items (no API, for comparison)", () =>
  documentClient().send(new QueryCommand({ TableName: config.tableName, KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": "$backoffice#record_type_driver" }, Limit: 25 })).then((r) => r.Items ?? []),
);
await measure("page 1", () => api.get("drivers?page=1"));
await measure("page 40", () => api.get("drivers?page=40"));
await measure(`page ${Math.ceil(lastPage / 2)} (middle)`, () => api.get(`drivers?page=${Math.ceil(lastPage / 2)}`));
await measure(`page ${lastPage} (last)`, () => api.get(`drivers?page=${lastPage}`));
const payments = (await api.get("paymenttype?page=1&page_size=1")).count as number;
const lastPayments = Math.ceil(payments / 25);
tableHeader(`GET paymenttype (${payments.toLocaleString("en-GB")} records, ${(gap * BLOCKS + 50).toLocaleString("en-GB")} deleted ids among them)`);
await measure("page 1", () => api.get("paymenttype?page=1"));
await measure(`page ${Math.ceil(lastPayments / 2)} (middle)`, () => api.get(`paymenttype?page=${Math.ceil(lastPayments / 2)}`));
await measure(`page ${lastPayments} (last)`, () => api.get(`paymenttype?page=${lastPayments}`));

// 3. Rentals: every rental newest first, an indexed list kept with position counts (month, day).
const { addDays } = await import("../core/platform/dates.js");
const { Contact } = await import("../core/contacts/index.js");
const { Vehicle } = await import("../core/fleet/index.js");
const H = await import("../core/hire/index.js");
const type = (await S.VehicleType.create({ name: "L1" }, by)).id;
const dept = (await S.Department.create({ name: "DIRECT VAN HIRE" }, by)).id;
await S.RentalMargin.create({ name: "Standard", margin: 40 }, by);
const customer = (await Contact.create({ display_name: "Hirer Ltd", contact_type: "CC", partial_contact: true, company_name: "Hirer Ltd", company_phone: "0115 496 0000", company_email: "hire@example.co.uk", hire_account_code: "01" }, by)).id;
t = Date.now();
const fleet = await Vehicle.bulkLoad(
  Array.from({ length: VANS + 1 }, (_, i) => ({ registration: `BN${String(10 + (i % 80))} R${String(i).padStart(4, "0")}`, variant: "L1H1", vin_number: `VIN${i}`, location: "Depot", fleet_number: `30${String(i).padStart(5, "0")}`, vehicle_status: "ACTIVE", type, department: dept })),
  by,
);
const rental = (van: number, start: string, days: number, i: number) => ({
  status: i % 10 === 3 ? "QUOTE" : "CONFIRMED", rental_type: "ST", start_date: start, finish_date: addDays(start, days - 1), vehicle: van, customer, department: dept,
  first_day: 70, two_five_days: 60, six_twenty_seven_days: 50, twenty_eight_plus: 40, start_mileage: 10000 + i, deposit: 250, deposit_paid_date: start, initial_payment: 100, initial_payment_date: start,
});
const perVan = Math.ceil(RENTALS / VANS);
const rows: any[] = [];
for (let k = 0; k < perVan; k++) for (let v = 0; v < VANS && rows.length < RENTALS; v++) rows.push(rental(fleet.first + v, addDays("2020-01-06", k * 10 + (v % 5)), 1 + (rows.length % 7), rows.length));
for (let i = 0; i < rows.length; i += 25_000) await H.Rental.bulkLoad(rows.slice(i, i + 25_000), by);
console.log(`${VANS} vans and ${RENTALS.toLocaleString("en-GB")} rentals loaded in ${seconds(t)} s`);
const rentals = (await api.get("rentals?page=1&page_size=1")).count as number;
const lastRentals = Math.ceil(rentals / 25);
tableHeader(`GET rentals (${rentals.toLocaleString("en-GB")} rentals, newest first)`);
await measure("raw Query of 25 list entries (no API, for comparison)", () =>
  documentClient().send(new QueryCommand({ TableName: config.tableName, KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": "$backoffice#list_rental#all" }, Limit: 25, ScanIndexForward: false })).then((r) => r.Items ?? []),
);
await measure("page 1", () => api.get("rentals?page=1"));
await measure("page 40", () => api.get("rentals?page=40"));
await measure(`page ${Math.ceil(lastRentals / 2)} (middle)`, () => api.get(`rentals?page=${Math.ceil(lastRentals / 2)}`));
await measure(`page ${lastRentals} (last)`, () => api.get(`rentals?page=${lastRentals}`));

// 4. A year of bookings on one van (the spare one), through the API: one every 3 days, 2 days long.
const van = fleet.last;
tableHeader(`a year of bookings on one van (POST rentals)`);
let day = "2027-01-04";
const book = async () => {
  const made = await api.post("rentals", rental(van, day, 2, 1));
  day = addDays(day, 3);
  return made;
};
await measureRuns("first bookings of the van (confirmed create)", 5, book);
for (let i = 5; i < 117; i++) await book();
await measureRuns("bookings 118-122 of the van (a year on)", 5, book);
await measureRuns("refused: overlaps a booking of the van", 5, () => api.post("rentals", rental(van, addDays(day, -6), 3, 1)));

// The items a year of bookings could have grown: the van's booking partition, the counters and position counts the rentals write.
{
  const partition = async (pk: string) => {
    const res: any = await documentClient().send(new QueryCommand({ TableName: config.tableName, KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": pk } }));
    return (res.Items ?? []) as any[];
  };
  const groups: Array<[string, any[]]> = [
    ["the van's booking partition (head and one item per booking)", await partition(`$backoffice#scope_rental#vehicle#${van}`)],
    ["the rental counter", await partition("$backoffice#name_rental")],
    ["the van's list counters", [...(await partition(`$backoffice#name_rental#list#vehicle#${van}`)), ...(await partition(`$backoffice#name_rental#list#vehiclefinish#${van}`))]],
    ["the id position counts (coarse)", await partition("$backoffice#facet_pos#rental")],
    ["the all list's position counts (coarse: months)", await partition("$backoffice#facet_pos#rental#all")],
    ["the van's record totals", await partition(`$backoffice#facet_rental#totals#vehicle#${van}`)],
  ];
  console.log("\n| items after a year of bookings on one van | items | largest (JSON) |\n|---|---|---|");
  for (const [label, items] of groups) console.log(`| ${label} | ${items.length} | ${Math.max(0, ...items.map((it) => Buffer.byteLength(JSON.stringify(it))))} B |`);
}

if (SCAN) {
  t = Date.now();
  let largest = { size: 0, pk: "", sk: "" };
  let items = 0;
  let key: any;
  do {
    const page: any = await documentClient().send(new ScanCommand({ TableName: config.tableName, ExclusiveStartKey: key }));
    for (const it of page.Items ?? []) {
      items++;
      const size = Buffer.byteLength(JSON.stringify(it));
      if (size > largest.size) largest = { size, pk: it.pk, sk: it.sk };
    }
    key = page.LastEvaluatedKey;
  } while (key);
  console.log(`\nLargest of ${items.toLocaleString("en-GB")} stored items (JSON size): ${largest.size} B, ${largest.pk} ${largest.sk} (scan ${seconds(t)} s)`);
}
await dynamo.stop();
await new Promise((done) => process.stdout.write("", () => done(null)));
process.exit(0);
