import { WeeklyTarget } from "./reference.js";

/**
 * The weekly target in force on a date: the one with the latest
 * active_from on or before it whose active_to (if any) is not before it.
 */
export async function targetOn(date: string) {
  const all = await WeeklyTarget.all();
  const inForce = all
    .filter((t) => t.active_from && t.active_from <= date && (!t.active_to || t.active_to >= date))
    .sort((a, b) => (a.active_from! < b.active_from! ? 1 : a.active_from! > b.active_from! ? -1 : b.id - a.id));
  return inForce[0] ?? null;
}
