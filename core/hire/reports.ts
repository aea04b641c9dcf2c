import { ukDate } from "../platform/dates.js";
import { poundsCell } from "../platform/money.js";
import { oneChunk, periodOf, type ReportDefinition, type ReportParams } from "../platform/reports.js";
import { weeklyHireFigures } from "./weekly.js";

/** The hire's reports (issue 27): kept apart from the hire's routes, so the hire Lambda carries no report writer. */

/**
 * weeklyhirereport: the same figures as CSV, one row a week (the weeks
 * meeting the range; a year or month stands for its range), for the
 * department. Columns: docs/reports.md.
 */
export const weeklyHireReport: ReportDefinition = {
  name: "weeklyhirereport",
  title: "Weekly hire income and utilisation",
  needs: "range",
  filename: "weekly-hire",
  async build(p: ReportParams) {
    const period = periodOf(p)!;
    const { weeks } = await weeklyHireFigures({ start: period.start, end: period.end, department: p.department });
    return {
      header: ["Week Commencing", "Week Ending", "Short-term Income", "Long-term Income", "Rental Income", "Weekly Target", "Vehicle-days on Hire", "Vehicle-days on Fleet", "Utilisation (%)"],
      chunks: oneChunk(
        weeks.map((w) => [
          ukDate(w.start),
          ukDate(w.end),
          poundsCell(w.short_term_income),
          poundsCell(w.long_term_income),
          poundsCell(w.income),
          w.target === null ? "" : poundsCell(w.target),
          w.hire_days,
          w.fleet_days,
          w.utilisation === null ? "" : w.utilisation.toFixed(1),
        ]),
      ),
    };
  },
};
