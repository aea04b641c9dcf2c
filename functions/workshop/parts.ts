import type { Context, Hono } from "hono";
import * as z from "zod";
import "../../core/accounts/parts-offers.js"; // a part approval's Xero push (core/workshop/offers.ts); Parts Expenses raises no invoice
import { dateRange, isoDate, ref, figuresQuery } from "../../core/platform/fields.js";
import { writeBody, writeList } from "../../core/platform/write-body.js";
import { PART_SERVER_FIELDS, part } from "../../core/workshop/definitions.js";
import { figuresWindow } from "../../core/platform/dates.js";
import { pageQuery } from "../../core/platform/paging.js";
import { PARTS_QUERY_VIEWS, PartsExpenses } from "../../core/workshop/parts.js";
import { Jobs, type Staff } from "../../core/workshop/jobs.js";
import type { AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";

const tag = "Parts";
const id = z.coerce.number({ error: "Must be a record id" }).int("Must be a record id").positive("Must be a record id").max(1e12, "Must be a record id").optional();
const flag = z.preprocess((v) => (v === "true" || v === "1" ? true : v === "false" || v === "0" || v === "" ? false : v), z.boolean({ error: "Must be true or false" }).optional());
const lower = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : v);

const staff = (c: Context<AppEnv>): Staff => {
  const u = c.get("user");
  return { email: u.email, given_name: u.given_name, family_name: u.family_name };
};

/** GET parts (002 §7, 003 §7): page, view, invoice_number, department, search, startDate, endDate, supplier (column filter), due_start/due_end (Select Filtered); or inv_num, supplier, negative. */
const partsQuery = dateRange(
  dateRange(
    pageQuery.extend({
      view: z.preprocess(lower, z.enum(PARTS_QUERY_VIEWS, { error: `View must be one of ${PARTS_QUERY_VIEWS.join(", ")}` }).optional()),
      invoice_number: flag,
      department: id,
      startDate: isoDate(),
      endDate: isoDate(),
      supplier: id,
      inv_num: z.string().trim().max(100).optional(),
      negative: flag,
      due_start: isoDate(),
      due_end: isoDate(),
      searchFresh: z.string().max(10).optional(),
    }),
    "startDate",
    "endDate",
  ),
  "due_start",
  "due_end",
);

const jobTag = "Workshop";
const partSave = writeBody(part.schema, { update: true, serverSet: PART_SERVER_FIELDS });

/** Parts Expenses and Part History calls (docs/data-model.md §7.3 "Work items, parts and lookups"), mounted into the workshop area. */
export function partsRoutes(app: Hono<AppEnv>) {
  route(app, { method: "get", path: "/parts", summary: "Parts Expenses / Part History: a view's page with total_cost, or one supplier invoice's parts (inv_num, supplier, negative)", tag, query: partsQuery }, async (_c, { query }) =>
    PartsExpenses.list({ ...query, page: query.searchFresh ? 1 : query.page }),
  );
  route(
    app,
    {
      method: "put",
      path: "/parts/update",
      summary: "Save several parts at once (Edit Selected; approve with approved: true): all checked first, nothing saved on a refusal ('Cannot approve parts')",
      tag,
      body: writeList(writeBody(part.schema, { update: true, extra: { id: ref() } }), { max: 200, maxMessage: "At most 200 parts at once" }),
    },
    // The supplier invoices approved reach Xero from the table stream's consumer once their units landed (docs/xero.md).
    async (c, { body }) => PartsExpenses.bulkUpdate(body, staff(c)),
  );
  route(
    app,
    {
      method: "get",
      path: "/parts/figures",
      summary: "Dashboard parts figures: {cost, charge} of job and quote parts by date ordered in start..end (or the week/month of date)",
      tag,
      query: figuresQuery(),
    },
    async (_c, { query }) => {
      return PartsExpenses.figures({ ...figuresWindow(query), department: query.department });
    },
  );
  // One part by its id, under the job card's tag: a job's part, or a quote's or part order's as Parts Expenses lists it.
  route(app, { method: "get", path: "/parts/update/:id", summary: "One part: a job's with its work item, a quote's or part order's as Parts Expenses lists it", tag: jobTag }, async (_c, { id }) => PartsExpenses.partOf(id));
  route(app, { method: "put", path: "/parts/update/:id", summary: "Save one part by its id (send its last_saved): a job's through the job card's rules, a quote's or part order's as Parts Expenses saves it", tag: jobTag, body: partSave }, async (c, { id, body }) => PartsExpenses.saveOne(id, body, staff(c)));
  route(app, { method: "delete", path: "/parts/update/:id", summary: "Remove one part of a job", tag: jobTag }, async (c, { id }) => Jobs.removePart(id, staff(c)));
}
