import { Contact } from "../contacts/index.js";
import { defineLines } from "../platform/lines.js";
import { toPence } from "../platform/money.js";
import { defineRecordType, onLatest } from "../platform/records.js";
import { declareReferences } from "../platform/references.js";
import { Department, NominalCode, PaymentType } from "../settings/index.js";
import { partLineCollection } from "./part-lines.js";
import { orderPart, partOrder } from "./partorder-definitions.js";
import { COUNTED_STATUSES, partOrderTotals, type PartOrderStatus } from "./partorder-rules.js";
import { compactKey, searchKey } from "../platform/paging.js";

/**
 * The part order (002 §3; docs/data-model.md §7.1 "Part order"): a parent
 * with lines (core/platform/lines.ts). Its parts are lines of the `part`
 * line type (part-lines.ts), which a job's and a quote's parts share: one
 * Parts Expenses list holds them all, ids come from the part counter, and
 * `parts/update/{id}` finds an order's part by its id (the locator).
 */

export const MAX_ORDER_PARTS = 200;

export const PartOrderLines = defineLines("partorder", [
  {
    name: "parts",
    // The part line type's lists, facets, locator and id counter (part-lines.ts): the order's parts are in Parts Expenses with the jobs' and quotes'.
    ...partLineCollection("partorder"),
    fields: orderPart.schema,
    max: { count: MAX_ORDER_PARTS, message: `At most ${MAX_ORDER_PARTS} parts on one part order` },
  },
]);

type Rec = Record<string, any>;


/** The creator column filter's key: the creator's e-mail, lower case. */
export const creatorKey = (r: Rec) => searchKey(r.creator?.email) || "~";

/** What the search box matches from its start (W8): customer name, compact registration, VIN, order number (the order no. is looked up by id). */
export function partOrderSearchTerms(r: Rec): string[] {
  const terms = [searchKey(r.customer_name), compactKey(r.customer_vehicle), compactKey(r.customer_vehicle_vin), searchKey(r.order_number)].filter((t) => t.length >= 2);
  return [...new Set(terms)].map((t) => t.slice(0, 100)).slice(0, 5);
}

/**
 * The order's lists (docs/data-model.md §7.1 Part order):
 * - `s#<status>#d#<D>` by date created: the four views, each department and ALL;
 * - `f#cust#<contact>` and `f#creator#<e-mail>` by date created: the column filters;
 * - `search` by each term.
 * Tags `st` (status) and `d` (department) narrow the filter and search lists.
 */
export function partOrderMemberships(r: Rec) {
  const st = String(r.status ?? "ORDER") as PartOrderStatus;
  const created = r.date_created ?? "~";
  const depts = ["ALL", ...(r.department ? [String(r.department)] : [])];
  const tags = [`st=${st.toLowerCase()}`, ...depts.map((d) => `d=${d.toLowerCase()}`)];
  const out: Array<{ list: string; sort: string; tags?: string[] }> = [];
  for (const d of depts) out.push({ list: `s#${st}#d#${d}`, sort: created });
  if (r.customer) out.push({ list: `f#cust#${r.customer}`, sort: created, tags });
  out.push({ list: `f#creator#${creatorKey(r)}`, sort: created, tags });
  for (const term of partOrderSearchTerms(r)) out.push({ list: "search", sort: term, tags: [...tags, `date=${created}`] });
  return out;
}

/**
 * The dashboard's Part Orders panel (W18): each ORDER or COMPLETE order's
 * parts cost and customer charge on its date created, in month partitions
 * `pofig#<D>#<yyyy-mm>`; and the creators offered by the creator filter.
 */
export function partOrderFacets(r: Rec) {
  const out: Array<{ facet: string; value: string; amount?: number }> = [{ facet: "creator", value: creatorKey(r) }];
  if (!COUNTED_STATUSES.includes(r.status) || !r.date_created) return out;
  const ym = String(r.date_created).slice(0, 7);
  const dd = String(r.date_created).slice(8, 10);
  for (const d of ["ALL", ...(r.department ? [String(r.department)] : [])]) {
    out.push({ facet: `pofig#${d}#${ym}`, value: `${dd}#cost`, amount: toPence(r.total_part_cost) });
    out.push({ facet: `pofig#${d}#${ym}`, value: `${dd}#charge`, amount: toPence(r.total_part_customer_charge) });
  }
  return out;
}

export const PartOrder = defineRecordType({
  type: "partorder",
  label: "Part order",
  fields: partOrder.schema,
  defaults: () => ({ status: "ORDER" as const }),
  searchOf: () => "",
  // The totals follow the parts whenever they are in hand (every save with lines; a line saved on its own).
  validate(r: Rec) {
    if (r.parts !== undefined) Object.assign(r, partOrderTotals(r.parts as Rec[]));
  },
  lists: (r) => partOrderMemberships(r),
  facets: (r) => partOrderFacets(r),
  // Any page of a view starts at its month and day of creation.
  listPositions: { coarse: 7, fine: 10, lists: (list) => list.startsWith("s#") },
  outside: PartOrderLines.outside,
  expand: async (rows) => PartOrderLines.attach(rows),
});
PartOrderLines.bind(PartOrder);

/** What a part order's fields point at (checked on every save). The enquiry's job is the server's link, written with the job. */
declareReferences(PartOrder, () => ({
  customer: Contact,
  department: Department,
  "parts.*.supplier": Contact,
  "parts.*.payment_type": PaymentType,
  "parts.*.supplier_nominal_code": NominalCode,
}));

/** The stored order with its parts (consistent reads), or 404. */
export async function storedOrder(id: number): Promise<Rec> {
  const row = (await PartOrder.stored(id)) as Rec;
  const lines = (await PartOrderLines.load([id])).get(id) ?? {};
  return { ...row, parts: [], ...lines };
}

/**
 * An enquiry moved on from its job (W12): turned into a quote the order
 * becomes a QUOTE, turned into a job an ORDER. A write of the product's
 * own on the order as it then is (retried when a save lands between).
 */
export async function enquiryMoved(orderId: number, status: Extract<PartOrderStatus, "QUOTE" | "ORDER">, actor: string) {
  await onLatest(
    () => storedOrder(orderId),
    async (stored) => {
      if (stored.status === "ENQUIRY") await PartOrderLines.update(orderId, { status }, actor, { partial: true, system: true, current: stored });
    },
  );
}
