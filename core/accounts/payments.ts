import { ValidationError } from "../platform/errors.js";
import { rowsOfPage, type Page } from "../platform/paging.js";
import { money, pounds, type Money } from "../platform/money.js";
import { META_FIELDS, joinExtras, lastSavedOf, writeTogether, type WriteExtra } from "../platform/records.js";
import { parseInput } from "../platform/validation.js";
import { Department } from "../settings/index.js";
import { DEFAULT_PAYMENT_COST_CENTRE, DEFAULT_PAYMENT_DEPARTMENT, DEFAULT_PAYMENT_TYPE, payment, paymentExtras, type PaymentView } from "./payment-definitions.js";
import { PAYMENT_KEY_TAKEN, PAYMENT_SERVER_FIELDS, Payment, type PaymentFields } from "./payment.js";
import { MONEY_MESSAGES, paidWithinTotal, paymentOnApproved } from "./invariants.js";
import { dueBoundsResult } from "./payment-rules.js";
import { tradingAreaOf } from "./invoice-definitions.js";
import { Invoice } from "./invoice.js";
import { paymentsAccountHold, planPush, pushOf } from "./xero-push.js";

/**
 * Payments use cases (003 §2 Payments, §5, §7; 000 §7 POST payments;
 * docs/data-model.md §8.3): the views, one payment by id, create (one call
 * per bulk row), save (marking paid moves the contact's balance and the
 * named invoice's outstanding in the payment's own transaction), delete (a
 * PAID one's effects leave with it).
 */

type Row = Record<string, any>;

/** Fields a client may send back from an answer but never sets: the engine's meta fields, the server's, the answer's extras. */
const dropped = new Set<string>([...META_FIELDS, ...PAYMENT_SERVER_FIELDS, ...paymentExtras.names]);

/** What a client sends, parsed: answer-only and server fields dropped, references as ids. */
function sentFields(body: unknown): Partial<PaymentFields> {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new ValidationError("The request body must be a JSON object.");
  const rest: Row = {};
  for (const [k, v] of Object.entries(body as Row)) if (!dropped.has(k)) rest[k] = v;
  const parsed = parseInput(payment.schema.partial().strict(), rest) as Row;
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined));
}

const unset = (v: unknown) => v === null || v === undefined || v === "";

/** The trading area of a department, from its name (one GetItem; none for an unknown one: the reference check refuses it). */
async function areaOf(department: number | null | undefined) {
  if (!department) return null;
  const [d] = (await Department.getMany([department])) as Row[];
  return tradingAreaOf(d?.name);
}

/**
 * The credit usage a payment takes off (003 §3: the read-only credit usage
 * of each trading area beside its credit limit is what the customer owes in
 * that area; issue 22 finding 12): a payment naming an invoice the product
 * holds pays that invoice, so it counts in the invoice's trading area (none
 * for a department without one, e.g. Parts Direct); a payment naming no
 * invoice of ours, in its own department's.
 */
export async function paymentAreaOf(p: Partial<PaymentFields>) {
  const number = p.invoice_number?.trim().toUpperCase();
  if (number) {
    const held = await Invoice.claimedBy("number", [number]);
    const id = held.get(number);
    if (id !== undefined) {
      const [invoice] = (await Invoice.getMany([id])) as Row[];
      if (invoice) return (invoice.area as PaymentFields["trading_area"]) ?? null;
    }
  }
  return areaOf(p.department);
}

/**
 * A new payment as it will be stored: 003 §5 and §9 defaults (BACS,
 * department 1; 000 §9 cost centre 4) for what the row leaves out, and the
 * trading area it counts in (`paymentAreaOf`).
 */
export async function newPaymentFields(sent: Partial<PaymentFields>): Promise<Partial<PaymentFields>> {
  const out = { ...sent };
  if (unset(out.payment_type)) out.payment_type = DEFAULT_PAYMENT_TYPE;
  if (unset(out.department)) out.department = DEFAULT_PAYMENT_DEPARTMENT;
  if (unset(out.cost_centre)) out.cost_centre = DEFAULT_PAYMENT_COST_CENTRE;
  out.trading_area = await paymentAreaOf(out);
  return out;
}

/** What a payment takes off an invoice (A6): a PAID one whose invoice number is set, its amount against that number. */
function paidOn(p: Partial<PaymentFields> | undefined): { number: string; amount: number } | null {
  const number = p?.invoice_number?.trim();
  if (!p || !p.date_paid || !number || !p.amount) return null;
  return { number: number.toUpperCase(), amount: p.amount };
}

/**
 * A6: a PAID payment whose invoice number names an invoice (the invoice's
 * `number` claim) takes its amount off that invoice's outstanding, by
 * raising the invoice's `paid`, in the payment's own transaction; marking
 * it unpaid, changing its amount or invoice number, or deleting it moves
 * the invoice back. A number no invoice holds moves nothing (a payment may
 * name an invoice of another system).
 *
 * The money invariants (core/accounts/invariants.ts), enforced here on the
 * invoice read ONCE: a payment raising an invoice's paid figure needs the
 * invoice approved (paymentOnApproved) and must fit what is owed unless it
 * is a labelled overpayment (paidWithinTotal); the invoice's update is
 * conditioned on that read's version and its paid and credited figures, so
 * a concurrent payment or credit cancels this transaction, which the engine
 * tries again on a fresh read (`replan`, checked again) a few times before
 * answering 409.
 */
async function invoiceEffect(before: Partial<PaymentFields> | undefined, after: Partial<PaymentFields> | undefined, actor: string): Promise<WriteExtra | undefined> {
  const was = paidOn(before);
  const now = paidOn(after);
  const deltas = new Map<string, Money>();
  if (was) deltas.set(was.number, money(deltas.get(was.number)).minus(money(was.amount)));
  if (now) deltas.set(now.number, money(deltas.get(now.number)).plus(money(now.amount)));
  const overpayment = !!after?.overpayment;
  // A PAID payment whose Overpayment label is taken off must then fit what is owed like any other: checked (and written on) too.
  const unlabelled = !!before?.overpayment && !overpayment && now ? now.number : null;
  const moving = [...deltas].filter(([n, d]) => !d.isZero() || n === unlabelled).map(([n]) => n);
  if (!moving.length) return undefined;
  const held = await Invoice.claimedBy("number", moving);
  if (!held.size) return undefined;
  return writeTogether(
    async () =>
      Promise.all(
        [...held].map(async ([number, id]) => {
          const invoice = await Invoice.stored(id);
          const raise = deltas.get(number)!;
          const refused = paymentOnApproved(invoice, raise) ?? paidWithinTotal(invoice, raise, overpayment, number === unlabelled);
          if (refused) throw new ValidationError(refused.message, refused.errors);
          return Invoice.planUpdate(id, { paid: pounds(money(invoice.paid).plus(raise)) }, actor, { partial: true, system: true, current: invoice, guard: ["paid", "credited"] });
        }),
      ),
    { replan: true },
  );
}

/** What Xero is told of a payment (issue 22, docs/xero.md "Payments"): the invoice number it pays, amount, date paid, overpayment label. */
const xeroSide = (p: Partial<PaymentFields> | undefined) => {
  const on = paidOn(p);
  return on ? `${on.number}|${money(on.amount).toFixed(2)}|${p?.date_paid ?? ""}|${p?.overpayment ? 1 : 0}` : null;
};

/**
 * The payment's Xero push (issue 22), in the payment's own transaction: a
 * PAID payment naming one of our invoices (its `number` claim) queues a
 * `payment` item (HELD while no Xero payments account is set, Settings >
 * Defaults); a change of what Xero is told (amount, date paid, invoice
 * number, overpayment) or a delete re-queues the existing item, whose
 * runner deletes the payment Xero holds and sends the new one (none when
 * the payment is gone, unpaid or names no invoice of ours). Anything else
 * (comments, cost centre) queues nothing.
 */
async function paymentPush(before: Partial<PaymentFields> | undefined, after: Partial<PaymentFields> | undefined, actor: string, id?: number): Promise<WriteExtra | undefined> {
  const was = xeroSide(before);
  const now = xeroSide(after);
  if (was === now) return undefined;
  const number = paidOn(after)?.number;
  const ours = number ? (await Invoice.claimedBy("number", [number])).has(number) : false;
  return writeTogether(async (saved) => {
    const sourceId = id ?? saved.id;
    const label = `Payment ${sourceId}${number ? ` on ${number}` : ""}`;
    // Not (or no longer) a paid payment of one of our invoices: only an item already written has anything to undo in Xero.
    if (!ours) return (await pushOf("payment", "payment", sourceId)) ? [await planPush({ target: "payment", sourceType: "payment", sourceId, label }, actor)] : [];
    return [await planPush({ target: "payment", sourceType: "payment", sourceId, label, held: await paymentsAccountHold() }, actor)];
  });
}

/** An idempotency key as sent (the `Idempotency-Key` header, or `idempotency_key` in the body): trimmed, at most 200 characters. */
function keyOf(header: string | null | undefined, body: unknown): string | null {
  const fromBody = body && typeof body === "object" && !Array.isArray(body) ? (body as Row).idempotency_key : undefined;
  const key = String(header ?? fromBody ?? "").trim();
  if (!key) return null;
  if (key.length > 200) throw new ValidationError("The idempotency key must be at most 200 characters", { idempotency_key: "At most 200 characters" });
  return key;
}

/** The payment a key was first used for, when it was: the same payment again, or 400 when the key came with a different one. */
async function replayOf(key: string, fields: Partial<PaymentFields>) {
  const id = (await Payment.claimedBy("key", [key])).get(key);
  if (!id) return null;
  const first = (await Payment.stored(id)) as Row;
  const same = (f: keyof PaymentFields) => (first[f] ?? null) === (fields[f] ?? null);
  if (!same("contact") || !money(first.amount).eq(money(fields.amount)) || !same("invoice_number") || !same("date_paid")) throw new ValidationError(MONEY_MESSAGES.keyReused, { idempotency_key: MONEY_MESSAGES.keyReused });
  return Payment.get(id);
}

export type PaymentListQuery = { page: number; page_size: number; view?: PaymentView; department?: number; start?: string | null; end?: string | null };

const STATE_OF: Record<PaymentView, string> = { unpaid: "UNPAID", paid: "PAID", all: "ALL" };

export const Payments = {
  async get(id: number) {
    return Payment.get(id);
  },

  /** POST payments: one payment (one call per bulk row); 'Please fill in all fields' without contact, payment date or amount. */
  /**
   * With an idempotency key (the `Idempotency-Key` header or the body's
   * `idempotency_key`, one per new payment the screen makes), the same
   * payment sent again, one after the other or at once, is answered with
   * the payment the first made: the key is a unique claim written in the
   * payment's own transaction, so two can never both land.
   */
  async create(body: unknown, actor: string, { extra, key: header }: { extra?: WriteExtra; key?: string | null } = {}) {
    const key = keyOf(header, body);
    const rest = body && typeof body === "object" && !Array.isArray(body) ? Object.fromEntries(Object.entries(body as Row).filter(([k]) => k !== "idempotency_key")) : body;
    const fields = await newPaymentFields(sentFields(rest));
    if (key) {
      const first = await replayOf(key, fields);
      if (first) return first;
    }
    try {
      return await Payment.create({ ...fields, idempotency_key: key }, actor, { extra: joinExtras(extra, await invoiceEffect(undefined, fields, actor), await paymentPush(undefined, fields, actor)) });
    } catch (e) {
      // The same key landed meanwhile (a duplicate sent at once): answer with that payment.
      if (key && e instanceof ValidationError && e.message === PAYMENT_KEY_TAKEN) {
        const first = await replayOf(key, fields);
        if (first) return first;
      }
      throw e;
    }
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
    if (("department" in sent && sent.department !== stored.department) || ("invoice_number" in sent && sent.invoice_number !== stored.invoice_number))
      fields.trading_area = await paymentAreaOf({ ...stored, ...sent });
    const extra = joinExtras(await invoiceEffect(stored, { ...stored, ...sent }, actor), await paymentPush(stored, { ...stored, ...sent }, actor, id));
    return Payment.update(id, fields, actor, { current: stored, partial: true, extra });
  },

  /** DELETE payment/{id}: a PAID payment's balance effect is reversed in its own transaction (A15). */
  async remove(id: number, actor: string) {
    const stored = await Payment.stored(id);
    return Payment.remove(id, actor, { extra: joinExtras(await invoiceEffect(stored, undefined, actor), await paymentPush(stored, undefined, actor, id)) });
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
    if (unset(q.start) && unset(q.end)) return (await Payment.listIn(list, { page: q.page, page_size: q.page_size, order }));
    const refused = dueBoundsResult(q.start, q.end);
    if (refused) throw new ValidationError(refused.message, refused.errors);
    const entries = await Payment.entriesIn(list, { from: q.start!, to: q.end!, order });
    const rows = await rowsOfPage(entries.map((e) => e.id), q, (ids) => Payment.getMany(ids));
    return { count: entries.length, results: (await Payment.present(rows)) };
  },
};
