import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, client, signIn } from "../support/api.js";
import { ok } from "./fleet-support.js";
import { newVan, workshopReference, type WorkshopRef } from "./workshop-support.js";
import { quoteSheetTotals } from "../../core/workshop/quote-approval-rules.js";
import { hashToken } from "../../core/workshop/quote-approval.js";
import { Audit } from "../../core/platform/service.js";

/**
 * The customer's quote approval link (issue 26, docs/quote-approval.md)
 * through the real app against DynamoDB Local: send, the public view and
 * answer, a reused, expired or revoked link changing nothing, a quote
 * edited after sending revoking its link, tokens of other quotes, the
 * rate limit, the public paths and nothing else without a sign-in, and a
 * typed name kept as text.
 */

let api: ReturnType<typeof client>;
let ref: WorkshopRef;
let ip = 0;
/** Each test from an address of its own, so the rate limit of one never meets another's. */
const from = () => ({ "cloudfront-viewer-address": `203.0.113.${++ip}:4431`, "user-agent": "Mozilla/5.0 (iPhone; test)" });
let headers = from();

beforeAll(async () => {
  api = client(await signIn("quotes@vanco.co.uk", "Quinn"));
  ref = await workshopReference(api);
});
afterEach(() => {
  vi.useRealTimers();
  headers = from();
});

const quotePart = (extra: Record<string, unknown> = {}) => ({ name: "Brake pads", part_number: "BP-1", supplier: ref.partsCo.id, estimated_cost: 50, ...extra });
const quoteItem = (extra: Record<string, unknown> = {}) => ({ description: "Front brakes", work_type: ref.service.id, estimated_labour_hours: 2, parts: [quotePart()], ...extra });
const newQuote = async () =>
  ok(
    api.post("createquote", {
      vehicle: (await newVan(api, ref)).id,
      customer: ref.acme.id,
      department: ref.hire.id,
      description: "Repairs after hire",
      provisional_start_date: "2030-04-01",
      estimated_work_items: [quoteItem(), quoteItem({ description: "Wipers", parts: [] }), quoteItem({ description: "Tyres", parts: [quotePart({ name: "Tyre", estimated_cost: 80.1 })] })],
    }),
  );
const send = async (q: { id: number }) => ok(api.post(`quotes/approvallink/${q.id}`));
const view = (token: string) => call("GET", `public/quote-approval/${token}`, { headers });
const answer = (token: string, body: unknown) => call("POST", `public/quote-approval/${token}`, { body, headers });
const threeDecisions = { name: "Pat Customer", items: [{ id: 1, decision: "declined" }, { id: 2, decision: "approved" }, { id: 3, decision: "approved" }] };

describe("send for approval", () => {
  it("makes a 43-character base64url token, stored only as its SHA-256, open for 7 days, with the e-mail to paste", async () => {
    const q = await newQuote();
    const sent = await send(q);
    expect(sent.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(sent.expires_at) - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(sent.url).toContain(`/approve/${sent.token}`);
    expect(sent.email.subject).toContain(q.vehicle.registration);
    expect(sent.email.text).toContain(sent.url);
    expect(sent.mail).toMatchObject({ configured: false });
    const after = await ok(api.get(`quotes/${q.id}`));
    expect(after.approval_link).toMatchObject({ state: "open", sent_by: "quotes@vanco.co.uk", expires_at: sent.expires_at });
    // The token itself is nowhere in the table: only its hash.
    expect(JSON.stringify(after)).not.toContain(sent.token);
    expect(hashToken(sent.token)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("sending again revokes the previous link", async () => {
    const q = await newQuote();
    const first = await send(q);
    const second = await send(q);
    expect((await view(first.token)).status).toBe(410);
    expect((await view(second.token)).status).toBe(200);
  });
});

describe("the public view", () => {
  it("shows the business, the vehicle, each item numbered with its parts and price, and the print's totals; no ids, no contact details", async () => {
    const q = await newQuote();
    const { token } = await send(q);
    const res = await view(token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const v = res.body;
    expect(v.business).toBe("Rentals Direct");
    expect(v.vehicle.registration).toBe(q.vehicle.registration);
    expect(v.items.map((i: { id: number }) => i.id)).toEqual([1, 2, 3]);
    expect(v.items[0].parts[0]).toEqual({ name: "Brake pads", part_number: "BP-1", price: q.estimated_work_items[0].parts[0].estimated_customer_cost });
    const t = quoteSheetTotals(q.estimated_work_items);
    expect(v.totals).toEqual({ labour: t.labour, parts: t.parts, total: t.total, vat: t.vat, total_inc_vat: t.totalIncVat });
    const text = JSON.stringify(v);
    for (const leak of [`"quote"`, `"customer"`, `"supplier"`, "Acme", "@", `"last_saved"`]) expect(text).not.toContain(leak);
    for (const i of q.estimated_work_items) expect(text).not.toContain(`"id":${i.id},`);
  });

  it("an unknown or malformed token gets nothing (404)", async () => {
    expect((await view("A".repeat(43))).status).toBe(404);
    expect((await view("short")).status).toBe(401); // not a public path at all
  });
});

describe("the answer", () => {
  it("is recorded on the quote (who, when, address, browser, item by item), in its history, with the marker, once", async () => {
    const q = await newQuote();
    const { token } = await send(q);
    const res = await answer(token, threeDecisions);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ answered: true, decision: "PART APPROVED" });
    const after = await ok(api.get(`quotes/${q.id}`));
    expect(after.customer_decision).toBe("PART APPROVED");
    expect(after.approval_link.state).toBe("used");
    expect(after.customer_answer).toMatchObject({ name: "Pat Customer", ip: `203.0.113.${ip}`, user_agent: "Mozilla/5.0 (iPhone; test)" });
    expect(after.customer_answer.items.map((i: { item: number; decision: string }) => [i.item, i.decision])).toEqual([
      [q.estimated_work_items[0].id, "declined"],
      [q.estimated_work_items[1].id, "approved"],
      [q.estimated_work_items[2].id, "approved"],
    ]);
    const history = await Audit.query.byRecord({ record_type: "quote", record_id: String(q.id) }).go();
    expect(history.data.some((a) => a.user.includes("Pat Customer") && JSON.stringify(a.changes).includes("customer_answer"))).toBe(true);
    // Reused: 409, nothing changes.
    const again = await answer(token, { ...threeDecisions, name: "Someone Else", items: threeDecisions.items.map((i) => ({ ...i, decision: "approved" })) });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This link has already been used");
    expect((await view(token)).status).toBe(409);
    expect(await ok(api.get(`quotes/${q.id}`))).toEqual(after);
  });

  it("two answers at the same instant: one lands, the other gets 409", async () => {
    const q = await newQuote();
    const { token } = await send(q);
    const both = await Promise.all([answer(token, threeDecisions), answer(token, { ...threeDecisions, name: "Other" })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("refuses without a name or without every item decided, at the field, changing nothing", async () => {
    const q = await newQuote();
    const { token } = await send(q);
    const noName = await answer(token, { ...threeDecisions, name: "  " });
    expect(noName.status).toBe(400);
    expect(noName.body.errors.name).toBe("Please enter your name");
    const missing = await answer(token, { ...threeDecisions, items: threeDecisions.items.slice(0, 2) });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.items).toBe("Please approve or decline every item");
    const outside = await answer(token, { ...threeDecisions, items: [...threeDecisions.items.slice(0, 2), { id: 9, decision: "approved" }] });
    expect(outside.status).toBe(400);
    expect((await ok(api.get(`quotes/${q.id}`))).approval_link.state).toBe("open");
  });

  it("keeps a script typed as the name as text", async () => {
    const q = await newQuote();
    const { token } = await send(q);
    const name = `<img src=x onerror=alert(1)><script>alert(2)</script>`;
    expect((await answer(token, { ...threeDecisions, name })).status).toBe(200);
    expect((await ok(api.get(`quotes/${q.id}`))).customer_answer.name).toBe(name);
  });
});

describe("closed links change nothing", () => {
  it("an expired link: 410 on view and answer", async () => {
    const q = await newQuote();
    const { token } = await send(q);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 7 * 86_400_000 + 1000);
    const seen = await view(token);
    expect(seen.status).toBe(410);
    expect(seen.body.message).toBe("This link has expired");
    expect((await answer(token, threeDecisions)).status).toBe(410);
    vi.useRealTimers();
    expect((await ok(api.get(`quotes/${q.id}`))).customer_answer ?? null).toBeNull();
  });

  it("a link staff revoked: 410", async () => {
    const q = await newQuote();
    const { token } = await send(q);
    expect(await ok(api.del(`quotes/approvallink/${q.id}`))).toEqual({ revoked: true });
    expect((await view(token)).body.message).toBe("This link is no longer valid");
    expect((await answer(token, threeDecisions)).status).toBe(410);
    const after = await ok(api.get(`quotes/${q.id}`));
    expect(after.approval_link.state).toBe("revoked");
    expect(after.customer_answer ?? null).toBeNull();
  });

  it("invariant: a save of the quote after sending revokes its link in that save", async () => {
    const q = await newQuote();
    const { token } = await send(q);
    const sent = await ok(api.get(`quotes/${q.id}`));
    const saved = await ok(api.put(`quotes/${q.id}`, { ...sent, description: "Changed after sending" }));
    expect(saved.approval_link.state).toBe("revoked");
    expect((await view(token)).status).toBe(410);
    expect((await answer(token, threeDecisions)).status).toBe(410);
  });

  it("invariant: finalize (a system save of the quote) revokes it too", async () => {
    const q = await newQuote();
    const { token } = await send(q);
    await ok(api.post(`quotes/finalize/${q.id}`));
    expect((await view(token)).status).toBe(410);
  });
});

describe("one quote only", () => {
  it("a token names its own quote; another quote's token or id gets nothing of this one", async () => {
    const a = await newQuote();
    const b = await newQuote();
    const ta = (await send(a)).token;
    const tb = (await send(b)).token;
    expect((await view(ta)).body.vehicle.registration).toBe(a.vehicle.registration);
    expect((await view(tb)).body.vehicle.registration).toBe(b.vehicle.registration);
    // No route takes a quote id publicly; guessed paths beside the token need a sign-in.
    for (const p of [`public/quote-approval/${a.id}`, `public/quote-approval/${ta}/${b.id}`, `public/quote-approval`, `public/quote-approval/${ta}/../../quotes/${b.id}`, `quotes/${a.id}`])
      expect((await call("GET", p, { headers })).status).toBe(401);
    // Answering with one quote's token changes only that quote.
    expect((await answer(ta, threeDecisions)).status).toBe(200);
    expect((await ok(api.get(`quotes/${b.id}`))).approval_link.state).toBe("open");
  });

  it("staff calls of the link need a sign-in", async () => {
    const q = await newQuote();
    expect((await call("POST", `quotes/approvallink/${q.id}`)).status).toBe(401);
    expect((await call("DELETE", `quotes/approvallink/${q.id}`)).status).toBe(401);
    expect((await call("POST", `quotes/approvalmail/${q.id}`, { body: { token: "x" } })).status).toBe(401);
  });
});

describe("rate limit", () => {
  it("past 30 public requests a minute from one address: 429 with Retry-After; another address is unaffected", async () => {
    // One minute throughout (a window rolling over mid-test would start the count again).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 60_000 + 1000);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof view>> | undefined;
    for (let n = 0; n < 31; n++) {
      last = await view("B".repeat(43));
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await answer("B".repeat(43), threeDecisions)).status).toBe(429);
    headers = from();
    expect((await view("B".repeat(43))).status).toBe(404);
  });
});

describe("e-mail through SES, where mail is set up", () => {
  it("sends the link's e-mail to the customer through SESv2 SendEmail (a fake SES the test starts)", async () => {
    const { createServer } = await import("node:http");
    const seen: Array<{ path: string; body: unknown }> = [];
    const server = createServer((req, res) => {
      let raw = "";
      req.on("data", (d) => (raw += d));
      req.on("end", () => {
        seen.push({ path: req.url ?? "", body: JSON.parse(raw || "{}") });
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ MessageId: "fake-1" }));
      });
    });
    await new Promise<void>((r) => server.listen(5401, "127.0.0.1", () => r()));
    const before = { from: process.env.MAIL_FROM, endpoint: process.env.SES_ENDPOINT };
    try {
      const q = await newQuote();
      // Not set up: the send answers so, and the mail call refuses.
      const off = await send(q);
      expect(off.mail.configured).toBe(false);
      expect((await api.post(`quotes/approvalmail/${q.id}`, { token: off.token })).status).toBe(400);
      process.env.MAIL_FROM = "workshop@rentals.example";
      process.env.SES_ENDPOINT = "http://127.0.0.1:5401";
      const sent = await send(q);
      expect(sent.mail).toEqual({ configured: true, to: "accounts@example.co.uk" });
      // Another quote's id with this token: nothing sent.
      const other = await newQuote();
      expect((await api.post(`quotes/approvalmail/${other.id}`, { token: sent.token })).status).toBe(404);
      expect(seen).toHaveLength(0);
      expect(await ok(api.post(`quotes/approvalmail/${q.id}`, { token: sent.token }))).toEqual({ sent_to: "accounts@example.co.uk" });
      expect(seen).toHaveLength(1);
      expect(seen[0].path).toBe("/v2/email/outbound-emails");
      expect(seen[0].body).toMatchObject({
        FromEmailAddress: "workshop@rentals.example",
        Destination: { ToAddresses: ["accounts@example.co.uk"] },
        Content: { Simple: { Subject: { Data: sent.email.subject }, Body: { Text: { Data: sent.email.text } } } },
      });
      // A revoked link is not sent.
      await ok(api.del(`quotes/approvallink/${q.id}`));
      expect((await api.post(`quotes/approvalmail/${q.id}`, { token: sent.token })).status).toBe(410);
      expect(seen).toHaveLength(1);
    } finally {
      process.env.MAIL_FROM = before.from ?? "";
      if (before.endpoint) process.env.SES_ENDPOINT = before.endpoint;
      else delete process.env.SES_ENDPOINT;
      await new Promise((r) => server.close(r));
    }
  });
});
