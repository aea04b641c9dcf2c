import { Contact } from "../contacts/index.js";
import { estimateMatchesJob } from "./costs.js";
import { Job, JobLines, nestLines } from "./job.js";

// The job cards a quote's items link to, read for the quote's mirrors: apart from the conversions (quote-jobs.ts),
// which carry the job-card service, so reading a quote does not (docs/performance.md "Bundles").

type Row = Record<string, unknown>;
/** A job card as the quote reads it: its id and workshop (a contact id), the rest as stored. */
type JobRow = Row & { id: number; workshop?: number | null };

/** A job card made from quote items, as the quote reads it: the job, its work items (with their parts) by id. */
export type LinkedJob = { job: JobRow; works: Map<number, Row>; workshopName: string | null; matches: (item: Row, work: Row) => boolean };

/**
 * The jobs linked to a quote's items (or a page of quotes' items), read
 * for the mirrors of 002 §3 Estimated work item: each job and its lines,
 * one GetItem batch and one Query per job, bounded by the jobs asked for.
 */
export async function quoteJobLinks(jobIds: number[]): Promise<Map<number, LinkedJob>> {
  const ids = [...new Set(jobIds)];
  const out = new Map<number, LinkedJob>();
  if (!ids.length) return out;
  const [jobs, lines] = await Promise.all([Job.getMany(ids), JobLines.load(ids)]);
  const workshops = new Map(((await Contact.getMany((jobs as JobRow[]).map((j) => Number(j.workshop)).filter(Boolean))) as Row[]).map((c) => [Number(c.id), (c.display_name as string | null | undefined) ?? null]));
  for (const job of jobs as JobRow[]) {
    const works = new Map(nestLines((lines.get(job.id) ?? {}) as Row).map((w) => [w.id as number, w]));
    out.set(job.id, {
      job,
      works,
      workshopName: workshops.get(Number(job.workshop)) ?? null,
      // The job card's own verdict on its item (002 §5 'This work item doesn't match the quote!').
      matches: (_item, work) => (typeof work.estimate_matches_job === "boolean" ? work.estimate_matches_job : estimateMatchesJob(work)),
    });
  }
  return out;
}
