import { describe, expect, it } from "vitest";
import { NUMBER_MESSAGES, formatNumberText, parseNumberText } from "../../web/src/platform/form/numbers";
import { toApiValue, validateValues, type FieldDef } from "../../web/src/platform/form/fields";

const ok = (value: number | null) => ({ ok: true, value });

describe("typed numbers (the one number input)", () => {
  it("reads a comma as a thousands separator, never a decimal point", () => {
    expect(parseNumberText("24,500", "money")).toEqual(ok(24500));
    expect(parseNumberText("1,250", "money")).toEqual(ok(1250));
    expect(parseNumberText("5,000", "money")).toEqual(ok(5000));
    expect(parseNumberText("1,250.50", "money")).toEqual(ok(1250.5));
    expect(parseNumberText("£1,250.00", "money")).toEqual(ok(1250));
    expect(parseNumberText("1,234,567.89", "money")).toEqual(ok(1234567.89));
    expect(parseNumberText(" 24500 ", "money")).toEqual(ok(24500));
  });

  it("refuses a comma in the wrong place instead of guessing the magnitude", () => {
    expect(parseNumberText("24,50", "money")).toEqual({ ok: false, message: NUMBER_MESSAGES.separators });
    expect(parseNumberText("2,4500", "money")).toEqual({ ok: false, message: NUMBER_MESSAGES.separators });
    expect(parseNumberText("1,2", "number")).toEqual({ ok: false, message: NUMBER_MESSAGES.separators });
  });

  it("treats half-typed text as not yet a number, without throwing", () => {
    for (const t of ["-", ".", "-.", "£", "abc", "1.2.3", "--1"]) expect(parseNumberText(t, "money").ok).toBe(false);
    expect(parseNumberText("12.", "money")).toEqual(ok(12));
    expect(parseNumberText(".5", "number")).toEqual(ok(0.5));
    expect(parseNumberText("-5", "money")).toEqual(ok(-5));
    expect(parseNumberText("-0", "money")).toEqual(ok(0));
  });

  it("keeps money to pounds and pence and counts to whole numbers", () => {
    expect(parseNumberText("1.234", "money")).toEqual({ ok: false, message: NUMBER_MESSAGES.pence });
    expect(parseNumberText("1.230", "money")).toEqual(ok(1.23));
    expect(parseNumberText("12.5", "integer")).toEqual({ ok: false, message: NUMBER_MESSAGES.wholeNumber });
    expect(parseNumberText("12,345", "integer")).toEqual(ok(12345));
    expect(parseNumberText("12.5%", "percent")).toEqual(ok(12.5));
    expect(parseNumberText("", "money")).toEqual(ok(null));
    expect(parseNumberText(null, "money")).toEqual(ok(null));
  });

  it("shows money with separators and pence, and leaves text that is not a number as typed", () => {
    expect(formatNumberText(24500, "money")).toBe("24,500.00");
    expect(formatNumberText(1250.5, "money")).toBe("1,250.50");
    expect(formatNumberText("24,50", "money")).toBe("24,50");
    expect(formatNumberText("", "money")).toBe("");
    expect(formatNumberText(12.5, "percent")).toBe("12.5");
  });

  it("sends the parsed number to the API and refuses invalid text before sending", () => {
    const price: FieldDef = { name: "purchase_price", label: "Purchase price", kind: "money" };
    expect(toApiValue(price, "24,500")).toBe(24500);
    expect(toApiValue(price, 24500)).toBe(24500);
    expect(toApiValue(price, "24,50")).toBeNull();
    expect(validateValues([price], { purchase_price: "24,50" })).toEqual({ purchase_price: NUMBER_MESSAGES.separators });
    expect(validateValues([price], { purchase_price: "-" })).toEqual({ purchase_price: NUMBER_MESSAGES.notANumber });
    expect(validateValues([price], { purchase_price: 24500 })).toEqual({});
  });
});
