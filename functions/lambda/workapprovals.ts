import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { workApprovalRoutes } from "../workshop/work-approvals.js";
import { createApi } from "../platform/app.js";

/**
 * The work approvals' Lambda (GET work, PUT work/readytoapprove, work/approve): the same app the local server runs,
 * with these routes only (functions/areas.ts), so its bundle carries them and the platform, not the whole area
 * (docs/performance.md "Bundles").
 */
/** The app (tests/stacks/bundles.test.ts checks it serves only the routes API Gateway sends here). */
export const app = createApi([workApprovalRoutes]);
export const handler = handle(app);
