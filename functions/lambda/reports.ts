import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { reportsRoutes } from "../reports/routes.js";
import { createApi } from "../platform/app.js";

/**
 * The reports area's Lambda: the same app the local server runs, with the
 * report routes only (report modules of every area, nothing else).
 */
export const handler = handle(createApi([reportsRoutes]));
