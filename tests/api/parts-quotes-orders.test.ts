import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { ok } from "./fleet-support.js";
import { newVan, workshopReference, type WorkshopRef } from "./workshop-support.js";
import { Counter } from "../../core/platform/service.js";
import { upgradeIndexes } from "../../core/platform/upgrades.js";
import { ENGINE_INDEX_VERSION } from "../../core/platform/records/define.js";
import { QuoteLines } from "../../core/workshop/quote.js";

/**
 * Quote parts (Q rows) and part order parts (P rows) in Parts Expenses
 * (002 §2 Parts Expenses, §7 parts calls; docs/coverage/parts.md): listed
 * in the views with their row ids, searched, edited and approved through
 * PUT parts/update like a job's parts; a quote part linked to a job card
 * part is hidden (the job's part is the expense); quote parts stored
 * inside their items by the release before are moved into lines and
 * listed by the index upgrade.
 */
let api: ReturnType<typeof client>;
let ref: WorkshopRef;
let D: number;
let nominal: any;
let van: any;

beforeAll(async () => {
  api = client(await signIn("quinn.parts@vanco.co.uk", "Quinn"));
  ref = await workshopReference(api);
  // A department of this file's own, so its lists hold only these parts.
  D = (await ok(api.post("createdepartment", { name: "Quote Parts Dept" }))).id;
  nominal = await ok(api.post("nominal", { code: "5100", name: "Quote parts purchases", tax_type: "INPUT2" }));
  van = await newVan(api, ref);
}, 120_000);

const quotePart = (extra: Record<string, unknown> = {}) => ({ name: "Wing mirror", part_number: "WM-4", supplier: ref.partsCo.id, estimated_cost: 40, cost: 38, to_be_ordered: true, ...extra });
const quoteBody = (parts: unknown[], extra: Record<string, unknown> = {}) => ({
  vehicle: van.id,
  customer: ref.acme.id,
  department: D,
  quote_type: "NONE",
  description: "Mirror and lamp",
  provisional_start_date: "2030-06-02",
  estimated_work_items: [{ description: "Mirror", work_type: ref.service.id, estimated_labour_hours: 1, parts }],
  ...extra,
});
const get = async (q: string) => ok(api.get(`parts?department=${D}&${q}`));
const rowIds = (body: any) => body.results.map((r: any) => r.row_id as string);
const line = async (id: number) => ok(api.get(`parts/update/${id}`));

describe("quote parts in Parts Expenses (Q rows)", () => {
  it("lists a quote's parts in the views with row id Q{quote}, the banner and search; the quote still answers them under their item", async () => {
    const q = await ok(api.post("createquote", quoteBody([quotePart(), quotePart({ name: "Tail lamp", part_number: "TL 88", cost: 22, to_be_ordered: false, from_stock: true })])));
    const [mirror, lamp] = q.estimated_work_items[0].parts;
    expect(mirror).toMatchObject({ name: "Wing mirror", cost: 38 });
    expect(mirror.work_key).toBeUndefined();
    const current = await get("");
    expect(rowIds(current)).toEqual([`Q${q.id}`]);
    expect(current.results[0]).toMatchObject({ id: mirror.id, origin: "quote", quote: q.id, supplier: { id: ref.partsCo.id } });
    expect(current.total_cost).toBe(38);
    expect((await get("view=to_be_ordered")).results.map((r: any) => r.id)).toEqual([mirror.id]);
    expect((await get("view=stock")).results.map((r: any) => r.id)).toEqual([lamp.id]);
    expect((await get("view=stock&search=tl88")).results.map((r: any) => r.id)).toEqual([lamp.id]);
    // A save of the quote keeps its parts (ids kept), and one left out of the item is gone from the lists.
    const again = await ok(api.get(`quotes/${q.id}`));
    const saved = await ok(api.put(`quotes/${q.id}`, { ...again, estimated_work_items: [{ ...again.estimated_work_items[0], parts: [again.estimated_work_items[0].parts[0]] }] }));
    expect(saved.estimated_work_items[0].parts.map((p: any) => p.id)).toEqual([mirror.id]);
    expect((await get("view=stock")).count).toBe(0);
  });

  it("edits and approves quote parts through PUT parts/update (all or nothing), the quote keeping the approval", async () => {
    const q = await ok(api.post("createquote", quoteBody([quotePart({ name: "Bumper" }), quotePart({ name: "Grille" })], { department: ref.lcv.id })));
    const [bumper, grille] = q.estimated_work_items[0].parts;
    const [b, g] = await Promise.all([line(bumper.id), line(grille.id)]);
    expect(b).toMatchObject({ origin: "quote", row_id: `Q${q.id}` });
    // Edit Selected: invoice number and date on both.
    const edited = await ok(
      api.put("parts/update", [
        { id: b.id, last_saved: b.last_saved, part_invoice_number: "QV-100", invoice_date: "2030-06-01", date_ordered: "2030-05-30" },
        { id: g.id, last_saved: g.last_saved, part_invoice_number: "QV-100", invoice_date: "2030-06-01", date_ordered: "2030-05-30" },
      ]),
    );
    expect(edited.results.map((r: any) => r.part_invoice_number)).toEqual(["QV-100", "QV-100"]);
    const invoice = await ok(api.get(`parts?inv_num=QV-100&supplier=${ref.partsCo.id}`));
    expect(invoice.results.map((r: any) => r.id).sort()).toEqual([bumper.id, grille.id].sort());
    // Approval without a nominal code on one: refused, nothing saved.
    const [b2, g2] = await Promise.all([line(bumper.id), line(grille.id)]);
    const refused = await api.put("parts/update", [
      { id: b2.id, last_saved: b2.last_saved, approved: true, supplier_nominal_code: nominal.id },
      { id: g2.id, last_saved: g2.last_saved, approved: true },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Cannot approve parts");
    expect((await line(bumper.id)).approved).toBeFalsy();
    const approved = await ok(
      api.put("parts/update", [
        { id: b2.id, last_saved: b2.last_saved, approved: true, supplier_nominal_code: nominal.id },
        { id: g2.id, last_saved: g2.last_saved, approved: true, supplier_nominal_code: nominal.id },
      ]),
    );
    expect(approved.results.map((r: any) => [r.approved, r.approver])).toEqual([
      [true, { first_name: "Quinn", last_name: null }],
      [true, { first_name: "Quinn", last_name: null }],
    ]);
    expect((await ok(api.get(`parts?department=${ref.lcv.id}&view=approved`))).results.map((r: any) => r.row_id)).toContain(`Q${q.id}`);
    // A stale part is a 409.
    const stale = await api.put("parts/update", [{ id: b2.id, last_saved: b2.last_saved, comments: "late" }]);
    expect(stale.status).toBe(409);
    // The quote shows the approval, and its own save can neither take it off nor lose it.
    const card = await ok(api.get(`quotes/${q.id}`));
    expect(card.estimated_work_items[0].parts.map((p: any) => p.approved)).toEqual([true, true]);
    const parts = card.estimated_work_items[0].parts.map((p: any) => ({ ...p, approved: false, comments: "from the quote" }));
    const saved = await ok(api.put(`quotes/${q.id}`, { ...card, estimated_work_items: [{ ...card.estimated_work_items[0], parts }] }));
    expect(saved.estimated_work_items[0].parts.map((p: any) => [p.approved, p.comments])).toEqual([
      [true, "from the quote"],
      [true, "from the quote"],
    ]);
  });

  it("the data upgrade moves quote parts stored inside their items into lines, ids kept, and lists them", async () => {
    const q = await ok(api.post("createquote", quoteBody([quotePart({ name: "Side step", part_number: "SS-1", cost: 75 })], { department: D })));
    const step = q.estimated_work_items[0].parts[0];
    const store = QuoteLines.store;
    // As the release before left it: the part inside its item line, no part lines.
    const p = await store.settle(q.id);
    const itemLine = p.lines.get("estimated_work_items")![0];
    const partLine = p.lines.get("parts")![0];
    const { work_key: _k, ...partFields } = partLine.fields;
    await store.importLines(q.id, "estimated_work_items", [{ ...itemLine, fields: { ...itemLine.fields, parts: [{ ...partFields, id: partLine.id }] } }]);
    const { LineItem } = await import("../../core/platform/lines.js");
    await LineItem.delete({ parent: `quote#${q.id}`, key: `l#parts#${String(partLine.id).padStart(12, "0")}` }).go();
    await Counter.update({ name: "indexversion#quote" }).set({ seq: 1 }).go();
    await Counter.update({ name: "indexversion#line#part" }).set({ seq: 2 }).go();

    const done = await upgradeIndexes();
    expect(done.find((d) => d.type === "quote")).toMatchObject({ from: 1, to: 2 + ENGINE_INDEX_VERSION - 1 });
    expect(done.find((d) => d.type === "line:part")).toMatchObject({ from: 2, to: 3 });
    const after = await store.settle(q.id);
    expect(after.lines.get("estimated_work_items")![0].fields.parts).toBeUndefined();
    expect(after.lines.get("parts")!.map((l) => [l.id, l.fields.work_key])).toEqual([[step.id, `#${itemLine.id}`]]);
    expect((await ok(api.get(`quotes/${q.id}`))).estimated_work_items[0].parts.map((x: any) => [x.id, x.name])).toEqual([[step.id, "Side step"]]);
    expect((await get("search=ss1")).results.map((r: any) => r.row_id)).toEqual([`Q${q.id}`]);
    // Once only.
    expect((await upgradeIndexes()).find((d) => d.type === "quote")).toBeUndefined();
  });
});

describe("part order parts in Parts Expenses (P rows)", () => {
  it("saves and approves a part order's lines through PUT parts/update, also once the order is complete; the order's totals follow", async () => {
    const order = await ok(
      api.post("createpartorder", {
        customer: ref.acme.id,
        department: D,
        description: "Counter sale",
        customer_vehicle: "CD34 EFG",
        parts: [
          { name: "Fuel cap", part_number: "FC-2", supplier: ref.partsCo.id, cost: 12, supplier_tracking_option: ref.north, customer_tracking_option: ref.south },
          { name: "Mud flap", part_number: "MF-9", supplier: ref.partsCo.id, cost: 8, supplier_tracking_option: ref.north, customer_tracking_option: ref.south },
        ],
      }),
    );
    const [cap, flap] = order.parts;
    expect((await get("search=fc2")).results.map((r: any) => r.row_id)).toEqual([`P${order.id}`]);
    const [c, f] = await Promise.all([line(cap.id), line(flap.id)]);
    expect(c).toMatchObject({ origin: "partorder", partorder: order.id });
    const edited = await ok(
      api.put("parts/update", [
        { id: c.id, last_saved: c.last_saved, cost: 14, part_invoice_number: "PO-INV-7", invoice_date: "2030-07-01" },
        { id: f.id, last_saved: f.last_saved, part_invoice_number: "PO-INV-7", invoice_date: "2030-07-01" },
      ]),
    );
    expect(edited.results.map((r: any) => [r.id, r.cost, r.part_invoice_number])).toEqual([
      [cap.id, 14, "PO-INV-7"],
      [flap.id, 8, "PO-INV-7"],
    ]);
    const saved = await ok(api.get(`partorder/${order.id}`));
    expect(saved.total_part_cost).toBe(22);
    // Completed: the order is locked to its editor, its parts are still approved from Parts Expenses.
    await ok(api.post("partorderapprove", { ...saved, tracking_option: ref.north }));
    const [c2, f2] = await Promise.all([line(cap.id), line(flap.id)]);
    const approved = await ok(
      api.put("parts/update", [
        { id: c2.id, last_saved: c2.last_saved, approved: true, supplier_nominal_code: nominal.id },
        { id: f2.id, last_saved: f2.last_saved, approved: true, supplier_nominal_code: nominal.id },
      ]),
    );
    expect(approved.results.map((r: any) => r.approved)).toEqual([true, true]);
    expect((await get("view=approved")).results.map((r: any) => r.row_id)).toEqual([`P${order.id}`, `P${order.id}`]);
    expect((await ok(api.get(`partorder/${order.id}`))).parts.map((p: any) => p.approved)).toEqual([true, true]);
  });
});
