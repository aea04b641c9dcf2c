import { Contact } from "../contacts/index.js";
import { ValidationError } from "../platform/errors.js";
import { META_FIELDS } from "../platform/records.js";
import { AppDefaults, withTrackingOptions } from "../settings/index.js";
import { partCustomerCost, partsMarkup } from "./costs.js";
import { approvedSupplierInvoices, lockedPartMoney, partDueDate } from "./part-rules.js";
import { workshopOffers } from "./offers.js";
import { PART_ORDER_SERVER_FIELDS, orderPart, partOrderExtras } from "./partorder-definitions.js";
import { PartOrderLines, storedOrder } from "./partorder.js";
import { PART_LINE_DEFAULTS, orderLineIn } from "./partorder-rules.js";

/**
 * A part order as sent made ready to store, and its parts saved from Parts
 * Expenses (PUT parts/update, P rows): beside the order's record
 * (partorder.ts), not in its service (partorders.ts), so the parts Lambda
 * carries the save without the order screens' use cases
 * (docs/performance.md "Bundles"). `PartOrders.saveParts` is this save.
 */

type Rec = Record<string, unknown>;
/** A stored part of the order: a line with its id. */
type Line = Rec & { id: number };
type Staff = { email: string };

const idOf = (v: unknown): number | null => (typeof v === "number" ? v : v && typeof v === "object" && typeof (v as Rec).id === "number" ? ((v as Rec).id as number) : null);
const isObject = (v: unknown): v is Rec => !!v && typeof v === "object" && !Array.isArray(v);

/** What an answer carries that is never stored: a client may send it back (last_saved is kept: the save checks it). */
const answerOnly: readonly string[] = [...META_FIELDS.filter((f) => f !== "last_saved"), ...partOrderExtras.names];

/**
 * An order as sent, made ready to store: server fields and answers taken
 * off; each part read under the spec's line names, its empty dates null,
 * a new line given the defaults of 002 §5 (VAT 20, to be ordered); each
 * part's customer charge worked out from its cost (unless Override Cost)
 * with the customer's parts markup, else the default (002 §9).
 */
export async function preparePartOrder(body: unknown, stored: Rec | null): Promise<Rec> {
  if (!isObject(body)) throw new ValidationError("The request body must be a JSON object.");
  const sent: Rec = await withTrackingOptions(body);
  const out: Rec = {};
  for (const [k, v] of Object.entries(sent)) if (!answerOnly.includes(k) && !(PART_ORDER_SERVER_FIELDS as readonly string[]).includes(k)) out[k] = v;
  const customerId = out.customer !== undefined ? idOf(out.customer) : idOf(stored?.customer ?? null);
  const sentParts = Array.isArray(out.parts) ? (out.parts as unknown[]).filter(isObject) : [];
  const supplierIds = [...sentParts, ...((stored?.parts ?? []) as Line[])].map((p) => idOf(p.supplier)).filter((x): x is number => !!x);
  const [contacts, defaults] = await Promise.all([Contact.getMany([...(customerId ? [customerId] : []), ...supplierIds]), AppDefaults.get()]);
  const byId = new Map((contacts as Rec[]).map((c) => [c.id, c]));
  const customer = (customerId ? byId.get(customerId) : undefined) ?? null;
  out.customer_name = customer?.display_name ?? null;
  if (out.parts !== undefined && out.parts !== null) {
    if (!Array.isArray(out.parts)) throw new ValidationError("parts must be a list", { parts: "Must be a list" });
    const held = new Map<number, Rec>(((stored?.parts ?? []) as Line[]).map((p) => [p.id, p]));
    const markup = partsMarkup(null, customer, defaults);
    out.parts = (out.parts as unknown[]).map((raw) => {
      if (!isObject(raw)) return raw;
      const p = orderLineIn(raw);
      delete p.parent_type;
      delete p.parent_id;
      // Approval is Parts Expenses' (PUT parts/update): an order save keeps the stored approval.
      delete p.approved;
      delete p.approver;
      for (const f of ["date_ordered", "backorder_expected_date", "invoice_date", "payment_date"]) if (p[f] === "") p[f] = null;
      const before = held.get(Number(p.id));
      if (!before) for (const [k, v] of Object.entries(PART_LINE_DEFAULTS)) if (p[k] === undefined || p[k] === null || p[k] === "") p[k] = v;
      delete p.due_date;
      const merged = { ...(before ?? {}), ...p };
      // A figure or date that is no amount or date is left for the engine's parse to refuse with its own message.
      try {
        p.customer_cost = partCustomerCost(merged, markup);
        // The due date Parts Expenses lists it by: the payment date, else the invoice date plus the supplier's terms (part-rules.ts).
        p.due_date = partDueDate(merged, byId.get(idOf(merged.supplier) ?? -1));
      } catch {
        /* refused by the line's schema */
      }
      return p;
    });
  }
  return out;
}

/**
 * PUT parts/update (Parts Expenses, P rows): some of the order's parts
 * changed (`changes`) and approved (`server`: approved, approver), in
 * one save of the order's lines with each part's charge and due date
 * worked out again. Parts Expenses checked each part's freshness, locks
 * and approval first; a completed order's parts are still received and
 * approved here (invoice number and dates, nominal codes, approval), but
 * their money stays as the order's invoice has it (`lockedPartMoney`).
 */
export async function savePartOrderParts(id: number, changes: Map<number, Rec>, server: Map<number, Rec>, user: Staff) {
  const stored = await storedOrder(id);
  const parts = (stored.parts as Line[]).map((p) => (changes.has(p.id) ? { ...p, ...changes.get(p.id), id: p.id, last_saved: p.last_saved } : p));
  // A completed order's parts keep their money (its invoice was raised from them): checked on the order as read, and the write is on that version.
  const held = new Map<number, Rec>((stored.parts as Line[]).map((p) => [p.id, p]));
  for (const [partId, change] of changes) {
    const locked = lockedPartMoney("partorder", stored, held.get(partId) ?? {}, change);
    const field = Object.keys(locked)[0];
    if (field) throw new ValidationError(locked[field], { [`parts.${partId}.${field}`]: locked[field] });
  }
  const prepared = await preparePartOrder({ parts }, stored);
  const complete = stored.status === "COMPLETE";
  prepared.parts = (prepared.parts as Line[]).map((p) => {
    const kept = complete && held.has(p.id) ? { ...p, ...Object.fromEntries(orderPart.lockedMoney.filter((f) => f !== "work").map((f) => [f, held.get(p.id)![f] ?? null])) } : p;
    return server.has(p.id) ? { ...kept, ...server.get(p.id) } : kept;
  });
  const { customer_name: _n, ...body } = prepared;
  // The Xero purchase invoice of each supplier invoice whose parts this save approves, in the order's unit (as a job's parts: docs/xero.md).
  const also = workshopOffers.need("partsPush")(approvedSupplierInvoices("partorder", prepared.parts as Rec[], server), user.email);
  await PartOrderLines.update(id, body, user.email, { partial: true, system: true, current: stored, also });
}
