import { describe, expect, it } from "vitest";
import { MONEY_MESSAGES, approvedLocked, creditsWithinTotal, outstandingEquals, paidWithinTotal, paymentOnApproved, takenOffInvoice } from "../../core/accounts/invariants.js";
import { CREDIT_MESSAGES } from "../../core/accounts/credit-definitions.js";

/** The money invariants as pure functions (core/accounts/invariants.ts; docs/accounts.md "Money invariants"). */

const inv = { amount: 100, no_vat_amount: 0, vat_rate: 20 as const, credited: 0, paid: 0, approved: true, invoice_number: "IN00001" };

describe("money invariants", () => {
  it("creditsWithinTotal: what is left, to the penny", () => {
    expect(creditsWithinTotal(120, 0, 120)).toBeNull();
    expect(creditsWithinTotal(120, 0, 120.01)).toEqual({ message: CREDIT_MESSAGES.tooMuch(120), errors: { amount: CREDIT_MESSAGES.tooMuch(120) } });
    expect(creditsWithinTotal(120, 100.1, 19.9)).toBeNull();
    expect(creditsWithinTotal(120, 130, 1)?.message).toBe(CREDIT_MESSAGES.tooMuch(0));
    expect(takenOffInvoice({ credited: 0.1, paid: 0.2 })).toBe(0.3);
  });

  it("paidWithinTotal: within what is owed unless a labelled overpayment; lowering always may", () => {
    expect(paidWithinTotal(inv, 120, false)).toBeNull();
    expect(paidWithinTotal(inv, 120.01, false)?.message).toBe(MONEY_MESSAGES.overpaid("IN00001", 120));
    expect(paidWithinTotal({ ...inv, credited: 24, paid: 90 }, 6.01, false)).not.toBeNull();
    expect(paidWithinTotal(inv, 1_000_000, true)).toBeNull();
    expect(paidWithinTotal({ ...inv, paid: 500 }, -10, false)).toBeNull();
  });

  it("paymentOnApproved: only an approved invoice's paid figure rises", () => {
    expect(paymentOnApproved(inv, 10)).toBeNull();
    expect(paymentOnApproved({ ...inv, approved: false }, 10)?.message).toBe(MONEY_MESSAGES.notApprovedInvoice("IN00001"));
    expect(paymentOnApproved({ ...inv, approved: false }, -10)).toBeNull();
  });

  it("outstandingEquals: names each figure that disagrees", () => {
    expect(outstandingEquals({ ...inv, credited: 12, paid: 50, outstanding: 58 }, [{ total: 12 }], [{ amount: 20 }, { amount: 30 }])).toEqual([]);
    expect(outstandingEquals({ ...inv, paid: 40, outstanding: 80 }, [], [{ amount: 10 }, { amount: 10 }, { amount: 10 }, { amount: 10 }, { amount: 10 }])).toEqual(["paid 40 but PAID payments total 50", "outstanding 80 but total − credits − payments is 70"]);
    expect(outstandingEquals({ ...inv, paid: 150, outstanding: -30 }, [], [{ amount: 150 }])[0]).toMatch(/exceeds the total by 30/);
    expect(outstandingEquals({ ...inv, paid: 150, outstanding: -30 }, [], [{ amount: 100 }, { amount: 50, overpayment: true }])).toEqual([]);
    expect(outstandingEquals({ ...inv, approved: false, paid: 10 }, [], [{ amount: 10 }])).toEqual(["not approved but has credits or payments against it"]);
  });

  it("approvedLocked", () => {
    expect(approvedLocked({ approved: true }, "locked")).toEqual({ message: "locked", errors: {} });
    expect(approvedLocked({ approved: false }, "locked")).toBeNull();
  });
});
