/**
 * Benchmark: the accounts screens' calls through the HTTP API
 * (bench/support.ts) as transactions, invoices and payments grow, loaded
 * in steps: each step adds records (bulk-loaded through the engine's
 * `bulkLoad`, as the other benches) and measures every view's page 1 and a
 * deep page, the figures and the balances, so the per-step figures show
 * whether a call grows with the table. Prints figures; not a timed test.
 * Run: nice -n 10 npx tsx bench/accounts.ts
 *   BENCH_STEPS=20000,100000,200000 (transactions after each step; invoices
 *   are half as many, payments a quarter), BENCH_RUNS=10.
 */
import { benchApi, benchTable, measure as measureRuns, meterCapacity, tableHeader } from "./support.js";

const STEPS = (process.env.BENCH_STEPS ?? "20000,100000,200000").split(",").map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);

const dynamo = await benchTable();
await meterCapacity();
const api = await benchApi();
const { Transaction } = await import("../core/accounts/transaction.js");
const { Invoice } = await import("../core/accounts/invoice.js");
const { Payment } = await import("../core/accounts/payment.js");
const { addDays } = await import("../core/platform/dates.js");

// Reference data through the API, as staff set it up.
const dept = await api.post("createdepartment", { name: "DIRECT VAN HIRE" });
const centre = await api.post("costcentre", { name: "Workshop" });
const customers: number[] = [];
for (let i = 0; i < 20; i++)
  customers.push(
    (
      await api.post("contacts", {
        display_name: `Bench Customer ${i}`, contact_type: "CC", partial_contact: false, company_name: `Bench Customer ${i} Ltd`, company_email: "a@example.co.uk",
        company_phone: "0121 496 0000", company_phone_type: "Phone", company_phone_area_code: "0121", company_phone_country_code: "44", address_line1: "1 Trade Park",
        town: "Birmingham", region: "West Midlands", postcode: "B1 1AA", country: "United Kingdom", payment_term_days: 30, hire_account_code: "01",
      })
    ).id,
  );
const START = "2024-01-01";
const dateOf = (n: number) => addDays(START, n % 1000);

const tx = (n: number) => ({
  type: n % 2 ? "IN" : "OUT", date: dateOf(n), description: `Bench ${n}`, amount: 10 + (n % 500), vat: (10 + (n % 500)) / 5, invoice_total: (10 + (n % 500)) * 1.2,
  contact: customers[n % customers.length], department: dept.id, cost_centre: centre.id, approved: n % 3 === 0,
});
const inv = (n: number) => {
  const approved = n % 2 === 0;
  return {
    src: (["HIRE", "MOVEMENT", "SALES", "ORDER"] as const)[n % 4], customer: customers[n % customers.length], department: dept.id, amount: 100 + (n % 900), no_vat_amount: 0, vat_rate: 20,
    invoice_date: dateOf(n), date: dateOf(n), payment_date: addDays(dateOf(n), 30), approved, ready_to_invoice: approved || n % 3 === 0,
    invoice_number: approved ? `BN${String(n).padStart(7, "0")}` : null, credited: 0, paid: 0, area: "dvh" as const,
    // as the service stores them: the compact number once approved, then the customer's name
    search_terms: [...(approved ? [`bn${String(n).padStart(7, "0")}`] : []), `bench customer ${n % customers.length}`],
  };
};
const pay = (n: number) => ({ contact: customers[n % customers.length], department: dept.id, payment_date: dateOf(n), amount: 5 + (n % 300), payment_type: "BACS", cost_centre: centre.id, date_paid: n % 2 ? dateOf(n) : null, trading_area: "dvh" as const });

async function loadTo(type: { bulkLoad: (rows: unknown[], actor: string) => Promise<{ items: number }> }, from: number, to: number, row: (n: number) => unknown) {
  for (let n = from; n < to; n += 5000) await type.bulkLoad(Array.from({ length: Math.min(5000, to - n) }, (_, k) => row(n + k)), "bench");
}

let loaded = { t: 0, i: 0, p: 0 };
for (const t of STEPS) {
  const target = { t, i: Math.floor(t / 2), p: Math.floor(t / 4) };
  const started = Date.now();
  await loadTo(Transaction, loaded.t, target.t, tx);
  await loadTo(Invoice, loaded.i, target.i, inv);
  await loadTo(Payment, loaded.p, target.p, pay);
  loaded = target;
  console.log(`\nLoaded to ${t.toLocaleString()} transactions, ${target.i.toLocaleString()} invoices, ${target.p.toLocaleString()} payments in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const measure = (label: string, path: string) => measureRuns(label, RUNS, () => api.get(path));
  tableHeader(`request (${t.toLocaleString()} transactions, ${target.i.toLocaleString()} invoices, ${target.p.toLocaleString()} payments)`);
  await measure("income page 1 (`transactions?type=IN`)", "transactions?type=IN");
  await measure("expenses, approved, cost centre, page 40", `transactions?type=OUT&approved=true&cost_centre=${centre.id}&page=40`);
  await measure("income week view", `transactions?type=IN&view=week&start_date=2024-06-03`);
  await measure("figures, one month (`transactions/figures`)", "transactions/figures?start=2024-06-01&end=2024-06-30");
  await measure("invoices hire, all (`invoices?activeView=hire`)", "invoices?activeView=hire");
  await measure("invoices approved, department, page 100", `invoices?activeView=sales&view=approved&department=${dept.id}&page=100`);
  await measure("invoices of a customer", `invoices?customer=${customers[3]}`);
  await measure("invoices search by number, 50 matches", "invoices?search=BN00000");
  await measure("invoices search one number", "invoices?search=BN0001234");
  // the last page of the longest lists: a deep page costs what page 1 does
  const lastPage = async (path: string) => Math.max(1, Math.ceil(((await api.get(path)) as { count: number }).count / 25));
  await measure("income, last page", `transactions?type=IN&page=${await lastPage("transactions?type=IN")}`);
  await measure("invoices hire, all, last page", `invoices?activeView=hire&page=${await lastPage("invoices?activeView=hire")}`);
  await measure("credit notes page 1", "credit");
  await measure("payments unpaid (`payments`)", "payments");
  await measure("payments paid, page 50", "payments?view=paid&page=50");
  await measure("payments paid, last page", `payments?view=paid&page=${await lastPage("payments?view=paid")}`);
  await measure("contact balance (`contacts/{id}`)", `contacts/${customers[5]}`);
  await measure("account balances page 1 (`accountbalance`)", "accountbalance");
}
await dynamo.stop();
await new Promise((done) => process.stdout.write("", () => done(null)));
process.exit(0);
