import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { startFakeXero, type FakeXero } from "../support/fake-xero.js";
import { resetXeroClient } from "../../core/accounts/xero-client.js";
import { pushOf } from "../../core/accounts/xero-push.js";
import { runSync } from "../../core/accounts/xero-sync.js";
import { ok } from "./fleet-support.js";
import { item, jobBody, newVan, part, workshopReference, type WorkshopRef } from "./workshop-support.js";

/**
 * The workshop's pushes (docs/xero.md): a work approval's purchase invoice
 * (PO side) and a supplier invoice's approved parts, written in the job's
 * unit and received by the fake Xero through the real client.
 */

let api: ReturnType<typeof client>;
let ref: WorkshopRef;
let fake: FakeXero;
const x: Record<string, any> = {};
const KEYS = ["XERO_CLIENT_ID", "XERO_CLIENT_SECRET", "XERO_API_URL", "XERO_TOKEN_URL"];
const connect = (on: boolean) => {
  for (const k of KEYS) delete process.env[k];
  if (on) Object.assign(process.env, fake.env());
};
const stored = (collection: string) => [...(fake.store as any)[collection].values()] as Array<Record<string, any>>;

beforeAll(async () => {
  fake = await startFakeXero();
  connect(false);
  api = client(await signIn("accounts@vanco.co.uk", "Alex"));
  ref = await workshopReference(api);
  x.purchases = await ok(api.post("nominal", { code: "W320", name: "Subcontracted Workshop", type: "DIRECTCOSTS", tax_type: "INPUT2" }));
  x.parts = await ok(api.post("nominal", { code: "W310", name: "Parts", type: "DIRECTCOSTS", tax_type: "INPUT2" }));
  x.mapped = await ok(api.post("createdepartment", { name: "WORKSHOP MAPPED", xero_tracking_category: "Department", xero_tracking_option: "Workshop" }));
});
afterAll(async () => {
  connect(false);
  await fake.close();
});

async function newJob(department: number) {
  const van = await newVan(api, ref);
  const job = await ok(api.post("createjob", jobBody(ref, van.id, { department, work_items: [item(ref, { parts: [part(ref, { name: "Brake pads", part_number: "BP-1" })] })] })));
  const rows = (await ok(api.get(`work?job=${job.id}`))).results;
  return { job, rows };
}
const poApproval = (r: any) => ({
  id: r.id,
  last_saved: r.last_saved,
  po_approved: true,
  supplier_nominal_code: x.purchases.id,
  workshop_invoice_number: "FF-9001",
  workshop_invoice_date: "2030-03-05",
  job_workshop_payment_date: "2030-04-05",
  parts: r.parts.map((p: any) => ({ id: p.id, supplier_nominal_code: x.purchases.id })),
});

describe("work approval (Workshop Expenses) pushes the workshop's purchase invoice", () => {
  it("writes one item in the job's unit when the department is mapped, none otherwise; Xero receives an ACCPAY DRAFT", async () => {
    const unmapped = await newJob(ref.lcv.id);
    await ok(api.put("work/approve", unmapped.rows.map(poApproval)));
    expect(await pushOf("purchaseinvoice", "workpo", unmapped.job.id)).toBeNull();

    const { job, rows } = await newJob(x.mapped.id);
    await ok(api.put("work/approve", rows.map(poApproval)));
    expect(await pushOf("purchaseinvoice", "workpo", job.id)).toMatchObject({ status: "PENDING", version: 1, label: "FF-9001" });

    connect(true);
    resetXeroClient();
    const run = await runSync();
    expect(run.failed, JSON.stringify(run.errors)).toBe(0);
    const inv = stored("Invoices").find((i) => i.InvoiceNumber === "FF-9001")!;
    expect(inv).toMatchObject({ Type: "ACCPAY", Status: "DRAFT", Reference: `Job ${job.id}`, DueDate: expect.stringContaining("2030-04-05") });
    expect(inv.LineItems).toHaveLength(1);
    expect(inv.LineItems[0]).toMatchObject({ AccountCode: "W320", TaxType: "INPUT2", UnitAmount: rows[0].labour_cost });
    expect(inv.LineItems[0].Tracking[0]).toMatchObject({ Name: "Department", Option: "Workshop" });
    expect(await pushOf("purchaseinvoice", "workpo", job.id)).toMatchObject({ status: "SENT", xero_id: inv.InvoiceID });
    connect(false);
  });
});

describe("part approval pushes a purchase invoice per supplier invoice", () => {
  it("writes the item in the job's unit and sends the supplier invoice's approved parts, sent right away when connected", async () => {
    const { job } = await newJob(x.mapped.id);
    const [p] = job.work_items[0].parts;
    connect(true);
    resetXeroClient();
    const res = await ok(
      api.put("parts/update", [{ id: p.id, last_saved: p.last_saved, approved: true, supplier_nominal_code: x.parts.id, part_invoice_number: "PD 555", invoice_date: "2030-03-06", date_ordered: "2030-03-04" }]),
    );
    expect(res.results[0].approved).toBe(true);
    const push = await pushOf("purchaseinvoice", "part", `${ref.partsCo.id}#pd555`);
    expect(push).toMatchObject({ status: "SENT", version: 1 });
    const inv = stored("Invoices").find((i) => i.InvoiceID === push!.xero_id)!;
    expect(inv).toMatchObject({ Type: "ACCPAY", Status: "DRAFT", InvoiceNumber: "PD 555" });
    expect(inv.LineItems.map((l: any) => [l.Description, l.UnitAmount, l.AccountCode, l.TaxType])).toEqual([["BP-1 Brake pads", 100, "W310", "INPUT2"]]);
    connect(false);
  });
});
