import { MESSAGES, rentalDatesError } from "../../../core/hire/rules";
import { recordOptions, type FieldDef, type OptionsSource, type SelectOption } from "../platform/form";

/** The rental edit screen's fields by section (001 §2.3, §3), in the spec's order. */

const m = (name: string, label: string, required?: string): FieldDef => ({ name, label, kind: "money", required });
const d = (name: string, label: string, required?: string): FieldDef => ({ name, label, kind: "date", required });
const t = (name: string, label: string): FieldDef => ({ name, label, kind: "text" });

export const trackingOptions: OptionsSource = {
  queryKey: ["trackingcategory", "list", { page_size: 1000 }],
  path: "trackingcategory",
  query: { page_size: 1000 },
  toOptions: (data: { results: Array<{ name: string; options: Array<{ id: number; name: string; status?: string }> | null }> }) =>
    data.results.flatMap((c) => (c.options ?? []).filter((o) => o.status !== "DELETED").map((o): SelectOption => ({ value: String(o.id), label: `${c.name}: ${o.name}`, apiValue: o.id }))),
};

export const BOOKING: FieldDef[] = [
  d("start_date", "Start date", MESSAGES.startRequired),
  // Shown as soon as both dates are in, not only on Save (the server's own rule).
  { ...d("finish_date", "End date", MESSAGES.endRequired), check: (finish, values) => rentalDatesError(String(values.start_date || ""), String(finish || "")) ?? undefined, checkAsTyped: true },
  { name: "department", label: "Department", kind: "select", options: recordOptions("departments", (r) => r.name) },
  { name: "tracking_option", label: "Tracking option", kind: "select", options: trackingOptions },
  {
    name: "rental_type",
    label: "Rental type",
    kind: "select",
    options: [
      { value: "ST", label: "Short term", apiValue: "ST" },
      { value: "LT", label: "Long term", apiValue: "LT" },
    ],
  },
];

export const VEHICLE: FieldDef[] = [{ name: "start_mileage", label: "Start mileage", kind: "integer", required: MESSAGES.startMileageRequired }];

export const SHORT_TERM: FieldDef[] = [
  m("first_day", "1 day"),
  m("two_five_days", "2-5 days (per day)"),
  m("six_twenty_seven_days", "6-27 days (per day)"),
  m("twenty_eight_plus", "28+ days (per day)"),
  m("additional_cost", "Additional cost"),
  { name: "cost_override", label: "Override the total", kind: "boolean" },
  m("total", "Total"),
];

export const LONG_TERM: FieldDef[] = [
  { name: "term", label: "Term (weeks)", kind: "integer" },
  { name: "mileage_allowance", label: "Annual mileage allowance", kind: "integer" },
  m("long_term_weekly", "Long term weekly"),
  m("additional_cost", "Additional cost"),
  { name: "description", label: "Description", kind: "textarea" },
  d("provisional_start_date", "Provisional start date"),
  {
    name: "invoice_interval",
    label: "Invoice interval",
    kind: "select",
    options: ["NONE", "WEEKLY", "MONTHLY"].map((v) => ({ value: v, label: v[0] + v.slice(1).toLowerCase(), apiValue: v })),
  },
  { name: "cost_override", label: "Override the total", kind: "boolean" },
  m("total", "Total"),
];

export const INSURANCE: FieldDef[] = [
  t("insurer", "Insurer"),
  t("policy_name", "Policy name"),
  t("policy_number", "Policy number"),
  d("insurance_expiry", "Insurance expiry"),
  m("insurance_daily", "Daily insurance charge"),
];

export const LICENCE: FieldDef[] = [
  t("licence_number", "Licence number"),
  { name: "licence_held", label: "Licence held (years)", kind: "number" },
  t("ni_number", "NI number"),
  t("contact_number", "Contact number"),
];

export const RATES: FieldDef[] = [
  { name: "margin", label: "Margin", kind: "select", options: recordOptions("rentalmargin", (r) => `${r.name} (${r.margin}%)`) },
  m("delivery_charge", "Delivery charge"),
  m("excess_mileage_charge_per_mile", "Excess mileage charge per mile"),
  m("excess_mileage_cost", "Excess mileage cost"),
  m("early_return_penalty_per_week", "Early return penalty per week"),
  { name: "comments", label: "Comments", kind: "textarea" },
];

export const DEPOSIT: FieldDef[] = [
  m("deposit", "Deposit", MESSAGES.depositRequired),
  d("deposit_paid_date", "Deposit paid date", MESSAGES.depositPaidDateRequired),
  m("initial_payment", "Initial payment", MESSAGES.initialPaymentRequired),
  d("initial_payment_date", "Initial payment date", MESSAGES.initialPaymentDateRequired),
];

export const OFF_HIRE: FieldDef[] = [
  d("off_hire_date", "Off-hire date"),
  { name: "off_hire_mileage", label: "Off-hire mileage", kind: "integer" },
  { name: "off_hire_excess_mileage", label: "Excess mileage", kind: "integer" },
  m("off_hire_new_damage", "New damage"),
  m("off_hire_missing_fuel", "Missing fuel"),
  m("off_hire_ad_blue_charge", "AdBlue charge"),
  { name: "off_hire_insurance_completed", label: "Off-hire insurance", kind: "boolean" },
  { name: "off_hire_tracker_completed", label: "Off-hire tracker", kind: "boolean" },
];

/** Every field the form holds (each once; the ST and LT sections share total, additional cost and override). */
export function allFields(): FieldDef[] {
  const seen = new Set<string>();
  const out: FieldDef[] = [];
  for (const f of [
    { name: "status", label: "Status", kind: "text" } as FieldDef,
    { name: "vehicle", label: "Vehicle", kind: "select" } as FieldDef,
    { name: "customer", label: "Hirer", kind: "select" } as FieldDef,
    { name: "payer", label: "Payer", kind: "select" } as FieldDef,
    { name: "on_hire_insurance_completed", label: "On-hire insurance", kind: "boolean" } as FieldDef,
    { name: "on_hire_tracker_completed", label: "On-hire tracker", kind: "boolean" } as FieldDef,
    ...BOOKING,
    ...VEHICLE,
    ...SHORT_TERM,
    ...LONG_TERM,
    ...INSURANCE,
    ...LICENCE,
    ...RATES,
    ...DEPOSIT,
    ...OFF_HIRE,
  ]) {
    if (seen.has(f.name)) continue;
    seen.add(f.name);
    out.push(f);
  }
  return out;
}
