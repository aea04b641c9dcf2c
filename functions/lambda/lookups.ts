import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { lookupRoutes } from "../workshop/lookups.js";
import { workTotalsRoutes } from "../workshop/work-totals.js";
import { createApi } from "../platform/app.js";

/**
 * The Lambda of the workshop's part and work lookups and work totals (functions/areas.ts): the same app the local
 * server runs, with these routes only, so its bundle stays small (docs/performance.md "Bundles").
 */
export const handler = handle(createApi([lookupRoutes, workTotalsRoutes]));
