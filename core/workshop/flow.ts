import { ukDate, weeksMeeting } from "../platform/dates.js";
import { oneChunk, periodOf, type ReportDefinition, type ReportParams } from "../platform/reports.js";
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

/** jobflowreport: the same figures as CSV, one row a week meeting the range, for the department (docs/reports.md). */
export const jobFlowReport: ReportDefinition = {
  name: "jobflowreport",
  title: "Workshop jobs in and out by week",
  needs: "range",
  filename: "workshop-jobs-in-out",
  async build(p: ReportParams) {
    const period = periodOf(p)!;
    const { weeks } = await jobFlowByWeek({ start: period.start, end: period.end, department: p.department });
    return {
      header: ["Week Commencing", "Week Ending", "Jobs In", "Jobs Out"],
      chunks: oneChunk(weeks.map((w) => [ukDate(w.start), ukDate(w.end), w.jobs_in, w.jobs_out])),
    };
  },
};
