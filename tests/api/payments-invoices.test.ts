import { beforeAll, describe, expect, it } from "vitest";
import { call, client, signIn } from "../support/api.js";
import { fleetReference } from "./fleet-support.js";

let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;

beforeAll(async () => {
  api = client(await signIn("accounts@vanco.co.uk", "Ana"));
  ref = await fleetReference(api);
});

describe("POST payments (000 §7: the sale's Create Payment)", () => {
  it("creates a real payment: BACS and cost centre 4 by default, today's date when none is sent", async () => {
    const made = await api.post("payments", { contact: ref.acme.id, department: ref.sales.id, invoice_number: "IN00001", amount: 11450, comments: "Balance for the van" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ contact: ref.acme.id, amount: 11450, payment_type: "BACS", cost_centre: 4 });
    expect(made.body.payment_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await api.get(`payments/${made.body.id}`)).body.amount).toBe(11450);
  });

  it("refuses a payment without contact or amount, an unknown payment type, a negative amount; nothing is written", async () => {
    const before = (await api.get("payments?page_size=1")).body.count;
    for (const body of [{ amount: 10 }, { contact: ref.acme.id }, { contact: ref.acme.id, amount: 10, payment_type: "CHEQUE" }, { contact: ref.acme.id, amount: -5 }]) {
      const res = await api.post("payments", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect((await api.get("payments?page_size=1")).body.count).toBe(before);
    expect((await call("POST", "payments", { body: { contact: 1, amount: 1 } })).status).toBe(401);
  });

  it("accepts each payment method of 000 §9", async () => {
    for (const payment_type of ["BACS", "CASH", "CARD", "DIRECT DEBIT"]) expect((await api.post("payments", { contact: ref.acme.id, amount: 1, payment_type })).status).toBe(201);
  });
});

describe("POST invoices (000 §7: Create Sale Invoice)", () => {
  it("creates a sale invoice linked to the agreement, numbered IN… when no number is sent; numbers are unique under concurrency", async () => {
    const made = await api.post("invoices", { customer: ref.acme.id, vehicle: 1, finance_agreement: 1, description: "Ford Transit Custom sale", amount: 10000, no_vat_amount: 450, vat_rate: 20 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ customer: ref.acme.id, finance_agreement: 1, amount: 10000, no_vat_amount: 450, vat_rate: 20 });
    expect(made.body.invoice_number).toMatch(/^IN\d{5}$/);
    const many = await Promise.all(Array.from({ length: 6 }, () => api.post("invoices", { customer: ref.acme.id, amount: 100 })));
    expect(many.map((r) => r.status)).toEqual(many.map(() => 201));
    const numbers = many.map((r) => r.body.invoice_number);
    expect(new Set(numbers).size).toBe(6);
    const taken = await api.post("invoices", { customer: ref.acme.id, amount: 1, invoice_number: made.body.invoice_number });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe(`Invoice number ${made.body.invoice_number} is already used`);
  });

  it("refuses an invoice without a customer or amount with 'There was an error creating the invoice'; VAT must be 20, 5 or 0", async () => {
    expect((await api.post("invoices", { amount: 5 })).body.message).toBe("There was an error creating the invoice");
    expect((await api.post("invoices", { customer: ref.acme.id })).body.message).toBe("There was an error creating the invoice");
    expect((await api.post("invoices", { customer: ref.acme.id, amount: 5, vat_rate: 17.5 })).status).toBe(400);
  });

  it("keeps its number through a save (409 when stale)", async () => {
    const inv = (await api.post("invoices", { customer: ref.acme.id, amount: 200 })).body;
    const saved = await api.put(`invoices/${inv.id}`, { ...inv, description: "Updated" });
    expect(saved.status).toBe(200);
    expect(saved.body.invoice_number).toBe(inv.invoice_number);
    expect((await api.put(`invoices/${inv.id}`, { ...inv, description: "Stale" })).status).toBe(409);
  });
});
