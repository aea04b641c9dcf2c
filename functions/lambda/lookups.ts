import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { lookupRoutes } from "../workshop/lookups.js";
import { workTotalsRoutes } from "../workshop/work-totals.js";
import { createApi } from "../platform/app.js";

/**
 * The part and work lookups' Lambda, with the work totals: the same app the local server runs, with these routes only (functions/areas.ts), so its bundle carries
 * them and the platform, not the whole area (docs/performance.md "Bundles").
 */
/** The app (tests/stacks/bundles.test.ts checks it serves only the routes API Gateway sends here). */
export const app = createApi([lookupRoutes, workTotalsRoutes]);
export const handler = handle(app);
