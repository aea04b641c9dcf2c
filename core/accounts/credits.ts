import * as z from "zod";
import { ConflictError, NotFoundError, ValidationError } from "../platform/errors.js";
import { fromPence, money, pounds, toPence, type Money } from "../platform/money.js";
import { todayInLondon } from "../platform/dates.js";
import type { Page } from "../platform/paging.js";
import { META_FIELDS, isFresh, joinExtras, lastSavedOf, moveTally, readTally, withNumbers, writeTogether } from "../platform/records.js";
import { creditPush } from "./xero-push.js";
import { checkReferences } from "../platform/references.js";
import { parseInput } from "../platform/validation.js";
import { JobLines } from "../workshop/index.js";
import { Credit, type CreditFields } from "./credit.js";
import {
  CREDIT_APPROVED_FILTER,
  CREDIT_MESSAGES,
  CREDIT_SERVER_FIELDS,
  creditExtras,
  credit,
  creditApproveResult,
  creditState,
  creditTotals,
  invoiceCreditKind,
  linkOf,
  type CreditKind,
  type CreditLink,
} from "./credit-definitions.js";
import { documentNumber, invoiceTotals, numberCounter } from "./invoice-definitions.js";
import { Invoice } from "./invoice.js";
import { Invoices, type Approver } from "./invoices.js";
import { approvedLocked, creditsWithinTotal, takenOffInvoice } from "./invariants.js";

/**
 * Credit notes use cases (003 §2 Credit Notes, §4, §5, §7; docs/data-model.md
 * §8 Credit note; docs/accounts.md "Credit notes"). Each credit names one
 * record; the record is read through its own area (an invoice here, a work
 * item or part through the job's lines, a transaction through the reader the
 * transactions area registers), never edited here except the invoice, whose
 * credited amount moves in the credit's approval unit.
 */

type Row = Record<string, any>;

/** What a credit needs of the record it credits. */
export type Credited = {
  kind: CreditKind;
  contact: number | null;
  party: "CUSTOMER" | "SUPPLIER";
  department: number | null;
  area?: "dvh" | "rf" | "vsd" | null;
  /** The most this credit may be (net + no-VAT for lines, gross for invoices), in pounds. */
  left: number;
  /** Whether `left` is compared with the credit's total (invoices) or its net amounts (lines, transactions). */
  gross: boolean;
};

/**
 * Readers of the records a credit can link to, by link field. Transactions
 * belong to the transactions area: it registers its reader here
 * (`creditSources.transaction = ...`), so this module never imports it.
 */
export const creditSources: Partial<Record<CreditLink, (id: number) => Promise<Credited | null>>> = {
  async invoice(id) {
    const inv = await Invoice.getMany([id]).then((r) => r[0] as Row | undefined);
    if (!inv) return null;
    if (!inv.approved) throw new ValidationError(CREDIT_MESSAGES.invoiceNotApproved, { invoice: CREDIT_MESSAGES.invoiceNotApproved });
    // What is left: the total less what credits and payments have taken off (invariants 1 and 2).
    const left = pounds(money(invoiceTotals(inv).total).minus(money(takenOffInvoice(inv))));
    return { kind: invoiceCreditKind(inv.src), contact: inv.customer ?? null, party: "CUSTOMER", department: inv.department ?? null, area: inv.area ?? null, left, gross: true };
  },
  async work_item(id) {
    const line = await JobLines.getLine("work_items", id, { parents: true }).catch((e: unknown) => {
      if (e instanceof NotFoundError) return null;
      throw e;
    });
    if (!line) return null;
    const job = (line as Row).parent as Row | null;
    const sales = !!(line as Row).invoice_approved;
    // The customer's side credits what the WO billed for the item: its labour and the parts invoiced with it (net).
    const value = sales ? money((line as Row).customer_labour_cost).plus(money((line as Row).invoiced_parts_charge)) : money((line as Row).labour_cost);
    return { kind: "WORK", contact: (sales ? job?.customer : job?.workshop) ?? null, party: sales ? "CUSTOMER" : "SUPPLIER", department: job?.department ?? null, left: pounds(money(value).abs()), gross: false };
  },
  async part(id) {
    const line = await JobLines.getLine("parts", id, { parents: true }).catch((e: unknown) => {
      if (e instanceof NotFoundError) return null;
      throw e;
    });
    if (!line) return null;
    const parent = (line as Row).parent as Row | null;
    return { kind: "PART", contact: (line as Row).supplier ?? null, party: "SUPPLIER", department: parent?.department ?? null, left: pounds(money((line as Row).cost).abs()), gross: false };
  },
};

const LINK_LABEL: Record<CreditLink, string> = { invoice: "Invoice", transaction: "Transaction", work_item: "Work item", part: "Part" };

/** The tally of credits approved against one record other than an invoice (an invoice keeps its own `credited`). */
const tallyOf = (link: { field: CreditLink; id: number }) => `credit#${link.field}#${link.id}`;

/** What a credit is worth against what it credits: its total (an invoice), its net amounts (a line, a transaction). */
const creditValue = (c: Partial<CreditFields>, gross: boolean) => (gross ? creditTotals(c).total : pounds(money(c.amount).plus(money(c.no_vat_amount))));

/** Pence of the approved credits of one record, from its `of#` list (a Query): the tally's starting value for records credited before tallies. */
async function approvedOn(kind: CreditKind, id: number, gross: boolean): Promise<number> {
  const ids = await Credit.idsIn(`of#${kind}#${id}`, { tags: ["st=approved"] });
  const rows = (await Credit.getMany(ids)) as Row[];
  return rows.reduce((n, c) => n + toPence(creditValue(c, gross)), 0);
}

/**
 * The credited record, read through its area: 400 when it does not exist or
 * cannot be credited. `left` is what may still be credited: an invoice's
 * total less its credits and payments; a line's or a transaction's value
 * less the credits already approved against it (its tally, `held` when the
 * caller read it; from the record's approved credits when it has none yet).
 */
async function creditedBy(link: { field: CreditLink; id: number }, held?: number | null): Promise<Credited & { soFar: number }> {
  const reader = creditSources[link.field];
  if (!reader) throw new ValidationError(CREDIT_MESSAGES.transactionsNotWired, { [link.field]: CREDIT_MESSAGES.transactionsNotWired });
  const found = await reader(link.id);
  if (!found) {
    const msg = CREDIT_MESSAGES.linkedMissing(LINK_LABEL[link.field], link.id);
    throw new ValidationError(msg, { [link.field]: msg });
  }
  if (link.field === "invoice") return { ...found, soFar: 0 };
  const tally = held === undefined ? await readTally(tallyOf(link)) : held;
  const soFar = tally ?? (await approvedOn(found.kind, link.id, found.gross));
  return { ...found, soFar, left: pounds(money(found.left).minus(fromPence(soFar))) };
}

/** Invariant 1: the credit fits what is left of the credited record. */
function checkFits(c: Partial<CreditFields>, credited: Credited) {
  const refused = creditsWithinTotal(credited.left, 0, creditValue(c, credited.gross));
  if (refused) throw new ValidationError(refused.message, refused.errors);
}

/** What a save drops (sent back, never taken): the answer's extras, the engine's meta fields, the server's fields. */
const dropped: readonly string[] = [...creditExtras.names, ...META_FIELDS, ...CREDIT_SERVER_FIELDS];

function sentFields(body: unknown): Partial<CreditFields> {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new ValidationError("The request body must be a JSON object.");
  const rest: Row = {};
  for (const [k, v] of Object.entries(body as Row)) if (!dropped.includes(k)) rest[k] = v;
  const parsed = parseInput(credit.schema.partial().strict(), rest) as Row;
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined));
}

export type CreditListQuery = { page: number; page_size: number; view?: CreditKind; approved?: "not_approved" | "ready" | "approved"; department?: number };

export const creditBatch = z
  .array(z.looseObject({ id: z.coerce.number().int().positive(), last_saved: z.unknown() }), { error: CREDIT_MESSAGES.noneSent })
  .min(1, CREDIT_MESSAGES.noneSent)
  .max(1000, "At most 1000 credit notes at once");

async function readBatch(items: Array<{ id: number; last_saved: unknown }>) {
  const out: Array<{ stored: Row; lastSaved: string }> = [];
  const seen = new Set<number>();
  for (const item of items) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    const lastSaved = lastSavedOf(item);
    const stored = (await Credit.stored(item.id)) as Row;
    if (!isFresh(stored.last_saved, lastSaved)) throw new ConflictError();
    out.push({ stored, lastSaved });
  }
  return out;
}

/** Invariant 5: an approved credit note refuses every change. */
async function notApproved(id: number, message: string) {
  const stored = (await Credit.stored(id)) as Row;
  const refused = approvedLocked(stored, message);
  if (refused) throw new ValidationError(refused.message, refused.errors);
  return stored;
}

export const Credits = {
  get: (id: number) => Credit.get(id),

  /** GET credit: one list per view (kind), approved state and department, newest date issued first. */
  async list(q: CreditListQuery): Promise<Page<Row>> {
    const state = CREDIT_APPROVED_FILTER.find((f) => f.value === q.approved)?.state ?? "ALL";
    return (await Credit.listIn(`k#${q.view ?? "ALL"}#s#${state}#d#${q.department ?? "ALL"}`, { page: q.page, page_size: q.page_size, order: "desc" }));
  },

  /**
   * POST credit: names one record (read through its area: it must exist,
   * an invoice must be approved, and the credit must fit what is left of
   * it), takes the next CN number (A1) unless one is typed.
   */
  async create(body: unknown, actor: string) {
    const sent = sentFields(body);
    const link = linkOf(sent);
    if (!link) throw new ValidationError(CREDIT_MESSAGES.oneLink, { invoice: CREDIT_MESSAGES.oneLink });
    const credited = await creditedBy(link);
    const fields: Partial<CreditFields> = { date: todayInLondon(), ...sent, kind: credited.kind, contact: credited.contact, party: credited.party, department: credited.department, area: credited.area ?? null, approved: false, ready_to_approve: false };
    const amount = creditApproveResult({ ...fields, date_issued: "x", vat_nominal_code: 1, no_vat_nominal_code: 1 });
    if (amount) throw new ValidationError(amount.message, amount.errors);
    checkFits(fields, credited);
    await checkReferences(Credit.type, fields);
    if (fields.credit_note_number) return Credit.create(fields, actor);
    // The CN number taken in the create's own transaction (records/numbers.ts): a refused or lost create takes none.
    return withNumbers([{ name: numberCounter("CN"), n: 1 }], (numbers, extra) =>
      Credit.create({ ...fields, credit_note_number: documentNumber("CN", numbers.get(numberCounter("CN"))![0]) }, actor, { extra }),
    );
  },

  /** PUT credit/{id}: refused once approved; the link is fixed. */
  async save(id: number, body: unknown, actor: string) {
    const stored = await notApproved(id, CREDIT_MESSAGES.approvedLocked);
    const lastSaved = lastSavedOf(body);
    const sent = sentFields(body);
    const before = linkOf(stored);
    const after = linkOf({ ...stored, ...sent });
    if (!after || before?.field !== after.field || before.id !== after.id) throw new ValidationError(CREDIT_MESSAGES.linkFixed, {});
    checkFits({ ...stored, ...sent }, await creditedBy(after));
    return Credit.update(id, { ...sent, last_saved: lastSaved }, actor, { partial: true, current: stored as any });
  },

  /** DELETE credit/{id}: refused once approved (003 §4). */
  async remove(id: number, actor: string) {
    await notApproved(id, CREDIT_MESSAGES.approvedNoDelete);
    return Credit.remove(id, actor);
  },

  /** PUT creditready: each credit sent, not approved, becomes ready to approve. */
  async ready(items: Array<{ id: number; last_saved: unknown }>, actor: string) {
    const batch = await readBatch(items);
    for (const { stored } of batch) if (creditState(stored) !== "NOTAPPROVED") throw new ValidationError(CREDIT_MESSAGES.notNotApproved, { id: `Credit note ${stored.id}` });
    const out = [];
    for (const { stored, lastSaved } of batch) out.push(await Credit.update(stored.id, { ready_to_approve: true, last_saved: lastSaved }, actor, { partial: true, current: stored as any }));
    return { count: out.length, results: out };
  },

  /** PUT creditapprove: every credit checked (003 §5, ready, still fits) before any is written; then each in one unit (approveCredit). */
  async approve(items: Array<{ id: number; last_saved: unknown }>, who: Approver) {
    const batch = await readBatch(items);
    // The batch as a whole (invariant 1): the credits of one record together must fit what is left of it.
    const byRecord = new Map<string, { credited: Credited; value: Money }>();
    for (const { stored } of batch) {
      if (creditState(stored) !== "READY") throw new ValidationError(CREDIT_MESSAGES.notReady, { id: `Credit note ${stored.id}` });
      const refused = creditApproveResult(stored);
      if (refused) throw new ValidationError(refused.message, refused.errors);
      const link = linkOf(stored)!;
      const key = `${link.field}#${link.id}`;
      const held = byRecord.get(key) ?? { credited: await creditedBy(link), value: money(0) };
      held.value = held.value.plus(money(creditValue(stored, held.credited.gross)));
      byRecord.set(key, held);
    }
    for (const { credited, value } of byRecord.values()) {
      const refused = creditsWithinTotal(credited.left, 0, value);
      if (refused) throw new ValidationError(refused.message, refused.errors);
    }
    const out = [];
    for (const { stored, lastSaved } of batch) out.push(await approveCredit(stored, lastSaved, who));
    return { count: out.length, results: out };
  },
};

/**
 * Approving one credit: one unit (the credit's transaction: its state,
 * approver, the customer's balance facets and, for an invoice, the
 * invoice's credited amount, outstanding and unpaid entries). The Xero
 * credit note push (CNS / CNP, issue 14) joins this unit here.
 */
async function approveCredit(stored: Row, lastSaved: string, who: Approver) {
  const approver = { first_name: who.given_name ?? null, last_name: who.family_name ?? null, email: who.email };
  const gross = creditTotals(stored).total;
  const link = linkOf(stored)!;
  // Invariant 1 in the approval's own transaction, on figures read once and written on condition they still hold
  // (a retry reads them again): the invoice's credited (and paid), or the credited line's tally.
  const fits =
    link.field === "invoice"
      ? writeTogether(async () => [await Invoices.planCredited(link.id, gross, who.email)], { replan: true })
      : moveTally(tallyOf(link), async (held) => {
          const credited = await creditedBy(link, held);
          const value = creditValue(stored, credited.gross);
          checkFits(stored, credited);
          return credited.soFar + toPence(value);
        });
  // The linked invoice's credited amount and the Xero credit note push (CNS / CNP, when the department is mapped): one unit.
  const extra = joinExtras(fits, creditPush(who.email));
  return Credit.update(stored.id, { approved: true, ready_to_approve: true, approver, approved_date: todayInLondon(), last_saved: lastSaved }, who.email, { partial: true, current: stored as any, extra });
}
