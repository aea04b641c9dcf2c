import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { authRoutes } from "../auth/routes.js";
import { createApi } from "../platform/app.js";

/**
 * The auth area's Lambda: the same app the local server runs, with this area's
 * routes only, so its bundle carries this area's code and the platform's.
 */
/** The app (tests/stacks/bundles.test.ts checks it serves only the routes API Gateway sends here). */
export const app = createApi([authRoutes]);
export const handler = handle(app);
