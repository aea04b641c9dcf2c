import { Contact } from "../contacts/index.js";
import { estimateMatchesJob } from "./costs.js";
import { Job, JobLines, nestLines } from "./job.js";
import { onLatest } from "../platform/records.js";
import { QuoteLines, storedQuote } from "./quote.js";

// The job cards a quote's items link to, read for the quote's mirrors: apart from the conversions (quote-jobs.ts),
// which carry the job-card service, so reading a quote does not (docs/performance.md "Bundles"). A deleted job card frees
// its quote's items here too (`unlinkJob`), so the job card does not carry the conversions.

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

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The quote's items as stored lines, for a system write of the quote (meta off, mirrors never stored). */
export function linesOf<T extends Row>(items: T[], change: (i: T) => T = (i) => i): T[] {
  return items.map((i) => change({ ...i }));
}

/** A system write of the quote's items on the version read (`stored`): a write by another call meanwhile is a ConflictError. */
export async function writeItems(quoteId: number, stored: Row, items: Row[], actor: string) {
  const { estimated_work_items: _e, comments_list: _c, ...row } = stored;
  await QuoteLines.update(quoteId, { estimated_work_items: items }, actor, { partial: true, system: true, current: row });
}

/**
 * A job card made from quote items was deleted (W19): the items it held
 * are free again (their job, work item and part links cleared), so the
 * quote can make another job card from them, or let them go.
 */
export async function unlinkJob(quoteId: number, jobId: number, actor: string) {
  await onLatest(
    () => storedQuote(quoteId),
    async (now: Row) => {
      if (!((now.estimated_work_items ?? []) as Row[]).some((i) => i.job === jobId)) return;
      const items = linesOf(now.estimated_work_items as Row[], (i) =>
        i.job === jobId ? { ...i, job: null, work: null, parts: ((i.parts ?? []) as Row[]).map((p) => ({ ...p, part: null })) } : i,
      );
      await writeItems(quoteId, now, items, actor);
    },
    20,
  );
}

