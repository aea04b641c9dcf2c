import type { Hono } from "hono";
import * as z from "zod";
import { REPORT_CATALOGUE, REPORT_NAMES } from "./catalogue.js";
import { blankToUndefined, department, reportDownloadRoutes } from "./serve.js";
import { fleetLeague } from "../../core/fleet/profit.js";
import { LEAGUE_SORTS } from "../../core/fleet/profit-rules.js";
import { pageQuery } from "../../core/platform/paging.js";
import { reportExportState } from "../../core/platform/reports.js";
import type { AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";

/**
 * The reports Lambda's routes (003 §7 `GET report/{name}`, and the screen's
 * export runs: docs/reports.md "Large reports"): every report but the
 * workshop's (functions/reports/workshop.ts), an unknown name too, the
 * export runs' state and the fleet league. A report reads any area's
 * records, so no other area carries the report modules.
 */
export function generalReportRoutes(app: Hono<AppEnv>) {
  const ref = z.preprocess(blankToUndefined, z.coerce.number({ error: "Choose one from the list" }).int().positive().optional());
  route(
    app,
    {
      method: "get",
      path: "/reports/fleet-league",
      summary:
        "The fleet league table (docs/finance.md \"Vehicle profit line\"): {count, results} 25 a page, each vehicle's income, costs, profit before finance (sort=profit, the default; or sort=utilisation, sort=cost_per_mile, ranked as of `ranked_on` or the vehicle's last save: docs/finance.md), profit to date, days on fleet and on hire, utilisation and cost per mile; filters department, type, make, model (the department with one other, or one alone); CSV: GET report/fleetleague",
      tag: "Reports",
      query: pageQuery.extend({
        sort: z.enum(["profit", ...LEAGUE_SORTS], { error: "sort must be profit, utilisation or cost_per_mile" }).default("profit"),
        order: z.enum(["asc", "desc"], { error: "order must be asc or desc" }).default("desc"),
        department,
        type: ref,
        make: ref,
        model: ref,
      }),
    },
    async (_c, { query }) => fleetLeague(query),
  );

  reportDownloadRoutes(app, REPORT_CATALOGUE, ":reportName", REPORT_NAMES);

  route(
    app,
    {
      method: "get",
      path: "/reportexport/:exportId",
      summary: "How far a report being prepared has got: {id, status: PREPARING|READY|FAILED, rows, filename, url (READY: a presigned link that saves the file, 15 minutes), message (FAILED)}. Only the member of staff who asked for it sees it.",
      tag: "Reports",
    },
    async (c) => reportExportState(c.req.param("exportId") ?? "", c.get("user").email),
  );
}
