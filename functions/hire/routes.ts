import type { Hono } from "hono";
import * as z from "zod";
import * as Hire from "../../core/hire/all.js";
import "../../core/workshop/hire-offers.js"; // the workshop warnings on a rental's van (core/hire/offers.ts)
import { ValidationError } from "../../core/platform/errors.js";
import { monthOf, todayInLondon, weekOf, weeksEnding, figuresWindow } from "../../core/platform/dates.js";
import { dateRange, departmentQuery, isoDate, figuresQuery } from "../../core/platform/fields.js";
import { pageQuery } from "../../core/platform/paging.js";
import { actor, type AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";
import { writeBody } from "../../core/platform/write-body.js";
import { rental } from "../../core/hire/definitions.js";

const tag = "Rentals";
const homepageSave = writeBody(Hire.HomepageTotal.fields, { update: true });
const rentalCreate = writeBody(rental.schema);
const rentalSave = writeBody(rental.schema, { update: true });
const id = z.coerce.number().int().positive().optional();

/** GET rentals (001 §7, 000 §7, 003 §7): by vehicle, customer, dates or view. */
const rentalListQuery = dateRange(pageQuery.extend({
  vehicle: id,
  customer: id,
  start_date: isoDate(),
  finish_date: isoDate(),
  view: z.preprocess((v) => (typeof v === "string" ? v.toLowerCase() || undefined : v), z.enum(["weekly", "monthly", "all"], { error: "View must be weekly, monthly or all" }).optional()),
  date: isoDate(),
  status: z.preprocess((v) => (typeof v === "string" ? v.toUpperCase() || undefined : v), z.enum(Hire.RENTAL_STATUSES, { error: "Status must be QUOTE, CONFIRMED or NOT REQUIRED" }).optional()),
  department: id,
  /** Leave this rental out (the rental open in the form: its Other Rentals panel). */
  except: id,
  searchFresh: z.string().optional(),
}), "start_date", "finish_date");

const availableQuery = dateRange(pageQuery.extend({
  start_date: isoDate(),
  finish_date: isoDate(),
  type: id,
  rental: id,
}), "start_date", "finish_date");

const windowQuery = dateRange(z.object({ start_date: isoDate(), end_date: isoDate(), date: isoDate(), view: z.enum(["weekly", "monthly"]).optional(), department: id }), "start_date", "end_date");



/** The rentals calls of 001 §7, plus the finder, calendar and suggested-rate reads the screen uses. */
export function hireRoutes(app: Hono<AppEnv>) {
  route(app, { method: "get", path: "/rentals/available", summary: "Active vehicles (of a type) with no confirmed rental meeting the dates", tag, query: availableQuery }, async (_c, { query }) => {
    if (!query.start_date) throw new ValidationError(Hire.MESSAGES.startRequired, { start_date: Hire.MESSAGES.startRequired });
    if (!query.finish_date) throw new ValidationError(Hire.MESSAGES.endRequired, { finish_date: Hire.MESSAGES.endRequired });
    return Hire.Rentals.available({ ...query, start_date: query.start_date, finish_date: query.finish_date, except: query.rental });
  });
  route(app, { method: "get", path: "/rentals/calendar", summary: "Vehicles against days: rentals meeting a week (Monday-Sunday) or month", tag, query: windowQuery }, async (_c, { query }) => {
    const anchor = query.date ?? query.start_date ?? todayInLondon();
    const w = query.view === "monthly" ? monthOf(anchor) : weekOf(anchor);
    return Hire.Rentals.calendar(query.start_date ?? w.start, query.end_date ?? w.end, query.department);
  });
  route(
    app,
    {
      method: "get",
      path: "/rentals/suggestedrate",
      summary: "Suggested long-term weekly rate and the mileage warning for a vehicle, margin and allowance",
      tag,
      query: z.object({ vehicle: z.coerce.number().int().positive(), margin: id, mileage_allowance: z.coerce.number().min(0).optional(), term: z.coerce.number().min(0).optional(), start_mileage: z.coerce.number().min(0).optional() }),
    },
    async (_c, { query }) => Hire.Rentals.suggestedRate(query),
  );
  route(app, { method: "get", path: "/rentals/figures", summary: "Dashboard rental figures for start..end (or the week/month of date): income split short and long term, counts", tag, query: figuresQuery() }, async (_c, { query }) => {
    const { start, end } = figuresWindow(query);
    if (end < start) throw new ValidationError(Hire.MESSAGES.finishBeforeStart, { end: Hire.MESSAGES.finishBeforeStart });
    return Hire.dashboardRentalFigures({ start, end, department: query.department });
  });
  route(
    app,
    {
      method: "get",
      path: "/rentals/weekly",
      summary: "The dashboard's charts (issue 27): for each of the `weeks` (default 12) Monday-Sunday weeks ending with the week of date (default today), rental income, the weekly target in force, vehicle-days on hire and on fleet, utilisation (%); the weeklyhirereport's figures",
      tag: "Dashboard",
      query: z.object({ date: isoDate(), weeks: z.coerce.number().int().min(1, { error: "Weeks must be 1 to 53" }).max(53, { error: "Weeks must be 1 to 53" }).default(12), department: departmentQuery() }),
    },
    async (_c, { query }) => {
      const weeks = weeksEnding(query.date ?? todayInLondon(), query.weeks);
      return Hire.weeklyHireFigures({ start: weeks[0].start, end: weeks[weeks.length - 1].end, department: query.department });
    },
  );
  route(app, { method: "get", path: "/homepagetotal", summary: "The editable homepage totals (short_term, long_term)", tag: "Dashboard" }, async () => Hire.HomepageTotals.get());
  route(app, { method: "put", path: "/homepagetotal/:id", summary: "Save the homepage totals (send last_saved)", tag: "Dashboard", body: homepageSave }, async (c, { id, body }) => Hire.HomepageTotal.update(id, body, actor(c)));
  route(app, { method: "get", path: "/rentals", summary: "Rentals: {count, results, total_cost, total_weekly}", tag, query: rentalListQuery }, async (_c, { query }) => Hire.Rentals.list(query));
  route(app, { method: "get", path: "/rentals/:id", summary: "A rental (also the printable hire agreement)", tag }, async (_c, { id }) => Hire.Rentals.get(id));
  route(app, { method: "post", path: "/rentals", summary: "Create a rental (the rules of 001 §5 and §9 apply)", tag, body: rentalCreate }, async (c, { body }) => Hire.Rentals.create(body, actor(c)));
  route(app, { method: "put", path: "/rentals/:id", summary: "Save a rental (send last_saved; 409 when stale)", tag, body: rentalSave }, async (c, { id, body }) => Hire.Rentals.save(id, body, actor(c)));
  route(app, { method: "delete", path: "/rentals/:id", summary: "Delete a rental (refused once approved)", tag }, async (c, { id }) => Hire.Rentals.remove(id, actor(c)));
  route(
    app,
    {
      method: "put",
      path: "/rental/approve",
      summary: "Approve the off-hire of finished rentals: body [{id, last_saved}] (also {results: [...]} or one rental); all or nothing; answers {count, results}",
      tag,
      body: Hire.approveBatch,
    },
    async (c, { body }) => {
      const u = c.get("user");
      return Hire.Rentals.approve(body, { email: u.email, given_name: u.given_name, family_name: u.family_name });
    },
  );
}
