import * as z from "zod";
import { LIMITS, int } from "../platform/fields.js";
import { agreement, agreementExtras } from "./definitions.js";

export { FINANCE_TYPES, type FinanceType } from "./definitions.js";

/** Date fields of an agreement: every `*_date` and the stocking plan's start/end fields. */
export function isAgreementDateField(name: string): boolean {
  return /_date$/.test(name) || /^sp_.*_(start|end)$/.test(name);
}

/**
 * Every field of the finance agreement, from its one definition
 * (definitions.ts). Loose: a field this list does not name is kept as
 * sent. The derived figures (docs/finance.md) are output only: dropped
 * here and recomputed on every load.
 */
export const agreementShape = z.looseObject({
  id: int({ max: LIMITS.id }),
  ...agreement.schema.shape,
  finance_type: agreement.schema.shape.finance_type.transform((t) => t ?? "NONE"),
});

/** An agreement as sent: empty dates become null, derived figures are dropped, then every field is checked. */
export const agreementFields = z.preprocess((v) => {
  if (!v || typeof v !== "object" || Array.isArray(v)) return v;
  const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
  for (const k of agreementExtras.names) delete out[k];
  for (const k of Object.keys(out)) if (isAgreementDateField(k) && out[k] === "") out[k] = null;
  return out;
}, agreementShape);

export type AgreementInput = z.infer<typeof agreementShape>;
