import { describe, expect, it } from "vitest";
import { CREDIT_MESSAGES } from "../../core/accounts/credit-definitions.js";
import { MONEY_MESSAGES } from "../../core/accounts/invariants.js";
import { formatPounds } from "../../core/platform/money.js";
import { personName, personOf } from "../../core/platform/people.js";

/** Issue 24: the server-side parts of items 2 and 12. */
describe("the one money formatter of messages (issue 24 item 12)", () => {
  it("groups thousands, from the decimal, with no float drift", () => {
    expect(formatPounds(1923.12)).toBe("£1,923.12");
    expect(formatPounds("1234567.895")).toBe("£1,234,567.90");
    expect(formatPounds(-0.001)).toBe("£0.00");
    expect(formatPounds(-1000)).toBe("-£1,000.00");
    expect(formatPounds(0.1 + 0.2)).toBe("£0.30");
  });
  it("the over-credit and over-payment messages carry the thousands comma", () => {
    expect(CREDIT_MESSAGES.tooMuch(1923.12)).toBe("The credit is more than is left to credit (£1,923.12)");
    expect(MONEY_MESSAGES.tooMuchCredit(1923.12)).toContain("(£1,923.12)");
  });
});

describe("a recorded person (issue 24 item 2: 'Approved by Ursula null')", () => {
  it("is written with a blank family name as null, never 'null' text or an empty string", () => {
    expect(personOf({ email: "u@x.co.uk", given_name: "Ursula", family_name: "" })).toEqual({ first_name: "Ursula", last_name: null });
    expect(personOf({ email: "u@x.co.uk", given_name: "Ursula", family_name: null })).toEqual({ first_name: "Ursula", last_name: null });
    expect(personOf({ email: "u@x.co.uk", given_name: " ", family_name: "Day" })).toEqual({ first_name: "u@x.co.uk", last_name: "Day" });
  });
  it("is printed with the parts that are there", () => {
    expect(personName({ first_name: "Ursula", last_name: null })).toBe("Ursula");
    expect(personName({ first_name: "Ursula", last_name: "null" })).toBe("Ursula");
    expect(personName({ first_name: "Ursula", last_name: "Day" })).toBe("Ursula Day");
    expect(personName(null)).toBe("");
  });
});

describe("workshop approval names the nominal codes missing (issue 24 item 9)", () => {
  it("keys each to its field, naming the item or part", async () => {
    const { missingNominalCodes } = await import("../../core/accounts/work-rules.js");
    const item = { description: "Replace pads", customer_nominal_code: null, parts: [{ name: "Brake pads", customer_nominal_code: null }, { name: "Clips", customer_nominal_code: { id: 3 } }] };
    expect(missingNominalCodes("invoice", item, 0)).toEqual([
      ["0.customer_nominal_code", "Nominal code needed for Replace pads"],
      ["0.parts.0.customer_nominal_code", "Nominal code needed for part Brake pads"],
    ]);
    expect(missingNominalCodes("po", { ...item, supplier_nominal_code: 4, parts: [] }, 2)).toEqual([]);
  });
});
