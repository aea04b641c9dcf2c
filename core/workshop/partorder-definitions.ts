import * as z from "zod";
import { answerExtras, defineFields } from "../platform/definition.js";
import { text } from "../platform/fields.js";
import { part, trackingOptionSchema } from "./definitions.js";
import { PART_ORDER_STATUSES } from "./partorder-rules.js";

/**
 * The part order of 002 §3, every field declared once (docs/decisions.md
 * "One definition per record type"): partorder.ts parses with this schema,
 * the part order screen draws its fields from it. Its parts are the
 * workshop's part (definitions.ts `part`): a part order's parts are the
 * same lines as a job's and a quote's (Parts Expenses lists them all).
 */

/** Who made the order (an enquiry's creator): the name staff see, and the e-mail the creator column filter keys by. */
export const creatorSchema = z.strictObject({ name: text(200), email: text(200) }).nullable().optional();

export const partOrder = defineFields({
  status: { label: "Status", kind: "choice", options: PART_ORDER_STATUSES, message: `Status must be one of ${PART_ORDER_STATUSES.join(", ")}`, upperCase: true },
  customer: { label: "Customer", kind: "ref" },
  delivery_address: { label: "Delivery Address", kind: "textarea", max: 1000 },
  delivery_contact_email: { label: "Delivery Email", kind: "text", max: 200 },
  delivery_phone: { label: "Delivery Phone", kind: "text", max: 50 },
  // 002 §5: required on save ('Customer Vehicle Registration is required'), checked by partOrderSaveRules.
  customer_vehicle: { label: "Customer Vehicle Registration", kind: "text", max: 20 },
  customer_vehicle_vin: { label: "Vehicle VIN", kind: "text", max: 40 },
  // A part enquiry's make and model (002 §2 Part enquiry form), kept on its order so the order shows them (issue 24 item 12).
  customer_vehicle_make: { label: "Vehicle Make", kind: "text", max: 100 },
  customer_vehicle_model: { label: "Vehicle Model", kind: "text", max: 100 },
  order_number: { label: "Order Number", kind: "text", max: 100 },
  department: { label: "Department", kind: "ref" },
  description: { label: "Description", kind: "textarea", max: 4000 },
  // The server's: set on create, on completion, by the accounts' payment.
  date_created: { server: true, label: "Date Created", kind: "date" },
  date_paid: { server: true, label: "Date Paid", kind: "date" },
  date_completed: { server: true, label: "Date Completed", kind: "date" },
  creator: { server: true, label: "Enquiry Creator", kind: "object", schema: creatorSchema },
  // The tracking option chosen in the completion dialog (POST partorderapprove).
  tracking_option: { server: true, label: "Tracking Option", kind: "object", schema: trackingOptionSchema },
  // The part enquiry's job (W12), set by POST createpartenquiry.
  job: { server: true, label: "Enquiry Job", kind: "ref" },
  // Derived on every save (partorder.ts): the parts' totals and the name the list's search and columns read.
  total_part_cost: { server: true, label: "Total Cost", kind: "money", signed: true },
  total_part_customer_charge: { server: true, label: "Total Customer Charge", kind: "money", signed: true },
  total_part_customer_charge_inc_vat: { server: true, label: "Total Charge Inc. VAT", kind: "money", signed: true },
  customer_name: { server: true, label: "Customer name", kind: "text", max: 300 },
});

/** Part order fields only the server sets: a save may send them back, they are never taken from it. */
export const PART_ORDER_SERVER_FIELDS = partOrder.serverFields;

/** What a part order's answer carries besides its fields (the list's search text): a save drops it. */
export const partOrderExtras = answerExtras({ search_text: "text" });

/** A line of the order (002 §3 Order part line): the workshop's part. */
export const orderPart = part;
