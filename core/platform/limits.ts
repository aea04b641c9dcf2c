/**
 * The bounds every input is held to (docs/decisions.md "Bounds on
 * input"), applied by the field types of fields.ts. Its own module, with
 * no imports, so the screens and pure rules (the CAP file) can use the
 * same numbers without bundling zod.
 */
/** The bounds every number input is held to. */
export const LIMITS = {
  /** Pounds: no amount the business handles comes near ten million. */
  money: 10_000_000,
  /** Miles on a van's clock or allowed on a hire. */
  mileage: 2_000_000,
  /** Percentages (discounts, interest, depreciation); markups and margins may go higher. */
  percent: 100,
  markup: 1_000,
  /** Any other quantity (weights, litres, days, counts, bytes). */
  quantity: 1_000_000_000,
  /** Record ids: 12 digits, as the keys are padded. */
  id: 999_999_999_999,
} as const;

/** Dates the product accepts: anything outside is a typing slip (year 0000 or 9999). */
export const DATE_RANGE = { from: "1900-01-01", to: "2100-12-31" } as const;
