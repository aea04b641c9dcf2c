import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { company, ok } from "./fleet-support.js";
import { item, jobBody, newVan, part, workshopReference, type WorkshopRef } from "./workshop-support.js";

/**
 * Customer balances as a clerk sees them (issue 22 findings 12 and 13),
 * through the real app against DynamoDB Local: an invoiced job's parts
 * count in the customer's balance; a payment counts in the credit usage of
 * the invoice it pays; the Contacts report shows the true balance and the
 * main credit limit.
 */

let api: ReturnType<typeof client>;
let ref: WorkshopRef;
let sales: { id: number };

beforeAll(async () => {
  api = client(await signIn("accounts@vanco.co.uk", "Alex"));
  ref = await workshopReference(api);
  // A payment's default cost centre is id 4 (the demo data's Vehicles), which must exist.
  for (const name of ["Workshop", "Rentals", "Part Orders", "Vehicles"]) await api.post("costcentre", { name });
  sales = await ok(api.post("nominal", { code: "B201", name: "Sales - Balances", type: "REVENUE", tax_type: "OUTPUT2" }));
});

const contactOf = (id: number) => ok(api.get(`contacts/${id}`));
/** A work item row of GET work?job= as the modal sends it back. */
type WorkRow = { id: number; last_saved: string; parts: Array<{ id: number }> };
const pence = (v: number) => Math.round(v * 100);

/** Through Returned, Ready For Collection and approval (002 §5). */
async function approveJob(job: { id: number; last_saved: string }) {
  let j = await ok(api.put(`jobs/returned/${job.id}`, { status: "RETURNED_FROM_WORKSHOP", last_saved: job.last_saved }));
  j = await ok(api.put(`jobs/returned/${job.id}`, { status: "READY_FOR_COLLECTION", last_saved: j.last_saved }));
  return ok(api.post(`jobs/approve/${job.id}`, { last_saved: j.last_saved, mileage: 5000 }));
}

/** A sale invoice of `department` for `customer`, readied and approved. */
async function approvedInvoice(customer: number, department: number, amount: number) {
  const made = await ok(api.post("invoices", { customer, department, amount, no_vat_amount: 0, vat_nominal_code: sales.id, invoice_date: "2030-03-10", description: "Balance test" }));
  const ready = (await ok(api.put("invoiceready", [{ id: made.id, last_saved: made.last_saved }]))).results[0];
  return (await ok(api.put("invoiceapprove", [{ id: ready.id, last_saved: ready.last_saved }]))).results[0];
}

describe("finding 12: a customer's balance after Workshop Invoicing", () => {
  it("rises by the labour and the parts, VAT included (£2,250.28), not by the labour alone (£327.16)", async () => {
    const customer = await ok(api.post("contacts", { ...company("Balance Parts Ltd", "CC"), labour_rate_markup: 0, parts_markup: 0 }));
    const van = await newVan(api, ref);
    const labour = (charge: number, parts: Array<Record<string, unknown>>) =>
      item(ref, { labour_hours: null, labour_cost: charge, customer_labour_cost: charge, cost_override: true, parts: parts.map((p) => part(ref, { cost: p.customer_cost, cost_override: true, ...p })) });
    const job = await ok(
      api.post(
        "createjob",
        jobBody(ref, van.id, {
          customer: customer.id,
          work_items: [labour(152.63, [{ name: "Gearbox", customer_cost: 1500.6 }]), labour(120, [{ name: "Clutch kit", customer_cost: 102 }])],
        }),
      ),
    );
    await approveJob(job);
    const before = (await contactOf(customer.id)).outstanding_balance as number;

    let rows = (await ok(api.get(`work?job=${job.id}`))).results;
    await ok(api.put("work/readytoapprove", (rows as WorkRow[]).map((r) => ({ id: r.id, last_saved: r.last_saved }))));
    rows = (await ok(api.get(`work?job=${job.id}`))).results;
    const approved = await ok(
      api.put(
        "work/approve",
        (rows as WorkRow[]).map((r) => ({ id: r.id, last_saved: r.last_saved, invoice_approved: true, customer_nominal_code: sales.id, parts: r.parts.map((p) => ({ id: p.id, customer_nominal_code: sales.id })) })),
      ),
    );
    expect(approved.results[0].customer_invoice_number).toMatch(/^WO\d{5}$/);
    // (152.63 + 120.00) x 1.2 = 327.16 labour; (1,500.60 + 102.00) x 1.2 = 1,923.12 parts.
    expect(pence((await contactOf(customer.id)).outstanding_balance) - pence(before)).toBe(225028);
    const listed = (await ok(api.get("accountbalance?search=balance parts&page_size=25"))).results.find((c: { id: number }) => c.id === customer.id);
    expect(pence(listed.outstanding_balance) - pence(before)).toBe(225028);

    // A credit on an invoiced item may reach what the WO billed for it: labour and its parts (152.63 + 1,500.60 net), not more.
    const first = approved.results.find((r: { customer_labour_cost: number }) => r.customer_labour_cost === 152.63) ?? approved.results[0];
    const tooMuch = await api.post("credit", { work_item: first.id, amount: 1653.24, no_vat_amount: 0, description: "Too much" });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toMatch(/^The credit is more than is left to credit \(£1,?653\.23\)$/);
    expect((await api.post("credit", { work_item: first.id, amount: 1653.23, no_vat_amount: 0, description: "Labour and parts" })).status).toBe(201);
  });
});

describe("finding 12: credit usage (003 §3: what the customer owes in each trading area)", () => {
  it("a Rapid Fit payment against a Parts Direct invoice leaves the Rapid Fit credit usage alone; one against a Rapid Fit invoice lowers it", async () => {
    const rapidFit = await ok(api.post("createdepartment", { name: "RAPID FIT" }));
    const partsDirect = await ok(api.post("createdepartment", { name: "PARTS DIRECT" }));
    const customer = await ok(api.post("contacts", company("Usage Motors", "CC")));
    const partsInvoice = await approvedInvoice(customer.id, partsDirect.id, 1042.08); // total 1,250.50
    expect(partsInvoice.total).toBe(1250.5);
    await ok(api.post("payments", { contact: customer.id, department: rapidFit.id, invoice_number: partsInvoice.invoice_number, amount: 1250.5, payment_date: "2030-03-20", date_paid: "2030-03-20" }));
    let c = await contactOf(customer.id);
    expect(c.rapid_fit_credit_usage).toBe(0);
    expect(c.outstanding_balance).toBe(0);

    const rfInvoice = await approvedInvoice(customer.id, rapidFit.id, 1000); // total 1,200
    expect((await contactOf(customer.id)).rapid_fit_credit_usage).toBe(1200);
    // Named in lower case, from another department: still the Rapid Fit invoice's payment.
    const paid = await ok(api.post("payments", { contact: customer.id, department: partsDirect.id, invoice_number: rfInvoice.invoice_number.toLowerCase(), amount: 200, payment_date: "2030-03-21", date_paid: "2030-03-21" }));
    c = await contactOf(customer.id);
    expect(c.rapid_fit_credit_usage).toBe(1000);
    expect(c.outstanding_balance).toBe(1000);
    // Naming another invoice moves the usage with it (that invoice is already paid: a labelled overpayment, docs/accounts.md "Money invariants").
    await ok(api.put(`payment/${paid.id}`, { invoice_number: partsInvoice.invoice_number, overpayment: true, last_saved: paid.last_saved }));
    expect((await contactOf(customer.id)).rapid_fit_credit_usage).toBe(1200);
  });
});

describe("finding 13: the Contacts report", () => {
  it("shows each customer's true outstanding balance and the main credit limit", async () => {
    const customer = await ok(api.post("contacts", { ...company("Report Balance Ltd", "CC"), opening_balance: 100, credit_limit: 5000 }));
    await approvedInvoice(customer.id, ref.hire.id, 100); // total 120
    expect((await contactOf(customer.id)).outstanding_balance).toBe(220);
    const res = await api.get("report/contactreport");
    expect(res.status).toBe(200);
    const parsed = Papa.parse<string[]>(String(res.body).replace(/^\uFEFF/, "").trim(), { skipEmptyLines: true });
    const [header, ...rows] = parsed.data;
    const row = Object.fromEntries(header.map((h, i) => [h, rows.find((r) => r[1] === "Report Balance Ltd")![i]]));
    expect(row).toMatchObject({ "Outstanding Balance": "220.00", "Credit Limit": "5000.00" });
  });
});
