import * as z from "zod";
import { Contact } from "../contacts/index.js";
import { Vehicle } from "../fleet/index.js";
import { defineLines } from "../platform/lines.js";
import { defineRecordType } from "../platform/records.js";
import { declareReferences } from "../platform/references.js";
import { ValidationError } from "../platform/errors.js";
import { Department, WorkType } from "../settings/index.js";
import { estimatedWorkItem, ESTIMATED_ITEM_OUTPUT, quote as quoteDefinition } from "./quote-definitions.js";
import { comment, part } from "./definitions.js";
import { partLineCollection } from "./part-lines.js";
import { quotePreSave, quoteState } from "./quote-rules.js";
import { linkAfterWrite } from "./quote-approval-rules.js";

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

/** A quote part as stored: a line of the quote's `parts` collection, with the key of the item it belongs to (`#<item id>`). */
export const quotePartLine = quotePartSchema.extend({ work_key: z.string().max(100).nullable().optional() });

export const MAX_QUOTE_PARTS = 1000;

/**
 * The quote's lines as stored (core/platform/lines.ts): its estimated work
 * items, its parts and its comments, each an item of its own under the
 * quote. Parts are lines of the shared `part` line type (part-lines.ts), so
 * they are in Parts Expenses as Q rows beside the jobs' and part orders',
 * each under the key of its item (`work_key`); the API nests them under
 * their item (`estimated_work_items[i].parts`): `QuoteLines` below.
 */
const QuoteLineStore = defineLines("quote", [
  {
    name: "estimated_work_items",
    idCounter: "ework",
    // `parts` inside an item: only as a release before stored them (the data upgrade moves them out: quote-upgrade.ts).
    fields: estimatedItemSchema,
    outputOnly: ESTIMATED_ITEM_OUTPUT,
    max: { count: MAX_ITEMS, message: `At most ${MAX_ITEMS} work items on one quote` },
  },
  {
    name: "parts",
    ...partLineCollection("quote"),
    fields: quotePartLine,
    max: { count: MAX_QUOTE_PARTS, message: `At most ${MAX_QUOTE_PARTS.toLocaleString("en-GB")} parts on one quote` },
  },
  {
    name: "comments_list",
    idCounter: "comment",
    fields: commentSchema,
    max: { count: MAX_COMMENTS, message: `At most ${MAX_COMMENTS} comments on one quote` },
  },
]);

type Line = Record<string, any>;

/** The stored lines as the API gives them: each item with its parts (`work_key` taken off), no flat `parts`. */
export function nestQuoteLines<T extends Line>(lines: T): T {
  if (!Array.isArray(lines.estimated_work_items)) {
    const { parts: _p, ...rest } = lines;
    return rest as T;
  }
  const parts = (lines.parts ?? []) as Line[];
  const { parts: _p, ...rest } = lines;
  return {
    ...rest,
    estimated_work_items: (lines.estimated_work_items as Line[]).map((i) => ({
      ...i,
      parts: [...((i.parts ?? []) as Line[]), ...parts.filter((p) => p.work_key === `#${i.id}`).map(({ work_key: _k, ...p }) => p)],
    })),
  } as unknown as T;
}

/**
 * Items as sent (each with its parts) as the store takes them: the items
 * without parts, and every part under the key of its item's place in the
 * list (`@<i>`: a new item has no id yet; the quote's validate turns it
 * into `#<item id>`). An item sent without `parts` keeps its stored ones.
 */
export function flattenQuoteItems(items: unknown[], storedParts: Line[] = []): { estimated_work_items: unknown[]; parts: Line[] } {
  const parts: Line[] = [];
  const out = items.map((raw, i) => {
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
    const { parts: sent, ...item } = raw as Line;
    const own = Array.isArray(sent) ? sent : item.id != null ? storedParts.filter((p) => p.work_key === `#${item.id}`) : [];
    for (const p of own as unknown[]) parts.push(p && typeof p === "object" && !Array.isArray(p) ? { ...(p as Line), work_key: `@${i}` } : (p as Line));
    return item;
  });
  return { estimated_work_items: out, parts };
}

/** Each part's item key made `#<item id>` (a save's items have their ids by now); a part with no item of the quote is refused. */
function ownParts(r: Line): Line[] {
  const items = (r.estimated_work_items ?? []) as Line[];
  const ids = new Set(items.map((i) => i.id));
  return ((r.parts ?? []) as Line[]).map((p, k) => {
    const key = String(p.work_key ?? "");
    const owner = key.startsWith("@") ? items[Number(key.slice(1))]?.id : key.startsWith("#") && ids.has(Number(key.slice(1))) ? Number(key.slice(1)) : undefined;
    if (owner === undefined) throw new ValidationError("Each part must belong to a work item of the quote", { [`parts.${k}`]: "Each part must belong to a work item of the quote" });
    return { ...p, work_key: `#${owner}` };
  });
}

async function storeBody(id: number | null, body: Line): Promise<Line> {
  if (!Array.isArray(body.estimated_work_items)) return body;
  const items = body.estimated_work_items as unknown[];
  const keeps = id !== null && items.some((i) => i && typeof i === "object" && !Array.isArray((i as Line).parts));
  const stored = keeps ? (((await QuoteLineStore.load([id])).get(id)?.parts ?? []) as Line[]) : [];
  return { ...body, ...flattenQuoteItems(items, stored) };
}

/** The quote's lines with its parts nested under their items (reads) and flattened into the parts collection (saves). */
export const QuoteLines = {
  ...QuoteLineStore,
  store: QuoteLineStore,
  async load(ids: number[]) {
    const m = await QuoteLineStore.load(ids);
    return new Map([...m].map(([k, v]) => [k, nestQuoteLines(v)]));
  },
  async attach<T extends { id: number }>(rows: T[]) {
    return (await QuoteLineStore.attach(rows)).map((r) => nestQuoteLines(r));
  },
  async create(body: Line, actor: string, opts?: Parameters<typeof QuoteLineStore.create>[2]) {
    return nestQuoteLines(await QuoteLineStore.create(await storeBody(null, body), actor, opts));
  },
  async update(id: number, body: Line, actor: string, opts?: Parameters<typeof QuoteLineStore.update>[3]) {
    return nestQuoteLines(await QuoteLineStore.update(id, await storeBody(id, body), actor, opts));
  },
};

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
  validate(r: Line) {
    // The lines in hand (a save): each part under its item's id, and the rules read the items with their parts.
    if (r.parts !== undefined) r.parts = ownParts(r);
    const view = r.parts !== undefined ? nestQuoteLines({ ...r }) : r;
    const refused = quotePreSave(view);
    if (refused) throw new ValidationError(refused.message, refused.errors);
    r.qstate = quoteState(view);
    // The approval link's invariant (quote-approval-rules.ts): any write but the Send itself closes an open link, in that write.
    if (r.approval_link) r.approval_link = linkAfterWrite(r.approval_link);
  },
  lists: (r) => quoteMemberships(r),
  // Any page of a view starts at its month and day of creation (core/platform/records/positions.ts).
  listPositions: { coarse: 7, fine: 10, lists: (list) => list.startsWith("s#") || list.startsWith("qt#") },
  // 2: a quote's parts moved out of its items into the parts collection (quote-upgrade.ts), then listed as part lines.
  indexVersion: 2,
  outside: QuoteLineStore.outside,
  expand: async (rows) => QuoteLines.attach(rows),
});
QuoteLineStore.bind(Quote);

/** What a quote's fields point at (checked on every save). */
declareReferences(Quote, () => ({
  vehicle: Vehicle,
  customer: Contact,
  customer2: Contact,
  department: Department,
  "estimated_work_items.*.work_type": WorkType,
  "parts.*.supplier": Contact,
}));

/** The stored quote with its lines (consistent reads), or 404. */
export async function storedQuote(id: number): Promise<Row> {
  const row = (await Quote.stored(id)) as Row;
  const lines = (await QuoteLines.load([id])).get(id) ?? {};
  return { ...row, ...lines };
}
