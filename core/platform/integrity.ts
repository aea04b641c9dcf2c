import type { z } from "zod";
import { ValidationError } from "./errors.js";
import { checkReferences } from "./references.js";

/**
 * The last checks of a create or save, once the record's own rules have
 * run and filled in what they derive (a rental's total, an agreement's
 * figures), and before anything is written (called from
 * core/platform/records.ts):
 *
 * - every value the write sets or changes, derived ones included, is
 *   still within its field's bounds (core/platform/fields.ts): a rental of
 *   200 years at £10,000,000 a day is refused, not stored with a total no
 *   later save could send back;
 * - every reference it sets or changes points at a record that exists
 *   (core/platform/references.ts).
 *
 * Values the write leaves as they were are not checked again, so a record
 * stored before a bound existed can still be saved.
 */
export async function checkBeforeWrite(type: string, fields: z.ZodObject, after: Record<string, unknown>, before?: Record<string, unknown>) {
  const errors: Record<string, string> = {};
  for (const [name, schema] of Object.entries(fields.shape)) {
    const value = after[name];
    if (value === undefined || JSON.stringify(value) === JSON.stringify(before?.[name])) continue;
    const res = schema.safeParse(value);
    if (!res.success) errors[name] = res.error.issues[0]?.message ?? "Not a valid value";
  }
  const names = Object.keys(errors);
  if (names.length) throw new ValidationError(`This would store ${names.join(", ")} outside ${names.length > 1 ? "their" : "its"} bounds: ${errors[names[0]]}`, errors);
  await checkReferences(type, after, before);
}
