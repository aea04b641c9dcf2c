import type { Hono } from "hono";
import "../../core/accounts/workshop-offers.js"; // parts pushes and the invoices part orders and movements raise (core/workshop/offers.ts)
import type { AppEnv } from "../platform/app.js";
import { jobLineRoutes, jobRoutes } from "./jobs.js";
import { lookupRoutes } from "./lookups.js";
import { movementRoutes } from "./movements.js";
import { partOrderRoutes } from "./partorders.js";
import { partsRoutes } from "./parts.js";
import { quoteRoutes } from "./quotes.js";
import { quoteJobRoutes } from "./quote-jobs.js";
import { quoteApprovalRoutes } from "./quote-approval.js";
import { workApprovalRoutes } from "./work-approvals.js";
import { workTotalsRoutes } from "./work-totals.js";

/**
 * The workshop area (002 §7), as the local server composes it: every route group below, in this order. Its
 * Lambdas serve the groups apart (functions/areas.ts "workshop"; docs/performance.md "Bundles").
 */
export function workshopRoutes(app: Hono<AppEnv>) {
  lookupRoutes(app); // part and work lookups (functions/workshop/lookups.ts)
  quoteRoutes(app);
  quoteJobRoutes(app);
  quoteApprovalRoutes(app);
  partsRoutes(app); // Parts Expenses, Part History, parts figures: functions/workshop/parts.ts
  jobRoutes(app);
  // GET work (service record and the work approval lists), PUT work/readytoapprove, PUT work/approve.
  workApprovalRoutes(app);
  workTotalsRoutes(app);
  jobLineRoutes(app);
  movementRoutes(app); // vehicle movements: functions/workshop/movements.ts
  partOrderRoutes(app); // part orders and part enquiries: functions/workshop/partorders.ts
}

