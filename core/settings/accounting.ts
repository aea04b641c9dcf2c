import { nominalCode, trackingCategory } from "./definitions.js";
import type { TaxType } from "./taxtypes.js";
import { defineRecordType } from "../platform/records.js";
import { nextId } from "../platform/ids.js";
import { ValidationError } from "../platform/errors.js";
import { pageOf } from "../platform/paging.js";

export { TAX_TYPES, taxRate, type TaxType } from "./taxtypes.js";

export const NominalCode = defineRecordType({
  type: "nominal",
  label: "Nominal code",
  fields: nominalCode.schema,
  searchOf: (r) => `${r.code ?? ""} ${(r.name ?? "").toLowerCase()}`.toLowerCase(),
  // 003 §5: with no tax type on create, OUTPUT2 is used.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it: without it tax_type widens to string and the defaults are no nominal code
  defaults: () => ({ tax_type: "OUTPUT2" as TaxType, enable_payments_to_account: false, show_in_expense_claims: false }),
});

export const TrackingCategory = defineRecordType({
  type: "trackingcategory",
  label: "Tracking category",
  fields: trackingCategory.schema,
  validate: (r) => trackingCategory.checkRequired(r),
  defaults: () => ({ status: "ACTIVE" as const, options: [] }),
  searchOf: (r) => [r.name, ...(r.options ?? []).map((o) => o.name)].join(" ").toLowerCase(),
  // 003 §3: each option answers its xero_id (null: Xero's option ids are not kept yet) and its category's id.
  expand: async (rows) => rows.map((c) => ({ ...c, options: c.options ? c.options.map((o) => ({ ...o, xero_id: o.xero_id ?? null, category: c.id })) : c.options })),
});

/**
 * Options get their own ids (records such as movement types point at one),
 * issued from the tracking option counter before the category is saved.
 */
export async function withOptionIds<T extends { options?: Array<{ id?: number; status?: string }> }>(body: T): Promise<T> {
  if (!body || !Array.isArray(body.options)) return body;
  const options = [];
  for (const o of body.options) {
    // `category` is the answer's (the category it is in), never stored.
    const { category: _category, ...option } = (o && typeof o === "object" ? o : {}) as { category?: unknown; id?: number; status?: string };
    options.push({ ...option, id: option.id ? option.id : await nextId("trackingoption"), status: option.status ?? "ACTIVE" });
  }
  return { ...body, options };
}

/** One tracking option as 000 §7's `trackingoption` reference list gives it: the option with its category. */
export type TrackingOptionRow = { id: number; name: string; status: string; category: number; category_name: string };

/**
 * Every live (not DELETED) option of every active category, "Category:
 * option" order: the `trackingoption` reference list of 000 §7. The
 * categories are few by nature (Xero allows two active, 100 options
 * each), so they are read as one page and the options paged from it.
 */
export async function trackingOptionList(q: { page: number; page_size: number; search?: string }): Promise<{ count: number; results: TrackingOptionRow[] }> {
  const categories = (await TrackingCategory.all()) as Array<{ id: number; name: string; status?: string; options?: Array<{ id: number; name: string; status?: string }> | null }>;
  const term = q.search?.trim().toLowerCase();
  const rows = categories
    .filter((c) => c.status !== "ARCHIVED" && c.status !== "DELETED")
    .flatMap((c) => (c.options ?? []).filter((o) => o.status !== "DELETED" && o.status !== "ARCHIVED").map((o) => ({ id: o.id, name: o.name, status: o.status ?? "ACTIVE", category: c.id, category_name: c.name })))
    .filter((o) => !term || `${o.category_name}: ${o.name}`.toLowerCase().includes(term));
  return pageOf(rows, q);
}

/** Every tracking option by id with its category: the few categories read once (both checks below use it). */
async function trackingOptionsById() {
  const options = new Map<number, { id: number; name: string; category: number }>();
  for (const c of (await TrackingCategory.all()) as Array<{ id: number; options?: Array<{ id: number; name: string }> | null }>)
    for (const o of c.options ?? []) options.set(o.id, { id: o.id, name: o.name, category: c.id });
  return options;
}

/** The fields that hold a tracking option as `{id, name, category}`: a line's two, a movement type's and a completed part order's one. */
const OPTION_FIELDS = new Set(["supplier_tracking_option", "customer_tracking_option", "tracking_option"]);

const optionIdOf = (v: unknown): number | null => {
  if (typeof v === "number" && Number.isInteger(v) && v > 0) return v;
  if (typeof v === "string" && /^\d{1,12}$/.test(v.trim())) return Number(v);
  // An object: its id, whatever name and category it carries (issue 22: `{id: 999999, name}` was stored unchecked).
  if (v && typeof v === "object" && !Array.isArray(v)) {
    const id = (v as { id?: unknown }).id;
    return typeof id === "number" || typeof id === "string" ? optionIdOf(id) : null;
  }
  return null;
};

/**
 * A body with its tracking options (bare ids `3`, `"3"`, or objects
 * `{id, ...}`) made the `{id, name, category}` records hold, from the
 * category that holds each option (the few categories read once, and only
 * when an option is sent). An id that is no tracking option is a 400
 * naming where it was sent, however it was sent: an object's own name and
 * category are never trusted (issue 22 finding 7). For bodies whose
 * `tracking_option` is such an object (not movements or transactions,
 * which hold the plain id).
 */
export async function withTrackingOptions<T>(body: T): Promise<T> {
  const found: Array<{ holder: Record<string, unknown>; key: string; id: number; path: string }> = [];
  const walk = (v: unknown, path: string, depth: number) => {
    if (!v || typeof v !== "object" || depth > 6) return;
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, path ? `${path}.${i}` : String(i), depth + 1));
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      const at = path ? `${path}.${k}` : k;
      const id = OPTION_FIELDS.has(k) ? optionIdOf(x) : null;
      if (id !== null) found.push({ holder: v as Record<string, unknown>, key: k, id, path: at });
      else if (x && typeof x === "object") walk(x, at, depth + 1);
    }
  };
  walk(body, "", 0);
  if (!found.length) return body;
  const options = await trackingOptionsById();
  const unknown = found.filter((f) => !options.has(f.id));
  if (unknown.length)
    throw new ValidationError(`There is no tracking option ${unknown[0].id}`, Object.fromEntries(unknown.map((f) => [f.path, `There is no tracking option ${f.id}`])));
  for (const f of found) f.holder[f.key] = { ...options.get(f.id)! };
  return body;
}

export const TRACKING_OPTION_UNKNOWN = "That tracking option does not exist";

/**
 * The reference check of a tracking option (an option inside a category,
 * not a record, so core/platform/references.ts cannot check it): 400 unless
 * some category holds that option. The few categories are read once.
 */
export async function checkTrackingOption(id: number | null | undefined, field = "tracking_option") {
  if (!id) return;
  if (!(await trackingOptionsById()).has(id)) throw new ValidationError(TRACKING_OPTION_UNKNOWN, { [field]: TRACKING_OPTION_UNKNOWN });
}
