import { answerExtras, defineFields } from "../platform/definition.js";
import { personSchema } from "./definitions.js";
import { QUOTE_MESSAGES, QUOTE_STATES, QUOTE_TYPES } from "./quote-rules.js";
import { CUSTOMER_DECISIONS, approvalLinkSchema, customerAnswerSchema } from "./quote-approval-rules.js";

/**
 * The quote of 002 §3 and its estimated work items, every field declared
 * once (docs/decisions.md "One definition per record type"): quote.ts
 * parses with these schemas, the quote editor draws its fields from them.
 * Parts and comments are the workshop's own (definitions.ts), shared with
 * the job card.
 */


export const quote = defineFields({
  vehicle: { label: "Vehicle", kind: "ref", required: QUOTE_MESSAGES.vehicle },
  customer: { label: "Customer", kind: "ref", required: QUOTE_MESSAGES.customer },
  customer2: { label: "Customer 2", kind: "ref" },
  department: { label: "Department", kind: "ref", required: QUOTE_MESSAGES.department },
  quote_type: { default: "NONE", label: "Quote Type", kind: "choice", options: QUOTE_TYPES, message: `Quote Type must be one of ${QUOTE_TYPES.join(", ")}`, upperCase: true },
  // Required (002 §5), checked by quotePreSave after the department, vehicle, customer, parts and work types, as the editor does.
  description: { label: "Quote Description", kind: "textarea", max: 4000 },
  provisional_start_date: { label: "Provisional Start Date", kind: "date", required: QUOTE_MESSAGES.provisionalStartDate },
  date_created: { server: true, label: "Quote Created Date", kind: "date" }, // set by the server on create
  customer_invoice_number: { label: "Customer 1 Invoice Number", kind: "text", max: 100 },
  customer2_invoice_number: { label: "Customer 2 Invoice Number", kind: "text", max: 100 },
  priced: { label: "Priced", kind: "boolean" },
  customer_vehicle: { label: "Customer vehicle", kind: "boolean" },
  job_description: { label: "Job description", kind: "textarea", max: 4000 },
  enquiry_description: { label: "Enquiry description", kind: "textarea", max: 4000 },
  parts_markup: { label: "Parts markup (%)", kind: "markup" },
  // Approved for invoicing (POST quotes/approve): the server's, never entered.
  approved: { server: true, label: "Approved for invoicing", kind: "boolean" },
  approving_user: { server: true, label: "Approver", kind: "object", schema: personSchema },
  approved_date: { server: true, label: "Approved date", kind: "date" },
  // The defect or enquiry job the quote was made from (POST defectquote / enquiryquote).
  source_job: { server: true, label: "From job", kind: "ref" },
  // Derived on every save (quote.ts): the state and the names its lists and search are keyed by.
  qstate: { server: true, label: "State", kind: "choice", options: QUOTE_STATES, message: "Unknown quote state" },
  registration: { server: true, label: "Registration", kind: "text", max: 40 },
  customer_name: { server: true, label: "Customer name", kind: "text", max: 300 },
  customer2_name: { server: true, label: "Customer 2 name", kind: "text", max: 300 },
  // The customer's approval from a link (issue 26, docs/quote-approval.md): the latest link, the answer and its marker.
  approval_link: { server: true, label: "Approval link", kind: "object", schema: approvalLinkSchema },
  customer_answer: { server: true, label: "Customer's answer", kind: "object", schema: customerAnswerSchema },
  customer_decision: { server: true, label: "Customer answer", kind: "choice", options: CUSTOMER_DECISIONS, message: "Unknown customer answer" },
});

/** Quote fields the server sets: a save may send them back, they are never taken from it. */
export const QUOTE_SERVER_FIELDS = quote.serverFields;

/** What a quote answers besides its fields (list fields, colours, warnings, the blank quote's defaults): a save may send them back, they are dropped. */
export const quoteExtras = answerExtras({
  latest_comment: "text",
  zero_estimate: "boolean",
  earliest_workshop_date: "date",
  not_started_work_items: "number",
  has_jobs: "boolean",
  ready_for_approval: "boolean",
  has_finished_and_not_started_jobs: "boolean",
  has_started_job: "boolean",
  row_colour: "text",
  default_labour_estimate_rate: "number",
  default_parts_markup: "number",
});
export const QUOTE_OUTPUT = quoteExtras.names;

/**
 * An estimated work item (002 §3, quote side) without its parts (each
 * part is the workshop's part, definitions.ts). `job` and `work` link it
 * to the job card and work item made from it (POST createquotejob): the
 * server's, never taken from a save.
 */
export const estimatedWorkItem = defineFields({
  key: { label: "Key", kind: "text", max: 100 },
  description: { label: "Description", kind: "textarea", max: 2000 },
  chargeable: { label: "Charge Customer 2", kind: "boolean" },
  added_after_quote: { label: "Added after quote", kind: "boolean" },
  work_type: { label: "Work Type", kind: "ref" },
  estimated_labour_hours: { label: "Estimated Labour Hours", kind: "number", max: 10_000 },
  estimated_labour_cost: { label: "Estimated Labour Cost", kind: "money" },
  estimated_customer_labour_cost: { label: "Estimated Labour Charge", kind: "money" },
  cost_override: { label: "Override Cost", kind: "boolean" },
  job: { server: true, label: "Job", kind: "ref" },
  work: { server: true, label: "Job work item", kind: "ref" },
  // A createquotejob under way holds the item (quotes.ts): its token and when it began.
  job_pending: { server: true, label: "Job card being created", kind: "text", max: 100 },
});

/**
 * What an item answers besides its stored fields: mirrors of the job it is
 * linked to, computed on every read (never stored, so never stale), and
 * its readiness and card colour.
 */
export const estimatedItemExtras = answerExtras({
  quote: "number",
  workshop: "object",
  job_status: "text",
  job_approved: "boolean",
  approval_received: "boolean",
  job_workshop_invoice_number: "text",
  estimate_matches_job: "boolean",
  labour_hours: "number",
  labour_cost: "number",
  customer_labour_cost: "number",
  ready_for_invoicing: "boolean",
  card_colour: "text",
});
export const ESTIMATED_ITEM_OUTPUT = estimatedItemExtras.names;

/** Item fields only the server sets. */
export const ESTIMATED_ITEM_SERVER_FIELDS = estimatedWorkItem.serverFields;
