import { invoicePush } from "./xero-push.js";
import * as z from "zod";
import { Contact } from "../contacts/index.js";
import { todayInLondon } from "../platform/dates.js";
import { ConflictError, NotFoundError, ValidationError } from "../platform/errors.js";
import { money, pounds } from "../platform/money.js";
import { rowsOfPage, type Page } from "../platform/paging.js";
import { META_FIELDS, isFresh, joinExtras, lastSavedOf, withNumbers, writeTogether, type PlannedWrite, type WriteExtra } from "../platform/records.js";
import { checkReferences } from "../platform/references.js";
import { parseInput } from "../platform/validation.js";
import { Department, checkTrackingOption } from "../settings/index.js";
import { VehicleLines } from "../fleet/index.js";
import { Invoice, checkInvoice, sourceOf, type InvoiceFields } from "./invoice.js";
import { approvedLocked, creditsWithinTotal, takenOffInvoice } from "./invariants.js";
import {
  INVOICE_MESSAGES,
  INVOICE_PREFIX,
  INVOICE_SERVER_FIELDS,
  invoiceExtras,
  INVOICE_VIEWS,
  approveRuleResult,
  documentNumber,
  dueDateOf,
  invoice,
  invoiceState,
  invoiceTotals,
  numberCounter,
  outstandingOf,
  tradingAreaOf,
  type InvoiceSource,
  type InvoiceView,
} from "./invoice-definitions.js";

/**
 * Invoices use cases (003 §2 Invoicing page, §4, §5, §7; docs/data-model.md
 * §8; docs/accounts.md "Invoices"): the views, save and delete while not
 * approved, ready and approve (numbering, A1), the invoices other units
 * raise (movement completion, part order completion, hire runs) and the
 * credited amount a credit note moves.
 */

type Row = Record<string, any>;

/** Who approves (003 §3 approver: first and last name). */
export type Approver = { email: string; given_name?: string | null; family_name?: string | null };

/** Fields a client may send back with a record it loaded, never taken: the answer's extras and the engine's meta fields. */
const answerOnly: readonly string[] = [...invoiceExtras.names, ...META_FIELDS];

/** What a client sends, parsed: server and answer-only fields dropped. */
function sentFields(body: unknown, keep: readonly string[] = []): Partial<InvoiceFields> {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new ValidationError("The request body must be a JSON object.");
  const rest: Row = {};
  for (const [k, v] of Object.entries(body as Row))
    if (!answerOnly.includes(k) && (keep.includes(k) || !(INVOICE_SERVER_FIELDS as readonly string[]).includes(k))) rest[k] = v;
  const parsed = parseInput(invoice.schema.partial().strict(), rest) as Row;
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined));
}

const lower = (s: unknown) => String(s ?? "").trim().replace(/\s+/g, " ").toLowerCase();
const compact = (s: unknown) => String(s ?? "").replace(/\s+/g, "").toLowerCase();

/**
 * The fields the server keeps from others: the due date (from the
 * customer's payment terms), the trading area (from the department) and
 * the search terms (invoice number, customer name). One GetItem each.
 */
async function derived(i: Partial<InvoiceFields>): Promise<Pick<InvoiceFields, "payment_date" | "area" | "search_terms">> {
  const [customer, department] = await Promise.all([
    i.customer ? Contact.getMany([i.customer]).then((r) => r[0] as Row | undefined) : undefined,
    i.department ? Department.getMany([i.department]).then((r) => r[0] as Row | undefined) : undefined,
  ]);
  const terms = [compact(i.invoice_number), lower(customer?.display_name)].map((t) => t.slice(0, 200)).filter((t) => t.length >= 2);
  return { payment_date: dueDateOf(i.invoice_date, customer), area: tradingAreaOf(department?.name), search_terms: [...new Set(terms)] };
}

/**
 * A sale invoice's references beyond the record's declared ones (customer,
 * vehicle, department: core/platform/references.ts on create): the finance
 * agreement, a line of its vehicle found by its id (the agreements'
 * locator), gives the vehicle when none is sent and must be on the one
 * sent; the tracking option must be an option of a category. 400 naming
 * the field otherwise.
 */
async function saleReferences(sent: Partial<InvoiceFields>): Promise<Partial<InvoiceFields>> {
  await checkTrackingOption(sent.tracking_option);
  if (!sent.finance_agreement) return sent;
  const agreement = await VehicleLines.getLine("finance_agreements", sent.finance_agreement).catch((e) => {
    if (!(e instanceof NotFoundError)) throw e;
    const message = `Finance agreement ${sent.finance_agreement} does not exist`;
    throw new ValidationError(message, { finance_agreement: message });
  });
  if (!sent.vehicle) return { ...sent, vehicle: agreement.parent_id };
  if (sent.vehicle !== agreement.parent_id) {
    const message = `Finance agreement ${sent.finance_agreement} is not an agreement of vehicle ${sent.vehicle}`;
    throw new ValidationError(message, { finance_agreement: message });
  }
  return sent;
}

/** A new invoice's fields as saved: defaults, derived fields. */
async function newInvoice(fields: Partial<InvoiceFields>): Promise<Partial<InvoiceFields>> {
  const f: Partial<InvoiceFields> = { invoice_date: todayInLondon(), date: todayInLondon(), vat_rate: 20, approved: false, ready_to_invoice: false, credited: 0, paid: 0, ...fields };
  return { ...f, ...(await derived(f)) };
}

export type InvoiceListQuery = {
  page: number;
  page_size: number;
  activeView?: InvoiceSource;
  view?: InvoiceView;
  department?: number;
  search?: string;
  customer?: number;
};

type Entry = { id: number; sort: string; tags: string[] };

/** Newest invoice date first, then newest invoice (the order of the view lists). */
const newestFirst = (a: Entry, b: Entry) => (a.sort < b.sort ? 1 : a.sort > b.sort ? -1 : b.id - a.id);

async function pageOf(entries: Entry[], q: { page: number; page_size: number }): Promise<Page<Row>> {
  const rows = await rowsOfPage(entries.map((e) => e.id), q, (ids) => Invoice.getMany(ids));
  return { count: entries.length, results: (await Invoice.present(rows)) };
}

/** The invoice as stored, refused when approved (003 §4: read-only). */
async function notApproved(id: number, message: string) {
  const stored = (await Invoice.stored(id)) as Row;
  const refused = approvedLocked(stored, message); // invariant 5
  if (refused) throw new ValidationError(refused.message, refused.errors);
  return stored;
}

const stateOf = (view: InvoiceView | undefined) => INVOICE_VIEWS.find((v) => v.value === (view ?? "all"))?.state ?? null;

/** The invoices a ready or approve call names: `[{id, last_saved}]`, each once. */
export const invoiceBatch = z
  .array(z.looseObject({ id: z.coerce.number().int().positive(), last_saved: z.unknown() }), { error: INVOICE_MESSAGES.noneSent })
  .min(1, INVOICE_MESSAGES.noneSent)
  .max(1000, "At most 1000 invoices at once");

/** Each invoice of a batch, read and checked as fresh, before any is written (a refused batch writes nothing). */
async function readBatch(items: Array<{ id: number; last_saved: unknown }>) {
  const seen = new Set<number>();
  const out: Array<{ stored: Row; lastSaved: string }> = [];
  for (const item of items) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    const lastSaved = lastSavedOf(item);
    const stored = (await Invoice.stored(item.id)) as Row;
    if (!isFresh(stored.last_saved, lastSaved)) throw new ConflictError();
    out.push({ stored, lastSaved });
  }
  return out;
}

/** How many numbers an approval skips at most when the next ones were typed on other invoices (A1). */
const NUMBER_TRIES = 20;

export const Invoices = {
  get: (id: number) => Invoice.get(id),

  /**
   * GET invoices: a page of one view (source, state, department; all of
   * each when left out), newest invoice date first; a search (invoice
   * number or customer name, from its start) reads the search list's
   * entries, narrowed by the view's tags; one customer's invoices (the
   * customer column filter) are a page of the customer's own list of that
   * source and state (with a department or a search too, its entries).
   */
  async list(q: InvoiceListQuery): Promise<Page<Row>> {
    const state = stateOf(q.view);
    const tags = [...(q.activeView ? [`src=${q.activeView.toLowerCase()}`] : []), ...(state ? [`st=${state.toLowerCase()}`] : []), ...(q.department ? [`d=${q.department}`] : [])];
    const term = q.search?.trim();
    if (!term && !q.customer) return (await Invoice.listIn(`s#${q.activeView ?? "ALL"}#${state ?? "ALL"}#d#${q.department ?? "ALL"}`, { page: q.page, page_size: q.page_size, order: "desc" }));
    const customerList = `cust#${q.customer}#${q.activeView ?? "ALL"}#${state ?? "ALL"}`;
    // A customer's invoices in a view: the customer's own list of that source and state, a page at a time.
    if (!term && !q.department) return (await Invoice.listIn(customerList, { page: q.page, page_size: q.page_size, order: "desc" }));
    let entries: Entry[];
    if (q.customer) {
      entries = await Invoice.entriesIn(customerList, { tags: q.department ? [`d=${q.department}`] : [], order: "desc" });
      if (term) {
        const hits = new Set((await searchEntries(term, tags)).map((e) => e.id));
        entries = entries.filter((e) => hits.has(e.id));
      }
    } else entries = await searchEntries(term!, tags);
    return pageOf(entries, q);
  },

  /** POST invoices (000 §7): a vehicle sale invoice, numbered IN… when no number is sent (checked first: a refused invoice uses no number). */
  async createSale(body: unknown, actor: string) {
    const sent = await saleReferences(sentFields(body));
    const fields = await newInvoice({ ...sent, src: "SALES" });
    checkInvoice(fields);
    if (!fields.invoice_number) {
      await checkReferences(Invoice.type, fields);
      // The IN number taken in the create's own transaction (records/numbers.ts): a refused or lost create takes none.
      return withNumbers([{ name: numberCounter("IN"), n: 1 }], (numbers, extra) => {
        const number = documentNumber("IN", numbers.get(numberCounter("IN"))![0]);
        return Invoice.create({ ...fields, invoice_number: number, search_terms: [...new Set([compact(number), ...(fields.search_terms ?? [])])] }, actor, { extra });
      });
    }
    return Invoice.create(fields, actor);
  },

  /** PUT invoices/{id}: refused once approved; the due date and terms follow the saved fields. */
  async save(id: number, body: unknown, actor: string) {
    const stored = await notApproved(id, INVOICE_MESSAGES.approvedLocked);
    const lastSaved = lastSavedOf(body);
    const sent = sentFields(body);
    const merged = { ...stored, ...sent } as Partial<InvoiceFields>;
    return Invoice.update(id, { ...sent, ...(await derived(merged)), last_saved: lastSaved }, actor, { partial: true, current: stored as any });
  },

  /** DELETE invoices/{id}: refused once approved (A15). */
  async remove(id: number, actor: string) {
    await notApproved(id, INVOICE_MESSAGES.approvedNoDelete);
    return Invoice.remove(id, actor);
  },

  /** PUT invoiceready: each invoice sent, not approved, becomes ready to invoice; checked all first. */
  async ready(items: Array<{ id: number; last_saved: unknown }>, actor: string) {
    const batch = await readBatch(items);
    for (const { stored } of batch) if (invoiceState(stored) !== "NOTAPPROVED") throw new ValidationError(INVOICE_MESSAGES.notNotApproved, { id: `Invoice ${stored.id}` });
    const out = [];
    for (const { stored, lastSaved } of batch) out.push(await Invoice.update(stored.id, { ready_to_invoice: true, last_saved: lastSaved }, actor, { partial: true, current: stored as any }));
    return { count: out.length, results: out };
  },

  /**
   * PUT invoiceapprove: every invoice sent is checked against 003 §5 (ready,
   * customer fully set up, nominal codes for the amounts above 0, invoice
   * date) before any is written; then each is approved in one unit
   * (approveInvoice).
   */
  async approve(items: Array<{ id: number; last_saved: unknown }>, who: Approver) {
    const batch = await readBatch(items);
    const customers = new Map(((await Contact.getMany(batch.map((b) => b.stored.customer))) as Row[]).map((c) => [c.id, c]));
    for (const { stored } of batch) {
      if (invoiceState(stored) !== "READY") throw new ValidationError(INVOICE_MESSAGES.notReady, { id: `Invoice ${stored.id}` });
      const refused = approveRuleResult(stored, customers.get(stored.customer));
      if (refused) throw new ValidationError(refused.message, refused.errors);
    }
    const out = [];
    for (const { stored, lastSaved } of batch) out.push(await approveInvoice(stored, lastSaved, who));
    return { count: out.length, results: out };
  },

  /**
   * An invoice another unit raises (a completed movement, a completed part
   * order, a hire run), as a planned create for that unit's own
   * transaction: not approved, without a number (it takes one on
   * approval), due date and search terms worked out now.
   */
  async planRaise(fields: Partial<InvoiceFields> & { src: InvoiceSource }, actor: string): Promise<PlannedWrite> {
    return Invoice.planCreate(await newInvoice(fields), actor);
  },

  /**
   * A credit note's approval moves the credited invoice (decision A15/A4):
   * its credited amount grows by the credit's gross, so its outstanding
   * falls and, once nothing is owed, it leaves the unpaid lists: a planned
   * update for the credit's own transaction.
   */
  async planCredited(id: number, gross: number, actor: string): Promise<PlannedWrite> {
    // Read once; invariant 1 checked on that read; the write conditioned on its version, credited and paid.
    const stored = (await Invoice.stored(id)) as Row;
    const refused = creditsWithinTotal(invoiceTotals(stored).total, takenOffInvoice(stored), gross);
    if (refused) throw new ValidationError(refused.message, refused.errors);
    const credited = pounds(money(stored.credited).plus(money(gross)));
    return Invoice.planUpdate(id, { credited }, actor, { partial: true, system: true, current: stored, guard: ["paid", "credited"] });
  },

  /** A raised invoice's fields as stored (due date, search terms, trading area), for a unit that creates it with its own extra writes (the hire run). */
  async raisedFields(fields: Partial<InvoiceFields> & { src: InvoiceSource }): Promise<Partial<InvoiceFields>> {
    return newInvoice(fields);
  },

  /** The same invoice raised on its own (a hire run, demo data): its own transaction. */
  async raise(fields: Partial<InvoiceFields> & { src: InvoiceSource }, actor: string) {
    return Invoice.create(await newInvoice(fields), actor);
  },

  /** The invoices raised from one source record (`of#<kind>#<id>`). */
  async ofSource(kind: "movement" | "partorder" | "rental" | "agreement", id: number) {
    return Invoice.listIn(`of#${kind}#${id}`, { page: 1, page_size: 100 });
  },
};

/** Entries of the search list whose term starts with the search (and its compact form), narrowed by tags, newest first. */
async function searchEntries(term: string, tags: string[]): Promise<Entry[]> {
  const forms = [...new Set([lower(term), compact(term)])].filter(Boolean);
  const found = await Promise.all(forms.map((f) => Invoice.entriesIn("search", { search: f, tags })));
  const seen = new Map<number, Entry>();
  for (const e of found.flat()) if (!seen.has(e.id)) seen.set(e.id, e);
  // The search list sorts by term; the page is by invoice date (the `s#` lists' sort, read from the records' entries would cost more: the dates are in the tags' place).
  const ids = [...seen.keys()];
  const rows = (await Invoice.getMany(ids)) as Row[];
  const dates = new Map(rows.map((r) => [r.id, (r.invoice_date as string | null) ?? "~"]));
  return ids.filter((id) => dates.has(id)).map((id) => ({ id, sort: dates.get(id)!, tags: [] })).sort(newestFirst);
}

/**
 * Approving one invoice: one unit (the invoice's own transaction: its
 * state, number claim, approver, balance facets and unpaid entries). The
 * Xero sales invoice push (issue 14, A14) joins this unit here. The
 * number: the invoice's own, or the next of its prefix's counter (A1); an
 * issued number someone typed on another invoice is skipped.
 */
async function approveInvoice(stored: Row, lastSaved: string, who: Approver) {
  const prefix = INVOICE_PREFIX[sourceOf(stored)];
  const approver = { first_name: who.given_name ?? null, last_name: who.family_name ?? null, email: who.email };
  const write = (number: string, numbers?: WriteExtra) => {
    const terms = [...new Set([compact(number), ...((stored.search_terms as string[] | null) ?? [])])].slice(0, 8);
    return Invoice.update(
      stored.id,
      { approved: true, ready_to_invoice: true, approver, approved_date: todayInLondon(), invoice_number: number, search_terms: terms, last_saved: lastSaved },
      who.email,
      // The Xero sales invoice push (IN) in the same transaction, when the department is mapped (docs/xero.md); the number taken with it.
      { partial: true, current: stored as any, extra: joinExtras(invoicePush(who.email), numbers) },
    );
  };
  if (stored.invoice_number) return write(stored.invoice_number as string);
  // The next number of the prefix's series, taken in the approval's own transaction (records/numbers.ts `withNumbers`):
  // a refused or lost approval takes none. Numbers already typed on other invoices are skipped (taken with the write too).
  for (let skip = 0; ; skip++) {
    let number = "";
    try {
      return await withNumbers([{ name: numberCounter(prefix), n: skip + 1 }], async (numbers, extra) => {
        number = documentNumber(prefix, numbers.get(numberCounter(prefix))!.at(-1)!);
        return write(number, extra);
      });
    } catch (e) {
      if (skip >= NUMBER_TRIES || !(e instanceof ValidationError) || !number || !e.message.includes(number)) throw e;
    }
  }
}

/** What is still owed on an invoice as stored (for credits and payments). */
export const owedOn = (r: Row) => outstandingOf(r);

/**
 * The ORDER invoice of a completed part order (003 §2 Invoicing page
 * activeView=order; A2): PA number on approval, the order's customer,
 * department, tracking option and customer charge (net of VAT). Returned as
 * a `WriteExtra` for the completion's own unit, so completing and invoicing
 * land together: `completePartOrder(id, body, user, { also: raiseOrderInvoice(order, user.email) })`
 * (core/workshop/partorders.ts on feat/part-orders). An order without a
 * customer or charge raises none (undefined).
 */
export function raiseOrderInvoice(
  order: { id: number; customer?: number | { id: number } | null; department?: number | { id: number } | null; tracking_option?: number | { id: number } | null; description?: string | null; order_number?: string | null; total_part_customer_charge?: number | null },
  actor: string,
): WriteExtra | undefined {
  const idOf = (v: number | { id: number } | null | undefined) => (v && typeof v === "object" ? v.id : (v ?? null));
  const customer = idOf(order.customer);
  if (!customer || !(Number(order.total_part_customer_charge ?? 0) > 0)) return undefined;
  return writeTogether(async () => [
    await Invoices.planRaise(
      {
        src: "ORDER",
        part_order: order.id,
        customer,
        department: idOf(order.department),
        tracking_option: idOf(order.tracking_option),
        amount: pounds(money(order.total_part_customer_charge)),
        invoice_date: todayInLondon(),
        description: `Part order ${order.order_number ?? order.id}${order.description ? `: ${order.description}` : ""}`.slice(0, 2000),
      },
      actor,
    ),
  ]);
}
