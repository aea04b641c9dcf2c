import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { startFakeXero, type FakeXero } from "../support/fake-xero.js";
import { resetXeroClient } from "../../core/accounts/xero-client.js";
import { XeroPush, pushOf } from "../../core/accounts/xero-push.js";
import { runSync } from "../../core/accounts/xero-sync.js";
import { reconcile } from "../../core/accounts/reconcile.js";
import "../../core/accounts/xero-documents.js";
import "../../core/accounts/xero-payments.js";
import { XERO_PAYMENTS_ACCOUNT_MESSAGES } from "../../core/settings/xero-rules.js";
import { fleetReference, ok } from "./fleet-support.js";

/**
 * Issue 22, "payments pushed against their invoices" (docs/xero.md
 * "Payments"): a PAID payment naming one of our invoices queues a `payment`
 * push in its own transaction; held (with the reason on the Xero page's
 * Held back tab) until the Xero payments account default is set, queued
 * when it is; sent (PUT /Payments) once the invoice is AUTHORISED in Xero;
 * a changed or deleted payment is deleted in Xero (POST /Payments/{id}
 * Status DELETED) and the new one sent. The fake Xero checks every body
 * against xero-node's models, enforces the AUTHORISED rule and keeps the
 * invoice's AmountPaid / AmountDue, compared with the product's
 * outstanding to the penny.
 */

let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;
let fake: FakeXero;
type Saved = { id: number; last_saved: string };
type XeroPayment = { PaymentID: string; Amount: number; Date: string; Status: string; Invoice: { InvoiceID: string }; Account: { AccountID: string; Code: string } };
type XeroInvoice = { InvoiceID: string; Status: string; Total: number; AmountDue: number; AmountPaid: number };
const x: Record<string, Saved & Record<string, unknown>> = {};
const KEYS = ["XERO_CLIENT_ID", "XERO_CLIENT_SECRET", "XERO_API_URL", "XERO_TOKEN_URL"];
const connect = (on: boolean) => {
  for (const k of KEYS) delete process.env[k];
  if (on) Object.assign(process.env, fake.env());
};
/** A run as the scheduled sync would make it two hours on: what waits for staff in Xero is due again. */
const later = () => runSync({ clock: () => Date.now() + 2 * 3600_000 });
const payments = () => [...fake.store.Payments.values()] as unknown as XeroPayment[];
const xeroInvoice = (id: string | null | undefined) => fake.store.Invoices.get(String(id)) as unknown as XeroInvoice;
const outstanding = async (id: number) => Number((await ok(api.get(`invoices/${id}`))).outstanding).toFixed(2);

beforeAll(async () => {
  fake = await startFakeXero();
  connect(false);
  api = client(await signIn("accounts@vanco.co.uk", "Ana"));
  ref = await fleetReference(api);
  // A new payment's default cost centre is id 4 (000 §9).
  for (const name of ["Workshop", "Rentals", "Part Orders", "Vehicles", "Misc"]) await api.post("costcentre", { name });
  x.sales = await ok(api.post("nominal", { name: "Sales", code: "200", type: "REVENUE", tax_type: "OUTPUT2" }));
  x.zero = await ok(api.post("nominal", { name: "Sales - zero rated", code: "201", type: "REVENUE", tax_type: "ZERORATEDOUTPUT" }));
  x.bank = await ok(api.post("nominal", { name: "Business Current Account", code: "090", type: "BANK", tax_type: "NONE", bank_account_number: "12345678" }));
  x.dept = await ok(api.post("createdepartment", { name: "PAYMENTS DEPT", xero_tracking_category: "Department", xero_tracking_option: "Payments" }));
  const inv = await ok(api.post("invoices", { customer: ref.acme.id, department: x.dept.id, amount: 100.01, no_vat_amount: 19.99, vat_nominal_code: x.sales.id, no_vat_nominal_code: x.zero.id, invoice_date: "2030-03-10", description: "Hire" }));
  const r = (await ok(api.put("invoiceready", [{ id: inv.id, last_saved: inv.last_saved }]))).results[0];
  x.inv = (await ok(api.put("invoiceapprove", [{ id: r.id, last_saved: r.last_saved }]))).results[0];
});
afterAll(async () => {
  connect(false);
  await fake.close();
});

describe("payments pushed to Xero against their invoices (issue 22)", () => {
  it("held without a Xero payments account, with the reason on the Held back tab; a nominal code Xero cannot pay into is refused; queued when the default is set", async () => {
    const number = String(x.inv.invoice_number);
    x.pay = await ok(api.post("payments", { contact: ref.acme.id, invoice_number: number, amount: 50.5, payment_date: "2030-03-15", date_paid: "2030-03-15" }));
    const held = await pushOf("payment", "payment", x.pay.id);
    expect(held).toMatchObject({ status: "HELD", held_reason: XERO_PAYMENTS_ACCOUNT_MESSAGES.unset, held_for: "payments_account" });
    expect(held?.held_reason).toBe("No Xero payments account is set (Settings > Defaults)");
    const list = await ok(api.get("xero/pushes?status=HELD"));
    expect((list.results as Array<{ source_type: string; held_reason: string }>).filter((r) => r.source_type === "payment").map((r) => r.held_reason)).toEqual([XERO_PAYMENTS_ACCOUNT_MESSAGES.unset]);

    // An unpaid payment, or one naming another system's invoice, queues nothing.
    const unpaid = await ok(api.post("payments", { contact: ref.acme.id, invoice_number: number, amount: 1, payment_date: "2030-04-15" }));
    const elsewhere = await ok(api.post("payments", { contact: ref.acme.id, invoice_number: "SAGE-991", amount: 1, payment_date: "2030-04-15", date_paid: "2030-04-15" }));
    expect(await pushOf("payment", "payment", unpaid.id)).toBeNull();
    expect(await pushOf("payment", "payment", elsewhere.id)).toBeNull();

    // A nominal code that is neither BANK nor enabled for payments is refused, with the field named.
    const defaults = await ok(api.get("appdefaults"));
    const refused = await api.put("appdefaults", { xero_payments_account: x.sales.id, last_saved: defaults.last_saved });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: XERO_PAYMENTS_ACCOUNT_MESSAGES.notPayable, errors: { xero_payments_account: XERO_PAYMENTS_ACCOUNT_MESSAGES.notPayable } });
    expect((await pushOf("payment", "payment", x.pay.id))?.status).toBe("HELD");

    // Connected, a sync sends the invoice and the nominal codes but never the held payment.
    connect(true);
    resetXeroClient();
    const run = await runSync();
    expect(run.failed, JSON.stringify(run.errors)).toBe(0);
    expect(fake.apiRequests().filter((r) => r.path.includes("Payments"))).toEqual([]);

    // The default set: the held payment is queued (the held list's Query), and a later save of the defaults finds none left.
    const saved = await ok(api.put("appdefaults", { xero_payments_account: x.bank.id, last_saved: defaults.last_saved }));
    expect(saved.xero_payments_account).toBe(x.bank.id);
    expect(await pushOf("payment", "payment", x.pay.id)).toMatchObject({ status: "PENDING", held_reason: null, held_for: null });
    expect((await ok(api.get("xero/status"))).held).toBe(0);
  });

  it("waits (not failed) while the invoice is a draft in Xero; once authorised, Xero's payment names the invoice and amount, and its amount due equals the product's outstanding to the penny", async () => {
    await runSync();
    const invoicePush = await pushOf("salesinvoice", "invoice", x.inv.id);
    expect(invoicePush).toMatchObject({ status: "SENT" });
    const waiting = await pushOf("payment", "payment", x.pay.id);
    expect(waiting).toMatchObject({ status: "PENDING", attempts: 1 });
    expect(waiting?.last_error).toMatch(/to be approved in Xero/);
    expect(payments()).toEqual([]);

    // Staff approve the invoice in Xero; the next due run sends the payment.
    fake.authorise("Invoices", invoicePush!.xero_id!);
    const run = await later();
    expect(run.failed, JSON.stringify(run.errors)).toBe(0);
    const sent = await pushOf("payment", "payment", x.pay.id);
    expect(sent).toMatchObject({ status: "SENT" });
    expect(payments()).toHaveLength(1);
    const [p] = payments();
    const bankPush = await pushOf("nominal", "nominal", x.bank.id);
    expect(p).toMatchObject({ PaymentID: sent?.xero_id, Status: "AUTHORISED", Amount: 50.5, Date: "2030-03-15", Invoice: { InvoiceID: invoicePush?.xero_id }, Account: { AccountID: bankPush?.xero_id } });
    const doc = xeroInvoice(invoicePush?.xero_id);
    // 100.01 + VAT 20.00 + 19.99 = 140.00; paid 50.50 => 89.50 due in Xero and in the product.
    expect(doc.Total).toBe(140);
    expect(doc.AmountPaid).toBe(50.5);
    expect(doc.AmountDue.toFixed(2)).toBe(await outstanding(x.inv.id));
    expect(doc.AmountDue.toFixed(2)).toBe("89.50");

    // The rest paid: Xero's invoice is PAID with nothing due, as the product's outstanding.
    x.rest = await ok(api.post("payments", { contact: ref.acme.id, invoice_number: x.inv.invoice_number, amount: 89.5, payment_date: "2030-03-20", date_paid: "2030-03-20" }));
    await later();
    expect(await pushOf("payment", "payment", x.rest.id)).toMatchObject({ status: "SENT" });
    expect(xeroInvoice(invoicePush?.xero_id)).toMatchObject({ Status: "PAID", AmountDue: 0, AmountPaid: 140 });
    expect(await outstanding(x.inv.id)).toBe("0.00");
    expect(fake.schemaProblems()).toEqual([]);
  });

  it("a changed payment is deleted in Xero and sent again; a deleted payment is deleted in Xero; the reconcile check agrees", async () => {
    const invoiceId = (await pushOf("salesinvoice", "invoice", x.inv.id))!.xero_id!;
    const before = (await pushOf("payment", "payment", x.rest.id))!;
    const stored = await ok(api.get(`payment/${x.rest.id}`));
    await ok(api.put(`payment/${x.rest.id}`, { amount: 40.25, last_saved: stored.last_saved }));
    await later();
    const changed = (await pushOf("payment", "payment", x.rest.id))!;
    expect(changed).toMatchObject({ status: "SENT", version: before.version + 1 });
    expect(changed.xero_id).not.toBe(before.xero_id);
    // A comment alone changes nothing Xero holds: no new version.
    await ok(api.put(`payment/${x.rest.id}`, { comments: "Remittance 4471", last_saved: (await ok(api.get(`payment/${x.rest.id}`))).last_saved }));
    expect((await pushOf("payment", "payment", x.rest.id))?.version).toBe(changed.version);
    const byId = new Map(payments().map((p) => [p.PaymentID, p]));
    expect(byId.get(before.xero_id!)).toMatchObject({ Status: "DELETED", Amount: 89.5 });
    expect(byId.get(changed.xero_id!)).toMatchObject({ Status: "AUTHORISED", Amount: 40.25, Invoice: { InvoiceID: invoiceId } });
    expect(fake.apiRequests().filter((r) => r.method === "POST" && r.path.endsWith(`/Payments/${before.xero_id}`)).map((r) => r.body)).toEqual([{ Status: "DELETED" }]);
    expect(xeroInvoice(invoiceId).AmountDue.toFixed(2)).toBe(await outstanding(x.inv.id));
    expect(xeroInvoice(invoiceId)).toMatchObject({ Status: "AUTHORISED", AmountDue: 49.25 });

    // Deleted in the product: deleted in Xero, the item SENT with no Xero id (Xero holds none).
    const first = (await pushOf("payment", "payment", x.pay.id))!;
    await ok(api.del(`payment/${x.pay.id}`));
    await later();
    expect(await pushOf("payment", "payment", x.pay.id)).toMatchObject({ status: "SENT", xero_id: null, version: first.version + 1 });
    expect(payments().find((p) => p.PaymentID === first.xero_id)).toMatchObject({ Status: "DELETED" });
    expect(xeroInvoice(invoiceId).AmountDue.toFixed(2)).toBe(await outstanding(x.inv.id));
    expect(xeroInvoice(invoiceId).AmountDue).toBe(99.75);
    expect(fake.schemaProblems()).toEqual([]);

    // The reconcile check compares the pushed payments with the product's PAID payments: no difference.
    const result = await reconcile();
    expect(result.differences.filter((d) => d.document === "payment" || d.label.startsWith(String(x.inv.invoice_number)))).toEqual([]);
    // Seeded: Xero's payment lost (the item SENT with no Xero id) while the product's payment is PAID: named, with both amounts.
    await XeroPush.entity.patch({ record_type: "xeropush", id: changed.id }).set({ xero_id: null }).go();
    const seeded = (await reconcile()).differences.filter((d) => d.document === "payment");
    expect(seeded).toEqual([expect.objectContaining({ check: "xero", id: String(x.rest.id), stored: 0, expected: 40.25 })]);
    await XeroPush.entity.patch({ record_type: "xeropush", id: changed.id }).set({ xero_id: changed.xero_id }).go();
  });

  it("an overpayment sends only what the invoice has outstanding in Xero", async () => {
    const invoiceId = (await pushOf("salesinvoice", "invoice", x.inv.id))!.xero_id!;
    const over = await ok(api.post("payments", { contact: ref.acme.id, invoice_number: x.inv.invoice_number, amount: 120, overpayment: true, payment_date: "2030-03-25", date_paid: "2030-03-25" }));
    await later();
    const sent = await pushOf("payment", "payment", over.id);
    expect(sent).toMatchObject({ status: "SENT" });
    expect(payments().find((p) => p.PaymentID === sent?.xero_id)).toMatchObject({ Amount: 99.75 });
    expect(xeroInvoice(invoiceId)).toMatchObject({ Status: "PAID", AmountDue: 0 });
    expect(await outstanding(x.inv.id)).toBe("-20.25");
  });
});
