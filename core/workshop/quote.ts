import * as z from "zod";
import { Contact } from "../contacts/index.js";
import { Vehicle } from "../fleet/vehicle.js";
import { defineLines } from "../platform/lines.js";
import { defineRecordType } from "../platform/records.js";
import { declareReferences } from "../platform/references.js";
import { ValidationError } from "../platform/errors.js";
import { Department, WorkType } from "../settings/index.js";
import { estimatedWorkItem, ESTIMATED_ITEM_OUTPUT, quote as quoteDefinition } from "./quote-definitions.js";
import { comment, part } from "./definitions.js";
import { quotePreSave, quoteState } from "./quote-rules.js";

/** Most items on one quote, and parts on one item. */
export const MAX_ITEMS = 100;
export const MAX_PARTS = 100;
export const MAX_COMMENTS = 500;

/** A part inside an item: the workshop's part fields, with the id the server gave it. */
export const quotePartSchema = part.schema.extend({
  id: z.number().int().positive().nullable().optional(),
});

/** One estimated work item as a line of the quote: its fields and its parts. */
export const estimatedItemSchema = estimatedWorkItem.schema
  .extend({ parts: z.array(quotePartSchema).max(MAX_PARTS, `At most ${MAX_PARTS} parts on one work item`).nullable().optional() })
  .strict();

export const commentSchema = comment.schema.strict();

/**
 * The quote's lines (core/platform/lines.ts): its estimated work items,
 * each carrying its parts (a quote's parts are read and saved with their
 * item, never listed on their own here), and its comments. Each is an item
 * of its own under the quote, numbered across all quotes.
 */
export const QuoteLines = defineLines("quote", [
  {
    name: "estimated_work_items",
    idCounter: "ework",
    fields: estimatedItemSchema as any,
    outputOnly: ESTIMATED_ITEM_OUTPUT,
    max: { count: MAX_ITEMS, message: `At most ${MAX_ITEMS} work items on one quote` },
  },
  {
    name: "comments_list",
    idCounter: "comment",
    fields: commentSchema as any,
    max: { count: MAX_COMMENTS, message: `At most ${MAX_COMMENTS} comments on one quote` },
  },
]);

export const quoteFields = quoteDefinition.schema;
export type QuoteFields = z.infer<typeof quoteFields>;

type Row = Record<string, any>;

/** Quote type as a list key: lower case, no spaces ("OFF HIRE" is "off_hire", none: "none"). */
export const quoteTypeKey = (t: unknown) => String(t ?? "NONE").toLowerCase().replace(/[^a-z0-9]+/g, "_") || "none";

/** Search terms of a quote: compact registration, customer names, invoice numbers (quote no. is looked up by id). */
export function quoteSearchTerms(q: Row): string[] {
  const terms = new Set<string>();
  const reg = String(q.registration ?? "").replace(/[^a-z0-9]/gi, "").toLowerCase();
  if (reg) terms.add(reg);
  for (const name of [q.customer_name, q.customer2_name]) {
    const n = String(name ?? "").toLowerCase().trim();
    if (n) terms.add(n.replace(/\s+/g, " "));
  }
  for (const inv of [q.customer_invoice_number, q.customer2_invoice_number]) {
    const n = String(inv ?? "").toLowerCase().trim();
    if (n) terms.add(n);
  }
  return [...terms].slice(0, 6);
}

/**
 * The quote's lists (docs/data-model.md §7.1 Quote): by state and
 * department (the five views; ALL for every department and every state),
 * the same by quote type (the Quote Type column filter), the vehicle's
 * open quotes (the open-items check), each customer's quotes (column
 * filters: not approved first, then approved, by date created), and the
 * search terms. Tags let a bounded list be narrowed by state, department,
 * customers and type.
 */
export function quoteMemberships(q: Row) {
  const st = (q.qstate ?? quoteState(q)) as string;
  const created = q.date_created ?? "~";
  const depts = ["ALL", ...(q.department ? [String(q.department)] : [])];
  const qt = quoteTypeKey(q.quote_type);
  const out: Array<{ list: string; sort: string; tags?: string[] }> = [];
  for (const s of [st, "ALL"])
    for (const d of depts) {
      out.push({ list: `s#${s}#d#${d}`, sort: created });
      out.push({ list: `qt#${qt}#s#${s}#d#${d}`, sort: created });
    }
  if (q.vehicle && st !== "APPROVED") out.push({ list: `veh#${q.vehicle}#open`, sort: "o" });
  const tags = [`st=${st}`, `d=${q.department ?? "~"}`, `c1=${q.customer ?? "~"}`, `c2=${q.customer2 ?? "~"}`, `qt=${qt}`];
  const group = st === "APPROVED" ? "1" : "0";
  if (q.customer) out.push({ list: `f#c1#${q.customer}`, sort: `${group}#${created}`, tags });
  if (q.customer2) out.push({ list: `f#c2#${q.customer2}`, sort: `${group}#${created}`, tags });
  for (const term of quoteSearchTerms(q)) out.push({ list: "search", sort: term, tags: [...tags, `date=${created}`] });
  return out;
}

/** The quote (002 §3): a parent with lines, its lists of docs/data-model.md §7.1. */
export const Quote = defineRecordType({
  type: "quote",
  label: "Quote",
  fields: quoteFields,
  defaults: () => ({ priced: false, approved: false, quote_type: "NONE" as const, customer_vehicle: false }),
  searchOf: () => "",
  validate(r) {
    const refused = quotePreSave(r);
    if (refused) throw new ValidationError(refused.message, refused.errors);
    r.qstate = quoteState(r);
  },
  lists: (r) => quoteMemberships(r),
  // Any page of a view starts at its month and day of creation (core/platform/records/positions.ts).
  listPositions: { coarse: 7, fine: 10, lists: (list) => list.startsWith("s#") || list.startsWith("qt#") },
  outside: QuoteLines.outside,
  expand: async (rows) => QuoteLines.attach(rows),
});
QuoteLines.bind(Quote);

/** What a quote's fields point at (checked on every save). */
declareReferences(Quote, () => ({
  vehicle: Vehicle,
  customer: Contact,
  customer2: Contact,
  department: Department,
  "estimated_work_items.*.work_type": WorkType,
  "estimated_work_items.*.parts.*.supplier": Contact,
}));
