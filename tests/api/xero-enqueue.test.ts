import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { XeroPush, pushOf } from "../../core/accounts/xero-push.js";
import { INVOICE_MESSAGES } from "../../core/accounts/invoice-definitions.js";
import { company, fleetReference, ok } from "./fleet-support.js";

/**
 * The Xero outbox's items are written in the saving or approving unit
 * (docs/xero.md): through the real app against DynamoDB Local.
 */

let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;
const x: Record<string, any> = {};

const statusCounts = async () => {
  const [pending, sent] = await XeroPush.facetCounts([
    { facet: "status", value: "PENDING" },
    { facet: "status", value: "SENT" },
  ]);
  return { pending, sent };
};

beforeAll(async () => {
  api = client(await signIn("accounts@vanco.co.uk", "Ana"));
  ref = await fleetReference(api);
  x.sales = await ok(api.post("nominal", { name: "Sales", code: "200", tax_type: "OUTPUT2" }));
  x.mapped = await ok(api.post("createdepartment", { name: "MAPPED", xero_tracking_category: "Department", xero_tracking_option: "Direct Van Hire" }));
});

const invoice = (extra: Record<string, unknown> = {}) => ({ customer: ref.acme.id, department: x.mapped.id, amount: 100, no_vat_amount: 0, vat_nominal_code: x.sales.id, invoice_date: "2030-03-10", description: "Hire", ...extra });
const readyThenApprove = async (inv: any) => {
  const r = (await ok(api.put("invoiceready", [{ id: inv.id, last_saved: inv.last_saved }]))).results[0];
  return api.put("invoiceapprove", [{ id: r.id, last_saved: r.last_saved }]);
};

describe("push items written with the save (docs/xero.md)", () => {
  it("a nominal code save writes one item; a later save raises its version and sets it PENDING again", async () => {
    const first = await pushOf("nominal", "nominal", x.sales.id);
    expect(first).toMatchObject({ target: "nominal", source_type: "nominal", source_id: String(x.sales.id), status: "PENDING", version: 1, label: "200", attempts: 0 });
    const saved = await ok(api.put(`nominal/${x.sales.id}`, { ...x.sales, name: "Sales income" }));
    const again = await pushOf("nominal", "nominal", x.sales.id);
    expect(again).toMatchObject({ id: first!.id, version: 2, status: "PENDING" });
    // A stale save changes nothing, the push item included.
    expect((await api.put(`nominal/${x.sales.id}`, { ...x.sales, name: "Stale" })).status).toBe(409);
    expect((await pushOf("nominal", "nominal", x.sales.id))!.version).toBe(2);
    x.sales = saved;
  });

  it("a tracking category save writes its item", async () => {
    const cat = await ok(api.post("createtrackingcategory", { name: "Department", status: "ACTIVE", options: [{ name: "Direct Van Hire" }] }));
    expect(await pushOf("trackingcategories", "trackingcategory", cat.id)).toMatchObject({ status: "PENDING", version: 1, label: "Department" });
  });

  it("a contact save writes a customer or supplier item by its type", async () => {
    expect(await pushOf("customer", "contact", ref.acme.id)).toMatchObject({ target: "customer", label: "Acme Builders Ltd", status: "PENDING" });
    expect(await pushOf("supplier", "contact", ref.dealer.id)).toMatchObject({ target: "supplier", status: "PENDING" });
    expect(await pushOf("supplier", "contact", ref.acme.id)).toBeNull();
  });

  it("approving an invoice of a mapped department writes exactly one sales invoice item (IN); an unmapped one's is held back, not queued", async () => {
    const before = await statusCounts();
    const inv = await ok(api.post("invoices", invoice()));
    const res = await readyThenApprove(inv);
    expect(res.status).toBe(200);
    const item = await pushOf("salesinvoice", "invoice", inv.id);
    expect(item).toMatchObject({ target: "salesinvoice", doc_code: "IN", status: "PENDING", version: 1 });
    expect(item!.label).toMatch(/^IN\d+/);
    expect((await XeroPush.idsIn(`src#invoice#${inv.id}`)).length).toBe(1);
    expect((await statusCounts()).pending).toBe(before.pending + 1);

    const unmapped = await ok(api.post("invoices", invoice({ department: ref.hire.id })));
    expect((await readyThenApprove(unmapped)).status).toBe(200);
    expect(await pushOf("salesinvoice", "invoice", unmapped.id)).toMatchObject({ status: "HELD", held_department: ref.hire.id });
    expect((await statusCounts()).pending).toBe(before.pending + 1);
  });

  it("a refused approval writes no item", async () => {
    const before = await statusCounts();
    const inv = await ok(api.post("invoices", invoice({ invoice_date: null })));
    const r = (await ok(api.put("invoiceready", [{ id: inv.id, last_saved: inv.last_saved }]))).results[0];
    const res = await api.put("invoiceapprove", [{ id: r.id, last_saved: r.last_saved }]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVOICE_MESSAGES.invoiceDateRequired);
    expect(await pushOf("salesinvoice", "invoice", inv.id)).toBeNull();
    expect(await statusCounts()).toEqual(before);
  });

  it("approving a customer credit writes a sales credit note item (CNS); a supplier's contact makes supplier pushes", async () => {
    const inv = await ok(api.post("invoices", invoice()));
    await readyThenApprove(inv);
    let c = await ok(api.post("credit", { invoice: inv.id, amount: 10, description: "Damaged panel", date_issued: "2030-03-20", vat_nominal_code: x.sales.id }));
    c = (await ok(api.put("creditready", [{ id: c.id, last_saved: c.last_saved }]))).results[0];
    expect((await api.put("creditapprove", [{ id: c.id, last_saved: c.last_saved }])).status).toBe(200);
    expect(await pushOf("salescreditnote", "credit", c.id)).toMatchObject({ doc_code: "CNS", status: "PENDING", label: c.credit_note_number });
    const sup = await ok(api.post("contacts", company("Parts Direct", "SP")));
    expect(await pushOf("supplier", "contact", sup.id)).toMatchObject({ version: 1 });
  });
});
