import { addDays, addMonths, daysBetween, monthOf } from "../platform/dates.js";
import { Money as D } from "../platform/money.js";
import { blank } from "../platform/blank.js";
import { agreementExtras } from "./definitions.js";

/**
 * The figures derived from a finance agreement (000 §3 "derived values
 * computed on load", §9 vehicle remaining capital). The spec gives no
 * formulas: these are the standard ones, written out with a worked example
 * per finance type in docs/finance.md. Computed here once and used by the
 * API (GET vehicles/{id}, financeagreements), the vehicle screen and the
 * finance reports alike.
 *
 * Arithmetic is the money module's decimal (decimal.js, 40 significant
 * digits, with the fractional powers the formulas need); figures are
 * rounded to pence (half up) only when they leave this module.
 */
type Dec = InstanceType<typeof D>;

export type AgreementLike = Record<string, any>;

export type FinanceFigures = {
  /** What is still to be paid under the agreement (instalments and balloon not yet due, or capital plus interest still to accrue). */
  remaining_balance: number;
  /** The part of the remaining balance that is interest. */
  hp_remaining_interest: number;
  /** Remaining balance minus remaining interest; 0 once early settled (000 §9). */
  remaining_capital: number;
  /** What settling today would cost over the capital (see docs/finance.md). */
  early_settlement_charges: number;
  /** Book value today: purchase price depreciated daily from depreciation_start_date. */
  estimated_value: number;
  /** Instalments (and balloon) falling due in the current calendar month. */
  this_months_payment: number;
  /** Annual interest rate, percent: the APR implied by the payments (Fixed Rate, Lease), the rate entered (Variable Rate), the yearly rate (Stocking Plan). */
  hp_interest_rate: number;
  /** Book value on the internal sale date; null without one. */
  internal_sale_price: number | null;
  /** Interest over the whole agreement. */
  total_interest: number;
  /** Flat rate, percent a year: total interest / amount borrowed / years. Null without a term. */
  flat_rate: number | null;
  /** Instalments due so far, of how many. */
  payments_made: number;
  payment_term: number;
};

/** Rounded to pence, half up, as a JSON number. */
const pence = (d: Dec): number => Number(d.toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2));
const dec = (v: unknown): Dec => (blank(v) || !Number.isFinite(Number(v)) ? new D(0) : new D(String(v)));
const date = (v: unknown): string | null => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);
const ZERO = new D(0);

/** Days a settlement figure carries beyond today: 28 days' deferral plus 30 days' notice (Consumer Credit (Early Settlement) Regulations 2004). */
export const SETTLEMENT_INTEREST_DAYS = 58;
export const DAYS_IN_YEAR = 365;

/** The purchase price: vehicle + addons when given, else the stored purchase price. */
export function purchasePriceOf(a: AgreementLike): Dec {
  if (!blank(a.vehicle_purchase_price) || !blank(a.addons_purchase_price)) return dec(a.vehicle_purchase_price).plus(dec(a.addons_purchase_price));
  return dec(a.purchase_price);
}

/** Amount borrowed: the stored figure, else purchase price - deposit. */
export function amountBorrowedOf(a: AgreementLike): Dec {
  if (!blank(a.finance_amount_borrowed)) return dec(a.finance_amount_borrowed);
  return purchasePriceOf(a).minus(dec(a.deposit_amount));
}

/**
 * Book value on a date: price x (1 - rate)^(days / 365), days counted from
 * depreciation_start_date; the annual rate compounds daily, so a year of
 * 365 days takes exactly the annual rate off. Before the start date (or
 * with no start date) the value is the price.
 */
export function bookValue(a: AgreementLike, on: string): Dec {
  const price = purchasePriceOf(a);
  const start = date(a.depreciation_start_date);
  const rate = dec(a.annual_depreciation_rate).div(100);
  if (!start || rate.lte(0)) return price;
  if (rate.gte(1)) return on > start ? ZERO : price;
  const days = Math.max(0, daysBetween(start, on));
  return price.times(new D(1).minus(rate).pow(new D(days).div(DAYS_IN_YEAR)));
}

/**
 * Instalment due dates: monthly from one month after finance_start_date,
 * `payment_term` of them. A month whose due date falls inside the freeze
 * (freeze_start_date..freeze_end_date) is a payment holiday: no instalment
 * and no interest that month, and the schedule runs a month longer.
 */
export function instalmentDates(a: AgreementLike): string[] {
  const start = date(a.finance_start_date);
  const n = Math.max(0, Math.floor(Number(a.payment_term) || 0));
  if (!start || n === 0) return [];
  const fs = date(a.freeze_start_date);
  const fe = date(a.freeze_end_date);
  const out: string[] = [];
  for (let j = 1; out.length < n && j <= n + 240; j++) {
    const due = addMonths(start, j);
    if (fs && fe && due >= fs && due <= fe) continue;
    out.push(due);
  }
  return out;
}

/** When the balloon falls due: its own date, else with the last instalment. */
function balloonDate(a: AgreementLike, dates: string[]): string | null {
  return date(a.balloon_payment_date) ?? dates[dates.length - 1] ?? null;
}

/**
 * The monthly rate r at which the instalments and balloon repay the amount
 * borrowed: P = M (1 - (1+r)^-n) / r + B (1+r)^-n (annuity with balloon).
 * Zero when the payments do not exceed the amount borrowed. Bisection to
 * far below a penny.
 */
export function impliedMonthlyRate(borrowed: Dec, monthly: Dec, n: number, balloon: Dec): Dec {
  if (n <= 0 || monthly.lte(0) || monthly.times(n).plus(balloon).lte(borrowed)) return ZERO;
  const presentValue = (r: Dec) => {
    const v = new D(1).plus(r).pow(-n);
    return monthly.times(new D(1).minus(v)).div(r).plus(balloon.times(v));
  };
  let lo = new D("1e-12");
  let hi = new D(1);
  while (presentValue(hi).gt(borrowed)) hi = hi.times(2);
  for (let i = 0; i < 160; i++) {
    const mid = lo.plus(hi).div(2);
    if (presentValue(mid).gt(borrowed)) lo = mid;
    else hi = mid;
  }
  return lo.plus(hi).div(2);
}

/** APR, percent: the monthly rate compounded over twelve months. */
export function aprOf(monthlyRate: Dec): Dec {
  return new D(1).plus(monthlyRate).pow(12).minus(1).times(100);
}

/** Capital still owed after k instalments of an annuity at monthly rate r. */
function annuityCapital(borrowed: Dec, monthly: Dec, r: Dec, k: number): Dec {
  if (r.eq(0)) return borrowed.minus(monthly.times(k));
  const g = new D(1).plus(r).pow(k);
  return borrowed.times(g).minus(monthly.times(g.minus(1)).div(r));
}

type Core = {
  remainingBalance: Dec;
  remainingInterest: Dec;
  settlementCharges: Dec;
  thisMonth: Dec;
  rate: Dec;
  totalInterest: Dec;
  flat: Dec | null;
  made: number;
  term: number;
};
const NOTHING: Core = { remainingBalance: ZERO, remainingInterest: ZERO, settlementCharges: ZERO, thisMonth: ZERO, rate: ZERO, totalInterest: ZERO, flat: null, made: 0, term: 0 };

const inMonth = (d: string | null, month: { start: string; end: string }) => !!d && d >= month.start && d <= month.end;
const flatRate = (interest: Dec, borrowed: Dec, n: number): Dec | null => (n > 0 && borrowed.gt(0) ? interest.div(borrowed).div(new D(n).div(12)).times(100) : null);

/**
 * Fixed Rate (REGULAR) hire purchase and Lease Agreement: fixed monthly
 * instalments and an optional balloon; the rate is the one they imply.
 */
function fixedRate(a: AgreementLike, today: string): Core {
  const P = amountBorrowedOf(a);
  const M = dec(a.monthly_payment);
  const B = dec(a.balloon_payment);
  const dates = instalmentDates(a);
  const n = dates.length;
  if (n === 0) return NOTHING;
  const r = impliedMonthlyRate(P, M, n, B);
  const k = dates.filter((d) => d <= today).length;
  const bDate = balloonDate(a, dates);
  const balloonPaid = !!bDate && bDate <= today;
  const remainingBalance = M.times(n - k).plus(balloonPaid ? ZERO : B);
  const totalInterest = D.max(ZERO, M.times(n).plus(B).minus(P));
  let capital = r.eq(0) ? remainingBalance : annuityCapital(P, M, r, k);
  if (balloonPaid) capital = D.max(ZERO, capital.minus(B));
  capital = D.min(capital, remainingBalance);
  const month = monthOf(today);
  const thisMonth = M.times(dates.filter((d) => inMonth(d, month)).length).plus(inMonth(bDate, month) ? B : ZERO);
  return {
    remainingBalance,
    remainingInterest: remainingBalance.minus(capital),
    settlementCharges: capital.times(r.times(12)).times(SETTLEMENT_INTEREST_DAYS).div(DAYS_IN_YEAR),
    thisMonth,
    rate: aprOf(r),
    totalInterest,
    flat: flatRate(totalInterest, P, n),
    made: k,
    term: n,
  };
}

/**
 * Variable Rate (FIXED_MONTHLY_CAPITAL): a fixed capital instalment each
 * month (monthly_payment; (amount borrowed - balloon) / term when empty)
 * plus interest at the current annual rate (hp_interest_rate, entered by
 * staff as it changes) on the capital outstanding during that month.
 */
function variableRate(a: AgreementLike, today: string): Core {
  const P = amountBorrowedOf(a);
  const B = dec(a.balloon_payment);
  const dates = instalmentDates(a);
  const n = dates.length;
  if (n === 0) return { ...NOTHING, rate: dec(a.hp_interest_rate) };
  const c = dec(a.monthly_payment).gt(0) ? dec(a.monthly_payment) : P.minus(B).div(n);
  const i = dec(a.hp_interest_rate).div(100);
  const owedBefore = (j: number) => D.max(ZERO, P.minus(c.times(j - 1))); // capital outstanding during instalment j's month
  const interestOf = (j: number) => owedBefore(j).times(i).div(12);
  const k = dates.filter((d) => d <= today).length;
  let totalInterest = ZERO;
  let remainingInterest = ZERO;
  for (let j = 1; j <= n; j++) {
    totalInterest = totalInterest.plus(interestOf(j));
    if (j > k) remainingInterest = remainingInterest.plus(interestOf(j));
  }
  const bDate = balloonDate(a, dates);
  const balloonPaid = !!bDate && bDate <= today;
  let capital = D.max(ZERO, P.minus(c.times(k)));
  if (balloonPaid) capital = D.max(ZERO, capital.minus(B));
  const month = monthOf(today);
  let thisMonth = inMonth(bDate, month) ? B : ZERO;
  dates.forEach((d, idx) => {
    if (inMonth(d, month)) thisMonth = thisMonth.plus(c).plus(interestOf(idx + 1));
  });
  return {
    remainingBalance: capital.plus(remainingInterest),
    remainingInterest,
    settlementCharges: capital.times(i).times(SETTLEMENT_INTEREST_DAYS).div(DAYS_IN_YEAR),
    thisMonth,
    rate: i.times(100),
    totalInterest,
    flat: flatRate(totalInterest, P, n),
    made: k,
    term: n,
  };
}

/** Monthly dates from `start` to `end` inclusive. */
function monthlyDates(start: string | null, end: string | null): string[] {
  if (!start) return [];
  const out: string[] = [];
  for (let j = 0; j < 600; j++) {
    const d = addMonths(start, j);
    if (end ? d > end : j > 0) break;
    out.push(d);
  }
  return out;
}

/**
 * The stocking plan's capital schedule: sp_capital_percentage of the amount
 * borrowed on each monthly date from sp_capital_repayment_start to
 * sp_capital_repayment_end, the last one clearing what is left; any
 * capital still owed on the sold date is repaid that day.
 */
export function stockingCapitalSchedule(a: AgreementLike): Array<{ date: string; amount: Dec }> {
  const P = amountBorrowedOf(a);
  const dates = monthlyDates(date(a.sp_capital_repayment_start), date(a.sp_capital_repayment_end) ?? date(a.sp_capital_repayment_start));
  const pct = dec(a.sp_capital_percentage);
  const out: Array<{ date: string; amount: Dec }> = [];
  let left = P;
  const sold = date(a.sold_date);
  dates.forEach((d, idx) => {
    if (left.lte(0) || (sold && d > sold)) return;
    const last = idx === dates.length - 1;
    const amount = last || pct.lte(0) ? (last ? left : ZERO) : D.min(left, P.times(pct).div(100));
    if (amount.gt(0)) out.push({ date: d, amount });
    left = left.minus(amount);
  });
  if (sold && left.gt(0)) out.push({ date: sold, amount: left });
  return out;
}

/**
 * Stocking plan: interest accrues daily (365-day year) at the yearly rate
 * on the capital outstanding, from sp_interest_accrual_start (else
 * sp_start_date, else finance_start_date); it is paid monthly on the dates
 * from sp_interest_repayment_start_date to sp_interest_repayment_end_date,
 * each paying what accrued since the last, and what accrues after the last
 * interest date is paid with the final capital repayment.
 */
function stockingPlan(a: AgreementLike, today: string): Core {
  const P = amountBorrowedOf(a);
  const yearly = dec(blank(a.sp_yearly_interest_rate) ? dec(a.sp_monthly_interest_rate).times(12) : a.sp_yearly_interest_rate);
  const y = yearly.div(100);
  const accrualStart = date(a.sp_interest_accrual_start) ?? date(a.sp_start_date) ?? date(a.finance_start_date);
  const capitalPlan = stockingCapitalSchedule(a);
  const owedOn = (d: string) => capitalPlan.reduce((left, p) => (p.date <= d ? left.minus(p.amount) : left), P);
  const end = capitalPlan.length && owedOn(capitalPlan[capitalPlan.length - 1].date).lte(0) ? capitalPlan[capitalPlan.length - 1].date : null;
  /** Interest accrued over the days [from, to): balance constant between capital dates. */
  const interest = (from: string | null, to: string | null): Dec => {
    if (!from || !to || to <= from || y.lte(0)) return ZERO;
    const cuts = [from, ...capitalPlan.map((p) => p.date).filter((d) => d > from && d < to), to];
    let total = ZERO;
    for (let s = 0; s < cuts.length - 1; s++) total = total.plus(owedOn(cuts[s]).times(y).times(daysBetween(cuts[s], cuts[s + 1])).div(DAYS_IN_YEAR));
    return total;
  };
  const horizon = end ?? date(a.end_date);
  const interestDates = monthlyDates(date(a.sp_interest_repayment_start_date), date(a.sp_interest_repayment_end_date) ?? horizon).filter((d) => !horizon || d <= horizon);
  const paidTo = interestDates.filter((d) => d <= today).pop() ?? accrualStart;
  const capitalNow = D.max(ZERO, owedOn(today));
  // Accrued and unpaid: from the last interest date to the end of today.
  const accrued = paidTo && today >= paidTo ? interest(paidTo, addDays(today, 1)) : ZERO;
  const remainingInterest = horizon && paidTo ? interest(paidTo, horizon) : accrued;
  const month = monthOf(today);
  let thisMonth = capitalPlan.filter((p) => inMonth(p.date, month)).reduce((t, p) => t.plus(p.amount), ZERO);
  let prev = accrualStart;
  for (const d of interestDates) {
    if (inMonth(d, month)) thisMonth = thisMonth.plus(interest(prev, d));
    prev = d;
  }
  const totalInterest = interest(accrualStart, horizon);
  const months = accrualStart && horizon ? Math.max(0, daysBetween(accrualStart, horizon)) / (DAYS_IN_YEAR / 12) : 0;
  return {
    remainingBalance: capitalNow.plus(remainingInterest),
    remainingInterest,
    settlementCharges: accrued,
    thisMonth,
    rate: yearly,
    totalInterest,
    flat: months > 0 && P.gt(0) ? totalInterest.div(P).div(new D(months).div(12)).times(100) : null,
    made: capitalPlan.filter((p) => p.date <= today).length,
    term: capitalPlan.length,
  };
}

/**
 * Hire agreement (a vehicle hired in at daily_rate from hire_start_date to
 * end_date): nothing is borrowed; this month's payment is the days on hire
 * in the month at the daily rate.
 */
function hireAgreement(a: AgreementLike, today: string): Core {
  const start = date(a.hire_start_date) ?? date(a.finance_start_date);
  if (!start) return NOTHING;
  const month = monthOf(today);
  const from = start > month.start ? start : month.start;
  const end = date(a.end_date);
  const to = end && end < month.end ? end : month.end;
  const days = to >= from ? daysBetween(from, to) + 1 : 0;
  return { ...NOTHING, thisMonth: dec(a.daily_rate).times(days) };
}

/** Every figure of one agreement on a day (today, Europe/London). */
export function financeFigures(a: AgreementLike, today: string): FinanceFigures {
  const settled = !blank(a.finance_early_settlement_date) && String(a.finance_early_settlement_date) <= today;
  let core: Core;
  switch (a.finance_type) {
    case "REGULAR":
    case "LEASE_AGREEMENT":
      core = fixedRate(a, today);
      break;
    case "FIXED_MONTHLY_CAPITAL":
      core = variableRate(a, today);
      break;
    case "STOCKING_PLAN":
      core = stockingPlan(a, today);
      break;
    case "HIRE_AGREEMENT":
      core = hireAgreement(a, today);
      break;
    default:
      core = NOTHING; // NONE (bought outright) and GRANT_FINANCE: nothing owed to a lender
  }
  if (settled) core = { ...core, remainingBalance: ZERO, remainingInterest: ZERO, settlementCharges: ZERO, thisMonth: ZERO, made: core.term };
  const sold = date(a.sold_date);
  const valuedOn = sold && sold < today ? sold : today;
  const internal = date(a.internal_sale_date);
  return {
    remaining_balance: pence(core.remainingBalance),
    hp_remaining_interest: pence(core.remainingInterest),
    remaining_capital: settled ? 0 : pence(core.remainingBalance.minus(core.remainingInterest)),
    early_settlement_charges: pence(core.settlementCharges),
    estimated_value: pence(bookValue(a, valuedOn)),
    this_months_payment: pence(core.thisMonth),
    hp_interest_rate: Number(core.rate.toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2)),
    internal_sale_price: internal ? pence(bookValue(a, internal)) : null,
    total_interest: pence(core.totalInterest),
    flat_rate: core.flat === null ? null : Number(core.flat.toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2)),
    payments_made: core.made,
    payment_term: core.term,
  };
}

/** The fields of FinanceFigures the agreement itself carries when loaded (000 §3). */
export const DERIVED_AGREEMENT_FIELDS = [...agreementExtras.names, "hp_interest_rate"] as const;

/**
 * An agreement as loaded: its stored fields plus the derived ones. The
 * interest rate is derived only where it is read-only (Fixed Rate, Lease,
 * Stocking Plan); a Variable Rate agreement keeps the rate staff entered.
 */
export function withFinanceFigures<T extends AgreementLike>(a: T, today: string): T & Omit<FinanceFigures, "total_interest" | "flat_rate" | "payments_made" | "payment_term"> {
  const f = financeFigures(a, today);
  const out: any = { ...a };
  for (const k of DERIVED_AGREEMENT_FIELDS) out[k] = f[k];
  if (a.finance_type === "FIXED_MONTHLY_CAPITAL" || a.finance_type === "HIRE_AGREEMENT" || a.finance_type === "GRANT_FINANCE" || !a.finance_type || a.finance_type === "NONE")
    out.hp_interest_rate = a.hp_interest_rate ?? f.hp_interest_rate;
  return out;
}

/** The vehicle's remaining capital (000 §9): the sum over its agreements not early settled. */
export function vehicleRemainingCapital(agreements: AgreementLike[] | null | undefined, today: string): number {
  let total = ZERO;
  for (const a of agreements ?? []) total = total.plus(new D(financeFigures(a, today).remaining_capital));
  return pence(total);
}

// ---------------------------------------------------------------- month by month (the finance reports)

/** One instalment: when, how much, and its capital and interest parts. */
export type Instalment = { date: string; payment: number; capital: number; interest: number };

/**
 * The instalment schedule of a Fixed Rate, Lease or Variable Rate
 * agreement, with each instalment split into capital and interest by the
 * formulas above (the balloon is a last capital-only row). Empty for other
 * types.
 */
export function instalmentSchedule(a: AgreementLike): Instalment[] {
  const dates = instalmentDates(a);
  const n = dates.length;
  if (!n) return [];
  const P = amountBorrowedOf(a);
  const B = dec(a.balloon_payment);
  const rows: Array<{ date: string; payment: Dec; capital: Dec; interest: Dec }> = [];
  if (a.finance_type === "REGULAR" || a.finance_type === "LEASE_AGREEMENT") {
    const M = dec(a.monthly_payment);
    const r = impliedMonthlyRate(P, M, n, B);
    let owed = P;
    for (const d of dates) {
      const interest = r.eq(0) ? ZERO : owed.times(r);
      const capital = M.minus(interest);
      rows.push({ date: d, payment: M, capital, interest });
      owed = owed.minus(capital);
    }
  } else if (a.finance_type === "FIXED_MONTHLY_CAPITAL") {
    const c = dec(a.monthly_payment).gt(0) ? dec(a.monthly_payment) : P.minus(B).div(n);
    const i = dec(a.hp_interest_rate).div(100);
    dates.forEach((d, idx) => {
      const interest = D.max(ZERO, P.minus(c.times(idx))).times(i).div(12);
      rows.push({ date: d, payment: c.plus(interest), capital: c, interest });
    });
  } else return [];
  if (B.gt(0)) rows.push({ date: balloonDate(a, dates)!, payment: B, capital: B, interest: ZERO });
  return rows.map((x) => ({ date: x.date, payment: pence(x.payment), capital: pence(x.capital), interest: pence(x.interest) }));
}

/** The twelve calendar months of a year: [start, end] each. */
export function monthsOfYear(year: number): Array<{ start: string; end: string }> {
  return Array.from({ length: 12 }, (_, m) => monthOf(`${year}-${String(m + 1).padStart(2, "0")}-01`));
}

/**
 * Interest (or, for a hire agreement, hire cost) falling in each month of
 * a year, in pounds: instalments' interest by due date; a stocking plan's
 * interest as it accrues day by day; a hire agreement's days on hire x
 * daily rate. An early settlement ends it on the settlement date.
 */
export function costByMonth(a: AgreementLike, year: number): number[] {
  const months = monthsOfYear(year);
  const settledOn = date(a.finance_early_settlement_date);
  const live = (d: string) => !settledOn || d <= settledOn;
  switch (a.finance_type) {
    case "REGULAR":
    case "LEASE_AGREEMENT":
    case "FIXED_MONTHLY_CAPITAL": {
      const rows = instalmentSchedule(a).filter((x) => live(x.date));
      return months.map((m) => pence(rows.filter((x) => inMonth(x.date, m)).reduce((t, x) => t.plus(x.interest), ZERO)));
    }
    case "STOCKING_PLAN": {
      const P = amountBorrowedOf(a);
      const yearly = dec(blank(a.sp_yearly_interest_rate) ? dec(a.sp_monthly_interest_rate).times(12) : a.sp_yearly_interest_rate).div(100);
      const start = date(a.sp_interest_accrual_start) ?? date(a.sp_start_date) ?? date(a.finance_start_date);
      const plan = stockingCapitalSchedule(a);
      const owedOn = (d: string) => plan.reduce((left, p) => (p.date <= d ? left.minus(p.amount) : left), P);
      return months.map((m) => {
        let total = ZERO;
        for (let d = m.start; d <= m.end; d = addDays(d, 1)) if (start && d >= start && live(d)) total = total.plus(D.max(ZERO, owedOn(d)).times(yearly).div(DAYS_IN_YEAR));
        return pence(total);
      });
    }
    case "HIRE_AGREEMENT": {
      const start = date(a.hire_start_date) ?? date(a.finance_start_date);
      const end = date(a.end_date);
      return months.map((m) => {
        if (!start) return 0;
        const from = start > m.start ? start : m.start;
        let to = end && end < m.end ? end : m.end;
        if (settledOn && settledOn < to) to = settledOn;
        return to >= from ? pence(dec(a.daily_rate).times(daysBetween(from, to) + 1)) : 0;
      });
    }
    default:
      return months.map(() => 0);
  }
}

/** Book value on a date, in pounds (the reports' opening and closing values). */
export function bookValueOn(a: AgreementLike, on: string): number {
  return pence(bookValue(a, on));
}
