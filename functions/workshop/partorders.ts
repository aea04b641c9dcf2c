import type { Context, Hono } from "hono";
import * as z from "zod";
import "../../core/accounts/workshop-offers.js"; // parts pushes and the invoices part orders and movements raise (core/workshop/offers.ts)
import { figuresQuery } from "../../core/platform/fields.js";
import { figuresWindow } from "../../core/platform/dates.js";
import { ValidationError } from "../../core/platform/errors.js";
import { pageQuery } from "../../core/platform/paging.js";
import { PART_ORDER_VIEWS, type PartOrderView } from "../../core/workshop/partorder-rules.js";
import { PartOrders, type Staff } from "../../core/workshop/partorders.js";
import type { AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";
import { writeBody } from "../../core/platform/write-body.js";
import { partOrder, PART_ORDER_SERVER_FIELDS } from "../../core/workshop/partorder-definitions.js";

const tag = "Part orders";
const orderCreate = writeBody(partOrder.schema, { serverSet: PART_ORDER_SERVER_FIELDS });
const orderSave = writeBody(partOrder.schema, { update: true, serverSet: PART_ORDER_SERVER_FIELDS });
/** Completing sends the whole order with its id and the tracking option chosen (a server field on a save). */
const orderComplete = writeBody(partOrder.schema, { update: true, serverSet: PART_ORDER_SERVER_FIELDS.filter((f) => f !== "tracking_option"), extra: { id: z.unknown().meta({ type: "integer", description: "The part order's id" }) } });
const id = z.coerce.number({ error: "Must be a record id" }).int("Must be a record id").positive("Must be a record id").max(1e12, "Must be a record id").optional();
const VIEWS = Object.keys(PART_ORDER_VIEWS) as [PartOrderView, ...PartOrderView[]];

const staff = (c: Context<AppEnv>): Staff => {
  const u = c.get("user");
  return { email: u.email, given_name: u.given_name, family_name: u.family_name };
};

/** GET partorder (002 §7): page, search, view, department, column filters (customer, creator). */
const listQuery = pageQuery.extend({
  view: z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v), z.enum(VIEWS, { error: `View must be one of ${VIEWS.join(", ")}` }).optional()),
  department: id,
  customer: id,
  creator: z.string().trim().max(200).optional(),
});

/** POST createpartenquiry (002 §7): description (required), registration, make, model. */
const enquiryBody = z.object({
  description: z.string().max(4000, "At most 4000 characters").nullable().optional(),
  registration: z.string().max(20, "At most 20 characters").nullable().optional(),
  make: z.string().max(100, "At most 100 characters").nullable().optional(),
  model: z.string().max(100, "At most 100 characters").nullable().optional(),
});

/** The part order calls of 002 §7 (docs/data-model.md §7.3 "Part orders") and the part enquiry. */
export function partOrderRoutes(app: Hono<AppEnv>) {
  route(
    app,
    {
      method: "get",
      path: "/partorder/figure",
      summary: "Dashboard Part Orders panel: {income, expenses} of ORDER and COMPLETE orders created in start..end (or the week/month of date)",
      tag,
      query: figuresQuery(),
    },
    async (_c, { query }) => {
      return PartOrders.figure({ ...figuresWindow(query), department: query.department });
    },
  );
  route(
    app,
    { method: "get", path: "/partorder", summary: "Part order list: view (ORDERS|QUOTES|COMPLETE|ENQUIRY), department, search, customer/creator filters; {count, results, filter_list}", tag, query: listQuery },
    async (_c, { query }) => PartOrders.list(query),
  );
  route(app, { method: "get", path: "/partorder/:id", summary: "A part order with its parts and totals", tag }, async (_c, { id }) => PartOrders.get(id));
  route(app, { method: "post", path: "/createpartorder", summary: "Create a part order (ORDER, department 3 unless chosen; the rules of 002 §5)", tag, body: orderCreate }, async (c, { body }) =>
    PartOrders.create(body, staff(c)),
  );
  route(app, { method: "put", path: "/partorder/:id", summary: "Save the whole part order (send last_saved; 409 when stale; refused when COMPLETE)", tag, body: orderSave }, async (c, { id, body }) =>
    PartOrders.save(id, body, staff(c)),
  );
  route(app, { method: "delete", path: "/partorder/:id", summary: "Delete a part order (refused when COMPLETE)", tag }, async (c, { id }) => PartOrders.remove(id, staff(c)));
  route(
    app,
    { method: "post", path: "/partorderapprove", status: 200, summary: "Complete a part order: the whole order with its id, last_saved and the tracking_option chosen; only from ORDER", tag, body: orderComplete },
    async (c, { body }) => {
      const orderId = z.coerce.number({ error: "Which part order? Send its id" }).int().positive().max(1e12).safeParse(body.id);
      if (!orderId.success) throw new ValidationError("Which part order? Send its id", { id: "Required" });
      return PartOrders.complete(orderId.data, body, staff(c));
    },
  );
  route(
    app,
    { method: "post", path: "/createpartenquiry", summary: "Create a part enquiry: a part order (ENQUIRY) and its job, linked both ways; answers the part order", tag, body: enquiryBody },
    async (c, { body }) => PartOrders.createEnquiry(body, staff(c)),
  );
}
