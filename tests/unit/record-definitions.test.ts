import { describe, expect, it } from "vitest";
import * as z from "zod";
import { inspection, keyHook, tracker } from "../../core/fleet/definitions.js";
import { Inspection } from "../../core/fleet/inspections.js";
import { Key } from "../../core/fleet/keys.js";
import { Tracker } from "../../core/fleet/trackers.js";
import { NominalCode, TrackingCategory } from "../../core/settings/accounting.js";
import { AppDefaultsRecord } from "../../core/settings/defaults.js";
import { appDefaults, nominalCode, trackingCategory, trackingOption } from "../../core/settings/definitions.js";
import { TAX_TYPES } from "../../core/settings/taxtypes.js";
import { validateValues, type FieldDef } from "../../web/src/platform/form/fields";
import { expectSameBounds, refusal, serverMessage } from "../support/definitions.js";

/**
 * One definition per record type (issue 10), the rest: inspections, key
 * hooks, trackers, nominal codes, tracking categories and app defaults.
 * Each screen's fields and each record type's schema come from
 * core/<area>/definitions.ts, so they agree on names, labels, required
 * messages and bounds.
 */

// The screens are .tsx modules, which the server's type check does not
// compile: imported by paths held in variables, typed by what is used.
type Screen = { kind: string; key?: string; fields: FieldDef[] };
const load = <T>(path: string) => import(path) as Promise<T>;
const keys = await load<{ HOOKS: Screen }>("../../web/src/fleet/keys/KeysPage");
const trackers = await load<{ TRACKERS: Screen }>("../../web/src/fleet/trackers/TrackersPage");
const settings = await load<{ SCREENS: Screen[] }>("../../web/src/settings/screens");
const defaults = await load<{ FIELDS: FieldDef[] }>("../../web/src/settings/DefaultsScreen");
const categories = await load<{ CATEGORY_FIELDS: FieldDef[]; OPTION_FIELDS: FieldDef[] }>("../../web/src/settings/TrackingCategories");
const inspections = await load<{ INSPECTION_FIELDS: FieldDef[]; checkInspections: (rows: unknown[]) => { message: string; errors: Record<string, string> } | null }>(
  "../../web/src/fleet/edit/InspectionsSection",
);

type Def = { schema: z.ZodObject<any>; fields: Array<{ name: string; label: string; input: string; required?: string }>; checkRequired: (r: Record<string, unknown>) => void };

/**
 * The screen's inputs are the definition's fields (those it sends), with
 * the definition's labels and inputs; a required one is refused empty with
 * the server's message, on the screen and on the server; the bounds agree.
 */
function expectOneDefinition(def: Def, schema: z.ZodObject<any>, screen: FieldDef[], sent: string[] = Object.keys(schema.shape)) {
  const inputs = screen.filter((f) => !f.readOnly);
  expect(inputs.map((f) => f.name)).toEqual(sent);
  for (const f of screen) {
    const meta = def.fields.find((m) => m.name === f.name);
    if (!meta) continue; // shown only (a hook's vehicle)
    expect(f.label, f.name).toBe(meta.label);
    if (!f.options && !f.readOnly) expect(f.kind, f.name).toBe(meta.input);
    expect(f.required, f.name).toBe(meta.required);
  }
  const filled = Object.fromEntries(def.fields.map((f) => [f.name, "x"]));
  for (const f of inputs) {
    if (typeof f.required !== "string") continue;
    // Text is refused by the schema; references, dates and choices by the record's rules.
    const missing = serverMessage(schema, f.name, undefined) ?? refusal(() => def.checkRequired({ ...filled, [f.name]: null }));
    expect(missing, f.name).toBe(f.required);
    expect(validateValues([f], { [f.name]: "" })[f.name], f.name).toBe(f.required);
  }
  expectSameBounds(schema, inputs);
}

describe("key hooks, trackers, nominal codes, tracking categories, app defaults and inspections each have one definition", () => {
  it("key hooks: the hooks table and the record type", () => {
    expect(Key.fields).toBe(keyHook.schema);
    expectOneDefinition(keyHook, Key.fields, keys.HOOKS.fields);
    expect(keys.HOOKS.fields.find((f) => f.name === "key_number")).toMatchObject({ required: "Key number is required" });
    expect(serverMessage(Key.fields, "key_number", "x".repeat(21))).toBeDefined();
  });

  it("trackers: the trackers table and the record type (an IMEI sent as a number is its text)", () => {
    const schema = Tracker.fields as z.ZodObject<any>;
    expect(Object.keys(schema.shape)).toEqual(Object.keys(tracker.schema.shape));
    // The vehicle and the assigned date are set by assigning a tracker: shown, never sent.
    expectOneDefinition(tracker, schema, trackers.TRACKERS.fields, ["imei", "type", "date_activated", "date_deactivated"]);
    expect(serverMessage(schema, "imei", undefined)).toBe("IMEI is required");
    expect(schema.shape.imei.parse(356938035643809)).toBe("356938035643809");
  });

  it("nominal codes: the Nominal Codes table and the record type; tax types from one list", () => {
    expect(NominalCode.fields).toBe(nominalCode.schema);
    const screen = settings.SCREENS.find((s) => s.key === "nominal-codes")!;
    expectOneDefinition(nominalCode, NominalCode.fields, screen.fields);
    expect(serverMessage(NominalCode.fields, "code", "")).toBe("Code Required");
    expect(serverMessage(NominalCode.fields, "tax_type", "VAT")).toBe("Unknown tax type");
    expect(nominalCode.fields.find((f) => f.name === "tax_type")!.choices).toEqual(TAX_TYPES.map((t) => t.tax_type));
    expect(screen.fields.find((f) => f.name === "tax_type")).toMatchObject({ kind: "select", addDefault: "OUTPUT2" });
  });

  it("tracking categories: the category editor and the record type, options included", () => {
    expect(TrackingCategory.fields).toBe(trackingCategory.schema);
    const schema = TrackingCategory.fields as z.ZodObject<any>;
    expect(categories.CATEGORY_FIELDS.map((f) => [f.name, f.label])).toEqual(trackingCategory.fields.map((f) => [f.name, f.label]));
    expect(categories.OPTION_FIELDS.map((f) => [f.name, f.label, f.required])).toEqual(trackingOption.fields.map((f) => [f.name, f.label, f.required]));
    const [name] = categories.CATEGORY_FIELDS;
    expect(serverMessage(schema, "name", undefined)).toBe(name.required);
    expect(validateValues([name], { name: "" })).toEqual({ name: "Name is required" });
    // An option without a name: the same message on the screen and from the server.
    const [optionName] = categories.OPTION_FIELDS;
    expect(schema.safeParse({ name: "Dept", options: [{ name: "" }] }).error?.issues[0].message).toBe(optionName.required);
    expect(validateValues([optionName], { name: "" })).toEqual({ name: "Option name is required" });
    // A status is one of three (any case), and a category never loses its status.
    expect(schema.shape.status.parse("archived")).toBe("ARCHIVED");
    expect(serverMessage(schema, "status", "GONE")).toBe("Status must be ACTIVE, ARCHIVED or DELETED");
    expect(refusal(() => trackingCategory.checkRequired({ name: "Dept", status: null }))).toBe("Status must be ACTIVE, ARCHIVED or DELETED");
    expect((categories.CATEGORY_FIELDS[1].options as Array<{ value: string }>).map((o) => o.value)).toEqual(["ACTIVE", "ARCHIVED", "DELETED"]);
  });

  it("app defaults: the Defaults form and the record type", () => {
    expect(AppDefaultsRecord.fields).toBe(appDefaults.schema);
    expectOneDefinition(appDefaults, AppDefaultsRecord.fields, defaults.FIELDS);
    const markup = defaults.FIELDS.find((f) => f.name === "default_parts_markup")!;
    expect(markup.boundsMessage).toBe(serverMessage(AppDefaultsRecord.fields, "default_parts_markup", -1));
    expect(serverMessage(AppDefaultsRecord.fields, "long_term_terms_reading", "C")).toBe("Reading must be A or B");
    expect(defaults.FIELDS.find((f) => f.name === "long_term_terms_reading")!.options).toHaveLength(2);
  });

  it("inspections: the vehicle's Inspections panel, the add box and the record type", () => {
    expect(Inspection.fields).toBe(inspection.schema);
    // The vehicle is the one being saved (the panel) or picked (the add box): not an input.
    const sent = Object.keys(inspection.schema.shape).filter((n) => n !== "vehicle");
    expectOneDefinition(inspection, Inspection.fields, inspections.INSPECTION_FIELDS, sent);
    // The server refuses in the definition's order: vehicle, type, last completed date.
    expect(refusal(() => inspection.checkRequired({}))).toBe("No vehicle selected");
    expect(refusal(() => inspection.checkRequired({ vehicle: 1 }))).toBe("Inspection type is required");
    expect(refusal(() => inspection.checkRequired({ vehicle: 1, inspection_type: 2 }))).toBe("Inspection last completed date is required");
    // The panel's rows are checked before the vehicle is sent, keyed as the server keys them.
    expect(inspections.checkInspections([{ inspection_type: 2, date_completed: "2026-01-01" }, { inspection_type: { id: 2 } }])).toEqual({
      message: "Inspection last completed date is required",
      errors: { "inspections.1.date_completed": "Inspection last completed date is required" },
    });
    const warning = inspections.INSPECTION_FIELDS.find((f) => f.name === "warning_days")!;
    expect(inspections.checkInspections([{ inspection_type: 2, date_completed: "2026-01-01", warning_days: warning.max! + 1 }])?.message).toBe(warning.boundsMessage);
    expect(inspections.checkInspections([{ inspection_type: 2, date_completed: "2026-01-01", warning_days: 30 }])).toBeNull();
  });
});
