import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { financeAgreementRoutes } from "../accounts/agreements.js";
import { invoiceRoutes } from "../accounts/invoices.js";
import { createApi } from "../platform/app.js";

/**
 * The accounts' invoice Lambda (invoices, credit notes, vehicle sales): the same app the local server runs, with these routes only (functions/areas.ts), so its bundle carries
 * them and the platform, not the whole area (docs/performance.md "Bundles").
 */
/** The app (tests/stacks/bundles.test.ts checks it serves only the routes API Gateway sends here). */
export const app = createApi([invoiceRoutes, financeAgreementRoutes]);
export const handler = handle(app);
