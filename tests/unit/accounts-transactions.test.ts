import { describe, expect, it } from "vitest";
import { approvalRuleResult, firstOccurrenceFrom, invoiceTotal, occurrenceAt, occurrencesDue, transactionRuleResult, vatForAmount, vatWarnings, weekBounds } from "../../core/accounts/transaction-rules.js";
import { transactionFacets, transactionMemberships } from "../../core/accounts/transaction.js";
import { diaryBuckets, diaryRuleResult, windowBuckets } from "../../core/accounts/diary-rules.js";

describe("transaction totals (003 §5, §9)", () => {
  it("vat is 20% of the amount, to the penny, half up", () => {
    expect(vatForAmount(100)).toBe(20);
    expect(vatForAmount(123.45)).toBe(24.69);
    expect(vatForAmount(0.025)).toBe(0.01);
    expect(vatForAmount(null)).toBeNull();
  });

  it("invoice total = invoice amount (else amount) x (1 + VAT%), 20% by default, without float error", () => {
    expect(invoiceTotal({ amount: 123.45 })).toBe(148.14);
    expect(invoiceTotal({ amount: 0.1, invoice_vat: 20 })).toBe(0.12);
    expect(invoiceTotal({ amount: 100, invoice_amount: 50, invoice_vat: 5 })).toBe(52.5);
    expect(invoiceTotal({ amount: 10, invoice_vat: 0 })).toBe(10);
    expect(invoiceTotal({})).toBeNull();
  });
});

describe("VAT-mismatch warnings", () => {
  it("selected VAT percent against the nominal code's rate", () => {
    expect(vatWarnings({ invoice_vat: 20 }, 0)).toEqual(["Selected Vat and Nominal Vat do not match"]);
    expect(vatWarnings({ invoice_vat: 5 }, 5)).toEqual([]);
  });
  it("VAT entered against the amount at the nominal code's rate", () => {
    expect(vatWarnings({ amount: 100, vat: 20 }, 20)).toEqual([]);
    expect(vatWarnings({ amount: 100, vat: 20 }, 5)).toEqual(["Vat entered does not match nominal vat"]);
    expect(vatWarnings({ amount: 100, vat: 5 }, 5)).toEqual([]);
  });
  it("nothing to compare without a nominal code", () => {
    expect(vatWarnings({ amount: 100, vat: 1, invoice_vat: 3 }, null)).toEqual([]);
  });
});

describe("transaction rules", () => {
  it("new: description and amount, and a date unless repeating; repeating needs a frequency", () => {
    expect(transactionRuleResult({ date: "2030-01-01", description: "x", amount: 1 })).toBeNull();
    expect(transactionRuleResult({ description: "x", amount: 1 })?.message).toBe("You must specify an Invoice Date, Description and Amount!");
    expect(transactionRuleResult({ repeating: true, description: "x" })?.message).toBe("You must specify a Description and Amount!");
    expect(transactionRuleResult({ repeating: true, description: "x", amount: 0 })?.errors).toEqual({ frequency: expect.any(String) });
    expect(transactionRuleResult({ repeating: true, frequency: "WEEKLY", description: "x", amount: 0 })).toBeNull();
  });
  it("approval: nominal code, a full contact, invoice date and number, in that order", () => {
    const ok = { nominal_code: 1, contact: 2, invoice_date: "2030-01-01", invoice_number: "A1" };
    expect(approvalRuleResult(ok, false)).toBeNull();
    expect(approvalRuleResult({ ...ok, nominal_code: null }, false)?.message).toBe("Transaction Nominal Code is required");
    expect(approvalRuleResult(ok, true)?.message).toBe("Contact must be a full contact");
    expect(approvalRuleResult({ ...ok, contact: null }, null)?.message).toBe("Contact must be a full contact");
    expect(approvalRuleResult({ ...ok, invoice_number: " " }, false)?.message).toBe("You must specify an invoice date and invoice number before approving!");
  });
});

describe("week bounds (Monday to Sunday)", () => {
  it("any day gives its Monday and Sunday", () => {
    expect(weekBounds("2030-03-06")).toEqual({ start_date: "2030-03-04", finish_date: "2030-03-10" });
    expect(weekBounds("2030-03-10")).toEqual({ start_date: "2030-03-04", finish_date: "2030-03-10" });
    expect(weekBounds("2030-03-04")).toEqual({ start_date: "2030-03-04", finish_date: "2030-03-10" });
    expect(weekBounds("2031-01-01")).toEqual({ start_date: "2030-12-30", finish_date: "2031-01-05" });
  });
});

describe("occurrence dates of repeating transactions", () => {
  it("weekly every 7 days; monthly the same day, the 31st on a shorter month's last day and back", () => {
    expect([0, 1, 2].map((n) => occurrenceAt("2030-12-25", "WEEKLY", n))).toEqual(["2030-12-25", "2031-01-01", "2031-01-08"]);
    expect([0, 1, 2, 3].map((n) => occurrenceAt("2031-01-31", "MONTHLY", n))).toEqual(["2031-01-31", "2031-02-28", "2031-03-31", "2031-04-30"]);
    expect(occurrenceAt("2031-12-31", "MONTHLY", 2)).toBe("2032-02-29");
  });
  it("the first on or after a date", () => {
    expect(firstOccurrenceFrom("2031-01-31", "MONTHLY", "2031-02-01")).toBe("2031-02-28");
    expect(firstOccurrenceFrom("2031-01-31", "MONTHLY", "2031-03-01")).toBe("2031-03-31");
    expect(firstOccurrenceFrom("2031-01-01", "WEEKLY", "2031-01-02")).toBe("2031-01-08");
    expect(firstOccurrenceFrom("2031-01-01", "WEEKLY", "2030-01-01")).toBe("2031-01-01");
  });
  it("the dates due by today from the next date, each once, and the date after", () => {
    expect(occurrencesDue("2031-01-31", "MONTHLY", "2031-01-31", "2031-03-31")).toEqual({ dates: ["2031-01-31", "2031-02-28", "2031-03-31"], next: "2031-04-30" });
    expect(occurrencesDue("2031-01-31", "MONTHLY", "2031-04-30", "2031-03-31")).toEqual({ dates: [], next: "2031-04-30" });
    expect(occurrencesDue("2031-01-01", "WEEKLY", "2031-01-01", "2032-12-31", 3).dates).toHaveLength(3);
  });
});

describe("transaction lists and figures", () => {
  it("a transaction is in each combination of the filters (≤ 16), its invoice list and its search terms; a template only in the panel's", () => {
    const lists = transactionMemberships({ type: "IN", date: "2030-01-02", cost_centre: 3, department: 1, invoice_number: "INV 7", search_terms: ["diesel"] } as any).map((m) => m.list);
    expect(lists.filter((l) => l.startsWith("t#"))).toHaveLength(16);
    expect(lists).toContain("t#IN#cc#3#a#0#d#1#r#NR");
    expect(lists).toContain("inv#inv7");
    const generated = transactionMemberships({ type: "IN", date: "2030-01-02", template: 9 } as any).map((m) => m.list);
    expect(generated.filter((l) => l.includes("#r#NR"))).toEqual([]);
    const template = transactionMemberships({ type: "OUT", repeating: true, next_date: "2030-01-02", cost_centre: 3 } as any).map((m) => m.list);
    expect(template.sort()).toEqual(["rep#OUT#cc#3", "rep#OUT#cc#ALL", "rep#due"]);
  });
  it("figures facets: the month's partition, day, cost centre and type, in pence; templates none", () => {
    expect(transactionFacets({ type: "OUT", date: "2030-01-02", cost_centre: 3, department: 1, amount: 12.34 } as any)).toEqual([
      { facet: "txfig#ALL#2030-01", value: "02#3#OUT", amount: 1234 },
      { facet: "txfig#1#2030-01", value: "02#3#OUT", amount: 1234 },
    ]);
    expect(transactionFacets({ type: "OUT", repeating: true, date: "2030-01-02", amount: 5 } as any)).toEqual([]);
  });
});

describe("diary buckets (A12)", () => {
  it("a one-day entry is in its week's bucket; up to 4 weeks in each week", () => {
    expect(diaryBuckets({ start_date: "2030-03-06" })).toEqual(["w2030-03-04"]);
    expect(diaryBuckets({ start_date: "2030-03-06", end_date: "2030-03-25" })).toEqual(["w2030-03-04", "w2030-03-11", "w2030-03-18", "w2030-03-25"]);
  });
  it("longer entries by month, then year, then ever; never more than 4 buckets", () => {
    expect(diaryBuckets({ start_date: "2030-03-06", end_date: "2030-04-20" })).toEqual(["m2030-03", "m2030-04"]);
    expect(diaryBuckets({ start_date: "2030-03-06", end_date: "2033-01-05" })).toEqual(["y2030", "y2031", "y2032", "y2033"]);
    expect(diaryBuckets({ start_date: "2030-03-06", end_date: "2036-01-05" })).toEqual(["ever"]);
  });
  it("a week's window reads its week, the months and years it touches, and ever", () => {
    expect(windowBuckets("2030-03-30", "2030-04-05")).toEqual(["w2030-03-25", "w2030-04-01", "m2030-03", "m2030-04", "y2030", "ever"]);
    expect(windowBuckets("2030-03-06", "2030-03-06")).toEqual(["w2030-03-04", "m2030-03", "y2030", "ever"]);
    expect(windowBuckets("2030-01-01", "2030-12-31")).toBeNull();
  });
  it("rules: task and start date; a time of day; an end not before the start; the end may be blank", () => {
    expect(diaryRuleResult({ task_for: "Sam", start_date: "2030-01-01" })).toBeNull();
    // 003 §5 sets no rule on task_for.
    expect(diaryRuleResult({ start_date: "2030-01-01" })).toBeNull();
    expect(diaryRuleResult({ task_for: "Sam" })?.errors).toHaveProperty("start_date");
    expect(diaryRuleResult({ task_for: "Sam", start_date: "2030-01-01", time: "25:00" })?.errors).toHaveProperty("time");
    expect(diaryRuleResult({ task_for: "Sam", start_date: "2030-01-02", end_date: "2030-01-01" })?.errors).toHaveProperty("end_date");
  });
});
