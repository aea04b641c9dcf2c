import { answerExtras, defineFields } from "../platform/definition.js";

/**
 * The finance agreement (000 §3: purchase, finance, stocking plan `sp_*`,
 * hire agreement, sale and sale checklist; 001 §3 fields used by rentals),
 * each field declared once (docs/decisions.md "One definition per record
 * type"): schema.ts parses with its schema (loose, with its number and a
 * finance type of NONE when none is sent), web/src/agreements/
 * AgreementsSection.tsx draws and checks its fields. Labels are the
 * agreement panel's.
 */

/** Finance types (000 §4); labels in rules.ts. */
export const FINANCE_TYPES = ["NONE", "GRANT_FINANCE", "HIRE_AGREEMENT", "REGULAR", "LEASE_AGREEMENT", "FIXED_MONTHLY_CAPITAL", "STOCKING_PLAN"] as const;
export type FinanceType = (typeof FINANCE_TYPES)[number];

const checklist = (label: string) => ({ label, kind: "boolean" }) as const;

export const agreement = defineFields({
  vehicle: { label: "Vehicle", kind: "ref" },
  finance_type: { label: "Finance type", kind: "choice", options: FINANCE_TYPES, message: `Finance type must be one of ${FINANCE_TYPES.join(", ")}` },
  modification: { label: "Conversion financing", kind: "boolean" },
  finance_company: { label: "Finance company", kind: "text", max: 200 },
  agreement_no: { label: "Agreement no.", kind: "text", max: 100 },
  finance_comments: { label: "Finance comments", kind: "textarea", max: 4000 },
  sage_asset_id: { label: "Sage asset id", kind: "text", max: 100 },
  sage_liability_id: { label: "Sage liability id", kind: "text", max: 100 },
  department: { label: "Department", kind: "ref" },
  // Purchase
  vehicle_purchase_price: { label: "Vehicle purchase price", kind: "money" },
  addons_purchase_price: { label: "Addons purchase price", kind: "money" },
  purchase_price: { label: "Purchase price", kind: "money" },
  purchase_price_vat: { label: "Purchase price VAT", kind: "money" },
  supplier: { label: "Supplier", kind: "ref" },
  invoice_number: { label: "Invoice number", kind: "text", max: 100 },
  invoice_date: { label: "Invoice date", kind: "date" },
  depreciation_start_date: { label: "Depreciation start date", kind: "date" },
  annual_depreciation_rate: { label: "Annual depreciation rate (%)", kind: "percent" },
  // Finance
  deposit_amount: { label: "Deposit", kind: "money" },
  deposit_to_be_paid: { label: "Deposit to be paid", kind: "money" },
  finance_amount_borrowed: { label: "Amount borrowed", kind: "money" },
  monthly_payment: { label: "Monthly payment", kind: "money" },
  payment_term: { label: "Payment term (months)", kind: "integer" },
  finance_start_date: { label: "Finance start date", kind: "date" },
  end_date: { label: "End date", kind: "date" },
  balloon_payment: { label: "Balloon payment", kind: "money" },
  balloon_payment_date: { label: "Balloon payment date", kind: "date" },
  hp_interest_rate: { label: "Interest rate (%)", kind: "percent" },
  freeze_start_date: { label: "Freeze start", kind: "date" },
  freeze_end_date: { label: "Freeze end", kind: "date" },
  possible_finance_settlement_amount: { label: "Possible settlement amount", kind: "money" },
  possible_finance_settlement_date: { label: "Possible settlement date", kind: "date" },
  finance_early_settlement_amount_paid: { label: "Early settlement amount paid", kind: "money" },
  finance_early_settlement_date: { label: "Early settlement date", kind: "date" },
  estimated_grant_value: { label: "Estimated grant value", kind: "money" },
  // Stocking plan
  sp_capital_percentage: { label: "Capital percentage", kind: "percent" },
  sp_capital_repayment_start: { label: "Capital repayment start", kind: "date" },
  sp_capital_repayment_end: { label: "Capital repayment end", kind: "date" },
  sp_monthly_interest_rate: { label: "Monthly interest rate (%)", kind: "percent" },
  sp_yearly_interest_rate: { label: "Yearly interest rate (%)", kind: "percent" },
  sp_monthly_interest_charge: { label: "Monthly interest charge", kind: "money" },
  sp_interest_accrual_start: { label: "Interest accrual start", kind: "date" },
  sp_interest_repayment_start_date: { label: "Interest repayment start", kind: "date" },
  sp_interest_repayment_end_date: { label: "Interest repayment end", kind: "date" },
  sp_start_date: { label: "Stocking plan start", kind: "date" },
  sp_first_payment_date: { label: "First payment date", kind: "date" },
  // Hire agreement
  hire_start_date: { label: "Hire start date", kind: "date" },
  daily_rate: { label: "Daily rate", kind: "money" },
  mileage_allowance: { label: "Mileage allowance", kind: "mileage" },
  on_hire_mileage: { label: "On hire mileage", kind: "mileage" },
  // Sale
  pro_forma_date: { label: "Pro forma date", kind: "date" },
  external_list_price: { label: "External list price", kind: "money" },
  advertised: { label: "Advertised price", kind: "money" },
  internal_invoice_number: { label: "Internal invoice number", kind: "text", max: 100 },
  // Stored as the contact's id; answered as {id, display_name, postcode} (000 §3).
  sale_customer: { label: "Sale customer", kind: "ref" },
  sale_customer_address: { label: "Customer address", kind: "text", max: 1000 },
  sale_customer_postcode: { label: "Customer postcode", kind: "text", max: 20 },
  sale_customer_phone: { label: "Customer phone", kind: "text", max: 50 },
  sale_customer_email: { label: "Customer email", kind: "text", max: 200 },
  sold_by: { label: "Sold by", kind: "text", max: 200 },
  sold_price: { label: "Sold price", kind: "money" },
  sold_date: { label: "Sold date", kind: "date" },
  internal_sale_date: { label: "Internal sale date", kind: "date" },
  sale_date: { label: "Sale date", kind: "date" },
  sale_deposit: { label: "Sale deposit", kind: "money" },
  sale_deposit_date: { label: "Sale deposit date", kind: "date" },
  sale_method_of_payment: { label: "Method of payment", kind: "text", max: 100 },
  sale_warranty_cost: { label: "Warranty cost", kind: "money" },
  sale_warranty_term: { label: "Warranty term", kind: "text", max: 100 },
  sale_expected_delivery_date: { label: "Expected delivery", kind: "date" },
  sale_trade_or_private: { label: "Trade or private", kind: "text", max: 50 },
  sale_comments: { label: "Sale comments", kind: "textarea", max: 4000 },
  sale_invoice_address: { label: "Invoice address", kind: "textarea", max: 1000 },
  sale_delivery_address: { label: "Delivery address", kind: "textarea", max: 1000 },
  part_exchange: { label: "Part exchange", kind: "text", max: 1000 },
  free_print_text: { label: "Free print text", kind: "textarea", max: 4000 },
  sale_slam_lock_key: { label: "Slam lock keys", kind: "integer" },
  // A sale may lose money: profit and cash flow are the two signed figures.
  profit: { label: "Profit", kind: "money", signed: true },
  cash_flow: { label: "Cash flow", kind: "money", signed: true },
  // Sale checklist
  sale_quote: checklist("Quote"),
  sale_v5: checklist("V5"),
  sale_mot: checklist("MOT"),
  sale_service_book: checklist("Service book"),
  sale_basic_guide: checklist("Basic guide"),
  sale_radio_code: checklist("Radio code"),
  sale_main_key: checklist("Main key"),
  sale_spare_key: checklist("Spare key"),
  sale_settlement: checklist("Settlement"),
  sale_clearance: checklist("Clearance"),
  sale_paid_in_full: checklist("Paid in full"),
  sale_final_check: checklist("Final check"),
});

/**
 * The figures an agreement answers besides its fields, worked out on every
 * load (finance.ts `withFinanceFigures`, docs/finance.md): a save drops
 * them. The interest rate is one of the figures too, but a field as well
 * (entered for a Variable Rate agreement), so it is not among them.
 */
export const agreementExtras = answerExtras({
  remaining_balance: "number",
  hp_remaining_interest: "number",
  early_settlement_charges: "number",
  estimated_value: "number",
  this_months_payment: "number",
  internal_sale_price: "number",
  remaining_capital: "number",
});
