import { money, toPence } from "../platform/money.js";
import type { Membership } from "../platform/records.js";
import { blank } from "../platform/blank.js";
import { compactKey } from "../platform/paging.js";

/**
 * The rules of the part and work lookups (002 §5 "Lookups"), pure: no I/O,
 * so the server, the screens' checks and the unit tests share them. The
 * record types that use them are in lookups.ts, the fields in
 * lookup-definitions.ts; the lists and claims follow docs/data-model.md
 * §7.1 "Part lookup" and "Work lookup".
 */

export const LOOKUP_MESSAGES = {
  partExists: "This part already exists!",
  workExists: "This work already exists!",
  allFieldsRequired: "All fields are required",
  /** 002 §8: the work lookup detail's save failure. */
  workSaveFailed: "There was an error!",
  tooManyParts: `At most 20 parts on one work lookup`,
  notEnoughStock: (left: number, name: string) => `Only ${left} of ${name || "this part"} left in stock`,
  stockWhole: "The quantity taken from stock must be a whole number",
  selectParts: "Select at least one part lookup to edit",
} as const;

/** The most parts a work lookup links (each link is an entry in its transaction: docs/data-model.md §7.1). */
export const MAX_WORK_PARTS = 20;


/** Text a name-sorted list sorts and prefix-searches by: lower case, spaces kept single. */
export function sortText(v: unknown): string {
  if (v === null || v === undefined) return "";
  return String(v).trim().toLowerCase().replace(/\s+/g, " ").slice(0, 150);
}

/** Hours as whole hundredths, so an equality filter is a key ("1.5" -> 150). */
export function hundredths(v: unknown): number | null {
  if (v === null || v === undefined || v === "") return null;
  return Number(money(v as any).times(100).toDecimalPlaces(0).toFixed(0));
}

export type PartLookupShape = {
  name?: string | null;
  part_number?: string | null;
  make?: string | null;
  model?: string | null;
  vehicle_type?: string | null;
};

/**
 * The duplicate key of a part lookup (002 §5): same name, part number,
 * make, model and vehicle type, compared without case, spaces or
 * punctuation. Never empty, so two blank lookups are duplicates too.
 */
export function partDuplicateKey(p: PartLookupShape): string {
  return [p.name, p.part_number, p.make, p.model, p.vehicle_type].map(compactKey).join("|").slice(0, 600);
}

export type WorkLookupShape = {
  description?: string | null;
  labour_cost?: number | string | null;
  labour_hours?: number | string | null;
};

/** The duplicate key of a work lookup (002 §5): same description, labour cost (pence) and labour hours. */
export function workDuplicateKey(w: WorkLookupShape): string {
  return [compactKey(w.description).slice(0, 400), w.labour_cost == null ? "" : String(toPence(w.labour_cost)), w.labour_hours == null ? "" : String(hundredths(w.labour_hours))].join("|");
}

/** A part lookup's filter tags (make, model, vehicle type, has a part number): exact values read from an entry. */
export function partTags(p: PartLookupShape): string[] {
  const tags: string[] = [];
  if (compactKey(p.make)) tags.push(`mk=${compactKey(p.make)}`);
  if (compactKey(p.model)) tags.push(`md=${compactKey(p.model)}`);
  if (compactKey(p.vehicle_type)) tags.push(`vt=${compactKey(p.vehicle_type)}`);
  if (compactKey(p.part_number)) tags.push("num=1");
  return tags;
}

/**
 * A part lookup's lists (docs/data-model.md §7.1 "Part lookup"): `all` by
 * name; `num` (those with a part number, view=with_number); `pn` by
 * compact part number (search and the part number filter); one list per
 * make, model and vehicle type (the column filters). Every entry carries
 * the filter tags, so the other filters narrow the chosen list.
 */
export function partLookupLists(p: PartLookupShape): Membership[] {
  const name = sortText(p.name);
  const tags = partTags(p);
  const out: Membership[] = [{ list: "all", sort: name, tags }];
  if (compactKey(p.part_number)) {
    out.push({ list: "num", sort: name, tags });
    out.push({ list: "pn", sort: compactKey(p.part_number), tags });
  }
  if (compactKey(p.make)) out.push({ list: `mk#${compactKey(p.make)}`, sort: name, tags });
  if (compactKey(p.model)) out.push({ list: `md#${compactKey(p.model)}`, sort: name, tags });
  if (compactKey(p.vehicle_type)) out.push({ list: `vt#${compactKey(p.vehicle_type)}`, sort: name, tags });
  return out;
}

export type WorkLookupLists = WorkLookupShape & { supplier?: number | null; part_work_lookup?: Array<{ part_lookup?: number | null }> | null };

/** A work lookup's filter tags: supplier, labour cost in pence, labour hours in hundredths. */
export function workTags(w: WorkLookupLists): string[] {
  const tags: string[] = [];
  if (w.supplier) tags.push(`sup=${w.supplier}`);
  if (w.labour_cost != null) tags.push(`lc=${toPence(w.labour_cost)}`);
  if (w.labour_hours != null) tags.push(`lh=${hundredths(w.labour_hours)}`);
  return tags;
}

/**
 * A work lookup's lists (docs/data-model.md §7.1 "Work lookup"): `all` by
 * description; per supplier; per labour cost and labour hours (column
 * filters); and `bypart#<part lookup>` for each part it links, so a part
 * lookup finds the work lookups using it without either record growing.
 */
export function workLookupLists(w: WorkLookupLists): Membership[] {
  const d = sortText(w.description);
  const tags = workTags(w);
  const out: Membership[] = [{ list: "all", sort: d, tags }];
  if (w.supplier) out.push({ list: `sup#${w.supplier}`, sort: d, tags });
  if (w.labour_cost != null) out.push({ list: `lc#${toPence(w.labour_cost)}`, sort: d, tags });
  if (w.labour_hours != null) out.push({ list: `lh#${hundredths(w.labour_hours)}`, sort: d, tags });
  const parts = new Set((w.part_work_lookup ?? []).map((l) => l?.part_lookup).filter((x): x is number => typeof x === "number"));
  for (const p of parts) out.push({ list: `bypart#${p}`, sort: "" });
  return out;
}

/** A new part on a work lookup (002 §5): name, part number, cost, supplier and customer cost, all required. */
export type NewLookupPart = { name?: unknown; part_number?: unknown; cost?: unknown; supplier?: unknown; customer_cost?: unknown };

export function newPartMissing(p: NewLookupPart): string[] {
  // A supplier sent as an object without its id is none.
  const missing = (v: unknown) => blank(v) || (typeof v === "object" && v !== null && !("id" in v));
  return (["name", "part_number", "cost", "supplier", "customer_cost"] as const).filter((f) => missing(p[f]));
}

/**
 * The customer cost a save stores (002 §5): recalculated from the cost
 * when the cost changes, unless the save overrides it (sends a customer
 * cost of its own, different from the stored one); worked out when there
 * is none. `charge` is the workshop's part charge for a cost (costs.ts).
 */
export function customerCostOnSave(
  before: { cost?: number | null; customer_cost?: number | null } | null,
  sent: { cost?: number | null; customer_cost?: number | null },
  charge: (cost: number) => number,
): number | null | undefined {
  const cost = sent.cost !== undefined ? sent.cost : (before?.cost ?? null);
  if (cost === null || cost === undefined) return sent.customer_cost;
  const overridden = sent.customer_cost !== undefined && sent.customer_cost !== null && (before === null || !sameAmount(sent.customer_cost, before.customer_cost));
  if (overridden) return sent.customer_cost;
  const costChanged = before === null || !sameAmount(cost, before.cost);
  const hasNone = (sent.customer_cost === undefined ? before?.customer_cost : sent.customer_cost) == null;
  if (costChanged || hasNone) return charge(cost);
  return sent.customer_cost;
}

/**
 * A part chosen from a work lookup (002 §5): a customer cost of 0 (or
 * none) is replaced by the computed charge for its cost.
 */
export function chosenPartCustomerCost(p: { cost?: number | null; customer_cost?: number | null }, charge: (cost: number) => number): number | null {
  if (p.customer_cost !== null && p.customer_cost !== undefined && !money(p.customer_cost).isZero()) return p.customer_cost;
  if (p.cost === null || p.cost === undefined) return p.customer_cost ?? null;
  return charge(p.cost);
}

/** The stock left after taking `n` (negative: returned to stock); null when there is not enough. */
export function stockAfter(volume: number | null | undefined, n: number): number | null {
  const left = (volume ?? 0) - n;
  return left < 0 ? null : left;
}

function sameAmount(a: unknown, b: unknown) {
  if (a == null || b == null) return a == null && b == null;
  return money(a as any).equals(money(b as any));
}
