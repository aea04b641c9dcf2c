import { formatPounds, money, pounds, sum, type Amount } from "../platform/money.js";
import { CREDIT_MESSAGES } from "./credit-definitions.js";
import { invoiceTotals, outstandingOf } from "./invoice-definitions.js";

/**
 * The money invariants (issue 22; docs/accounts.md "Money invariants"), stated
 * once. Each is a pure function: the write paths that enforce it call it on
 * the figures they read once and then condition their write on (the
 * invoice's version and its `paid`/`credited`, a line's credit tally), in the
 * write's own transaction; the property tests (tests/api/money-properties.test.ts)
 * check each one after every step, read back through the API. Pure (money
 * only): the SPA may import it.
 *
 * 1. creditsWithinTotal: the credits approved against a document (an invoice,
 *    a work item, a part, a transaction) never exceed what it is worth: an
 *    invoice's total less what is paid on it; a line's cost or charge.
 * 2. paidWithinTotal: paid + credited never exceeds an invoice's total, unless
 *    the payment taking it over is a labelled overpayment (`overpayment: true`).
 * 3. paymentOnApproved: a payment moves only an approved invoice's paid figure.
 * 4. outstandingEquals: outstanding = total − approved credits − PAID payments.
 * 5. approvedLocked: an approved invoice's or credit note's amounts, lines and
 *    links never change by any route.
 * 6. (Xero, stated here, enforced by the Xero payloads) the totals sent to
 *    Xero equal the product's.
 */

export type Refusal = { message: string; errors: Record<string, string> };

export const MONEY_MESSAGES = {
  tooMuchCredit: CREDIT_MESSAGES.tooMuch,
  notApprovedInvoice: (number: string) => `Invoice ${number} is not approved: a payment can only be taken against an approved invoice`,
  overpaid: (number: string, owed: number) =>
    `The payment is more than is owed on invoice ${number} (${formatPounds(owed)}): record it as an overpayment (tick Overpayment) if the customer really paid more`,
  keyReused: "This idempotency key was already used for a different payment",
} as const;

/**
 * 1. What is left to credit on a document worth `value`, of which `taken`
 * is already credited (and, for an invoice, paid): a credit of `credit`
 * fits when it is at most that. Null when it fits.
 */
export function creditsWithinTotal(value: Amount, taken: Amount, credit: Amount): Refusal | null {
  const left = pounds(money(value).minus(money(taken)));
  if (money(credit).lte(money(left))) return null;
  const message = MONEY_MESSAGES.tooMuchCredit(Math.max(0, left));
  return { message, errors: { amount: message } };
}

/** What an invoice has already had taken off by credits and payments (what a new credit must fit beside). */
export const takenOffInvoice = (inv: { credited?: number | null; paid?: number | null }) => pounds(sum(inv.credited, inv.paid));

type InvoiceFigures = { amount?: number | null; no_vat_amount?: number | null; vat_rate?: number | null; credited?: number | null; paid?: number | null; approved?: boolean | null; invoice_number?: string | null };

/** 3. A payment raising an invoice's paid figure needs the invoice approved. Null when it may. */
export function paymentOnApproved(inv: InvoiceFigures, raise: Amount): Refusal | null {
  if (inv.approved || !money(raise).gt(0)) return null;
  const message = MONEY_MESSAGES.notApprovedInvoice(inv.invoice_number ?? "");
  return { message, errors: { invoice_number: message } };
}

/**
 * 2. Raising an invoice's paid figure by `raise`: paid + credited stays
 * within the total, unless the payment is a labelled overpayment. Lowering
 * it (a payment deleted, unpaid, moved) always may, except when the payment
 * lost its Overpayment label (`unlabelled`): then the result must fit. Null
 * when it may.
 */
export function paidWithinTotal(inv: InvoiceFigures, raise: Amount, overpayment: boolean, unlabelled = false): Refusal | null {
  if (overpayment || (!unlabelled && !money(raise).gt(0))) return null;
  const owed = outstandingOf(inv);
  if (money(raise).lte(money(owed))) return null;
  const message = MONEY_MESSAGES.overpaid(inv.invoice_number ?? "", Math.max(0, owed));
  return { message, errors: { amount: message } };
}

/**
 * 4. The invoice's stored figures agree with the credits and payments
 * against it: credited = the approved credits' totals, paid = the PAID
 * payments' amounts, outstanding = total − both; and (2) any excess of
 * paid + credited over the total is covered by labelled overpayments. The
 * differences found, by figure (empty when they agree).
 */
export function outstandingEquals(
  inv: InvoiceFigures & { outstanding?: number | null },
  credits: Array<{ total?: Amount }>,
  payments: Array<{ amount?: Amount; overpayment?: boolean | null }>,
): string[] {
  const out: string[] = [];
  const credited = sum(...credits.map((c) => c.total));
  const paid = sum(...payments.map((p) => p.amount));
  const total = money(invoiceTotals(inv).total);
  if (!money(inv.credited).eq(credited)) out.push(`credited ${pounds(inv.credited)} but approved credits total ${pounds(credited)}`);
  if (!money(inv.paid).eq(paid)) out.push(`paid ${pounds(inv.paid)} but PAID payments total ${pounds(paid)}`);
  if (inv.outstanding !== undefined && !money(inv.outstanding).eq(total.minus(credited).minus(paid)))
    out.push(`outstanding ${pounds(inv.outstanding)} but total − credits − payments is ${pounds(total.minus(credited).minus(paid))}`);
  const over = credited.plus(paid).minus(total);
  const labelled = sum(...payments.filter((p) => p.overpayment).map((p) => p.amount));
  if (over.gt(0) && over.gt(labelled)) out.push(`paid + credited exceeds the total by ${pounds(over)}, more than the labelled overpayments (${pounds(labelled)})`);
  if (!inv.approved && (paid.gt(0) || credited.gt(0))) out.push("not approved but has credits or payments against it");
  return out;
}

/** 5. An approved invoice or credit note refuses every change (its amounts, lines and links): the refusal, or null. */
export function approvedLocked(stored: { approved?: boolean | null }, message: string): Refusal | null {
  return stored.approved ? { message, errors: {} } : null;
}
