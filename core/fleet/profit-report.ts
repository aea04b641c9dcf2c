import { poundsCell } from "../platform/money.js";
import { oneChunk, type Cell, type ReportDefinition, type ReportParams } from "../platform/reports.js";
import { fleetLeague } from "./profit.js";
import { LEAGUE_SORTS, type LeagueSort } from "./profit-rules.js";

/*
 * The fleet league table as a CSV report (issue 27): its own module, so the
 * fleet Lambda (GET vehicles/{id}/profit) does not carry the report
 * mechanism; the reports Lambda's catalogue imports it.
 */

const nameOf = (x: unknown) => (x && typeof x === "object" ? String((x as { name?: string }).name ?? "") : "");

const LEAGUE_HEADER = [
  "Registration", "Fleet number", "Department", "Type", "Make", "Model", "Status", "Income", "Costs", "Profit before finance", "Profit to date",
  "Days on fleet", "Days on hire", "Utilisation %", "Miles", "Cost per mile",
];

/** fleetleague: the league table as a CSV (the department's board when one is chosen; `type`: a vehicle type id), in the screen's `sort` and `order` (best profit first when none). */
export const fleetLeagueReport: ReportDefinition = {
  name: "fleetleague",
  title: "Fleet league table",
  needs: "none",
  filename: "fleet-league",
  async build(p: ReportParams) {
    const type = p.type && /^\d+$/.test(p.type) ? Number(p.type) : undefined;
    // The screen's sort and order (profit before finance, best first, when none).
    const sort: LeagueSort | "profit" = (LEAGUE_SORTS as readonly string[]).includes(p.sort ?? "") ? (p.sort as LeagueSort) : "profit";
    const query = { sort, order: p.order === "asc" ? ("asc" as const) : ("desc" as const), department: p.department ?? undefined, type, page: 1, page_size: 1000 };
    const cells: Cell[][] = [];
    for (;;) {
      const page = await fleetLeague(query);
      for (const r of page.results)
        cells.push([
          String(r.registration ?? ""), String(r.fleet_number ?? ""), nameOf(r.department), nameOf(r.type), nameOf(r.make), nameOf(r.model), String(r.vehicle_status ?? ""),
          poundsCell(r.income), poundsCell(r.costs), poundsCell(r.profit_before_finance), poundsCell(r.profit),
          r.days_on_fleet, r.days_on_hire, r.utilisation ?? "", r.miles, poundsCell(r.cost_per_mile),
        ]);
      if (query.page * query.page_size >= page.count || !page.results.length) break;
      query.page += 1;
    }
    return { header: LEAGUE_HEADER, chunks: oneChunk(cells) };
  },
};
