/**
 * Accounts (003): payments and recurring payments, invoices and credit
 * notes, balances. Other areas import from here.
 */
export { PAYMENT_TYPES, DEFAULT_PAYMENT_COST_CENTRE } from "./payment-definitions.js";
export { Payment } from "./payment.js";
export { Payments } from "./payments.js";
export { RecurringPayment } from "./recurring-payment.js";
export { RecurringPayments } from "./recurring-payments.js";

// The invoice and credit note records and their services (issue 13): their own files.
export * from "./invoice-definitions.js";
export { Invoice, invoiceFields, expandInvoices, checkInvoice, sourceOf, type InvoiceFields } from "./invoice.js";
export { Invoices, invoiceBatch, raiseOrderInvoice, type Approver, type InvoiceListQuery } from "./invoices.js";
export * from "./credit-definitions.js";
export { Credit, creditFields, type CreditFields } from "./credit.js";
export { Credits, creditBatch, creditSources, type Credited, type CreditListQuery } from "./credits.js";
export { balancesOf, hasOverduePayment, openingOf, withBalance, type Balance } from "./balances.js";
export { WorkApprovals } from "./work-approvals.js";
