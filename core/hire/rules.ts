import { hireRates } from "../fleet/rules.js";
import { daysInclusive } from "../platform/dates.js";
import { Money, money, pounds, toPence, type Amount } from "../platform/money.js";
import { blank } from "../platform/blank.js";
import { rental } from "./definitions.js";
import { MESSAGES } from "./messages.js";

/**
 * The rental rules of 001 §5 and §9, pure: the server applies them on
 * every save, the screen shows the same figures before sending, and the
 * dashboard reads the stored results. Formulas and the readings chosen
 * where the notes allow two are in docs/rentals.md.
 */

// The rental's choices and messages live in messages.ts (the definition reads them; this module reads the definition's lock flags).
export { APPROVE_AT_ONCE, INVOICE_INTERVALS, MESSAGES, RENTAL_STATUSES, RENTAL_TYPES, type RentalStatus } from "./messages.js";

/** Date fields sent as null when empty (001 §5), the misspelt one included. */
export const RENTAL_DATE_FIELDS = [
  "start_date",
  "finish_date",
  "off_hire_date",
  "insurance_expiry",
  "deposit_paid_date",
  "initial_payment_date",
  "provisional_start_date",
] as const;

/** The fields that must all be filled before the hire contract prints (001 §5). */
export const PRINT_REQUIRED = ["policy_name", "insurer", "policy_number", "insurance_expiry", "ni_number", "licence_number", "licence_held"] as const;

/**
 * An end date before the start date cannot be saved: the message, or null
 * while either date is missing or the two are in order. The screen shows it
 * as soon as both are entered, with no figures for such dates.
 */
export function rentalDatesError(start: string | null | undefined, finish: string | null | undefined): string | null {
  return start && finish && finish < start ? MESSAGES.finishBeforeStart : null;
}

/** Days = |finish - start| in whole days + 1 (both days count); 0 until both dates are set. */
export function rentalDays(start: string | null | undefined, finish: string | null | undefined): number {
  return start && finish ? daysInclusive(start, finish) : 0;
}

export type DayRates = { first_day?: Amount; two_five_days?: Amount; six_twenty_seven_days?: Amount; twenty_eight_plus?: Amount };

/**
 * Short-term total: day 1 at first_day, days 2-5 (at most 4) at
 * two_five_days, days 6-27 (at most 22) at six_twenty_seven_days, day 28 on
 * at twenty_eight_plus, plus additional_cost.
 */
export function shortTermTotal(days: number, rates: DayRates, additionalCost: Amount = 0): number {
  if (days <= 0) return pounds(additionalCost);
  const d1 = Math.min(days, 1);
  const d2 = Math.min(Math.max(days - 1, 0), 4);
  const d6 = Math.min(Math.max(days - 5, 0), 22);
  const d28 = Math.max(days - 27, 0);
  return pounds(
    money(rates.first_day).times(d1)
      .plus(money(rates.two_five_days).times(d2))
      .plus(money(rates.six_twenty_seven_days).times(d6))
      .plus(money(rates.twenty_eight_plus).times(d28))
      .plus(money(additionalCost)),
  );
}

/** Weeks of a long-term hire: days / 7 rounded to the nearest whole week, halves up. */
export function roundedWeeks(days: number): number {
  return Number(money(days).div(7).toDecimalPlaces(0, Money.ROUND_HALF_UP).toFixed(0));
}

/**
 * Long-term total, the first reading of 001 §9: rounded weeks x
 * long_term_weekly + additional_cost (the hire actually booked is charged,
 * not the contracted term; see docs/rentals.md).
 */
export function longTermTotal(days: number, weekly: Amount, additionalCost: Amount = 0): number {
  return pounds(money(weekly).times(roundedWeeks(days)).plus(money(additionalCost)));
}

/** Total mileage over the term = annual allowance x term weeks / 52. */
export function totalMileage(annualAllowance: Amount, termWeeks: Amount): number {
  return Number(money(annualAllowance).times(money(termWeeks)).div(52).toDecimalPlaces(0, Money.ROUND_HALF_UP).toFixed(0));
}

/** Insurance charge = daily insurance x rental days. */
export function insuranceCharge(insuranceDaily: Amount, days: number): number {
  return pounds(money(insuranceDaily).times(days));
}

/** Excess mileage charge = excess miles x charge per mile. */
export function excessMileageCharge(excessMiles: Amount, perMile: Amount): number {
  return pounds(money(excessMiles).times(money(perMile)));
}

/** Off-hire additional charges = new damage + missing fuel + excess mileage charge, to 2 dp. */
export function offHireTotal(newDamage: Amount, missingFuel: Amount, excessCharge: Amount): number {
  return pounds(money(newDamage).plus(money(missingFuel)).plus(money(excessCharge)));
}

/** Agreement rates (001 §9), the same derivation as the vehicle's (core/fleet hireRates). */
export const derivedRates = hireRates;

/** 'WARNING - MILEAGE TOO HIGH': weekly allowance x term + start mileage over the model's limit. */
export function mileageTooHigh(annualAllowance: Amount, termWeeks: Amount, startMileage: Amount, mileageLimit: Amount): boolean {
  if (mileageLimit === null || mileageLimit === undefined || mileageLimit === "" || Number(mileageLimit) <= 0) return false;
  const projected = money(annualAllowance).div(52).times(money(termWeeks)).plus(money(startMileage));
  return projected.gt(money(mileageLimit));
}

/** VAT at 20%: inc-VAT = 1.2 x ex-VAT. */
export function incVat(exVat: Amount): number {
  return pounds(money(exVat).times("1.2"));
}

export type RentalFigures = {
  days: number;
  total: number;
  daily_cost: number;
  total_mileage: number | null;
  weekly_insurance_charge: number;
  insurance_charge: number;
  excess_mileage_charge: number;
  off_hire_total_additional_charges: number;
  weekend: number | null;
  one_week: number | null;
  six_twenty_seven_week: number | null;
};

type RentalInput = DayRates & {
  rental_type?: string | null;
  start_date?: string | null;
  finish_date?: string | null;
  additional_cost?: Amount;
  long_term_weekly?: Amount;
  cost_override?: boolean | null;
  total?: Amount;
  term?: Amount;
  mileage_allowance?: Amount;
  insurance_daily?: Amount;
  off_hire_excess_mileage?: Amount;
  excess_mileage_charge_per_mile?: Amount;
  off_hire_new_damage?: Amount;
  off_hire_missing_fuel?: Amount;
};

/**
 * Every figure the server stores on a save. With cost_override the total
 * the user typed is kept; otherwise it is the ST or LT total.
 */
export function rentalFigures(r: RentalInput): RentalFigures {
  const days = rentalDays(r.start_date, r.finish_date);
  const computed = r.rental_type === "LT" ? longTermTotal(days, r.long_term_weekly, r.additional_cost) : shortTermTotal(days, r, r.additional_cost);
  const total = r.cost_override ? pounds(r.total) : computed;
  const excess = excessMileageCharge(r.off_hire_excess_mileage, r.excess_mileage_charge_per_mile);
  return {
    days,
    total,
    daily_cost: days > 0 ? pounds(money(total).div(days)) : 0,
    total_mileage: r.rental_type === "LT" && r.mileage_allowance != null && r.term != null ? totalMileage(r.mileage_allowance, r.term) : null,
    weekly_insurance_charge: pounds(money(r.insurance_daily).times(7)),
    insurance_charge: insuranceCharge(r.insurance_daily, days),
    excess_mileage_charge: excess,
    off_hire_total_additional_charges: offHireTotal(r.off_hire_new_damage, r.off_hire_missing_fuel, excess),
    ...derivedRates(r),
  };
}

/**
 * The save rules of a rental (001 §5 and the long-term section of §2.3),
 * with the field each failure belongs to; null when it passes. The server
 * refuses with the first message, the screen shows it before sending.
 */
export function rentalRuleResult(r: {
  start_date?: string | null;
  finish_date?: string | null;
  rental_type?: string | null;
  term?: unknown;
  mileage_allowance?: unknown;
  invoice_interval?: string | null;
  start_mileage?: unknown;
  deposit?: unknown;
  deposit_paid_date?: string | null;
  initial_payment?: unknown;
  initial_payment_date?: string | null;
}): { message: string; errors: Record<string, string> } | null {
  const errors: Record<string, string> = {};
  const none = (v: unknown) => v === null || v === undefined || v === "";
  // The form's required inputs (001 §5), enforced here too, in the form's order.
  if (!r.start_date) errors.start_date = MESSAGES.startRequired;
  if (!r.finish_date) errors.finish_date = MESSAGES.endRequired;
  if (none(r.start_mileage)) errors.start_mileage = MESSAGES.startMileageRequired;
  if (none(r.deposit)) errors.deposit = MESSAGES.depositRequired;
  if (!r.deposit_paid_date) errors.deposit_paid_date = MESSAGES.depositPaidDateRequired;
  if (none(r.initial_payment)) errors.initial_payment = MESSAGES.initialPaymentRequired;
  if (!r.initial_payment_date) errors.initial_payment_date = MESSAGES.initialPaymentDateRequired;
  const dates = rentalDatesError(r.start_date, r.finish_date);
  if (dates) errors.finish_date = dates;
  if (r.rental_type === "LT") {
    if (none(r.term)) errors.term = MESSAGES.ltTermRequired;
    if (none(r.mileage_allowance)) errors.mileage_allowance = MESSAGES.ltAllowanceRequired;
  } else if (r.invoice_interval && r.invoice_interval !== "NONE") errors.invoice_interval = MESSAGES.intervalOnlyLt;
  const first = Object.values(errors)[0];
  return first ? { message: first, errors } : null;
}

/** Every print-required field is filled (001 §5). */
export function canPrint(r: Record<string, unknown>): boolean {
  return PRINT_REQUIRED.every((f) => r[f] !== null && r[f] !== undefined && String(r[f]).trim() !== "");
}

export type FinanceForRate = {
  finance_type?: string | null;
  monthly_payment?: Amount;
  daily_rate?: Amount;
  sp_monthly_interest_charge?: Amount;
  finance_early_settlement_date?: string | null;
};

/** The latest agreement with no early-settlement date (001 §9), or null. */
export function latestUnsettled<T extends FinanceForRate>(agreements: T[] | null | undefined): T | null {
  const open = (agreements ?? []).filter((a) => !a.finance_early_settlement_date && a.finance_type && a.finance_type !== "NONE");
  return open.length ? open[open.length - 1] : null;
}

/** The agreement's cost to the business per week. */
export function weeklyFinanceCost(a: FinanceForRate): Money | null {
  switch (a.finance_type) {
    case "HIRE_AGREEMENT":
      // A hire agreement is charged by the day: its 7-day rate.
      return a.daily_rate == null ? null : money(a.daily_rate).times(7);
    case "STOCKING_PLAN":
      return a.sp_monthly_interest_charge == null ? null : money(a.sp_monthly_interest_charge).times(12).div(52);
    default:
      return a.monthly_payment == null ? null : money(a.monthly_payment).times(12).div(52);
  }
}

/**
 * Suggested long-term weekly rate (001 §9): the week's costs (finance,
 * running cost per mile of the make for the week's share of the annual
 * allowance, the type's fixed hire costs per week) marked up by the margin
 * percent. Null ('Unable To Calculate Rate') without an open agreement or
 * a margin.
 */
export function suggestedWeeklyRate(input: {
  marginPercent: Amount;
  maintenanceCostPerMile: Amount;
  additionalDepreciationPerMile: Amount;
  fixedHireCosts: Amount;
  annualMileageAllowance: Amount;
  agreement: FinanceForRate | null;
}): number | null {
  if (!input.agreement || input.marginPercent === null || input.marginPercent === undefined || input.marginPercent === "") return null;
  const finance = weeklyFinanceCost(input.agreement);
  if (finance === null) return null;
  const perMile = money(input.maintenanceCostPerMile).plus(money(input.additionalDepreciationPerMile));
  const weeklyMiles = money(input.annualMileageAllowance).div(52);
  const cost = finance.plus(perMile.times(weeklyMiles)).plus(money(input.fixedHireCosts));
  return pounds(cost.times(new Money(100).plus(money(input.marginPercent))).div(100));
}

/** Two rentals' dates meet (both ends inclusive; an open end runs on). */
export function datesOverlap(a: { start_date: string; finish_date: string | null }, b: { start_date: string; finish_date: string | null }): boolean {
  const END = "9999-12-31";
  return a.start_date <= (b.finish_date ?? END) && b.start_date <= (a.finish_date ?? END);
}

/**
 * Rentals running through more calendar months than this are listed once,
 * by finish date, in the long list instead of once per month, so no save
 * writes more than a few list entries however long the hire
 * (docs/data-model.md §5.1).
 */
export const SHORT_RENTAL_MONTHS = 3;

/** The calendar months (YYYY-MM) from start's to end's, both included. */
export function monthsFromTo(start: string, end: string): string[] {
  const out: string[] = [];
  let [y, m] = start.split("-").map(Number);
  const [ey, em] = end.split("-").map(Number);
  while (y < ey || (y === ey && m <= em)) {
    out.push(`${y}-${String(m).padStart(2, "0")}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** Open-ended, or running through more than SHORT_RENTAL_MONTHS calendar months. */
export function isLongRental(start: string, finish: string | null | undefined): boolean {
  if (!finish || finish < start) return true;
  const [sy, sm] = start.split("-").map(Number);
  const [fy, fm] = finish.split("-").map(Number);
  return (fy - sy) * 12 + (fm - sm) + 1 > SHORT_RENTAL_MONTHS;
}

/** The month lists a rental is kept in: every month it runs through when short, none when long or undated. */
export function monthsSpanned(start: string | null | undefined, finish: string | null | undefined): string[] {
  if (!start || isLongRental(start, finish)) return [];
  return monthsFromTo(start, finish!);
}

/**
 * A rental's weekly amount in whole pence (the records' total_weekly):
 * long term its weekly rate; short term its total spread over its weeks
 * (total / days x 7), rounded to the penny per rental.
 */
export function weeklyPence(r: { rental_type?: string | null; long_term_weekly?: Amount; total?: Amount; days?: number | null }): number {
  if (r.rental_type === "LT") return toPence(r.long_term_weekly);
  return r.days ? toPence(money(r.total).div(r.days).times(7)) : 0;
}

/**
 * The totals a customer's or a vehicle's rental record shows (total_cost,
 * total_weekly), kept as maintained sums in each rental's own save, so the
 * record pages 5 or 10 rentals at a time whatever the history.
 */
export function rentalRecordTotals(r: { vehicle?: number | null; customer?: number | null; rental_type?: string | null; long_term_weekly?: Amount; total?: Amount; days?: number | null }) {
  const owners = [r.vehicle ? `vehicle#${r.vehicle}` : null, r.customer ? `customer#${r.customer}` : null].filter((o): o is string => o !== null);
  return owners.flatMap((o) => [
    { facet: `totals#${o}`, value: "total", amount: toPence(r.total) },
    { facet: `totals#${o}`, value: "weekly", amount: weeklyPence(r) },
  ]);
}


/** The rental form's Off Hire section (001 §2, §3 off-hire fields), in screen order. */
export const OFF_HIRE_FIELDS = [
  "off_hire_date",
  "off_hire_mileage",
  "off_hire_excess_mileage",
  "off_hire_new_damage",
  "off_hire_missing_fuel",
  "off_hire_ad_blue_charge",
  "off_hire_insurance_completed",
  "off_hire_tracker_completed",
] as const;

type ApprovalInput = { id: number; status?: string | null; off_hire_date?: string | null; approved?: boolean | null };

/**
 * Why one rental cannot be approved (PUT rental/approve), or null: the hire
 * must be a confirmed one, be over (its off-hire date entered) and not be
 * approved already.
 */
export function approvalRefusal(r: ApprovalInput): { field: string; message: string } | null {
  if (r.approved) return { field: "approved", message: MESSAGES.alreadyApproved };
  if (r.status !== "CONFIRMED") return { field: "status", message: MESSAGES.approveOnlyConfirmed };
  if (!r.off_hire_date) return { field: "off_hire_date", message: MESSAGES.offHireDateRequired };
  return null;
}

/**
 * The approval rules over every rental sent, all or nothing: null when each
 * passes; otherwise the first refusal as the message (naming its rental
 * when several are sent) and every refusal keyed `<position>.<field>`.
 */
export function approvalRuleResult(rentals: ApprovalInput[]): { message: string; errors: Record<string, string> } | null {
  if (!rentals.length) return { message: MESSAGES.approveNoneSent, errors: { body: MESSAGES.approveNoneSent } };
  const errors: Record<string, string> = {};
  let message: string | null = null;
  rentals.forEach((r, i) => {
    const refused = approvalRefusal(r);
    if (!refused) return;
    errors[`${i}.${refused.field}`] = refused.message;
    message ??= rentals.length > 1 ? `Rental ${r.id}: ${refused.message}` : refused.message;
  });
  return message ? { message, errors } : null;
}

/** Two values of a locked field are the same (an amount however written, a box left empty as not ticked). */
function sameValue(a: unknown, b: unknown): boolean {
  if (blank(a) && blank(b)) return true;
  if (typeof a === "boolean" || typeof b === "boolean") return Boolean(a) === Boolean(b);
  if (typeof a === "number" && typeof b === "number") return money(a).eq(money(b));
  return String(a) === String(b);
}

const OFF_HIRE_KEPT: ReadonlySet<string> = new Set(rental.lockedWhenApproved);

/**
 * A save of an approved rental changing its off-hire details (the fields
 * its definition flags `lockedWhenApproved`) is refused (null when it
 * changes none, or the rental is not approved). `sent` holds the locked
 * fields the save carries, parsed; a field left out is unchanged.
 */
export function offHireLockResult(stored: Record<string, unknown>, sent: Record<string, unknown>): { message: string; errors: Record<string, string> } | null {
  if (!stored.approved) return null;
  const errors: Record<string, string> = {};
  for (const f of Object.keys(sent)) if (OFF_HIRE_KEPT.has(f) && sent[f] !== undefined && !sameValue(stored[f], sent[f])) errors[f] = MESSAGES.offHireLocked;
  return Object.keys(errors).length ? { message: MESSAGES.offHireLocked, errors } : null;
}

/**
 * Fleet utilisation of a period as a percentage to one decimal place
 * (issue 27): vehicle-days on hire / vehicle-days on fleet x 100; null
 * when there was no fleet. Not money, so plain numbers (whole days).
 */
export function utilisationPercent(hireDays: number, fleetDays: number): number | null {
  if (!fleetDays) return null;
  return Math.round((hireDays * 1000) / fleetDays) / 10;
}
