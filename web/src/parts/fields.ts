import { partLookup, workLookup } from "../../../core/workshop/lookup-definitions";
import type { PartLookupAnswer, WorkLookupAnswer } from "../../../core/workshop/types";
import { fieldsFrom, type FieldDef } from "../platform/form";

/**
 * The Part Stock and Work Stock forms' fields, from the lookups' one
 * definition (core/workshop/lookup-definitions.ts): labels and bounds are
 * the server's. The supplier is picked with the supplier typeahead
 * (ContactRefInput), so it is drawn apart from the other inputs.
 */
export const PART_FIELDS: FieldDef[] = fieldsFrom(partLookup, {
  customer_cost: { description: "Left empty, or unchanged when the cost changes: worked out from the cost with the default parts markup" },
});

/** Part Stock's Edit Selected: what can be set on several lookups at once (blank fields are left as they are). */
export const BULK_FIELDS: FieldDef[] = PART_FIELDS.filter((f) => ["make", "model", "variant", "vehicle_type", "supplier", "cost", "customer_cost", "stock_volume", "comments"].includes(f.name));

export const WORK_FIELDS: FieldDef[] = fieldsFrom(workLookup);

/** A new part added on a work lookup (002 §5: every one required). */
export const NEW_PART_FIELDS: FieldDef[] = PART_FIELDS.filter((f) => ["name", "part_number", "cost", "supplier", "customer_cost"].includes(f.name)).map((f) => ({ ...f, description: undefined }));

/** A part lookup and a work lookup as their lists and pages answer them: inferred from their definitions (core/workshop/types.ts). */
export type PartLookupRow = PartLookupAnswer;
export type WorkLookupRow = WorkLookupAnswer;
