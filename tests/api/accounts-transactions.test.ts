import { beforeAll, describe, expect, it } from "vitest";
import { call, client, signIn } from "../support/api.js";
import { company, ok } from "./fleet-support.js";
import { handler as repeatingRun } from "../../functions/cron/repeating-transactions.js";
import { todayInLondon, weekOf, addDays } from "../../core/platform/dates.js";

/**
 * Income and expenses (003 §2, §4, §5, §7 Transactions; docs/data-model.md
 * §8.1 Transaction, A8, A9, A13): every call through the real app.
 */

let api: ReturnType<typeof client>;
let full: any;
let partial: any;
let nominal20: any;
let nominal0: any;
let workshop: any;
let misc: any;
let dvh: any;
let rf: any;

const M = {
  nominal: "Transaction Nominal Code is required",
  fullContact: "Contact must be a full contact",
  invoice: "You must specify an invoice date and invoice number before approving!",
  none: "You cannot approve 0 transactions",
  descAmount: "You must specify a Description and Amount!",
  dateDescAmount: "You must specify an Invoice Date, Description and Amount!",
};

beforeAll(async () => {
  api = client(await signIn("accounts@vanco.co.uk", "Ana"));
  full = await ok(api.post("contacts", company("Acme Builders Ltd", "CC")));
  partial = await ok(api.post("contacts", { ...company("Half Done Ltd", "CC"), partial_contact: true }));
  nominal20 = await ok(api.post("nominal", { code: "400", name: "Fuel", tax_type: "INPUT2" }));
  nominal0 = await ok(api.post("nominal", { code: "401", name: "Insurance", tax_type: "EXEMPTINPUT" }));
  workshop = await ok(api.post("costcentre", { name: "Workshop" }));
  misc = await ok(api.post("costcentre", { name: "Misc" }));
  dvh = await ok(api.post("createdepartment", { name: "DIRECT VAN HIRE" }));
  rf = await ok(api.post("createdepartment", { name: "RAPID FIT" }));
});

const tx = (extra: Record<string, unknown> = {}) => ({ type: "OUT", date: "2030-03-06", description: "Diesel", amount: 100, ...extra });

describe("POST transactions", () => {
  it("adds a transaction: vat 20% of the amount, invoice total = amount x (1 + VAT%), references as objects", async () => {
    const made = await api.post("transactions", tx({ contact: full.id, cost_centre: workshop.id, department: dvh.id, nominal_code: nominal20.id, amount: 123.45 }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ type: "OUT", amount: 123.45, vat: 24.69, invoice_total: 148.14, approved: false, contact: { id: full.id, display_name: "Acme Builders Ltd" }, cost_centre: { name: "Workshop" } });
    expect(made.body.vat_warnings).toEqual([]);
    // An invoice amount with its own VAT percent: the total follows them.
    const inv = await api.post("transactions", tx({ invoice_amount: 50, invoice_vat: 5 }));
    expect(inv.body).toMatchObject({ invoice_amount: 50, invoice_vat: 5, invoice_total: 52.5 });
    const inv20 = await api.post("transactions", tx({ invoice_amount: 10.01 }));
    expect(inv20.body).toMatchObject({ invoice_vat: 20, invoice_total: 12.01 });
  });

  it("refuses without description and amount (and date unless repeating) with 003's messages; nothing is written", async () => {
    const before = (await api.get("transactions?type=OUT&page_size=1")).body.count;
    const a = await api.post("transactions", { type: "OUT", date: "2030-03-06", amount: 5 });
    expect(a.status).toBe(400);
    expect(a.body.message).toBe(M.dateDescAmount);
    expect(a.body.errors.description).toBe(M.dateDescAmount);
    const b = await api.post("transactions", { type: "OUT", description: "No date", amount: 5 });
    expect(b.body.message).toBe(M.dateDescAmount);
    const c = await api.post("transactions", { type: "OUT", repeating: true, frequency: "WEEKLY", description: "Rent" });
    expect(c.body.message).toBe(M.descAmount);
    const d = await api.post("transactions", { type: "BOTH", date: "2030-03-06", description: "x", amount: 1 });
    expect(d.status).toBe(400);
    const e = await api.post("transactions", tx({ contact: 999999 }));
    expect(e.status).toBe(400);
    expect((await api.get("transactions?type=OUT&page_size=1")).body.count).toBe(before);
    expect((await call("POST", "transactions", { body: tx() })).status).toBe(401);
  });

  it("warns when the VAT does not match the nominal code's", async () => {
    const mismatch = await api.post("transactions", tx({ nominal_code: nominal0.id, invoice_vat: 20 }));
    expect(mismatch.body.vat_warnings).toEqual(["Selected Vat and Nominal Vat do not match", "Vat entered does not match nominal vat"]);
    const entered = await api.post("transactions", tx({ nominal_code: nominal20.id, vat: 5 }));
    expect(entered.body.vat_warnings).toEqual(["Vat entered does not match nominal vat"]);
  });
});

describe("GET transactions (A9)", () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const mk = async (k: string, b: Record<string, unknown>) => (ids[k] = (await ok(api.post("transactions", b))).id);
    await mk("in1", { type: "IN", date: "2031-01-06", description: "Scrap metal sale", amount: 40, cost_centre: misc.id, department: dvh.id });
    await mk("in2", { type: "IN", date: "2031-01-12", description: "Insurance refund", amount: 60, cost_centre: workshop.id, department: rf.id, invoice_number: "INV-77" });
    await mk("in3", { type: "IN", date: "2031-01-13", description: "Sold tyres", amount: 25, cost_centre: misc.id, department: rf.id });
  });

  it("lists a type newest first, 25 a page, with counts; narrows by cost centre, department, approved", async () => {
    const all = await api.get("transactions?type=IN");
    expect(all.status).toBe(200);
    expect(all.body.results.map((r: any) => r.id).slice(0, 3)).toEqual([ids.in3, ids.in2, ids.in1]);
    expect(all.body.count).toBeGreaterThanOrEqual(3);
    expect((await api.get(`transactions?type=IN&cost_centre=${misc.id}`)).body.results.map((r: any) => r.id)).toEqual([ids.in3, ids.in1]);
    expect((await api.get(`transactions?type=IN&department=${rf.id}`)).body.results.map((r: any) => r.id)).toEqual([ids.in3, ids.in2]);
    expect((await api.get(`transactions?type=IN&department=${rf.id}&cost_centre=${workshop.id}`)).body).toMatchObject({ count: 1 });
    expect((await api.get("transactions?type=IN&approved=true")).body.count).toBe(0);
    expect((await api.get("transactions?type=IN&approved=false")).body.count).toBe(all.body.count);
    expect((await api.get("transactions?type=OUT")).body.results.every((r: any) => r.type === "OUT")).toBe(true);
    // Without a type: both (tests/api/accounts-transactions-both.test.ts).
    expect((await api.get("transactions")).status).toBe(200);
  });

  it("week view: Monday to Sunday of the dates given", async () => {
    const week = await api.get("transactions?type=IN&view=week&start_date=2031-01-06&finish_date=2031-01-12");
    expect(week.body.results.map((r: any) => r.id)).toEqual([ids.in2, ids.in1]);
    const next = await api.get("transactions?type=IN&view=week&start_date=2031-01-13");
    expect(next.body.results.map((r: any) => r.id)).toEqual([ids.in3]);
    expect((await api.get("transactions?type=IN&view=week&start_date=2031-01-13&finish_date=2031-01-06")).status).toBe(400);
  });

  it("search by description, contact name or invoice number; inv= one invoice number's", async () => {
    expect((await api.get("transactions?type=IN&search=insur")).body.results.map((r: any) => r.id)).toEqual([ids.in2]);
    expect((await api.get("transactions?type=IN&search=inv-77")).body.results.map((r: any) => r.id)).toEqual([ids.in2]);
    expect((await api.get(`transactions?type=IN&search=sold&department=${dvh.id}`)).body.count).toBe(0);
    expect((await api.get("transactions?inv=INV-77")).body.results.map((r: any) => r.id)).toEqual([ids.in2]);
    expect((await api.get("transactions?inv=nothing")).body.count).toBe(0);
  });
});

describe("PUT transactions/update/{id} and DELETE", () => {
  it("saves with last_saved (409 when stale, 400 without); type fixed", async () => {
    const made = await ok(api.post("transactions", tx({ description: "Tyres" })));
    const saved = await api.put(`transactions/update/${made.id}`, { amount: 200, last_saved: made.last_saved });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ amount: 200, vat: 40, invoice_total: 240 });
    expect((await api.put(`transactions/update/${made.id}`, { amount: 300, last_saved: made.last_saved })).status).toBe(409);
    expect((await api.put(`transactions/update/${made.id}`, { amount: 300 })).status).toBe(400);
    expect((await api.put(`transactions/update/${made.id}`, { type: "IN", last_saved: saved.body.last_saved })).status).toBe(400);
    expect((await api.get(`transactions/update/${made.id}`)).body.amount).toBe(200);
    expect((await api.del(`transactions/${made.id}`)).status).toBe(200);
    expect((await api.get(`transactions/update/${made.id}`)).status).toBe(404);
  });
});

describe("PUT transactions/update (approvals)", () => {
  it("refuses 0 transactions", async () => {
    const r = await api.put("transactions/update", []);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(M.none);
  });

  it("checks nominal code, full contact, invoice date and number; all-or-nothing", async () => {
    const good = await ok(api.post("transactions", tx({ contact: full.id, nominal_code: nominal20.id, invoice_date: "2030-03-06", invoice_number: "S-1" })));
    const noNominal = await ok(api.post("transactions", tx({ contact: full.id, invoice_date: "2030-03-06", invoice_number: "S-2" })));
    const part = await ok(api.post("transactions", tx({ contact: partial.id, nominal_code: nominal20.id, invoice_date: "2030-03-06", invoice_number: "S-3" })));
    const noInvoice = await ok(api.post("transactions", tx({ contact: full.id, nominal_code: nominal20.id })));
    const send = (...rows: any[]) => api.put("transactions/update", rows.map((r) => ({ id: r.id, last_saved: r.last_saved })));

    const a = await send(good, noNominal);
    expect(a.status).toBe(400);
    expect(a.body.message).toBe(M.nominal);
    expect(a.body.errors["1.nominal_code"]).toBe(M.nominal);
    expect((await api.get(`transactions/update/${good.id}`)).body.approved).toBe(false); // nothing approved
    expect((await send(part)).body.message).toBe(M.fullContact);
    expect((await send(noInvoice)).body.message).toBe(M.invoice);

    // The edited fields travel with the approval.
    const fixed = await api.put("transactions/update", [
      { id: good.id, last_saved: good.last_saved },
      { id: noInvoice.id, last_saved: noInvoice.last_saved, invoice_date: "2030-03-07", invoice_number: "S-4" },
    ]);
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.count).toBe(2);
    const approved = (await api.get(`transactions/update/${noInvoice.id}`)).body;
    expect(approved).toMatchObject({ approved: true, invoice_number: "S-4", approver: { first_name: "Ana" } });
    expect((await api.get("transactions?type=OUT&approved=true")).body.results.map((r: any) => r.id).sort()).toEqual([good.id, noInvoice.id].sort());
  });

  it("an approved transaction is locked: no save, no delete, no second approval", async () => {
    const t = await ok(api.post("transactions", tx({ contact: full.id, nominal_code: nominal20.id, invoice_date: "2030-03-06", invoice_number: "L-1" })));
    const [done] = (await ok(api.put("transactions/update", [{ id: t.id, last_saved: t.last_saved }]))).results;
    const save = await api.put(`transactions/update/${t.id}`, { nominal_code: nominal0.id, last_saved: done.last_saved });
    expect(save.status).toBe(400);
    expect(save.body.message).toBe("This transaction is approved and can no longer be changed");
    const del = await api.del(`transactions/${t.id}`);
    expect(del.status).toBe(400);
    expect(del.body.message).toBe("This transaction is approved and cannot be deleted");
    expect((await api.put("transactions/update", [{ id: t.id, last_saved: done.last_saved }])).status).toBe(400);
    expect((await api.get(`transactions/update/${t.id}`)).body.nominal_code.id).toBe(nominal20.id);
  });

  it("an approved transaction is credited through POST credit (kind TRANSACTION, its contact); not approved or too much is refused", async () => {
    const t = await ok(api.post("transactions", tx({ type: "IN", contact: full.id, department: dvh.id, nominal_code: nominal20.id, invoice_date: "2030-03-06", invoice_number: "CR-1", amount: 80 })));
    const early = await api.post("credit", { transaction: t.id, amount: 10, description: "Refund" });
    expect(early.status).toBe(400);
    expect(early.body).toEqual({ message: "Only an approved transaction can be credited", errors: { transaction: "Only an approved transaction can be credited" } });
    await ok(api.put("transactions/update", [{ id: t.id, last_saved: t.last_saved }]));
    const tooMuch = await api.post("credit", { transaction: t.id, amount: 80.01, description: "Refund" });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe("The credit is more than is left to credit (£80.00)");
    const made = await api.post("credit", { transaction: t.id, amount: 30, description: "Refund" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ kind: "TRANSACTION", transaction: t.id, party: "CUSTOMER", amount: 30, approved: false });
    expect(made.body.credit_note_number).toMatch(/^CN\d{5}$/);
    const listed = await ok(api.get("credit?view=TRANSACTION&page_size=100"));
    expect(listed.results.map((c: any) => c.id)).toContain(made.body.id);
    // An expense is a purchase credit from its supplier; a missing transaction is named.
    const out = await ok(api.post("transactions", tx({ contact: full.id, nominal_code: nominal20.id, invoice_date: "2030-03-06", invoice_number: "CR-2" })));
    await ok(api.put("transactions/update", [{ id: out.id, last_saved: out.last_saved }]));
    expect((await ok(api.post("credit", { transaction: out.id, amount: 5 }))).party).toBe("SUPPLIER");
    expect((await api.post("credit", { transaction: 999999, amount: 5 })).body.message).toBe("Transaction 999999 does not exist");
  });

  it("a stale approval is 409 and approves nothing", async () => {
    const t = await ok(api.post("transactions", tx({ contact: full.id, nominal_code: nominal20.id, invoice_date: "2030-03-06", invoice_number: "L-2" })));
    await ok(api.put(`transactions/update/${t.id}`, { comments: "changed", last_saved: t.last_saved }));
    expect((await api.put("transactions/update", [{ id: t.id, last_saved: t.last_saved }])).status).toBe(409);
    expect((await api.get(`transactions/update/${t.id}`)).body.approved).toBe(false);
  });
});

describe("GET transactions/figures (A8)", () => {
  it("adds up income and expenses per cost centre over the period, approved or not, templates never", async () => {
    const d = "2032-05";
    await ok(api.post("transactions", { type: "IN", date: `${d}-03`, description: "a", amount: 10.1, cost_centre: workshop.id, department: dvh.id }));
    await ok(api.post("transactions", { type: "IN", date: `${d}-04`, description: "b", amount: 0.2, cost_centre: workshop.id, department: rf.id }));
    await ok(api.post("transactions", { type: "OUT", date: `${d}-04`, description: "c", amount: 5, cost_centre: misc.id, department: dvh.id }));
    await ok(api.post("transactions", { type: "OUT", date: `${d}-20`, description: "later", amount: 1000, cost_centre: misc.id, department: dvh.id }));
    await ok(api.post("transactions", { type: "OUT", repeating: true, frequency: "MONTHLY", date: `${d}-04`, description: "template", amount: 999, cost_centre: misc.id }));
    const f = await api.get(`transactions/figures?start=${d}-01&end=${d}-07`);
    expect(f.status).toBe(200);
    expect(f.body).toMatchObject({ total_in: 10.3, total_out: 5 });
    expect(f.body.categories).toEqual([
      { id: misc.id, name: "Misc", in: 0, out: 5 },
      { id: workshop.id, name: "Workshop", in: 10.3, out: 0 },
    ]);
    expect((await api.get(`transactions/figures?start=${d}-01&end=${d}-07&department=${dvh.id}`)).body).toMatchObject({ total_in: 10.1, total_out: 5 });
    // A week across two months reads both.
    expect((await api.get(`transactions/figures?start=2032-04-28&end=${d}-04`)).body.total_in).toBe(10.3);
    expect((await api.get(`transactions/figures?start=2030-01-01&end=2032-01-01`)).status).toBe(400);
  });
});

describe("repeating transactions and the scheduled run (A13)", () => {
  it("a template shows only in the repeating panel; the run creates each due date once, however often it runs", async () => {
    const start = "2033-01-31";
    const tpl = await api.post("transactions", { type: "OUT", repeating: true, frequency: "MONTHLY", date: start, description: "Unit rent", amount: 500, cost_centre: misc.id, department: dvh.id });
    expect(tpl.status, JSON.stringify(tpl.body)).toBe(201);
    expect(tpl.body).toMatchObject({ repeating: true, next_date: start });
    expect((await api.get(`transactions?type=OUT&repeating=true&cost_centre=${misc.id}`)).body.results.map((r: any) => r.id)).toContain(tpl.body.id);
    expect((await api.get("transactions?type=OUT&search=unit rent")).body.count).toBe(0);

    const mine = async () => (await api.get("transactions?type=OUT&search=unit rent")).body.results as any[];
    await repeatingRun({ date: "2033-03-31" });
    expect((await mine()).length).toBe(3);
    const again = await repeatingRun({ date: "2033-03-31" });
    expect(again.ok).toBe(true);
    expect((await mine()).length).toBe(3);
    // Two runs at once still make each once.
    await Promise.all([repeatingRun({ date: "2033-04-30" }), repeatingRun({ date: "2033-04-30" })]);
    expect((await mine()).length).toBe(4);
    const made = (await api.get("transactions?type=OUT&search=unit rent")).body.results;
    expect(made.map((r: any) => r.date).sort()).toEqual(["2033-01-31", "2033-02-28", "2033-03-31", "2033-04-30"]);
    expect(made.every((r: any) => r.template === tpl.body.id && r.approved === false && r.repeating === false)).toBe(true);
    // hiderecurring hides them.
    const hidden = (await api.get(`transactions?type=OUT&hiderecurring=true&view=week&start_date=2033-02-28`)).body.results;
    expect(hidden.map((r: any) => r.template)).not.toContain(tpl.body.id);
    expect((await api.get(`transactions/update/${tpl.body.id}`)).body.next_date).toBe("2033-05-31");
  });

  it("a weekly template started today gets today's transaction from the handler's own date", async () => {
    const today = todayInLondon();
    const tpl = await ok(api.post("transactions", { type: "IN", repeating: true, frequency: "WEEKLY", description: "Weekly yard let", amount: 70 }));
    expect(tpl.date).toBe(today);
    await repeatingRun();
    const week = weekOf(today);
    const rows = (await api.get(`transactions?type=IN&view=week&start_date=${week.start}&finish_date=${week.end}&search=weekly yard`)).body.results;
    expect(rows.map((r: any) => r.date)).toEqual([today]);
    expect((await api.get(`transactions/update/${tpl.id}`)).body.next_date).toBe(addDays(today, 7));
  });
});
