import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { requestModel, validateXero } from "./xero-models.js";

/**
 * A small stand-in for Xero (docs/xero.md, "Fake Xero"), the way sign-in
 * tests stand in for Google: the identity token endpoint
 * (client_credentials), GET /connections and the accounting endpoints the
 * client uses (Accounts, TrackingCategories and their Options, Contacts,
 * Invoices, CreditNotes), answering in Xero's shapes:
 *
 * - every request is recorded (method, path, query, headers incl.
 *   Idempotency-Key, parsed body) for assertions;
 * - ids are issued on create; an update names the id in the path or body;
 * - Xero's own rules where cheap (a contact needs a unique name, an account
 *   a unique code and a name, a document a contact and line items), plus
 *   rules a test adds (`reject`), answered per item with ValidationErrors
 *   when summarizeErrors=false and as a 400 ValidationException otherwise;
 * - scripted answers for the next calls (`failNext`: 429 with Retry-After,
 *   500, ...), limit headers (X-MinLimit-Remaining, X-DayLimit-Remaining);
 * - a repeated Idempotency-Key replays the first answer and changes nothing;
 * - credit note allocations (PUT /CreditNotes/{id}/Allocations) only between
 *   AUTHORISED documents (`authorise` plays staff approving one in Xero);
 * - every body checked against xero-node's models (tests/support/xero-models.ts).
 *
 * `npm start` / the browser tests start one when XERO_FAKE=true
 * (functions/local/main.ts), with control calls under /fake.
 */

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  idempotencyKey?: string;
  body: unknown;
  at: number;
  /** The body's problems against xero-node's model of the call (tests/support/xero-models.ts); empty when it matches. */
  schemaErrors?: string[];
};

type Scripted = { status: number; retryAfter?: number; problem?: "minute" | "day" | "concurrent"; body?: unknown };
type Rule = { collection: Collection | "*"; match: (item: Record<string, unknown>) => boolean; messages: string[] };
type Collection = "Accounts" | "TrackingCategories" | "Contacts" | "Invoices" | "CreditNotes" | "Payments";
type Answer = { status: number; headers: Record<string, string>; body: unknown };
type Item = Record<string, unknown>;

const ID_FIELD: Record<Collection, string> = {
  Accounts: "AccountID",
  TrackingCategories: "TrackingCategoryID",
  Contacts: "ContactID",
  Invoices: "InvoiceID",
  CreditNotes: "CreditNoteID",
  Payments: "PaymentID",
};

export type FakeXeroOptions = {
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  tenantId?: string;
  /** Seconds a token lives (Xero: 1800). */
  tokenSeconds?: number;
  /** Calls left today; each API call lowers it (X-DayLimit-Remaining). */
  dayLimit?: number;
};

export type FakeXero = Awaited<ReturnType<typeof startFakeXero>>;

export async function startFakeXero(options: FakeXeroOptions = {}) {
  const clientId = options.clientId ?? "fake-client-id";
  const clientSecret = options.clientSecret ?? "fake-client-secret";
  const tenantId = options.tenantId ?? randomUUID();
  const tokens = new Map<string, number>(); // token -> expiry (ms)
  const requests: RecordedRequest[] = [];
  const scripted: Scripted[] = [];
  const rules: Rule[] = [];
  const answers = new Map<string, Answer>(); // idempotency key -> first answer
  const store: Record<Collection, Map<string, Item>> = {
    Accounts: new Map(),
    TrackingCategories: new Map(),
    Contacts: new Map(),
    Invoices: new Map(),
    CreditNotes: new Map(),
    Payments: new Map(),
  };
  const state = { delayMs: 0, inFlight: 0, maxInFlight: 0, dayLimit: options.dayLimit ?? 5000, tokenSeconds: options.tokenSeconds ?? 1800 };

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((e) => send(res, { status: 500, headers: {}, body: { Message: String(e) } }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const raw = await readBody(req);
    let body: unknown = raw;
    const type = req.headers["content-type"] ?? "";
    if (raw && type.includes("json")) body = JSON.parse(raw);
    else if (raw && type.includes("x-www-form-urlencoded")) body = Object.fromEntries(new URLSearchParams(raw));
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(",") : (v ?? "")]));
    const path = url.pathname;
    if (path.startsWith("/fake/")) return control(path, req.method ?? "GET", body, res);
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      path,
      query: Object.fromEntries(url.searchParams),
      headers,
      idempotencyKey: headers["idempotency-key"] || undefined,
      body,
      at: Date.now(),
    };
    requests.push(recorded);

    if (path === "/connect/token") return send(res, token(headers, body as Record<string, string>));
    const auth = /^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1];
    if (!auth || (tokens.get(auth) ?? 0) < Date.now())
      return send(res, { status: 401, headers: {}, body: { Type: null, Title: "Unauthorized", Status: 401, Detail: "AuthenticationUnsuccessful" } });
    if (path === "/connections" && req.method === "GET")
      return send(res, { status: 200, headers: {}, body: [{ id: randomUUID(), tenantId, tenantType: "ORGANISATION", tenantName: "Demo Company (UK)" }] });

    const api = /^\/api\.xro\/2\.0(\/.*)$/.exec(path)?.[1];
    if (!api) return send(res, { status: 404, headers: {}, body: { Message: "The resource you're looking for cannot be found" } });
    if (headers["xero-tenant-id"] !== tenantId) return send(res, { status: 403, headers: {}, body: { Title: "Forbidden", Detail: "AuthorizationUnsuccessful" } });

    // Every body is checked against the model xero-node declares for the call (names, types, enums, dates): a body Xero would not read as sent is refused.
    const model = requestModel(recorded.method, api);
    if (model) {
      recorded.schemaErrors = validateXero(body, model, "wire");
      if (recorded.schemaErrors.length)
        return send(res, { status: 400, headers: {}, body: { ErrorNumber: 10, Type: "ValidationException", Message: "A validation exception occurred", Elements: [{ ValidationErrors: recorded.schemaErrors.map((Message) => ({ Message: `Not a ${model}: ${Message}` })) }] } });
    }

    state.inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    try {
      if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
      const forced = scripted.shift();
      if (forced) return send(res, forcedAnswer(forced));
      state.dayLimit = Math.max(0, state.dayLimit - 1);
      const key = recorded.idempotencyKey;
      const replayKey = key ? `${recorded.method} ${api} ${key}` : undefined;
      const replay = replayKey ? answers.get(replayKey) : undefined;
      if (replay) return send(res, { ...replay, headers: { ...replay.headers, ...limitHeaders() } });
      const answer = accounting(recorded.method, api, body, recorded.query);
      answer.headers = { ...answer.headers, ...limitHeaders() };
      if (replayKey && answer.status < 500) answers.set(replayKey, answer);
      return send(res, answer);
    } finally {
      state.inFlight--;
    }
  }

  function token(headers: Record<string, string>, form: Record<string, string>): Answer {
    const basic = /^Basic (.+)$/.exec(headers.authorization ?? "")?.[1];
    const [id, secret] = basic ? Buffer.from(basic, "base64").toString().split(":") : [form?.client_id, form?.client_secret];
    if (form?.grant_type !== "client_credentials") return { status: 400, headers: {}, body: { error: "unsupported_grant_type" } };
    if (id !== clientId || secret !== clientSecret) return { status: 400, headers: {}, body: { error: "invalid_client" } };
    const access = randomUUID();
    tokens.set(access, Date.now() + state.tokenSeconds * 1000);
    return { status: 200, headers: {}, body: { access_token: access, expires_in: state.tokenSeconds, token_type: "Bearer", scope: "accounting.transactions accounting.contacts accounting.settings" } };
  }

  function limitHeaders(): Record<string, string> {
    const now = Date.now();
    const lastMinute = requests.filter((r) => r.at > now - 60_000 && r.path.startsWith("/api.xro")).length;
    return {
      "X-DayLimit-Remaining": String(state.dayLimit),
      "X-MinLimit-Remaining": String(Math.max(0, 60 - lastMinute)),
      "X-AppMinLimit-Remaining": "9999",
    };
  }

  function forcedAnswer(f: Scripted): Answer {
    if (f.status === 429)
      return {
        status: 429,
        headers: { "Retry-After": String(f.retryAfter ?? 60), "X-Rate-Limit-Problem": f.problem ?? "minute", ...limitHeaders() },
        body: f.body ?? { Title: "Too Many Requests", Status: 429, Detail: "Rate limit exceeded" },
      };
    return { status: f.status, headers: limitHeaders(), body: f.body ?? { Title: "An error occurred", Status: f.status, Detail: "Internal server error" } };
  }

  /** Xero's checks plus the test's rules: the messages for one item (empty when fine). */
  function check(collection: Collection, item: Item, updating: boolean): string[] {
    const messages: string[] = [];
    const idField = ID_FIELD[collection];
    const others = [...store[collection].values()].filter((o) => o[idField] !== item[idField]);
    if (collection === "Contacts") {
      if (!updating && !item.Name) messages.push("The contact name must be specified.");
      else if (item.Name && others.some((o) => String(o.Name).toLowerCase() === String(item.Name).toLowerCase()))
        messages.push(`The contact name ${item.Name} is already assigned to another contact. The contact name must be unique across all active contacts.`);
    }
    if (collection === "Accounts") {
      if (!updating && !item.Name) messages.push("Please enter a Name.");
      if (!updating && !item.Code) messages.push("Please enter a Code.");
      if (item.Code && others.some((o) => o.Code === item.Code)) messages.push("Please enter a unique Code.");
    }
    if (collection === "TrackingCategories" && item.Name && others.some((o) => o.Name === item.Name))
      messages.push(`For each specified tracking category name a unique name must be given. The tracking category name ${item.Name} is already in use.`);
    if (collection === "Invoices" || collection === "CreditNotes") {
      const contact = item.Contact as Item | undefined;
      if (!updating && !contact?.ContactID && !contact?.Name) messages.push("A Contact must be specified for this type of transaction");
      const kinds = collection === "Invoices" ? ["ACCREC", "ACCPAY"] : ["ACCRECCREDIT", "ACCPAYCREDIT"];
      if (!updating && !kinds.includes(String(item.Type))) messages.push(`${collection === "Invoices" ? "Invoice" : "Credit note"} Type must be ${kinds.join(" or ")}`);
      if (!updating && !(Array.isArray(item.LineItems) && item.LineItems.length)) messages.push("At least one line item must be specified");
    }
    for (const rule of rules) if ((rule.collection === "*" || rule.collection === collection) && rule.match(item)) messages.push(...rule.messages);
    return messages;
  }

  function save(collection: Collection, item: Item, id?: string): Item {
    const idField = ID_FIELD[collection];
    const key = id ?? (item[idField] as string | undefined) ?? randomUUID();
    const before = store[collection].get(key) ?? {};
    const saved: Item = { ...before, ...item, [idField]: key };
    if (collection === "TrackingCategories") saved.Options = before.Options ?? [];
    if (collection === "Invoices" || collection === "CreditNotes") saved.Status ??= "DRAFT";
    // An invoice keeps Xero's figures: Total, AmountPaid (its payments), AmountCredited (allocations) and AmountDue, to the penny.
    if (collection === "Invoices") {
      saved.Total = totalOf(saved);
      saved.AmountPaid = Number(saved.AmountPaid ?? 0);
      saved.AmountCredited = Number(saved.AmountCredited ?? 0);
      saved.AmountDue = (Math.round(Number(saved.Total) * 100) - Math.round(Number(saved.AmountPaid) * 100) - Math.round(Number(saved.AmountCredited) * 100)) / 100;
    }
    store[collection].set(key, saved);
    return saved;
  }

  function validation(items: { item: Item; messages: string[] }[]): Answer {
    return {
      status: 400,
      headers: {},
      body: {
        ErrorNumber: 10,
        Type: "ValidationException",
        Message: "A validation exception occurred",
        Elements: items.map(({ item, messages }) => ({ ...item, ValidationErrors: messages.map((Message) => ({ Message })) })),
      },
    };
  }

  function accounting(method: string, path: string, body: unknown, query: Record<string, string>): Answer {
    const parts = path.split("/").filter(Boolean);
    const collection = parts[0] as Collection;
    if (!(collection in store)) return { status: 404, headers: {}, body: { Message: "The resource you're looking for cannot be found" } };
    const idField = ID_FIELD[collection];
    const id = parts[1];
    const notFound = (): Answer => ({ status: 404, headers: {}, body: { Title: "Resource not found", Status: 404, Detail: `${collection} ${id} not found` } });

    if (method === "GET") {
      if (id) {
        const one = store[collection].get(id);
        return one ? { status: 200, headers: {}, body: { [collection]: [one] } } : notFound();
      }
      return { status: 200, headers: {}, body: { [collection]: [...store[collection].values()] } };
    }

    // Tracking options: PUT /TrackingCategories/{id}/Options with one option.
    if (collection === "TrackingCategories" && parts[2] === "Options") {
      const category = store.TrackingCategories.get(id);
      if (!category) return notFound();
      const option = body as Item;
      const options = (category.Options as Item[]) ?? [];
      const messages: string[] = [];
      if (!option?.Name) messages.push("Tracking option name must be specified.");
      if (options.some((o) => o.Name === option?.Name)) messages.push(`For each specified tracking option name a unique name must be given. The tracking option name ${option.Name} is already in use.`);
      for (const rule of rules) if ((rule.collection === "*" || rule.collection === "TrackingCategories") && rule.match(option)) messages.push(...rule.messages);
      if (messages.length) return validation([{ item: option, messages }]);
      const saved = { TrackingOptionID: randomUUID(), Name: option.Name, Status: option.Status ?? "ACTIVE" };
      category.Options = [...options, saved];
      return { status: 200, headers: {}, body: { Options: [saved] } };
    }

    // A credit note allocated to an invoice: PUT /CreditNotes/{id}/Allocations {Allocations: [{Invoice: {InvoiceID}, Amount, Date}]}.
    // Xero's rules: both documents AUTHORISED, of the same contact, the amount within the note's remaining credit and the invoice's amount due.
    if (collection === "CreditNotes" && parts[2] === "Allocations") {
      const note = store.CreditNotes.get(id);
      if (!note) return notFound();
      const wanted = ((body as Item)?.Allocations as Item[]) ?? [];
      const results = wanted.map((allocation) => {
        const invoice = store.Invoices.get(String((allocation.Invoice as Item | undefined)?.InvoiceID ?? ""));
        const amount = Math.round(Number(allocation.Amount) * 100);
        const messages: string[] = [];
        if (!invoice) messages.push("Invoice could not be found");
        else {
          if (note.Status !== "AUTHORISED" || invoice.Status !== "AUTHORISED") messages.push("Only AUTHORISED credit notes can be allocated to AUTHORISED invoices");
          const remaining = Math.round(Number(note.RemainingCredit ?? totalOf(note)) * 100);
          const due = Math.round(Number(invoice.AmountDue ?? totalOf(invoice)) * 100);
          if (!(amount > 0) || amount > remaining || amount > due) messages.push("The amount allocated must be more than 0 and no more than the credit left and the amount due");
        }
        return { allocation, invoice, amount, messages };
      });
      if (results.some((r) => r.messages.length)) return validation(results.map((r) => ({ item: r.allocation, messages: r.messages })));
      const saved = results.map(({ allocation, invoice, amount }) => {
        const one = { AllocationID: randomUUID(), Amount: amount / 100, Date: allocation.Date, Invoice: { InvoiceID: invoice!.InvoiceID } };
        note.Allocations = [...((note.Allocations as Item[]) ?? []), one];
        note.RemainingCredit = Math.round(Number(note.RemainingCredit ?? totalOf(note)) * 100 - amount) / 100;
        invoice!.AmountCredited = Math.round(Number(invoice!.AmountCredited ?? 0) * 100 + amount) / 100;
        invoice!.AmountDue = Math.round(Number(invoice!.AmountDue ?? totalOf(invoice!)) * 100 - amount) / 100;
        return { ...one, StatusAttributeString: "OK" };
      });
      return { status: 200, headers: {}, body: { Allocations: saved } };
    }

    // Payments (issue 22): PUT /Payments {Payments: [{Invoice: {InvoiceID}, Account: {AccountID} | {Code}, Date, Amount}]}; POST /Payments/{id} {Status: "DELETED"}.
    // Xero's rules: only against an AUTHORISED invoice, into an account that exists, an amount > 0 within the invoice's AmountDue;
    // a payment moves the invoice's AmountPaid and AmountDue (PAID at 0 due); a deleted one moves them back.
    if (collection === "Payments" && method === "POST" && id) {
      const payment = store.Payments.get(id);
      if (!payment) return notFound();
      if (String((body as Item)?.Status) !== "DELETED") return validation([{ item: body as Item, messages: ["Status must be DELETED"] }]);
      if (payment.Status === "DELETED") return validation([{ item: payment, messages: ["This payment has already been deleted"] }]);
      const invoice = store.Invoices.get(String((payment.Invoice as Item).InvoiceID));
      if (invoice) movePaid(invoice, -Math.round(Number(payment.Amount) * 100));
      payment.Status = "DELETED";
      return { status: 200, headers: {}, body: { Payments: [{ ...payment, StatusAttributeString: "OK" }] } };
    }
    if (collection === "Payments" && method === "PUT") {
      const items = ((body as Item)?.Payments as Item[]) ?? [];
      const summarize = query.summarizeErrors !== "false";
      const results = items.map((item) => {
        const invoice = store.Invoices.get(String((item.Invoice as Item | undefined)?.InvoiceID ?? ""));
        const account = item.Account as Item | undefined;
        const found = [...store.Accounts.values()].find((a) => (account?.AccountID && a.AccountID === account.AccountID) || (account?.Code && a.Code === account.Code));
        const amount = Math.round(Number(item.Amount) * 100);
        const messages: string[] = [];
        if (!invoice) messages.push("Invoice could not be found");
        else if (invoice.Status !== "AUTHORISED") messages.push("Payments can only be made against Authorised documents");
        else if (!(amount > 0) || amount > Math.round(Number(invoice.AmountDue) * 100)) messages.push("Payment amount exceeds the amount outstanding on this document");
        if (!found) messages.push("Account could not be found");
        else if (String(found.Type) !== "BANK" && found.EnablePaymentsToAccount !== true) messages.push("Payments cannot be made to this account type");
        if (!item.Date) messages.push("Date must be specified");
        for (const rule of rules) if ((rule.collection === "*" || rule.collection === "Payments") && rule.match(item)) messages.push(...rule.messages);
        return { item, invoice, found, amount, messages };
      });
      if (summarize && results.some((r) => r.messages.length)) return validation(results);
      const out = results.map(({ item, invoice, found, amount, messages }) => {
        if (messages.length) return { ...item, StatusAttributeString: "ERROR", HasErrors: true, HasValidationErrors: true, ValidationErrors: messages.map((Message) => ({ Message })) };
        const saved: Item = { ...item, PaymentID: randomUUID(), Status: "AUTHORISED", Amount: amount / 100, Account: { AccountID: found!.AccountID, Code: found!.Code }, Invoice: { InvoiceID: invoice!.InvoiceID, InvoiceNumber: invoice!.InvoiceNumber } };
        store.Payments.set(String(saved.PaymentID), saved);
        movePaid(invoice!, amount);
        return { ...saved, StatusAttributeString: "OK" };
      });
      return { status: 200, headers: {}, body: { Payments: out } };
    }

    // Accounts and tracking categories: one item a call (PUT creates, POST /{id} updates).
    if (collection === "Accounts" || collection === "TrackingCategories") {
      const updating = method === "POST";
      const item = (updating && collection === "Accounts" ? ((body as Item).Accounts as Item[])?.[0] : body) as Item;
      if (updating && !store[collection].has(id)) return notFound();
      const messages = check(collection, updating ? { ...item, [idField]: id } : item, updating);
      if (messages.length) return validation([{ item, messages }]);
      const saved = save(collection, item, updating ? id : undefined);
      return { status: 200, headers: {}, body: { [collection]: [saved] } };
    }

    // Contacts, invoices and credit notes: batches (PUT creates, POST creates or updates).
    const items = ((body as Item)?.[collection] as Item[]) ?? [];
    const summarize = query.summarizeErrors !== "false";
    const results = items.map((item) => {
      const known = item[idField] as string | undefined;
      if (known && (method === "PUT" || !store[collection].has(known))) return { item, messages: [`${collection} ${known} could not be found`] };
      return { item, messages: check(collection, item, Boolean(known)) };
    });
    if (summarize && results.some((r) => r.messages.length)) return validation(results);
    const out = results.map(({ item, messages }) => {
      if (messages.length) return { ...item, StatusAttributeString: "ERROR", HasErrors: true, HasValidationErrors: true, ValidationErrors: messages.map((Message) => ({ Message })) };
      return { ...save(collection, item), StatusAttributeString: "OK" };
    });
    return { status: 200, headers: {}, body: { Id: randomUUID(), Status: "OK", [collection]: out } };
  }

  /** Control calls for a browser test driving a fake started by the local server. */
  function control(path: string, method: string, body: unknown, res: ServerResponse) {
    if (path === "/fake/requests") return send(res, { status: 200, headers: {}, body: requests });
    if (path === "/fake/store") return send(res, { status: 200, headers: {}, body: Object.fromEntries(Object.entries(store).map(([k, m]) => [k, [...m.values()]])) });
    if (path === "/fake/reject" && method === "POST") {
      const { collection = "*", field, value, message } = body as { collection?: Collection | "*"; field: string; value: string; message: string };
      fake.reject(collection, (item) => String(item[field]) === String(value), [message]);
      return send(res, { status: 200, headers: {}, body: { ok: true } });
    }
    if (path === "/fake/reject" && method === "DELETE") {
      rules.length = 0;
      return send(res, { status: 200, headers: {}, body: { ok: true } });
    }
    if (path === "/fake/fail" && method === "POST") {
      fake.failNext(body as Scripted);
      return send(res, { status: 200, headers: {}, body: { ok: true } });
    }
    return send(res, { status: 404, headers: {}, body: { message: "no such control" } });
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const fake = {
    url,
    tenantId,
    clientId,
    clientSecret,
    requests,
    store,
    state,
    /** The environment that points the client at this fake. */
    env(): Record<string, string> {
      return { XERO_CLIENT_ID: clientId, XERO_CLIENT_SECRET: clientSecret, XERO_API_URL: `${url}/api.xro/2.0`, XERO_TOKEN_URL: `${url}/connect/token` };
    },
    /** Every body that did not match xero-node's model of its call (tests/support/xero-models.ts), with its call. */
    schemaProblems(): Array<{ method: string; path: string; errors: string[] }> {
      return requests.filter((r) => r.schemaErrors?.length).map((r) => ({ method: r.method, path: r.path, errors: r.schemaErrors! }));
    },
    /** The accounting calls only (not token or connections). */
    apiRequests(): RecordedRequest[] {
      return requests.filter((r) => r.path.startsWith("/api.xro/"));
    },
    /** The next accounting call(s) get this answer instead (429 with Retry-After, 500, ...). */
    failNext(answer: Scripted, times = 1) {
      for (let i = 0; i < times; i++) scripted.push(answer);
    },
    /** Staff approve a document in Xero (DRAFT -> AUTHORISED): what allocations and payments need. */
    authorise(collection: "Invoices" | "CreditNotes", id: string) {
      const doc = store[collection].get(id);
      if (!doc) throw new Error(`fake Xero: no ${collection} ${id}`);
      doc.Status = "AUTHORISED";
    },
    /** Items of a collection matching `match` are refused with these validation messages. */
    reject(collection: Collection | "*", match: (item: Item) => boolean, messages: string[]) {
      rules.push({ collection, match, messages });
    },
    /** Drop the refusal rules only: answers already given to an Idempotency-Key are still replayed, as Xero does. */
    forgive() {
      rules.length = 0;
    },
    /** Forget recorded requests, rules, scripted answers and stored records. */
    reset() {
      requests.length = 0;
      scripted.length = 0;
      rules.length = 0;
      answers.clear();
      for (const m of Object.values(store)) m.clear();
      state.delayMs = 0;
      state.maxInFlight = 0;
      state.dayLimit = options.dayLimit ?? 5000;
    },
    close(): Promise<void> {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

/** A payment (pence; negative: a deleted one) moves an invoice's AmountPaid and AmountDue; PAID at nothing due, AUTHORISED again otherwise. */
function movePaid(invoice: Record<string, unknown>, amount: number) {
  invoice.AmountPaid = (Math.round(Number(invoice.AmountPaid ?? 0) * 100) + amount) / 100;
  invoice.AmountDue = (Math.round(Number(invoice.AmountDue ?? totalOf(invoice)) * 100) - amount) / 100;
  if (invoice.Status === "AUTHORISED" || invoice.Status === "PAID") invoice.Status = Math.round(Number(invoice.AmountDue) * 100) === 0 ? "PAID" : "AUTHORISED";
}

/** A document's total as Xero works it out for the fake: its lines (Exclusive) plus VAT at 20% on lines of a VAT-bearing tax type, to the penny. */
function totalOf(doc: Record<string, unknown>): number {
  const VAT_FREE = ["NONE", "EXEMPTOUTPUT", "EXEMPTINPUT", "ZERORATEDOUTPUT", "ZERORATEDINPUT", "NOTREPORTED"];
  const pence = ((doc.LineItems as Array<Record<string, unknown>>) ?? []).reduce((t, l) => {
    const net = Math.round(Number(l.UnitAmount ?? 0) * Number(l.Quantity ?? 1) * 100);
    const vat = VAT_FREE.includes(String(l.TaxType ?? "NONE")) ? 0 : Math.round(net * 0.2);
    return t + net + vat;
  }, 0);
  return pence / 100;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, answer: Answer) {
  res.writeHead(answer.status, { "Content-Type": "application/json; charset=utf-8", ...answer.headers });
  res.end(JSON.stringify(answer.body));
}
