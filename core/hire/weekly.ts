import { fleetDaysInWeeks } from "../fleet/index.js";
import { weeksMeeting } from "../platform/dates.js";
import { targetsOn } from "../settings/index.js";
import { rentalIncomeOf, rentalRowsMeeting } from "./dashboard.js";
import { utilisationPercent } from "./rules.js";

/**
 * The hire's weekly figures (issue 27, the dashboard's charts): for each
 * Monday-Sunday week meeting start..end, the rental income as the
 * dashboard works it out (`rentalIncomeOf`, the same function), the weekly
 * target in force on the week's Monday, and the fleet's utilisation
 * (vehicle-days on hire / vehicle-days on fleet). The income chart, the
 * utilisation chart and the weekly hire report (reports.ts) all answer from here.
 * Reads: the window entries of the whole span once (a few month lists and
 * the long list), the targets list (reference data), and one Query of the
 * fleet's moves since the first Monday (docs/charts.md).
 */
export async function weeklyHireFigures(q: { start: string; end: string; department?: number | null }) {
  const weeks = weeksMeeting(q.start, q.end);
  if (!weeks.length) return { weeks: [] };
  const span = { start: weeks[0].start, end: weeks[weeks.length - 1].end, department: q.department };
  const [rows, targets, fleetDays] = await Promise.all([rentalRowsMeeting(span), targetsOn(weeks.map((w) => w.start)), fleetDaysInWeeks(weeks, q.department)]);
  return {
    weeks: weeks.map((w, i) => {
      const f = rentalIncomeOf(rows, w.start, w.end);
      const target = targets[i]?.weekly_target ?? null;
      return {
        start: w.start,
        end: w.end,
        short_term_income: f.short_term_income,
        long_term_income: f.long_term_income,
        income: f.total_income,
        target,
        hire_days: f.hire_days,
        fleet_days: fleetDays[i],
        utilisation: utilisationPercent(f.hire_days, fleetDays[i]),
      };
    }),
  };
}

export type WeeklyHireFigures = Awaited<ReturnType<typeof weeklyHireFigures>>;
