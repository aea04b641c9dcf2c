import type { Context, Hono } from "hono";
import * as z from "zod";
import { WORK_VIEWS, WorkApprovals, type Staff } from "../../core/accounts/work-approvals.js";
import { WorkshopFigures } from "../../core/workshop/job-figures.js";
import { workItem } from "../../core/workshop/definitions.js";
import { ref } from "../../core/platform/fields.js";
import { writeBody, writeList } from "../../core/platform/write-body.js";
import { workViewOf } from "../../core/workshop/work-lines.js";
import { pageQuery } from "../../core/platform/paging.js";
import type { AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";

/**
 * The `work` calls of Workshop Expenses (/po) and Workshop Invoicing
 * (/invoicing) (003 §7 "Work approvals"). They answer under the workshop
 * area's `work` prefix, in a Lambda of their own (functions/areas.ts
 * "workapprovals": `ANY /api/work` and their two PUTs; the job card's
 * Lambda keeps /api/work/{proxy+}), registered with the workshop's routes;
 * the use cases are the accounts area's (core/accounts/work-approvals.ts).
 * GET work without `vehicle` is these lists; with it, the vehicle page's
 * service record (002).
 */
const tag = "Work approvals";
const lower = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : v);
const id = z.coerce.number({ error: "Must be a record id" }).int("Must be a record id").positive("Must be a record id").max(1e12, "Must be a record id").optional();
const flag = (name: string) => z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v === "" ? undefined : v), z.boolean({ error: `${name} must be true or false` }).optional());

const staff = (c: Context<AppEnv>): Staff => {
  const u = c.get("user");
  return { email: u.email, given_name: u.given_name, family_name: u.family_name };
};

const workQuery = pageQuery.extend({
  // 25 a page; the service record 15.
  page_size: z.coerce.number().int().min(1).max(1000).optional(),
  // The service record (002): a vehicle's work items, 15 a page.
  vehicle: id,
  // asc or desc; true is the date sort as the record opens (newest first), false the other way (docs/coverage/vehicles.md).
  dateSort: z.preprocess((v) => ({ true: "desc", false: "asc" })[String(lower(v))] ?? lower(v), z.enum(["asc", "desc"], { error: "dateSort must be asc, desc, true or false" }).optional()),
  // 000 §2 All / Chargeable / Non-Chargeable: all (or empty) is no filter; the labels are taken too.
  chargeable: z.preprocess((v) => {
    const labels: Record<string, string | undefined> = { all: undefined, chargeable: "true", "non-chargeable": "false", non_chargeable: "false", nonchargeable: "false" };
    const key = String(lower(v));
    return key in labels ? labels[key] : v;
  }, flag("chargeable")),
  // Workshop Expenses (type=po) and Workshop Invoicing (type=invoice); left out, inferred from view and customer.
  type: z.preprocess(lower, z.enum(["po", "invoice"], { error: "type must be po or invoice" }).optional()),
  view: z.preprocess(workViewOf, z.string().max(20).optional()),
  department: z.preprocess((v) => (v === "" || v === "ALL" || v === "all" ? undefined : v), id),
  job: id,
  ready: flag("ready"),
  negative: flag("negative"),
  customer: id,
  // Accepted and ignored (A11): the screens send ignore=false.
  ignore: z.string().max(10).optional(),
});

/** A batch of work items as the approval modal sends it (checked item by item by the service). */
const batch = writeList(writeBody(workItem.schema, { update: true, extra: { id: ref() } }), { error: "The body must be a list of work items" });

export function workApprovalRoutes(app: Hono<AppEnv>) {
  route(
    app,
    {
      method: "get",
      path: "/work",
      summary: `Work items: type=po views ${WORK_VIEWS.po.join("|")}, type=invoice views ${WORK_VIEWS.invoice.join("|")} (or the labels' snake_case: approval_needed, ready_to_invoice); without type, customer or ready_to_invoice mean invoice, else po; department, page (25), negative=true, customer, job (every item of a job) with ready; with vehicle: the vehicle's service record (15 a page, dateSort, chargeable)`,
      tag,
      query: workQuery,
    },
    async (_c, { query }) => {
      if (query.vehicle)
        return WorkshopFigures.serviceRecord({ vehicle: query.vehicle, page: query.page, page_size: query.page_size ?? 15, dateSort: query.dateSort, chargeable: query.chargeable });
      return WorkApprovals.list({ ...query, page_size: query.page_size ?? 25 });
    },
  );
  route(
    app,
    {
      method: "put",
      path: "/work/readytoapprove",
      summary: "Invoicing, step 1: the work items sent (id, last_saved, edits) become ready to approve; the job's WO / J1 / J2 customer invoice numbers are issued once. All checked first; nothing written on a refusal",
      tag,
      body: batch,
    },
    async (c, { body }) => WorkApprovals.readyToApprove(body, staff(c)),
  );
  route(
    app,
    {
      method: "put",
      path: "/work/approve",
      summary: "Approve the work items sent: each with po_approved (Workshop Expenses) or invoice_approved (Workshop Invoicing), with the rules of 003 §5; all checked first, nothing written on a refusal; answers the items and any VAT warnings",
      tag,
      body: batch,
    },
    // The jobs' invoices reach Xero from the table stream's consumer once their units landed (docs/xero.md).
    async (c, { body }) => WorkApprovals.approve(body, staff(c)),
  );
}
