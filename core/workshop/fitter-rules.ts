import { jobState, type JobState } from "./rules.js";

/**
 * The fitter's phone (issue 26, docs/fitter-phone.md): which jobs are a
 * fitter's "today's jobs". Pure: the server's list (core/workshop/fitter.ts)
 * reads exactly these from the jobs' fitter column index, and the tests
 * check the two agree.
 *
 * A job is the fitter's today when its `fitter` (the job's own field; work
 * items carry none, 002 §3) is that fitter, its `workshop_date` is today in
 * Europe/London, and it is still being worked: a job card (not a defect or
 * a part enquiry) that is open, returned from the workshop or ready for
 * collection. A collected or approved job is done and leaves the list.
 */
export const FITTER_DAY_STATES: readonly JobState[] = ["OPEN", "RETURNED", "READY"];

type JobLike = { fitter?: unknown; workshop_date?: unknown; is_defect?: unknown; is_enquiry?: unknown; approved?: unknown; status?: unknown; quote?: unknown };

const idOf = (v: unknown): number | null => (typeof v === "number" ? v : v && typeof v === "object" && typeof (v as { id?: unknown }).id === "number" ? (v as { id: number }).id : null);

/** Whether a job is one of the fitter's jobs of `today` (ISO date, Europe/London). */
export function isFittersJobToday(job: JobLike, fitter: number, today: string): boolean {
  return idOf(job.fitter) === fitter && job.workshop_date === today && FITTER_DAY_STATES.includes(jobState(job));
}

/**
 * The key range of the fitter column list (`f#fi#<fitter>`, core/workshop/job.ts)
 * that holds a fitter's jobs of one day: its entries sort by
 * `<0 live|1 finished>#<workshop date>`, so a day's live jobs are one key range.
 */
export function fitterDayRange(today: string): { from: string; to: string } {
  return { from: `0#${today}`, to: `0#${today}` };
}

/** The device remembers which fitter its user is (localStorage): the key. */
export const FITTER_DEVICE_KEY = "fitter.me";

/** A photo is scaled on the phone before upload to at most this many pixels on its long side, as JPEG of this quality. */
export const PHOTO_MAX_SIDE = 2000;
export const PHOTO_QUALITY = 0.85;

/** The size a photo of width x height is drawn at: the long side at most `max`, the proportions kept, never enlarged. */
export function scaledSize(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  const long = Math.max(width, height);
  if (!(long > max)) return { width, height };
  const r = max / long;
  return { width: Math.max(1, Math.round(width * r)), height: Math.max(1, Math.round(height * r)) };
}
