import { beforeAll, describe, expect, it } from "vitest";
import { call, client, signIn } from "../support/api.js";
import { CREDIT_MESSAGES } from "../../core/accounts/credit-definitions.js";
import { INVOICE_MESSAGES } from "../../core/accounts/invoice-definitions.js";
import { todayInLondon, addDays } from "../../core/platform/dates.js";
import { company, fleetReference, ok } from "./fleet-support.js";

/**
 * Invoices, credit notes and customer balances (003 §2 Invoicing page,
 * Credit Notes, Customer Account Balance; §4, §5, §7, §9; docs/data-model.md
 * §8): every call through the real app against DynamoDB Local.
 */

let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;
const x: Record<string, any> = {};

beforeAll(async () => {
  api = client(await signIn("accounts@vanco.co.uk", "Ana"));
  ref = await fleetReference(api);
  x.sales = await ok(api.post("nominal", { name: "Sales", code: "200", tax_type: "OUTPUT2" }));
  x.exempt = await ok(api.post("nominal", { name: "Exempt sales", code: "210", tax_type: "EXEMPTOUTPUT" }));
  x.partial = await ok(api.post("contacts", { display_name: "Half Done Ltd", company_name: "Half Done Ltd", company_phone: "0115 496 0000", company_email: "a@half.co.uk", sale_account_code: "04" }));
  x.monthEnd = await ok(api.post("contacts", { ...company("Month End Motors", "CC"), payment_terms: "Month End", payment_term_days: 14 }));
  x.balance = await ok(api.post("contacts", { ...company("Balance Builders", "CC"), opening_balance: 100 }));
});

/** A sale invoice ready for approval (the fields 003 §5 wants). */
const invoice = (extra: Record<string, unknown> = {}) => ({ customer: ref.acme.id, department: ref.hire.id, amount: 100, no_vat_amount: 0, vat_nominal_code: x.sales.id, invoice_date: "2030-03-10", description: "Hire", ...extra });
const ready = async (inv: any) => (await ok(api.put("invoiceready", [{ id: inv.id, last_saved: inv.last_saved }]))).results[0];
const approve = (inv: any) => api.put("invoiceapprove", [{ id: inv.id, last_saved: inv.last_saved }]);

describe("invoices: totals, due dates, lists (003 §9; docs/data-model.md §8)", () => {
  it("answers VAT 20% and total 1.2 x amount + no-VAT amount; due date from the customer's payment terms", async () => {
    const inv = await ok(api.post("invoices", invoice({ amount: 1000, no_vat_amount: 45.5 })));
    expect(inv).toMatchObject({ src: "SALES", istate: "NOTAPPROVED", vat: 200, total: 1245.5, outstanding: 1245.5, payment_date: "2030-04-09" });
    const eom = await ok(api.post("invoices", invoice({ customer: x.monthEnd.id, invoice_date: "2030-02-10" })));
    expect(eom.payment_date).toBe("2030-03-14");
  });

  it("lists by activeView, view and department, newest invoice date first; searches by number and customer; filters by customer", async () => {
    const a = await ok(api.post("invoices", invoice({ customer: ref.bolt.id, department: ref.sales.id, invoice_date: "2030-05-01" })));
    const b = await ok(api.post("invoices", invoice({ customer: ref.bolt.id, department: ref.sales.id, invoice_date: "2030-05-03" })));
    const sales = await ok(api.get(`invoices?activeView=sales&view=not_approved&department=${ref.sales.id}`));
    expect(sales.results.map((r: any) => r.id).slice(0, 2)).toEqual([b.id, a.id]);
    expect((await ok(api.get(`invoices?activeView=movement&department=${ref.sales.id}`))).count).toBe(0);
    await ready(a);
    expect((await ok(api.get(`invoices?activeView=sales&view=ready&department=${ref.sales.id}`))).results.map((r: any) => r.id)).toEqual([a.id]);
    expect((await ok(api.get(`invoices?activeView=sales&view=not_approved&department=${ref.sales.id}`))).results.map((r: any) => r.id)).toEqual([b.id]);
    const byCustomer = await ok(api.get(`invoices?activeView=sales&customer=${ref.bolt.id}`));
    expect(byCustomer.results.map((r: any) => r.id)).toEqual([b.id, a.id]);
    const byName = await ok(api.get(`invoices?activeView=sales&search=bolt`));
    expect(byName.results.map((r: any) => r.id)).toEqual([b.id, a.id]);
    const byNumber = await ok(api.get(`invoices?search=${a.invoice_number}`));
    expect(byNumber.results.map((r: any) => r.id)).toEqual([a.id]);
    expect((await api.get("invoices?activeView=rentals")).status).toBe(400);
    expect((await call("GET", "invoices")).status).toBe(401);
  });
});

describe("a customer's invoices in a view (the customer filter)", () => {
  it("pages the customer's own list of that source and state: counts exact, 25 a page, a state change moves the invoice between views", async () => {
    const customer = (await ok(api.post("contacts", { display_name: "Paging Customer Ltd", contact_type: "CC", company_name: "Paging Customer Ltd", company_phone: "0121 496 0009", company_email: "accounts@paging.co.uk", hire_account_code: "01" }))).id;
    const made = [];
    for (let i = 0; i < 27; i++) made.push(await ok(api.post("invoices", invoice({ customer, department: ref.sales.id, invoice_date: `2031-01-${String(i + 1).padStart(2, "0")}` }))));
    const first = await ok(api.get(`invoices?activeView=sales&view=not_approved&customer=${customer}`));
    expect(first.count).toBe(27);
    expect(first.results).toHaveLength(25);
    expect(first.results[0].id).toBe(made[26].id);
    const second = await ok(api.get(`invoices?activeView=sales&view=not_approved&customer=${customer}&page=2`));
    expect(second.results.map((r: any) => r.id)).toEqual([made[1].id, made[0].id]);
    expect((await ok(api.get(`invoices?activeView=hire&customer=${customer}`))).count).toBe(0);
    await ready(made[0]);
    expect((await ok(api.get(`invoices?activeView=sales&view=ready&customer=${customer}`))).results.map((r: any) => r.id)).toEqual([made[0].id]);
    expect((await ok(api.get(`invoices?activeView=sales&view=not_approved&customer=${customer}`))).count).toBe(26);
    expect((await ok(api.get(`invoices?customer=${customer}`))).count).toBe(27);
    // With a department too: the customer's list narrowed by it.
    expect((await ok(api.get(`invoices?activeView=sales&customer=${customer}&department=${ref.sales.id}`))).count).toBe(27);
    expect((await ok(api.get(`invoices?activeView=sales&customer=${customer}&department=${ref.hire.id}`))).count).toBe(0);
  });
});

describe("ready and approve (003 §4, §5)", () => {
  it("refuses approval with each 003 §5 message and writes nothing", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ customer: x.partial.id }, INVOICE_MESSAGES.customerNotSetUp],
      [{ vat_nominal_code: null }, INVOICE_MESSAGES.vatNominalRequired],
      [{ no_vat_amount: 20 }, INVOICE_MESSAGES.noVatNominalRequired],
      [{ invoice_date: null }, INVOICE_MESSAGES.invoiceDateRequired],
    ];
    for (const [extra, message] of cases) {
      const inv = await ready(await ok(api.post("invoices", invoice(extra))));
      const res = await approve(inv);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
      expect((await ok(api.get(`invoices/${inv.id}`))).istate).toBe("READY");
    }
    expect(INVOICE_MESSAGES.customerNotSetUp).toBe("The customer must be fully setup");
    expect(INVOICE_MESSAGES.invoiceDateRequired).toBe("Invoice Date is required");
  });

  it("a batch with one refused invoice approves none; not ready is refused; a stale last_saved is 409", async () => {
    const good = await ready(await ok(api.post("invoices", invoice())));
    const bad = await ready(await ok(api.post("invoices", invoice({ vat_nominal_code: null }))));
    const res = await api.put("invoiceapprove", [good, bad].map((i) => ({ id: i.id, last_saved: i.last_saved })));
    expect(res.status).toBe(400);
    expect((await ok(api.get(`invoices/${good.id}`))).approved).toBe(false);
    const fresh = await ok(api.post("invoices", invoice()));
    expect((await approve(fresh)).body.message).toBe(INVOICE_MESSAGES.notReady);
    expect((await api.put("invoiceready", [{ id: fresh.id, last_saved: "2020-01-01T00:00:00.000Z" }])).status).toBe(409);
    expect((await api.put("invoiceready", [])).status).toBe(400);
  });

  it("approves: approver's name recorded, read-only (save and delete refused), in the customer's unpaid list", async () => {
    const inv = await ready(await ok(api.post("invoices", invoice({ invoice_number: null }))));
    const res = await approve(inv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const done = res.body.results[0];
    expect(done).toMatchObject({ approved: true, istate: "APPROVED", approver: { first_name: "Ana", email: "accounts@vanco.co.uk" } });
    const save = await api.put(`invoices/${done.id}`, { ...done, description: "Changed" });
    expect(save.status).toBe(400);
    expect(save.body.message).toBe(INVOICE_MESSAGES.approvedLocked);
    const del = await api.del(`invoices/${done.id}`);
    expect(del.status).toBe(400);
    expect(del.body.message).toBe(INVOICE_MESSAGES.approvedNoDelete);
    expect((await ok(api.get(`invoices/${done.id}`))).description).toBe("Hire");
    expect((await ok(api.get(`invoices?view=approved&customer=${ref.acme.id}`))).results.some((r: any) => r.id === done.id)).toBe(true);
  });

  it("a not approved invoice saves (409 when stale) and deletes", async () => {
    const inv = await ok(api.post("invoices", invoice()));
    const saved = await ok(api.put(`invoices/${inv.id}`, { ...inv, amount: 250 }));
    expect(saved).toMatchObject({ amount: 250, total: 300 });
    expect((await api.put(`invoices/${inv.id}`, { ...inv, amount: 1 })).status).toBe(409);
    expect((await api.del(`invoices/${inv.id}`)).status).toBe(200);
    expect((await api.get(`invoices/${inv.id}`)).status).toBe(404);
  });

  it("10 simultaneous approvals of raised invoices give 10 distinct numbers of their prefix (A1)", async () => {
    // Movement invoices are raised without a number: each takes the next TR number on approval.
    const made = [];
    for (let i = 0; i < 10; i++) {
      const m = await ok(api.post("movement", { customer: ref.acme.id, department: ref.hire.id, cost_override: true, cost: 50 + i, delivery_date: "2030-06-01" }));
      await ok(api.put(`movementcomplete/${m.id}`, { last_saved: m.last_saved, tracking_option: await trackingOption() }));
      const inv = (await ok(api.get(`invoices?activeView=movement&search=acme&view=not_approved`))).results.find((r: any) => r.movement === m.id);
      expect(inv, `movement ${m.id} raised its invoice`).toBeTruthy();
      expect(inv).toMatchObject({ src: "MOVEMENT", amount: 50 + i, customer: ref.acme.id, invoice_number: null });
      made.push(await ready(await ok(api.put(`invoices/${inv.id}`, { ...inv, vat_nominal_code: x.sales.id }))));
    }
    const answers = await Promise.all(made.map((inv) => approve(inv)));
    expect(answers.map((a) => a.status)).toEqual(made.map(() => 200));
    const numbers = answers.map((a) => a.body.results[0].invoice_number);
    expect(new Set(numbers).size).toBe(10);
    for (const n of numbers) expect(n).toMatch(/^TR\d{5}$/);
  });

  it("an issued number someone typed on another invoice is skipped (A1)", async () => {
    const m = await ok(api.post("movement", { customer: ref.acme.id, department: ref.hire.id, cost_override: true, cost: 70, delivery_date: "2030-06-02" }));
    await ok(api.put(`movementcomplete/${m.id}`, { last_saved: m.last_saved, tracking_option: await trackingOption() }));
    const inv = (await ok(api.get(`invoices?activeView=movement&view=not_approved&search=acme`))).results.find((r: any) => r.movement === m.id);
    const last = (await ok(api.get(`invoices?activeView=movement&view=approved`))).results.map((r: any) => Number(r.invoice_number.slice(2))).sort((a: number, b: number) => b - a)[0];
    const next = `TR${String(last + 1).padStart(5, "0")}`;
    await ok(api.post("invoices", invoice({ invoice_number: next })));
    const r = await ready(await ok(api.put(`invoices/${inv.id}`, { ...inv, vat_nominal_code: x.sales.id })));
    const done = (await ok(approve(r))).results[0];
    expect(done.invoice_number).toBe(`TR${String(last + 2).padStart(5, "0")}`);
  });

  it("a movement from a job or without a cost raises no invoice", async () => {
    const m = await ok(api.post("movement", { customer: ref.acme.id, department: ref.hire.id, cost_override: true, cost: 0, delivery_date: "2030-06-03" }));
    await ok(api.put(`movementcomplete/${m.id}`, { last_saved: m.last_saved, tracking_option: await trackingOption() }));
    expect((await ok(api.get(`invoices?activeView=movement&customer=${ref.acme.id}`))).results.some((r: any) => r.movement === m.id)).toBe(false);
  });
});

let option: number | null = null;
async function trackingOption() {
  if (!option) option = (await ok(api.post("createtrackingcategory", { name: "Depot", options: [{ name: "Birmingham" }] }))).options[0].id;
  return option;
}

describe("credit notes (003 §4, §5, §7; A10)", () => {
  const approvedInvoice = async (extra: Record<string, unknown> = {}) => (await ok(approve(await ready(await ok(api.post("invoices", invoice(extra))))))).results[0];

  it("creates a CN-numbered credit of an approved invoice; refuses an unapproved invoice, no amount, no link, an unknown record, too much", async () => {
    const inv = await approvedInvoice({ department: ref.sales.id });
    const made = await ok(api.post("credit", { invoice: inv.id, amount: 10, description: "Damaged panel" }));
    expect(made).toMatchObject({ kind: "SALE", contact: ref.acme.id, party: "CUSTOMER", department: ref.sales.id, cstate: "NOTAPPROVED", total: 12 });
    expect(made.credit_note_number).toMatch(/^CN\d{5}$/);
    const open = await ok(api.post("invoices", invoice()));
    expect((await api.post("credit", { invoice: open.id, amount: 5 })).body.message).toBe(CREDIT_MESSAGES.invoiceNotApproved);
    expect((await api.post("credit", { invoice: inv.id })).body.message).toBe("At least one of Amount or No VAT Amount are required");
    expect((await api.post("credit", { amount: 5 })).body.message).toBe(CREDIT_MESSAGES.oneLink);
    expect((await api.post("credit", { invoice: 999999, amount: 5 })).body.message).toBe("Invoice 999999 does not exist");
    expect((await api.post("credit", { work_item: 999999, amount: 5 })).body.message).toBe("Work item 999999 does not exist");
    expect((await api.post("credit", { invoice: inv.id, amount: 101 })).body.message).toBe(CREDIT_MESSAGES.tooMuch(120));
  });

  it("ready then approve with 003 §5 messages; approval reduces the invoice's outstanding; approved credits refuse edit and delete", async () => {
    const inv = await approvedInvoice();
    let c = await ok(api.post("credit", { invoice: inv.id, amount: 50 }));
    expect((await api.put("creditapprove", [{ id: c.id, last_saved: c.last_saved }])).body.message).toBe(CREDIT_MESSAGES.notReady);
    c = (await ok(api.put("creditready", [{ id: c.id, last_saved: c.last_saved }]))).results[0];
    let res = await api.put("creditapprove", [{ id: c.id, last_saved: c.last_saved }]);
    expect(res.body.message).toBe("Date Issued and Nominal Code are required before approving");
    c = await ok(api.put(`credit/${c.id}`, { ...c, vat_nominal_code: x.sales.id }));
    res = await api.put("creditapprove", [{ id: c.id, last_saved: c.last_saved }]);
    expect(res.body.message).toBe("Date Issued is required");
    c = await ok(api.put(`credit/${c.id}`, { ...c, date_issued: "2030-03-20" }));
    res = await api.put("creditapprove", [{ id: c.id, last_saved: c.last_saved }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const done = res.body.results[0];
    expect(done).toMatchObject({ approved: true, cstate: "APPROVED", approver: { first_name: "Ana" } });
    expect((await ok(api.get(`invoices/${inv.id}`))).outstanding).toBe(60);
    expect((await api.put(`credit/${done.id}`, { ...done, description: "x" })).body.message).toBe(CREDIT_MESSAGES.approvedLocked);
    expect((await api.del(`credit/${done.id}`)).body.message).toBe(CREDIT_MESSAGES.approvedNoDelete);
    expect((await ok(api.get(`credit/${done.id}`))).description).toBe(null);
  });

  it("lists by approved state, view (kind) and department; a not approved credit deletes", async () => {
    const inv = await approvedInvoice({ department: ref.rentals.id });
    const c = await ok(api.post("credit", { invoice: inv.id, amount: 1, date_issued: "2030-04-01" }));
    const list = await ok(api.get(`credit?approved=not_approved&view=SALE&department=${ref.rentals.id}`));
    expect(list.results.map((r: any) => r.id)).toEqual([c.id]);
    expect((await ok(api.get(`credit?approved=approved&department=${ref.rentals.id}`))).count).toBe(0);
    expect((await ok(api.get(`credit?view=MOVEMENT&department=${ref.rentals.id}`))).count).toBe(0);
    expect((await api.get("credit?approved=maybe")).status).toBe(400);
    expect((await api.del(`credit/${c.id}`)).status).toBe(200);
    expect((await ok(api.get(`credit?department=${ref.rentals.id}`))).count).toBe(0);
  });
});

describe("views by their 003 §2 labels' snake_case", () => {
  it("GET invoices view=ready_to_invoice / not_approved / approved / all; GET credit approved=ready_to_approve / true / false, view=vehicle_sale_invoice", async () => {
    const dept = await ok(api.post("createdepartment", { name: "LABEL DEPT" }));
    const rows = async (q: string) => (await ok(api.get(q))).results.map((r: any) => r.id);
    const a = await ready(await ok(api.post("invoices", invoice({ department: dept.id, invoice_date: "2030-06-01" }))));
    const b = await ok(api.post("invoices", invoice({ department: dept.id, invoice_date: "2030-06-02" })));
    expect(await rows(`invoices?view=ready_to_invoice&department=${dept.id}`)).toEqual([a.id]);
    expect(await rows(`invoices?view=Ready to Invoice&department=${dept.id}`)).toEqual([a.id]);
    expect(await rows(`invoices?view=not_approved&department=${dept.id}`)).toEqual([b.id]);
    expect(await rows(`invoices?view=all&department=${dept.id}`)).toEqual([b.id, a.id]);
    expect(await rows(`invoices?view=approved&department=${dept.id}`)).toEqual([]);
    const approved = (await ok(approve(a))).results[0];
    expect(await rows(`invoices?view=approved&department=${dept.id}`)).toEqual([approved.id]);
    expect((await api.get("invoices?view=ready_for_nothing")).status).toBe(400);

    const open = await ok(api.post("credit", { invoice: approved.id, amount: 1, date_issued: "2030-06-03" }));
    let readied = await ok(api.post("credit", { invoice: approved.id, amount: 2, date_issued: "2030-06-04", vat_nominal_code: x.sales.id }));
    readied = (await ok(api.put("creditready", [{ id: readied.id, last_saved: readied.last_saved }]))).results[0];
    expect(await rows(`credit?approved=ready_to_approve&department=${dept.id}`)).toEqual([readied.id]);
    expect(await rows(`credit?approved=false&department=${dept.id}`)).toEqual([open.id]);
    expect(await rows(`credit?approved=true&department=${dept.id}`)).toEqual([]);
    await ok(api.put("creditapprove", [{ id: readied.id, last_saved: readied.last_saved }]));
    expect(await rows(`credit?approved=true&department=${dept.id}`)).toEqual([readied.id]);
    expect(await rows(`credit?approved=approved&department=${dept.id}`)).toEqual([readied.id]);
    expect(await rows(`credit?view=vehicle_sale_invoice&department=${dept.id}`)).toEqual([readied.id, open.id]);
    expect(await rows(`credit?view=movement_invoice&department=${dept.id}`)).toEqual([]);
    expect((await api.get("credit?approved=perhaps")).status).toBe(400);
  });
});

describe("customer balances (A3, A4)", () => {
  it("opening balance + approved invoices − approved credits; area usage; overdue_payment; account balance table", async () => {
    const id = x.balance.id;
    expect(await ok(api.get(`contacts/${id}`))).toMatchObject({ opening_balance: 100, outstanding_balance: 100, direct_van_hire_credit_usage: 0, overdue_payment: false });
    const inv = (await ok(approve(await ready(await ok(api.post("invoices", invoice({ customer: id, amount: 200, invoice_date: addDays(todayInLondon(), -60) }))))))).results[0];
    expect(await ok(api.get(`contacts/${id}`))).toMatchObject({ outstanding_balance: 340, direct_van_hire_credit_usage: 240, rapid_fit_credit_usage: 0, overdue_payment: true });
    let c = await ok(api.post("credit", { invoice: inv.id, amount: 200, date_issued: todayInLondon(), vat_nominal_code: x.sales.id }));
    c = (await ok(api.put("creditready", [{ id: c.id, last_saved: c.last_saved }]))).results[0];
    await ok(api.put("creditapprove", [{ id: c.id, last_saved: c.last_saved }]));
    // Fully credited: nothing owed, so no longer overdue.
    expect(await ok(api.get(`contacts/${id}`))).toMatchObject({ outstanding_balance: 100, direct_van_hire_credit_usage: 0, overdue_payment: false });
    const row = (await ok(api.get("accountbalance?search=balance"))).results.find((r: any) => r.id === id);
    expect(row).toMatchObject({ opening_balance: 100, outstanding_balance: 100 });
    // The balance is read-only: a client's outstanding_balance is ignored.
    const contact = await ok(api.get(`contacts/${id}`));
    await ok(api.put(`contacts/${id}`, { ...contact, outstanding_balance: 5 }));
    expect((await ok(api.get(`contacts/${id}`))).outstanding_balance).toBe(100);
  });
});
