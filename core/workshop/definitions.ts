import * as z from "zod";
import { answerExtras, defineFields } from "../platform/definition.js";
import { isoDate, text } from "../platform/fields.js";
import { trackingOptionValue } from "../settings/tracking-option.js";
import type { LineLocks } from "./rules.js";

/**
 * The workshop's records (002 §3), each field declared once (docs/decisions.md
 * "One definition per record type"): job.ts parses with these schemas, the
 * job card draws and checks its fields with `fieldsFrom`, quotes and part
 * orders take `part` for their parts. Labels are the screens' labels.
 * Fields marked derived are the server's (costs.ts, rules.ts): stored and
 * answered, never trusted from a client (a figure is kept only under
 * cost_override). Required messages of 002 §5 are checked by rules.ts
 * (one combined message), so no field here carries one.
 */

export const JOB_STATUSES = ["IN_PROGRESS", "RETURNED_FROM_WORKSHOP", "READY_FOR_COLLECTION", "COLLECTED"] as const;
export const DEFECT_STATUSES = ["DRIVEABLE", "NOT_DRIVEABLE"] as const;

/** A person as recorded on an approval or a defect ({first_name, last_name}). */
export const personSchema = z.strictObject({ first_name: text(100), last_name: text(100) }).nullable().optional();

/** A tracking option as held on a line: `{id, name, category}`, or its bare id (settings' `trackingOptionValue`). */
export const trackingOptionSchema = trackingOptionValue;

/** The vehicle's inspection an approval completes: its new dates (002 §3 inspection). */
export const jobInspectionSchema = z
  .strictObject({ id: z.number().int().positive().max(1e12).nullable().optional(), new_completed_date: isoDate(), new_expiry_date: isoDate() })
  .nullable()
  .optional();

const STATUS_MESSAGE = `Status must be one of ${JOB_STATUSES.join(", ")}`;

export const job = defineFields({
  vehicle: { label: "Vehicle", kind: "ref" },
  customer: { label: "Customer", kind: "ref" },
  customer2: { label: "Customer 2", kind: "ref" },
  workshop: { label: "Workshop", kind: "ref" },
  department: { label: "Department", kind: "ref" },
  fitter: { label: "Fitter", kind: "ref" },
  status: { label: "Job status", kind: "choice", options: JOB_STATUSES, message: STATUS_MESSAGE, upperCase: true },
  approved: { server: true, label: "Approved", kind: "boolean" }, // set by POST jobs/approve
  approving_user: { server: true, label: "Approver", kind: "object", schema: personSchema }, // set by POST jobs/approve
  approved_date: { server: true, label: "Approved date", kind: "date" }, // set by POST jobs/approve
  quote: { label: "Quote", kind: "ref" },
  book_in_date: { label: "Booked In Date", kind: "date" },
  workshop_date: { label: "Workshop Date", kind: "date" },
  finish_date: { label: "Finish Date", kind: "date" },
  // Drop-off and collection ETAs: a date and time as typed ("2030-03-04T09:30"), printed on the check-in sheet.
  drop_off_eta: { label: "Drop Off ETA", kind: "text", max: 50 },
  collection_eta: { label: "Collection ETA", kind: "text", max: 50 },
  job_description: { label: "Job Description", kind: "textarea", max: 4000 },
  history: { label: "History", kind: "textarea", max: 4000 },
  mileage: { label: "Mileage", kind: "mileage" },
  expected_mileage: { label: "Expected Mileage", kind: "mileage" },
  customer_invoice_number: { label: "Customer Invoice Number", kind: "text", max: 100 },
  customer2_invoice_number: { label: "Customer 2 Invoice Number", kind: "text", max: 100 },
  workshop_invoice_number: { label: "Workshop Invoice Number", kind: "text", max: 100 },
  workshop_invoice_date: { label: "Workshop Invoice Date", kind: "date" },
  workshop_invoice_payment_date: { label: "Workshop Invoice Payment Date", kind: "date" },
  workshop_credit_note_number: { label: "Workshop Credit Note Number", kind: "text", max: 100 },
  vehicle_arrived: { label: "Vehicle Arrived", kind: "boolean" },
  wash_needed: { label: "Wash Needed", kind: "boolean" },
  wash_complete: { label: "Wash Complete", kind: "boolean" },
  is_defect: { label: "Defect", kind: "boolean" },
  is_enquiry: { label: "Part Enquiry", kind: "boolean" },
  custom_label_1: { label: "Custom Label 1", kind: "text", max: 100 },
  custom_value_1: { label: "Custom Value 1", kind: "text", max: 200 },
  custom_label_2: { label: "Custom Label 2", kind: "text", max: 100 },
  custom_value_2: { label: "Custom Value 2", kind: "text", max: 200 },
  custom_label_3: { label: "Custom Label 3", kind: "text", max: 100 },
  custom_value_3: { label: "Custom Value 3", kind: "text", max: 200 },
  inspection: { label: "Inspection", kind: "object", schema: jobInspectionSchema },
  customer_vehicle: { label: "Customer Vehicle", kind: "boolean" },
  parts_markup: { label: "Parts Markup (%)", kind: "markup" },
  // Defect (002 §3)
  defect_status: { label: "Defect Status", kind: "choice", options: DEFECT_STATUSES, message: "Defect status must be DRIVEABLE or NOT_DRIVEABLE", upperCase: true },
  location_of_van: { label: "Location Of Van", kind: "text", max: 200 },
  defect_department: { label: "Defect Department", kind: "text", max: 100 },
  defect_driver_name: { label: "Driver Name", kind: "text", max: 100 },
  defect_driver_number: { label: "Driver Number", kind: "text", max: 50 },
  defect_creator: { server: true, label: "Defect Creator", kind: "object", schema: personSchema }, // set by POST createdefect
  defect_creator_email: { server: true, label: "Defect Creator E-mail", kind: "text", max: 200 }, // set by POST createdefect (My Defects)
  defect_description: { label: "Defect Description", kind: "textarea", max: 4000 },
  // Part enquiry (002 §3)
  enquiry_registration: { label: "Registration", kind: "text", max: 20 },
  enquiry_make: { label: "Make", kind: "text", max: 100 },
  enquiry_model: { label: "Model", kind: "text", max: 100 },
  enquiry_description: { label: "Enquiry Description", kind: "textarea", max: 4000 },
  // The enquiry's part order (W12), set by POST createpartenquiry.
  part_order: { server: true, label: "Part Order", kind: "ref" },
  // Derived (the server's): state for the lists, the latest comment, the summary box's totals.
  jstate: { server: true, label: "State", kind: "text", max: 20 },
  latest_comment: { server: true, label: "Comments", kind: "textarea", max: 4000 },
  estimated_labour_cost_total: { server: true, label: "Estimated labour cost", kind: "money", signed: true },
  estimated_labour_charge_total: { server: true, label: "Estimated labour charge", kind: "money", signed: true },
  labour_cost_total: { server: true, label: "Labour cost", kind: "money", signed: true },
  labour_charge_total: { server: true, label: "Labour charge", kind: "money", signed: true },
  estimated_parts_cost_total: { server: true, label: "Estimated parts cost", kind: "money", signed: true },
  estimated_parts_charge_total: { server: true, label: "Estimated parts charge", kind: "money", signed: true },
  parts_cost_total: { server: true, label: "Parts cost", kind: "money", signed: true },
  parts_charge_total: { server: true, label: "Parts charge", kind: "money", signed: true },
  total_cost: { server: true, label: "Total cost", kind: "money", signed: true },
  total_charge: { server: true, label: "Total charge", kind: "money", signed: true },
  customer2_estimated_labour_charge_total: { server: true, label: "Customer 2 estimated labour charge", kind: "money", signed: true },
  customer2_labour_charge_total: { server: true, label: "Customer 2 labour charge", kind: "money", signed: true },
  customer2_estimated_parts_charge_total: { server: true, label: "Customer 2 estimated parts charge", kind: "money", signed: true },
  customer2_parts_charge_total: { server: true, label: "Customer 2 parts charge", kind: "money", signed: true },
});

/**
 * What a job's answer carries besides its fields (the mileage warning, the
 * count of its images, what is left to do once ready for collection, a
 * line's parts as sent back): declared once, a save drops their `names`.
 */
export const jobExtras = answerExtras({ mileage_warning: "boolean", image_count: "number", after_ready: "object", parts: "object" });

/** The job fields only the server writes (`server: true` above: approval, defect creator, part order, state, latest comment, the summary box's totals worked out by costs.ts on every save): a save's values for them are ignored. */
export const JOB_DERIVED = job.serverFields;

/**
 * A work item of a job (002 §3 Work item, job side); its parts are `part`
 * lines. `lockedWhenApproved`: what an item approved for invoicing may no
 * longer change (002 §4; its key, completion, invoice comments and the work
 * type's flags still may), refused by rules.ts `lockRules` and drawn
 * read-only by the work item card (web/src/workshop/WorkItems.tsx).
 * `lockedInMovement`: what an item belonging to a movement may not change
 * (002 §4; its hours, override, completion and work type), refused by the
 * same lockRules and drawn read-only by the same card.
 */
export const workItem = defineFields({
  key: { label: "Key", kind: "text", max: 100 },
  description: { default: "", lockedWhenApproved: true, label: "Description", kind: "textarea", max: 2000 },
  chargeable: { lockedMoney: true, lockedWhenApproved: true, label: "Charge Customer 2", kind: "boolean" },
  labour_hours: { lockedInMovement: true, lockedMoney: true, default: 0, lockedWhenApproved: true, label: "Labour Hours", kind: "number", signed: true, max: 10_000 },
  labour_cost: { lockedMoney: true, default: 0, lockedWhenApproved: true, label: "Labour Cost", kind: "money", signed: true },
  customer_labour_cost: { lockedMoney: true, default: 0, lockedWhenApproved: true, label: "Customer Labour Cost", kind: "money", signed: true },
  labour_cost_vat: { lockedMoney: true, lockedWhenApproved: true, label: "Labour VAT", kind: "text", max: 100 },
  estimated_labour_hours: { lockedMoney: true, default: 0, lockedWhenApproved: true, label: "Estimated Labour Hours", kind: "number", signed: true, max: 10_000 },
  estimated_labour_cost: { lockedMoney: true, default: 0, lockedWhenApproved: true, label: "Estimated Labour Cost", kind: "money", signed: true },
  estimated_customer_labour_cost: { lockedMoney: true, default: 0, lockedWhenApproved: true, label: "Estimated Customer Labour Cost", kind: "money", signed: true },
  cost_override: { lockedInMovement: true, lockedMoney: true, lockedWhenApproved: true, label: "Override Cost", kind: "boolean" },
  complete: { lockedInMovement: true, label: "Complete", kind: "boolean" },
  work_type: { lockedInMovement: true, lockedMoney: true, lockedWhenApproved: true, label: "Workshop Expense Charge Type", kind: "ref" },
  approval_received: { lockedWhenApproved: true, label: "Approval Received", kind: "boolean" },
  supplier_tracking_option: { lockedWhenApproved: true, label: "Supplier Tracking Option", kind: "object", schema: trackingOptionSchema },
  customer_tracking_option: { lockedWhenApproved: true, label: "Customer Tracking Option", kind: "object", schema: trackingOptionSchema },
  quote: { lockedWhenApproved: true, label: "Quote", kind: "ref" },
  added_after_quote: { lockedWhenApproved: true, label: "Added After Quote", kind: "boolean" },
  estimate_matches_job: { server: true, label: "Estimate Matches Job", kind: "boolean" }, // derived
  job: { server: true, label: "Job", kind: "ref" }, // derived: the job it belongs to
  invoice_approved: { server: true, label: "Invoice Approved", kind: "boolean" }, // set by invoicing (003)
  po_approved: { server: true, label: "PO Approved", kind: "boolean" }, // set by expenses approval (003)
  invoice_comments: { label: "Invoice Comments", kind: "textarea", max: 2000 },
  movement: { server: true, label: "Movement", kind: "ref" }, // set by movements
  // Workshop expenses and invoicing (003 §3 Work item, invoicing row): approvals set by PUT work/readytoapprove and work/approve.
  ready_to_approve: { server: true, label: "Ready To Approve", kind: "boolean" },
  po_approver: { server: true, label: "PO Approver", kind: "object", schema: personSchema },
  po_approved_date: { server: true, label: "PO Approved Date", kind: "date" },
  invoice_approver: { server: true, label: "Invoice Approver", kind: "object", schema: personSchema },
  invoice_approved_date: { server: true, label: "Invoice Approved Date", kind: "date" },
  // What the customer is charged for the item's parts, net and VAT, recorded by the invoicing approval (work-lines.ts `partsCharge`).
  invoiced_parts_charge: { server: true, label: "Invoiced Parts Charge", kind: "money", signed: true },
  invoiced_parts_vat: { server: true, label: "Invoiced Parts VAT", kind: "money", signed: true },
  supplier_nominal_code: { lockedWhenApproved: true, label: "Supplier Nominal Code", kind: "ref" },
  customer_nominal_code: { lockedWhenApproved: true, label: "Customer Nominal Code", kind: "ref" },
  approval_needed: { label: "Approval Needed", kind: "boolean" }, // derived: the work type's flag (work-lines.ts)
  free_of_charge: { label: "Free Of Charge", kind: "boolean" }, // derived: the work type's flag (work-lines.ts)
});

/**
 * A part (002 §3 Part, job or quote side; part orders' lines too). On a
 * job it belongs to a work item (`work`, derived from where it is sent).
 * `lockedWhenApproved`: what an approved part may no longer change (its
 * supplier tracking option, 002 §4; its nominal code, 002 §5).
 */
export const part = defineFields({
  key: { label: "Key", kind: "text", max: 100 },
  name: { default: "", label: "Name", kind: "text", max: 300 },
  part_number: { default: "", label: "Part Number", kind: "text", max: 100 },
  supplier: { lockedMoney: true, label: "Supplier", kind: "ref" },
  cost: { lockedMoney: true, default: 0, label: "Actual Cost", kind: "money", signed: true },
  customer_cost: { lockedMoney: true, default: 0, label: "Actual Charge", kind: "money", signed: true },
  estimated_cost: { lockedMoney: true, label: "Estimated Cost", kind: "money", signed: true },
  estimated_customer_cost: { lockedMoney: true, label: "Estimated Charge", kind: "money", signed: true },
  cost_vat: { lockedMoney: true, label: "VAT Rate", kind: "text", max: 100 },
  cost_override: { lockedMoney: true, label: "Override Cost", kind: "boolean" },
  from_stock: { label: "Stock Accrual", kind: "boolean" },
  to_be_ordered: { default: true, label: "To Be Ordered", kind: "boolean" },
  backorder: { label: "Backorder", kind: "boolean" },
  backorder_expected_date: { label: "Backorder Date", kind: "date" },
  date_ordered: { label: "Date Ordered", kind: "date" },
  part_invoice_number: { label: "Invoice No", kind: "text", max: 100 },
  invoice_date: { label: "Invoice Date", kind: "date" },
  payment_date: { label: "Payment Date", kind: "date" },
  payment_type: { label: "Payment Type", kind: "ref" },
  supplier_nominal_code: { lockedWhenApproved: true, label: "Nominal Code", kind: "ref" },
  comments: { label: "Comments", kind: "textarea", max: 2000 },
  approved: { server: true, label: "Approved", kind: "boolean" }, // set by parts approval
  approver: { server: true, label: "Approver", kind: "object", schema: personSchema }, // set by parts approval
  supplier_tracking_option: { lockedWhenApproved: true, label: "Part Expense Tracking Option", kind: "object", schema: trackingOptionSchema },
  customer_tracking_option: { label: "Workshop Invoicing Tracking Option", kind: "object", schema: trackingOptionSchema },
  quote: { label: "Quote", kind: "ref" },
  created_from_lookup: { label: "Created From Lookup", kind: "ref" },
  part: { label: "Job Card Part", kind: "ref" },
  work: { lockedMoney: true, server: true, label: "Work Item", kind: "ref" }, // derived on a job: the work item it belongs to
  due_date: { label: "Due Date", kind: "date" }, // derived at save: payment date, else invoice date + the supplier's terms (part-lines.ts)
  customer_nominal_code: { label: "Customer Nominal Code", kind: "ref" }, // workshop invoicing (003 §5 'All parts need a nominal code')
});

/** Fields the accounts screens own on a work item (003, `server: true` above): a job save keeps the stored values. */
export const WORK_SERVER_FIELDS = workItem.serverFields;
/** Fields the parts approval owns on a part (`server: true` above): a job save keeps the stored values. */
export const PART_SERVER_FIELDS = part.serverFields;

/** What lockRules (rules.ts) holds a job's lines to: the work item's server fields, the fields each line's own approval locks and those a movement locks, all from the flags above. */
export const LINE_LOCKS: LineLocks = { serverFields: WORK_SERVER_FIELDS, work: workItem.lockedWhenApproved, part: part.lockedWhenApproved, movement: workItem.lockedInMovement };

/** A comment on a job or quote (002 §3 Comment): creator and time are the server's. */
export const comment = defineFields({
  key: { label: "Key", kind: "text", max: 100 },
  text: { label: "Comment", kind: "textarea", max: 4000 },
  created: { label: "Date Created", kind: "text", max: 40 }, // set by the server (ISO time)
  creator: { label: "Creator", kind: "text", max: 200 }, // set by the server (e-mail)
  creator_name: { label: "Creator", kind: "text", max: 200 }, // set by the server
});
