import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { generalReportRoutes } from "../reports/general.js";
import { createApi } from "../platform/app.js";

/**
 * The reports Lambda: the same app the local server runs, with the report
 * routes of every area but the workshop's (functions/lambda/workshopreports.ts)
 * only: their report modules, nothing else.
 */
/** The app (tests/stacks/bundles.test.ts checks it serves only the routes API Gateway sends here). */
export const app = createApi([generalReportRoutes]);
export const handler = handle(app);
