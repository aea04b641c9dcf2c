import { describe, expect, it } from "vitest";
import { FINANCE_TYPE_LABELS, changeFinanceType, defaultPaymentAmount, deriveAgreement, proFormaTotal, saleInvoiceTotal, typeChangeNeedsWarning } from "../../core/agreements/rules.js";

describe("finance agreement rules (000 §3-§5, §9)", () => {
  it("labels REGULAR 'Fixed Rate' and FIXED_MONTHLY_CAPITAL 'Variable Rate'", () => {
    expect(FINANCE_TYPE_LABELS.REGULAR).toBe("Fixed Rate");
    expect(FINANCE_TYPE_LABELS.FIXED_MONTHLY_CAPITAL).toBe("Variable Rate");
  });

  it("changes type at once from NONE; otherwise warns and resets money, term, dates, number and company", () => {
    const fromNone = { finance_type: "NONE", sold_price: 9000, invoice_date: "2026-01-01" };
    expect(typeChangeNeedsWarning(fromNone)).toBe(false);
    expect(changeFinanceType(fromNone, "REGULAR", 7)).toEqual({ ...fromNone, finance_type: "REGULAR" });
    const hp = { finance_type: "REGULAR", agreement_no: "HP-1", finance_company: "Close Brothers", monthly_payment: 420.5, payment_term: 48, invoice_date: "2026-01-01", sp_capital_repayment_start: "2026-02-01", sold_price: 9000 };
    expect(typeChangeNeedsWarning(hp)).toBe(true);
    const reset = changeFinanceType(hp, "LEASE_AGREEMENT", 7);
    expect(reset).toMatchObject({ vehicle: 7, finance_type: "LEASE_AGREEMENT", agreement_no: "", finance_company: "", monthly_payment: 0, payment_term: 0, invoice_date: null, sp_capital_repayment_start: null, sold_price: 9000 });
  });

  it("derives purchase price, amount borrowed, the stocking plan's yearly rate, settled, and today's pro forma date", () => {
    const a = deriveAgreement({ finance_type: "STOCKING_PLAN", vehicle_purchase_price: 21000.1, addons_purchase_price: 1499.95, deposit_amount: 2500, sp_monthly_interest_rate: 0.65 }, "2026-11-23");
    expect(a).toMatchObject({ purchase_price: 22500.05, finance_amount_borrowed: 20000.05, sp_yearly_interest_rate: 7.8, settled: false, pro_forma_date: "2026-11-23" });
    expect(deriveAgreement({ finance_early_settlement_date: "2026-05-01", pro_forma_date: "2026-01-02" }, "2026-11-23")).toMatchObject({ settled: true, pro_forma_date: "2026-01-02" });
  });

  it("pro forma total = sold price + warranty + 20% of the sold price; the sale invoice puts VAT on the vatable amount only", () => {
    expect(proFormaTotal(10000, 450)).toBe(12450);
    expect(saleInvoiceTotal(10000, 450, 20)).toBe(12450);
    expect(saleInvoiceTotal(10000, 450, 5)).toBe(10950);
    expect(saleInvoiceTotal(9999.99, 0, 0)).toBe(9999.99);
    expect(defaultPaymentAmount({ sold_price: 10000, sale_warranty_cost: 450, sale_deposit: 1000 })).toBe(11450);
  });
});
