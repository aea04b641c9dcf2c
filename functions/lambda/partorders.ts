import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { partOrderRoutes } from "../workshop/partorders.js";
import { createApi } from "../platform/app.js";

/**
 * The Lambda of the workshop's part orders and part enquiries (functions/areas.ts): the same app the local server runs, with these routes
 * only, so its bundle stays small (docs/performance.md "Bundles").
 */
export const handler = handle(createApi([partOrderRoutes]));
