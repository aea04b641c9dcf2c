import { Contact } from "../contacts/index.js";
import { todayInLondon } from "../platform/dates.js";
import { ConflictError, ValidationError } from "../platform/errors.js";
import { rowsOfPage, type Page } from "../platform/paging.js";
import { META_FIELDS, lastSavedOf, writeTogether } from "../platform/records.js";
import { parseInput } from "../platform/validation.js";
import { DEFAULT_PAYMENT_COST_CENTRE } from "./payment-definitions.js";
import { Payment } from "./payment.js";
import { newPaymentFields } from "./payments.js";
import { recurringPayment, type IntervalType } from "./recurring-payment-definitions.js";
import { firstOnOrAfter, intervalDayFor, nextAfter, recurringRuleResult } from "./recurring-payment-rules.js";
import { RECURRING_SERVER_FIELDS, RecurringPayment, type RecurringPaymentFields } from "./recurring-payment.js";

/**
 * Recurring payments (003 §2, §4, §5, §7; docs/data-model.md §8.3, A13):
 * the list with its search, department and column filters; create, save
 * and delete with 003's rules; and the scheduled run that raises the
 * payments falling due, each exactly once.
 */

type Row = Record<string, any>;

/** Who the scheduled run writes as (the audit's user). */
export const SCHEDULE_ACTOR = "recurring-payments";

/** Fields a client may send back but never sets: the engine's meta fields and the server's (`server: true` on the definition); a recurring payment answers no extras. */
const dropped = new Set<string>([...META_FIELDS, ...RECURRING_SERVER_FIELDS]);

function sentFields(body: unknown): Partial<RecurringPaymentFields> {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new ValidationError("The request body must be a JSON object.");
  const rest: Row = {};
  for (const [k, v] of Object.entries(body as Row)) if (!dropped.has(k)) rest[k] = v;
  const parsed = parseInput(recurringPayment.schema.partial().strict(), rest) as Row;
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined));
}

function check(r: Partial<RecurringPaymentFields>, today: string, startChecked: boolean) {
  const refused = recurringRuleResult(r, today, { startChecked });
  if (refused) throw new ValidationError(refused.message, refused.errors);
}

async function contactNameOf(id: number | null | undefined): Promise<string | null> {
  if (!id) return null;
  const [c] = (await Contact.getMany([id])) as Row[];
  return c?.display_name ?? null;
}

export type RecurringListQuery = { page: number; page_size: number; search?: string; department?: number; payment_type?: string; interval_type?: IntervalType };

const part = (v: unknown) => String(v).replace(/\s+/g, "_");

/** What one scheduled run did. */
export type RunSummary = { date: string; due: number; raised: number; payments: number[]; failed: Array<{ recurring_payment: number; message: string }> };

const isClaimTaken = (e: unknown) => e instanceof ValidationError && /already been raised/.test(e.message);

export const RecurringPayments = {
  async get(id: number) {
    return RecurringPayment.get(id);
  },

  /** POST recurringpayments: 003 §5's rules; the schedule starts at its start date. */
  async create(body: unknown, actor: string) {
    const today = todayInLondon();
    const sent = sentFields(body);
    const r: Partial<RecurringPaymentFields> = { cost_centre: DEFAULT_PAYMENT_COST_CENTRE, ...sent };
    r.interval_day = intervalDayFor(r.interval_type, r.interval_day);
    check(r, today, true);
    r.contact_name = await contactNameOf(r.contact);
    r.next_date = firstOnOrAfter(r, r.start_date!);
    return RecurringPayment.create(r, actor);
  },

  /**
   * PUT recurringpayment/{id}: a save with its last_saved (409 when
   * stale). The start date is held to today only when it moves; a changed
   * schedule raises from today on (dates already raised are never raised
   * again: each payment claims its date).
   */
  async save(id: number, body: unknown, actor: string) {
    const today = todayInLondon();
    const stored = (await RecurringPayment.stored(id)) as Row;
    const lastSaved = lastSavedOf(body);
    const sent = sentFields(body);
    const merged = { ...stored, ...sent } as Partial<RecurringPaymentFields>;
    merged.interval_day = intervalDayFor(merged.interval_type, merged.interval_day);
    check(merged, today, merged.start_date !== stored.start_date);
    const changed = (f: string) => (merged as Row)[f] !== stored[f];
    const fields: Row = { ...sent, interval_day: merged.interval_day, last_saved: lastSaved };
    if (changed("contact")) fields.contact_name = await contactNameOf(merged.contact);
    if (changed("start_date") || changed("interval_type") || changed("interval_day")) {
      fields.next_date = firstOnOrAfter(merged, merged.start_date! > today ? merged.start_date! : today);
    } else if (changed("end_date")) {
      const held = stored.next_date as string | null;
      fields.next_date = held ? (merged.end_date && held > merged.end_date ? null : held) : firstOnOrAfter(merged, today);
    }
    return RecurringPayment.update(id, fields, actor, { current: stored as any, partial: true });
  },

  /** DELETE recurringpayment/{id}: the payments it raised stay (they are money already recorded). */
  async remove(id: number, actor: string) {
    return RecurringPayment.remove(id, actor);
  },

  /**
   * GET recurringpayments: by contact name for a department or all, 25 a
   * page; a search is a contact-name prefix; the column filters (payment
   * type, interval type) read their value's list, narrowed by tags.
   */
  async list(q: RecurringListQuery): Promise<Page<Row>> {
    const term = q.search?.trim().toLowerCase() || undefined;
    const dept = q.department ? `${q.department}` : "ALL";
    if (!q.payment_type && !q.interval_type) return (await RecurringPayment.listIn(`d#${dept}`, { page: q.page, page_size: q.page_size, search: term }));
    const tags = [...(q.department ? [`d=${q.department}`] : []), ...(q.payment_type && q.interval_type ? [`it=${q.interval_type}`] : [])];
    const list = q.payment_type ? `f#pt#${part(q.payment_type)}` : `f#it#${q.interval_type}`;
    const entries = await RecurringPayment.entriesIn(list, { search: term, tags });
    const rows = await rowsOfPage(entries.map((e) => e.id), q, (ids) => RecurringPayment.getMany(ids));
    return { count: entries.length, results: (await RecurringPayment.present(rows)) };
  },

  /**
   * The scheduled run (A13): every recurring payment whose next date is
   * today or earlier (London) raises a payment for each date due, in one
   * transaction with its next date moved on. Each payment claims its
   * recurring payment and date (`occ`), so a rerun, or two runs at once,
   * never raise one twice: the run that loses the claim reads the
   * schedule again and carries on from where the winner left it.
   */
  async run(date: string = todayInLondon()): Promise<RunSummary> {
    const due = await RecurringPayment.idsIn("due", { to: date });
    const summary: RunSummary = { date, due: due.length, raised: 0, payments: [], failed: [] };
    for (const id of due) {
      try {
        await raiseDue(id, date, summary);
      } catch (e) {
        // One schedule that cannot raise (its contact deleted, say) never stops the others.
        summary.failed.push({ recurring_payment: id, message: e instanceof Error ? e.message : String(e) });
      }
    }
    return summary;
  },
};

/** Raise every payment of one recurring payment due on or before `date`, one transaction each. */
async function raiseDue(id: number, date: string, summary: RunSummary) {
  // Bounded: a schedule years behind raises one payment per date it missed.
  for (let guard = 0; guard < 1000; guard++) {
    let rec: Row;
    try {
      rec = (await RecurringPayment.stored(id));
    } catch {
      return; // deleted meanwhile
    }
    const on = rec.next_date as string | null;
    if (!on || on > date) return;
    const next = nextAfter(rec, on);
    const advance = { next_date: next, last_saved: rec.last_saved };
    try {
      const made = await Payment.create(
        await newPaymentFields({
          contact: rec.contact,
          department: rec.department,
          payment_type: rec.payment_type,
          amount: rec.interval_payment_amount,
          cost_centre: rec.cost_centre,
          comments: rec.comments,
          payment_date: on,
          recurring_payment: id,
          occurs: on,
        }),
        SCHEDULE_ACTOR,
        // The schedule moves on in the payment's own transaction, on the version read (a save since: 409, read again).
        { extra: writeTogether(async () => [await RecurringPayment.planUpdate(id, advance, SCHEDULE_ACTOR, { partial: true })]) },
      );
      summary.raised++;
      summary.payments.push((made).id);
    } catch (e) {
      // Saved meanwhile (an edit, or another run's transaction on the same schedule): read it again.
      if (e instanceof ConflictError || (e instanceof Error && / was cancelled$/.test(e.message))) continue;
      if (!isClaimTaken(e)) throw e;
      // Raised already (another run, or before the schedule was edited back onto this date): move on without a payment.
      const again = (await RecurringPayment.stored(id)) as Row;
      if (again.last_saved !== rec.last_saved || again.next_date !== on) continue;
      try {
        await RecurringPayment.update(id, advance, SCHEDULE_ACTOR, { current: again as any, partial: true });
      } catch (e2) {
        if (!(e2 instanceof ConflictError)) throw e2;
      }
    }
  }
}

