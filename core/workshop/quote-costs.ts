import { pounds } from "../platform/money.js";
import { markedUp, partCustomerCost, partsMarkup, quoteLabourEstimate, type CostDefaults, type PricedCustomer, type WorkTypeRates } from "./costs.js";

type Row = Record<string, any>;

/** A value the formulas can take (blank is 0); anything else is left for the schema to refuse with its message. */
const priceable = (v: unknown) => v === null || v === undefined || v === "" || (typeof v === "number" && Number.isFinite(v)) || (typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v.trim()));

/**
 * A quote item priced with the workshop's formulas (core/workshop/costs.ts,
 * docs/workshop.md): unless cost_override, the estimated labour cost and
 * charge from its hours (quoteLabourEstimate), and each part's estimated
 * charge from its estimated cost with the parts markup that applies (the
 * quote's own, else the billed customer's, else the default); a part under
 * cost_override keeps its entered charges. Actual part charges (cost to
 * customer_cost) are priced the same way.
 */
export function estimateQuoteItem(item: Row, ctx: { workType: WorkTypeRates; customer: PricedCustomer; defaults: CostDefaults; partsMarkup: unknown }): Row {
  const out: Row = { ...item };
  if (!item.cost_override && priceable(item.estimated_labour_hours)) {
    const est = quoteLabourEstimate(item.estimated_labour_hours, ctx.workType, ctx.defaults, ctx.customer);
    out.estimated_labour_cost = est.cost;
    out.estimated_customer_labour_cost = est.charge;
  }
  const markup = partsMarkup(ctx.partsMarkup as any, ctx.customer, ctx.defaults);
  if (Array.isArray(item.parts))
    out.parts = item.parts.map((p: unknown) => {
      if (!p || typeof p !== "object" || Array.isArray(p)) return p;
      const part = p as Row;
      if (part.cost_override || !priceable(part.estimated_cost) || !priceable(part.cost)) return part;
      return {
        ...part,
        estimated_customer_cost: pounds(markedUp(part.estimated_cost, markup)),
        ...(part.cost !== null && part.cost !== undefined && part.cost !== "" ? { customer_cost: partCustomerCost(part, markup) } : {}),
      };
    });
  return out;
}
