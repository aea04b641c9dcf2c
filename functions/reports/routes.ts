import type { Hono } from "hono";
import * as z from "zod";
import { REPORT_CATALOGUE, REPORT_NAMES } from "./catalogue.js";
import { fleetLeague } from "../../core/fleet/profit.js";
import { LEAGUE_SORTS } from "../../core/fleet/profit-rules.js";
import { FIRST_REPORT_YEAR } from "../../core/agreements/rules.js";
import { todayInLondon } from "../../core/platform/dates.js";
import { isoDate } from "../../core/platform/fields.js";
import { pageQuery } from "../../core/platform/paging.js";
import { reportCsv, reportExportState, startReportExport, type ReportParams } from "../../core/platform/reports.js";
import type { AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";

const blankToUndefined = (v: unknown) => (v === "" || v === undefined || v === null ? undefined : v);
const department = z.preprocess((v) => (v === "ALL" ? undefined : blankToUndefined(v)), z.coerce.number({ error: "department must be a department id or ALL" }).int().positive().optional());
const text = z.preprocess(blankToUndefined, z.string().trim().max(100).optional());

/** The query names of 003 §7 `GET report/{name}`. */
const reportParams = z.looseObject({
  year: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "Please choose a year" })
      .int()
      .refine((y) => y >= FIRST_REPORT_YEAR && y <= Number(todayInLondon().slice(0, 4)), { message: `The year must be between ${FIRST_REPORT_YEAR} and this year` })
      .optional(),
  ),
  month: z.preprocess(blankToUndefined, z.coerce.number({ error: "month must be 1 to 12" }).int().min(1, "month must be 1 to 12").max(12, "month must be 1 to 12").optional()),
  start: isoDate(),
  end: isoDate(),
  date: isoDate(),
  paymentType: text,
  type: text,
  department,
  // The fleet league's CSV: the screen's sort and order.
  sort: text,
  order: text,
});

type Parsed = z.infer<typeof reportParams>;
const paramsOf = (q: Parsed): ReportParams => ({
  year: q.year ?? null,
  month: q.month ?? null,
  start: q.start ?? null,
  end: q.end ?? null,
  date: q.date ?? null,
  paymentType: q.paymentType ?? null,
  type: q.type ?? null,
  department: q.department ?? null,
  sort: q.sort ?? null,
  order: q.order ?? null,
});

/**
 * The reports area (003 §7 `GET report/{name}`, and the screen's export
 * runs: docs/reports.md "Large reports"). Its own Lambda: a report reads
 * every area's records, so it carries every area's report modules and no
 * other area carries them.
 */
export function reportsRoutes(app: Hono<AppEnv>) {
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

  route(
    app,
    {
      method: "get",
      path: "/report/:reportName",
      summary: `A report as a CSV download (UTF-8 with a byte-order mark). Reports: ${REPORT_NAMES.join(", ")}. Date-range reports need start and end (or a year): 'Please specify a valid report range'; paymenttypereport needs start, end and paymentType (or type): 'Please specify a valid report range and type'.`,
      tag: "Reports",
      query: reportParams,
    },
    async (c, { query }) => {
      const { filename, csv } = await reportCsv(REPORT_CATALOGUE, c.req.param("reportName") ?? "", paramsOf(query as Parsed));
      return new Response(csv, {
        status: 200,
        headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${filename}"`, "cache-control": "no-store" },
      });
    },
  );

  route(
    app,
    {
      method: "post",
      path: "/reportexport/:reportName",
      summary: "Start preparing a report of any size (the query as GET report/{name}): answers {id, status: PREPARING, rows, filename}; the file is written to storage in the background. Missing inputs are refused as GET report/{name} refuses them.",
      tag: "Reports",
      query: reportParams,
    },
    async (c, { query }) => startReportExport(REPORT_CATALOGUE, c.req.param("reportName") ?? "", paramsOf(query as Parsed), c.get("user").email),
  );

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
