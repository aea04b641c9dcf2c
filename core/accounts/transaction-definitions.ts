import * as z from "zod";
import { answerExtras, defineFields } from "../platform/definition.js";
import { text } from "../platform/fields.js";

/**
 * The income and expense transaction of 003 §3, every field declared once
 * (docs/decisions.md "One definition per record type"):
 * core/accounts/transaction.ts parses with its schema, web/src/accounts/
 * transactions draws the add panel and the table from it. Pure (zod only).
 */

export const TRANSACTION_TYPES = ["IN", "OUT"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** 003 §3 Transaction frequency of a repeating transaction. */
export const FREQUENCIES = ["WEEKLY", "MONTHLY"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** The seven customer account codes of a contact (003 §3 Contact), as a transaction names which one it uses. */
export const CUSTOMER_ACCOUNTS = ["WORKSHOP", "DEPOSIT", "HIRE", "SALE", "LOAN", "PART", "COURT"] as const;

export const TRANSACTION_MESSAGES = {
  /** 003 §5 Transactions, verbatim. */
  nominalRequired: "Transaction Nominal Code is required",
  fullContact: "Contact must be a full contact",
  invoiceDateNumber: "You must specify an invoice date and invoice number before approving!",
  approveNone: "You cannot approve 0 transactions",
  descriptionAmount: "You must specify a Description and Amount!",
  dateDescriptionAmount: "You must specify an Invoice Date, Description and Amount!",
  selectedVatMismatch: "Selected Vat and Nominal Vat do not match",
  enteredVatMismatch: "Vat entered does not match nominal vat",
  /** 003 §8. */
  saveFailed: "There was an error saving a transaction",
  // Ours (003 §4 names the states, not the wording).
  approvedLocked: "This transaction is approved and can no longer be changed",
  approvedNoDelete: "This transaction is approved and cannot be deleted",
  notApprovedNoCredit: "Only an approved transaction can be credited",
  alreadyApproved: "This transaction is already approved",
  templateNotApproved: "A repeating transaction is not approved itself: approve the transactions it creates",
  frequencyRequired: "Choose how often it repeats (WEEKLY or MONTHLY)",
  typeChoice: "Type must be IN or OUT",
  typeFixed: "A transaction's type cannot be changed: delete it and add it on the other page",
  repeatingFixed: "A transaction cannot become repeating or stop repeating: add a new one instead",
  frequencyChoice: "Frequency must be WEEKLY or MONTHLY",
  accountChoice: "Customer account must be one of WORKSHOP, DEPOSIT, HIRE, SALE, LOAN, PART, COURT",
  // The settings' reference check of a tracking option answers this (core/settings/accounting.ts TRACKING_OPTION_UNKNOWN).
  trackingUnknown: "That tracking option does not exist",
} as const;

/** The approver as recorded ({first_name, last_name}). */
export const approverSchema = z.strictObject({ first_name: text(100), last_name: text(100) }).nullable().optional();

export const transaction = defineFields({
  type: { label: "Type", kind: "choice", options: TRANSACTION_TYPES, message: TRANSACTION_MESSAGES.typeChoice, upperCase: true },
  date: { label: "Date", kind: "date" },
  description: { label: "Description", kind: "text", max: 500 },
  contact: { label: "Contact", kind: "ref" },
  department: { label: "Department", kind: "ref" },
  cost_centre: { label: "Cost centre", kind: "ref" },
  // Ours, beyond 003: the fleet vehicle the income or expense is booked to (its profit line: docs/finance.md, docs/accounts.md).
  vehicle: { label: "Vehicle", kind: "ref" },
  category: { label: "Category", kind: "text", max: 100 },
  tracking_option: { label: "Tracking option", kind: "ref" },
  payment_type: { label: "Payment type", kind: "text", max: 50 },
  customer_account: { label: "Customer account", kind: "choice", options: CUSTOMER_ACCOUNTS, message: TRANSACTION_MESSAGES.accountChoice, upperCase: true },
  nominal_code: { label: "Nominal code", kind: "ref" },
  amount: { label: "Amount", kind: "money" },
  vat: { label: "VAT", kind: "money" },
  invoice_date: { label: "Invoice date", kind: "date" },
  invoice_number: { label: "Invoice number", kind: "text", max: 50 },
  invoice_amount: { label: "Invoice amount", kind: "money" },
  invoice_vat: { label: "Invoice VAT %", kind: "percent" },
  comments: { label: "Comments", kind: "textarea", max: 2000 },
  repeating: { label: "Repeating", kind: "boolean" },
  frequency: { label: "Frequency", kind: "choice", options: FREQUENCIES, message: TRANSACTION_MESSAGES.frequencyChoice, upperCase: true },
  // The server's: set by approval, by the scheduled run and by every save, never sent by a client.
  approved: { server: true, label: "Approved", kind: "boolean" },
  approver: { server: true, label: "Approver", kind: "object", schema: approverSchema },
  invoice_total: { server: true, label: "Invoice total", kind: "money" },
  template: { server: true, label: "Repeating transaction", kind: "ref" },
  next_date: { server: true, label: "Next date", kind: "date" },
  occurs: { server: true, label: "Occurrence of", kind: "date" },
});

/** Fields a save never takes from the client (the server sets them). */
export const TRANSACTION_SERVER_FIELDS = transaction.serverFields;

/** What a transaction's answer carries besides its fields (who made it, its VAT warnings, the list's search terms): a save drops them. */
export const transactionExtras = answerExtras({ creator: "text", vat_warnings: "object", search_terms: "object" });
