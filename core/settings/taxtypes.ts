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
export const TAX_TYPE_NAMES = TAX_TYPES.map((t) => t.tax_type) as unknown as readonly [TaxType, ...TaxType[]];

/** VAT rate in percent for a tax type (0 for an unknown one). Pure: the screens import it without the nominal code record. */
export function taxRate(taxType: string | null | undefined): number {
  return TAX_TYPES.find((t) => t.tax_type === taxType)?.rate ?? 0;
}
