import * as z from "zod";
import { LIMITS, bool, int, isoDate, mileage, money, percent, ref, text } from "../platform/fields.js";
import { DERIVED_AGREEMENT_FIELDS } from "./finance.js";

/** Finance types (000 §4); labels in rules.ts. */
export const FINANCE_TYPES = ["NONE", "GRANT_FINANCE", "HIRE_AGREEMENT", "REGULAR", "LEASE_AGREEMENT", "FIXED_MONTHLY_CAPITAL", "STOCKING_PLAN"] as const;
export type FinanceType = (typeof FINANCE_TYPES)[number];

/** Date fields of an agreement: every `*_date` and the stocking plan's start/end fields. */
export function isAgreementDateField(name: string): boolean {
  return /_date$/.test(name) || /^sp_.*_(start|end)$/.test(name);
}

const date = isoDate;
const flag = bool;

/**
 * Every field of the finance agreement (000 §3: purchase, finance,
 * stocking plan `sp_*`, hire agreement, sale and sale checklist; 001 §3
 * fields used by rentals). Loose: a field this list does not name is kept
 * as sent. The derived figures (docs/finance.md) are output only: dropped
 * here and recomputed on every load.
 */
export const agreementShape = z.looseObject({
  id: int({ max: LIMITS.id }),
  vehicle: ref(),
  finance_type: z
    .enum(FINANCE_TYPES, { error: `Finance type must be one of ${FINANCE_TYPES.join(", ")}` })
    .nullable()
    .optional()
    .transform((t) => t ?? "NONE"),
  modification: flag(),
  finance_company: text(200),
  agreement_no: text(100),
  finance_comments: text(4000),
  sage_asset_id: text(100),
  sage_liability_id: text(100),
  department: ref(),
  // Purchase
  vehicle_purchase_price: money(),
  addons_purchase_price: money(),
  purchase_price: money(),
  purchase_price_vat: money(),
  supplier: ref(),
  invoice_number: text(100),
  invoice_date: date(),
  depreciation_start_date: date(),
  annual_depreciation_rate: percent(),
  // Finance
  deposit_amount: money(),
  deposit_to_be_paid: money(),
  finance_amount_borrowed: money(),
  monthly_payment: money(),
  payment_term: int(),
  finance_start_date: date(),
  end_date: date(),
  balloon_payment: money(),
  balloon_payment_date: date(),
  hp_interest_rate: percent(),
  freeze_start_date: date(),
  freeze_end_date: date(),
  possible_finance_settlement_amount: money(),
  possible_finance_settlement_date: date(),
  finance_early_settlement_amount_paid: money(),
  finance_early_settlement_date: date(),
  estimated_grant_value: money(),
  // Stocking plan
  sp_capital_percentage: percent(),
  sp_capital_repayment_start: date(),
  sp_capital_repayment_end: date(),
  sp_monthly_interest_rate: percent(),
  sp_yearly_interest_rate: percent(),
  sp_monthly_interest_charge: money(),
  sp_interest_accrual_start: date(),
  sp_interest_repayment_start_date: date(),
  sp_interest_repayment_end_date: date(),
  sp_start_date: date(),
  sp_first_payment_date: date(),
  // Hire agreement
  hire_start_date: date(),
  daily_rate: money(),
  mileage_allowance: mileage(),
  on_hire_mileage: mileage(),
  // Sale
  pro_forma_date: date(),
  external_list_price: money(),
  advertised: money(),
  internal_invoice_number: text(100),
  // Stored as the contact's id; answered as {id, display_name, postcode} (000 §3).
  sale_customer: ref(),
  sale_customer_address: text(1000),
  sale_customer_postcode: text(20),
  sale_customer_phone: text(50),
  sale_customer_email: text(200),
  sold_by: text(200),
  sold_price: money(),
  sold_date: date(),
  internal_sale_date: date(),
  sale_date: date(),
  sale_deposit: money(),
  sale_deposit_date: date(),
  sale_method_of_payment: text(100),
  sale_warranty_cost: money(),
  sale_warranty_term: text(100),
  sale_expected_delivery_date: date(),
  sale_trade_or_private: text(50),
  sale_comments: text(4000),
  sale_invoice_address: text(1000),
  sale_delivery_address: text(1000),
  part_exchange: text(1000),
  free_print_text: text(4000),
  sale_slam_lock_key: int(),
  // A sale may lose money: profit and cash flow are the two signed figures.
  profit: money({ signed: true }),
  cash_flow: money({ signed: true }),
  // Sale checklist
  sale_quote: flag(),
  sale_v5: flag(),
  sale_mot: flag(),
  sale_service_book: flag(),
  sale_basic_guide: flag(),
  sale_radio_code: flag(),
  sale_main_key: flag(),
  sale_spare_key: flag(),
  sale_settlement: flag(),
  sale_clearance: flag(),
  sale_paid_in_full: flag(),
  sale_final_check: flag(),
});

/** Output-only figures (hp_interest_rate is also an input, for Variable Rate). */
const OUTPUT_ONLY = DERIVED_AGREEMENT_FIELDS.filter((f) => f !== "hp_interest_rate");

/** An agreement as sent: empty dates become null, derived figures are dropped, then every field is checked. */
export const agreementFields = z.preprocess((v) => {
  if (!v || typeof v !== "object" || Array.isArray(v)) return v;
  const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
  for (const k of OUTPUT_ONLY) delete out[k];
  for (const k of Object.keys(out)) if (isAgreementDateField(k) && out[k] === "") out[k] = null;
  return out;
}, agreementShape);

export type AgreementInput = z.infer<typeof agreementShape>;
