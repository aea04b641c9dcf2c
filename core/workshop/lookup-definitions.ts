import { answerExtras, defineFields } from "../platform/definition.js";

/**
 * The part lookup and the work lookup of 002 §3, each field declared once
 * (docs/decisions.md "One definition per record type"): lookups.ts parses
 * with the schemas, web/src/parts/ draws the Part Stock and Work Stock
 * forms from the fields. No field carries a required message: 002 §5 says
 * the part lookup's fill-all-fields check always passes; a new part on a
 * work lookup needs all its fields (lookup-rules.ts `newPartMissing`).
 * A part lookup's `work_lookup` and a work lookup's `part_work_lookup` are
 * links kept outside these items (lookups.ts).
 */
export const partLookup = defineFields({
  name: { label: "Name", kind: "text", max: 200 },
  part_number: { label: "Part number", kind: "text", max: 100 },
  make: { label: "Make", kind: "text", max: 100 },
  model: { label: "Model", kind: "text", max: 100 },
  variant: { label: "Variant", kind: "text", max: 100 },
  vehicle_type: { label: "Vehicle type", kind: "text", max: 100 },
  supplier: { label: "Supplier", kind: "ref" },
  cost: { label: "Cost", kind: "money" },
  customer_cost: { label: "Customer cost", kind: "money" },
  stock_volume: { label: "Stock volume", kind: "integer" },
  comments: { label: "Comments", kind: "textarea", max: 2000 },
});

/** What a part lookup's answer carries besides its fields (the work lookups using it, the row's type on a mixed list): a save drops them. */
export const partLookupExtras = answerExtras({ work_lookup: "object", record_type: "text" });

export const workLookup = defineFields({
  description: { label: "Description", kind: "text", max: 500 },
  supplier: { label: "Supplier", kind: "ref" },
  labour_hours: { label: "Labour hours", kind: "number", max: 10_000 },
  labour_cost: { label: "Labour cost", kind: "money" },
  customer_labour_cost: { label: "Customer labour cost", kind: "money" },
});

/** The fields of a new part added on a work lookup (002 §5: all required, 'All fields are required'). */
export const NEW_WORK_PART_FIELDS = ["name", "part_number", "cost", "supplier", "customer_cost"] as const;
