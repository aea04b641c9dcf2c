import * as z from "zod";
import { daysInclusive } from "../platform/dates.js";
import { NotFoundError } from "../platform/errors.js";
import { money as amount } from "../platform/fields.js";
import { money, pounds, sum } from "../platform/money.js";
import { defineRecordType } from "../platform/records.js";
import { Rental, figureValuesOf, type RentalFigureValues } from "./rental.js";
import { entriesMeeting } from "./windows.js";

/**
 * The home dashboard's rental figures (001 §2.5, §7) and its editable
 * homepage totals. Formulas are in docs/dashboard.md and the screen's
 * Figure Details glossary.
 */

/** Editable short-term and long-term income shown on the home page (001 §3 homepagetotal). */
export const HomepageTotal = defineRecordType({
  type: "homepagetotal",
  label: "Homepage totals",
  fields: z.object({ short_term: amount(), long_term: amount() }),
  defaults: () => ({ short_term: 0, long_term: 0 }),
});

export const HomepageTotals = {
  /** The one record (created at zero on first read). */
  async get() {
    try {
      return await HomepageTotal.get(1);
    } catch (e) {
      if (!(e instanceof NotFoundError)) throw e;
      const page = await HomepageTotal.list({ page: 1, page_size: 1 });
      if (page.results[0]) return page.results[0];
      return HomepageTotal.create({ short_term: 0, long_term: 0 }, "system");
    }
  },
};

/** Days of a rental inside a window (both inclusive); 0 when they do not meet. */
export function daysWithin(r: { start_date: string; finish_date: string | null }, start: string, end: string): number {
  const from = r.start_date > start ? r.start_date : start;
  const to = (r.finish_date ?? end) < end ? (r.finish_date ?? end) : end;
  return to < from ? 0 : daysInclusive(from, to);
}

/** A confirmed rental's figure values, with its start date. */
export type RentalRow = RentalFigureValues & { start_date: string };

/**
 * The confirmed rentals meeting a window (of the department), as their
 * figure values: from the window entries (the month lists the window
 * touches and the long rentals still running, see `entriesMeeting`), which
 * carry the values needed; only rentals whose entries predate those values
 * are read.
 */
export async function rentalRowsMeeting(q: { start: string; end: string; department?: number | null }): Promise<RentalRow[]> {
  const tags = ["status=confirmed", ...(q.department ? [`dept=${q.department}`] : [])];
  const entries = await entriesMeeting(q.start, q.end, tags);
  const older = entries.filter((e) => !e.values).map((e) => e.id);
  const read = older.length ? ((await Rental.getMany(older)) as Array<Record<string, any>>).map(figureValuesOf) : [];
  return [...entries.flatMap((e) => (e.values ? [e.values] : [])), ...read].filter(
    (r): r is RentalRow => !!r.start_date && daysWithin(r as any, q.start, q.end) > 0,
  );
}

/**
 * Rental income of a window (docs/dashboard.md): for each confirmed rental
 * meeting it, its daily cost (total / days) times its days inside the
 * window, split short and long term. Pure: the dashboard's figures, the
 * income chart's weeks and the weekly hire report all work it out here.
 */
export function rentalIncomeOf(meeting: RentalRow[], start: string, end: string) {
  const rows = meeting.filter((r) => daysWithin(r, start, end) > 0);
  const share = (r: RentalRow) => (r.days ? r.total.div(r.days).times(daysWithin(r, start, end)) : money(0));
  const st = rows.filter((r) => !r.long_term);
  const lt = rows.filter((r) => r.long_term);
  const starting = rows.filter((r) => r.start_date >= start && r.start_date <= end).length;
  return {
    start,
    end,
    short_term_income: pounds(sum(...st.map(share))),
    long_term_income: pounds(sum(...lt.map(share))),
    total_income: pounds(sum(...rows.map(share))),
    rentals: rows.length,
    starting,
    short_term: st.length,
    long_term: lt.length,
    off_hire_charges: pounds(sum(...rows.filter((r) => r.off_hire_date && r.off_hire_date >= start && r.off_hire_date <= end).map((r) => r.off_hire_charges))),
    /** Vehicle-days on hire: each rental's days inside the window (the utilisation chart). */
    hire_days: rows.reduce((n, r) => n + daysWithin(r, start, end), 0),
  };
}

/** The dashboard's rental figures of a window (GET rentals/figures). */
export async function dashboardRentalFigures(q: { start: string; end: string; department?: number }) {
  const { hire_days: _days, ...figures } = rentalIncomeOf(await rentalRowsMeeting(q), q.start, q.end);
  return figures;
}
