import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
// A table of its own: the client takes each call from the shared budget kept in DynamoDB (core/platform/budget.ts).
import "../support/api.js";
import { batchKey, deliver, resetXeroClient, xeroConfigured, type XeroDelivery } from "../../core/accounts/xero-client.js";
import { startFakeXero, type FakeXero } from "../support/fake-xero.js";

/**
 * The Xero client (core/accounts/xero-client.ts) against the fake Xero
 * (tests/support/fake-xero.ts): the real xero-node AccountingApi sends real
 * HTTP to it, so the paths, methods, headers and bodies asserted here are the
 * ones Xero would receive.
 */

let fake: FakeXero;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  fake = await startFakeXero();
  env = { ...fake.env() };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  resetXeroClient();
});

const contact = (name: string, key = `customer-contact-${name}-v1`, xeroId?: string): XeroDelivery => ({
  target: "customer",
  idempotencyKey: key,
  body: { name, isCustomer: true, emailAddress: `${name.toLowerCase().replace(/\W/g, "")}@example.com` },
  xeroId,
});

const invoice = (number: string, version = 1, xeroId?: string): XeroDelivery => ({
  target: "salesinvoice",
  idempotencyKey: `salesinvoice-invoice-${number}-v${version}`,
  body: {
    type: "ACCREC",
    status: "DRAFT",
    invoiceNumber: number,
    contact: { name: "Acme Haulage" },
    date: "2026-11-24",
    dueDate: "2026-12-24",
    lineAmountTypes: "Exclusive",
    lineItems: [{ description: "Van hire", quantity: 1, unitAmount: 100, accountCode: "200", taxType: "OUTPUT2", tracking: [{ name: "Department", option: "Hire" }] }],
  },
  xeroId,
});

const account = (code: string, name = `Account ${code}`, xeroId?: string, version = 1): XeroDelivery => ({
  target: "nominal",
  idempotencyKey: `nominal-nominal-${code}-v${version}`,
  body: { code, name, type: "REVENUE", taxType: "OUTPUT2" },
  xeroId,
});

describe("connection", () => {
  it("is configured only with XERO_CLIENT_ID and XERO_CLIENT_SECRET; without them nothing is sent and items wait", async () => {
    expect(xeroConfigured({})).toBe(false);
    expect(xeroConfigured({ XERO_CLIENT_ID: "a" })).toBe(false);
    expect(xeroConfigured(env)).toBe(true);
    const outcomes = await deliver([contact("Acme Haulage")], {});
    expect(outcomes).toEqual([{ ok: false, kind: "not-configured", message: "Xero is not connected" }]);
    expect(fake.requests).toEqual([]);
  });

  it("gets a client_credentials token from XERO_TOKEN_URL once per process and the tenant from /connections on the API host", async () => {
    await deliver([contact("Acme Haulage")], env);
    await deliver([contact("Brown Motors")], env);
    const tokenCalls = fake.requests.filter((r) => r.path === "/connect/token");
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0].method).toBe("POST");
    expect(tokenCalls[0].body).toMatchObject({ grant_type: "client_credentials" });
    expect(tokenCalls[0].headers.authorization).toBe(`Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString("base64")}`);
    expect(fake.requests.filter((r) => r.path === "/connections")).toHaveLength(1);
    for (const r of fake.apiRequests()) {
      expect(r.headers["xero-tenant-id"]).toBe(fake.tenantId);
      expect(r.headers.authorization).toMatch(/^Bearer /);
    }
  });

  it("fetches a new token when the cached one has expired", async () => {
    fake.state.tokenSeconds = 30; // inside the minute's margin: treated as expired at once
    await deliver([contact("Acme Haulage")], env);
    await deliver([contact("Brown Motors")], env);
    expect(fake.requests.filter((r) => r.path === "/connect/token")).toHaveLength(2);
    fake.state.tokenSeconds = 1800;
  });

  it("uses XERO_TENANT_ID when set instead of asking /connections", async () => {
    await deliver([contact("Acme Haulage")], { ...env, XERO_TENANT_ID: fake.tenantId });
    expect(fake.requests.filter((r) => r.path === "/connections")).toHaveLength(0);
    expect(fake.apiRequests()).toHaveLength(1);
  });

  it("refused credentials leave the items waiting (transient), not failed for staff to fix", async () => {
    const outcomes = await deliver([contact("Acme Haulage")], { ...env, XERO_CLIENT_SECRET: "wrong" });
    expect(outcomes[0]).toMatchObject({ ok: false, kind: "transient" });
    expect((outcomes[0] as { message: string }).message).toMatch(/Could not connect to Xero/);
    expect(fake.apiRequests()).toHaveLength(0);
  });
});

describe("documents and contacts (batches)", () => {
  it("creates with one PUT per batch, summarizeErrors=false, the Idempotency-Key, and answers each item's Xero id in order", async () => {
    const batch = [contact("Acme Haulage"), contact("Brown Motors"), contact("Carter Vans")];
    const outcomes = await deliver(batch, env);
    const calls = fake.apiRequests();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: "PUT", path: "/api.xro/2.0/Contacts", query: { summarizeErrors: "false" } });
    expect(calls[0].idempotencyKey).toBe(batchKey(batch));
    expect((calls[0].body as { Contacts: { Name: string; IsCustomer: boolean }[] }).Contacts.map((c) => c.Name)).toEqual(["Acme Haulage", "Brown Motors", "Carter Vans"]);
    const ids = [...fake.store.Contacts.values()].map((c) => c.ContactID);
    expect(outcomes).toEqual(ids.map((xeroId) => ({ ok: true, xeroId })));
  });

  it("a single item's request carries its own key, stable across retries: the repeated key replays Xero's answer and creates nothing twice", async () => {
    const first = await deliver([invoice("IN00001")], env);
    resetXeroClient(); // another process (the next run) sending the same version again
    const again = await deliver([invoice("IN00001")], env);
    const calls = fake.apiRequests();
    expect(calls.map((c) => c.idempotencyKey)).toEqual(["salesinvoice-invoice-IN00001-v1", "salesinvoice-invoice-IN00001-v1"]);
    expect(again).toEqual(first);
    expect(fake.store.Invoices.size).toBe(1);
  });

  it("sends invoices as Xero expects: PUT /Invoices with type, DRAFT, lines with account code, tax type and tracking", async () => {
    const [outcome] = await deliver([invoice("IN00002")], env);
    expect(outcome.ok).toBe(true);
    const call = fake.apiRequests()[0];
    expect(call).toMatchObject({ method: "PUT", path: "/api.xro/2.0/Invoices", query: { summarizeErrors: "false" } });
    expect((call.body as { Invoices: unknown[] }).Invoices[0]).toMatchObject({
      Type: "ACCREC",
      Status: "DRAFT",
      InvoiceNumber: "IN00002",
      Contact: { Name: "Acme Haulage" },
      LineItems: [{ Description: "Van hire", Quantity: 1, UnitAmount: 100, AccountCode: "200", TaxType: "OUTPUT2", Tracking: [{ Name: "Department", Option: "Hire" }] }],
    });
  });

  it("a known Xero id sends an update: POST with the id in the item, and the same id back", async () => {
    const [created] = await deliver([invoice("IN00003")], env);
    const xeroId = (created as { xeroId: string }).xeroId;
    const [updated] = await deliver([invoice("IN00003", 2, xeroId)], env);
    expect(updated).toEqual({ ok: true, xeroId });
    const call = fake.apiRequests()[1];
    expect(call).toMatchObject({ method: "POST", path: "/api.xro/2.0/Invoices", idempotencyKey: "salesinvoice-invoice-IN00003-v2" });
    expect((call.body as { Invoices: { InvoiceID: string }[] }).Invoices[0].InvoiceID).toBe(xeroId);
    expect(fake.store.Invoices.size).toBe(1);
  });

  it("a batch of creates and updates goes as one PUT and one POST, outcomes still in the batch's order", async () => {
    const [a] = await deliver([contact("Acme Haulage")], env);
    fake.requests.length = 0;
    const batch = [contact("Brown Motors"), contact("Acme Haulage Ltd", "customer-contact-acme-v2", (a as { xeroId: string }).xeroId), contact("Carter Vans")];
    const outcomes = await deliver(batch, env);
    expect(fake.apiRequests().map((r) => r.method).sort()).toEqual(["POST", "PUT"]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, true, true]);
    expect(outcomes[1]).toEqual({ ok: true, xeroId: (a as { xeroId: string }).xeroId });
    expect(fake.store.Contacts.get((a as { xeroId: string }).xeroId)?.Name).toBe("Acme Haulage Ltd");
  });

  it("one bad item fails alone with Xero's validation messages; the others are sent", async () => {
    fake.reject("Invoices", (i) => i.InvoiceNumber === "IN00005", ["Account code '999' is not a valid code for this document.", "Tax type OUTPUT9 is not valid"]);
    const outcomes = await deliver([invoice("IN00004"), invoice("IN00005"), invoice("IN00006")], env);
    expect(outcomes[0].ok).toBe(true);
    expect(outcomes[2].ok).toBe(true);
    expect(outcomes[1]).toEqual({
      ok: false,
      kind: "validation",
      message: "Account code '999' is not a valid code for this document.",
      errors: ["Account code '999' is not a valid code for this document.", "Tax type OUTPUT9 is not valid"],
    });
    expect(fake.store.Invoices.size).toBe(2);
  });

  it("credit notes go to /CreditNotes; supplier contacts to /Contacts", async () => {
    const [credit] = await deliver(
      [
        {
          target: "salescreditnote",
          idempotencyKey: "salescreditnote-credit-CN00001-v1",
          body: { type: "ACCRECCREDIT", status: "DRAFT", creditNoteNumber: "CN00001", contact: { name: "Acme Haulage" }, lineItems: [{ description: "Refund", quantity: 1, unitAmount: 20, accountCode: "200", taxType: "OUTPUT2" }] },
        },
      ],
      env,
    );
    const [supplier] = await deliver([{ target: "supplier", idempotencyKey: "supplier-contact-9-v1", body: { name: "Parts Direct", isSupplier: true } }], env);
    expect(credit.ok && supplier.ok).toBe(true);
    expect(fake.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual(["PUT /api.xro/2.0/CreditNotes", "PUT /api.xro/2.0/Contacts"]);
    expect([...fake.store.CreditNotes.values()][0]).toMatchObject({ Type: "ACCRECCREDIT", Status: "DRAFT", CreditNoteNumber: "CN00001" });
  });
});

describe("accounts and tracking categories (one a call)", () => {
  it("creates an account with PUT /Accounts, updates with POST /Accounts/{id}", async () => {
    const [created] = await deliver([account("4000", "Van hire")], env);
    const xeroId = (created as { xeroId: string }).xeroId;
    const [updated] = await deliver([account("4000", "Van hire income", xeroId, 2)], env);
    expect(updated).toEqual({ ok: true, xeroId });
    expect(fake.apiRequests().map((r) => `${r.method} ${r.path} ${r.idempotencyKey}`)).toEqual([
      "PUT /api.xro/2.0/Accounts nominal-nominal-4000-v1",
      `POST /api.xro/2.0/Accounts/${xeroId} nominal-nominal-4000-v2`,
    ]);
    expect(fake.apiRequests()[0].body).toMatchObject({ Code: "4000", Name: "Van hire", Type: "REVENUE", TaxType: "OUTPUT2" });
    expect(fake.store.Accounts.get(xeroId)?.Name).toBe("Van hire income");
  });

  it("a refused account (400 ValidationException) is a validation failure with each Elements[].ValidationErrors[].Message", async () => {
    await deliver([account("4000")], env);
    const second = { ...account("4000", "Second 4000"), idempotencyKey: "nominal-nominal-77-v1" }; // another nominal code with the same code
    const outcomes = await deliver([second, account("4001")], env);
    expect(outcomes[0]).toEqual({ ok: false, kind: "validation", message: "Please enter a unique Code.", errors: ["Please enter a unique Code."] });
    expect(outcomes[1].ok).toBe(true);
  });

  it("a tracking category is created, then each option; an update adds only the options Xero lacks", async () => {
    const body = (options: string[]) => ({ name: "Department", status: "ACTIVE", options: options.map((name) => ({ name })) });
    const [created] = await deliver([{ target: "trackingcategories", idempotencyKey: "trackingcategories-trackingcategory-1-v1", body: body(["Hire", "Workshop"]) }], env);
    const xeroId = (created as { xeroId: string }).xeroId;
    expect(((fake.store.TrackingCategories.get(xeroId)?.Options as { Name: string }[]) ?? []).map((o) => o.Name)).toEqual(["Hire", "Workshop"]);
    const [updated] = await deliver([{ target: "trackingcategories", idempotencyKey: "trackingcategories-trackingcategory-1-v2", body: body(["Hire", "Workshop", "Sales"]), xeroId }], env);
    expect(updated).toEqual({ ok: true, xeroId });
    expect(fake.apiRequests().map((r) => `${r.method} ${r.path.replace(xeroId, "{id}")}`)).toEqual([
      "PUT /api.xro/2.0/TrackingCategories",
      "PUT /api.xro/2.0/TrackingCategories/{id}/Options",
      "PUT /api.xro/2.0/TrackingCategories/{id}/Options",
      "POST /api.xro/2.0/TrackingCategories/{id}",
      "GET /api.xro/2.0/TrackingCategories/{id}",
      "PUT /api.xro/2.0/TrackingCategories/{id}/Options",
    ]);
    expect(((fake.store.TrackingCategories.get(xeroId)?.Options as { Name: string }[]) ?? []).map((o) => o.Name)).toEqual(["Hire", "Workshop", "Sales"]);
  });
});

describe("failures Xero causes: retried later", () => {
  it("429 answers transient with Xero's Retry-After, and the process sends nothing more until it has passed", async () => {
    fake.failNext({ status: 429, retryAfter: 37, problem: "minute" });
    const [first] = await deliver([contact("Acme Haulage")], env);
    expect(first).toEqual({ ok: false, kind: "transient", message: "Xero's minute limit of calls is reached", retryAfterSeconds: 37 });
    const before = fake.apiRequests().length;
    const [second] = await deliver([contact("Brown Motors")], env);
    expect(second).toMatchObject({ ok: false, kind: "transient" });
    expect((second as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(30);
    expect(fake.apiRequests()).toHaveLength(before);
  });

  it("5xx and an unreachable Xero are transient (no retryAfterSeconds: the runner's backoff decides)", async () => {
    fake.failNext({ status: 500 });
    const [five] = await deliver([contact("Acme Haulage")], env);
    expect(five).toMatchObject({ ok: false, kind: "transient", message: "Xero is not answering (500)" });
    expect(five).not.toHaveProperty("retryAfterSeconds");
    const [down] = await deliver([contact("Acme Haulage")], { ...env, XERO_API_URL: "http://127.0.0.1:9/api.xro/2.0", XERO_TENANT_ID: fake.tenantId });
    expect(down).toMatchObject({ ok: false, kind: "transient" });
    // After the 500 the same item goes through with the same key.
    const [ok] = await deliver([contact("Acme Haulage")], env);
    expect(ok.ok).toBe(true);
    expect(fake.apiRequests().map((r) => r.idempotencyKey)).toEqual(["customer-contact-Acme Haulage-v1", "customer-contact-Acme Haulage-v1"]);
  });

  it("stops for the day when X-DayLimit-Remaining reaches 0", async () => {
    fake.state.dayLimit = 1;
    const [last] = await deliver([contact("Acme Haulage")], env);
    expect(last.ok).toBe(true);
    const [stopped] = await deliver([contact("Brown Motors")], env);
    expect(stopped).toMatchObject({ ok: false, kind: "transient", message: "Xero's daily limit of calls is reached" });
    expect((stopped as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    expect(fake.apiRequests()).toHaveLength(1);
  });
});

describe("limits inside one process", () => {
  it("never more than 5 calls at once", async () => {
    fake.state.delayMs = 150;
    const batch = Array.from({ length: 12 }, (_, i) => account(String(5000 + i)));
    const outcomes = await deliver(batch, env);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(fake.state.maxInFlight).toBe(5);
  });

  it("a sliding window of calls a minute: calls past it wait for the window, or are answered 'retry later' when the wait is too long", async () => {
    // Xero's 60 a minute scaled down to 3 a second so the test runs in time.
    resetXeroClient({ perWindow: 3, windowMs: 1000, maxWaitMs: 2000 });
    const started = Date.now();
    const outcomes = await deliver(Array.from({ length: 6 }, (_, i) => account(String(6000 + i))), env);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const times = fake.apiRequests().map((r) => r.at - started);
    expect(times.slice(3).every((t) => t >= 1000)).toBe(true);
    resetXeroClient({ perWindow: 2, windowMs: 60_000, maxWaitMs: 100 });
    const capped = await deliver(Array.from({ length: 3 }, (_, i) => account(String(7000 + i))), env);
    expect(capped.filter((o) => o.ok)).toHaveLength(2);
    expect(capped.find((o) => !o.ok)).toMatchObject({ ok: false, kind: "transient", message: "Xero's limit of calls a minute is reached" });
  });

  it("refuses a batch over 50 or of mixed targets (the runner's bug, not Xero's)", async () => {
    await expect(deliver(Array.from({ length: 51 }, (_, i) => contact(`C${i}`)), env)).rejects.toThrow(/at most 50/);
    await expect(deliver([contact("A"), account("1")], env)).rejects.toThrow(/one target/);
  });
});
