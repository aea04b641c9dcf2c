import type { Hono } from "hono";
import * as z from "zod";
import "../../core/accounts/workshop-offers.js"; // parts pushes and the invoices part orders and movements raise (core/workshop/offers.ts)
import { dateRange, isoDate } from "../../core/platform/fields.js";
import { pageQuery } from "../../core/platform/paging.js";
import { MOVEMENT_VIEWS } from "../../core/workshop/movement-definitions.js";
import { Movements } from "../../core/workshop/movements.js";
import { actor, type AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";
import { writeBody } from "../../core/platform/write-body.js";
import { movement, MOVEMENT_SERVER_FIELDS } from "../../core/workshop/movement-definitions.js";

const tag = "Movements";
const movementCreate = writeBody(movement.schema, { serverSet: MOVEMENT_SERVER_FIELDS });
const movementSave = writeBody(movement.schema, { update: true, serverSet: MOVEMENT_SERVER_FIELDS });
const movementComplete = writeBody(movement.schema, { update: true, pick: ["tracking_option"] });
const movementConvert = writeBody(movement.schema, { update: true, pick: [] });
const id = z.coerce.number().int().positive().max(999_999_999_999).optional();
const view = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v),
  z.enum(MOVEMENT_VIEWS, { error: "View must be NORMAL, QUOTE or COMPLETED" }).optional(),
);

/** GET movement (002 §7): by job, or a page of a view with department, delivery-date range, search and column filters. */
const listQuery = dateRange(
  pageQuery.extend({
    view,
    department: id,
    start: isoDate(),
    end: isoDate(),
    customer: id,
    driver: id,
    movement_type: id,
    job: id,
    searchFresh: z.string().optional(),
  }),
  "start",
  "end",
);

const figuresQuery = dateRange(z.object({ view, department: id, start: isoDate(), end: isoDate() }), "start", "end");

/** Movement calls of 002 §7 (docs/data-model.md §7.3 "Movements"), mounted into the workshop area. */
export function movementRoutes(app: Hono<AppEnv>) {
  route(app, { method: "get", path: "/movementfigures", summary: "Workshop (job) and recovery movement cost totals of a view and department, over a delivery-date range when given", tag, query: figuresQuery }, async (_c, { query }) =>
    Movements.figures(query),
  );
  route(app, { method: "get", path: "/movement", summary: "Movements: a job's (job=), or a page of a view (NORMAL, QUOTE, COMPLETED) newest delivery first: {count, results}", tag, query: listQuery }, async (_c, { query }) =>
    Movements.list(query),
  );
  route(app, { method: "get", path: "/movement/:id", summary: "One movement", tag }, async (_c, { id }) => Movements.get(id));
  route(app, { method: "post", path: "/movement", summary: "Create a movement (defaults of 002 §5; priced from its rate and the customer's movement markup unless cost_override)", tag, body: movementCreate }, async (c, { body }) =>
    Movements.create(body, actor(c)),
  );
  route(app, { method: "put", path: "/movement/:id", summary: "Save a movement (send last_saved; refused once completed)", tag, body: movementSave }, async (c, { id, body }) =>
    Movements.save(id, body, actor(c)),
  );
  route(app, { method: "delete", path: "/movement/:id", summary: "Delete a movement (refused once completed)", tag }, async (c, { id }) => Movements.remove(id, actor(c)));
  route(app, { method: "put", path: "/movementcomplete/:id", summary: "Complete a movement: {last_saved, tracking_option} (a tracking option is required; a quote movement is converted first)", tag, body: movementComplete }, async (c, { id, body }) =>
    Movements.complete(id, body, actor(c)),
  );
  route(app, { method: "put", path: "/movementquote/:id", summary: "Convert a quote movement to a normal movement: {last_saved}", tag, body: movementConvert }, async (c, { id, body }) =>
    Movements.convertQuote(id, body, actor(c)),
  );
}
