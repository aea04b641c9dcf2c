import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { quoteJobRoutes } from "../workshop/quote-jobs.js";
import { createApi } from "../platform/app.js";

/**
 * The Lambda of POST createquotejob (a job card made from quote items): the same app the local server runs, with this
 * route only (functions/areas.ts), so the quotes' Lambda does not carry the job-card service (docs/performance.md "Bundles").
 */
/** The app (tests/stacks/bundles.test.ts checks it serves only the routes API Gateway sends here). */
export const app = createApi([quoteJobRoutes]);
export const handler = handle(app);
