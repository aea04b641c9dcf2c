import { weeksMeeting } from "../platform/dates.js";
import { JOB_FLOW_FACET, Job } from "./job.js";

/**
 * The workshop board's jobs in and out per week (issue 27): for each
 * Monday-Sunday week meeting start..end, the jobs booked in and the jobs
 * collected (`jobFlowFacets` in job.ts, kept in each job's own save). One
 * Query of the department's facet over the weeks' Mondays, whatever the
 * history. The chart (GET jobflow) and the report (jobflowreport) answer
 * from this one function (docs/charts.md).
 */
export async function jobFlowByWeek(q: { start: string; end: string; department?: number | null }) {
  const weeks = weeksMeeting(q.start, q.end);
  if (!weeks.length) return { weeks: [] };
  const facet = JOB_FLOW_FACET(q.department ? String(q.department) : "all");
  const sums = await Job.facetSums(facet, { from: weeks[0].start, to: `${weeks[weeks.length - 1].start}#~` });
  const of = (value: string) => sums.find((s) => s.value === value)?.sum ?? 0;
  return { weeks: weeks.map((w) => ({ start: w.start, end: w.end, jobs_in: of(`${w.start}#in`), jobs_out: of(`${w.start}#out`) })) };
}

export type JobFlow = Awaited<ReturnType<typeof jobFlowByWeek>>;
