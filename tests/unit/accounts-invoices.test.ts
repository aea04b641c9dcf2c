import { describe, expect, it } from "vitest";
import { CREDIT_MESSAGES, creditApproveResult, creditTotals, invoiceCreditKind, linkOf } from "../../core/accounts/credit-definitions.js";
import { INVOICE_MESSAGES, INVOICE_PREFIX, approveRuleResult, documentNumber, dueDateOf, invoiceState, invoiceTotals, numberCounter, outstandingOf, startsAtMonthEnd, tradingAreaOf } from "../../core/accounts/invoice-definitions.js";
import { invoiceFacets, invoiceMemberships } from "../../core/accounts/invoice.js";

/** The pure invoice and credit rules (003 §4, §5, §9; decisions A1, A3, A4). */

describe("totals (003 §9)", () => {
  it("VAT is 20% of the vatable amount; total = 1.2 x amount + no-VAT amount, exact to the penny", () => {
    expect(invoiceTotals({ amount: 1000, no_vat_amount: 45.5 })).toEqual({ vat: 200, total: 1245.5 });
    expect(invoiceTotals({ amount: 0.1, no_vat_amount: 0.2 })).toEqual({ vat: 0.02, total: 0.32 });
    expect(invoiceTotals({ amount: 33.33 })).toEqual({ vat: 6.67, total: 40 });
    expect(invoiceTotals({ amount: null, no_vat_amount: null })).toEqual({ vat: 0, total: 0 });
    expect(creditTotals({ amount: 10, no_vat_amount: 1 })).toEqual({ vat: 2, total: 13 });
  });

  it("outstanding = total − credited − paid", () => {
    expect(outstandingOf({ amount: 100, credited: 12, paid: 50 })).toBe(58);
    expect(outstandingOf({ amount: 100, credited: 120 })).toBe(0);
  });
});

describe("due dates (payment terms from invoice date or month end)", () => {
  it("adds the customer's payment term days to the invoice date", () => {
    expect(dueDateOf("2030-03-10", { payment_term_days: 30 })).toBe("2030-04-09");
    expect(dueDateOf("2030-03-10", {})).toBe("2030-03-10");
    expect(dueDateOf(null, { payment_term_days: 30 })).toBe(null);
  });
  it("counts from the end of the invoice's month when the terms say month end", () => {
    expect(dueDateOf("2030-02-10", { payment_term_days: 14, payment_terms: "Month End" })).toBe("2030-03-14");
    expect(dueDateOf("2032-02-10", { payment_term_days: 0, payment_terms: "30 days end of month" })).toBe("2032-02-29");
    expect(startsAtMonthEnd("30 days from invoice")).toBe(false);
    expect(startsAtMonthEnd("EOM")).toBe(true);
  });
});

describe("approve rules (003 §5 Invoices)", () => {
  const good = { amount: 100, no_vat_amount: 0, vat_nominal_code: 1, invoice_date: "2030-01-01" };
  it("passes a complete invoice for a full customer", () => expect(approveRuleResult(good, { partial_contact: false })).toBe(null));
  it("refuses in the spec's order with its messages", () => {
    expect(approveRuleResult(good, { partial_contact: true })?.message).toBe("The customer must be fully setup");
    expect(approveRuleResult(good, null)?.message).toBe("The customer must be fully setup");
    expect(approveRuleResult({ ...good, vat_nominal_code: null }, {})?.errors).toEqual({ vat_nominal_code: INVOICE_MESSAGES.vatNominalRequired });
    expect(approveRuleResult({ ...good, no_vat_amount: 5 }, {})?.errors).toEqual({ no_vat_nominal_code: INVOICE_MESSAGES.noVatNominalRequired });
    expect(approveRuleResult({ ...good, amount: 0, vat_nominal_code: null }, {})).toBe(null);
    expect(approveRuleResult({ ...good, invoice_date: null }, {})?.message).toBe("Invoice Date is required");
  });
  it("states: not approved, ready, approved", () => {
    expect(invoiceState({})).toBe("NOTAPPROVED");
    expect(invoiceState({ ready_to_invoice: true })).toBe("READY");
    expect(invoiceState({ approved: true, ready_to_invoice: true })).toBe("APPROVED");
  });
});

describe("numbering (A1; 003 §9 prefixes)", () => {
  it("IN for hire and sales, TR movements, PA part orders; 5-digit sequence; IN keeps the sale's counter", () => {
    expect(INVOICE_PREFIX).toEqual({ HIRE: "IN", SALES: "IN", MOVEMENT: "TR", ORDER: "PA" });
    expect(documentNumber("TR", 7)).toBe("TR00007");
    expect(documentNumber("CN", 123456)).toBe("CN123456");
    expect(numberCounter("IN")).toBe("invoicenumber");
    expect(numberCounter("PA")).toBe("docno#PA");
  });
});

describe("lists and balance facets (docs/data-model.md §8)", () => {
  const inv = { src: "MOVEMENT" as const, customer: 7, department: 2, amount: 100, invoice_date: "2030-01-10", payment_date: "2030-02-09", area: "dvh" as const, movement: 5 };
  it("every source × state × department view, the customer's lists by source and state and the source's", () => {
    const lists = invoiceMemberships(inv as never).map((m) => m.list);
    expect(lists).toEqual(expect.arrayContaining(["s#MOVEMENT#NOTAPPROVED#d#2", "s#ALL#ALL#d#ALL", "s#MOVEMENT#ALL#d#ALL", "of#movement#5"]));
    expect(lists.filter((l) => l.startsWith("cust#"))).toEqual(["cust#7#MOVEMENT#NOTAPPROVED", "cust#7#MOVEMENT#ALL", "cust#7#ALL#NOTAPPROVED", "cust#7#ALL#ALL"]);
    expect(lists.some((l) => l.startsWith("unpaid"))).toBe(false);
  });
  it("approved and owed: in the unpaid lists by due date with the owed pence; its total in the customer's balance facets", () => {
    const approved = { ...inv, approved: true, credited: 20 };
    const unpaid = invoiceMemberships(approved as never).filter((m) => m.list.startsWith("unpaid"));
    expect(unpaid.map((m) => [m.list, m.sort])).toEqual([["unpaid#c#7", "2030-02-09"], ["unpaid#d#2", "2030-02-09"], ["unpaid#d#ALL", "2030-02-09"]]);
    expect(unpaid[0].tags).toContain("g=10000");
    expect(invoiceFacets(approved as never)).toEqual([{ facet: "bal#7", value: "total", amount: 12000 }, { facet: "bal#7", value: "dvh", amount: 12000 }]);
    expect(invoiceMemberships({ ...approved, credited: 120 }).some((m) => m.list.startsWith("unpaid"))).toBe(false);
  });
  it("trading areas from department names", () => {
    expect(tradingAreaOf("DIRECT VAN HIRE")).toBe("dvh");
    expect(tradingAreaOf("RENTALS DIRECT")).toBe("dvh");
    expect(tradingAreaOf("Rapid Fit")).toBe("rf");
    expect(tradingAreaOf("VAN SALES DIRECT")).toBe("vsd");
    expect(tradingAreaOf("PARTS DIRECT")).toBe(null);
  });
});

describe("credit note rules (003 §5 Credit notes; A10)", () => {
  it("approval needs date issued and the nominal codes; an amount", () => {
    expect(creditApproveResult({ amount: 10 })?.message).toBe("Date Issued and Nominal Code are required before approving");
    expect(creditApproveResult({ amount: 10, vat_nominal_code: 1 })?.message).toBe("Date Issued is required");
    expect(creditApproveResult({ no_vat_amount: 10, no_vat_nominal_code: 1, date_issued: "2030-01-01" })).toBe(null);
    expect(creditApproveResult({ date_issued: "2030-01-01" })?.message).toBe(CREDIT_MESSAGES.amountRequired);
  });
  it("one link; kinds from the invoice's source", () => {
    expect(linkOf({ invoice: 3 })).toEqual({ field: "invoice", id: 3 });
    expect(linkOf({ invoice: 3, part: 4 })).toBe(null);
    expect(linkOf({})).toBe(null);
    expect([invoiceCreditKind("MOVEMENT"), invoiceCreditKind("SALES"), invoiceCreditKind("HIRE"), invoiceCreditKind("ORDER")]).toEqual(["MOVEMENT", "SALE", "INVOICE", "INVOICE"]);
  });
});
