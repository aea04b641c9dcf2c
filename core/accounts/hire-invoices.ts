import { Rental } from "../hire/index.js";
import { hirePeriodOf } from "../hire/invoicing-rules.js";
import { todayInLondon, ukDate } from "../platform/dates.js";
import { ConflictError, ValidationError } from "../platform/errors.js";
import { Invoices } from "./invoices.js";
import { Invoice } from "./invoice.js";

/**
 * The daily hire invoice run (docs/accounts.md "Hire invoices"): every
 * rental in the `hiredue` list whose next period has started by `date`
 * raises one HIRE invoice per period (core/hire/invoicing-rules.ts), then
 * moves the rental's next invoice date on. Each invoice claims its rental
 * and period start (Invoice `unique` scope `hire`), so a rerun, or two runs
 * at once, never raise a period twice: the run that loses the claim moves
 * the rental on (or finds it moved) and carries on from there.
 */

type Row = Record<string, any>;

/** Who the run writes as (the audit's user). */
export const HIRE_RUN_ACTOR = "hire-invoices";

export type HireRunSummary = { date: string; due: number; raised: number; invoices: number[]; failed: Array<{ rental: number; message: string }> };

const isClaimTaken = (e: unknown) => e instanceof ValidationError && /already been raised/.test(e.message);

export const HireInvoices = {
  async run(date: string = todayInLondon()): Promise<HireRunSummary> {
    const due = await Rental.idsIn("hiredue", { to: date });
    const summary: HireRunSummary = { date, due: due.length, raised: 0, invoices: [], failed: [] };
    for (const id of due) {
      try {
        await raiseDue(id, date, summary);
      } catch (e) {
        // One rental that cannot be invoiced (its customer deleted, say) never stops the others.
        summary.failed.push({ rental: id, message: e instanceof Error ? e.message : String(e) });
      }
    }
    return summary;
  },

  /** A rental's hire invoices (GET invoices?activeView=hire lists them with the others). */
  async ofRental(id: number) {
    return Invoices.ofSource("rental", id);
  },
};

const idOf = (v: unknown) => (v && typeof v === "object" ? ((v as Row).id as number) : ((v as number | null | undefined) ?? null));

async function raiseDue(id: number, date: string, summary: HireRunSummary) {
  // Bounded: a rental years behind raises one invoice per period it missed.
  for (let guard = 0; guard < 1000; guard++) {
    let rental: Row;
    try {
      rental = (await Rental.stored(id));
    } catch {
      return; // deleted meanwhile
    }
    const period = hirePeriodOf(rental);
    if (!period || period.start > date) return;
    // The invoice claims its period in its own transaction (a rental's booking ranges keep it out of
    // another record's), then the rental moves on. Should that fail, the next pass loses the claim
    // and moves the rental on without a second invoice.
    try {
      const made = await Invoice.create(
        await Invoices.raisedFields({
          src: "HIRE",
          rental: id,
          customer: idOf(rental.payer) ?? idOf(rental.customer),
          department: idOf(rental.department),
          vehicle: idOf(rental.vehicle),
          tracking_option: idOf(rental.tracking_option),
          period_start: period.start,
          period_end: period.end,
          invoice_date: period.start,
          date: period.start,
          amount: period.amount,
          no_vat_amount: 0,
          description: `Hire ${ukDate(period.start)} to ${ukDate(period.end)} (${period.days} days)`,
        }),
        HIRE_RUN_ACTOR,
      );
      summary.raised++;
      summary.invoices.push((made).id);
    } catch (e) {
      // Raised already (another run won the claim, or this one before the rental moved on).
      if (!isClaimTaken(e)) throw e;
    }
    try {
      await Rental.update(id, { next_invoice_date: period.next, last_saved: rental.last_saved }, HIRE_RUN_ACTOR, { current: rental as any, partial: true });
    } catch (e) {
      // Saved meanwhile (an edit, or another run moving it on): read it again.
      if (!(e instanceof ConflictError)) throw e;
    }
  }
}
