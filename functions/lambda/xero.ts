import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { xeroRoutes } from "../accounts/xero.js";
import { createApi } from "../platform/app.js";

/**
 * The Xero Lambda (status, the outbox, retry, sync, reconciliation): the same app the local server runs, with these routes only (functions/areas.ts), so its bundle carries
 * them and the platform, not the whole area (docs/performance.md "Bundles").
 */
/** The app (tests/stacks/bundles.test.ts checks it serves only the routes API Gateway sends here). */
export const app = createApi([xeroRoutes]);
export const handler = handle(app);
