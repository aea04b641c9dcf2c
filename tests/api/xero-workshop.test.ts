import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { startFakeXero, type FakeXero } from "../support/fake-xero.js";
import { resetXeroClient } from "../../core/accounts/xero-client.js";
import { pushOf } from "../../core/accounts/xero-push.js";
import { runSync } from "../../core/accounts/xero-sync.js";
import { documentClient } from "../../core/platform/table.js";
import { ok } from "./fleet-support.js";
import { item, jobBody, newVan, part, workshopReference, type WorkshopRef } from "./workshop-support.js";

/**
 * The workshop's pushes (docs/xero.md): a work approval's purchase invoice
 * (PO side) and a supplier invoice's approved parts, written in the unit of
 * the record holding the parts (a job card, a quote, a part order) and
 * received by the fake Xero through the real client.
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

/** The DynamoDB transactions that landed while `capturing` (each its items: Put, Update, ConditionCheck, Delete). */
let capturing = false;
const transactions: Array<Array<Record<string, any>>> = [];
const captured = async <T>(fn: () => Promise<T>) => {
  transactions.length = 0;
  capturing = true;
  try {
    return await fn();
  } finally {
    capturing = false;
  }
};
/** What one transaction item writes: its entity (the engine's records are ElectroDB items), key and values. */
const written = (t: Record<string, any>) => {
  const op = t.Put ?? t.Update ?? t.Delete ?? t.ConditionCheck;
  return JSON.stringify({ ...op.Item, ...op.Key, ...op.ExpressionAttributeValues });
};

beforeAll(async () => {
  fake = await startFakeXero();
  connect(false);
  api = client(await signIn("accounts@vanco.co.uk", "Alex"));
  ref = await workshopReference(api);
  x.purchases = await ok(api.post("nominal", { code: "W320", name: "Subcontracted Workshop", type: "DIRECTCOSTS", tax_type: "INPUT2" }));
  x.parts = await ok(api.post("nominal", { code: "W310", name: "Parts", type: "DIRECTCOSTS", tax_type: "INPUT2" }));
  x.mapped = await ok(api.post("createdepartment", { name: "WORKSHOP MAPPED", xero_tracking_category: "Department", xero_tracking_option: "Workshop" }));
  x.counter = await ok(api.post("createdepartment", { name: "PARTS COUNTER", xero_tracking_category: "Department", xero_tracking_option: "Counter" }));
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      // Only a transaction that landed: a cancelled one wrote nothing.
      if (capturing && /^TransactWrite/.test(String((context as { commandName?: string }).commandName))) transactions.push((args.input as any).TransactItems);
      return result;
    },
    { step: "initialize", name: "xeroWorkshopTransactions" },
  );
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
    // Held back (issue 22 finding 14), not queued: its department has no Xero mapping.
    expect(await pushOf("purchaseinvoice", "workpo", unmapped.job.id)).toMatchObject({ status: "HELD" });

    const { job, rows } = await newJob(x.mapped.id);
    await ok(api.put("work/approve", rows.map(poApproval)));
    expect(await pushOf("purchaseinvoice", "workpo", job.id)).toMatchObject({ status: "PENDING", version: 1, label: "FF-9001" });

    connect(true);
    resetXeroClient();
    const run = await runSync();
    expect(run.failed, JSON.stringify(run.errors)).toBe(0);
    const inv = stored("Invoices").find((i) => i.InvoiceNumber === "FF-9001")!;
    expect(inv).toMatchObject({ Type: "ACCPAY", Status: "DRAFT", InvoiceNumber: "FF-9001", DueDate: expect.stringContaining("2030-04-05") });
    // Xero keeps no Reference on a bill (issue 22 finding 10): none is sent.
    expect(inv.Reference).toBeUndefined();
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

describe("quote parts (Q rows) and part-order parts (P rows) follow the job parts' push", () => {
  const quotePart = (extra: Record<string, unknown> = {}) => ({ name: "Wing mirror", part_number: "WM-4", supplier: ref.partsCo.id, estimated_cost: 40, cost: 38, to_be_ordered: true, ...extra });
  const newQuote = async (department: number, parts: unknown[]) => {
    const van = await newVan(api, ref);
    return ok(
      api.post("createquote", {
        vehicle: van.id,
        customer: ref.acme.id,
        department,
        quote_type: "NONE",
        description: "Mirror",
        provisional_start_date: "2030-06-02",
        estimated_work_items: [{ description: "Mirror", work_type: ref.service.id, estimated_labour_hours: 1, parts }],
      }),
    );
  };
  const newOrder = (department: number, parts: unknown[]) => ok(api.post("createpartorder", { customer: ref.acme.id, department, description: "Counter sale", customer_vehicle: "CD34 EFG", parts }));
  const orderPart = (extra: Record<string, unknown> = {}) => ({ name: "Fuel cap", part_number: "FC-2", supplier: ref.partsCo.id, cost: 12, supplier_tracking_option: ref.north, customer_tracking_option: ref.south, ...extra });
  const line = (id: number) => ok(api.get(`parts/update/${id}`));
  const approval = async (id: number, invoice: string, extra: Record<string, unknown> = {}) => {
    const l = await line(id);
    return { id, last_saved: l.last_saved, approved: true, supplier_nominal_code: x.parts.id, part_invoice_number: invoice, invoice_date: "2030-06-05", date_ordered: "2030-06-03", ...extra };
  };
  /** The transactions of the last capture that wrote a push item. */
  const withPush = () => transactions.filter((t) => t.some((i) => written(i).includes('"__edb_e__":"xeropush"')));
  /** The transaction wrote the push item, its one-per-source claim, and the holder's approved part line. */
  const holdsItemClaimAndPart = (unit: Array<Record<string, any>>, source: string, holder: string, partId: number) => {
    const writes = unit.map(written);
    expect(writes.filter((w) => w.includes('"__edb_e__":"xeropush"') && w.includes(`"source_id":"${source}"`))).toHaveLength(1);
    expect(writes.filter((w) => w.includes('"scope":"xeropush#ref"') && w.includes(`PART#${source.toUpperCase()}`))).toHaveLength(1);
    expect(writes.filter((w) => w.includes('"__edb_e__":"line"') && w.includes(`"parent":"${holder}"`) && w.includes(`"id":${partId},`) && w.includes('"approved":true'))).toHaveLength(1);
  };
  const sentInvoice = (xeroId: string) => stored("Invoices").find((i) => i.InvoiceID === xeroId)!;
  const contactOf = (inv: Record<string, any>) => inv.Contact.Name ?? stored("Contacts").find((c) => c.ContactID === inv.Contact.ContactID)?.Name;

  it("a quote part's approval writes the purchase invoice item in the quote's unit (none when refused); the sync sends the ACCPAY DRAFT", async () => {
    const q = await newQuote(x.mapped.id, [quotePart()]);
    const [mirror] = q.estimated_work_items[0].parts;
    const source = `${ref.partsCo.id}#qx1001`;
    // Refused (no nominal code): nothing written, no push item.
    const refused = await captured(async () => api.put("parts/update", [await approval(mirror.id, "QX-1001", { supplier_nominal_code: null })]));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Cannot approve parts");
    expect(transactions).toEqual([]);
    expect(await pushOf("purchaseinvoice", "part", source)).toBeNull();

    const res = await captured(async () => ok(api.put("parts/update", [await approval(mirror.id, "QX-1001")])));
    expect(res.results[0]).toMatchObject({ origin: "quote", approved: true });
    const push = await pushOf("purchaseinvoice", "part", source);
    expect(push).toMatchObject({ target: "purchaseinvoice", source_type: "part", source_id: source, status: "PENDING", version: 1 });
    // One transaction wrote the item, its claim and the quote's approved part together.
    const [unit, ...more] = withPush();
    expect(more).toEqual([]);
    holdsItemClaimAndPart(unit, source, `quote#${q.id}`, mirror.id);

    connect(true);
    resetXeroClient();
    const run = await runSync();
    expect(run.failed, JSON.stringify(run.errors)).toBe(0);
    const sent = await pushOf("purchaseinvoice", "part", source);
    expect(sent).toMatchObject({ status: "SENT", version: 1, xero_id: expect.any(String) });
    const inv = sentInvoice(sent!.xero_id!);
    expect(inv).toMatchObject({ Type: "ACCPAY", Status: "DRAFT", InvoiceNumber: "QX-1001", LineAmountTypes: "Exclusive", Date: expect.stringContaining("2030-06-05") });
    // The supplier invoice's own date, not the order date, and no Reference (issue 22 finding 10).
    expect(inv.Reference).toBeUndefined();
    expect(contactOf(inv)).toBe("Parts Direct");
    expect(inv.LineItems.map((l: any) => [l.Description, l.UnitAmount, l.AccountCode, l.TaxType])).toEqual([["WM-4 Wing mirror", 38, "W310", "INPUT2"]]);
    expect(inv.LineItems[0].Tracking[0]).toMatchObject({ Name: "Department", Option: "Workshop" });
    connect(false);
  });

  it("a part order's parts approval writes one item in the order's unit (held back for an unmapped department, none for a refusal); the sync sends one ACCPAY DRAFT with a line per part", async () => {
    const unmapped = await newOrder(ref.lcv.id, [orderPart()]);
    await ok(api.put("parts/update", [await approval(unmapped.parts[0].id, "PO-UN-1")]));
    // Held back (issue 22 finding 14): its department has no Xero mapping.
    expect(await pushOf("purchaseinvoice", "part", `${ref.partsCo.id}#poun1`)).toMatchObject({ status: "HELD" });

    const order = await newOrder(x.mapped.id, [orderPart(), orderPart({ name: "Mud flap", part_number: "MF-9", cost: 8.5 })]);
    const [cap, flap] = order.parts;
    const source = `${ref.partsCo.id}#po7701`;
    const refused = await captured(async () => api.put("parts/update", [await approval(cap.id, "PO 7701"), await approval(flap.id, "PO 7701", { invoice_date: null })]));
    expect(refused.status).toBe(400);
    expect(transactions).toEqual([]);
    expect(await pushOf("purchaseinvoice", "part", source)).toBeNull();

    const res = await captured(async () => ok(api.put("parts/update", [await approval(cap.id, "PO 7701"), await approval(flap.id, "PO 7701")])));
    expect(res.results.map((r: any) => [r.origin, r.approved])).toEqual([
      ["partorder", true],
      ["partorder", true],
    ]);
    expect(await pushOf("purchaseinvoice", "part", source)).toMatchObject({ status: "PENDING", version: 1 });
    const [unit, ...more] = withPush();
    expect(more).toEqual([]);
    holdsItemClaimAndPart(unit, source, `partorder#${order.id}`, cap.id);
    holdsItemClaimAndPart(unit, source, `partorder#${order.id}`, flap.id);

    connect(true);
    resetXeroClient();
    const run = await runSync();
    expect(run.failed, JSON.stringify(run.errors)).toBe(0);
    const sent = await pushOf("purchaseinvoice", "part", source);
    expect(sent).toMatchObject({ status: "SENT", version: 1 });
    const inv = sentInvoice(sent!.xero_id!);
    expect(inv).toMatchObject({ Type: "ACCPAY", Status: "DRAFT", InvoiceNumber: "PO 7701" });
    expect(inv.Reference).toBeUndefined();
    expect(contactOf(inv)).toBe("Parts Direct");
    expect(inv.LineItems.map((l: any) => [l.Description, l.UnitAmount, l.AccountCode, l.TaxType, l.Tracking[0]?.Option])).toEqual([
      ["FC-2 Fuel cap", 12, "W310", "INPUT2", "Workshop"],
      ["MF-9 Mud flap", 8.5, "W310", "INPUT2", "Workshop"],
    ]);
    connect(false);
  });

  it("one supplier invoice across a job card and a part order is one item (the second approval raises its version) and one ACCPAY, each line with its holder's tracking", async () => {
    const { job } = await newJob(x.mapped.id);
    const order = await newOrder(x.counter.id, [orderPart({ name: "Wiper", part_number: "WB-3", cost: 9 })]);
    const source = `${ref.partsCo.id}#mix42`;
    await ok(api.put("parts/update", [await approval(job.work_items[0].parts[0].id, "MIX-42"), await approval(order.parts[0].id, "MIX-42")]));
    expect(await pushOf("purchaseinvoice", "part", source)).toMatchObject({ status: "PENDING", version: 2 });

    connect(true);
    resetXeroClient();
    const run = await runSync();
    expect(run.failed, JSON.stringify(run.errors)).toBe(0);
    const sent = await pushOf("purchaseinvoice", "part", source);
    expect(sent).toMatchObject({ status: "SENT", version: 2 });
    expect(stored("Invoices").filter((i) => i.InvoiceNumber === "MIX-42")).toHaveLength(1);
    const inv = sentInvoice(sent!.xero_id!);
    expect(inv.LineItems.map((l: any) => [l.Description, l.UnitAmount, l.Tracking[0]?.Option]).sort()).toEqual([
      ["BP-1 Brake pads", 100, "Workshop"],
      ["WB-3 Wiper", 9, "Counter"],
    ]);
    connect(false);
  });
});
