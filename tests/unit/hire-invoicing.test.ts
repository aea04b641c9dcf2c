import { describe, expect, it } from "vitest";
import { hirePeriodOf, nextHireInvoiceDate } from "../../core/hire/invoicing-rules.js";

const lt = { status: "CONFIRMED", rental_type: "LT", start_date: "2031-01-06", finish_date: "2031-03-30", long_term_weekly: 150 };

describe("hire invoice periods (docs/accounts.md Hire invoices)", () => {
  it("only a confirmed LT rental with WEEKLY or MONTHLY is invoiced; from its start until the first run", () => {
    expect(nextHireInvoiceDate({ ...lt, invoice_interval: "WEEKLY" })).toBe("2031-01-06");
    expect(nextHireInvoiceDate({ ...lt, invoice_interval: "NONE" })).toBeNull();
    expect(nextHireInvoiceDate({ ...lt, invoice_interval: "WEEKLY", status: "QUOTE" })).toBeNull();
    expect(nextHireInvoiceDate({ ...lt, invoice_interval: "WEEKLY", rental_type: "ST" })).toBeNull();
    expect(nextHireInvoiceDate({ ...lt, invoice_interval: "WEEKLY", next_invoice_date: "2031-03-31" })).toBeNull();
  });

  it("a full week is the weekly rate; the last, shortened period weekly x days / 7", () => {
    expect(hirePeriodOf({ ...lt, invoice_interval: "WEEKLY" })).toEqual({ start: "2031-01-06", end: "2031-01-12", days: 7, full: true, amount: 150, next: "2031-01-13" });
    expect(hirePeriodOf({ ...lt, invoice_interval: "WEEKLY", next_invoice_date: "2031-03-24" })).toMatchObject({ end: "2031-03-30", full: true, amount: 150 });
    expect(hirePeriodOf({ ...lt, invoice_interval: "WEEKLY", finish_date: "2031-03-27", next_invoice_date: "2031-03-24" })).toMatchObject({ end: "2031-03-27", days: 4, full: false, amount: 85.71, next: "2031-03-28" });
  });

  it("a full month is weekly x 52 / 12 (to the day before the same date next month); an earlier off-hire date ends it", () => {
    const m = { ...lt, start_date: "2031-01-31", long_term_weekly: 180, invoice_interval: "MONTHLY", finish_date: "2031-06-30" };
    expect(hirePeriodOf(m)).toEqual({ start: "2031-01-31", end: "2031-02-27", days: 28, full: true, amount: 780, next: "2031-02-28" });
    expect(hirePeriodOf({ ...m, next_invoice_date: "2031-03-15", off_hire_date: "2031-03-20" })).toMatchObject({ end: "2031-03-20", days: 6, full: false, amount: 154.29 });
    expect(hirePeriodOf({ ...m, long_term_weekly: 100.01 })!.amount).toBe(433.38); // 100.01 x 52 / 12 = 433.3766...
  });
});
