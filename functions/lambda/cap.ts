import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { capRoutes } from "../cap/routes.js";
import { createApi } from "../platform/app.js";

/**
 * The CAP upload Lambda (POST vehiclescap and its template): the same app the
 * local server runs, with these routes only (functions/areas.ts).
 */
/** The app (tests/stacks/bundles.test.ts checks it serves only the routes API Gateway sends here). */
export const app = createApi([capRoutes]);
export const handler = handle(app);
