import * as z from "zod";

/**
 * Field types shared by every schema, so the same input means the same
 * thing everywhere: empty strings from forms become null, numbers may come
 * as numeric strings, dates are ISO YYYY-MM-DD.
 */
const emptyToNull = (v: unknown) => (v === "" ? null : v);

/** An optional number (money, rate, count); '' and null store null. */
export const num = () =>
  z.preprocess(
    (v) => {
      const e = emptyToNull(v);
      return typeof e === "string" && /^-?\d+(\.\d+)?$/.test(e.trim()) ? Number(e) : e;
    },
    z.number({ error: "Must be a number" }).finite().nullable().optional(),
  );

/** A whole number. */
export const int = () =>
  z.preprocess(
    (v) => {
      const e = emptyToNull(v);
      return typeof e === "string" && /^-?\d+$/.test(e.trim()) ? Number(e) : e;
    },
    z.number({ error: "Must be a whole number" }).int("Must be a whole number").nullable().optional(),
  );

/** Free text; '' stores null. */
export const text = (max = 500) =>
  z.preprocess(emptyToNull, z.string({ error: "Must be text" }).max(max, `At most ${max} characters`).nullable().optional());

/** Required text. */
export const requiredText = (message: string, max = 500) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

/** ISO date; '' stores null (spec: empty dates are sent as null). */
export const isoDate = () =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : emptyToNull(v)),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a date (YYYY-MM-DD)")
      .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), "Must be a real date")
      .nullable()
      .optional(),
  );

export const bool = () =>
  z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean({ error: "Must be true or false" }).nullable().optional());

/** A reference to another record: its id, or an object carrying it. */
export const ref = () =>
  z.preprocess(
    (v) => {
      const e = emptyToNull(v);
      if (e && typeof e === "object" && "id" in (e as object)) return (e as { id: unknown }).id;
      return typeof e === "string" && /^\d+$/.test(e) ? Number(e) : e;
    },
    z.number({ error: "Must be a record id" }).int().positive().nullable().optional(),
  );
