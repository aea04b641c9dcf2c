export * from "./rules.js";
export * from "./costs.js";
export * from "./definitions.js";
export { Job, JobLines, jobMemberships, nestLines } from "./job.js";
export { Quote, QuoteLines } from "./quote.js";
export { PartOrder, PartOrderLines } from "./partorder.js";
export { INVOICE_STATES, PO_STATES, billedCustomer, invoiceState, isCredit, partsCharge, poState, workItemChargePence } from "./work-lines.js";
export * from "./offers.js";
