import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { complianceRoutes } from "../compliance/routes.js";
import { createApi } from "../platform/app.js";

/**
 * The compliance Lambda (registration look-ups, MOT history, warnings, the fleet check run now): the same app the
 * local server runs, with these routes only (functions/areas.ts).
 */
/** The app (tests/stacks/bundles.test.ts checks it serves only the routes API Gateway sends here). */
export const app = createApi([complianceRoutes]);
export const handler = handle(app);
