import { describe, expect, it } from "vitest";
import * as z from "zod";
import { capMoney } from "../../core/fleet/cap.js";
import { END_BEFORE_START, LIMITS, dateRange, int, isoDate, markup, mileage, money, num, percent, ref } from "../../core/platform/fields.js";
import { inputFault } from "../../functions/platform/app.js";

/** The bounds of docs/decisions.md "Bounds on input", held once by the shared field types (issue 15). */
const check = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? { ok: r.data } : { error: r.error.issues[0].message };
};

describe("number fields are bounded and not negative unless signed", () => {
  it("money: £0 to £10,000,000; signed: ± that", () => {
    expect(check(money(), 10_000_000)).toEqual({ ok: 10_000_000 });
    expect(check(money(), "12.50")).toEqual({ ok: 12.5 });
    for (const v of [-0.01, 10_000_000.01, 1e17, 2 ** 53, 5e13])
      expect(check(money(), v), String(v)).toEqual({ error: "Must be an amount from £0 to £10,000,000" });
    expect(check(money({ signed: true }), -250)).toEqual({ ok: -250 });
    expect(check(money({ signed: true }), -1e17)).toEqual({ error: "Must be an amount from -£10,000,000 to £10,000,000" });
    expect(check(money(), null)).toEqual({ ok: null });
    expect(check(money(), "")).toEqual({ ok: null });
  });

  it("mileages: whole miles from 0 to 2,000,000", () => {
    expect(check(mileage(), 2_000_000)).toEqual({ ok: 2_000_000 });
    expect(check(mileage(), -1)).toEqual({ error: "Must be a mileage from 0 to 2,000,000" });
    expect(check(mileage(), 2_000_001)).toEqual({ error: "Must be a mileage from 0 to 2,000,000" });
    expect(check(mileage(), 10.5)).toEqual({ error: "Must be a whole number" });
  });

  it("percentages 0 to 100; markups and margins 0 to 1,000", () => {
    expect(check(percent(), 100)).toEqual({ ok: 100 });
    expect(check(percent(), 100.5)).toEqual({ error: "Must be a percentage from 0% to 100%" });
    expect(check(markup(), 250)).toEqual({ ok: 250 });
    expect(check(markup(), 1e17)).toEqual({ error: "Must be a percentage from 0% to 1,000%" });
  });

  it("other numbers: 0 to 1,000,000,000 (beyond that no quantity the business has), never past what DynamoDB stores exactly", () => {
    expect(check(num(), LIMITS.quantity)).toEqual({ ok: LIMITS.quantity });
    expect(check(num(), 1e308)).toEqual({ error: "Must be a number from 0 to 1,000,000,000" });
    expect(check(int(), 2 ** 53)).toEqual({ error: "Must be a whole number from 0 to 1,000,000,000" });
    expect(check(int({ signed: true }), -5)).toEqual({ ok: -5 });
  });

  it("record ids: positive, at most 12 digits", () => {
    expect(check(ref(), 999_999_999_999)).toEqual({ ok: 999_999_999_999 });
    expect(check(ref(), 2 ** 53)).toEqual({ error: "Must be a record id" });
    expect(check(ref(), -1)).toEqual({ error: "Must be a record id" });
  });
});

describe("dates", () => {
  it("are real dates from 1900-01-01 to 2100-12-31", () => {
    expect(check(isoDate(), "1900-01-01")).toEqual({ ok: "1900-01-01" });
    expect(check(isoDate(), "2100-12-31")).toEqual({ ok: "2100-12-31" });
    for (const d of ["0000-01-01", "1899-12-31", "2101-01-01", "9999-12-31"]) expect(check(isoDate(), d), d).toEqual({ error: "Must be a date from 01/01/1900 to 31/12/2100" });
  });

  it("a query's range must not end before it starts", () => {
    const q = dateRange(z.object({ start: isoDate(), end: isoDate() }), "start", "end");
    expect(check(q, { start: "2026-06-01", end: "2026-06-01" })).toEqual({ ok: { start: "2026-06-01", end: "2026-06-01" } });
    expect(check(q, { start: "2026-06-02", end: "2026-06-01" })).toEqual({ error: END_BEFORE_START });
    expect(check(q, { end: "2026-06-01" })).toEqual({ ok: { end: "2026-06-01" } });
  });
});

describe("the CAP file holds its cells to the same bound", () => {
  it("refuses a CAP value above £10,000,000", () => {
    expect(capMoney("10000000")).toEqual({ value: 10_000_000 });
    expect(capMoney("50000000000000")).toEqual({ error: 'is more than £10,000,000 ("50000000000000")' });
  });
});

describe("errors DynamoDB raises only for a request's values are 400s; anything else stays a 500", () => {
  it("maps the client's number, size and range refusals", () => {
    expect(inputFault(new Error("Number 9007199254740993 is greater than Number.MAX_SAFE_INTEGER. Use NumberValue from @aws-sdk/lib-dynamodb."))).toBe("A number sent is too large to be stored.");
    expect(inputFault(Object.assign(new Error("Item size has exceeded the maximum allowed size"), { name: "ValidationException" }))).toBe("A value sent is too long to be stored.");
    expect(
      inputFault(Object.assign(new Error("Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {S:b}, upper bound operand: AttributeValue: {S:a}"), { name: "ValidationException" })),
    ).toBe("The end of a range must not be before its start.");
  });

  it("does not hide our own faults", () => {
    expect(inputFault(Object.assign(new Error("Transaction request cannot include multiple operations on one item"), { name: "ValidationException" }))).toBeNull();
    expect(inputFault(Object.assign(new Error("Requested resource not found"), { name: "ResourceNotFoundException" }))).toBeNull();
    expect(inputFault(new TypeError("Cannot read properties of undefined"))).toBeNull();
  });
});
