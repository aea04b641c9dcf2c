import { describe, expect, it } from "vitest";
import * as z from "zod";
import { defineFields } from "../../core/platform/definition.js";
import { LIMITS } from "../../core/platform/limits.js";
import * as defs from "../../core/settings/definitions.js";
import { vehicle as vehicleDefinition } from "../../core/fleet/definitions.js";
import { REQUIRED_VEHICLE_FIELDS, checkVehicle } from "../../core/fleet/rules.js";
import { Vehicle } from "../../core/fleet/vehicle.js";
import { agreement as agreementDefinition } from "../../core/agreements/definitions.js";
import { agreementFields, agreementShape } from "../../core/agreements/schema.js";
import * as reference from "../../core/settings/reference.js";
import { fieldsFrom, validateValues, type FieldDef } from "../../web/src/platform/form/fields";
import { expectSameBounds, refusal, serverMessage } from "../support/definitions.js";

/**
 * One definition per record type (issue 10): the settings screens' fields
 * and the server's schemas come from the same declaration, so they agree
 * on every field, its required message and its bounds.
 */

const recordTypes = Object.values(reference).filter((t): t is typeof reference.CostCentre => typeof t === "object" && t !== null && "fields" in t && "type" in t);
// The settings screens (a .tsx module, which the server's type check does not
// compile: imported by a path held in a variable, typed here by what is used).
type Screen = { kind: string; historyType?: string; fields: FieldDef[] };
const SCREENS_MODULE = "../../web/src/settings/screens";
const { SCREENS } = (await import(SCREENS_MODULE)) as { SCREENS: Screen[] };
const tableScreens = SCREENS.filter((s) => s.kind === "table");

const definitionOf = (t: (typeof recordTypes)[number]) => Object.values(defs).find((d) => d.schema === t.fields)!;

describe("settings screens and reference types share one definition", () => {
  it("every reference type has its definition and its screen", () => {
    expect(recordTypes.length).toBe(16);
    for (const t of recordTypes) {
      expect(definitionOf(t), t.type).toBeDefined();
      expect(tableScreens.some((s) => s.historyType === t.type), t.type).toBe(true);
    }
  });

  for (const t of recordTypes) {
    it(`${t.type}: same fields, required messages and bounds on the screen as on the server`, () => {
      const screen = tableScreens.find((s) => s.historyType === t.type)!;
      const schema = t.fields as z.ZodObject<any>;
      expect(screen.fields.map((f) => f.name)).toEqual(Object.keys(schema.shape));
      const filled = Object.fromEntries(screen.fields.map((f) => [f.name, "x"]));
      for (const f of screen.fields) {
        // Required: the server refuses a missing value with the screen's message.
        if (typeof f.required === "string") {
          // Text is refused by the schema; numbers and dates (null in a partial save) by the record's rules.
          const missing = serverMessage(schema, f.name, undefined) ?? refusal(() => definitionOf(t).checkRequired({ ...filled, [f.name]: null }));
          expect(missing, f.name).toBe(f.required);
          expect(validateValues([f], { [f.name]: "" })[f.name]).toBe(f.required);
        }
      }
      expectSameBounds(schema, screen.fields);
    });
  }

  it("a money field: £0 to £10,000,000 on the screen as typed, with the server's message", () => {
    const model = tableScreens.find((s) => s.historyType === "vehiclemodel")!;
    const rate = model.fields.find((f) => f.name === "day1_rate")!;
    const message = "Must be an amount from £0 to £10,000,000";
    expect(rate).toMatchObject({ kind: "money", min: 0, max: 10_000_000, boundsMessage: message });
    expect(validateValues([rate], { day1_rate: "-5" })).toEqual({ day1_rate: message });
    expect(validateValues([rate], { day1_rate: "20,000,000" })).toEqual({ day1_rate: message });
    expect(validateValues([rate], { day1_rate: "10,000,000" })).toEqual({});
    expect(validateValues([rate], { day1_rate: "" })).toEqual({});
  });

  it("required numbers are refused by the server with the definition's message", () => {
    const def = defineFields({ amount: { label: "Amount", kind: "money", required: "Amount is required", signed: true } });
    expect(() => def.checkRequired({ amount: null })).toThrow("Amount is required");
    expect(() => def.checkRequired({ amount: -5 })).not.toThrow();
    const [f]: FieldDef[] = fieldsFrom(def);
    expect(f).toMatchObject({ name: "amount", label: "Amount", kind: "money", required: "Amount is required", min: -10_000_000, boundsMessage: "Must be an amount from -£10,000,000 to £10,000,000" });
    expect(validateValues([f], { amount: -5 })).toEqual({});
    expect(validateValues([f], { amount: "" })).toEqual({ amount: "Amount is required" });
  });

  it("screen-only extras override a defined field, keyed by its name", () => {
    const def = defineFields({ rate: { label: "Rate", kind: "money" }, note: { label: "Note", kind: "text", max: 20 } });
    const [rate, note] = fieldsFrom(def, { rate: { kind: "number", addDefault: 0.1 }, note: { minWidth: 200 } });
    expect(rate).toMatchObject({ kind: "number", addDefault: 0.1, max: LIMITS.money, boundsMessage: "Must be an amount from £0 to £10,000,000" });
    expect(note).toEqual({ name: "note", label: "Note", kind: "text", minWidth: 200 });
  });
});

// The vehicle edit screen's fields (a module importing the form's .tsx components: by a path held in a variable, as above).
const VEHICLE_SCREEN_MODULE = "../../web/src/fleet/edit/fields";
const vehicleScreen = (await import(VEHICLE_SCREEN_MODULE)) as { ALL_FIELDS: FieldDef[]; STATUS_FIELD: FieldDef };

describe("the vehicle screen and the vehicle record type share one definition", () => {
  const schema = Vehicle.fields as z.ZodObject<any>;
  const screen = vehicleScreen.ALL_FIELDS;
  const valid: Record<string, unknown> = { registration: "AB12 CDE", variant: "L2H2", vin_number: "VIN1", location: "Depot", fleet_number: "F1", vehicle_status: "ACTIVE", finance_agreements: [] };

  it("the record type parses with the definition's schema", () => {
    expect(Vehicle.fields).toBe(vehicleDefinition.schema);
  });

  it("every screen field is a vehicle field, with the definition's label and input", () => {
    expect(new Set(screen.map((f) => f.name)).size).toBe(screen.length);
    for (const f of screen) {
      const meta = vehicleDefinition.fields.find((m) => m.name === f.name);
      expect(meta, f.name).toBeDefined();
      expect(f.label, f.name).toBe(meta!.label);
      expect(f.kind, f.name).toBe(meta!.input);
    }
  });

  it("the same bounds on the screen as on the server; CAP below is signed money", () => {
    expectSameBounds(schema, screen);
    const capBelow = screen.find((f) => f.name === "cap_below")!;
    expect(capBelow).toMatchObject({ kind: "money", min: -10_000_000, max: 10_000_000, boundsMessage: "Must be an amount from -£10,000,000 to £10,000,000" });
    expect(validateValues([capBelow], { cap_below: -500 })).toEqual({});
    expect(serverMessage(schema, "cap_below", -500)).toBeUndefined();
    const mileage = screen.find((f) => f.name === "mileage")!;
    expect(mileage).toMatchObject({ kind: "integer", max: LIMITS.mileage });
  });

  it("required fields: the screen's messages are the save rules' (a fleet number of fleet vehicles only)", () => {
    expect(REQUIRED_VEHICLE_FIELDS.map((r) => r.message)).toEqual(["Registration is required", "Variant is required", "VIN number is required", "Location is required", "Fleet number is required"]);
    for (const rule of REQUIRED_VEHICLE_FIELDS) {
      const f = screen.find((s) => s.name === rule.field)!;
      const values = Object.fromEntries(screen.map((s) => [s.name, valid[s.name] ?? ""])) as Record<string, string>;
      // The screen refuses it empty with the rule's message, and so does the server's save rule.
      expect(validateValues([f], { ...values, [f.name]: "" })[f.name], f.name).toBe(rule.message);
      expect(refusal(() => checkVehicle({ ...valid, [f.name]: null })), f.name).toBe(rule.message);
      // An external customer's vehicle needs no fleet number, on both.
      const external = { ...values, vehicle_status: "CUSTOMER", [f.name]: "" };
      expect(validateValues([f], external)[f.name], f.name).toBe(rule.fleetOnly ? undefined : rule.message);
      expect(refusal(() => checkVehicle({ ...valid, fleet_number: null, vehicle_status: "CUSTOMER", [f.name]: null })), f.name).toBe(rule.fleetOnly ? undefined : rule.message);
    }
  });

  it("a vehicle's status is one of the statuses, never emptied", () => {
    const message = "Vehicle status must be one of EQUIPMENT, ACTIVE, ORDERED, FORSALE, PROCESSING, SOLD, CUSTOMER";
    expect(serverMessage(schema, "vehicle_status", "PARKED")).toBe(message);
    expect(refusal(() => vehicleDefinition.checkRequired({ ...valid, vehicle_status: null }))).toBe(message);
    expect(vehicleScreen.STATUS_FIELD.options).toHaveLength(7);
  });
});

// The agreement panel (a .tsx module: by a path held in a variable, as above).
const AGREEMENT_SCREEN_MODULE = "../../web/src/agreements/AgreementsSection";
const agreementScreen = (await import(AGREEMENT_SCREEN_MODULE)) as { AGREEMENT_SCREEN_FIELDS: FieldDef[] };

describe("the agreement panel and the agreement lines share one definition", () => {
  const shape = agreementShape as unknown as z.ZodObject<any>;
  const screen = agreementScreen.AGREEMENT_SCREEN_FIELDS;

  it("the server parses agreements with the definition's fields (and its own number, and NONE for no finance type)", () => {
    for (const name of Object.keys(agreementDefinition.schema.shape)) expect(shape.shape[name], name).toBeDefined();
    expect(agreementFields.parse({ finance_type: null }).finance_type).toBe("NONE");
    expect(agreementFields.safeParse({ finance_type: "LOAN" }).error?.issues[0].message).toBe("Finance type must be one of NONE, GRANT_FINANCE, HIRE_AGREEMENT, REGULAR, LEASE_AGREEMENT, FIXED_MONTHLY_CAPITAL, STOCKING_PLAN");
  });

  it("every panel field is an agreement field, with the definition's label and input, and the server's bounds", () => {
    expect(new Set(screen.map((f) => f.name)).size).toBe(screen.length);
    for (const f of screen) {
      const meta = agreementDefinition.fields.find((m) => m.name === f.name);
      expect(meta, f.name).toBeDefined();
      expect(f.label, f.name).toBe(meta!.label);
      expect(f.kind, f.name).toBe(meta!.input);
    }
    expectSameBounds(shape, screen);
    // Mileages are whole numbers up to 2,000,000 on the panel as on the server.
    expect(screen.find((f) => f.name === "mileage_allowance")).toMatchObject({ kind: "integer", max: LIMITS.mileage, boundsMessage: "Must be a mileage from 0 to 2,000,000" });
  });
});
