import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { startFakeXero, type FakeXero } from "../support/fake-xero.js";
import { resetXeroClient } from "../../core/accounts/xero-client.js";
import { XeroPush, pushOf } from "../../core/accounts/xero-push.js";
import { runSync } from "../../core/accounts/xero-sync.js";
import "../../core/accounts/xero-documents.js";
import { fleetReference, ok } from "./fleet-support.js";

/**
 * Issue 22 finding 14: an approved invoice or credit note of a department
 * without a Xero mapping used to reach no queue, silently. Now it is held
 * back: the approval answers a warning, the Xero page lists it with the
 * reason (GET xero/pushes?status=HELD), and saving the department's mapping
 * queues it (its `held#<department>` list, a Query), after which the sync
 * sends it.
 */

let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;
let fake: FakeXero;
const x: Record<string, { id: number; last_saved: string }> = {};
const KEYS = ["XERO_CLIENT_ID", "XERO_CLIENT_SECRET", "XERO_API_URL", "XERO_TOKEN_URL"];
const connect = (on: boolean) => {
  for (const k of KEYS) delete process.env[k];
  if (on) Object.assign(process.env, fake.env());
};

beforeAll(async () => {
  fake = await startFakeXero();
  connect(false);
  api = client(await signIn("accounts@vanco.co.uk", "Ana"));
  ref = await fleetReference(api);
  x.sales = await ok(api.post("nominal", { name: "Sales", code: "200", tax_type: "OUTPUT2" }));
  x.dept = await ok(api.post("createdepartment", { name: "BODYSHOP" }));
});
afterAll(async () => {
  connect(false);
  await fake.close();
});

const approveInvoice = async () => {
  const inv = await ok(api.post("invoices", { customer: ref.acme.id, department: x.dept.id, amount: 100, no_vat_amount: 0, vat_nominal_code: x.sales.id, invoice_date: "2030-03-10", description: "Hire" }));
  const r = (await ok(api.put("invoiceready", [{ id: inv.id, last_saved: inv.last_saved }]))).results[0];
  return { inv, res: await api.put("invoiceapprove", [{ id: r.id, last_saved: r.last_saved }]) };
};

describe("documents of an unmapped department are held back, said so, and queued once it is mapped (issue 22 finding 14)", () => {
  it("the approval answers a warning; the item is HELD with its reason, listed on the Xero page and never sent", async () => {
    const { inv, res } = await approveInvoice();
    expect(res.status).toBe(200);
    expect(res.body.warning).toBe("Not sent to Xero: department BODYSHOP has no Xero mapping (Settings > Departments). It is sent once the department is mapped.");
    const held = await pushOf("salesinvoice", "invoice", inv.id);
    expect(held).toMatchObject({ status: "HELD", held_department: x.dept.id, held_reason: res.body.warning });
    x.inv = inv;

    let c = await ok(api.post("credit", { invoice: inv.id, amount: 10, description: "Damaged panel", date_issued: "2030-03-20", vat_nominal_code: x.sales.id }));
    c = (await ok(api.put("creditready", [{ id: c.id, last_saved: c.last_saved }]))).results[0];
    const credited = await api.put("creditapprove", [{ id: c.id, last_saved: c.last_saved }]);
    expect(credited.status).toBe(200);
    expect(credited.body.warning).toMatch(/^Not sent to Xero: department BODYSHOP has no Xero mapping/);
    expect(await pushOf("salescreditnote", "credit", c.id)).toMatchObject({ status: "HELD" });
    x.credit = c;

    // The Xero page's Held back tab and its count.
    const list = await ok(api.get("xero/pushes?status=HELD"));
    expect((list.results as Array<{ source_type: string; held_reason: string | null }>).map((r) => [r.source_type, r.held_reason])).toEqual(
      expect.arrayContaining([
        ["invoice", res.body.warning],
        ["credit", credited.body.warning],
      ]),
    );
    // The invoice, the credit note and its allocation to the invoice.
    expect((await ok(api.get("xero/status"))).held).toBe(3);

    // A sync sends nothing held, even with Xero connected.
    connect(true);
    resetXeroClient();
    await runSync();
    expect(fake.apiRequests().filter((r) => r.path.includes("Invoices") || r.path.includes("CreditNotes"))).toEqual([]);
    expect(await pushOf("salesinvoice", "invoice", inv.id)).toMatchObject({ status: "HELD" });
    connect(false);
  });

  it("a mapped department's approval answers no warning", async () => {
    const mapped = await ok(api.post("createdepartment", { name: "MAPPED", xero_tracking_category: "Department", xero_tracking_option: "Hire" }));
    const inv = await ok(api.post("invoices", { customer: ref.acme.id, department: mapped.id, amount: 50, no_vat_amount: 0, vat_nominal_code: x.sales.id, invoice_date: "2030-03-10" }));
    const r = (await ok(api.put("invoiceready", [{ id: inv.id, last_saved: inv.last_saved }]))).results[0];
    const res = await ok(api.put("invoiceapprove", [{ id: r.id, last_saved: r.last_saved }]));
    expect(res.warning).toBeUndefined();
  });

  it("saving the department's mapping queues what was held back for it; the sync then sends it", async () => {
    const dept = await ok(api.get(`departments/${x.dept.id}`));
    await ok(api.put(`departments/${x.dept.id}`, { ...dept, xero_tracking_category: "Department", xero_tracking_option: "Bodyshop" }));
    expect(await pushOf("salesinvoice", "invoice", x.inv.id)).toMatchObject({ status: "PENDING", held_reason: null });
    expect(await pushOf("salescreditnote", "credit", x.credit.id)).toMatchObject({ status: "PENDING" });
    expect(await XeroPush.idsIn(`held#${x.dept.id}`)).toEqual([]);
    expect((await ok(api.get("xero/status"))).held).toBe(0);

    connect(true);
    resetXeroClient();
    const run = await runSync();
    expect(run.failed, JSON.stringify(run.errors)).toBe(0);
    expect(await pushOf("salesinvoice", "invoice", x.inv.id)).toMatchObject({ status: "SENT" });
    expect(await pushOf("salescreditnote", "credit", x.credit.id)).toMatchObject({ status: "SENT" });
    expect(fake.schemaProblems()).toEqual([]);
    connect(false);
  });
});
