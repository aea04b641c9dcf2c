import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { company, ok } from "./fleet-support.js";

/**
 * Issue 24 item 2 ("Approved by Ursula null" on approved income and expense
 * rows): staff signed in without a family name approve a transaction; the
 * approver is recorded as {first_name: "Ursula", last_name: null}, the one
 * shape personOf writes (core/platform/people.ts), and no "null" text.
 */
let api: ReturnType<typeof client>;

beforeAll(async () => {
  api = client(await signIn("ursula.api@vanco.co.uk", "Ursula"));
}, 120_000);

describe("an approver without a family name (issue 24 item 2)", () => {
  it("is recorded with last_name null and the list answers no 'null' text", async () => {
    const nominal = await ok(api.post("nominal", { code: `9${String(Date.now()).slice(-3)}`, name: "Desk day", tax_type: "OUTPUT2" }));
    const customer = await ok(api.post("contacts", { ...company(`Ursula Customer ${Date.now()}`, "CC") }));
    const made = await ok(api.post("transactions", { type: "IN", contact: customer.id, date: "2031-03-03", description: "Ursula's income", amount: 100, nominal_code: nominal.id, invoice_date: "2031-03-03", invoice_number: `U-${Date.now()}` }));
    const stored = (await api.get(`transactions/update/${made.id}`)).body;
    const approved = await api.put("transactions/update", [{ id: made.id, last_saved: stored.last_saved }]);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const after = (await api.get(`transactions/update/${made.id}`)).body;
    expect(after.approved).toBe(true);
    expect(after.approver).toEqual({ first_name: "Ursula", last_name: null });
    expect(JSON.stringify(after.approver)).not.toContain('"null"');
  }, 120_000);
});
