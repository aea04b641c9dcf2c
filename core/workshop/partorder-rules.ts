import { pounds, sum, type Amount } from "../platform/money.js";
import { incVat } from "./costs.js";
import { blank } from "../platform/blank.js";

/**
 * Part orders (002 §2 "Part orders", §4, §5, §8, §9): pure rules with the
 * spec's messages. The server runs them on every save (400 {message,
 * errors}); the part order screen runs the same functions before sending.
 */

export const PART_ORDER_STATUSES = ["ENQUIRY", "ORDER", "QUOTE", "COMPLETE"] as const;
export type PartOrderStatus = (typeof PART_ORDER_STATUSES)[number];

/** The list's views (002 §2) and the status each shows; ORDERS is where the list opens. */
export const PART_ORDER_VIEWS = { ORDERS: "ORDER", QUOTES: "QUOTE", COMPLETE: "COMPLETE", ENQUIRY: "ENQUIRY" } as const satisfies Record<string, PartOrderStatus>;
export type PartOrderView = keyof typeof PART_ORDER_VIEWS;
export const DEFAULT_PART_ORDER_VIEW: PartOrderView = "ORDERS";

/** 002 §4, §9: a new part order is an ORDER of the parts direct department (id 3). */
export const NEW_PART_ORDER_DEPARTMENT = 3;
/** 002 §5 Part order: line defaults. */
export const PART_LINE_DEFAULTS = { cost_vat: "20", to_be_ordered: true } as const;
/** 002 §9: figures count orders in these states. */
export const COUNTED_STATUSES: readonly PartOrderStatus[] = ["ORDER", "COMPLETE"];

export const PART_ORDER_MESSAGES = {
  // 002 §5 Part order
  vehicleInformation: "Customer Vehicle information is required",
  vehicleRegistration: "Customer Vehicle Registration is required",
  trackingOptions: "Tracking Options on parts are required",
  enquiryDescription: "Description are required",
  // 002 §8 error catalogue
  load: "There was an error getting part order data",
  remove: "There was an error deleting that part order",
  complete: "There was an error completing that part order",
  save: "There was an error saving",
  // Ours (the spec shows none): docs/workshop.md "Part orders".
  deleteComplete: "A completed part order cannot be deleted",
  completeFrom: "Only a part order with status ORDER can be completed",
  completeTracking: "Choose a tracking option to complete the part order",
  completedLocked: "A completed part order cannot be changed",
  completeByButton: "A part order is completed with the Complete button",
} as const;

type Rec = Record<string, any>;
export type RuleResult = { message: string; title?: string; errors: Record<string, string> } | null;

const hasOption = (v: unknown) => !!v && typeof v === "object" && typeof (v as Rec).id === "number";

/**
 * The save rules of 002 §5 Part order, in the screen's order: the customer
 * vehicle's registration, then both tracking options on every part.
 */
export function partOrderSaveRules(order: Rec): RuleResult {
  if (blank(order.customer_vehicle))
    return { title: PART_ORDER_MESSAGES.vehicleInformation, message: PART_ORDER_MESSAGES.vehicleInformation, errors: { customer_vehicle: PART_ORDER_MESSAGES.vehicleRegistration } };
  const errors: Record<string, string> = {};
  ((order.parts ?? []) as Rec[]).forEach((p, i) => {
    if (!hasOption(p?.supplier_tracking_option)) errors[`parts.${i}.supplier_tracking_option`] = PART_ORDER_MESSAGES.trackingOptions;
    if (!hasOption(p?.customer_tracking_option)) errors[`parts.${i}.customer_tracking_option`] = PART_ORDER_MESSAGES.trackingOptions;
  });
  if (Object.keys(errors).length) return { message: PART_ORDER_MESSAGES.trackingOptions, errors };
  return null;
}

/** 002 §5 Part enquiry: a description is required. */
export function partEnquiryRules(body: Rec): RuleResult {
  if (blank(body.description)) return { message: PART_ORDER_MESSAGES.enquiryDescription, errors: { description: PART_ORDER_MESSAGES.enquiryDescription } };
  return null;
}

/** 002 §4: Complete only from ORDER, with a tracking option chosen in its dialog. */
export function completionRules(status: unknown, trackingOption: unknown): RuleResult {
  if (status !== "ORDER") return { message: PART_ORDER_MESSAGES.completeFrom, errors: { status: PART_ORDER_MESSAGES.completeFrom } };
  if (!hasOption(trackingOption)) return { message: PART_ORDER_MESSAGES.completeTracking, errors: { tracking_option: PART_ORDER_MESSAGES.completeTracking } };
  return null;
}

/** What the screen offers in each state (002 §2 Part orders). */
export const partOrderButtons = (status: unknown, saved: boolean) => ({
  copyContact: status === "ORDER",
  searchParts: status !== "ENQUIRY",
  complete: saved && status === "ORDER",
  printOrder: saved && (status === "ORDER" || status === "COMPLETE"),
  printQuote: saved && (status === "ORDER" || status === "COMPLETE" || status === "QUOTE"),
  statusLocked: status === "COMPLETE",
  formLocked: status === "COMPLETE",
});

export type PartOrderTotals = { total_part_cost: number; total_part_customer_charge: number; total_part_customer_charge_inc_vat: number };

/**
 * The parts section's totals (002 §2, §9): the parts' cost, their customer
 * charge, and that charge with VAT at 20% (multiplier 1.2), 2 dp.
 */
export function partOrderTotals(parts: Rec[] | null | undefined): PartOrderTotals {
  const lines = parts ?? [];
  const cost = sum(...lines.map((p) => p?.cost as Amount));
  const charge = sum(...lines.map((p) => p?.customer_cost as Amount));
  return { total_part_cost: pounds(cost), total_part_customer_charge: pounds(charge), total_part_customer_charge_inc_vat: incVat(charge) };
}

/** A part line as the server stores it: the spec's order-line names (invoice_number, backorder_date) read as the workshop part's. */
export function orderLineIn(p: Rec): Rec {
  const out: Rec = { ...p };
  if (out.invoice_number !== undefined) {
    if (out.part_invoice_number === undefined) out.part_invoice_number = out.invoice_number;
    delete out.invoice_number;
  }
  if (out.backorder_date !== undefined) {
    if (out.backorder_expected_date === undefined) out.backorder_expected_date = out.backorder_date;
    delete out.backorder_date;
  }
  return out;
}

/** A part line as answered: the workshop part's fields and the spec's order-line names beside them. */
export function orderLineOut(p: Rec): Rec {
  return { ...p, invoice_number: p.part_invoice_number ?? null, backorder_date: p.backorder_expected_date ?? null };
}

