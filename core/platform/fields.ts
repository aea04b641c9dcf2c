import * as z from "zod";
import { DATE_RANGE, LIMITS } from "./limits.js";

export { DATE_RANGE, LIMITS };

/**
 * Field types shared by every schema, so the same input means the same
 * thing everywhere: empty strings from forms become null, numbers may come
 * as numeric strings, dates are ISO YYYY-MM-DD.
 *
 * Every number is bounded here, once, to what the business can mean
 * (docs/decisions.md "Bounds on input"): a value outside is a 400 naming
 * the field before anything is written, never an absurd total or a number
 * DynamoDB cannot store. Numbers are not negative unless the field says
 * `signed` (a credit is its own record, never a negative invoice).
 */
const emptyToNull = (v: unknown) => (v === "" ? null : v);

// One formatter for every bound's message: toLocaleString with options builds a new one per call,
// about 15 ms of a screen's first paint for the schemas' hundreds of bounds (docs/performance.md "The job card").
const gbText = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 });
const gb = (n: number) => gbText.format(n);

/** What a number field accepts, and the message naming it (the screens show the same one). */
export type Bounds = { min: number; max: number; message: string };

/** A number within bounds (numeric strings accepted); '' and null store null. */
function bounded(whole: boolean, b: Bounds) {
  const pattern = whole ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/;
  // The bounds first, so a number too large to be whole is refused with them.
  let n = z.number({ error: whole ? "Must be a whole number" : "Must be a number" }).finite("Must be a number").min(b.min, b.message).max(b.max, b.message);
  if (whole) n = n.int("Must be a whole number");
  return z.preprocess(
    (v) => {
      const e = emptyToNull(v);
      return typeof e === "string" && pattern.test(e.trim()) ? Number(e) : e;
    },
    n.nullable().optional(),
  );
}

export type NumOptions = { signed?: boolean; max?: number };

/** The kinds of number a field may hold: each has its own bounds and wording. */
export type NumberType = "number" | "integer" | "money" | "mileage" | "percent" | "markup";

function range(max: number, signed: boolean | undefined, show: (n: number) => string, what: string): Bounds {
  const min = signed ? -max : 0;
  return { min, max, message: `Must be ${what} from ${show(min)} to ${show(max)}` };
}

const poundsText = (n: number) => `${n < 0 ? "-" : ""}£${gb(Math.abs(n))}`;
const percentText = (n: number) => `${gb(n)}%`;

/** The bounds of a number type (docs/decisions.md "Bounds on input"); percentages and mileages are never signed. */
export function boundsOf(type: NumberType, o: NumOptions = {}): Bounds {
  switch (type) {
    case "number":
      return range(o.max ?? LIMITS.quantity, o.signed, gb, "a number");
    case "integer":
      return range(o.max ?? LIMITS.quantity, o.signed, gb, "a whole number");
    case "money":
      return range(o.max ?? LIMITS.money, o.signed, poundsText, "an amount");
    case "mileage":
      return range(LIMITS.mileage, false, gb, "a mileage");
    case "percent":
      return range(o.max ?? LIMITS.percent, false, percentText, "a percentage");
    case "markup":
      return range(LIMITS.markup, false, percentText, "a percentage");
  }
}

/** The field type of a number type: whole numbers for integers and mileages. */
export const numberField = (type: NumberType, o: NumOptions = {}) => bounded(type === "integer" || type === "mileage", boundsOf(type, o));

/** An optional quantity (weight, litres, days, a count); not negative unless `signed`. */
export const num = (o: NumOptions = {}) => numberField("number", o);

/** A whole number; not negative unless `signed`. */
export const int = (o: NumOptions = {}) => numberField("integer", o);

/** Pounds: 0 to £10,000,000 (± with `signed`, for a profit or a CAP below). */
export const money = (o: NumOptions = {}) => numberField("money", o);

/** Miles: a whole number from 0 to 2,000,000. */
export const mileage = () => numberField("mileage");

/** A percentage, 0 to 100. */
export const percent = (o: { max?: number } = {}) => numberField("percent", o);

/** A markup or margin percentage: 0 to 1,000 (a part may be sold at several times its cost). */
export const markup = () => numberField("markup");

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
      .refine((s) => s >= DATE_RANGE.from && s <= DATE_RANGE.to, "Must be a date from 01/01/1900 to 31/12/2100")
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
      if (e && typeof e === "object" && "id" in (e)) return (e).id;
      return typeof e === "string" && /^\d+$/.test(e) ? Number(e) : e;
    },
    z.number({ error: "Must be a record id" }).int("Must be a record id").positive("Must be a record id").max(LIMITS.id, "Must be a record id").nullable().optional(),
  );

/**
 * An optional department in a query (001 §7, §9: the figures take "an
 * optional department"): left out, empty or ALL (any case) is every
 * department; otherwise a record id.
 */
export const departmentQuery = () =>
  z.preprocess(
    (v) => (v === "" || v === null || (typeof v === "string" && ["", "ALL"].includes(v.trim().toUpperCase())) ? undefined : v),
    z.coerce.number({ error: "Must be a department id or ALL" }).int("Must be a department id or ALL").positive("Must be a department id or ALL").max(LIMITS.id, "Must be a department id or ALL").optional(),
  );

/** 001's wording for a range that ends before it starts, used for every date range a query sends. */
export const END_BEFORE_START = "The end date must not be before the start date";

/**
 * A query with a date range (`from`..`to`, both optional): a range that
 * ends before it starts is a 400 on the end field, never a read that
 * DynamoDB refuses. Apply it last (an object with a refinement cannot be
 * extended).
 */
export function dateRange<T extends z.ZodObject>(schema: T, from: keyof z.infer<T> & string, to: keyof z.infer<T> & string): T {
  return schema.superRefine((q: Record<string, unknown>, ctx) => {
    const a = q[from];
    const b = q[to];
    if (typeof a === "string" && typeof b === "string" && b < a) ctx.addIssue({ code: "custom", path: [to], message: END_BEFORE_START });
  });
}

/** The dashboard panels' figures query (001 §7): start..end, or the week or month (`type`) of `date`; a department or ALL. Read with `figuresWindow` (dates.ts). */
export const figuresQuery = () =>
  dateRange(
    z.object({ start: isoDate(), end: isoDate(), type: z.enum(["weekly", "monthly"], { error: "Type must be weekly or monthly" }).optional(), date: isoDate(), department: departmentQuery() }),
    "start",
    "end",
  );
