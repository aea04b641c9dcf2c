import { describe, expect, it } from "vitest";
import * as z from "zod";
import { RENTAL_APPROVAL, RENTAL_DERIVED, rental } from "../../core/hire/definitions.js";
import { MESSAGES, rentalRuleResult } from "../../core/hire/rules.js";
import { LIMITS } from "../../core/platform/limits.js";
import { validateValues, type FieldDef } from "../../web/src/platform/form/fields";

/**
 * One definition per record type (issue 10), the rental: the edit screen's
 * fields and the server's schema come from core/hire/definitions.ts, so
 * they agree on every field, its required message and its bounds.
 */

// The rental screen's fields (they import the form's components, which the
// server's type check does not compile: imported by a path held in a
// variable, typed here by what is used).
const FIELDS_MODULE = "../../web/src/hire/fields";
const { allFields, DEPOSIT } = (await import(FIELDS_MODULE)) as { allFields: () => FieldDef[]; DEPOSIT: FieldDef[] };

// The server's schema, as the record type parses with it (core/hire/rental.ts imports the engine: read it through the definition).
const schema = rental.schema as z.ZodObject<any>;
const screen = allFields();

/** The first message the server's schema gives for this value of one field. */
function serverMessage(name: string, value: unknown): string | undefined {
  const r = schema.shape[name].safeParse(value);
  return r.success ? undefined : r.error.issues[0].message;
}

/** A rental the server's rules accept (every required field filled, dates in order). */
const complete = {
  start_date: "2026-03-02",
  finish_date: "2026-03-06",
  start_mileage: 1000,
  deposit: 100,
  deposit_paid_date: "2026-03-01",
  initial_payment: 50,
  initial_payment_date: "2026-03-01",
};

describe("the rental screen and the rental record type share one definition", () => {
  it("the screen holds every field of the schema but the server's derived figures and the approval, each once", () => {
    const names = screen.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((n) => n in schema.shape)).toBe(true);
    const notOnScreen = Object.keys(schema.shape).filter((n) => !names.includes(n));
    expect(notOnScreen.sort()).toEqual([...RENTAL_DERIVED, ...RENTAL_APPROVAL].sort());
  });

  it("labels and kinds on the screen are the definition's", () => {
    for (const f of screen) {
      const meta = rental.fields.find((m) => m.name === f.name)!;
      expect(f.label, f.name).toBe(meta.label);
      expect(f.kind, f.name).toBe(meta.input);
    }
    expect(DEPOSIT.map((f) => f.label)).toEqual(["Deposit", "Deposit paid date", "Initial payment", "Initial payment date"]);
  });

  it("each required field: the server refuses it missing with the screen's message, and the screen refuses it empty with the same", () => {
    expect(rentalRuleResult(complete)).toBeNull();
    const required = screen.filter((f) => typeof f.required === "string");
    expect(required.map((f) => f.name)).toEqual(["start_date", "finish_date", "start_mileage", "deposit", "deposit_paid_date", "initial_payment", "initial_payment_date"]);
    expect(required.find((f) => f.name === "deposit")!.required).toBe(MESSAGES.depositRequired);
    for (const f of required) {
      const refused = rentalRuleResult({ ...complete, [f.name]: null });
      expect(refused?.errors[f.name], f.name).toBe(f.required);
      expect(validateValues([f], { [f.name]: "" })[f.name], f.name).toBe(f.required);
    }
  });

  it("each number: the screen refuses just outside the server's bounds with its message, and accepts the bounds", () => {
    for (const f of screen) {
      if (f.max === undefined) continue;
      expect(f.boundsMessage, f.name).toMatch(/^Must be /);
      for (const outside of [f.min! - 1, f.max + 1]) {
        expect(serverMessage(f.name, outside), `${f.name} ${outside}`).toBe(f.boundsMessage);
        expect(validateValues([f], { [f.name]: outside })[f.name], `${f.name} ${outside}`).toBe(f.boundsMessage);
      }
      for (const inside of [f.min!, f.max]) {
        expect(serverMessage(f.name, inside), f.name).toBeUndefined();
        expect(validateValues([f], { [f.name]: inside })[f.name], f.name).toBeUndefined();
      }
    }
    // Every bounded field of the schema the screen holds is bounded on the screen.
    for (const f of screen) {
      const tooBig = schema.shape[f.name].safeParse(LIMITS.money * 1000);
      if (!tooBig.success && /^Must be .* from /.test(tooBig.error.issues[0].message)) expect(f.boundsMessage, f.name).toBe(tooBig.error.issues[0].message);
    }
  });

  it("the bounds the rental had before: amounts to £10,000,000, mileages to 2,000,000, licence held to 100 years", () => {
    const byName = (n: string) => screen.find((f) => f.name === n)!;
    expect(byName("deposit")).toMatchObject({ kind: "money", min: 0, max: LIMITS.money, boundsMessage: "Must be an amount from £0 to £10,000,000" });
    expect(byName("start_mileage")).toMatchObject({ kind: "integer", min: 0, max: LIMITS.mileage, boundsMessage: "Must be a mileage from 0 to 2,000,000" });
    expect(byName("licence_held")).toMatchObject({ kind: "integer", max: 100, boundsMessage: "Must be a whole number from 0 to 100" });
    expect(validateValues([byName("deposit")], { deposit: "20,000,000" })).toEqual({ deposit: "Must be an amount from £0 to £10,000,000" });
    expect(serverMessage("licence_held", 101)).toBe("Must be a whole number from 0 to 100");
  });

  it("status, rental type and invoice interval are taken in any case, '' as none, anything else refused with the server's message", () => {
    expect(schema.shape.status.parse(" confirmed ")).toBe("CONFIRMED");
    expect(schema.shape.status.parse("not required")).toBe("NOT REQUIRED");
    expect(schema.shape.rental_type.parse("lt")).toBe("LT");
    expect(schema.shape.invoice_interval.parse("")).toBeNull();
    expect(serverMessage("status", "maybe")).toBe("Status must be QUOTE, CONFIRMED or NOT REQUIRED");
    expect(serverMessage("rental_type", "XT")).toBe("Rental type must be ST or LT");
    expect(serverMessage("invoice_interval", "DAILY")).toBe("Invoice interval must be NONE, WEEKLY or MONTHLY");
    // The screen's choices are the server's values.
    const values = (n: string) => (screen.find((f) => f.name === n)!.options as Array<{ apiValue: unknown }>).map((o) => o.apiValue);
    expect(values("rental_type")).toEqual(["ST", "LT"]);
    expect(values("invoice_interval")).toEqual(["NONE", "WEEKLY", "MONTHLY"]);
    expect(values("status")).toEqual(["QUOTE", "CONFIRMED", "NOT REQUIRED"]);
  });

  it("the end date is checked as typed, with the server's message", () => {
    const finish = screen.find((f) => f.name === "finish_date")!;
    expect(finish.checkAsTyped).toBe(true);
    expect(validateValues([finish], { start_date: "2026-03-06", finish_date: "2026-03-02" })).toEqual({ finish_date: MESSAGES.finishBeforeStart });
    expect(rentalRuleResult({ ...complete, start_date: "2026-03-06", finish_date: "2026-03-02" })?.errors.finish_date).toBe(MESSAGES.finishBeforeStart);
  });
});
