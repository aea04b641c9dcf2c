import { ValidationError } from "../platform/errors.js";
import { offsetOf, type Page } from "../platform/paging.js";
import { META_FIELDS, lastSavedOf, type WriteExtra } from "../platform/records.js";
import { parseInput } from "../platform/validation.js";
import { Department } from "../settings/index.js";
import { DEFAULT_PAYMENT_COST_CENTRE, DEFAULT_PAYMENT_DEPARTMENT, DEFAULT_PAYMENT_TYPE, payment, type PaymentView } from "./payment-definitions.js";
import { PAYMENT_SERVER_FIELDS, Payment, type PaymentFields } from "./payment.js";
import { dueBoundsResult, tradingAreaOf } from "./payment-rules.js";

/**
 * Payments use cases (003 §2 Payments, §5, §7; 000 §7 POST payments;
 * docs/data-model.md §8.3): the views, one payment by id, create (one call
 * per bulk row), save (marking paid moves the contact's balance in the
 * payment's own transaction), delete (a PAID one's balance effect leaves
 * with it).
 */

type Row = Record<string, any>;

/** Fields a client may send back from an answer but never sets. */
const ANSWER_ONLY = new Set<string>([...META_FIELDS, ...PAYMENT_SERVER_FIELDS, "state", "colour"]);

/** What a client sends, parsed: answer-only and server fields dropped, references as ids. */
function sentFields(body: unknown): Partial<PaymentFields> {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new ValidationError("The request body must be a JSON object.");
  const rest: Row = {};
  for (const [k, v] of Object.entries(body as Row)) if (!ANSWER_ONLY.has(k)) rest[k] = v;
  const parsed = parseInput(payment.schema.partial().strict(), rest) as Row;
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined)) as Partial<PaymentFields>;
}

const unset = (v: unknown) => v === null || v === undefined || v === "";

/** The trading area of a department, from its name (one GetItem; none for an unknown one: the reference check refuses it). */
async function areaOf(department: number | null | undefined) {
  if (!department) return null;
  const [d] = (await Department.getMany([department])) as Row[];
  return tradingAreaOf(d?.name);
}

/**
 * A new payment as it will be stored: 003 §5 and §9 defaults (BACS,
 * department 1; 000 §9 cost centre 4) for what the row leaves out, and the
 * department's trading area.
 */
export async function newPaymentFields(sent: Partial<PaymentFields>): Promise<Partial<PaymentFields>> {
  const out = { ...sent };
  if (unset(out.payment_type)) out.payment_type = DEFAULT_PAYMENT_TYPE;
  if (unset(out.department)) out.department = DEFAULT_PAYMENT_DEPARTMENT;
  if (unset(out.cost_centre)) out.cost_centre = DEFAULT_PAYMENT_COST_CENTRE;
  out.trading_area = await areaOf(out.department);
  return out;
}

export type PaymentListQuery = { page: number; page_size: number; view?: PaymentView; department?: number; start?: string | null; end?: string | null };

const STATE_OF: Record<PaymentView, string> = { unpaid: "UNPAID", paid: "PAID", all: "ALL" };

export const Payments = {
  async get(id: number) {
    return Payment.get(id);
  },

  /** POST payments: one payment (one call per bulk row); 'Please fill in all fields' without contact, payment date or amount. */
  async create(body: unknown, actor: string, { extra }: { extra?: WriteExtra } = {}) {
    return Payment.create(await newPaymentFields(sentFields(body)), actor, { extra });
  },

  /**
   * PUT payment/{id}: a save with its last_saved (409 when stale).
   * Marking paid is sending date_paid: the payment moves to PAID and its
   * amount comes off the contact's balance in the same transaction;
   * clearing it puts the amount back.
   */
  async save(id: number, body: unknown, actor: string) {
    const stored = await Payment.stored(id);
    const lastSaved = lastSavedOf(body);
    const sent = sentFields(body);
    const fields: Row = { ...sent, last_saved: lastSaved };
    if ("department" in sent && sent.department !== stored.department) fields.trading_area = await areaOf(sent.department);
    return Payment.update(id, fields, actor, { current: stored, partial: true });
  },

  /** DELETE payment/{id}: a PAID payment's balance effect is reversed in its own transaction (A15). */
  async remove(id: number, actor: string) {
    return Payment.remove(id, actor);
  },

  /**
   * GET payments (A5): a view (unpaid by default; unpaid soonest due
   * first, paid and all newest first) for a department or all, 25 a
   * page; with due-date bounds (both, or 'Please enter due date start and
   * end'), the view's entries in that payment-date range.
   */
  async list(q: PaymentListQuery): Promise<Page<Row>> {
    const view = q.view ?? "unpaid";
    const list = `s#${STATE_OF[view]}#d#${q.department ?? "ALL"}`;
    const order = view === "unpaid" ? "asc" : "desc";
    if (unset(q.start) && unset(q.end)) return (await Payment.listIn(list, { page: q.page, page_size: q.page_size, order })) as Page<Row>;
    const refused = dueBoundsResult(q.start, q.end);
    if (refused) throw new ValidationError(refused.message, refused.errors);
    const entries = await Payment.entriesIn(list, { from: q.start!, to: q.end!, order });
    const from = offsetOf(q);
    const ids = entries.slice(from, from + q.page_size).map((e) => e.id);
    const rows = (await Payment.getMany(ids)) as Row[];
    const at = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
    return { count: entries.length, results: (await Payment.present(rows as any)) as Row[] };
  },
};
