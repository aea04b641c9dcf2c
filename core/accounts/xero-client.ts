import { createHash } from "node:crypto";
import type { AccountingApi } from "xero-node/dist/gen/api/accountingApi.js";
import type { Account, Contact, CreditNote, Invoice, Payment, TrackingCategory, TrackingOption } from "xero-node";
import { takeCall } from "../platform/budget.js";

/**
 * The one door to Xero (docs/xero.md). Sends the push items' bodies through
 * the official xero-node client's AccountingApi, whose `basePath` is set from
 * XERO_API_URL; the token (client_credentials, a Custom Connection) and the
 * tenant are fetched here because xero-node's XeroClient hard-codes
 * identity.xero.com and api.xero.com/connections.
 *
 * xero-node (with axios) is about 830 kB minified, so it is loaded with a
 * dynamic import on the first send and left out of the Lambda bundles
 * (stacks/backend.ts installs it beside them): saving a record never pays for it.
 */

// The xero-node models the payloads build (types only: nothing of xero-node is bundled through them).
export type { Account, Contact, CreditNote, Invoice, LineItem, LineItemTracking, TrackingCategory, TrackingOption } from "xero-node";

export type XeroTarget =
  | "nominal"
  | "trackingcategories"
  | "supplier"
  | "customer"
  | "purchaseinvoice"
  | "purchasecreditnote"
  | "salesinvoice"
  | "salescreditnote"
  | "allocation"
  | "payment";

export type XeroDelivery = {
  target: XeroTarget;
  /** Stable per source record and version, <= 128 chars. */
  idempotencyKey: string;
  /** A xero-node model object: Account | TrackingCategory | Contact | Invoice | CreditNote. */
  body: unknown;
  /** Known Xero id => update (POST) instead of create (PUT). */
  xeroId?: string | null;
};

export type XeroOutcome =
  /** xeroId null: Xero holds nothing for the source now (a deleted payment's, deleted in Xero). */
  | { ok: true; xeroId: string | null }
  | { ok: false; kind: "validation"; message: string; errors: string[] }
  | { ok: false; kind: "transient"; message: string; retryAfterSeconds?: number; waiting?: boolean }
  | { ok: false; kind: "not-configured"; message: string };

export const XERO_API_URL = "https://api.xero.com/api.xro/2.0";
export const XERO_TOKEN_URL = "https://identity.xero.com/connect/token";
/** Xero's practical batch size (integration-facts.md). */
export const XERO_BATCH = 50;
export const NOT_CONNECTED = "Xero is not connected";

export function xeroConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.XERO_CLIENT_ID && env.XERO_CLIENT_SECRET);
}

// ---------------------------------------------------------------------------
// Limits inside one process (integration-facts.md: 5 concurrent, 60 a minute, 5,000 a day).

type LimitSettings = {
  concurrent: number;
  perWindow: number;
  windowMs: number;
  /** The longest a call waits for the minute window; beyond it the item is answered "retry later" (an API route has 29 s). */
  maxWaitMs: number;
  /** How long sending stops once Xero says the day's calls are used up and gives no Retry-After. */
  dayStopMs: number;
  /** Calls a minute and a UTC day per tenant, kept for every process in the shared budget (core/platform/budget.ts). */
  sharedPerMinute: number;
  perDay: number;
  /** The shared budget's scope beside the tenant's id: tests give each reset client its own budget. */
  budgetScope: string;
};
const XERO_LIMITS: LimitSettings = { concurrent: 5, perWindow: 60, windowMs: 60_000, maxWaitMs: 10_000, dayStopMs: 60 * 60_000, sharedPerMinute: 60, perDay: 5000, budgetScope: "" };

class Limiter {
  active = 0;
  waiting: (() => void)[] = [];
  starts: number[] = [];
  /** Epoch ms before which nothing is sent (day limit or a 429's Retry-After). */
  stoppedUntil = 0;
  stopReason = "";
  constructor(public settings: LimitSettings) {}

  /** Takes one of the concurrent slots (waiting for one to free), unless sending is stopped. */
  async enter(): Promise<{ ok: true } | LimitStop> {
    const stop = this.stopped();
    if (stop) return stop;
    while (this.active >= this.settings.concurrent) await new Promise<void>((r) => this.waiting.push(r));
    this.active++;
    return { ok: true };
  }

  /** A place in the sliding minute window for one call, or how long to wait (seconds) when that is too long. */
  async place(): Promise<{ ok: true } | LimitStop> {
    for (;;) {
      const stop = this.stopped();
      if (stop) return stop;
      const now = Date.now();
      this.starts = this.starts.filter((t) => t > now - this.settings.windowMs);
      if (this.starts.length < this.settings.perWindow) {
        this.starts.push(now);
        return { ok: true };
      }
      const wait = this.starts[0] + this.settings.windowMs - now;
      if (wait > this.settings.maxWaitMs) return { ok: false, retryAfterSeconds: Math.ceil(wait / 1000), message: "Xero's limit of calls a minute is reached" };
      await new Promise((r) => setTimeout(r, wait + 1));
    }
  }

  release() {
    this.active--;
    this.waiting.shift()?.();
  }

  stopped(): LimitStop | null {
    const left = this.stoppedUntil - Date.now();
    return left > 0 ? { ok: false, retryAfterSeconds: Math.ceil(left / 1000), message: this.stopReason } : null;
  }

  stop(ms: number, reason: string) {
    this.stoppedUntil = Math.max(this.stoppedUntil, Date.now() + ms);
    this.stopReason = reason;
  }

  /** Reads Xero's remaining-calls headers after every answer. */
  observe(headers: Record<string, unknown> | undefined) {
    if (!headers) return;
    const day = header(headers, "x-daylimit-remaining");
    if (day !== undefined && Number(day) <= 0) this.stop(this.settings.dayStopMs, "Xero's daily limit of calls is reached");
    const minute = header(headers, "x-minlimit-remaining");
    // Another process used the minute's calls: fill our window so the next call waits for it to pass.
    if (minute !== undefined && Number(minute) <= 0) {
      const now = Date.now();
      this.starts = Array.from({ length: this.settings.perWindow }, () => now);
    }
  }
}

type LimitStop = { ok: false; retryAfterSeconds: number; message: string };

/** A call that would have to wait past the limits: its items are answered "retry later". */
class LimitWait extends Error {
  constructor(public stop: LimitStop) {
    super(stop.message);
  }
}

let limiter = new Limiter({ ...XERO_LIMITS });

// ---------------------------------------------------------------------------
// Connection: token (cached per process until shortly before it expires) and tenant.

type Connection = { token: string; expiresAt: number; tenantId: string; key: string };
let connection: Connection | null = null;
let api: AccountingApi | null = null;

/** Tests only: forget the token, tenant and limits, optionally with other limits (e.g. a 1 s window); the shared budget of a reset client is its own (a fresh scope) unless `budgetScope` is given. */
export function resetXeroClient(limits: Partial<LimitSettings> = {}) {
  connection = null;
  api = null;
  limiter = new Limiter({ ...XERO_LIMITS, budgetScope: `test-${createHash("sha256").update(String(Math.random())).digest("hex").slice(0, 8)}`, ...limits });
}

class XeroHttpError extends Error {
  constructor(
    public status: number,
    public body: unknown,
    public headers: Record<string, unknown> = {},
  ) {
    super(`Xero answered ${status}`);
  }
}

async function connect(env: NodeJS.ProcessEnv): Promise<Connection> {
  const tokenUrl = env.XERO_TOKEN_URL || XERO_TOKEN_URL;
  const apiUrl = env.XERO_API_URL || XERO_API_URL;
  const key = [tokenUrl, apiUrl, env.XERO_CLIENT_ID, env.XERO_TENANT_ID ?? ""].join(" ");
  if (connection && connection.key === key && connection.expiresAt > Date.now() + 60_000) return connection;
  const form = new URLSearchParams({ grant_type: "client_credentials" });
  if (env.XERO_SCOPES) form.set("scope", env.XERO_SCOPES);
  const basic = Buffer.from(`${env.XERO_CLIENT_ID}:${env.XERO_CLIENT_SECRET}`).toString("base64");
  const tokenRes = await fetch(tokenUrl, {
    method: "POST",
    headers: { Authorization: `Basic ${basic}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: form,
  });
  const tokenBody = (await tokenRes.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string };
  if (!tokenRes.ok || !tokenBody.access_token) throw new XeroHttpError(tokenRes.status, tokenBody, headersOf(tokenRes));
  const token = tokenBody.access_token;
  let tenantId = env.XERO_TENANT_ID ?? "";
  if (!tenantId) {
    // A Custom Connection is connected to one organisation: the first (only) connection's tenant.
    const res = await fetch(new URL(apiUrl).origin + "/connections", { headers: { Authorization: `Bearer ${token}`, Accept: "application/json" } });
    const list = (await res.json().catch(() => null)) as { tenantId?: string }[] | null;
    if (!res.ok) throw new XeroHttpError(res.status, list, headersOf(res));
    tenantId = list?.[0]?.tenantId ?? "";
    if (!tenantId) throw new XeroHttpError(404, { Message: "The Xero connection has no organisation" });
  }
  connection = { token, tenantId, key, expiresAt: Date.now() + (tokenBody.expires_in ?? 1800) * 1000 };
  return connection;
}

async function accountingApi(env: NodeJS.ProcessEnv, token: string): Promise<AccountingApi> {
  if (!api) {
    // Loaded on the first send only (see the note at the top).
    const { AccountingApi } = await import("xero-node/dist/gen/api/accountingApi.js");
    api = new AccountingApi();
  }
  api.basePath = env.XERO_API_URL || XERO_API_URL;
  api.accessToken = token;
  return api;
}

// ---------------------------------------------------------------------------
// Sending.

/**
 * Sends one target's deliveries (<= 50), in order; one outcome per delivery,
 * same order. Contacts, invoices and credit notes go as one call for the
 * creates (PUT) and one for the updates (POST) with summarizeErrors=false, so
 * a bad item fails alone; accounts and tracking categories have no batch call
 * in Xero, so each is its own call (within the limits).
 */
export async function deliver(batch: XeroDelivery[], env: NodeJS.ProcessEnv = process.env): Promise<XeroOutcome[]> {
  if (batch.length === 0) return [];
  if (batch.length > XERO_BATCH) throw new Error(`deliver: at most ${XERO_BATCH} a batch`);
  const target = batch[0].target;
  if (batch.some((d) => d.target !== target)) throw new Error("deliver: one target a batch");
  if (!xeroConfigured(env)) return batch.map(() => ({ ok: false, kind: "not-configured", message: NOT_CONNECTED }));
  const stop = limiter.stopped();
  if (stop) return batch.map(() => transient(stop.message, stop.retryAfterSeconds));

  let conn: Connection;
  try {
    conn = await connect(env);
  } catch (e) {
    const outcome = failure(e, "Could not connect to Xero");
    // A refused token or tenant is not an item's fault: the items wait and are tried again.
    const out: XeroOutcome = outcome.ok === false && outcome.kind === "validation" ? transient(`Could not connect to Xero: ${outcome.errors.join("; ") || outcome.message}`) : outcome;
    return batch.map(() => out);
  }
  const xero = await accountingApi(env, conn.token);
  const ctx: Ctx = { xero, tenantId: conn.tenantId };

  if (target === "nominal" || target === "trackingcategories" || target === "allocation" || target === "payment") {
    const send = target === "nominal" ? sendAccount : target === "allocation" ? sendAllocation : target === "payment" ? sendPayment : sendTrackingCategory;
    return Promise.all(batch.map((d) => guarded(() => send(ctx, d))));
  }
  const outcomes: XeroOutcome[] = new Array(batch.length);
  const creates = batch.map((d, i) => [d, i] as const).filter(([d]) => !d.xeroId);
  const updates = batch.map((d, i) => [d, i] as const).filter(([d]) => d.xeroId);
  await Promise.all(
    [creates, updates]
      .filter((group) => group.length > 0)
      .map(async (group) => {
        const results = await guardedMany(group.length, () => sendDocuments(ctx, target, group.map(([d]) => d)));
        group.forEach(([, i], k) => (outcomes[i] = results[k]));
      }),
  );
  return outcomes;
}

type Ctx = { xero: AccountingApi; tenantId: string };
type XeroAnswer<T> = { response: { headers?: Record<string, unknown> }; body: T };

/** One call through the limits: waits its turn, reads the limit headers, turns failures into outcomes. */
async function guarded(call: () => Promise<XeroOutcome>): Promise<XeroOutcome> {
  return (await guardedMany(1, async () => [await call()]))[0];
}

async function guardedMany(n: number, call: () => Promise<XeroOutcome[]>): Promise<XeroOutcome[]> {
  const slot = await limiter.enter();
  if (!slot.ok) return Array.from({ length: n }, () => transient(slot.message, slot.retryAfterSeconds));
  try {
    return await call();
  } catch (e) {
    const out = failure(e);
    return Array.from({ length: n }, () => out);
  } finally {
    limiter.release();
  }
}

/**
 * One call from the budget every process shares (core/platform/budget.ts:
 * DynamoDB counters per tenant per minute and per day, taken with a
 * conditional write). A spent minute is waited out when the next one starts
 * within `maxWaitMs`; otherwise (or a spent day) the call's items are
 * answered "retry later", so the run leaves them for the next one.
 */
async function shared(ctx: Ctx): Promise<void> {
  for (;;) {
    const { sharedPerMinute, perDay, budgetScope } = limiter.settings;
    const taken = await takeCall(`xero#${ctx.tenantId}${budgetScope ? `#${budgetScope}` : ""}`, { perMinute: sharedPerMinute, perDay });
    if (taken.ok) return;
    if (taken.spent === "day") {
      limiter.stop(taken.retryAfterMs, "Xero's daily limit of calls is reached");
      throw new LimitWait({ ok: false, retryAfterSeconds: Math.ceil(taken.retryAfterMs / 1000), message: "Xero's daily limit of calls is reached" });
    }
    if (taken.retryAfterMs > limiter.settings.maxWaitMs) throw new LimitWait({ ok: false, retryAfterSeconds: Math.ceil(taken.retryAfterMs / 1000), message: "Xero's limit of calls a minute is reached" });
    await new Promise((r) => setTimeout(r, taken.retryAfterMs + 50 + Math.random() * 200));
  }
}

/** Every Xero call goes through here: the process's limits, then the shared budget; its limit headers are read and its failure is decoded. */
async function call<T>(ctx: Ctx, run: () => Promise<XeroAnswer<T>>): Promise<T> {
  const place = await limiter.place();
  if (!place.ok) throw new LimitWait(place);
  await shared(ctx);
  try {
    const answer = await run();
    limiter.observe(answer.response?.headers);
    return answer.body;
  } catch (e) {
    const err = decodeSdkError(e);
    if (err instanceof XeroHttpError) limiter.observe(err.headers);
    throw err;
  }
}

/** xero-node rejects with a JSON string `{response: {statusCode, body, headers}}` (or an Error before sending). */
function decodeSdkError(e: unknown): XeroHttpError | Error {
  if (e instanceof XeroHttpError) return e;
  let parsed: unknown = e;
  if (typeof e === "string") {
    try {
      parsed = JSON.parse(e);
    } catch {
      return new Error(e);
    }
  }
  const response = (parsed as { response?: { statusCode?: number; body?: unknown; headers?: Record<string, unknown> } })?.response;
  if (response && typeof response.statusCode === "number") return new XeroHttpError(response.statusCode, response.body, response.headers ?? {});
  return e instanceof Error ? e : new Error(String(e));
}

const transient = (message: string, retryAfterSeconds?: number): XeroOutcome =>
  retryAfterSeconds === undefined ? { ok: false, kind: "transient", message } : { ok: false, kind: "transient", message, retryAfterSeconds };

/** A failed call as an outcome: 429 / 5xx / network wait and retry, Xero's refusals are shown to staff. */
function failure(e: unknown, context = "There was an error sending data to Xero"): XeroOutcome {
  if (e instanceof LimitWait) return transient(e.stop.message, e.stop.retryAfterSeconds);
  if (!(e instanceof XeroHttpError)) return transient(`${context}: ${e instanceof Error ? e.message : String(e)}`);
  const { status, body, headers } = e;
  if (status === 429) {
    const seconds = Number(header(headers, "retry-after") ?? 60);
    const problem = String(header(headers, "x-rate-limit-problem") ?? "minute");
    // The whole process waits: every further call would get the same 429.
    limiter.stop(seconds * 1000, problem === "day" ? "Xero's daily limit of calls is reached" : "Xero asked us to slow down");
    return transient(`Xero's ${problem} limit of calls is reached`, Number.isFinite(seconds) ? seconds : 60);
  }
  if (status === 0 || status >= 500 || status === 408) return transient(`Xero is not answering (${status || "network error"})`);
  if (status === 401 || status === 403) {
    connection = null; // the token was refused: fetch a new one next time
    return transient(`Xero refused the connection (${status})`);
  }
  // Staff read the first of Xero's own reasons; all of them are kept.
  const errors = validationMessages(body);
  const message = errors[0] ?? errorMessage(body) ?? `Xero refused it (${status})`;
  return { ok: false, kind: "validation", message, errors: errors.length ? errors : [message] };
}

/** Xero's `{ErrorNumber, Type, Message, Elements[{ValidationErrors[{Message}]}]}`. */
type XeroError = { Type?: string; Message?: string; Detail?: string; Title?: string; Elements?: { ValidationErrors?: { Message?: string }[] }[] };

function validationMessages(body: unknown, element?: number): string[] {
  const elements = (body as XeroError | null)?.Elements ?? [];
  const chosen = element === undefined ? elements : elements.slice(element, element + 1);
  return chosen.flatMap((el) => (el.ValidationErrors ?? []).map((v) => v.Message ?? "")).filter(Boolean);
}

function errorMessage(body: unknown): string | undefined {
  if (typeof body === "string") return body || undefined;
  const b = body as XeroError | null;
  return b?.Message ?? b?.Detail ?? b?.Title;
}

function header(headers: Record<string, unknown> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const found = Object.entries(headers).find(([k]) => k.toLowerCase() === name);
  return found === undefined || found[1] === undefined || found[1] === null ? undefined : String(found[1]);
}

function headersOf(res: Response): Record<string, unknown> {
  return Object.fromEntries(res.headers.entries());
}

/** Sub-calls (a tracking category's options) get keys derived from their delivery's, still <= 128 chars. */
function subKey(key: string, suffix: string): string {
  const full = `${key}-${suffix}`;
  return full.length <= 128 ? full : `${createHash("sha256").update(full).digest("hex")}`;
}

/**
 * A batch's request carries one Idempotency-Key: the delivery's own for a
 * batch of one (the immediate attempt, Retry), otherwise one derived from its
 * members' keys, so a retried batch of the same items replays Xero's answer.
 */
export function batchKey(deliveries: XeroDelivery[]): string {
  if (deliveries.length === 1) return deliveries[0].idempotencyKey;
  return "batch-" + createHash("sha256").update(deliveries.map((d) => d.idempotencyKey).join("\n")).digest("hex");
}

/** Per-item answer of a summarizeErrors=false batch: the Xero id or the item's validation errors. */
type XeroItem = { validationErrors?: { message?: string }[]; hasErrors?: boolean; statusAttributeString?: string };
function itemOutcome(item: object | undefined, id: string | undefined): { ok: true; xeroId: string } | Exclude<XeroOutcome, { ok: true }> {
  const it = item as XeroItem | undefined;
  const errors = (it?.validationErrors ?? []).map((v) => v.message ?? "").filter(Boolean);
  if (errors.length || it?.hasErrors || it?.statusAttributeString === "ERROR" || !id) {
    const list = errors.length ? errors : ["Xero did not accept it"];
    return { ok: false, kind: "validation", message: list[0], errors: list };
  }
  return { ok: true, xeroId: id };
}

async function sendDocuments(ctx: Ctx, target: XeroTarget, deliveries: XeroDelivery[]): Promise<XeroOutcome[]> {
  const { xero, tenantId } = ctx;
  const key = batchKey(deliveries);
  const update = Boolean(deliveries[0].xeroId);
  try {
    if (target === "supplier" || target === "customer") {
      const contacts = deliveries.map((d) => (update ? { ...(d.body as Contact), contactID: d.xeroId! } : (d.body as Contact)));
      const body = await call(ctx, () => (update ? xero.updateOrCreateContacts(tenantId, { contacts }, false, key) : xero.createContacts(tenantId, { contacts }, false, key)));
      return deliveries.map((_, i) => itemOutcome(body.contacts?.[i], body.contacts?.[i]?.contactID));
    }
    if (target === "salesinvoice" || target === "purchaseinvoice") {
      const invoices = deliveries.map((d) => (update ? { ...(d.body as Invoice), invoiceID: d.xeroId! } : (d.body as Invoice)));
      const body = await call(ctx, () =>
        update ? xero.updateOrCreateInvoices(tenantId, { invoices }, false, undefined, key) : xero.createInvoices(tenantId, { invoices }, false, undefined, key),
      );
      return deliveries.map((_, i) => itemOutcome(body.invoices?.[i], body.invoices?.[i]?.invoiceID));
    }
    const creditNotes = deliveries.map((d) => (update ? { ...(d.body as CreditNote), creditNoteID: d.xeroId! } : (d.body as CreditNote)));
    const body = await call(ctx, () =>
      update ? xero.updateOrCreateCreditNotes(tenantId, { creditNotes }, false, undefined, key) : xero.createCreditNotes(tenantId, { creditNotes }, false, undefined, key),
    );
    return deliveries.map((_, i) => itemOutcome(body.creditNotes?.[i], body.creditNotes?.[i]?.creditNoteID));
  } catch (e) {
    // A whole-request refusal (400) names each element's errors in the items' order.
    if (e instanceof XeroHttpError && e.status === 400) {
      return deliveries.map((_, i) => {
        const errors = validationMessages(e.body, i);
        const all = errors.length ? errors : validationMessages(e.body);
        const message = all[0] ?? errorMessage(e.body) ?? "Xero refused it (400)";
        return { ok: false, kind: "validation", message, errors: all.length ? all : [message] };
      });
    }
    throw e;
  }
}

async function sendAccount(ctx: Ctx, d: XeroDelivery): Promise<XeroOutcome> {
  const { xero, tenantId } = ctx;
  const account = d.body as Account;
  const body = d.xeroId
    ? await call(ctx, () => xero.updateAccount(tenantId, d.xeroId!, { accounts: [{ ...account, accountID: d.xeroId! }] }, d.idempotencyKey))
    : await call(ctx, () => xero.createAccount(tenantId, account, d.idempotencyKey));
  const saved = body.accounts?.[0];
  return itemOutcome(saved, saved?.accountID);
}

/**
 * A tracking category and its options: Xero takes the category (name, status)
 * and each option by its own call; on an update the options Xero lacks (by
 * name) are added, so a category re-sent after a new option gains just that one.
 */
async function sendTrackingCategory(ctx: Ctx, d: XeroDelivery): Promise<XeroOutcome> {
  const { xero, tenantId } = ctx;
  const category = d.body as TrackingCategory;
  const head: TrackingCategory = { name: category.name, ...(category.status ? { status: category.status } : {}) };
  let id = d.xeroId ?? undefined;
  let existing: TrackingOption[] = [];
  if (id) {
    await call(ctx, () => xero.updateTrackingCategory(tenantId, id!, head, d.idempotencyKey));
    const body = await call(ctx, () => xero.getTrackingCategory(tenantId, id!));
    existing = body.trackingCategories?.[0]?.options ?? [];
  } else {
    const body = await call(ctx, () => xero.createTrackingCategory(tenantId, head, d.idempotencyKey));
    const saved = body.trackingCategories?.[0];
    const outcome = itemOutcome(saved, saved?.trackingCategoryID);
    if (!outcome.ok) return outcome;
    id = outcome.xeroId;
  }
  const have = new Set(existing.map((o) => (o.name ?? "").toLowerCase()));
  const wanted = (category.options ?? []).filter((o) => o.name && !have.has(o.name.toLowerCase()));
  for (const [i, option] of wanted.entries()) {
    try {
      await call(ctx, () => xero.createTrackingOptions(tenantId, id, { name: option.name, ...(option.status ? { status: option.status } : {}) }, subKey(d.idempotencyKey, `o${i}`)));
    } catch (e) {
      const out = failure(e);
      // The category itself exists now: say so, so the retry updates it instead of creating a second one.
      if (!out.ok && out.kind === "validation") return { ...out, message: `Option '${option.name}': ${out.message}`, errors: out.errors.map((m) => `Option '${option.name}': ${m}`) };
      return out;
    }
  }
  return { ok: true, xeroId: id };
}

/** An allocation's delivery body (core/accounts/xero-documents.ts `allocation`): Xero's ids of the two documents, the amount and the date. */
export type AllocationBody = { creditNoteID: string; invoiceID: string; amount: number; date?: string };

/** How long an allocation waits for staff to approve its documents in Xero before it is tried again. */
const AWAIT_APPROVAL_S = 3600;

/**
 * A credit note allocated to the invoice it credits (PUT
 * /CreditNotes/{id}/Allocations). Xero allocates only between AUTHORISED
 * documents, and the product sends documents as DRAFT (003 §4): both are
 * read first, and while either is still a draft in Xero the item waits
 * (transient, tried again in an hour) with a message saying so.
 */
async function sendAllocation(ctx: Ctx, d: XeroDelivery): Promise<XeroOutcome> {
  const { xero, tenantId } = ctx;
  const a = d.body as AllocationBody;
  const [note] = (await call(ctx, () => xero.getCreditNote(tenantId, a.creditNoteID))).creditNotes ?? [];
  const [invoice] = (await call(ctx, () => xero.getInvoice(tenantId, a.invoiceID))).invoices ?? [];
  const authorised = (status: unknown) => String(status) === "AUTHORISED" || String(status) === "PAID";
  if (!authorised(note?.status) || !authorised(invoice?.status))
    // Not a failure: it waits for staff to approve in Xero (the sync answers it as waiting).
    return { ok: false, kind: "transient", waiting: true, retryAfterSeconds: AWAIT_APPROVAL_S, message: `Waiting for the ${!authorised(note?.status) ? "credit note" : "invoice"} to be approved in Xero (Xero allocates only approved documents)` };
  const body = await call(ctx, () =>
    xero.createCreditNoteAllocation(tenantId, a.creditNoteID, { allocations: [{ invoice: { invoiceID: a.invoiceID }, amount: a.amount, date: a.date ?? new Date().toISOString().slice(0, 10) }] }, false, d.idempotencyKey),
  );
  const saved = body.allocations?.[0];
  return itemOutcome(saved, saved?.allocationID ?? (saved ? a.creditNoteID : undefined));
}

/**
 * A payment's delivery body (core/accounts/xero-documents.ts `payment`):
 * `remove` when Xero should hold none for it (the payment deleted, unpaid,
 * or naming no invoice of ours); otherwise Xero's id of its invoice (null
 * until the invoice reaches Xero), the account it is paid into (null while
 * no Xero payments account is set), the date paid and the amount.
 */
export type PaymentBody =
  | { remove: true }
  | {
      remove?: false;
      invoiceID: string | null;
      invoiceNumber: string;
      account: { accountID?: string; code?: string } | null;
      date: string;
      amount: number;
      /** Labelled an overpayment in the product: only what Xero has outstanding on the invoice is sent (docs/xero.md "Payments"). */
      overpayment: boolean;
      reference: string;
    };

/** How long a payment waits for staff to approve its invoice in Xero before it is tried again. */
const AWAIT_INVOICE_S = 3600;
const pence = (n: unknown) => Math.round(Number(n ?? 0) * 100);

/**
 * A payment against its invoice (issue 22; docs/xero.md "Payments"). Xero
 * payments cannot be edited: a changed or removed payment first deletes the
 * one Xero holds (`xeroId`: GET /Payments/{id}, then POST /Payments/{id}
 * Status DELETED unless it is deleted already, so a retry after a half-done
 * attempt deletes nothing twice), then sends the new one. Xero takes
 * payments only against AUTHORISED invoices and the product sends DRAFTs
 * (003 §4): while the invoice is a draft the item waits (not a failure).
 * Sent as PUT /Payments (summarizeErrors=false) with the invoice's id, the
 * account (its Xero id, else its code), the date paid and the amount; an
 * overpayment sends at most the invoice's AmountDue in Xero.
 */
async function sendPayment(ctx: Ctx, d: XeroDelivery): Promise<XeroOutcome> {
  const { xero, tenantId } = ctx;
  const b = d.body as PaymentBody;
  const wait = (message: string): XeroOutcome => ({ ok: false, kind: "transient", waiting: true, retryAfterSeconds: AWAIT_INVOICE_S, message });
  if (!b.remove) {
    // Nothing is deleted in Xero while the new one could not be sent at all.
    if (!b.account) return wait("No Xero payments account is set (Settings > Defaults)");
    if (!b.invoiceID) return wait(`Waiting for invoice ${b.invoiceNumber} to reach Xero`);
  }
  if (d.xeroId) {
    const held = (await call(ctx, () => xero.getPayment(tenantId, d.xeroId!))).payments?.[0];
    if (held && String(held.status) !== "DELETED") {
      const gone = await call(ctx, () => xero.deletePayment(tenantId, d.xeroId!, { status: "DELETED" }, subKey(d.idempotencyKey, "del")));
      const out = itemOutcome(gone.payments?.[0], gone.payments?.[0]?.paymentID ?? d.xeroId);
      if (!out.ok) return out;
    }
  }
  if (b.remove) return { ok: true, xeroId: null };
  const [invoice] = (await call(ctx, () => xero.getInvoice(tenantId, b.invoiceID!))).invoices ?? [];
  const status = String(invoice?.status ?? "");
  if (status !== "AUTHORISED" && status !== "PAID") return wait(`Waiting for invoice ${b.invoiceNumber} to be approved in Xero (Xero takes payments against approved invoices only)`);
  let amount = b.amount;
  if (b.overpayment) {
    const due = pence(invoice?.amountDue);
    if (due <= 0) {
      const message = `Invoice ${b.invoiceNumber} has nothing outstanding in Xero: this overpayment of £${b.amount.toFixed(2)} is to be recorded in Xero as an overpayment`;
      return { ok: false, kind: "validation", message, errors: [message] };
    }
    amount = Math.min(pence(b.amount), due) / 100;
  }
  const payment: Payment = { invoice: { invoiceID: b.invoiceID! }, account: b.account!, date: b.date, amount, reference: b.reference };
  const body = await call(ctx, () => xero.createPayments(tenantId, { payments: [payment] }, false, d.idempotencyKey));
  const saved = body.payments?.[0];
  return itemOutcome(saved, saved?.paymentID);
}
