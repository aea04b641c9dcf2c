import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { xeroRoutes } from "../accounts/xero.js";
import { createApi } from "../platform/app.js";

/**
 * The Lambda of the Xero page's calls (functions/areas.ts): the same app the local server runs, with these routes
 * only, so its bundle stays small (docs/performance.md "Bundles").
 */
export const handler = handle(createApi([xeroRoutes]));
