import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { paymentRoutes } from "../accounts/payments.js";
import { createApi } from "../platform/app.js";

/**
 * The payments' Lambda (payments, recurring payments): the same app the local server runs, with these routes only (functions/areas.ts), so its bundle carries
 * them and the platform, not the whole area (docs/performance.md "Bundles").
 */
/** The app (tests/stacks/bundles.test.ts checks it serves only the routes API Gateway sends here). */
export const app = createApi([paymentRoutes]);
export const handler = handle(app);
