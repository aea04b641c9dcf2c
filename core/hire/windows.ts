import { Rental, figureValuesOfEntry, type RentalFigureValues } from "./rental.js";
import { datesOverlap, isLongRental, monthsFromTo } from "./rules.js";

/*
 * The rentals' window entries read for a window (docs/rentals.md "Views and
 * indexes"), apart from the rental services so the dashboard's figures and
 * the weekly hire report (issue 27) carry no more of the hire than these reads.
 */

/** Month lists read at once by a window. */
const MONTHS_AT_ONCE = 12;

/** A rental meeting a window, as its window entry gives it; `values` null on an entry written before it carried them. */
export type WindowEntry = { id: number; values: RentalFigureValues | null };

/**
 * The window entries of the rentals that may meet a window, each rental
 * once: from the month list of every month the window touches (short
 * rentals, those starting by the window's end) and from the long list
 * (long and open-ended rentals finishing on or after the window's start,
 * then those starting by its end). An entry's values leave out rentals
 * that do not meet the window; an entry without them is kept, and its
 * rental is read by whoever needs more than its id.
 */
export async function entriesMeeting(start: string, end: string, tags: string[] = []): Promise<WindowEntry[]> {
  const months = monthsFromTo(start, end);
  const byMonth: Array<Array<{ id: number; sort: string; tags: string[] }>> = [];
  for (let i = 0; i < months.length; i += MONTHS_AT_ONCE)
    byMonth.push(...(await Promise.all(months.slice(i, i + MONTHS_AT_ONCE).map((m) => Rental.entriesIn(`month#${m}`, { tags, to: end })))));
  const long = await Rental.entriesIn("long", { tags, from: start });
  const window = { start_date: start, finish_date: end };
  const meets = (v: RentalFigureValues | null) => !v || (!!v.start_date && datesOverlap(v as { start_date: string; finish_date: string | null }, window));
  const seen = new Map<number, RentalFigureValues | null>();
  // The long list first: it holds the current entry of a long rental.
  for (const e of long) {
    const started = e.tags.find((t) => t.startsWith("start="))?.slice(6);
    if (!started || started === "~" || started > end) continue;
    if (!seen.has(e.id)) seen.set(e.id, figureValuesOfEntry(e));
  }
  for (const e of byMonth.flat()) {
    if (seen.has(e.id)) continue;
    const v = figureValuesOfEntry(e);
    // A long rental's month entries written before the long list: its long entry stands for it.
    if (v?.start_date && isLongRental(v.start_date, v.finish_date)) continue;
    seen.set(e.id, v);
  }
  return [...seen].filter(([, v]) => meets(v)).map(([id, values]) => ({ id, values }));
}

