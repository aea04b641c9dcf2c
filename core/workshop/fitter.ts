import { todayInLondon } from "../platform/dates.js";
import { NotFoundError } from "../platform/errors.js";
import { Fitter } from "../settings/index.js";
import { fitterDayRange } from "./fitter-rules.js";
import { Job } from "./job.js";

/**
 * The fitter's phone (issue 26, docs/fitter-phone.md): the jobs of one
 * fitter for today. Everything else the phone does goes through the job
 * card's own calls (GET and PUT jobs/{id}, PUT jobs/returned/{id}, the job
 * images' presigned uploads), so there is no second save path.
 */
export const FitterJobs = {
  /**
   * GET fitterjobs?fitter=: the fitter's jobs of today (fitter-rules.ts
   * `isFittersJobToday`), one Query of the fitter column list `f#fi#<fitter>`
   * on the key range of today's live jobs (`0#<today>`), job cards only
   * (`v=jobs`: no defects or enquiries). Bounded by one fitter's one day,
   * whatever the history.
   */
  async today(fitter: number, now = new Date()) {
    const [row] = await Fitter.getMany([fitter]);
    if (!row) throw new NotFoundError("Fitter");
    const today = todayInLondon(now);
    const page = await Job.listIn(`f#fi#${fitter}`, { page: 1, page_size: 100, ...fitterDayRange(today), tags: ["v=jobs"], order: "asc" });
    return { date: today, fitter: { id: row.id, name: (row as { name?: string }).name ?? null }, count: page.count, results: page.results };
  },
};
