import { rental } from "../../../core/hire/definitions";
import { OFF_HIRE_FIELDS, rentalDatesError } from "../../../core/hire/rules";
import { fieldsFrom, recordOptions, type FieldDef, type SelectOption } from "../platform/form";
import { trackingOptionSource } from "../settings/trackingOptions";

/**
 * The rental edit screen's fields by section (001 §2.3, §3), in the spec's
 * order. Label, kind, required message and bounds come from the rental's
 * definition (core/hire/definitions.ts); only what the screen alone knows
 * (options, the dates' live check) is added here.
 */

const choice = (value: string, label: string): SelectOption => ({ value, label, apiValue: value });

/** Every field of the rental as the screen enters it. */
const DEFINED = fieldsFrom(rental, {
  status: { options: [choice("QUOTE", "Quote"), choice("CONFIRMED", "Confirmed"), choice("NOT REQUIRED", "Not Required")] },
  // Shown as soon as both dates are in, not only on Save (the server's own rule).
  finish_date: { check: (finish, values) => rentalDatesError(String(values.start_date || ""), String(finish || "")) ?? undefined, checkAsTyped: true },
  department: { options: recordOptions("departments", (r) => r.name) },
  tracking_option: { options: trackingOptionSource() },
  rental_type: { options: [choice("ST", "Short term"), choice("LT", "Long term")] },
  invoice_interval: { options: ["NONE", "WEEKLY", "MONTHLY"].map((v) => choice(v, v[0] + v.slice(1).toLowerCase())) },
  margin: { options: recordOptions("rentalmargin", (r) => `${r.name} (${r.margin}%)`) },
});

type RentalField = (typeof rental.fields)[number]["name"];
const pick = (...names: RentalField[]): FieldDef[] => names.map((n) => DEFINED.find((f) => f.name === n)!);

export const BOOKING = pick("start_date", "finish_date", "department", "tracking_option", "rental_type");

export const VEHICLE = pick("start_mileage");

export const SHORT_TERM = pick("first_day", "two_five_days", "six_twenty_seven_days", "twenty_eight_plus", "additional_cost", "cost_override", "total");

export const LONG_TERM = pick("term", "mileage_allowance", "long_term_weekly", "additional_cost", "description", "provisional_start_date", "invoice_interval", "cost_override", "total");

export const INSURANCE = pick("insurer", "policy_name", "policy_number", "insurance_expiry", "insurance_daily");

export const LICENCE = pick("licence_number", "licence_held", "ni_number", "contact_number");

export const RATES = pick("margin", "delivery_charge", "excess_mileage_charge_per_mile", "excess_mileage_cost", "early_return_penalty_per_week", "comments");

export const DEPOSIT = pick("deposit", "deposit_paid_date", "initial_payment", "initial_payment_date");

export const OFF_HIRE = pick(...OFF_HIRE_FIELDS);

/**
 * Every field the form holds and sends (each once; the ST and LT sections
 * share total, additional cost and override): the sections and the fields
 * the screen draws itself (status, vehicle, hirer, payer, on-hire checks).
 * The derived figures are the server's, shown but never sent.
 */
export function allFields(): FieldDef[] {
  const seen = new Set<string>();
  const out: FieldDef[] = [];
  for (const f of [
    ...pick("status", "vehicle", "customer", "payer", "on_hire_insurance_completed", "on_hire_tracker_completed"),
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
