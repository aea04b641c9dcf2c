import { Contact } from "../contacts/index.js";
import type { LineCollection } from "../platform/lines.js";
import { toPence } from "../platform/money.js";
import { isHidden, partDueDate, partViews, supplierInvoiceOf, type PartOrigin } from "./part-rules.js";
import { compactKey, searchKey } from "../platform/paging.js";

/**
 * The `part` line type (docs/data-model.md §7.1 Part): one declaration of
 * the lists and facets every part lives in, whichever record holds it (a
 * job card's work item, a quote's item, a part order). The job's, the
 * quote's and the part order's parts collections each spread
 * `partLineCollection(<origin>)`, so one Parts Expenses list holds them all,
 * their ids come from one counter (`part`) and each is found by its id
 * (`GET parts/update/{id}`) through one locator scope (`part#at`).
 *
 * Lists (`<D>` is `all` and the parent's department; views lower case):
 * - `v#<view>#d#<D>` by part date: the five Parts Expenses views;
 * - `vi#<view>#d#<D>`: the same, only parts with an invoice number (the
 *   show-only-invoice-numbers toggle; not Approved: approved parts always have one);
 * - `due#d#<D>` by due date: Select Filtered (not approved, due date known);
 * - `inv#<supplier>#<invoice no.>`: one supplier invoice's parts (the approve modal);
 * - `f#sup#<supplier>` by `<0 not approved|1 approved>#<part date>`: the supplier column filter;
 * - `hist#all|hidden|stock` by part date: Part History;
 * - `search` by name, compact part number, compact invoice number.
 * Tags: `v=<view>` (each view it is in), `d=<D>`, `sup`, `c` (cost in
 * pence: the banner of a date range is summed from them), `dt` (the part
 * date: a search narrowed to a date range), `o=1` (has a date ordered: the
 * date-ordered range), `i=1` (has an invoice number), `neg=1` (a credit
 * line, cost below 0).
 *
 * Facets: `cost` (value `<view>#<D>`, amount the cost in pence: the total
 * parts cost banner), `costi` (the same for the invoice-number toggle),
 * `ptfig#<D>#<yyyy-mm>` (values `<dd>#cost`, `<dd>#charge` on the part date:
 * the dashboard's parts figures; job parts and unhidden quote parts, part
 * orders count in the order's own figures).
 *
 * The part date is the date ordered, else the parent's own date (a job's
 * workshop or book-in date, a quote's or order's creation date), so parts
 * not yet ordered sit beside their job rather than all at one end.
 */

/** Each work item's parts with their due dates worked out from their suppliers as they are now (a save's last step before writing). */
export async function withDueDates(items: Rec[]): Promise<Rec[]> {
  const ids = [...new Set(items.flatMap((w) => (w.parts ?? []).map((p: Rec) => idOf(p.supplier))).filter((x): x is number => x !== null))];
  const suppliers = new Map(((await Contact.getMany(ids)) as Rec[]).map((c) => [c.id, c]));
  return items.map((w) => ({ ...w, parts: (w.parts ?? []).map((p: Rec) => ({ ...p, due_date: partDueDate(p, suppliers.get(idOf(p.supplier) ?? -1)) })) }));
}


type Rec = Record<string, any>;
const NO_DATE = "~";
const idOf = (v: unknown): number | null => (typeof v === "number" ? v : v && typeof v === "object" && typeof (v as Rec).id === "number" ? (v as Rec).id : null);
const has = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== "";

/** The parent's own date a part not yet ordered is listed by. */
function parentDate(origin: PartOrigin, parent: Rec): string | null {
  if (origin === "job") return parent.workshop_date ?? parent.book_in_date ?? null;
  return parent.date_created ?? null;
}

/** The date a part is listed and counted by: its date ordered, else its parent's date. */
export function partDate(origin: PartOrigin, p: Rec, parent: Rec): string {
  return (has(p.date_ordered) ? String(p.date_ordered) : parentDate(origin, parent)) ?? NO_DATE;
}

const departmentsOf = (parent: Rec) => ["all", ...(idOf(parent.department) ? [String(idOf(parent.department))] : [])];

/** The search terms of a part (W8: from their start): name, compact part number, compact invoice number. */
export function partSearchTerms(p: Rec): string[] {
  const terms = [searchKey(p.name), compactKey(p.part_number), compactKey(p.part_invoice_number)].filter((t) => t.length >= 2);
  return [...new Set(terms)].map((t) => t.slice(0, 100));
}

/** The list memberships of one part (see the module comment). */
export function partMemberships(origin: PartOrigin, p: Rec, parent: Rec) {
  const out: Array<{ list: string; sort: string; tags?: string[] }> = [];
  const date = partDate(origin, p, parent);
  const D = departmentsOf(parent);
  const hidden = isHidden(origin, p);
  const supplier = idOf(p.supplier);
  const invoice = compactKey(p.part_invoice_number);
  const pence = toPence(p.cost);
  out.push({ list: "hist#all", sort: date });
  if (hidden) out.push({ list: "hist#hidden", sort: date });
  if (p.from_stock) out.push({ list: "hist#stock", sort: date });
  const supplierInvoice = supplierInvoiceOf(p);
  // The supplier invoice's parts (the approve modal; the Xero parts push reads them, xero-documents.ts `part`).
  if (supplierInvoice) out.push({ list: `inv#${supplierInvoice.supplier}#${supplierInvoice.invoice}`, sort: "", tags: pence < 0 ? ["neg=1"] : [] });
  if (hidden) return out;
  const views = partViews(p);
  const tags = [
    ...views.map((v) => `v=${v}`),
    ...D.map((d) => `d=${d}`),
    `sup=${supplier ?? NO_DATE}`,
    `c=${pence}`,
    `dt=${date}`,
    ...(has(p.date_ordered) ? ["o=1"] : []),
    ...(invoice ? ["i=1"] : []),
  ];
  for (const v of views)
    for (const d of D) {
      out.push({ list: `v#${v}#d#${d}`, sort: date, tags });
      if (invoice && v !== "approved") out.push({ list: `vi#${v}#d#${d}`, sort: date, tags });
    }
  if (!p.approved && has(p.due_date)) for (const d of D) out.push({ list: `due#d#${d}`, sort: String(p.due_date), tags });
  if (supplier) out.push({ list: `f#sup#${supplier}`, sort: `${p.approved ? 1 : 0}#${date}`, tags });
  for (const term of partSearchTerms(p)) out.push({ list: "search", sort: term, tags });
  return out;
}

/** The facet values of one part (see the module comment). */
export function partFacets(origin: PartOrigin, p: Rec, parent: Rec) {
  if (isHidden(origin, p)) return [];
  const out: Array<{ facet: string; value: string; amount: number }> = [];
  const pence = toPence(p.cost);
  const D = departmentsOf(parent);
  const invoice = has(p.part_invoice_number);
  for (const v of partViews(p))
    for (const d of D) {
      out.push({ facet: "cost", value: `${v}#${d}`, amount: pence });
      if (invoice && v !== "approved") out.push({ facet: "costi", value: `${v}#${d}`, amount: pence });
    }
  const date = partDate(origin, p, parent);
  if (origin !== "partorder" && date !== NO_DATE) {
    const [ym, dd] = [date.slice(0, 7), date.slice(8, 10)];
    for (const d of D) {
      out.push({ facet: `ptfig#${d}#${ym}`, value: `${dd}#cost`, amount: pence });
      out.push({ facet: `ptfig#${d}#${ym}`, value: `${dd}#charge`, amount: toPence(p.customer_cost) });
    }
  }
  return out;
}

/** The line type every parts collection shares. */
export const PART_LINE_TYPE = "part";

/**
 * What a parts collection of `origin` spreads into its declaration
 * (`defineLines`): the shared line type, id counter, locator, lists, facets
 * and position counts. Index version 2: the lists and facets arrived after
 * parts were first stored (version 1 had only the job's locator), so the
 * index upgrade lists the parts saved before (core/platform/lines.ts
 * `rebuildLineType`).
 */
export function partLineCollection(origin: PartOrigin): Pick<LineCollection, "lineType" | "idCounter" | "label" | "locator" | "lists" | "facets" | "listPositions" | "indexVersion"> {
  return {
    lineType: PART_LINE_TYPE,
    idCounter: "part",
    label: "Part",
    locator: true,
    lists: (line, parent) => partMemberships(origin, line, parent),
    facets: (line, parent) => partFacets(origin, line, parent),
    // Any page of a view or of Part History starts from position counts by month and day.
    listPositions: { coarse: 7, fine: 10, lists: (l) => l.startsWith("v#") || l.startsWith("vi#") || l.startsWith("hist#") },
    indexVersion: 3,
  };
}
