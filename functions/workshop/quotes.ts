import type { Hono } from "hono";
import * as z from "zod";
import "../../core/accounts/parts-offers.js"; // a part approval's Xero push (core/workshop/offers.ts)
import { bool, ref } from "../../core/platform/fields.js";
import { pageQuery } from "../../core/platform/paging.js";
import { QUOTE_TYPES, QUOTE_VIEWS, type QuoteView } from "../../core/workshop/quote-rules.js";
import { QuoteConversions } from "../../core/workshop/quote-conversions.js";
import { Quotes } from "../../core/workshop/quotes.js";
import type { AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";
import { writeBody } from "../../core/platform/write-body.js";
import { quote, QUOTE_SERVER_FIELDS } from "../../core/workshop/quote-definitions.js";

const tag = "Quotes";
const quoteCreate = writeBody(quote.schema, { serverSet: QUOTE_SERVER_FIELDS });
const quoteSave = writeBody(quote.schema, { update: true, serverSet: QUOTE_SERVER_FIELDS, extra: { priced: bool() } });
/** Turning a job into a quote: the job and the quote's customers (and vehicle, for an enquiry). */
const conversion = writeBody(quote.schema, { partial: true, pick: ["vehicle", "customer", "customer2"], extra: { job: ref() } });
const id = z.coerce.number().int().positive().max(1e12).optional();
const VIEWS = Object.keys(QUOTE_VIEWS) as [QuoteView, ...QuoteView[]];

/** GET quotes (002 §7): a view's page, department, search, column filters; or a vehicle's open quotes. */
const quoteListQuery = pageQuery.extend({
  view: z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : v), z.enum(VIEWS, { error: `View must be one of ${VIEWS.join(", ")}` }).optional()),
  department: id,
  customer: id,
  customer2: id,
  quote_type: z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v), z.enum(QUOTE_TYPES, { error: `Quote type must be one of ${QUOTE_TYPES.join(", ")}` }).optional()),
  vehicle: id,
  ready_for_customer_invoice: bool(),
});


const userOf = (c: { get: (k: "user") => any }) => c.get("user");

/** The quotes calls of 002 §7 (docs/data-model.md §7.3 "Quotes"). */
export function quoteRoutes(app: Hono<AppEnv>) {
  route(app, { method: "get", path: "/quotes/", summary: "A blank quote: the first department and the app defaults (the editor's New)", tag }, async () => Quotes.blank());
  route(
    app,
    { method: "get", path: "/quotes", summary: "Quotes list: view (active|to_be_priced|quotes|approved|all), department, search, customer/customer2/quote_type filters; vehicle + ready_for_customer_invoice=false: the open-items check", tag, query: quoteListQuery },
    async (_c, { query }) => {
      if (query.vehicle) return Quotes.openForVehicle(query.vehicle, query);
      return Quotes.list(query);
    },
  );
  route(app, { method: "get", path: "/quotes/:id", summary: "A quote with its items (mirrors of their job cards), parts, comments, list fields and colours", tag }, async (_c, { id }) => Quotes.get(id));
  route(app, { method: "post", path: "/createquote", summary: "Create a quote (the pre-save rules of 002 §5)", tag, body: quoteCreate }, async (c, { body }) => Quotes.create(body, userOf(c)));
  route(app, { method: "put", path: "/quotes/:id", summary: "Save the whole quote (send last_saved; 409 when stale); priced: true marks it priced", tag, body: quoteSave }, async (c, { id, body }) =>
    Quotes.save(id, body, userOf(c)),
  );
  route(app, { method: "post", path: "/quotes/finalize/:id", status: 200, summary: "Finalize: the quote becomes priced; answers the quote", tag }, async (c, { id }) => Quotes.finalize(id, userOf(c)));
  route(app, { method: "post", path: "/quotes/approve/:id", status: 200, summary: "Approve for invoicing (every item ready, else 'Cannot Approve For Invoicing' naming the items); answers the quote", tag }, async (c, { id }) =>
    Quotes.approve(id, userOf(c)),
  );
  route(app, { method: "delete", path: "/quotes/:id", summary: "Delete a quote (refused while an item is linked to a job card)", tag }, async (c, { id }) => Quotes.remove(id, userOf(c)));
  route(app, { method: "post", path: "/defectquote", summary: "Turn a defect job into a quote (a customer required); answers the quote id", tag, body: conversion }, async (c, { body }) =>
    QuoteConversions.fromDefect(body, userOf(c)),
  );
  route(app, { method: "post", path: "/enquiryquote", summary: "Turn a part enquiry job into a quote (vehicle and customer 1 required); answers the quote id", tag, body: conversion }, async (c, { body }) =>
    QuoteConversions.fromEnquiry(body, userOf(c)),
  );
}
