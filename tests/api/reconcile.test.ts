import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { company, ok } from "./fleet-support.js";
import { item, jobBody, newVan, part, workshopReference, type WorkshopRef } from "./workshop-support.js";
import { Invoice } from "../../core/accounts/invoice.js";
import { xeroTotals, type Difference } from "../../core/accounts/reconcile.js";
import { LineItem } from "../../core/platform/lines.js";
import { NominalCode } from "../../core/settings/index.js";
import { handler } from "../../functions/cron/reconcile.js";

/**
 * The reconciliation check (issue 22; docs/accounts.md "Reconciliation"):
 * on a correct book it finds nothing; figures written wrong straight into
 * the table are each named, by `GET xero/reconcile` and by the job
 * (`npm run job -- reconcile`'s handler, not ok when any is found).
 */

let api: ReturnType<typeof client>;
let ref: WorkshopRef;
type Saved = { id: number; last_saved: string; invoice_number: string };
type WorkRow = { id: number; last_saved: string; parts: Array<{ id: number }> };
type Invoiced = { job: Saved; rows: WorkRow[] };
type Order = { id: number; parts: Array<{ id: number }> };
const x = {} as { sales: Saved; other: Saved; mapped: Saved; customer: Saved; a: Saved; b: Saved; c: Saved; withParts: Invoiced; mappedJob: Invoiced; order: Order; orderInvoice: Saved };

beforeAll(async () => {
  api = client(await signIn("accounts@vanco.co.uk", "Alex"));
  ref = await workshopReference(api);
  for (const name of ["Workshop", "Rentals", "Part Orders", "Vehicles"]) await api.post("costcentre", { name });
  x.sales = await ok(api.post("nominal", { code: "R201", name: "Sales - Reconcile", type: "REVENUE", tax_type: "OUTPUT2" }));
  x.other = await ok(api.post("nominal", { code: "R202", name: "Sales - Other", type: "REVENUE", tax_type: "OUTPUT2" }));
  // Mapped to Xero: its invoices, credit notes and work invoices are queued in the outbox.
  x.mapped = await ok(api.post("createdepartment", { name: "RECONCILE MAPPED", xero_tracking_category: "Department", xero_tracking_option: "Reconcile" }));
  x.customer = await ok(api.post("contacts", { ...company("Reconcile Motors", "CC"), labour_rate_markup: 0, parts_markup: 0 }));
});

async function approvedInvoice(amount: number, nominal = x.sales.id) {
  const made = await ok(api.post("invoices", { customer: x.customer.id, department: x.mapped.id, amount, no_vat_amount: 0, vat_nominal_code: nominal, invoice_date: "2030-03-10", description: "Reconcile" }));
  const ready = (await ok(api.put("invoiceready", [{ id: made.id, last_saved: made.last_saved }]))).results[0];
  return (await ok(api.put("invoiceapprove", [{ id: ready.id, last_saved: ready.last_saved }]))).results[0];
}

async function approveJob(job: { id: number; last_saved: string }) {
  let j = await ok(api.put(`jobs/returned/${job.id}`, { status: "RETURNED_FROM_WORKSHOP", last_saved: job.last_saved }));
  j = await ok(api.put(`jobs/returned/${job.id}`, { status: "READY_FOR_COLLECTION", last_saved: j.last_saved }));
  return ok(api.post(`jobs/approve/${job.id}`, { last_saved: j.last_saved, mileage: 5000 }));
}

/** A job invoiced through Workshop Invoicing (ready, then approve). */
async function invoicedJob(department: number, parts: Array<Record<string, unknown>>) {
  const van = await newVan(api, ref);
  const job = await ok(
    api.post(
      "createjob",
      jobBody(ref, van.id, {
        customer: x.customer.id,
        department,
        work_items: [item(ref, { labour_hours: null, labour_cost: 80, customer_labour_cost: 100, cost_override: true, parts: parts.map((p) => part(ref, { cost_override: true, ...p })) })],
      }),
    ),
  );
  await approveJob(job);
  let rows = (await ok(api.get(`work?job=${job.id}`))).results;
  await ok(api.put("work/readytoapprove", (rows as WorkRow[]).map((r) => ({ id: r.id, last_saved: r.last_saved }))));
  rows = (await ok(api.get(`work?job=${job.id}`))).results as WorkRow[];
  await ok(api.put("work/approve", (rows as WorkRow[]).map((r) => ({ id: r.id, last_saved: r.last_saved, invoice_approved: true, customer_nominal_code: x.sales.id, parts: r.parts.map((p) => ({ id: p.id, customer_nominal_code: x.sales.id })) }))));
  return { job: job as Saved, rows: rows as WorkRow[] };
}

const run = async () => (await ok(api.get("xero/reconcile"))) as { checked: Record<string, number>; differences: Difference[] };

describe("reconcile: a correct book", () => {
  it("reports zero differences over invoices, approved credits, PAID payments, invoiced work items and the Xero outbox", async () => {
    x.a = await approvedInvoice(100);
    const credit = await ok(api.post("credit", { invoice: x.a.id, amount: 10, description: "Goodwill", date_issued: "2030-03-12", vat_nominal_code: x.sales.id }));
    const readyCredit = (await ok(api.put("creditready", [{ id: credit.id, last_saved: credit.last_saved }]))).results[0];
    await ok(api.put("creditapprove", [{ id: readyCredit.id, last_saved: readyCredit.last_saved }]));
    await ok(api.post("payments", { contact: x.customer.id, department: x.mapped.id, invoice_number: x.a.invoice_number, amount: 50, payment_date: "2030-03-20", date_paid: "2030-03-20" }));
    x.b = await approvedInvoice(40);
    x.c = await approvedInvoice(60, x.other.id);
    // Parts on a job of an unmapped department (no Xero item); labour only on a mapped one (its WO is queued).
    x.withParts = await invoicedJob(ref.hire.id, [{ name: "Gearbox", cost: 1000, customer_cost: 1500.6 }]);
    x.mappedJob = await invoicedJob(x.mapped.id, []);

    // A completed part order raises its invoice (src ORDER) for its parts' customer charge.
    const order = await ok(api.post("createpartorder", { customer: x.customer.id, customer_vehicle: "RC12 ONE", parts: [{ name: "Oil filter", part_number: "OF-1", supplier: ref.partsCo.id, cost: 10, customer_cost: 14.5, cost_override: true, supplier_tracking_option: ref.north.id, customer_tracking_option: ref.south.id }] }));
    x.order = (await ok(api.post("partorderapprove", { ...order, tracking_option: ref.north.id }))) as Order;
    x.orderInvoice = (await ok(api.get(`invoices?activeView=order&customer=${x.customer.id}`))).results[0] as Saved;
    expect(x.orderInvoice).toMatchObject({ part_order: x.order.id, amount: 14.5 });

    const { checked, differences } = await run();
    expect(differences).toEqual([]);
    expect(checked).toMatchObject({ invoices: 4, credits: 1, payments: 1, work_items: 2 });
    // The outbox's documents: 3 invoices, the credit note, the mapped job's WO, the unmapped job's WO (held back, issue 22 finding 14)
    // and the PAID payment of invoice a (pushed against it, issue 22; held until the Xero payments account is set).
    expect(checked.xero_items).toBe(7);
    expect((await handler()).ok).toBe(true);
  });
});

describe("reconcile: seeded differences, each named", () => {
  it("names a wrong credited, a wrong paid, a work item and a part order whose parts changed, and a Xero body that disagrees; the job is not ok", async () => {
    // Figures written wrong straight into the table, past every rule.
    await Invoice.entity.patch({ record_type: "invoice", id: x.a.id }).set({ credited: 999 }).go();
    await Invoice.entity.patch({ record_type: "invoice", id: x.b.id }).set({ paid: 77 }).go();
    const partId = x.withParts.rows[0].parts[0].id;
    const key = { parent: `job#${x.withParts.job.id}`, key: `l#parts#${String(partId).padStart(12, "0")}` };
    const stored = (await LineItem.get(key).go()).data as { fields: Record<string, unknown> };
    await LineItem.patch(key).set({ fields: { ...stored.fields, customer_cost: 1400 } }).go();
    await NominalCode.entity.patch({ record_type: "nominal", id: x.other.id }).set({ tax_type: "EXEMPTOUTPUT" }).go();
    const orderPart = { parent: `partorder#${x.order.id}`, key: `l#parts#${String(x.order.parts[0].id).padStart(12, "0")}` };
    const orderLine = (await LineItem.get(orderPart).go()).data as { fields: Record<string, unknown> };
    await LineItem.patch(orderPart).set({ fields: { ...orderLine.fields, customer_cost: 8888 } }).go();

    const { differences } = await run();
    const named = differences.map((d) => `${d.check} ${d.document} ${d.id}`).sort();
    expect(named).toEqual(
      [`credited invoice ${x.a.id}`, `paid invoice ${x.b.id}`, `lines work_item ${x.withParts.rows[0].id}`, `lines invoice ${x.orderInvoice.id}`, `xero invoice ${x.c.id}`,
        // The unmapped job's held-back WO is built from its parts now: the part changed past every rule shows there too.
        `xero workinvoice ${x.withParts.job.id}`].sort(),
    );
    expect(differences.find((d) => d.check === "credited")).toMatchObject({ stored: 999, expected: 12, label: x.a.invoice_number });
    expect(differences.find((d) => d.check === "paid")).toMatchObject({ stored: 77, expected: 0 });
    expect(differences.find((d) => d.check === "lines" && d.document === "work_item")).toMatchObject({ stored: 1800.72, expected: 1680 });
    expect(differences.find((d) => d.check === "lines" && d.document === "invoice")).toMatchObject({ stored: 14.5, expected: 8888 });
    expect(differences.find((d) => d.check === "xero" && d.document === "invoice")).toMatchObject({ stored: 60, expected: 72 });
    for (const d of differences) expect(d.message).toContain(d.label);

    const job = await handler();
    expect(job.ok).toBe(false);
    expect(job.differences).toHaveLength(6);
  });
});

describe("xeroTotals", () => {
  it("adds each line's tax at its tax type's rate, rounded per line; reads a wrapped list or a line amount", () => {
    const body = { lineItems: [{ quantity: 1, unitAmount: 100.05, taxType: "OUTPUT2" }, { quantity: 2, unitAmount: 10, taxType: "NONE" }, { lineAmount: 10, taxType: "RROUTPUT" }] };
    expect(xeroTotals(body)).toEqual({ net: 130.05, total: 150.56 });
    expect(xeroTotals({ invoices: [body] })).toEqual({ net: 130.05, total: 150.56 });
    expect(xeroTotals({})).toBeNull();
  });
});
