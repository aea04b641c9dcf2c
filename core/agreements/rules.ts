import { Money, money, pounds } from "../platform/money.js";
import { blank } from "../platform/blank.js";

/**
 * The finance agreement's own rules (000 §3, §4, §9) as pure functions: the
 * server applies them on every vehicle save, the agreement block of the
 * vehicle screen runs the same ones as staff type.
 */

export const FINANCE_TYPE_LABELS: Record<string, string> = {
  NONE: "None",
  GRANT_FINANCE: "Grant Finance",
  HIRE_AGREEMENT: "Hire Agreement",
  REGULAR: "Fixed Rate",
  LEASE_AGREEMENT: "Lease Agreement",
  FIXED_MONTHLY_CAPITAL: "Variable Rate",
  STOCKING_PLAN: "Stocking Plan",
};

/** Interest rate is read-only for these types (000 §5). */
export const RATE_READ_ONLY = ["REGULAR", "STOCKING_PLAN", "LEASE_AGREEMENT"];

export const TYPE_CHANGE_WARNING = "Changing the finance type will overwrite this agreement's details. Continue?";

/** Money and term fields zeroed when the type changes (000 §4). */
export const RESET_ZERO = [
  "vehicle_purchase_price", "addons_purchase_price", "purchase_price", "purchase_price_vat", "annual_depreciation_rate", "deposit_amount", "deposit_to_be_paid",
  "finance_amount_borrowed", "monthly_payment", "payment_term", "balloon_payment", "hp_interest_rate", "possible_finance_settlement_amount",
  "finance_early_settlement_amount_paid", "daily_rate", "mileage_allowance", "on_hire_mileage", "sp_capital_percentage", "sp_monthly_interest_rate",
  "sp_yearly_interest_rate", "sp_monthly_interest_charge", "estimated_grant_value",
] as const;
export const RESET_EMPTY = ["agreement_no", "finance_company"] as const;

/**
 * A finance-type change (000 §4): from NONE it applies at once; otherwise,
 * after the warning, the agreement is reset to the vehicle, the new type,
 * zeros for money and term fields, empty dates, and empty agreement number
 * and company. Other fields (sale details) are kept.
 */
export function changeFinanceType(a: Record<string, unknown>, type: string, vehicle: number | null): Record<string, unknown> {
  if ((a.finance_type ?? "NONE") === "NONE") return { ...a, finance_type: type };
  const out: Record<string, unknown> = { ...a, vehicle, finance_type: type };
  for (const f of RESET_ZERO) out[f] = 0;
  for (const f of RESET_EMPTY) out[f] = "";
  for (const k of Object.keys(out)) if (/_date$/.test(k) || /^sp_.*_(start|end)$/.test(k)) out[k] = null;
  return out;
}

/** Whether the type change needs the warning first. */
export function typeChangeNeedsWarning(a: Record<string, unknown>): boolean {
  return (a.finance_type ?? "NONE") !== "NONE";
}

/**
 * The read-only figures of an agreement (000 §5 Field rules): purchase price
 * = vehicle + addons; amount borrowed = purchase price - deposit; for a
 * stocking plan the yearly rate = monthly x 12; an early-settlement date
 * marks it settled; a new agreement's pro forma date is today.
 */
export function deriveAgreement(a: Record<string, any>, today: string): Record<string, any> {
  const out: Record<string, any> = { ...a };
  if (!blank(a.vehicle_purchase_price) || !blank(a.addons_purchase_price)) out.purchase_price = pounds(money(a.vehicle_purchase_price).plus(money(a.addons_purchase_price)));
  if (!blank(out.purchase_price)) out.finance_amount_borrowed = pounds(money(out.purchase_price).minus(money(a.deposit_amount)));
  if (a.finance_type === "STOCKING_PLAN" && !blank(a.sp_monthly_interest_rate)) out.sp_yearly_interest_rate = Number(money(a.sp_monthly_interest_rate).times(12).toFixed(6));
  out.settled = !blank(a.finance_early_settlement_date);
  if (blank(a.pro_forma_date)) out.pro_forma_date = today;
  return out;
}

/** Pro forma total (000 §9): sold price + warranty cost + 20% of the sold price only. */
export function proFormaTotal(soldPrice: unknown, warrantyCost: unknown): number {
  return pounds(money(soldPrice as number).plus(money(warrantyCost as number)).plus(money(soldPrice as number).times("0.2")));
}

/** Sale invoice total (000 §9): VAT (20, 5 or 0%) on the vatable amount, plus the non-vatable amount. */
export function saleInvoiceTotal(amount: unknown, noVatAmount: unknown, vatPercent: 20 | 5 | 0): number {
  return pounds(money(amount as number).times(new Money(100).plus(vatPercent)).div(100).plus(money(noVatAmount as number)));
}

/** Default payment amount (000 §9): the pro forma total minus the deposit. */
export function defaultPaymentAmount(a: Record<string, any>): number {
  return pounds(money(proFormaTotal(a.sold_price, a.sale_warranty_cost)).minus(money(a.sale_deposit)));
}

/** Payment methods of the Create Payment modal (000 §9). */
export const PAYMENT_TYPES_FOR_SCREEN = ["BACS", "CASH", "CARD", "DIRECT DEBIT"] as const;

/** Reports offer years from this one down to 2019 (003 §5, §9). */
export const FIRST_REPORT_YEAR = 2019;
