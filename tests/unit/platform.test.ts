import { describe, expect, it } from "vitest";
import * as z from "zod";
import { diffRecords } from "../../core/platform/audit.js";
import { addDays, daysInclusive, monthOf, normaliseDate, todayInLondon, ukDate, weekOf, windowOf } from "../../core/platform/dates.js";
import { bool, int, isoDate, num, ref, requiredText, text } from "../../core/platform/fields.js";
import { Money, formatPounds, fromPence, money, pounds, sum, toPence, vatOn, withVat } from "../../core/platform/money.js";
import { offsetOf, searchKey, searchText } from "../../core/platform/paging.js";
import { isFresh } from "../../core/platform/records.js";
import { fromZodError } from "../../core/platform/validation.js";
import { isAllowed } from "../../core/auth/index.js";
import { TAX_TYPES, taxRate } from "../../core/settings/accounting.js";

describe("money", () => {
  it("adds without float error and rounds half up to pence", () => {
    expect(pounds(sum(0.1, 0.2))).toBe(0.3);
    expect(pounds("2.675")).toBe(2.68);
    expect(vatOn(99.99)).toBe(20);
    expect(withVat(100)).toBe(120);
    expect(withVat(10, 5)).toBe(10.5);
    expect(formatPounds(1234.5)).toBe("£1,234.50");
    expect(formatPounds(-3)).toBe("-£3.00");
  });
  it("rounds half away from zero at the pence edge, negatives too, and keeps long divisions exact", () => {
    expect(pounds("-2.675")).toBe(-2.68);
    expect(pounds("1.005")).toBe(1.01);
    expect(pounds("1.00499999999999999999")).toBe(1);
    expect(toPence("0.125")).toBe(13);
    expect(toPence("-0.125")).toBe(-13);
    expect(fromPence(1999)).toBe(19.99);
    // 1/3 of a large sum, times 3, still rounds back to the sum (40 significant digits).
    expect(pounds(money("123456789012.34").div(3).times(3))).toBe(123456789012.34);
    expect(money(money(5)).eq(5)).toBe(true);
    expect(money(null).eq(0) && money("").eq(0)).toBe(true);
    expect(money("7.5")).toBeInstanceOf(Money);
  });
  it("refuses what is not a plain decimal amount (no NaN, Infinity, hex or '+')", () => {
    for (const bad of [Number.NaN, Infinity, "Infinity", "NaN", "0x10", "+1", "1,000", " 1", "abc"]) expect(() => money(bad as never)).toThrow(/Invalid amount/);
    expect(money("1e3").eq(1000)).toBe(true);
    expect(money("-.5").eq(-0.5)).toBe(true);
  });
});

describe("dates", () => {
  it("weeks run Monday to Sunday", () => {
    expect(weekOf("2026-11-22")).toEqual({ start: "2026-11-16", end: "2026-11-22" }); // a Sunday
    expect(weekOf("2026-11-23")).toEqual({ start: "2026-11-23", end: "2026-11-29" }); // a Monday
  });
  it("a dashboard timeframe's window: the week or the month holding the date", () => {
    expect(windowOf("weekly", "2026-11-25")).toEqual({ start: "2026-11-23", end: "2026-11-29" });
    expect(windowOf("monthly", "2026-11-25")).toEqual({ start: "2026-11-01", end: "2026-11-30" });
  });
  it("months, days inclusive, UK display, normalisation", () => {
    expect(monthOf("2028-02-10")).toEqual({ start: "2028-02-01", end: "2028-02-29" });
    expect(daysInclusive("2026-01-01", "2026-01-01")).toBe(1);
    expect(daysInclusive("2026-01-10", "2026-01-01")).toBe(10);
    expect(daysInclusive("2026-03-28", "2026-03-30")).toBe(3); // across the clocks going forward
    expect(ukDate("2026-11-05")).toBe("05/11/2026");
    expect(normaliseDate("")).toBeNull();
    expect(normaliseDate("2026-11-05T10:00:00Z")).toBe("2026-11-05");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
  it("today is London's date, not UTC's", () => {
    expect(todayInLondon(new Date("2026-07-01T23:30:00Z"))).toBe("2026-07-02");
    expect(todayInLondon(new Date("2026-12-01T23:30:00Z"))).toBe("2026-12-01");
  });
});

describe("fields", () => {
  it("numbers accept numeric strings; '' becomes null", () => {
    expect(num().parse("12.50")).toBe(12.5);
    expect(num().parse("")).toBeNull();
    expect(num().safeParse("abc").success).toBe(false);
    expect(int().safeParse(1.5).success).toBe(false);
    expect(int().parse("7")).toBe(7);
  });
  it("dates are ISO, real, '' becomes null", () => {
    expect(isoDate().parse("")).toBeNull();
    expect(isoDate().parse("2026-11-22T09:00:00.000Z")).toBe("2026-11-22");
    expect(isoDate().safeParse("22/11/2026").success).toBe(false);
    expect(isoDate().safeParse("2026-02-31").success).toBe(false);
    expect(isoDate().safeParse("2028-02-29").success).toBe(true);
    expect(isoDate().safeParse("2026-13-01").success).toBe(false);
  });
  it("text, booleans and references", () => {
    expect(text().parse("")).toBeNull();
    expect(text(3).safeParse("abcd").success).toBe(false);
    expect(requiredText("Code Required").safeParse("  ").error?.issues[0].message).toBe("Code Required");
    expect(bool().parse("true")).toBe(true);
    expect(ref().parse({ id: 4, name: "x" })).toBe(4);
    expect(ref().parse("9")).toBe(9);
  });
});

describe("validation errors", () => {
  it("use the spec's message when a rule carries one", () => {
    const e = fromZodError(z.object({ code: requiredText("Code Required") }).safeParse({}).error!);
    expect(e.message).toBe("Code Required");
    expect(e.errors).toEqual({ code: "Code Required" });
    expect(e.status).toBe(400);
  });
  it("name unknown fields", () => {
    const e = fromZodError(z.strictObject({ a: z.string() }).safeParse({ a: "x", b: 1 }).error!);
    expect(e.message).toBe("Unknown field: b");
    expect(e.errors).toEqual({ b: "Unknown field" });
  });
});

describe("freshness", () => {
  it("an exact match is fresh; a different full-precision time is stale", () => {
    expect(isFresh("2026-11-22T10:00:00.123Z", "2026-11-22T10:00:00.123Z")).toBe(true);
    expect(isFresh("2026-11-22T10:00:00.523Z", "2026-11-22T10:00:00.123Z")).toBe(false);
  });
  it("a time sent without milliseconds matches only a version saved at .000, never a later save in the same second (issue 22 finding 8)", () => {
    expect(isFresh("2026-11-22T10:00:00.000Z", "2026-11-22T10:00:00Z")).toBe(true);
    expect(isFresh("2026-11-22T10:00:00.523Z", "2026-11-22T10:00:00Z")).toBe(false);
    expect(isFresh("2026-11-22T10:00:00.101Z", "2026-11-22T10:00:00Z")).toBe(false);
    expect(isFresh("2026-11-22T10:00:01.523Z", "2026-11-22T10:00:00Z")).toBe(false);
    expect(isFresh("2026-11-22T10:00:01.523Z", "garbage")).toBe(false);
  });
});

describe("audit diff", () => {
  it("lists changed business fields only", () => {
    expect(diffRecords({ name: "A", price: 1, last_saved: "x" }, { name: "A", price: 2, last_saved: "y" })).toEqual([{ field: "price", from: 1, to: 2 }]);
    expect(diffRecords(undefined, { name: "A" })).toEqual([{ field: "name", from: null, to: "A" }]);
  });
});

describe("sign-in allow-list", () => {
  it("admits configured domains and addresses only", () => {
    expect(isAllowed("Sam@VanCo.co.uk", ["vanco.co.uk"], [])).toBe(true);
    expect(isAllowed("sam@vanco.co.uk.evil.com", ["vanco.co.uk"], [])).toBe(false);
    expect(isAllowed("boss@gmail.com", [], ["boss@gmail.com"])).toBe(true);
    expect(isAllowed("x@gmail.com", [], [])).toBe(false);
  });
});

describe("paging and tax types", () => {
  it("offsets and search text", () => {
    expect(offsetOf({ page: 3, page_size: 25 })).toBe(50);
    expect(searchText("Ford", null, "Transit")).toBe("ford transit");
  });
  it("one search normaliser: the engine's search text and a list's search keys fold accents alike (issue 23)", () => {
    expect(searchText("Citroën", "Berlingo")).toBe("citroen berlingo");
    expect(searchText("  Škoda ", "", "Octavia  Estate")).toBe(searchKey("Škoda Octavia Estate"));
    for (const v of ["Citroën", "CAFÉ  crème", "Renault Trafic", "Ñandú"]) expect(searchText(v)).toBe(searchKey(v));
    expect(searchKey("Citroen")).toBe(searchKey("Citroën"));
  });
  it("tax types carry the spec's rates", () => {
    expect(TAX_TYPES).toHaveLength(16);
    expect(taxRate("OUTPUT2")).toBe(20);
    expect(taxRate("RROUTPUT")).toBe(5);
    expect(taxRate("ZERORATEDINPUT")).toBe(0);
    expect(taxRate("REVERSECHARGES")).toBe(20);
  });
});
