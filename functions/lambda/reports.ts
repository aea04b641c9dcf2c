import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { reportsRoutes } from "../reports/routes.js";
import { createApi } from "../platform/app.js";

/**
 * The reports area's Lambda: the same app the local server runs, with the
 * report routes only (report modules of every area, nothing else).
 */
/** The app (tests/stacks/bundles.test.ts checks it serves only the routes API Gateway sends here). */
export const app = createApi([reportsRoutes]);
export const handler = handle(app);
