import type { Context, Hono } from "hono";
import * as z from "zod";
import "../../core/accounts/parts-offers.js"; // a part approval's Xero push (core/workshop/offers.ts)
import * as Workshop from "../../core/workshop/all.js";
import { departmentQuery, isoDate, figuresQuery } from "../../core/platform/fields.js";
import { todayInLondon, weeksEnding, figuresWindow } from "../../core/platform/dates.js";
import { pageQuery } from "../../core/platform/paging.js";
import type { AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";
import { writeBody } from "../../core/platform/write-body.js";

const tag = "Workshop";
const jobCreate = writeBody(Workshop.job.schema);
const jobSave = writeBody(Workshop.job.schema, { update: true });
const jobStatus = writeBody(Workshop.job.schema, { update: true, pick: ["status"] });
const jobApprove = writeBody(Workshop.job.schema, { update: true, pick: ["mileage", "workshop_date", "inspection"] });
const defectCreate = writeBody(Workshop.job.schema, {
  pick: ["vehicle", "department", "defect_description", "defect_status", "location_of_van", "defect_driver_name", "defect_driver_number", "mileage"],
});
const workSave = writeBody(Workshop.workItem.schema, { update: true, serverSet: Workshop.WORK_SERVER_FIELDS });
const imageConfirm = writeBody(Workshop.JobImage.fields, { pick: ["job", "quote", "key", "name"] });
const id = z.coerce.number({ error: "Must be a record id" }).int("Must be a record id").positive("Must be a record id").max(1e12, "Must be a record id").optional();

/** The signed-in member of staff: e-mail for the audit, names for approvals and defects. */
const staff = (c: Context<AppEnv>): Workshop.Staff => {
  const u = c.get("user");
  return { email: u.email, given_name: u.given_name, family_name: u.family_name };
};

/** GET jobs (002 §7): page, view, date, ws, search, searchFresh, department, key, vehicle, column filters. */
const jobListQuery = pageQuery.extend({
  view: z.preprocess(Workshop.jobViewOf, z.enum(Workshop.JOB_VIEWS, { error: `View must be one of ${Workshop.JOB_VIEWS.join(", ")}` }).optional()),
  ws: z.string().max(20).optional(),
  department: id,
  date: isoDate(),
  search: z.string().max(100).optional(),
  // The screen sends it when the search box changed: the page is 1 then (it is the first page asked for).
  searchFresh: z.string().max(10).optional(),
  vehicle: id,
  key: id,
  customer: id,
  customer2: id,
  workshop: id,
  fitter: id,
  make: id,
  model: id,
});

const wsQuery = z.object({ ws: z.string().max(20).optional(), department: id });

/** The job card calls of 002 §7: Jobs, the fitter's jobs, the counts, defects, the workshop figures and flow. */
export function jobRoutes(app: Hono<AppEnv>) {
  const J = Workshop.Jobs;
  route(app, { method: "get", path: "/jobs", summary: "Jobs list: a view of a workshop tab and department, searched or column-filtered; {count, results}", tag, query: jobListQuery }, async (c, { query }) =>
    Workshop.JobLists.list({ ...query, page: query.searchFresh ? 1 : query.page }, staff(c)),
  );
  route(
    app,
    { method: "get", path: "/fitterjobs", summary: "The fitter's phone: the fitter's jobs of today (workshop date today, open, returned or ready), {date, fitter, count, results}", tag, query: z.object({ fitter: z.coerce.number({ error: "Must be a record id" }).int("Must be a record id").positive("Must be a record id").max(1e12, "Must be a record id") }) },
    async (_c, { query }) => Workshop.FitterJobs.today(query.fitter),
  );
  route(app, { method: "get", path: "/jobs/:id", summary: "A job card: job, work items with parts, comments, image count, mileage_warning", tag }, async (_c, { id }) => J.get(id));
  route(app, { method: "post", path: "/createjob", summary: "Create a job (the rules of 002 §5); answers the job (id = job no.)", tag, body: jobCreate }, async (c, { body }) => J.create(body, staff(c)));
  route(app, { method: "put", path: "/jobs/:id", summary: "Save a whole job (send last_saved; 409 when stale); also Turn Into Job (is_defect / is_enquiry false)", tag, body: jobSave }, async (c, { id, body }) =>
    J.save(id, body, staff(c)),
  );
  route(
    app,
    { method: "put", path: "/jobs/returned/:id", summary: "Status change: RETURNED_FROM_WORKSHOP, READY_FOR_COLLECTION, COLLECTED (send status and last_saved)", tag, body: jobStatus },
    async (c, { id, body }) => J.changeStatus(id, body, staff(c)),
  );
  route(
    app,
    { method: "post", path: "/jobs/approve/:id", status: 200, summary: "Approve a job (002 §5 Job approval); may send mileage, workshop_date, inspection dates and last_saved", tag, body: jobApprove },
    async (c, { id, body }) => J.approve(id, body, staff(c)),
  );
  route(app, { method: "delete", path: "/jobs/:id", summary: "Delete a job with its lines and images (refused while a line is approved)", tag }, async (c, { id }) => J.remove(id, staff(c)));
  route(app, { method: "get", path: "/countdefect", summary: "How many defects ({count}), optional ws and department", tag, query: wsQuery }, async (_c, { query }) => Workshop.JobLists.count("defect", query));
  route(app, { method: "get", path: "/countenquiry", summary: "How many part enquiries ({count}), optional ws and department", tag, query: wsQuery }, async (_c, { query }) => Workshop.JobLists.count("enquiry", query));
  route(app, { method: "get", path: "/jobstatuscount", summary: "The count of every jobs-list view, optional ws and department", tag, query: wsQuery }, async (c, { query }) =>
    Workshop.JobLists.statusCounts(query, staff(c)),
  );
  route(
    app,
    { method: "post", path: "/createdefect", summary: "Create a defect (vehicle and department required, description at least 10 characters, mileage numeric)", tag, body: defectCreate },
    async (c, { body }) => J.createDefect(body, staff(c)),
  );

  const F = Workshop.WorkshopFigures;
  route(
    app,
    {
      method: "get",
      path: "/work/figures",
      summary: "Dashboard Workshop panel: {income, expenses} of jobs by workshop date in start..end (or the week/month of date)",
      tag,
      query: figuresQuery(),
    },
    async (_c, { query }) => {
      return F.work({ ...figuresWindow(query), department: query.department });
    },
  );
  route(
    app,
    {
      method: "get",
      path: "/work/flow",
      summary: "The workshop board's chart (issue 27): jobs booked in and collected in each of the `weeks` (default 12) Monday-Sunday weeks ending with the week of date (default today); the jobflowreport's figures",
      tag,
      query: z.object({ date: isoDate(), weeks: z.coerce.number().int().min(1, { error: "Weeks must be 1 to 53" }).max(53, { error: "Weeks must be 1 to 53" }).default(12), department: departmentQuery() }),
    },
    async (_c, { query }) => {
      const weeks = weeksEnding(query.date ?? todayInLondon(), query.weeks);
      return Workshop.jobFlowByWeek({ start: weeks[0].start, end: weeks[weeks.length - 1].end, department: query.department });
    },
  );
}

/** A job's lines and images (002 §7): the service record, one work item, one part, the photos. */
export function jobLineRoutes(app: Hono<AppEnv>) {
  const J = Workshop.Jobs;
  const F = Workshop.WorkshopFigures;
  route(
    app,
    { method: "get", path: "/service", summary: "A vehicle's last approved jobs (amount, default 6)", tag, query: z.object({ vehicle: z.coerce.number().int().positive().max(1e12), amount: z.coerce.number().int().min(1).max(50).default(6) }) },
    async (_c, { query }) => F.lastServices(query.vehicle, query.amount),
  );
  route(app, { method: "get", path: "/work/:id", summary: "One work item of a job, with its parts", tag }, async (_c, { id }) => J.getWork(id));
  route(app, { method: "put", path: "/work/update/:id", summary: "Save one work item (send its last_saved; the locks of 002 §4)", tag, body: workSave }, async (c, { id, body }) =>
    J.saveWork(id, body, staff(c)),
  );

  const I = Workshop.JobImages;
  route(app, { method: "get", path: "/images", summary: "A job's or a quote's attached images with their count (job= or quote=)", tag, query: z.object({ job: id, quote: id }) }, async (_c, { query }) => I.list(query));
  route(
    app,
    {
      method: "get",
      path: "/jobimageupload",
      summary: "Presigned uploads for a job's or a quote's images (job= or quote=; png, jpeg, pdf; 15 MB)",
      tag,
      // upload_id: a UUID the client makes per photo; a retry with it signs the same key (docs/fitter-phone.md).
      query: z.object({ job: id, quote: id, file_type: z.union([z.string(), z.array(z.string())]).optional(), upload_id: z.string().max(40).optional() }),
    },
    async (_c, { query }) => I.uploadUrls(query),
  );
  route(app, { method: "post", path: "/images", summary: "Record an uploaded image of a job or a quote (job or quote, key, name)", tag, body: imageConfirm }, async (c, { body }) => I.confirm(body, staff(c).email));
  route(
    app,
    { method: "post", path: "/deleteimage", summary: "Delete a job's uploaded image by name (blob_prefix = {registration}-{jobId})", tag, query: z.object({ blob_name: z.string().min(1).max(300), blob_prefix: z.string().min(1).max(100) }) },
    async (c, { query }) => I.removeByName(query.blob_name, query.blob_prefix, staff(c).email),
  );
  route(app, { method: "delete", path: "/deleteinternalimage/:id", summary: "Delete an attached image", tag }, async (c, { id }) => I.remove(id, staff(c).email));
}
