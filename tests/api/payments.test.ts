import { beforeAll, describe, expect, it } from "vitest";
import { call, client, signIn } from "../support/api.js";
import { company, fleetReference } from "./fleet-support.js";
import { addDays, todayInLondon } from "../../core/platform/dates.js";

const { Facet } = await import("../../core/platform/service.js");

let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;
const today = todayInLondon();

/**
 * The contact's payment balance facets (A3), pence by value: what the
 * invoices' balance reader sums. Read as items, so a value moved back to 0
 * shows as 0.
 */
async function balance(contactId: number) {
  const res: any = await Facet.query.byFacet({ facet: `payment#bal#${contactId}` }).go({ pages: "all" } as any);
  const out: Record<string, number> = {};
  for (const f of res.data as Array<{ value: string; live?: number }>) out[f.value] = f.live ?? 0;
  return out;
}

beforeAll(async () => {
  api = client(await signIn("accounts@vanco.co.uk", "Ana"));
  ref = await fleetReference(api);
  for (const name of ["Workshop", "Rentals", "Part Orders", "Vehicles", "Misc"]) await api.post("costcentre", { name });
});

const pay = (extra: Record<string, unknown>) => api.post("payments", { contact: ref.bolt.id, amount: 100, payment_date: today, ...extra });

describe("POST payments (003 §5, §7: one call per bulk row)", () => {
  it("defaults BACS and department 1; answers the contact, department and cost centre by name", async () => {
    const made = await pay({ amount: 250.5 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ payment_type: "BACS", department: { id: 1, name: "DIRECT VAN HIRE" }, contact: { id: ref.bolt.id, display_name: "Bolt Couriers" }, amount: 250.5, state: "UNPAID", date_paid: null });
    expect(made.body.department.id).toBe(ref.hire.id);
  });

  it("refuses a row without contact, payment date or amount with 'Please fill in all fields', naming each; nothing is written", async () => {
    const before = (await api.get("payments?view=all")).body.count;
    const res = await api.post("payments", { payment_type: "CASH" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Please fill in all fields", errors: { contact: "Please fill in all fields", payment_date: "Please fill in all fields", amount: "Please fill in all fields" } });
    expect((await pay({ amount: 0 })).body.message).toBe("Amount must be more than 0");
    expect((await pay({ payment_type: "CHEQUE" })).status).toBe(400);
    expect((await api.get("payments?view=all")).body.count).toBe(before);
  });

  it("takes DIRECT_DEBIT as DIRECT DEBIT; server fields sent by a client are ignored", async () => {
    const made = await pay({ payment_type: "direct_debit", trading_area: "rf", recurring_payment: 5, occurs: today, state: "PAID" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ payment_type: "DIRECT DEBIT", recurring_payment: null, occurs: null, state: "UNPAID" });
  });
});

describe("GET payments (A5): views, department, due-date bounds, colours", () => {
  let contact: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    contact = (await api.post("contacts", company("Views Haulage", "CC"))).body.id;
    const rows: Array<[string, string, number]> = [
      ["overdue", addDays(today, -3), ref.sales.id],
      ["today", today, ref.sales.id],
      ["soon", addDays(today, 7), ref.hire.id],
      ["later", addDays(today, 8), ref.sales.id],
      ["paid", addDays(today, -10), ref.sales.id],
    ];
    for (const [k, d, dept] of rows) ids[k] = (await api.post("payments", { contact, amount: 10, payment_date: d, department: dept, comments: k })).body.id;
    const paid = (await api.get(`payment/${ids.paid}`)).body;
    expect((await api.put(`payment/${ids.paid}`, { last_saved: paid.last_saved, date_paid: today })).status).toBe(200);
  });

  it("unpaid (default) soonest due first, coloured overdue / due within 7 days / otherwise green", async () => {
    const res = await api.get(`payments?department=${ref.sales.id}`);
    expect(res.status).toBe(200);
    const mine = res.body.results.filter((r: any) => r.contact.id === contact);
    expect(mine.map((r: any) => r.comments)).toEqual(["overdue", "today", "later"]);
    expect(mine.map((r: any) => r.colour)).toEqual(["overdue", "due", "green"]);
    const soon = (await api.get(`payment/${ids.soon}`)).body;
    expect(soon.colour).toBe("due");
  });

  it("paid and all views, each department's own list and count", async () => {
    const paid = (await api.get(`payments?view=paid&department=${ref.sales.id}`)).body;
    expect(paid.results.map((r: any) => r.id)).toContain(ids.paid);
    expect(paid.results.every((r: any) => r.state === "PAID" && r.colour === "green")).toBe(true);
    const hire = (await api.get(`payments?view=all&department=${ref.hire.id}`)).body;
    expect(hire.results.map((r: any) => r.id)).toContain(ids.soon);
    expect(hire.results.map((r: any) => r.id)).not.toContain(ids.overdue);
    const all = (await api.get("payments?view=all")).body;
    expect(all.count).toBe((await api.get("payments?view=paid")).body.count + (await api.get("payments?view=unpaid")).body.count);
  });

  it("due-date bounds (Select Filtered): both or 'Please enter due date start and end'; inclusive range of the view", async () => {
    const res = await api.get(`payments?department=${ref.sales.id}&start=${addDays(today, -3)}&end=${today}&page_size=1000`);
    expect(res.status).toBe(200);
    expect(res.body.results.filter((r: any) => r.contact.id === contact).map((r: any) => r.comments)).toEqual(["overdue", "today"]);
    for (const q of [`start=${today}`, `end=${today}`]) {
      const one = await api.get(`payments?${q}`);
      expect(one.status).toBe(400);
      expect(one.body.message).toBe("Please enter due date start and end");
    }
    expect((await api.get(`payments?start=${today}&end=${addDays(today, -1)}`)).status).toBe(400);
    expect((await api.get("payments?view=owing")).status).toBe(400);
  });

  it("answers 401 without a token", async () => {
    expect((await call("GET", "payments")).status).toBe(401);
    expect((await call("GET", `payment/${ids.paid}`)).status).toBe(401);
    expect((await call("PUT", `payment/${ids.paid}`, { body: {} })).status).toBe(401);
    expect((await call("DELETE", `payment/${ids.paid}`)).status).toBe(401);
  });
});

describe("PUT and DELETE payment/{id}: marking paid moves the contact's balance facet (A3, A15)", () => {
  it("paid: -amount on total and the department's trading area; unpaid again puts it back; stale saves get 409", async () => {
    const contact = (await api.post("contacts", company("Balance Vans", "CC"))).body.id;
    const a = (await api.post("payments", { contact, amount: 120.25, payment_date: today, department: ref.sales.id })).body;
    const b = (await api.post("payments", { contact, amount: 79.75, payment_date: today, department: ref.rentals.id })).body;
    expect(await balance(contact)).toEqual({});
    const paidA = await api.put(`payment/${a.id}`, { last_saved: a.last_saved, date_paid: today });
    expect(paidA.status, JSON.stringify(paidA.body)).toBe(200);
    expect(paidA.body).toMatchObject({ state: "PAID", date_paid: today, colour: "green" });
    const paidB = await api.put(`payment/${b.id}`, { ...b, date_paid: today });
    expect(paidB.status, JSON.stringify(paidB.body)).toBe(200);
    // Van sales direct counts against vsd; rentals direct is van hire (dvh).
    expect(await balance(contact)).toEqual({ total: -20000, vsd: -12025, dvh: -7975 });
    // Stale: 409 with the edited-elsewhere message, nothing changed.
    const stale = await api.put(`payment/${a.id}`, { last_saved: a.last_saved, date_paid: null });
    expect(stale.status).toBe(409);
    expect(await balance(contact)).toEqual({ total: -20000, vsd: -12025, dvh: -7975 });
    // Missing last_saved: 400.
    expect((await api.put(`payment/${a.id}`, { date_paid: null })).status).toBe(400);
    // Unmarked: the amount is back.
    const back = await api.put(`payment/${a.id}`, { last_saved: paidA.body.last_saved, date_paid: null });
    expect(back.status).toBe(200);
    expect(await balance(contact)).toEqual({ total: -7975, vsd: 0, dvh: -7975 });
    // Deleting a paid payment reverses its effect in the same unit; an unpaid one moves nothing.
    expect((await api.del(`payment/${b.id}`)).status).toBe(200);
    expect(await balance(contact)).toEqual({ total: 0, vsd: 0, dvh: 0 });
    expect((await api.get(`payment/${b.id}`)).status).toBe(404);
    expect((await api.del(`payment/${a.id}`)).status).toBe(200);
    expect(await balance(contact)).toEqual({ total: 0, vsd: 0, dvh: 0 });
  });

  it("a paid payment moved to another department moves its amount between trading areas", async () => {
    const contact = (await api.post("contacts", company("Mover Ltd", "CC"))).body.id;
    const p = (await api.post("payments", { contact, amount: 50, payment_date: today, department: ref.hire.id })).body;
    const paid = (await api.put(`payment/${p.id}`, { last_saved: p.last_saved, date_paid: today })).body;
    expect(await balance(contact)).toEqual({ total: -5000, dvh: -5000 });
    const moved = await api.put(`payment/${p.id}`, { last_saved: paid.last_saved, department: ref.sales.id });
    expect(moved.status).toBe(200);
    expect(await balance(contact)).toEqual({ total: -5000, dvh: 0, vsd: -5000 });
  });

  it("bad input changes nothing: an unknown payment, a refused field", async () => {
    expect((await api.get("payment/999999")).status).toBe(404);
    const p = (await pay({})).body;
    const bad = await api.put(`payment/${p.id}`, { last_saved: p.last_saved, amount: -4 });
    expect(bad.status).toBe(400);
    expect((await api.get(`payment/${p.id}`)).body.amount).toBe(100);
    const emptied = await api.put(`payment/${p.id}`, { last_saved: p.last_saved, contact: null });
    expect(emptied.status).toBe(400);
    expect(emptied.body.message).toBe("Please fill in all fields");
  });
});

describe("A6: a PAID payment naming an invoice reduces that invoice's outstanding", () => {
  it("marking paid takes the amount off; unpaid, a changed amount or number, and delete move it back", async () => {
    // A payment moves only an approved invoice (issue 22, core/accounts/invariants.ts paymentOnApproved).
    const nominal = (await api.post("nominal", { name: "Sales", code: "200", tax_type: "OUTPUT2" })).body;
    const raised = (await api.post("invoices", { customer: ref.acme.id, department: ref.hire.id, amount: 1000, no_vat_amount: 50, vat_nominal_code: nominal.id, no_vat_nominal_code: nominal.id, invoice_date: today })).body;
    const readied = (await api.put("invoiceready", [{ id: raised.id, last_saved: raised.last_saved }])).body.results[0];
    const approved = await api.put("invoiceapprove", [{ id: readied.id, last_saved: readied.last_saved }]);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const inv = approved.body.results[0];
    expect(inv.outstanding, JSON.stringify(inv)).toBe(1250);
    const outstanding = async () => (await api.get(`invoices/${inv.id}`)).body.outstanding;
    const p = (await api.post("payments", { contact: ref.acme.id, amount: 400, payment_date: today, invoice_number: inv.invoice_number.toLowerCase() })).body;
    expect(await outstanding()).toBe(1250);
    const paid = (await api.put(`payment/${p.id}`, { last_saved: p.last_saved, date_paid: today })).body;
    expect(await outstanding()).toBe(850);
    const more = (await api.put(`payment/${p.id}`, { last_saved: paid.last_saved, amount: 450.5 })).body;
    expect(await outstanding()).toBe(799.5);
    // A second payment made paid at once (POST with date_paid).
    const q = (await api.post("payments", { contact: ref.acme.id, amount: 99.5, payment_date: today, date_paid: today, invoice_number: inv.invoice_number })).body;
    expect(await outstanding()).toBe(700);
    // Moved to a number no invoice holds: the invoice gets its amount back.
    const moved = (await api.put(`payment/${p.id}`, { last_saved: more.last_saved, invoice_number: "EXT-1" })).body;
    expect(await outstanding()).toBe(1150.5);
    const unpaid = await api.put(`payment/${moved.id}`, { last_saved: moved.last_saved, date_paid: null, invoice_number: inv.invoice_number });
    expect(unpaid.status).toBe(200);
    expect(await outstanding()).toBe(1150.5);
    expect((await api.del(`payment/${q.id}`)).status).toBe(200);
    expect(await outstanding()).toBe(1250);
  });
});
