import { describe, expect, it } from "vitest";
import { dueBoundsResult, paymentColour, paymentRowResult } from "../../core/accounts/payment-rules.js";
import { tradingAreaOf } from "../../core/accounts/invoice-definitions.js";
import { firstOnOrAfter, intervalDayFor, nextAfter, occurrence, previewDates, recurringRuleResult } from "../../core/accounts/recurring-payment-rules.js";

const today = "2026-11-24";

describe("payment row colours (003 §2, §9: due-soon window 7 days)", () => {
  it("overdue when unpaid and past its payment date", () => {
    expect(paymentColour({ payment_date: "2026-11-23" }, today)).toBe("overdue");
  });
  it("due soon when unpaid from today to 7 days ahead", () => {
    expect(paymentColour({ payment_date: today }, today)).toBe("due");
    expect(paymentColour({ payment_date: "2026-12-01" }, today)).toBe("due");
  });
  it("otherwise green: due later, or paid whatever its date", () => {
    expect(paymentColour({ payment_date: "2026-12-02" }, today)).toBe("green");
    expect(paymentColour({ payment_date: "2026-01-01", date_paid: "2026-01-02" }, today)).toBe("green");
  });
});

describe("payment rules (003 §5)", () => {
  it("a bulk row needs contact, payment date and amount", () => {
    expect(paymentRowResult({ contact: 1, payment_date: today, amount: 5 })).toBeNull();
    expect(paymentRowResult({ contact: 1, payment_date: "", amount: null })).toEqual({ message: "Please fill in all fields", errors: { payment_date: "Please fill in all fields", amount: "Please fill in all fields" } });
  });
  it("Select Filtered needs both due-date bounds", () => {
    expect(dueBoundsResult(today, today)).toBeNull();
    expect(dueBoundsResult(today, "")?.message).toBe("Please enter due date start and end");
    expect(dueBoundsResult(null, today)?.errors).toEqual({ start: "Please enter due date start and end" });
  });
  it("trading areas from the department's name", () => {
    expect(tradingAreaOf("DIRECT VAN HIRE")).toBe("dvh");
    expect(tradingAreaOf("RENTALS DIRECT")).toBe("dvh");
    expect(tradingAreaOf("Rapid Fit")).toBe("rf");
    expect(tradingAreaOf("VAN SALES DIRECT")).toBe("vsd");
    expect(tradingAreaOf("PARTS DIRECT")).toBeNull();
    expect(tradingAreaOf(null)).toBeNull();
  });
});

describe("recurring dates (003 §4)", () => {
  it("weekly adds 7 days, monthly a month, yearly a year, fixed duration its days", () => {
    expect(occurrence({ start_date: "2026-11-24", interval_type: "WEEKLY" }, 2)).toBe("2026-12-08");
    expect(occurrence({ start_date: "2026-11-24", interval_type: "MONTHLY" }, 3)).toBe("2027-02-24");
    expect(occurrence({ start_date: "2028-02-29", interval_type: "YEARLY" }, 1)).toBe("2029-02-28");
    expect(occurrence({ start_date: "2026-11-24", interval_type: "FIXED_DURATION", interval_day: 10 }, 3)).toBe("2026-12-24");
  });
  it("monthly dates count from the start, so the 31st never drifts to the 28th", () => {
    expect(previewDates({ start_date: "2027-01-31", interval_type: "MONTHLY" })).toEqual(["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"]);
  });
  it("the preview lists 5 dates, fewer when the end date comes first; an empty end repeats indefinitely", () => {
    expect(previewDates({ start_date: "2026-11-24", interval_type: "WEEKLY" })).toHaveLength(5);
    expect(previewDates({ start_date: "2026-11-24", interval_type: "WEEKLY", end_date: "2026-12-08" })).toEqual(["2026-11-24", "2026-12-01", "2026-12-08"]);
    expect(previewDates({ start_date: "2026-11-24", interval_type: "FIXED_DURATION", interval_day: null })).toEqual([]);
    expect(previewDates({ start_date: null, interval_type: "WEEKLY" })).toEqual([]);
  });
  it("next dates: the first on or after a day, the one after an occurrence, none past the end", () => {
    const s = { start_date: "2026-01-15", interval_type: "MONTHLY" as const, end_date: "2026-06-30" };
    expect(firstOnOrAfter(s, "2026-01-01")).toBe("2026-01-15");
    expect(firstOnOrAfter(s, "2026-03-16")).toBe("2026-04-15");
    expect(firstOnOrAfter(s, "2026-04-15")).toBe("2026-04-15");
    expect(nextAfter(s, "2026-05-15")).toBe("2026-06-15");
    expect(nextAfter(s, "2026-06-15")).toBeNull();
    expect(firstOnOrAfter({ start_date: "2020-01-06", interval_type: "WEEKLY" }, "2026-11-24")).toBe("2026-11-30");
    expect(firstOnOrAfter({ start_date: "2020-02-29", interval_type: "YEARLY" }, "2026-11-24")).toBe("2027-02-28");
  });
});

describe("recurring payment rules (003 §5)", () => {
  const ok = { contact: 1, start_date: today, payment_type: "BACS", interval_type: "WEEKLY", interval_payment_amount: 10, department: 1 };
  it("required fields, interval days for FIXED_DURATION", () => {
    expect(recurringRuleResult(ok, today)).toBeNull();
    expect(recurringRuleResult({ ...ok, department: null }, today)).toEqual({ message: "Please fill in all fields", errors: { department: "Please fill in all fields" } });
    expect(recurringRuleResult({ ...ok, interval_type: "FIXED_DURATION" }, today)?.errors).toEqual({ interval_day: "Please fill in all fields" });
  });
  it("the start date not before today (only when new or moved); at least 7 days apart", () => {
    expect(recurringRuleResult({ ...ok, start_date: "2026-11-23" }, today)?.message).toBe("Minimum start date is today");
    expect(recurringRuleResult({ ...ok, start_date: "2026-11-23" }, today, { startChecked: false })).toBeNull();
    expect(recurringRuleResult({ ...ok, interval_type: "FIXED_DURATION", interval_day: 6 }, today)?.message).toBe("Minimum payment interval is 7 days");
    expect(recurringRuleResult({ ...ok, interval_type: "FIXED_DURATION", interval_day: 7 }, today)).toBeNull();
  });
  it("changing the interval type clears the days", () => {
    expect(intervalDayFor("MONTHLY", 12)).toBeNull();
    expect(intervalDayFor("FIXED_DURATION", 12)).toBe(12);
  });
});
