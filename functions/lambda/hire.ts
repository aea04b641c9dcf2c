import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { hireRoutes } from "../hire/routes.js";
import { createApi } from "../platform/app.js";

/**
 * The rentals (hire) area's Lambda: the same app the local server runs, with this area's
 * routes only, so its bundle carries this area's code and the platform's.
 */
/** The app (tests/stacks/bundles.test.ts checks it serves only the routes API Gateway sends here). */
export const app = createApi([hireRoutes]);
export const handler = handle(app);
