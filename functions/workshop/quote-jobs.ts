import type { Hono } from "hono";
import * as z from "zod";
import "../../core/accounts/parts-offers.js"; // a part approval's Xero push (core/workshop/offers.ts)
import { isoDate, ref, text } from "../../core/platform/fields.js";
import { QuoteJobs } from "../../core/workshop/quote-jobs.js";
import type { AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";

// A job card from quote items: apart from the quotes' routes, as it carries the job-card service (functions/areas.ts
// "quotejobs"; docs/performance.md "Bundles").
const tag = "Quotes";

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

/** POST createquotejob. */
export function quoteJobRoutes(app: Hono<AppEnv>) {
  route(app, { method: "post", path: "/createquotejob", summary: "Create a job card from the selected quote items (Workshop, Book In Date and Start Date required); answers the job id", tag, body: createJobBody }, async (c, { body }) =>
    QuoteJobs.createJob(body, c.get("user")),
  );
}
