import { WeeklyTarget } from "./reference.js";

type Target = { id: number; active_from?: string | null; active_to?: string | null; weekly_target?: number | null };

/**
 * The weekly target in force on a date among the targets: the one with the
 * latest active_from on or before it whose active_to (if any) is not
 * before it. Pure: the dashboard's figure and the income chart's weeks use it.
 */
export function targetInForce<T extends Target>(all: T[], date: string): T | null {
  const inForce = all
    .filter((t) => t.active_from && t.active_from <= date && (!t.active_to || t.active_to >= date))
    .sort((a, b) => (a.active_from! < b.active_from! ? 1 : a.active_from! > b.active_from! ? -1 : b.id - a.id));
  return inForce[0] ?? null;
}

/** The weekly target in force on a date (GET targetlatest). */
export async function targetOn(date: string) {
  return targetInForce(await WeeklyTarget.all(), date);
}

/** The targets, once, for a run of dates (the income chart's 12 weeks): one read of the small targets list. */
export async function targetsOn(dates: string[]) {
  const all = await WeeklyTarget.all();
  return dates.map((d) => targetInForce(all, d));
}
