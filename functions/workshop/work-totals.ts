import type { Hono } from "hono";
import { workTotals } from "../../core/accounts/work-totals.js";
import type { AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";

/**
 * GET worktotals/{id} (003 §7 "Work approvals"): a job's estimated against
 * actual labour and part costs, from the job's stored totals: a read of the
 * job card, so it answers from the workshop area beside the `work` calls
 * (functions/workshop/work-approvals.ts).
 */
export function workTotalsRoutes(app: Hono<AppEnv>) {
  route(
    app,
    {
      method: "get",
      path: "/worktotals/:id",
      summary: "A job's total_estimate_labour_cost, total_job_labour_cost, total_estimate_part_cost, total_job_part_cost",
      tag: "Work approvals",
    },
    async (_c, { id }) => workTotals(id),
  );
}
