/** The worked example of docs/finance.md "Vehicle profit line" (vehicle id 7), valued on 27/11/2026. */
export const PROFIT_EXAMPLE = {
  on: "2026-11-27",
  agreement: {
    finance_type: "REGULAR", vehicle_purchase_price: 24000, addons_purchase_price: 1000, deposit_amount: 5000, monthly_payment: 620, payment_term: 36,
    finance_start_date: "2025-01-10", invoice_date: "2025-01-10", depreciation_start_date: "2025-01-10", finance_early_settlement_date: "2025-10-31", finance_early_settlement_amount_paid: 15650,
    sold_price: 19500, sold_date: "2025-10-31",
  },
  vehicle: { purchase_date: "2025-01-10", date_sold: "2025-10-31", mileage: 18400 },
  rentals: [
    { status: "CONFIRMED", start_date: "2025-02-20", finish_date: "2025-03-15", total: 1440 },
    { status: "CONFIRMED", start_date: "2025-06-01", finish_date: "2025-08-31", total: 4600, off_hire_total_additional_charges: 85 },
  ],
  job: { approved_date: "2025-05-14", labour_cost_total: 240, parts_cost_total: 186.4 },
  /** The line as docs/finance.md works it out. */
  expected: {
    purchase_price: 25000, finance_interest: 979.93, finance_charges: 250.07, hire_income: 6125, workshop_labour: 240, workshop_parts: 186.4,
    sale_price: 19500, sale_margin: -5500, movements: 0, other_income: 0, other_costs: 0, income: 25625, costs: 26656.4, profit_before_finance: 198.6, profit: -1031.4,
    days_on_fleet: 295, days_on_hire: 116, utilisation: 39.3, miles: 18400, cost_per_mile: 0.09,
    months: [
      { month: "2025-01", income: 0, cost: 25000, hire_days: 0 },
      { month: "2025-02", income: 540, cost: 0, hire_days: 9 },
      { month: "2025-03", income: 900, cost: 0, hire_days: 15 },
      { month: "2025-05", income: 0, cost: 426.4, hire_days: 0 },
      { month: "2025-06", income: 1500, cost: 0, hire_days: 30 },
      { month: "2025-07", income: 1550, cost: 0, hire_days: 31 },
      { month: "2025-08", income: 1635, cost: 0, hire_days: 31 },
      { month: "2025-10", income: 19500, cost: 0, hire_days: 0 },
    ],
  },
} as const;

