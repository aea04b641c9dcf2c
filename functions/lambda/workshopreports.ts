import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { workshopReportRoutes } from "../reports/workshop.js";
import { createApi } from "../platform/app.js";

/**
 * The workshop reports' Lambda (part stock, quotes, jobs in and out: `report/<name>` and `reportexport/<name>`): the
 * same app the local server runs, with these routes only (functions/areas.ts), so neither it nor the reports Lambda
 * carries every area's report modules (docs/performance.md "Bundles").
 */
/** The app (tests/stacks/bundles.test.ts checks it serves only the routes API Gateway sends here). */
export const app = createApi([workshopReportRoutes]);
export const handler = handle(app);
