import { pounds, sum, type Amount } from "../../../core/platform/money";

type Line = Record<string, unknown>;

const amounts = (rows: Line[], field: string): Amount[] => rows.map((r) => (r[field] as Amount) ?? 0);

/**
 * The summary box's figures of a job as edited (002 §2: estimated and
 * actual totals): labour from the work items, parts from their parts,
 * cost and charge each, through money.ts (never float sums).
 */
export function jobFigures(workItems: Line[]) {
  const parts = workItems.flatMap((w) => (Array.isArray(w.parts) ? (w.parts as Line[]) : []));
  const labourCost = sum(...amounts(workItems, "labour_cost"));
  const labourCharge = sum(...amounts(workItems, "customer_labour_cost"));
  const partsCost = sum(...amounts(parts, "cost"));
  const partsCharge = sum(...amounts(parts, "customer_cost"));
  const estLabourCost = sum(...amounts(workItems, "estimated_labour_cost"));
  const estLabourCharge = sum(...amounts(workItems, "estimated_customer_labour_cost"));
  const estPartsCost = sum(...amounts(parts, "estimated_cost"));
  const estPartsCharge = sum(...amounts(parts, "estimated_customer_cost"));
  return {
    labour_cost: pounds(labourCost),
    labour_charge: pounds(labourCharge),
    parts_cost: pounds(partsCost),
    parts_charge: pounds(partsCharge),
    total_cost: pounds(labourCost.plus(partsCost)),
    total_charge: pounds(labourCharge.plus(partsCharge)),
    estimated_labour_cost: pounds(estLabourCost),
    estimated_labour_charge: pounds(estLabourCharge),
    estimated_parts_cost: pounds(estPartsCost),
    estimated_parts_charge: pounds(estPartsCharge),
    estimated_total_cost: pounds(estLabourCost.plus(estPartsCost)),
    estimated_total_charge: pounds(estLabourCharge.plus(estPartsCharge)),
  };
}
