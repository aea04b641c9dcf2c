import { expect } from "vitest";
import * as z from "zod";
import { LIMITS } from "../../core/platform/limits.js";
import { validateValues, type FieldDef } from "../../web/src/platform/form/fields";

/**
 * Checks shared by the unit tests holding a screen's fields and a record
 * type's schema to one definition (docs/decisions.md "One definition per
 * record type").
 */

export function refusal(run: () => void): string | undefined {
  try {
    run();
  } catch (e) {
    return (e as Error).message;
  }
  return undefined;
}

/** The first message the server's schema gives for this value of one field. */
export function serverMessage(schema: z.ZodObject<any>, name: string, value: unknown): string | undefined {
  const r = schema.shape[name].safeParse(value);
  return r.success ? undefined : r.error.issues[0].message;
}

/** The screen refuses a number just outside the server's bounds with the server's message, accepts the bounds, and bounds every field the server bounds. */
export function expectSameBounds(schema: z.ZodObject<any>, fields: FieldDef[]) {
  for (const f of fields) {
    if (f.max === undefined) continue;
    expect(f.boundsMessage).toMatch(/^Must be /);
    for (const outside of [f.min! - 1, f.max + 1]) {
      expect(serverMessage(schema, f.name, outside), `${f.name} ${outside}`).toBe(f.boundsMessage);
      expect(validateValues([f], { [f.name]: outside })[f.name], `${f.name} ${outside}`).toBe(f.boundsMessage);
    }
    for (const inside of [f.min!, f.max]) {
      expect(serverMessage(schema, f.name, inside)).toBeUndefined();
      expect(validateValues([f], { [f.name]: inside })).toEqual({});
    }
  }
  for (const f of fields) {
    const tooBig = (schema.shape[f.name] as z.ZodType).safeParse(LIMITS.quantity + 1);
    if (!tooBig.success && /^Must be .* from /.test(tooBig.error.issues[0].message)) expect(f.boundsMessage, f.name).toBe(tooBig.error.issues[0].message);
  }
}
