import type { Hono } from "hono";
import * as z from "zod";
import { FINANCE_REPORT_NAMES, FIRST_REPORT_YEAR, financeReport, soldAgreements } from "../../core/agreements/index.js";
import { todayInLondon } from "../../core/platform/dates.js";
import { dateRange, isoDate } from "../../core/platform/fields.js";
import { pageQuery } from "../../core/platform/paging.js";
import type { AppEnv } from "../platform/app.js";
import { crudRoutes } from "../platform/crud.js";
import { route } from "../platform/registry.js";
import { paymentRoutes } from "./payments.js";
import { invoiceRoutes } from "./invoices.js";

const department = z.preprocess((v) => (v === "" || v === undefined || v === "ALL" ? undefined : v), z.coerce.number({ error: "department must be a department id or ALL" }).int().positive().optional());

/** The query of GET report/{name} (003 §7); the finance reports read year, month and department. */
const reportQuery = z.looseObject({
  year: z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : v),
    z.coerce
      .number({ error: "Please choose a year" })
      .int()
      .refine((y) => y >= FIRST_REPORT_YEAR && y <= Number(todayInLondon().slice(0, 4)), { message: `The year must be between ${FIRST_REPORT_YEAR} and this year` })
      .optional(),
  ),
  month: z.preprocess((v) => (v === "" || v === undefined ? undefined : v), z.coerce.number({ error: "month must be 1 to 12" }).int().min(1, "month must be 1 to 12").max(12, "month must be 1 to 12").optional()),
  department,
});

/** Payments and invoices as the vehicle sale raises them (000 §7), the dashboard's vehicle sales and the finance reports (003 §7). */
export function accountsRoutes(app: Hono<AppEnv>) {
  paymentRoutes(app);
  invoiceRoutes(app);

  route(
    app,
    {
      method: "get",
      path: "/financeagreements",
      summary: "Agreements sold between start and end (Vehicle Sales): {count, total_sold_price, results: agreement + vehicle in brief}, newest first",
      tag: "Finance agreements",
      query: dateRange(pageQuery.extend({ start: isoDate(), end: isoDate(), department }), "start", "end"),
    },
    async (_c, { query }) => soldAgreements({ ...query, start: query.start ?? undefined, end: query.end ?? undefined }),
  );

  route(
    app,
    {
      method: "get",
      path: "/report/:reportName",
      summary: `A report as a CSV download. Finance reports (year from ${FIRST_REPORT_YEAR}, optional month and department): ${FINANCE_REPORT_NAMES.join(", ")}`,
      tag: "Reports",
      query: reportQuery,
    },
    async (c, { query }) => {
      const name = c.req.param("reportName") ?? "";
      const year = query.year ?? Number(todayInLondon().slice(0, 4));
      const { filename, csv } = await financeReport(name, { year, month: query.month ?? null, department: query.department ?? null });
      return new Response(`\uFEFF${csv}\r\n`, {
        status: 200,
        headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${filename}"`, "cache-control": "no-store" },
      });
    },
  );
}
