import { Contact } from "../contacts/index.js";
import { addDays, monthOf, todayInLondon, weekOf, windowOf } from "../platform/dates.js";
import { ConflictError, NotFoundError, ValidationError } from "../platform/errors.js";
import { fromPence, pounds } from "../platform/money.js";
import { rowsOfPage, type Page } from "../platform/paging.js";
import { META_FIELDS, isFresh, lastSavedOf } from "../platform/records.js";
import { listsIn } from "../platform/records/merged.js";
import { parseInput } from "../platform/validation.js";
import { CostCentre, checkTrackingOption } from "../settings/index.js";
import { TRANSACTION_MESSAGES as M, TRANSACTION_SERVER_FIELDS, TRANSACTION_TYPES, transaction, transactionExtras, type Frequency, type TransactionType } from "./transaction-definitions.js";
import { approvalRuleResult, invoiceTotal, occurrencesDue, transactionRuleResult, vatForAmount } from "./transaction-rules.js";
import { OCCURRENCE_TAKEN, Transaction, invoiceKey, type TransactionFields } from "./transaction.js";
import { creditSources } from "./credits.js";
import { money } from "../platform/money.js";
import { personOf, type Person } from "../platform/people.js";

/**
 * Income and expenses (003 §2 Income and Expenses, §4, §5, §7;
 * docs/data-model.md §8.3 "Transactions"). Every list is one indexed list
 * (A9); approval validates the whole list first and then approves each
 * transaction in its own unit (`approveOne`), where the Xero push item
 * will be added (docs/accounts.md).
 */

type Row = Record<string, any>;
export type Staff = { email: string; given_name?: string; family_name?: string };

/** What a save drops (sent back, never taken): the answer's extras, the server's fields, the engine's meta fields. */
const dropped: readonly string[] = [...transactionExtras.names, ...TRANSACTION_SERVER_FIELDS, ...META_FIELDS];

/** What a client sends, parsed: server and answer-only fields dropped, references as ids (an object's id taken). */
function sentFields(body: unknown): Partial<TransactionFields> {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new ValidationError("The request body must be a JSON object.");
  const rest: Row = {};
  for (const [k, v] of Object.entries(body as Row)) {
    if (dropped.includes(k)) continue;
    rest[k] = v && typeof v === "object" && !Array.isArray(v) && "id" in (v as Row) ? (v as Row).id : v;
  }
  const parsed = parseInput(transaction.schema.partial().strict(), rest) as Row;
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined));
}

const unset = (v: unknown) => v === null || v === undefined || v === "";

function refuse(r: { message: string; errors: Record<string, string> } | null) {
  if (r) throw new ValidationError(r.message, r.errors);
}


const lower = (s: unknown) => String(s ?? "").trim().replace(/\s+/g, " ").toLowerCase();

/** The derived fields of a transaction as it will be saved: the 20% defaults of 003 §5, the invoice total, the search terms. */
async function derived(t: Partial<TransactionFields>, sent: Partial<TransactionFields>): Promise<Partial<TransactionFields>> {
  const out: Partial<TransactionFields> = {};
  // 003 §5: an amount sent without its VAT takes 20% of it; an invoice amount without its VAT percent takes 20.
  if ("amount" in sent && !("vat" in sent)) out.vat = vatForAmount(t.amount);
  if ("invoice_amount" in sent && !("invoice_vat" in sent) && !unset(t.invoice_amount)) out.invoice_vat = 20;
  out.invoice_total = invoiceTotal({ ...t, ...out });
  const contact = t.contact ? ((await Contact.getMany([t.contact])) as Row[])[0] : undefined;
  const terms = [lower(t.description), lower(contact?.display_name), invoiceKey(t.invoice_number)].map((s) => s.slice(0, 200)).filter((s) => s.length >= 2);
  out.search_terms = [...new Set(terms)];
  return out;
}

export type TransactionListQuery = {
  page: number;
  page_size: number;
  type?: TransactionType;
  search?: string;
  cost_centre?: number;
  approved?: boolean;
  hiderecurring?: boolean;
  department?: number;
  view?: "week" | "all";
  start_date?: string | null;
  finish_date?: string | null;
  inv?: string;
  repeating?: boolean;
};

type Entry = { id: number; sort: string; tags: string[] };
const tagOf = (e: Entry, k: string) => e.tags.find((t) => t.startsWith(`${k}=`))?.slice(k.length + 1);

async function pageOf(entries: Entry[], q: { page: number; page_size: number }): Promise<Page<Row>> {
  const rows = await rowsOfPage(entries.map((e) => e.id), q, (ids) => Transaction.getMany(ids));
  return { count: entries.length, results: (await Transaction.present(rows)) };
}

/** The week view's bounds: the dates sent, else the Monday-Sunday week of the one sent, else this week. */
export function weekWindow(start?: string | null, finish?: string | null): { start_date: string; finish_date: string } {
  if (start && finish) return { start_date: start, finish_date: finish };
  const w = weekOf(start ?? finish ?? todayInLondon());
  return { start_date: w.start, finish_date: w.end };
}

/** Longest period the figures add up (a page of months, each one small facet partition). */
export const FIGURES_MAX_MONTHS = 12;
/** GET transactions/figures `type`: a side (IN, OUT) or the dashboard's timeframe (weekly, monthly). */
export const FIGURES_TYPES = ["IN", "OUT", "weekly", "monthly"] as const;
export type FiguresType = (typeof FIGURES_TYPES)[number];
export const FIGURES_TYPE_MESSAGE = "Type must be IN, OUT, weekly or monthly";
export const FIGURES_TOO_LONG = `The figures cover at most ${FIGURES_MAX_MONTHS} months`;

function monthsOf(start: string, end: string): string[] {
  const out: string[] = [];
  for (let m = start.slice(0, 7); m <= end.slice(0, 7); m = addDays(monthOf(`${m}-01`).end, 1).slice(0, 7)) out.push(m);
  return out;
}

export const Transactions = {
  async get(id: number) {
    return Transaction.get(id);
  },

  /**
   * GET transactions (A9): the type's list for the cost centre, approved
   * state, department and hide-recurring choice (each its own list, newest
   * date first); without a type both types' lists read as one (003 §7
   * names `type` as one optional query among ten); the week view or
   * start/finish dates read a range of it; a search reads the search terms
   * narrowed by the same tags; `inv` one invoice number's; `repeating=true`
   * the repeating panel.
   */
  async list(q: TransactionListQuery): Promise<Page<Row>> {
    if (q.inv !== undefined) {
      const key = invoiceKey(q.inv);
      if (!key) return { count: 0, results: [] };
      return (await Transaction.listIn(`inv#${key}`, { page: q.page, page_size: q.page_size, order: "asc" }));
    }
    const types = q.type ? [q.type] : TRANSACTION_TYPES;
    const cc = q.cost_centre ?? "ALL";
    if (q.repeating) return (await listsIn(Transaction, types.map((t) => `rep#${t}#cc#${cc}`), { page: q.page, page_size: q.page_size, order: "asc" }));
    const a = q.approved === undefined ? "ALL" : q.approved ? "1" : "0";
    const lists = types.map((t) => `t#${t}#cc#${cc}#a#${a}#d#${q.department ?? "ALL"}#r#${q.hiderecurring ? "NR" : "ALL"}`);
    const range = q.view === "week" ? weekWindow(q.start_date, q.finish_date) : { start_date: q.start_date ?? null, finish_date: q.finish_date ?? null };
    const from = range.start_date ?? undefined;
    const to = range.finish_date ?? undefined;
    const term = q.search?.trim();
    if (term) {
      const tags = [...(q.type ? [`t=${q.type}`] : []), ...(q.cost_centre ? [`cc=${q.cost_centre}`] : []), ...(q.approved !== undefined ? [`a=${a}`] : []), ...(q.department ? [`d=${q.department}`] : []), ...(q.hiderecurring ? ["r=nr"] : [])];
      const forms = [...new Set([lower(term), invoiceKey(term)])].filter((f) => f.length >= 1);
      const found = await Promise.all(forms.map((f) => Transaction.entriesIn("search", { search: f, tags })));
      const seen = new Map<number, Entry>();
      for (const e of found.flat()) if (!seen.has(e.id)) seen.set(e.id, e);
      const entries = [...seen.values()]
        .filter((e) => {
          const dt = tagOf(e, "dt") ?? "~";
          return (!from || (dt !== "~" && dt >= from)) && (!to || (dt !== "~" && dt <= to));
        })
        .sort((x, y) => ((tagOf(x, "dt") ?? "") < (tagOf(y, "dt") ?? "") ? 1 : (tagOf(x, "dt") ?? "") > (tagOf(y, "dt") ?? "") ? -1 : y.id - x.id));
      return pageOf(entries, q);
    }
    return (await listsIn(Transaction, lists, { page: q.page, page_size: q.page_size, order: "desc", from, to }));
  },

  /** POST transactions: the rules of 003 §5, the 20% defaults, a repeating one starting today when no date is sent. */
  async create(body: unknown, actor: string) {
    const sent = sentFields(body);
    if (unset(sent.type)) throw new ValidationError(M.typeChoice, { type: M.typeChoice });
    const t: Partial<TransactionFields> = { ...sent };
    refuse(transactionRuleResult(t));
    if (t.repeating) {
      if (unset(t.date)) t.date = todayInLondon();
      t.next_date = t.date;
    } else t.frequency = null;
    await checkTrackingOption(t.tracking_option);
    return Transaction.create({ ...t, ...(await derived(t, sent)), approved: false }, actor);
  },

  /** PUT transactions/update/{id}: refused when approved; type and repeating fixed; last_saved checked. */
  async save(id: number, body: unknown, actor: string) {
    const stored = (await Transaction.stored(id)) as Row;
    if (stored.approved) throw new ValidationError(M.approvedLocked, {});
    const lastSaved = lastSavedOf(body);
    if (!isFresh(stored.last_saved, lastSaved)) throw new ConflictError();
    const sent = sentFields(body);
    if ("type" in sent && sent.type !== stored.type) throw new ValidationError(M.typeFixed, { type: M.typeFixed });
    if ("repeating" in sent && !!sent.repeating !== !!stored.repeating) throw new ValidationError(M.repeatingFixed, { repeating: M.repeatingFixed });
    const merged = { ...stored, ...sent } as Partial<TransactionFields>;
    refuse(transactionRuleResult(merged));
    if (sent.tracking_option !== undefined && sent.tracking_option !== stored.tracking_option) await checkTrackingOption(sent.tracking_option);
    const extra: Partial<TransactionFields> = {};
    // A template whose start date moves starts again from it.
    if (stored.repeating && sent.date && sent.date !== stored.date) extra.next_date = sent.date;
    return Transaction.update(id, { ...sent, ...extra, ...(await derived(merged, sent)), last_saved: lastSaved }, actor, { current: stored as any });
  },

  /** DELETE transactions/{id}: refused when approved (A15). */
  async remove(id: number, actor: string) {
    const stored = (await Transaction.stored(id)) as Row;
    if (stored.approved) throw new ValidationError(M.approvedNoDelete, {});
    return Transaction.remove(id, actor);
  },

  /**
   * PUT transactions/update (the approval of a list, 003 §5): each item is
   * `{id, last_saved}` and may carry the fields edited in the table
   * (nominal code, contact, invoice date and number...). All are checked
   * first (none: 'You cannot approve 0 transactions'; each: found, fresh,
   * not approved, not a template, the approval rules with their messages,
   * errors keyed `<index>.<field>`); only then is each approved, in its own
   * unit. A refusal approves none.
   */
  async approveList(body: unknown, staff: Staff) {
    const items = Array.isArray(body) ? body : body && typeof body === "object" && Array.isArray((body as Row).results) ? (body as Row).results : null;
    if (!items) throw new ValidationError("The request body must be a list of transactions.");
    if (items.length === 0) throw new ValidationError(M.approveNone, {});
    if (items.length > 100) throw new ValidationError("Approve at most 100 transactions at once", {});
    const plans: Array<{ id: number; stored: Row; sent: Partial<TransactionFields>; lastSaved: string }> = [];
    const seen = new Set<number>();
    for (const [i, item] of items.entries()) {
      const id = Number((item as Row)?.id);
      if (!Number.isInteger(id) || id <= 0 || seen.has(id)) throw new ValidationError(`Transaction ${i + 1} of the list has no id, or an id sent twice`, { [`${i}.id`]: "Required" });
      seen.add(id);
      let stored: Row;
      try {
        stored = (await Transaction.stored(id));
      } catch (e) {
        if (e instanceof NotFoundError) throw new ValidationError(`Transaction ${id} not found`, { [`${i}.id`]: "Transaction not found" });
        throw e;
      }
      const lastSaved = lastSavedOf(item);
      if (!isFresh(stored.last_saved, lastSaved)) throw new ConflictError();
      const { id: _id, ...rest } = item as Row;
      const sent = sentFields(rest);
      if (stored.approved) throw new ValidationError(M.alreadyApproved, { [`${i}.approved`]: M.alreadyApproved });
      if (stored.repeating) throw new ValidationError(M.templateNotApproved, { [`${i}.repeating`]: M.templateNotApproved });
      plans.push({ id, stored, sent, lastSaved });
    }
    const contactIds = [...new Set(plans.map((p) => ({ ...p.stored, ...p.sent }).contact).filter((c): c is number => typeof c === "number"))];
    const contacts = new Map(((await Contact.getMany(contactIds)) as Row[]).map((c) => [c.id, c]));
    for (const [i, p] of plans.entries()) {
      const merged = { ...p.stored, ...p.sent };
      const contact = merged.contact ? contacts.get(merged.contact) : undefined;
      const refused = approvalRuleResult(merged, contact ? contact.partial_contact === true : null) ?? transactionRuleResult(merged);
      if (refused) throw new ValidationError(refused.message, Object.fromEntries(Object.entries(refused.errors).map(([f, m]) => [`${i}.${f}`, m])));
      if (p.sent.tracking_option !== undefined && p.sent.tracking_option !== p.stored.tracking_option) await checkTrackingOption(p.sent.tracking_option);
    }
    const approver = personOf(staff);
    const out: Row[] = [];
    for (const p of plans) out.push(await approveOne(p.id, p.stored, p.sent, p.lastSaved, approver, staff.email));
    return { count: out.length, results: out };
  },

  /**
   * GET transactions/figures (A8; the dashboard's Misc panel): per cost
   * centre the income and expenses of the period (dates inclusive; this
   * month when none are sent), and the totals, from the monthly facet
   * partitions of the department (or all): a week reads one or two.
   * `type` IN or OUT keeps one side; weekly or monthly is the dashboard's
   * timeframe (001 §7): the week or month of `date` (else start, else
   * today) for the dates not sent, both sides counted.
   */
  async figures(q: { start?: string | null; end?: string | null; type?: FiguresType; date?: string | null; department?: number }) {
    const timeframe = q.type === "weekly" || q.type === "monthly" ? q.type : null;
    const flow = timeframe ? undefined : (q.type as TransactionType | undefined);
    const month = timeframe ? windowOf(timeframe, q.date ?? q.start ?? todayInLondon()) : monthOf(q.date ?? todayInLondon());
    const start = q.start ?? month.start;
    const end = q.end ?? (q.start && !timeframe ? monthOf(q.start).end : month.end);
    const months = monthsOf(start, end);
    if (months.length > FIGURES_MAX_MONTHS) throw new ValidationError(FIGURES_TOO_LONG, { end: FIGURES_TOO_LONG });
    const dept = q.department ?? "ALL";
    const parts = await Promise.all(months.map((m) => Transaction.facetValues(`txfig#${dept}#${m}`).then((vals) => vals.map((v) => ({ ...v, month: m })))));
    const sums = new Map<string, { in: number; out: number }>();
    let totalIn = 0;
    let totalOut = 0;
    for (const v of parts.flat()) {
      const [dd, cc, type] = v.value.split("#");
      const date = `${v.month}-${dd}`;
      if (date < start || date > end) continue;
      const t = type.toUpperCase();
      if (flow && t !== flow) continue;
      const s = sums.get(cc) ?? { in: 0, out: 0 };
      if (t === "IN") {
        s.in += v.count;
        totalIn += v.count;
      } else {
        s.out += v.count;
        totalOut += v.count;
      }
      sums.set(cc, s);
    }
    const names = new Map(((await CostCentre.getMany([...sums.keys()].filter((k) => k !== "~").map(Number))) as Row[]).map((c) => [String(c.id), c.name]));
    const categories = [...sums.entries()]
      .map(([cc, s]) => ({ id: cc === "~" ? null : Number(cc), name: cc === "~" ? "No cost centre" : (names.get(cc) ?? `Cost centre ${cc}`), in: fromPence(s.in), out: fromPence(s.out) }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { start, end, department: q.department ?? null, type: q.type ?? null, categories, total_in: fromPence(totalIn), total_out: fromPence(totalOut), net: pounds(fromPence(totalIn - totalOut)) };
  },

  /**
   * The scheduled run (A13; functions/cron/repeating-transactions.ts):
   * every template whose next date is due by `today` (London) gets its
   * transactions of each due date, each claiming `occ` (a rerun, or two
   * runs at once, make none twice), then its next date moves on. A run
   * stopped between the two finds the claim taken next time and only
   * moves the date.
   */
  async runRepeating(today = todayInLondon(), actor = "scheduled:repeating-transactions") {
    const due = await Transaction.entriesIn("rep#due", { to: today, order: "asc" });
    let created = 0;
    let skipped = 0;
    for (const e of due) {
      let template: Row;
      try {
        template = (await Transaction.stored(e.id));
      } catch (err) {
        if (err instanceof NotFoundError) continue;
        throw err;
      }
      if (!template.repeating || !template.next_date || !template.frequency || !template.date) continue;
      const { dates, next } = occurrencesDue(template.date, template.frequency as Frequency, template.next_date, today);
      const taken = await Transaction.claimedBy("occ", dates.map((d) => `${template.id}#${d}`));
      for (const date of dates) {
        if (taken.has(`${template.id}#${date}`)) {
          skipped++;
          continue;
        }
        try {
          await Transaction.create(occurrenceOf(template, date), actor);
          created++;
        } catch (err) {
          if (err instanceof ValidationError && err.message === OCCURRENCE_TAKEN) skipped++;
          else throw err;
        }
      }
      try {
        await Transaction.update(template.id, { next_date: next }, actor, { partial: true, system: true, current: template as any });
      } catch (err) {
        // Another run moved it meanwhile: its occurrences are claimed either way.
        if (!(err instanceof ConflictError)) throw err;
      }
    }
    return { templates: due.length, created, skipped };
  },
};

/** A template's transaction of one date: its fields, not repeating, unapproved, naming the template. */
function occurrenceOf(template: Row, date: string): Partial<TransactionFields> {
  const fields: Row = {};
  for (const k of Object.keys(transaction.schema.shape)) fields[k] = template[k];
  return {
    ...fields,
    search_terms: template.search_terms ?? [],
    repeating: false,
    frequency: null,
    next_date: null,
    approved: false,
    approver: null,
    date,
    template: template.id,
    occurs: date,
  };
}

/**
 * One transaction approved: its edited fields, approved, the approver, in
 * one unit (the record's transaction). The Xero push item of the approval
 * (issue 14) is added here, in the same unit.
 */
async function approveOne(id: number, stored: Row, sent: Partial<TransactionFields>, lastSaved: string, approver: Person, actor: string) {
  const merged = { ...stored, ...sent } as Partial<TransactionFields>;
  return Transaction.update(id, { ...sent, ...(await derived(merged, sent)), approved: true, approver, last_saved: lastSaved }, actor, { current: stored as any });
}

/**
 * A transaction can be credited once approved (003 §4): income is a sales
 * credit to its contact, an expense a purchase credit from it; the credit's
 * net amounts may not exceed the transaction's amount. Registered with the
 * credit notes (credits.ts reads transactions only through this).
 */
creditSources.transaction = async (id) => {
  const [t] = (await Transaction.getMany([id])) as Row[];
  if (!t || t.repeating) return null;
  if (!t.approved) throw new ValidationError(M.notApprovedNoCredit, { transaction: M.notApprovedNoCredit });
  return { kind: "TRANSACTION", contact: t.contact ?? null, party: t.type === "OUT" ? "SUPPLIER" : "CUSTOMER", department: t.department ?? null, area: null, left: pounds(money(t.amount).abs()), gross: false };
};
