import { beforeAll, describe, expect, it } from "vitest";
import { call, client, signIn } from "../support/api.js";
import { company, ok } from "./fleet-support.js";
import { item, jobBody, newVan, part, workshopReference, type WorkshopRef } from "./workshop-support.js";

/**
 * Parts Expenses and Part History calls (002 §2, §4, §5, §7; 003 §5 "Part
 * approval"; docs/coverage/parts.md): GET parts views, department, search,
 * invoice toggle, date-ordered range with its banner, supplier filter,
 * Select Filtered by due date, one supplier invoice's parts; PUT
 * parts/update (Edit Selected, approval all or nothing, locks, 409);
 * Part History; GET parts/figures.
 */
let api: ReturnType<typeof client>;
let ref: WorkshopRef;
let D: number;
let job: any;
let nominal20: any;
let nominal0: any;
let partial: any;
const P: Record<string, number> = {};

beforeAll(async () => {
  api = client(await signIn("polly@vanco.co.uk", "Polly"));
  ref = await workshopReference(api);
  // A department of this file's own, so its lists hold only these parts.
  D = (await ok(api.post("createdepartment", { name: "Parts Test Dept" }))).id;
  nominal20 = await ok(api.post("nominal", { code: "5000", name: "Parts purchases", tax_type: "INPUT2" }));
  nominal0 = await ok(api.post("nominal", { code: "5001", name: "Parts zero rated", tax_type: "ZERORATEDINPUT" }));
  // Suppliers lose the partial flag (003 §2 Contact): a part bought from a contact still partial is a customer contact set up halfway.
  partial = await ok(api.post("contacts", { ...company("Half Set Up Parts", "CC"), partial_contact: true }));
  expect(partial.partial_contact).toBe(true);
  const v = await newVan(api, ref);
  job = await ok(
    api.post(
      "createjob",
      jobBody(ref, v.id, {
        department: D,
        workshop_date: "2030-05-10",
        work_items: [
          item(ref, {
            parts: [
              part(ref, { key: "a", name: "Alternator", part_number: "ALT-1", cost: 150, to_be_ordered: true }),
              part(ref, { key: "b", name: "Brake disc", part_number: "BD 22", cost: 60, to_be_ordered: false, date_ordered: "2030-05-02", part_invoice_number: "PD-9001", invoice_date: "2030-05-03", supplier_nominal_code: nominal20.id, cost_vat: "20" }),
              part(ref, { key: "c", name: "Clutch kit", cost: 240, to_be_ordered: false, date_ordered: "2030-05-20", part_invoice_number: "PD-9001", invoice_date: "2030-05-21" }),
              part(ref, { key: "d", name: "Drain plug", cost: 3, to_be_ordered: false, from_stock: true }),
              part(ref, { key: "e", name: "Exhaust clamp", cost: 9, to_be_ordered: false, backorder: true }),
              part(ref, { key: "f", name: "Fan belt credit", cost: -20, to_be_ordered: false, date_ordered: "2030-05-02", part_invoice_number: "PD-9001", invoice_date: "2030-05-03" }),
              part(ref, { key: "g", name: "Glow plug", cost: 15, to_be_ordered: false, date_ordered: "2030-05-02", part_invoice_number: "HS-1", invoice_date: "2030-05-03", supplier: partial.id, supplier_nominal_code: nominal20.id }),
            ],
          }),
        ],
      }),
    ),
  );
  for (const p of job.work_items[0].parts) P[p.name.split(" ")[0].toLowerCase()] = p.id;
}, 120_000);

const get = async (q: string) => ok(api.get(`parts?department=${D}&${q}`));
const idsOf = (body: any) => body.results.map((r: any) => r.id).sort((a: number, b: number) => a - b);
const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);
const line = async (id: number) => ok(api.get(`parts/update/${id}`));

describe("GET parts (Parts Expenses)", () => {
  it("answers each view of the department, Current by default, with the row id, the supplier and the total parts cost banner", async () => {
    const current = await get("");
    expect(idsOf(current)).toEqual(sorted(P.alternator, P.brake, P.clutch, P.exhaust, P.fan, P.glow));
    expect(current.count).toBe(6);
    expect(current.total_cost).toBe(454);
    const row = current.results.find((r: any) => r.id === P.brake);
    expect(row).toMatchObject({ origin: "job", row_id: `J${job.id}`, job: job.id, supplier: { id: ref.partsCo.id, display_name: "Parts Direct", partial_contact: false }, due_date: "2030-06-02", department: D });
    expect(idsOf(await get("view=to_be_ordered"))).toEqual([P.alternator]);
    expect(idsOf(await get("view=stock"))).toEqual([P.drain]);
    expect(idsOf(await get("view=backorder"))).toEqual([P.exhaust]);
    expect((await get("view=approved")).count).toBe(0);
    expect((await api.get("parts?view=nonsense")).status).toBe(400);
  });

  it("narrows to parts with an invoice number, a date-ordered range (banner from the range), a search and a supplier", async () => {
    const inv = await get("invoice_number=true");
    expect(idsOf(inv)).toEqual(sorted(P.brake, P.clutch, P.fan, P.glow));
    expect(inv.total_cost).toBe(295);
    const range = await get("startDate=2030-05-01&endDate=2030-05-05");
    expect(idsOf(range)).toEqual(sorted(P.brake, P.fan, P.glow));
    expect(range.total_cost).toBe(55);
    expect((await api.get(`parts?startDate=2030-05-05&endDate=2030-05-01`)).status).toBe(400);
    expect(idsOf(await get("search=clutch"))).toEqual([P.clutch]);
    expect(idsOf(await get("search=bd22"))).toEqual([P.brake]);
    expect(idsOf(await get("search=pd9001"))).toEqual(sorted(P.brake, P.clutch, P.fan));
    expect(idsOf(await get("search=pd9001&startDate=2030-05-01&endDate=2030-05-05"))).toEqual(sorted(P.brake, P.fan));
    expect(idsOf(await get(`supplier=${partial.id}`))).toEqual([P.glow]);
  });

  it("Select Filtered: the parts due in a range of the view; both dates needed", async () => {
    // Due: invoice date + 30 days (the supplier's terms).
    expect(idsOf(await get("due_start=2030-06-01&due_end=2030-06-03&page_size=1000"))).toEqual(sorted(P.brake, P.fan, P.glow));
    const refused = await api.get(`parts?department=${D}&due_start=2030-06-01`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Please enter due date start and end");
  });

  it("GET parts?inv_num=&supplier=: one supplier invoice's parts; negative=true its credit lines", async () => {
    const invoice = await ok(api.get(`parts?inv_num=PD-9001&supplier=${ref.partsCo.id}`));
    expect(idsOf(invoice)).toEqual(sorted(P.brake, P.clutch, P.fan));
    expect(idsOf(await ok(api.get(`parts?inv_num=pd9001&supplier=${ref.partsCo.id}&negative=true`)))).toEqual([P.fan]);
    expect((await ok(api.get(`parts?inv_num=PD-9001&supplier=${partial.id}`))).count).toBe(0);
  });

  it("needs a signed-in token", async () => {
    expect((await call("GET", "parts")).status).toBe(401);
    expect((await call("PUT", "parts/update", { body: [] })).status).toBe(401);
  });
});

describe("PUT parts/update (Edit Selected, approval)", () => {
  it("Edit Selected saves invoice date, date ordered, invoice number and supplier on several parts at once; a stale part is a 409 and nothing is saved", async () => {
    const [a, e] = await Promise.all([line(P.alternator), line(P.exhaust)]);
    const stale = await api.put("parts/update", [
      { id: a.id, last_saved: a.last_saved, part_invoice_number: "OF-1" },
      { id: e.id, last_saved: "2020-01-01T00:00:00.000Z", part_invoice_number: "OF-1" },
    ]);
    expect(stale.status).toBe(409);
    expect((await line(P.alternator)).part_invoice_number ?? null).toBeNull();
    const saved = await ok(
      api.put("parts/update", [
        { id: a.id, last_saved: a.last_saved, invoice_date: "2030-05-15", date_ordered: "2030-05-14", part_invoice_number: "OF-1", supplier: ref.outside.id },
        { id: e.id, last_saved: e.last_saved, invoice_date: "2030-05-15", date_ordered: "2030-05-14", part_invoice_number: "OF-1", supplier: ref.outside.id },
      ]),
    );
    expect(saved.count).toBe(2);
    expect(saved.results[0]).toMatchObject({ part_invoice_number: "OF-1", invoice_date: "2030-05-15", date_ordered: "2030-05-14", supplier: { id: ref.outside.id } });
    // The alternator left To Be Ordered (ordered now); both are on the new supplier invoice.
    expect((await get("view=to_be_ordered")).count).toBe(0);
    expect(idsOf(await ok(api.get(`parts?inv_num=OF-1&supplier=${ref.outside.id}`)))).toEqual(sorted(P.alternator, P.exhaust));
    // Bad input: a 400 naming the part and field, nothing saved.
    const bad = await api.put("parts/update", [{ id: a.id, last_saved: saved.results[0].last_saved, invoice_date: "15/05/2030" }]);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)[0]).toBe("0.invoice_date");
  });

  it("approval is all or nothing: any part failing a rule is 'Cannot approve parts' with each part's errors, and nothing is saved", async () => {
    const [b, c, g] = await Promise.all([line(P.brake), line(P.clutch), line(P.glow)]);
    const res = await api.put("parts/update", [
      { id: b.id, last_saved: b.last_saved, approved: true },
      { id: c.id, last_saved: c.last_saved, approved: true }, // no nominal code
      { id: g.id, last_saved: g.last_saved, approved: true }, // partial supplier
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Cannot approve parts");
    expect(res.body.errors).toEqual({ "1.supplier_nominal_code": "Nominal Code is required", "2.supplier": "The Supplier must be a complete contact" });
    expect((await line(P.brake)).approved).toBeFalsy();
    // No invoice number or date.
    const d = await line(P.drain);
    const none = await api.put("parts/update", [{ id: d.id, last_saved: d.last_saved, approved: true, supplier_nominal_code: nominal20.id }]);
    expect(none.body.errors["0.part_invoice_number"]).toBe("You must specify an invoice number and Invoice date before approving!");
    expect(none.body.errors["0.invoice_date"]).toBe("You must specify an invoice number and Invoice date before approving!");
  });

  it("approves a supplier invoice (approver recorded, Approved view), warns when the VAT does not match the nominal code, then locks its nominal code and supplier tracking option", async () => {
    const [b, c, f] = await Promise.all([line(P.brake), line(P.clutch), line(P.fan)]);
    const res = await ok(
      api.put("parts/update", [
        { id: b.id, last_saved: b.last_saved, approved: true },
        { id: c.id, last_saved: c.last_saved, approved: true, supplier_nominal_code: nominal0.id, cost_vat: "20" },
        { id: f.id, last_saved: f.last_saved, approved: true, supplier_nominal_code: nominal20.id },
      ]),
    );
    expect(res.results.map((r: any) => r.approved)).toEqual([true, true, true]);
    expect(res.results[0].approver).toEqual({ first_name: "Polly", last_name: null });
    expect(res.warnings).toEqual([{ id: P.clutch, message: "Vat entered does not match nominal vat" }]);
    const approved = await get("view=approved");
    expect(idsOf(approved)).toEqual(sorted(P.brake, P.clutch, P.fan));
    expect(approved.total_cost).toBe(280);
    expect((await get("")).results.map((r: any) => r.id)).not.toContain(P.brake);
    // Locked: nominal code and supplier tracking option, through PUT parts/update and through the job card.
    const b2 = await line(P.brake);
    const locked = await api.put("parts/update", [{ id: b2.id, last_saved: b2.last_saved, supplier_nominal_code: nominal0.id }]);
    expect(locked.status).toBe(400);
    expect(locked.body.errors["0.supplier_nominal_code"]).toBe("The nominal code of part Brake disc cannot be changed: the part has been approved");
    const tracking = await api.put("parts/update", [{ id: b2.id, last_saved: b2.last_saved, supplier_tracking_option: ref.south }]);
    expect(tracking.status).toBe(400);
    const card = await ok(api.get(`jobs/${job.id}`));
    const parts = card.work_items[0].parts.map((p: any) => (p.id === P.brake ? { ...p, supplier_nominal_code: nominal0.id } : p));
    const viaJob = await api.put(`jobs/${job.id}`, { ...card, work_items: [{ ...card.work_items[0], parts }] });
    expect(viaJob.status).toBe(400);
    expect((await line(P.brake)).supplier_nominal_code).toBe(nominal20.id);
    // Other fields still save; the approval cannot be taken off by a client.
    const still = await ok(api.put("parts/update", [{ id: b2.id, last_saved: b2.last_saved, comments: "Checked", approved: false }]));
    expect(still.results[0]).toMatchObject({ comments: "Checked", approved: true });
  });
});

describe("Part History and the parts figures", () => {
  it("lists every part, the stock ones, and the hidden ones (none from jobs)", async () => {
    const all = await ok(api.get("parts?view=history_all&page_size=1000"));
    expect(all.results.map((r: any) => r.id)).toEqual(expect.arrayContaining(Object.values(P)));
    const stock = await ok(api.get("parts?view=history_stock&page_size=1000"));
    expect(stock.results.map((r: any) => r.id)).toContain(P.drain);
    expect(stock.results.map((r: any) => r.id)).not.toContain(P.brake);
    expect((await ok(api.get("parts?view=history_hidden"))).results.map((r: any) => r.id)).not.toContain(P.brake);
  });

  it("GET parts/figures: cost and charge of the department's parts by date ordered, else the workshop date", async () => {
    const fig = await ok(api.get(`parts/figures?start=2030-05-01&end=2030-05-31&department=${D}`));
    expect(fig).toMatchObject({ cost: 457, start: "2030-05-01", end: "2030-05-31" });
    expect(fig.charge).toEqual(expect.any(Number));
    const week = await ok(api.get(`parts/figures?type=weekly&date=2030-05-02&department=${D}`));
    // Week of Monday 29 April - Sunday 5 May 2030: brake 60, fan -20, glow 15.
    expect(week).toMatchObject({ start: "2030-04-29", end: "2030-05-05", cost: 55 });
  });
});
