import * as z from "zod";

/**
 * A tracking option as records hold it (a movement type, a job's or quote's
 * lines, a part order): `{id, name, category}` of an option of a tracking
 * category. A bare id (`3`, `"3"`) is read as `{id: 3}`; the services fill
 * its name and category and refuse an id that is no option
 * (`withTrackingOptions`, core/settings/accounting.ts) before saving.
 */
export const trackingOptionValue = z.preprocess(
  (v) => (typeof v === "number" || (typeof v === "string" && /^\d+$/.test(v.trim())) ? { id: Number(v) } : v),
  z
    .object({ id: z.number().int().positive().max(1e12), name: z.string().max(200).optional(), category: z.number().int().nullable().optional() })
    .nullable()
    .optional(),
);
