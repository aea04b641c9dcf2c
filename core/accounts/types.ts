/**
 * The accounts records as the API answers them, inferred from their
 * definitions (issue 23: one definition per field). Pure, types only: the
 * web's row and form types come from here, never a hand-written field list.
 * Adding a field to a definition adds it here; a screen that reads more of
 * a reference says what the answer carries for it (`Refs`).
 */
import type { Brief, ContactBrief, FormOf, RowOf } from "../platform/definition.js";
import type { INVOICE_STATES, PO_STATES } from "../workshop/index.js";
import type { part, workItem } from "../workshop/definitions.js";
import type { credit } from "./credit-definitions.js";
import type { invoice } from "./invoice-definitions.js";
import type { payment } from "./payment-definitions.js";
import type { recurringPayment } from "./recurring-payment-definitions.js";
import type { transaction } from "./transaction-definitions.js";
import type { PushAnswer } from "./xero-pushes.js";

/** A Xero push item as GET xero/pushes (and a record's Xero state) answers it: its record type's fields (xero-push.ts), the answer's pick of them. */
export type XeroPushAnswer = PushAnswer;

export type TransactionRecord<Refs extends Partial<Record<string, unknown>> = Record<never, never>> = RowOf<typeof transaction, Refs>;
export type TransactionForm = FormOf<typeof transaction>;
/** An invoice answers its references as ids (their names beside them, `*_detail`). */
export type InvoiceRecord<Refs extends Partial<Record<string, unknown>> = Record<never, never>> = RowOf<typeof invoice, Refs, number>;
export type InvoiceForm = FormOf<typeof invoice>;
/** A payment and a recurring payment as answered; `Refs` says how the answer carries a reference (in brief, with its name). */
export type PaymentRecord<Refs extends Partial<Record<string, unknown>> = Record<never, never>> = RowOf<typeof payment, Refs>;
export type RecurringPaymentRecord<Refs extends Partial<Record<string, unknown>> = Record<never, never>> = RowOf<typeof recurringPayment, Refs>;
/** A credit note answers its references as ids (their names beside them, `*_detail`). */
export type CreditRecord<Refs extends Partial<Record<string, unknown>> = Record<never, never>> = RowOf<typeof credit, Refs, number>;

/** A contact as a work approval row carries it (its name, and whether it is complete enough to invoice). */
type ApprovalContact = (ContactBrief & { partial_contact?: boolean }) | null;
/**
 * A work item as Workshop Expenses and Workshop Invoicing list it (GET work,
 * work-approvals.ts `present`): its fields (references as ids, its work
 * type in brief), its parts, and its job's columns beside them.
 */
export type WorkApprovalRow = RowOf<typeof workItem, { job: number; work_type: Brief<{ name: string; approval_needed: boolean; free_of_charge: boolean }> | null }, number> & {
  parts?: Array<RowOf<typeof part, Record<never, never>, number>>;
  job_last_saved: string | null;
  job_status: string | null;
  job_state: string | null;
  job_approved: boolean;
  workshop_date: string | null;
  registration: string | null;
  department: number | null;
  workshop: ApprovalContact;
  customer: ApprovalContact;
  customer2: ApprovalContact;
  billed_customer: ApprovalContact;
  chargeable_customer_complete: boolean;
  po_state: (typeof PO_STATES)[number];
  invoice_state: (typeof INVOICE_STATES)[number];
  credit: boolean;
  workshop_invoice_number: string | null;
  workshop_invoice_date: string | null;
  job_workshop_payment_date: string | null;
  workshop_credit_note_number: string | null;
  customer_invoice_number: string | null;
  customer2_invoice_number: string | null;
};
