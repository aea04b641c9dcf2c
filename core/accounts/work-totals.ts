import { NotFoundError } from "../platform/errors.js";
import { Job } from "../workshop/index.js";

/**
 * GET worktotals/{id} (003 §7 "Work approvals"): a job's estimated and
 * actual labour and parts costs, from the totals the job keeps (worked out
 * on every save of the job: core/workshop/costs.ts), so no line is read.
 * Its own module: the accounts Lambda carries the job record, not the
 * approvals (core/accounts/work-approvals.ts).
 */
export async function workTotals(jobId: number) {
  const [job] = (await Job.getMany([jobId])) as Array<Record<string, any>>;
  if (!job) throw new NotFoundError("Job");
  return {
    total_estimate_labour_cost: job.estimated_labour_cost_total ?? 0,
    total_job_labour_cost: job.labour_cost_total ?? 0,
    total_estimate_part_cost: job.estimated_parts_cost_total ?? 0,
    total_job_part_cost: job.parts_cost_total ?? 0,
  };
}
