import { describe, expect, it } from "vitest";
import { financeFigures, instalmentDates, stockingCapitalSchedule, vehicleRemainingCapital, withFinanceFigures } from "../../core/agreements/finance";
import { addMonths, daysBetween } from "../../core/platform/dates";

/** The worked examples of docs/finance.md, valued on 22/11/2026; each figure checked to the penny. */
const TODAY = "2026-11-22";
export const EXAMPLES = {
  fixedRate: {
    finance_type: "REGULAR", vehicle_purchase_price: 30000, addons_purchase_price: 2000, deposit_amount: 5000,
    monthly_payment: 550, payment_term: 48, balloon_payment: 6000, finance_start_date: "2025-01-15",
    depreciation_start_date: "2025-01-15", annual_depreciation_rate: 20,
  },
  variableRate: {
    finance_type: "FIXED_MONTHLY_CAPITAL", vehicle_purchase_price: 24000, deposit_amount: 0, monthly_payment: 500, payment_term: 48,
    hp_interest_rate: 7.5, finance_start_date: "2025-06-01", depreciation_start_date: "2025-06-01", annual_depreciation_rate: 15,
  },
  stockingPlan: {
    finance_type: "STOCKING_PLAN", vehicle_purchase_price: 20000, sp_start_date: "2026-03-01", sp_interest_accrual_start: "2026-03-01",
    sp_monthly_interest_rate: 0.5, sp_yearly_interest_rate: 6, sp_capital_percentage: 10, sp_capital_repayment_start: "2026-09-01",
    sp_capital_repayment_end: "2027-06-01", sp_interest_repayment_start_date: "2026-04-01", sp_interest_repayment_end_date: "2027-06-01",
    depreciation_start_date: "2026-03-01", annual_depreciation_rate: 20,
  },
  hireAgreement: { finance_type: "HIRE_AGREEMENT", daily_rate: 25, hire_start_date: "2026-11-10", end_date: "2027-02-28" },
  lease: {
    finance_type: "LEASE_AGREEMENT", vehicle_purchase_price: 40000, deposit_amount: 4000, monthly_payment: 700, payment_term: 60, balloon_payment: 0,
    finance_start_date: "2024-03-10", depreciation_start_date: "2024-03-10", annual_depreciation_rate: 18,
  },
  grant: { finance_type: "GRANT_FINANCE", vehicle_purchase_price: 45000, estimated_grant_value: 5000, depreciation_start_date: "2026-01-01", annual_depreciation_rate: 25, internal_sale_date: "2026-07-01" },
} as const;

describe("finance figures: worked examples of docs/finance.md", () => {
  it("Fixed Rate hire purchase with balloon: annuity, APR, remaining interest, 58 days' settlement interest", () => {
    expect(financeFigures(EXAMPLES.fixedRate, TODAY)).toEqual({
      remaining_balance: 20300, // 26 x 550 + 6,000
      hp_remaining_interest: 2117.38,
      remaining_capital: 18182.62,
      early_settlement_charges: 225.94,
      estimated_value: 21167.39, // 32,000 x 0.8^(676/365)
      this_months_payment: 550,
      hp_interest_rate: 8.11,
      internal_sale_price: null,
      total_interest: 5400,
      flat_rate: 5,
      payments_made: 22,
      payment_term: 48,
    });
  });

  it("Variable Rate: fixed capital plus interest on the capital outstanding that month", () => {
    const f = financeFigures(EXAMPLES.variableRate, TODAY);
    expect(f).toMatchObject({
      remaining_balance: 17050, remaining_capital: 15500, hp_remaining_interest: 1550,
      this_months_payment: 600, early_settlement_charges: 184.73, hp_interest_rate: 7.5,
      total_interest: 3675, estimated_value: 18879.19, payments_made: 17,
    });
  });

  it("Stocking plan: capital schedule, daily interest on a 365-day year, paid monthly", () => {
    const f = financeFigures(EXAMPLES.stockingPlan, TODAY);
    expect(f).toMatchObject({
      remaining_capital: 14000, hp_remaining_interest: 278.47, remaining_balance: 14278.47,
      early_settlement_charges: 50.63, this_months_payment: 2081.53, hp_interest_rate: 6,
      total_interest: 1053.7, estimated_value: 16998.29, payments_made: 3, payment_term: 10,
    });
    const plan = stockingCapitalSchedule(EXAMPLES.stockingPlan);
    expect(plan.map((p) => [p.date, Number(p.amount)])).toEqual([
      ["2026-09-01", 2000], ["2026-10-01", 2000], ["2026-11-01", 2000], ["2026-12-01", 2000], ["2027-01-01", 2000],
      ["2027-02-01", 2000], ["2027-03-01", 2000], ["2027-04-01", 2000], ["2027-05-01", 2000], ["2027-06-01", 2000],
    ]);
  });

  it("Stocking plan: capital still owed on the sold date is repaid that day", () => {
    const plan = stockingCapitalSchedule({ ...EXAMPLES.stockingPlan, sold_date: "2026-10-15" });
    expect(plan.map((p) => [p.date, Number(p.amount)])).toEqual([["2026-09-01", 2000], ["2026-10-01", 2000], ["2026-10-15", 16000]]);
  });

  it("Hire agreement: the days on hire this month at the daily rate; nothing borrowed", () => {
    expect(financeFigures(EXAMPLES.hireAgreement, TODAY)).toMatchObject({ this_months_payment: 525, remaining_balance: 0, remaining_capital: 0 });
    expect(financeFigures(EXAMPLES.hireAgreement, "2027-02-10").this_months_payment).toBe(700); // 28 days of February
    expect(financeFigures(EXAMPLES.hireAgreement, "2027-03-10").this_months_payment).toBe(0); // ended
  });

  it("Lease: the same annuity as Fixed Rate", () => {
    expect(financeFigures(EXAMPLES.lease, TODAY)).toMatchObject({
      remaining_balance: 19600, hp_remaining_interest: 1403.92, remaining_capital: 18196.08,
      early_settlement_charges: 180.42, hp_interest_rate: 6.42, this_months_payment: 700, estimated_value: 23388.54, payments_made: 32,
    });
  });

  it("Grant finance: nothing owed; book value and the internal sale price at book value on that date", () => {
    const f = financeFigures(EXAMPLES.grant, TODAY);
    expect(f).toMatchObject({ remaining_balance: 0, remaining_capital: 0, this_months_payment: 0 });
    // 45,000 x 0.75^(325/365) and 45,000 x 0.75^(181/365)
    expect(f.estimated_value).toBe(34830.98);
    expect(f.internal_sale_price).toBe(39017.24);
  });
});

describe("finance figures: edges", () => {
  it("an early-settled agreement owes nothing and has no remaining capital (000 §9)", () => {
    const f = financeFigures({ ...EXAMPLES.fixedRate, finance_early_settlement_date: "2026-10-01", finance_early_settlement_amount_paid: 19000 }, TODAY);
    expect(f).toMatchObject({ remaining_balance: 0, hp_remaining_interest: 0, remaining_capital: 0, early_settlement_charges: 0, this_months_payment: 0 });
  });

  it("before the first instalment everything is owed; after the last only a later balloon", () => {
    expect(financeFigures(EXAMPLES.fixedRate, "2025-01-20")).toMatchObject({ remaining_balance: 32400, remaining_capital: 27000, hp_remaining_interest: 5400, payments_made: 0 });
    const late = { ...EXAMPLES.fixedRate, balloon_payment_date: "2029-06-15" };
    expect(financeFigures(late, "2029-02-01")).toMatchObject({ remaining_balance: 6000, remaining_capital: 6000, hp_remaining_interest: 0, payments_made: 48 });
    expect(financeFigures(late, "2029-06-20")).toMatchObject({ remaining_balance: 0, remaining_capital: 0 });
    expect(financeFigures(late, "2029-06-01").this_months_payment).toBe(6000);
  });

  it("payments that do not cover the amount borrowed imply no interest", () => {
    const f = financeFigures({ finance_type: "REGULAR", finance_amount_borrowed: 10000, monthly_payment: 100, payment_term: 12, finance_start_date: "2026-01-01" }, TODAY);
    expect(f).toMatchObject({ hp_interest_rate: 0, hp_remaining_interest: 0, remaining_balance: 200 }); // two instalments left (December, January)
  });

  it("a freeze is a payment holiday: no instalment in its months, the schedule runs on", () => {
    const dates = instalmentDates({ finance_start_date: "2026-01-31", payment_term: 4, freeze_start_date: "2026-03-01", freeze_end_date: "2026-04-30" });
    expect(dates).toEqual(["2026-02-28", "2026-05-31", "2026-06-30", "2026-07-31"]);
  });

  it("an agreement without a term or start date derives zeros, not errors", () => {
    expect(financeFigures({ finance_type: "REGULAR" }, TODAY)).toMatchObject({ remaining_balance: 0, remaining_capital: 0, estimated_value: 0, hp_interest_rate: 0 });
    expect(financeFigures({ finance_type: "NONE", purchase_price: 1000 }, TODAY).estimated_value).toBe(1000);
  });

  it("loading keeps an entered Variable Rate and derives the read-only rates", () => {
    expect(withFinanceFigures(EXAMPLES.variableRate, TODAY).hp_interest_rate).toBe(7.5);
    expect(withFinanceFigures({ ...EXAMPLES.fixedRate, hp_interest_rate: 99 }, TODAY).hp_interest_rate).toBe(8.11);
  });

  it("the vehicle's remaining capital adds up its agreements not settled", () => {
    expect(vehicleRemainingCapital([EXAMPLES.fixedRate, EXAMPLES.variableRate, { ...EXAMPLES.lease, finance_early_settlement_date: "2026-01-01" }], TODAY)).toBe(33682.62);
  });

  it("month arithmetic clamps to the month's end; days between dates", () => {
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2025-12-15", 2)).toBe("2026-02-15");
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
    expect(daysBetween("2025-01-15", "2026-11-22")).toBe(676);
  });
});

describe("finance figures month by month (the reports)", () => {
  it("splits each Fixed Rate instalment into capital and interest; the interest adds up to the total", async () => {
    const { instalmentSchedule } = await import("../../core/agreements/finance");
    const rows = instalmentSchedule(EXAMPLES.fixedRate);
    expect(rows).toHaveLength(49); // 48 instalments and the balloon
    expect(rows[0]).toEqual({ date: "2025-02-15", payment: 550, capital: 374.05, interest: 175.95 }); // 27,000 x 0.65170% = 175.95
    expect(rows[48]).toEqual({ date: "2029-01-15", payment: 6000, capital: 6000, interest: 0 });
    const interest = rows.reduce((t, r) => t + Math.round(r.interest * 100), 0) / 100;
    expect(Math.abs(interest - 5400)).toBeLessThanOrEqual(0.25); // per-row rounding only
  });

  it("Variable Rate interest by month for a year; a stocking plan's interest by days in each month; a hire agreement's cost", async () => {
    const { costByMonth } = await import("../../core/agreements/finance");
    const v = costByMonth(EXAMPLES.variableRate, 2026);
    expect(v[0]).toBe(131.25); // instalment 7 (01/01/2026): (24,000 - 6 x 500) x 0.075 / 12
    const s = costByMonth(EXAMPLES.stockingPlan, 2026);
    expect(s[1]).toBe(0); // February: before accrual starts
    expect(s[2]).toBe(101.92); // March: 20,000 x 0.06 x 31 / 365
    expect(s[9]).toBe(81.53); // October: 16,000 x 0.06 x 31 / 365
    const h = costByMonth(EXAMPLES.hireAgreement, 2026);
    expect(h[10]).toBe(525);
    expect(h[11]).toBe(775);
  });
});
