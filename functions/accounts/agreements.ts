import type { Hono } from "hono";
import * as z from "zod";
import { soldAgreements } from "../../core/fleet/agreements.js";
import { dateRange, isoDate } from "../../core/platform/fields.js";
import { pageQuery } from "../../core/platform/paging.js";
import type { AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";

const department = z.preprocess((v) => (v === "" || v === undefined || v === "ALL" ? undefined : v), z.coerce.number({ error: "department must be a department id or ALL" }).int().positive().optional());

/** The dashboard's vehicle sales (GET financeagreements). */
export function financeAgreementRoutes(app: Hono<AppEnv>) {
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
}
