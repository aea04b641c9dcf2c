import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { startFakeXero, type FakeXero } from "../support/fake-xero.js";
import { resetXeroClient } from "../../core/accounts/xero-client.js";
import { pushOf } from "../../core/accounts/xero-push.js";
import { runSync } from "../../core/accounts/xero-sync.js";
import "../../core/accounts/xero-documents.js";
import { money, sum } from "../../core/platform/money.js";
import { addDays } from "../../core/platform/dates.js";
import { ok } from "./fleet-support.js";
import { item, jobBody, newVan, part, workshopReference, type WorkshopRef } from "./workshop-support.js";

/**
 * Issue 22 "Done when", the Xero part: against the fake Xero (which checks
 * every body against xero-node's models), a job with labour and parts
 * approved in Workshop Invoicing and a credited invoice produce Xero
 * documents whose totals and allocation match the product's figures to the
 * penny. (Payments: tests/api/xero-payments.test.ts.)
 */

let api: ReturnType<typeof client>;
let ref: WorkshopRef;
let fake: FakeXero;
type Saved = { id: number; last_saved: string };
type WorkRow = Saved & { customer_labour_cost: number; customer_invoice_number: string; parts: Array<{ id: number; customer_cost: number }> };
/** A document as the fake Xero stores it (Xero's wire names). */
type XeroDoc = { InvoiceID: string; CreditNoteID: string; LineItems: Array<{ Quantity: number; UnitAmount: number }>; DueDate?: string; Allocations?: unknown[]; AmountCredited?: number };
const x: Record<string, Saved> = {};
const KEYS = ["XERO_CLIENT_ID", "XERO_CLIENT_SECRET", "XERO_API_URL", "XERO_TOKEN_URL"];
const connect = (on: boolean) => {
  for (const k of KEYS) delete process.env[k];
  if (on) Object.assign(process.env, fake.env());
};
/** A document's net total as Xero adds its lines (Exclusive amounts), in pounds through money.ts. */
const netOf = (doc: { LineItems: Array<{ Quantity: number; UnitAmount: number }> }) => sum(...doc.LineItems.map((l) => money(l.UnitAmount).times(l.Quantity))).toFixed(2);

beforeAll(async () => {
  fake = await startFakeXero();
  connect(false);
  api = client(await signIn("accounts@vanco.co.uk", "Alex"));
  ref = await workshopReference(api);
  x.sales = await ok(api.post("nominal", { code: "W201", name: "Sales - Workshop", type: "REVENUE", tax_type: "OUTPUT2" }));
  x.dept = await ok(api.post("createdepartment", { name: "WORKSHOP MONEY", xero_tracking_category: "Department", xero_tracking_option: "Workshop" }));
});
afterAll(async () => {
  connect(false);
  await fake.close();
});

const sendable = (rows: WorkRow[], extra: (r: WorkRow) => Record<string, unknown> = () => ({})) => rows.map((r) => ({ id: r.id, last_saved: r.last_saved, ...extra(r) }));
const itemsOf = async (jobId: number): Promise<WorkRow[]> => (await ok(api.get(`work?job=${jobId}`))).results;
const docIn = (collection: "Invoices" | "CreditNotes", id: string | null | undefined) => fake.store[collection].get(String(id)) as unknown as XeroDoc;

describe("Xero's documents carry the product's money to the penny (issue 22 finding 10)", () => {
  it("a job with labour and parts: the workshop customer invoice (WO) in Xero totals what the product bills, due by the customer's terms", async () => {
    const van = await newVan(api, ref);
    const job = await ok(
      api.post("createjob", jobBody(ref, van.id, { department: x.dept.id, work_items: [item(ref, { parts: [part(ref, { cost: 72.91 }), part(ref, { name: "Disc", part_number: "D-2", cost: 10.005 })] }), item(ref, { description: "Wipers", labour_hours: 1.5 })] })),
    );
    let j = await ok(api.put(`jobs/returned/${job.id}`, { status: "RETURNED_FROM_WORKSHOP", last_saved: job.last_saved }));
    j = await ok(api.put(`jobs/returned/${job.id}`, { status: "READY_FOR_COLLECTION", last_saved: j.last_saved }));
    await ok(api.post(`jobs/approve/${job.id}`, { last_saved: j.last_saved, mileage: 5000 }));
    await ok(api.put("work/readytoapprove", sendable(await itemsOf(job.id))));
    const rows = await itemsOf(job.id);
    const approved = await ok(api.put("work/approve", sendable(rows, (r) => ({ invoice_approved: true, customer_nominal_code: x.sales.id, parts: r.parts.map((p) => ({ id: p.id, customer_nominal_code: x.sales.id })) }))));
    expect(approved.warning).toBeUndefined();

    // The product's figure: each item's customer labour charge and its parts' customer charges.
    const product = sum(...rows.flatMap((r) => [r.customer_labour_cost, ...r.parts.map((p) => p.customer_cost)])).toFixed(2);
    const labourOnly = sum(...rows.map((r) => r.customer_labour_cost)).toFixed(2);
    expect(product).not.toBe(labourOnly);

    connect(true);
    resetXeroClient();
    const run = await runSync();
    expect(run.failed, JSON.stringify(run.errors)).toBe(0);
    const sent = await pushOf("salesinvoice", "workinvoice", job.id);
    expect(sent).toMatchObject({ status: "SENT" });
    const wo = docIn("Invoices", sent?.xero_id);
    expect(wo).toMatchObject({ Type: "ACCREC", Status: "DRAFT", InvoiceNumber: rows[0].customer_invoice_number });
    expect(netOf(wo)).toBe(product);
    expect(wo.LineItems).toHaveLength(4);
    const terms = Number((await ok(api.get(`contacts/${ref.acme.id}`))).payment_term_days ?? 0);
    expect(wo.DueDate).toBe(addDays("2030-03-02", terms));
    expect(fake.schemaProblems()).toEqual([]);
    connect(false);
  });

  it("a credited invoice: the invoice and the credit note in Xero total the product's figures", async () => {
    const inv = await ok(api.post("invoices", { customer: ref.acme.id, department: x.dept.id, amount: 100.1, no_vat_amount: 20.2, vat_nominal_code: x.sales.id, no_vat_nominal_code: x.sales.id, invoice_date: "2030-03-10", description: "Hire" }));
    const ready = (await ok(api.put("invoiceready", [{ id: inv.id, last_saved: inv.last_saved }]))).results[0];
    const approved = (await ok(api.put("invoiceapprove", [{ id: ready.id, last_saved: ready.last_saved }]))).results[0];
    let c = await ok(api.post("credit", { invoice: inv.id, amount: 33.33, description: "Damaged panel", date_issued: "2030-03-20", vat_nominal_code: x.sales.id }));
    c = (await ok(api.put("creditready", [{ id: c.id, last_saved: c.last_saved }]))).results[0];
    await ok(api.put("creditapprove", [{ id: c.id, last_saved: c.last_saved }]));

    connect(true);
    resetXeroClient();
    const run = await runSync();
    expect(run.failed, JSON.stringify(run.errors)).toBe(0);
    const invoice = docIn("Invoices", (await pushOf("salesinvoice", "invoice", inv.id))?.xero_id);
    const note = docIn("CreditNotes", (await pushOf("salescreditnote", "credit", c.id))?.xero_id);
    expect(netOf(invoice)).toBe(sum(approved.amount, approved.no_vat_amount).toFixed(2));
    expect(netOf(note)).toBe(sum(c.amount, c.no_vat_amount).abs().toFixed(2));

    // The allocation waits while the documents are drafts in Xero (Xero allocates only approved ones; 003 sends DRAFT).
    const waiting = await pushOf("allocation", "allocation", c.id);
    expect(waiting).toMatchObject({ status: "PENDING", retry_at: expect.any(String), last_error: expect.stringMatching(/^Waiting for the credit note to be approved in Xero/) });
    // Not due again before its wait is over: a run now does not read it again.
    const calls = fake.apiRequests().length;
    await runSync();
    expect(fake.apiRequests().length).toBe(calls);
    // Staff approve both in Xero; the allocation is sent (Retry here; the scheduled sync an hour later does the same).
    fake.authorise("Invoices", invoice.InvoiceID);
    fake.authorise("CreditNotes", note.CreditNoteID);
    const retried = await api.post(`xero/pushes/${waiting!.id}/retry`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    // The credit note is allocated to its invoice for the product's credited amount (with VAT), to the penny.
    const credited = (await ok(api.get(`invoices/${inv.id}`))).credited;
    expect(note.Allocations).toEqual([expect.objectContaining({ Invoice: { InvoiceID: invoice.InvoiceID }, Amount: credited, Date: "2030-03-20" })]);
    expect(invoice.AmountCredited).toBe(credited);
    expect(fake.schemaProblems()).toEqual([]);
    connect(false);
  });
});
