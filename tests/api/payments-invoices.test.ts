import { beforeAll, describe, expect, it } from "vitest";
import { call, client, signIn } from "../support/api.js";
import { fleetReference, van } from "./fleet-support.js";

let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;
let vehicleId: number;
let agreementId: number;

beforeAll(async () => {
  api = client(await signIn("accounts@vanco.co.uk", "Ana"));
  ref = await fleetReference(api);
  // The cost centres of the demo data: a payment's default is id 4 (Vehicles), which must exist.
  for (const name of ["Workshop", "Rentals", "Part Orders", "Vehicles", "Misc"]) await api.post("costcentre", { name });
  const sold = (await api.post("createvehicle", van({ make: ref.ford.id, model: ref.transit.id, finance_agreements: [{ finance_type: "NONE", invoice_date: "2025-01-10", depreciation_start_date: "2025-01-10", purchase_price: 21400 }] }))).body;
  vehicleId = sold.id;
  agreementId = sold.finance_agreements[0].id;
});

describe("POST payments (000 §7: the sale's Create Payment)", () => {
  it("creates a real payment: BACS and cost centre 4 by default; the payment date is required (003 §5)", async () => {
    const made = await api.post("payments", { contact: ref.acme.id, department: ref.sales.id, invoice_number: "IN00001", amount: 11450, payment_date: "2026-03-02", comments: "Balance for the van" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ contact: { id: ref.acme.id }, amount: 11450, payment_type: "BACS", cost_centre: { id: 4 }, payment_date: "2026-03-02" });
    expect((await api.get(`payment/${made.body.id}`)).body.amount).toBe(11450);
    const undated = await api.post("payments", { contact: ref.acme.id, amount: 5 });
    expect(undated.status).toBe(400);
    expect(undated.body).toEqual({ message: "Please fill in all fields", errors: { payment_date: "Please fill in all fields" } });
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
    for (const payment_type of ["BACS", "CASH", "CARD", "DIRECT DEBIT"]) expect((await api.post("payments", { contact: ref.acme.id, amount: 1, payment_type, payment_date: "2026-03-02" })).status).toBe(201);
  });
});

describe("POST invoices (000 §7: Create Sale Invoice)", () => {
  it("creates a sale invoice linked to the agreement, numbered IN… when no number is sent; numbers are unique under concurrency", async () => {
    const made = await api.post("invoices", { customer: ref.acme.id, vehicle: vehicleId, finance_agreement: agreementId, description: "Ford Transit Custom sale", amount: 10000, no_vat_amount: 450, vat_rate: 20 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ customer: ref.acme.id, finance_agreement: agreementId, amount: 10000, no_vat_amount: 450, vat_rate: 20 });
    expect(made.body.invoice_number).toMatch(/^IN\d{5}$/);
    const many = await Promise.all(Array.from({ length: 6 }, () => api.post("invoices", { customer: ref.acme.id, amount: 100 })));
    expect(many.map((r) => r.status)).toEqual(many.map(() => 201));
    const numbers = many.map((r) => r.body.invoice_number);
    expect(new Set(numbers).size).toBe(6);
    const taken = await api.post("invoices", { customer: ref.acme.id, amount: 1, invoice_number: made.body.invoice_number });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe(`Invoice number ${made.body.invoice_number} is already used`);
  });

  it("takes its vehicle from the agreement when none is sent; refuses an agreement, customer or tracking option that does not exist, using no number", async () => {
    const category = (await api.post("createtrackingcategory", { name: "Department", status: "ACTIVE", options: [{ name: "VAN SALES DIRECT", status: "ACTIVE" }] })).body;
    const option = category.options[0].id;
    const made = await api.post("invoices", { finance_agreement: agreementId, customer: ref.acme.id, description: "Sale", invoice_date: "2026-11-20", tracking_option: option, amount: 1000, no_vat_amount: 0 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ finance_agreement: agreementId, vehicle: vehicleId, tracking_option: option });
    const before = (await api.get("invoices?page_size=1")).body.count;
    const refused = async (body: Record<string, unknown>, field: string, message: string) => {
      const res = await api.post("invoices", { customer: ref.acme.id, description: "Sale", invoice_date: "2026-11-20", amount: 1000, no_vat_amount: 0, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ message, errors: { [field]: message } });
    };
    await refused({ finance_agreement: 99999 }, "finance_agreement", "Finance agreement 99999 does not exist");
    await refused({ customer: 999999 }, "customer", "Contact 999999 does not exist");
    await refused({ tracking_option: 999 }, "tracking_option", "That tracking option does not exist");
    const other = (await api.post("createvehicle", van())).body.id;
    await refused({ finance_agreement: agreementId, vehicle: other }, "finance_agreement", `Finance agreement ${agreementId} is not an agreement of vehicle ${other}`);
    expect((await api.get("invoices?page_size=1")).body.count).toBe(before);
    // No number was used by the refusals.
    const next = (await api.post("invoices", { customer: ref.acme.id, amount: 1 })).body.invoice_number;
    expect(Number(next.slice(2))).toBe(Number(made.body.invoice_number.slice(2)) + 1);
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

describe("integrity (issue 15): references, signs and bounds", () => {
  it("refuses a payment or invoice for a customer, vehicle or cost centre that does not exist, naming the field; nothing is written", async () => {
    const payments = (await api.get("payments?page_size=1")).body.count;
    const invoices = (await api.get("invoices?page_size=1")).body.count;
    const p = await api.post("payments", { contact: 999999, amount: 10, payment_date: "2026-03-02" });
    expect(p.status).toBe(400);
    expect(p.body).toEqual({ message: "Contact 999999 does not exist", errors: { contact: "Contact 999999 does not exist" } });
    expect((await api.post("payments", { contact: ref.acme.id, amount: 10, cost_centre: 999, payment_date: "2026-03-02" })).body.errors).toEqual({ cost_centre: "Cost centre 999 does not exist" });
    const i = await api.post("invoices", { customer: 999999, vehicle: 888888, amount: 10 });
    expect(i.status).toBe(400);
    expect(i.body.errors).toEqual({ customer: "Contact 999999 does not exist", vehicle: "Vehicle 888888 does not exist" });
    expect((await api.get("payments?page_size=1")).body.count).toBe(payments);
    expect((await api.get("invoices?page_size=1")).body.count).toBe(invoices);
  });

  it("a save may keep a reference it already holds, but not move to one that does not exist", async () => {
    const inv = (await api.post("invoices", { customer: ref.bolt.id, amount: 50 })).body;
    const moved = await api.put(`invoices/${inv.id}`, { ...inv, customer: 999999 });
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual({ customer: "Contact 999999 does not exist" });
    expect((await api.put(`invoices/${inv.id}`, { ...inv, description: "kept" })).status).toBe(200);
  });

  it("refuses negative and absurd amounts (a credit is a credit note, not a negative invoice)", async () => {
    for (const amount of [-1, -0.01, 10_000_000.01, 1e17, 2 ** 53]) {
      const inv = await api.post("invoices", { customer: ref.acme.id, amount });
      expect(inv.status, String(amount)).toBe(400);
      expect(inv.body.errors).toHaveProperty("amount");
      const pay = await api.post("payments", { contact: ref.acme.id, amount, payment_date: "2026-03-02" });
      expect(pay.status, String(amount)).toBe(400);
      expect(pay.body.errors).toHaveProperty("amount");
    }
    expect((await api.post("invoices", { customer: ref.acme.id, amount: 10_000_000 })).status).toBe(201);
  });

  it("a refused invoice does not use up an invoice number", async () => {
    const first = (await api.post("invoices", { customer: ref.acme.id, amount: 1 })).body.invoice_number;
    expect((await api.post("invoices", { customer: 999999, amount: 1 })).status).toBe(400);
    expect((await api.post("invoices", { amount: 1 })).status).toBe(400);
    const next = (await api.post("invoices", { customer: ref.acme.id, amount: 1 })).body.invoice_number;
    expect(Number(next.slice(2))).toBe(Number(first.slice(2)) + 1);
  });

  it("refuses dates before 1900 or after 2100", async () => {
    for (const invoice_date of ["0000-01-01", "1899-12-31", "2101-01-01", "9999-12-31"]) {
      const res = await api.post("invoices", { customer: ref.acme.id, amount: 1, invoice_date });
      expect(res.status, invoice_date).toBe(400);
      expect(res.body.errors.invoice_date).toBe("Must be a date from 01/01/1900 to 31/12/2100");
    }
    expect((await api.post("invoices", { customer: ref.acme.id, amount: 1, invoice_date: "1900-01-01" })).status).toBe(201);
  });

  it("answers 400 to a reversed date range and 404 to a report name that is an object's own property name", async () => {
    const reversed = await api.get("financeagreements?start=2026-06-30&end=2026-06-01");
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toEqual({ end: "The end date must not be before the start date" });
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const res = await api.get(`report/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.body.message).toBe("Report not found");
    }
  });
});
