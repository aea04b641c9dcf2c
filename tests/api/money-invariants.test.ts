import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { ok } from "./fleet-support.js";
import { jobBody, item, newVan, part, workshopReference, type WorkshopRef } from "./workshop-support.js";
import { money as moneyHelpers, moneyReference, type MoneyRef, type Rec } from "./money-support.js";
import { CREDIT_MESSAGES } from "../../core/accounts/credit-definitions.js";
import { MONEY_MESSAGES } from "../../core/accounts/invariants.js";

/**
 * Issue 22 findings 1-4: the money invariants (core/accounts/invariants.ts)
 * enforced in the write's own transaction. Each test failed before its fix.
 */

let api: ReturnType<typeof client>;
let ref: MoneyRef;
let m: ReturnType<typeof moneyHelpers>;
let shop: WorkshopRef;

beforeAll(async () => {
  api = client(await signIn("accounts@vanco.co.uk", "Ana"));
  ref = await moneyReference(api);
  m = moneyHelpers(api, ref);
  shop = await workshopReference(api);
}, 60_000);

/** The PAID payments of the test department, summed (the Payments screen's paid view). */
async function paidInDepartment(): Promise<{ count: number; sum: number; rows: Rec[] }> {
  const page = await ok(api.get(`payments?view=paid&department=${ref.department.id}&page_size=1000`));
  const rows = page.results as Rec[];
  return { count: page.count, sum: Math.round(rows.reduce((n, p) => n + p.amount * 100, 0)) / 100, rows };
}

describe("finding 1: a batch PUT creditapprove is checked as a whole", () => {
  it("two £120 credits on a £120 invoice approved together are refused; nothing is approved; one alone is approved", async () => {
    const inv = await m.approvedInvoice(100);
    const a = await m.readyCredit({ invoice: inv.id }, 100);
    const b = await m.readyCredit({ invoice: inv.id }, 100);
    const res = await m.approveCredits([a, b]);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toBe(CREDIT_MESSAGES.tooMuch(120));
    expect(await m.get(inv)).toMatchObject({ credited: 0, outstanding: 120 });
    expect((await ok(api.get(`credit/${a.id}`))).approved).toBe(false);
    expect((await m.approveCredits([a])).status).toBe(200);
    expect(await m.get(inv)).toMatchObject({ credited: 120, outstanding: 0 });
    expect((await m.approveCredits([await ok(api.get(`credit/${b.id}`))])).status).toBe(400);
  });

  it("five credits approved at once in separate calls, each fitting alone: the invoice is never over-credited", async () => {
    const inv = await m.approvedInvoice(100);
    const credits = [];
    for (let i = 0; i < 5; i++) credits.push(await m.readyCredit({ invoice: inv.id }, 40));
    const answers = await Promise.all(credits.map((c) => m.approveCredits([c])));
    for (const r of answers) expect([200, 400, 409], JSON.stringify(r.body)).toContain(r.status);
    const approved = answers.filter((r) => r.status === 200).length;
    expect(approved).toBeLessThanOrEqual(2);
    expect(await m.get(inv)).toMatchObject({ credited: 48 * approved });
  });
});

describe("finding 2: credits on a part or a work item count the credits already approved on that line", () => {
  const creditsOn = async (link: Rec, value: number) => {
    const made = [await m.readyCredit(link, value), await m.readyCredit(link, value), await m.readyCredit(link, value)];
    const answers = [];
    for (const c of made) answers.push(await m.approveCredits([c]));
    return answers;
  };

  it("three £100 credits on one £100 part: the second and third are refused", async () => {
    const v = await newVan(api, shop);
    const job = await ok(api.post("createjob", jobBody(shop, v.id, { work_items: [item(shop, { parts: [part(shop, { cost: 100 })] })] })));
    const partId = job.work_items[0].parts[0].id;
    const [first, second, third] = await creditsOn({ part: partId }, 100);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.status).toBe(400);
    expect(second.body.message).toBe(CREDIT_MESSAGES.tooMuch(0));
    expect(third.status).toBe(400);
    // A new credit on the fully credited part is refused when it is made.
    expect((await api.post("credit", { part: partId, amount: 1 })).body.message).toBe(CREDIT_MESSAGES.tooMuch(0));
  });

  it("the same on a work item's labour; two credits of one line in one batch are checked together", async () => {
    const v = await newVan(api, shop);
    const job = await ok(api.post("createjob", jobBody(shop, v.id, { work_items: [item(shop, { parts: [] })] })));
    const w = job.work_items[0];
    const labour = Math.abs(w.labour_cost);
    expect(labour).toBeGreaterThan(0);
    const [first, second, third] = await creditsOn({ work_item: w.id }, labour);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.status).toBe(400);
    expect(third.status).toBe(400);
    const job2 = await ok(api.post("createjob", jobBody(shop, v.id, { work_items: [item(shop, { parts: [part(shop, { cost: 50 })] })] })));
    const p2 = job2.work_items[0].parts[0].id;
    const a = await m.readyCredit({ part: p2 }, 30);
    const b = await m.readyCredit({ part: p2 }, 30);
    const both = await m.approveCredits([a, b]);
    expect(both.status).toBe(400);
    expect(both.body.message).toBe(CREDIT_MESSAGES.tooMuch(50));
  });

  it("concurrent approvals of credits on one part never credit more than its cost", async () => {
    const v = await newVan(api, shop);
    const job = await ok(api.post("createjob", jobBody(shop, v.id, { work_items: [item(shop, { parts: [part(shop, { cost: 100 })] })] })));
    const partId = job.work_items[0].parts[0].id;
    const credits = [];
    for (let i = 0; i < 4; i++) credits.push(await m.readyCredit({ part: partId }, 60));
    const answers = await Promise.all(credits.map((c) => m.approveCredits([c])));
    for (const r of answers) expect([200, 400, 409], JSON.stringify(r.body)).toContain(r.status);
    expect(answers.filter((r) => r.status === 200).length).toBe(1);
  });
});

describe("finding 3: payments", () => {
  it("the same POST payments sent twice with one Idempotency-Key pays once (one after the other, and at once)", async () => {
    const inv = await m.approvedInvoice(100);
    const key = `pay-${inv.id}-a`;
    const first = await m.pay(inv, 120, {}, { "Idempotency-Key": key });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await m.pay(inv, 120, {}, { "Idempotency-Key": key });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await m.get(inv)).toMatchObject({ paid: 120, outstanding: 0 });
    // The key with another payment: refused.
    const other = await m.pay(inv, 5, {}, { "Idempotency-Key": key });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(MONEY_MESSAGES.keyReused);

    const inv2 = await m.approvedInvoice(100);
    const at = await Promise.all(Array.from({ length: 4 }, () => m.pay(inv2, 60, { idempotency_key: `pay-${inv2.id}-b` })));
    for (const r of at) expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(new Set(at.map((r) => r.body.id)).size).toBe(1);
    expect(await m.get(inv2)).toMatchObject({ paid: 60, outstanding: 60 });
  });

  it("a payment over what is owed is refused unless it is a labelled overpayment", async () => {
    const inv = await m.approvedInvoice(100);
    const huge = await m.pay(inv, 1_000_000);
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe(MONEY_MESSAGES.overpaid(inv.invoice_number, 120));
    expect(await m.get(inv)).toMatchObject({ paid: 0, outstanding: 120 });
    expect((await m.pay(inv, 100)).status).toBe(201);
    expect((await m.pay(inv, 20.01)).status).toBe(400);
    const over = await m.pay(inv, 30, { overpayment: true });
    expect(over.status, JSON.stringify(over.body)).toBe(201);
    expect(over.body.overpayment).toBe(true);
    expect(await m.get(inv)).toMatchObject({ paid: 130, outstanding: -10 });
    // Taking the label off makes it an ordinary payment, which no longer fits: refused.
    const unlabel = await api.put(`payment/${over.body.id}`, { last_saved: over.body.last_saved, overpayment: false });
    expect(unlabel.status).toBe(400);
    expect(unlabel.body.message).toBe(MONEY_MESSAGES.overpaid(inv.invoice_number, 0));
    // Marking an unpaid payment paid is checked the same way.
    const later = (await ok(api.post("payments", { contact: ref.customer.id, amount: 5, payment_date: m.today, invoice_number: inv.invoice_number }))) as Rec;
    const marked = await api.put(`payment/${later.id}`, { last_saved: later.last_saved, date_paid: m.today });
    expect(marked.status).toBe(400);
    expect(marked.body.message).toBe(MONEY_MESSAGES.overpaid(inv.invoice_number, 0));
  });

  it("a payment against an invoice that is not approved is refused and does not move its paid figure", async () => {
    const inv = await m.invoice(100);
    const res = await m.pay(inv, 50);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MONEY_MESSAGES.notApprovedInvoice(inv.invoice_number));
    expect(await m.get(inv)).toMatchObject({ paid: 0, outstanding: 120 });
    // Not paid yet: it may name the invoice (a payment expected), and moves nothing.
    expect((await m.pay(inv, 50, { date_paid: null })).status).toBe(201);
    expect((await m.get(inv)).paid).toBe(0);
  });

  it("a credit must fit what payments and credits have left of the invoice", async () => {
    const inv = await m.approvedInvoice(100);
    expect((await m.pay(inv, 100)).status).toBe(201);
    const res = await api.post("credit", { invoice: inv.id, amount: 20 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CREDIT_MESSAGES.tooMuch(20));
    expect((await api.post("credit", { invoice: inv.id, amount: 16 })).status).toBe(201);
  });
});

describe("finding 4: concurrent payments", () => {
  it("20 concurrent £10 payments on one invoice: 201 or 409/400, never 500; paid equals the PAID payments stored", async () => {
    const inv = await m.approvedInvoice(1000);
    const before = await paidInDepartment();
    const answers = await Promise.all(Array.from({ length: 20 }, () => m.pay(inv, 10)));
    const statuses = answers.map((r) => r.status);
    for (const r of answers) expect([201, 400, 409], JSON.stringify(r.body)).toContain(r.status);
    const after = await paidInDepartment();
    const made = statuses.filter((s) => s === 201).length;
    console.log(`20 concurrent £10 payments: ${made} x 201, ${statuses.filter((s) => s === 409).length} x 409, ${statuses.filter((s) => s === 400).length} x 400`);
    expect(made).toBeGreaterThan(0);
    expect(after.count - before.count).toBe(made);
    expect((await m.get(inv)).paid).toBe(10 * made);
  }, 60_000);

  it("payments racing to the last pounds owed: never over the total", async () => {
    const inv = await m.approvedInvoice(50);
    const answers = await Promise.all(Array.from({ length: 10 }, () => m.pay(inv, 10)));
    for (const r of answers) expect([201, 400, 409], JSON.stringify(r.body)).toContain(r.status);
    const made = answers.filter((r) => r.status === 201).length;
    expect(made).toBeLessThanOrEqual(6);
    const now = await m.get(inv);
    expect(now.paid).toBe(10 * made);
    expect(now.outstanding).toBeGreaterThanOrEqual(0);
  }, 60_000);
});
