import { nominalCode, trackingCategory } from "./definitions.js";
import { TAX_TYPES, type TaxType } from "./taxtypes.js";
import { defineRecordType } from "../platform/records.js";
import { nextId } from "../platform/ids.js";

export { TAX_TYPES, type TaxType } from "./taxtypes.js";

/** VAT rate in percent for a tax type (0 for an unknown one). */
export function taxRate(taxType: string | null | undefined): number {
  return TAX_TYPES.find((t) => t.tax_type === taxType)?.rate ?? 0;
}

export const NominalCode = defineRecordType({
  type: "nominal",
  label: "Nominal code",
  fields: nominalCode.schema,
  searchOf: (r) => `${r.code ?? ""} ${(r.name ?? "").toLowerCase()}`.toLowerCase(),
  // 003 §5: with no tax type on create, OUTPUT2 is used.
  defaults: () => ({ tax_type: "OUTPUT2" as TaxType, enable_payments_to_account: false, show_in_expense_claims: false }),
});

export const TrackingCategory = defineRecordType({
  type: "trackingcategory",
  label: "Tracking category",
  fields: trackingCategory.schema,
  validate: (r) => trackingCategory.checkRequired(r),
  defaults: () => ({ status: "ACTIVE" as const, options: [] }),
  searchOf: (r) => [r.name, ...(r.options ?? []).map((o) => o.name)].join(" ").toLowerCase(),
});

/**
 * Options get their own ids (records such as movement types point at one),
 * issued from the tracking option counter before the category is saved.
 */
export async function withOptionIds<T extends { options?: Array<{ id?: number; status?: string }> }>(body: T): Promise<T> {
  if (!body || !Array.isArray(body.options)) return body;
  const options = [];
  for (const o of body.options) {
    options.push({ ...o, id: o && typeof o === "object" && o.id ? o.id : await nextId("trackingoption"), status: o?.status ?? "ACTIVE" });
  }
  return { ...body, options };
}
