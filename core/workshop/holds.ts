import { ukDate } from "../platform/dates.js";
import { inParallel } from "../platform/records/bulk.js";
import { listScope } from "../platform/records/indexes.js";
import { entriesOfList } from "../platform/records/reading.js";

/**
 * Workshop warnings on a rental (issue 11, beyond the spec; docs/rentals.md
 * "Workshop warnings"): a van with an open NOT_DRIVEABLE defect, or booked
 * into the workshop over the hire's dates, is flagged, never blocked.
 *
 * Shared by the hire Lambda (tests/stacks/bundles.test.ts SHARED): it reads
 * the tags a job writes on its vehicle's open-jobs list (`veh#<v>#open`,
 * core/workshop/job.ts), through the engine, so hire carries none of the
 * job card's code and reads, per van, only that van's open jobs.
 */

/** A job's hold on its van, as its open-list entry's tags carry it. */
export type WorkshopHold = { job: number; state: string; defect_status: string | null; from: string | null; to: string | null };

export type WorkshopWarning = { job: number; reason: "NOT_DRIVEABLE" | "IN_WORKSHOP"; from: string | null; to: string | null; message: string };

/** States in which the van is with the workshop (not yet collected or approved). */
const IN_WORKSHOP = new Set(["open", "returned", "ready"]);

/**
 * The tags of a job's `veh#<v>#open` entry: its state, defect status and
 * its days in the workshop (workshop date, else book-in date, to finish
 * date, else that same day). "~" where a date is missing.
 */
export function holdTags(r: { workshop_date?: string | null; book_in_date?: string | null; finish_date?: string | null; defect_status?: string | null }, state: string): string[] {
  const from = r.workshop_date || r.book_in_date || "~";
  const to = r.finish_date && from !== "~" && r.finish_date >= from ? r.finish_date : from;
  return [`st=${state.toLowerCase()}`, `ds=${(r.defect_status || "~").toLowerCase()}`, `from=${from}`, `to=${to}`];
}

/** A hold read back from an entry's tags (lower case, "~" for none). */
export function holdOfEntry(e: { id: number; tags: string[] }): WorkshopHold {
  const tag = (k: string) => {
    const v = e.tags.find((t) => t.startsWith(`${k}=`))?.slice(k.length + 1);
    return v && v !== "~" ? v : null;
  };
  return { job: e.id, state: tag("st") ?? "", defect_status: tag("ds")?.toUpperCase() ?? null, from: tag("from"), to: tag("to") };
}

/**
 * The overlap rule: an open defect marked NOT_DRIVEABLE holds the van
 * whatever the dates; a job not yet collected or approved holds it when
 * its days in the workshop meet the hire's (both inclusive). A job with
 * no date holds nothing by dates.
 */
export function workshopWarning(h: WorkshopHold, window: { start_date: string; finish_date: string }): WorkshopWarning | null {
  if (h.state === "defect" && h.defect_status === "NOT_DRIVEABLE")
    return { job: h.job, reason: "NOT_DRIVEABLE", from: null, to: null, message: `Job ${h.job}: open defect, not driveable` };
  if (IN_WORKSHOP.has(h.state) && h.from) {
    const to = h.to ?? h.from;
    if (h.from <= window.finish_date && to >= window.start_date) {
      const days = to === h.from ? ukDate(h.from) : `${ukDate(h.from)} - ${ukDate(to)}`;
      return { job: h.job, reason: "IN_WORKSHOP", from: h.from, to, message: `Job ${h.job}: booked into the workshop ${days}` };
    }
  }
  return null;
}

/** Vans read at once. */
const AT_ONCE = 16;

/**
 * Per van, the warnings for a window: one Query of the van's open-jobs
 * list each (a handful of entries), never the jobs table.
 */
export async function workshopWarnings(vehicles: number[], window: { start_date: string; finish_date: string }): Promise<Map<number, WorkshopWarning[]>> {
  const out = new Map<number, WorkshopWarning[]>();
  const wanted = [...new Set(vehicles.filter((v) => Number.isInteger(v) && v > 0))];
  await inParallel(wanted, AT_ONCE, async (v) => {
    const entries = await entriesOfList(listScope("job", `veh#${v}#open`));
    out.set(
      v,
      entries.map((e) => workshopWarning(holdOfEntry(e), window)).filter((w): w is WorkshopWarning => w !== null),
    );
  });
  return out;
}
