import type { Context, Hono } from "hono";
import * as z from "zod";
import { isoDate, ref, text } from "../../core/platform/fields.js";
import { QuoteConversions } from "../../core/workshop/quote-jobs.js";
import type { AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";
import { writeBody } from "../../core/platform/write-body.js";
import { quote } from "../../core/workshop/quote-definitions.js";

const tag = "Quotes";
/** Turning a job into a quote: the job and the quote's customers (and vehicle, for an enquiry). */
const conversion = writeBody(quote.schema, { partial: true, pick: ["vehicle", "customer", "customer2"], extra: { job: ref() } });

/** POST createquotejob (002 §7): the quote, the selected items and the new job's workshop and dates. */
const createJobBody = z.object({
  quote: ref(),
  items: z.array(z.union([ref(), z.object({ id: ref() }).passthrough()])).max(100, "At most 100 items at once").optional(),
  customerInvoiceNumber: text(100),
  customer2InvoiceNumber: text(100),
  workshop: ref(),
  bookInDate: isoDate(),
  startDate: isoDate(),
});

const userOf = (c: Context<AppEnv>) => c.get("user");

/**
 * A quote's items made a job card and a defect or part enquiry made a quote
 * (002 §7): these carry the job-card service, so they are served by the
 * workshop's job-card Lambda (functions/areas.ts), the quotes' own calls by
 * the quotes Lambda (./quotes.ts).
 */
export function quoteConversionRoutes(app: Hono<AppEnv>) {
  route(app, { method: "post", path: "/createquotejob", summary: "Create a job card from the selected quote items (Workshop, Book In Date and Start Date required); answers the job id", tag, body: createJobBody }, async (c, { body }) =>
    QuoteConversions.createJob(body, userOf(c)),
  );
  route(app, { method: "post", path: "/defectquote", summary: "Turn a defect job into a quote (a customer required); answers the quote id", tag, body: conversion }, async (c, { body }) =>
    QuoteConversions.fromDefect(body, userOf(c)),
  );
  route(app, { method: "post", path: "/enquiryquote", summary: "Turn a part enquiry job into a quote (vehicle and customer 1 required); answers the quote id", tag, body: conversion }, async (c, { body }) =>
    QuoteConversions.fromEnquiry(body, userOf(c)),
  );
}
