import type { Hono } from "hono";
import * as z from "zod";
import { ACTIVE_VIEWS, Credits, CREDIT_APPROVED_VIEWS, CREDIT_VIEWS, INVOICE_VIEWS, Invoices, creditApprovedQuery, creditBatch, invoiceBatch } from "../../core/accounts/index.js";
import { choiceAlias } from "../../core/platform/choices.js";
import { pageQuery } from "../../core/platform/paging.js";
import { actor, type AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";
import { heldWarning } from "../../core/accounts/xero-push.js";
import { writeBody } from "../../core/platform/write-body.js";
import { credit, CREDIT_SERVER_FIELDS, invoice, INVOICE_SERVER_FIELDS } from "../../core/accounts/index.js";

/** An approval's answer: its push items are sent by the table stream's consumer once the units landed (docs/xero.md "When a document reaches Xero"). */
async function afterApproval<T extends { results: unknown[] }>(out: T, sourceType: string): Promise<T & { warning?: string }> {
  const sources = out.results.map((r) => ({ sourceType, sourceId: Number((r as { id: unknown }).id) }));
  // Documents of a department without a Xero mapping are held back: the answer says so (the screen shows it).
  const warning = await heldWarning(sources);
  return warning ? { ...out, warning } : out;
}

const invoiceCreate = writeBody(invoice.schema, { serverSet: INVOICE_SERVER_FIELDS });
const invoiceSave = writeBody(invoice.schema, { update: true, serverSet: INVOICE_SERVER_FIELDS });
const creditCreate = writeBody(credit.schema, { serverSet: CREDIT_SERVER_FIELDS });
const creditSave = writeBody(credit.schema, { update: true, serverSet: CREDIT_SERVER_FIELDS });
const id = z.coerce.number().int().positive().max(999_999_999_999).optional();
const blankless = (v: unknown) => (v === "" || v === "ALL" || v === "all" ? undefined : v);

/** GET invoices (003 §7): activeView hire|movement|sales|order, view all|approved|ready|not_approved (or the labels' snake_case), department, search, customer (column filter). */
const invoiceQuery = pageQuery.extend({
  activeView: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : ACTIVE_VIEWS[v.trim().toLowerCase()] ?? v) : v),
    z.enum(["HIRE", "MOVEMENT", "SALES", "ORDER"], { error: "activeView must be hire, movement, sales or order" }).optional(),
  ),
  // The values, or the snake_case of 003 §2's labels (ready_to_invoice).
  view: z.preprocess(choiceAlias(INVOICE_VIEWS), z.enum(INVOICE_VIEWS.map((v) => v.value) as ["all", "approved", "ready", "not_approved"], { error: "view must be all, approved, ready (ready_to_invoice) or not_approved" }).optional()),
  department: z.preprocess(blankless, id),
  customer: z.preprocess(blankless, id),
  searchFresh: z.string().max(100).optional(),
});

/** GET credit (003 §7): view = the kind (A10), approved = not_approved|ready|approved (or the labels' snake_case, true, false), department. */
const creditQuery = pageQuery.extend({
  // The kinds, or the snake_case of 003 §2's labels (movement_invoice, vehicle_sale_invoice, work_items, parts).
  view: z.preprocess(
    choiceAlias([{ value: "ALL", label: "All" }, ...CREDIT_VIEWS]),
    z.enum(["ALL", ...CREDIT_VIEWS.map((v) => v.value)] as ["ALL", "TRANSACTION", "MOVEMENT", "SALE", "WORK", "PART"], { error: "view must be TRANSACTION, MOVEMENT, SALE, WORK or PART" }).optional(),
  ),
  approved: z.preprocess(choiceAlias(CREDIT_APPROVED_VIEWS), creditApprovedQuery.optional()),
  department: z.preprocess(blankless, id),
});

/** The approver: the signed-in staff member's name (003 §3 approver first_name, last_name). */
const approverOf = (c: { get: (k: "user") => { email: string; given_name: string; family_name: string } }) => c.get("user");

/** Invoicing and credit note calls of 003 §7 (docs/data-model.md §8.3), in the accounts area. */
export function invoiceRoutes(app: Hono<AppEnv>) {
  const tag = "Invoices";
  route(app, { method: "get", path: "/invoices", summary: "Invoices of a view: activeView (source), view (state), department, search (number or customer name), customer; newest invoice date first", tag, query: invoiceQuery }, async (_c, { query }) =>
    Invoices.list({ ...query, view: query.view, activeView: query.activeView }),
  );
  route(app, { method: "get", path: "/invoices/:id", summary: "One invoice with its state, VAT, total and outstanding", tag }, async (_c, { id }) => Invoices.get(id));
  route(app, { method: "post", path: "/invoices", summary: "Create a vehicle sale invoice (000 §7), numbered IN… when no number is sent", tag, body: invoiceCreate }, async (c, { body }) => Invoices.createSale(body, actor(c)));
  route(app, { method: "put", path: "/invoices/:id", summary: "Save an invoice (send last_saved); refused once approved", tag, body: invoiceSave }, async (c, { id, body }) => Invoices.save(id, body, actor(c)));
  route(app, { method: "delete", path: "/invoices/:id", summary: "Delete an invoice; refused once approved", tag }, async (c, { id }) => Invoices.remove(id, actor(c)));
  route(app, { method: "put", path: "/invoiceready", summary: "Not approved → ready to invoice: body [{id, last_saved}]", tag, body: invoiceBatch }, async (c, { body }) => Invoices.ready(body, actor(c)));
  route(app, { method: "put", path: "/invoiceapprove", summary: "Ready → approved (003 §5 rules; numbers per A1): body [{id, last_saved}]", tag, body: invoiceBatch }, async (c, { body }) =>
    afterApproval(await Invoices.approve(body, approverOf(c)), "invoice"),
  );

  const ctag = "Credit notes";
  route(app, { method: "get", path: "/credit", summary: "Credit notes: view (kind), approved (state), department; newest date issued first", tag: ctag, query: creditQuery }, async (_c, { query }) =>
    Credits.list({ ...query, view: query.view === "ALL" ? undefined : query.view }),
  );
  route(app, { method: "get", path: "/credit/:id", summary: "One credit note", tag: ctag }, async (_c, { id }) => Credits.get(id));
  route(app, { method: "post", path: "/credit", summary: "Create a credit note of one invoice, transaction, work item or part; CN number", tag: ctag, body: creditCreate }, async (c, { body }) => Credits.create(body, actor(c)));
  route(app, { method: "put", path: "/credit/:id", summary: "Save a credit note (send last_saved); refused once approved", tag: ctag, body: creditSave }, async (c, { id, body }) => Credits.save(id, body, actor(c)));
  route(app, { method: "delete", path: "/credit/:id", summary: "Delete a credit note; refused once approved", tag: ctag }, async (c, { id }) => Credits.remove(id, actor(c)));
  route(app, { method: "put", path: "/creditready", summary: "Not approved → ready to approve: body [{id, last_saved}]", tag: ctag, body: creditBatch }, async (c, { body }) => Credits.ready(body, actor(c)));
  route(app, { method: "put", path: "/creditapprove", summary: "Ready → approved (003 §5): body [{id, last_saved}]; an invoice's outstanding falls", tag: ctag, body: creditBatch }, async (c, { body }) =>
    afterApproval(await Credits.approve(body, approverOf(c)), "credit"),
  );
}
