import type { Hono } from "hono";
import * as z from "zod";
import { FIRST_REPORT_YEAR } from "../../core/agreements/rules.js";
import { todayInLondon } from "../../core/platform/dates.js";
import { isoDate } from "../../core/platform/fields.js";
import { reportCsv, startReportExport, type ReportCatalogue, type ReportParams } from "../../core/platform/reports.js";
import type { AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";

export const blankToUndefined = (v: unknown) => (v === "" || v === undefined || v === null ? undefined : v);
export const department = z.preprocess((v) => (v === "ALL" ? undefined : blankToUndefined(v)), z.coerce.number({ error: "department must be a department id or ALL" }).int().positive().optional());
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
 * A catalogue's two report routes (003 §7): `GET report/{name}` (the CSV in the answer) and `POST reportexport/{name}`
 * (an export run). `name` is ":reportName" (any report of the catalogue; an unknown one is the mechanism's 404), or one
 * report's own name, served by its area's Lambda (functions/areas.ts "reports") and listed in the API reference under
 * `GET report/{reportName}`. `names`: the reports the summary names (every report's, where `name` is ":reportName").
 */
export function reportDownloadRoutes(app: Hono<AppEnv>, catalogue: ReportCatalogue, name: string, names: readonly string[] = Object.keys(catalogue)) {
  const own = name !== ":reportName";
  const nameOf = (param: string | undefined) => (own ? name : (param ?? ""));
  route(
    app,
    {
      method: "get",
      path: `/report/${name}`,
      summary: `A report as a CSV download (UTF-8 with a byte-order mark). Reports: ${names.join(", ")}. Date-range reports need start and end (or a year): 'Please specify a valid report range'; paymenttypereport needs start, end and paymentType (or type): 'Please specify a valid report range and type'.`,
      tag: "Reports",
      query: reportParams,
      listedUnder: own ? "/report/:reportName" : undefined,
    },
    async (c, { query }) => {
      const { filename, csv } = await reportCsv(catalogue, nameOf(c.req.param("reportName")), paramsOf(query as Parsed));
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
      path: `/reportexport/${name}`,
      summary: "Start preparing a report of any size (the query as GET report/{name}): answers {id, status: PREPARING, rows, filename}; the file is written to storage in the background. Missing inputs are refused as GET report/{name} refuses them.",
      tag: "Reports",
      query: reportParams,
      listedUnder: own ? "/reportexport/:reportName" : undefined,
    },
    async (c, { query }) => startReportExport(catalogue, nameOf(c.req.param("reportName")), paramsOf(query as Parsed), c.get("user").email),
  );
}
