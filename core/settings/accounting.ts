import * as z from "zod";
import { bool, requiredText, text } from "../platform/fields.js";
import { defineRecordType } from "../platform/records.js";
import { nextId } from "../platform/ids.js";

/** Tax types with their VAT rate in percent (003 §3, Nominal code). */
export const TAX_TYPES = [
  { tax_type: "INPUT2", meaning: "20% VAT on expense", rate: 20 },
  { tax_type: "OUTPUT2", meaning: "20% VAT on income", rate: 20 },
  { tax_type: "RRINPUT", meaning: "5% VAT on expense", rate: 5 },
  { tax_type: "RROUTPUT", meaning: "5% VAT on income", rate: 5 },
  { tax_type: "ECACQUISITIONS", meaning: "EC Acquisitions (20%)", rate: 20 },
  { tax_type: "ECZRACQUISITIONS", meaning: "EC Acquisitions zero rated", rate: 0 },
  { tax_type: "EXEMPTINPUT", meaning: "exempt expenses", rate: 0 },
  { tax_type: "EXEMPTOUTPUT", meaning: "exempt income", rate: 0 },
  { tax_type: "NONE", meaning: "no VAT", rate: 0 },
  { tax_type: "REVERSECHARGES", meaning: "reverse charge expenses", rate: 20 },
  { tax_type: "GSTONIMPORTS", meaning: "VAT on imports", rate: 20 },
  { tax_type: "ECZROUTPUT", meaning: "zero rated EC goods income", rate: 0 },
  { tax_type: "ECZROUTPUTSERVICES", meaning: "zero rated EC services", rate: 0 },
  { tax_type: "ECZRINPUT", meaning: "zero rated EC expenses", rate: 0 },
  { tax_type: "ZERORATEDOUTPUT", meaning: "zero rated income", rate: 0 },
  { tax_type: "ZERORATEDINPUT", meaning: "zero rated expenses", rate: 0 },
] as const;

export type TaxType = (typeof TAX_TYPES)[number]["tax_type"];
const taxTypeNames = TAX_TYPES.map((t) => t.tax_type) as unknown as [TaxType, ...TaxType[]];

/** VAT rate in percent for a tax type (0 for an unknown one). */
export function taxRate(taxType: string | null | undefined): number {
  return TAX_TYPES.find((t) => t.tax_type === taxType)?.rate ?? 0;
}

export const NominalCode = defineRecordType({
  type: "nominal",
  label: "Nominal code",
  fields: z.object({
    name: text(150),
    code: requiredText("Code Required", 20),
    type: text(50),
    tax_type: z.enum(taxTypeNames, { error: "Unknown tax type" }).nullable().optional(),
    bank_account_number: text(50),
    description: text(1000),
    enable_payments_to_account: bool(),
    show_in_expense_claims: bool(),
  }),
  searchOf: (r) => `${r.code ?? ""} ${(r.name ?? "").toLowerCase()}`.toLowerCase(),
  // 003 §5: with no tax type on create, OUTPUT2 is used.
  defaults: () => ({ tax_type: "OUTPUT2" as TaxType, enable_payments_to_account: false, show_in_expense_claims: false }),
});

const status = z.preprocess(
  (v) => (typeof v === "string" ? v.toUpperCase() : v),
  z.enum(["ACTIVE", "ARCHIVED", "DELETED"], { error: "Status must be ACTIVE, ARCHIVED or DELETED" }),
);

const trackingOption = z.strictObject({
  id: z.number().int().positive().optional(),
  name: requiredText("Option name is required", 100),
  status: status.optional(),
  xero_id: z.string().max(100).nullable().optional(),
  category: z.number().int().nullable().optional(),
});

export const TrackingCategory = defineRecordType({
  type: "trackingcategory",
  label: "Tracking category",
  fields: z.object({
    name: requiredText("Name is required", 100),
    status: status.optional(),
    xero_id: z.string().max(100).nullable().optional(),
    options: z.array(trackingOption).max(100).optional(),
  }),
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
