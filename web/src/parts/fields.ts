import { partLookup, workLookup } from "../../../core/workshop/lookup-definitions";
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

export type PartLookupRow = {
  id: number;
  last_saved: string;
  name: string | null;
  part_number: string | null;
  make: string | null;
  model: string | null;
  variant: string | null;
  vehicle_type: string | null;
  supplier: { id: number; display_name: string | null } | null;
  cost: number | null;
  customer_cost: number | null;
  stock_volume: number | null;
  comments: string | null;
  work_lookup?: number[];
};

export type WorkLookupRow = {
  id: number;
  last_saved: string;
  description: string | null;
  labour_hours: number | null;
  labour_cost: number | null;
  customer_labour_cost: number | null;
  supplier: { id: number; display_name: string | null } | null;
  part_work_lookup?: PartLookupRow[];
};
