import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { jobLineRoutes, jobRoutes } from "../workshop/jobs.js";
import { createApi } from "../platform/app.js";

/**
 * The workshop's job card Lambda (jobs, the `work` calls, one work item, photos): the same app the local server runs, with these routes only (functions/areas.ts), so its bundle carries
 * them and the platform, not the whole area (docs/performance.md "Bundles").
 */
/** The app (tests/stacks/bundles.test.ts checks it serves only the routes API Gateway sends here). */
export const app = createApi([jobRoutes, jobLineRoutes]);
export const handler = handle(app);
