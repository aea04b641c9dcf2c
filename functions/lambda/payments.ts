import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { paymentRoutes } from "../accounts/payments.js";
import { createApi } from "../platform/app.js";

/**
 * The Lambda of payments and recurring payments (functions/areas.ts): the same app the local server runs, with these routes
 * only, so its bundle stays small (docs/performance.md "Bundles").
 */
export const handler = handle(createApi([paymentRoutes]));
