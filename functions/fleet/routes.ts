import type { Hono } from "hono";
import * as z from "zod";
import * as Fleet from "../../core/fleet/all.js";
import "../../core/hire/availability.js"; // GET vehicles with start and end: the availability finder (core/fleet/offers.ts)
import "../../core/workshop/hire-offers.js"; // ... with the workshop warnings on each van (core/hire/offers.ts)
import { ValidationError } from "../../core/platform/errors.js";
import { dateRange, isoDate } from "../../core/platform/fields.js";
import { pageQuery } from "../../core/platform/paging.js";
import { actor, type AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";
import { vehicleSalesFigures } from "../../core/fleet/agreements.js";
import { vehicleProfit } from "../../core/fleet/profit.js";
import { todayInLondon, windowOf } from "../../core/platform/dates.js";
import { writeBody } from "../../core/platform/write-body.js";
import { inspection, tracker, vehicle } from "../../core/fleet/definitions.js";

const tag = "Vehicles";
const flag = z.preprocess((v) => v === "true" || v === "1" || v === "True" || v === true, z.boolean()).optional();
const vehicleSave = writeBody(vehicle.schema, { update: true });
/** A new vehicle may carry its inspections (001 §5). */
const vehicleCreate = writeBody(vehicle.schema, { extra: { inspections: z.array(writeBody(inspection.schema)).optional() } });
const trackerCreate = writeBody(tracker.schema);
const trackerSave = writeBody(tracker.schema, { update: true });
const inspectionCreate = writeBody(inspection.schema);
const inspectionSave = writeBody(inspection.schema, { update: true });
const imageConfirm = writeBody(Fleet.VehicleImage.fields, { pick: ["vehicle", "key", "category"] });
const department = z
  .preprocess((v) => (v === "" || v === undefined || v === null || String(v).toUpperCase() === "ALL" ? "ALL" : /^\d+$/.test(String(v)) ? Number(v) : v), z.union([z.literal("ALL"), z.number().int().positive()], { error: "Department must be a department id or ALL" }))
  .optional();
const columnValue = z.string().trim().max(50).optional();

/** GET vehicles query (000 §7): paging, tab, sub-tab, department, purchase type, search, order, column filters and the special lists. */
const vehicleListQuery = dateRange(pageQuery.extend({
  tab: z.enum(["fleet", "customer"], { error: "Tab must be fleet or customer" }).optional(),
  vehicle_status: z.string().trim().max(20).optional(),
  view: z.string().trim().max(20).optional(),
  delivery_date_confirmed: flag,
  department,
  purchaseType: z
    .preprocess((v) => (v === "" ? undefined : typeof v === "string" ? v.toUpperCase() : v), z.enum(["ALL", ...Fleet.FINANCE_TYPES], { error: "Unknown purchase type" }))
    .optional(),
  // asc, desc or the sub-tab's sort field ("month_due", "-delivery_date"...): checked against the tab by the service.
  order: z.string().trim().max(40).optional(),
  // The finder's availability (001 §7): with type and vehicle_status=ACTIVE, the vehicles free from start to end.
  start: isoDate(),
  end: isoDate(),
  courtesy_car: flag,
  keys: flag,
  tracker: z.preprocess((v) => (v === "" ? undefined : typeof v === "string" ? v.toUpperCase() : v), z.literal("BLANK", { error: "tracker filter must be BLANK" })).optional(),
  showAll: flag,
  // filter_list=false leaves the typeahead options out (e.g. when only the page changes).
  filter_list: flag,
  // Sent by the list screen to defeat caching; no meaning here.
  searchFresh: z.string().optional(),
  make: columnValue,
  model: columnValue,
  type: columnValue,
  owner: columnValue,
  key: columnValue,
  supplier: columnValue,
  reserve_customer: columnValue,
  month_due: columnValue,
  delivery_date: columnValue,
}), "start", "end");

const trackerQuery = dateRange(pageQuery.extend({
  view: z.enum(["all", "active", "inactive"], { error: "View must be all, active or inactive" }).optional(),
  start_date: isoDate(),
  end_date: isoDate(),
}), "start_date", "end_date");

const inspectionQuery = pageQuery.extend({
  view: z.enum(["all", "due", "open", "booked"], { error: "View must be all, due, open or booked" }).optional(),
  type: z.coerce.number().int().positive().optional(),
});

const approveBody = z.union([
  z.array(z.looseObject({ id: z.coerce.number().int().positive(), new_completed_date: isoDate(), new_expiry_date: isoDate() })),
  z.looseObject({
    id: z.coerce.number().int().positive().optional(),
    ids: z.array(z.coerce.number().int().positive()).optional(),
    new_completed_date: isoDate(),
    new_expiry_date: isoDate(),
  }),
]);

/** Vehicle calls of 000 §7 (except agreements, sales, payments, invoices and rentals) and the inspection calls of 003 §7. */
export function fleetRoutes(app: Hono<AppEnv>) {
  // Fixed paths first: they share prefixes with vehicles/{id}.
  route(
    app,
    { method: "get", path: "/vehicles/generatefleetnumber", summary: "Next fleet number for a date's year (YY + 3-digit id)", tag, query: z.object({ date: isoDate() }) },
    async (_c, { query }) => Fleet.Vehicles.generateFleetNumber(query.date),
  );
  route(
    app,
    { method: "get", path: "/vehicles/statuscounts", summary: "Count box: ACTIVE, FORSALE, PROCESSING, SOLD, CUSTOMER, ORDERED, cap_zero", tag, query: z.object({ department }) },
    async (_c, { query }) => Fleet.Vehicles.statusCounts(query.department),
  );
  route(
    app,
    {
      method: "get",
      path: "/vehicles/figures",
      summary: "Dashboard vehicle figures for start..end (or the week/month of date): vehicles sold, sales income, book value on the day sold, profit",
      tag,
      query: dateRange(z.object({ start: isoDate(), end: isoDate(), type: z.enum(["weekly", "monthly"], { error: "Type must be weekly or monthly" }).optional(), date: isoDate(), department }), "start", "end"),
    },
    async (_c, { query }) => {
      const w = query.start && query.end ? { start: query.start, end: query.end } : windowOf(query.type ?? "weekly", query.date ?? query.start ?? todayInLondon());
      return vehicleSalesFigures({ ...w, department: query.department });
    },
  );
  route(
    app,
    {
      method: "get",
      path: "/vehicles/summary",
      summary: "Dashboard vehicle summary: the department's Active, Ordered and For Sale vehicles now (count and CAP totals), Cap 0s, and the CAP change of the uploads since start",
      tag,
      query: z.object({ start: isoDate(), department }),
    },
    async (_c, { query }) => Fleet.CapTotals.summary({ start: query.start, department: query.department === "ALL" ? undefined : query.department }),
  );
  route(
    app,
    {
      method: "get",
      path: "/captotalchange",
      summary: "Dashboard CAP change: what the latest CAP upload did to the CAP values of the Active, Ordered and For Sale vehicles it revalued, and the fleet's CAP totals now",
      tag,
      query: z.object({ department }),
    },
    async (_c, { query }) => Fleet.CapTotals.change({ department: query.department === "ALL" ? undefined : query.department }),
  );
  route(
    app,
    { method: "put", path: "/vehicles/clearkey", summary: "Clear a vehicle's key (spare=true: its spare key)", tag, body: z.looseObject({ vehicle: z.unknown().optional(), spare: z.unknown().optional() }) },
    async (c, { body }) => Fleet.Vehicles.clearKey(body, actor(c)),
  );
  route(app, { method: "get", path: "/vehicles", summary: "Vehicle list: {count, results, filter_list}", tag, query: vehicleListQuery }, async (c, { query }) => {
    const pageSize = c.req.query("page_size") ? query.page_size : query.keys ? 500 : 25;
    const columns: Record<string, string> = {};
    for (const col of Object.keys(Fleet.COLUMN_FILTERS)) if (query[col]) columns[col] = query[col];
    const withOptions = c.req.query("filter_list") === undefined || query.filter_list === true;
    return Fleet.Vehicles.list({ ...query, page_size: pageSize, columns, filter_list: withOptions });
  });
  route(app, { method: "get", path: "/vehicles/:id", summary: "A vehicle with its inspections", tag }, async (_c, { id }) => Fleet.Vehicles.get(id));
  route(
    app,
    {
      method: "get",
      path: "/vehicles/:id/profit",
      summary: "The vehicle's profit line (docs/finance.md \"Vehicle profit line\"): every figure with the records behind it ({kind, id}), and months [{month: YYYY-MM, income, cost, hire_days}]; `on`: the day it is valued (today when left out)",
      tag,
      query: z.object({ on: isoDate() }),
    },
    async (_c, { id, query }) => vehicleProfit(id, query.on ?? undefined),
  );
  route(app, { method: "put", path: "/vehicles/:id", summary: "Save a vehicle (whole or inline fields; send last_saved)", tag, body: vehicleSave }, async (c, { id, body }) =>
    Fleet.Vehicles.save(id, body, actor(c)),
  );
  route(app, { method: "delete", path: "/vehicles/:id", summary: "Delete a vehicle and its inspections, images, key and tracker links", tag }, async (c, { id }) =>
    Fleet.Vehicles.remove(id, actor(c)),
  );
  route(app, { method: "post", path: "/createvehicle", summary: "Create a vehicle (whole vehicle, inspections included)", tag, body: vehicleCreate }, async (c, { body }) =>
    Fleet.Vehicles.create(body, actor(c)),
  );
  route(app, { method: "get", path: "/vehiclesearch", summary: "Vehicles by registration or fleet number prefix (2+ characters), at most 25", tag, query: z.object({ search: z.string().max(100).optional() }) }, async (_c, { query }) =>
    Fleet.Vehicles.search(query.search),
  );

  // Keys (hooks on the key boards).
  const keyTag = "Keys";
  route(app, { method: "get", path: "/keys", summary: "Key hooks with the vehicle on each (free=true: only free ones)", tag: keyTag, query: pageQuery.extend({ page_size: z.coerce.number().int().min(1).max(1000).default(1000), free: flag }) }, async (_c, { query }) =>
    Fleet.Vehicles.keys(query),
  );
  route(app, { method: "get", path: "/keys/:id", summary: "One key hook", tag: keyTag }, async (_c, { id }) => Fleet.Key.get(id));
  route(app, { method: "post", path: "/keys", summary: "Add a key hook", tag: keyTag, body: Fleet.Key.fields.partial().passthrough() }, async (c, { body }) => Fleet.Key.create(body, actor(c)));
  route(app, { method: "put", path: "/keys/:id", summary: "Save a key hook (send last_saved)", tag: keyTag, body: Fleet.Key.fields.partial().passthrough() }, async (c, { id, body }) => {
    const { vehicle: _shown, ...rest } = body as Record<string, unknown>;
    return Fleet.Key.update(id, rest, actor(c));
  });
  route(app, { method: "delete", path: "/keys/:id", summary: "Remove a key hook (only when no key hangs on it)", tag: keyTag }, async (c, { id }) => Fleet.Vehicles.removeKey(id, actor(c)));

  // Trackers.
  const trackerTag = "Trackers";
  route(app, { method: "get", path: "/vehicletracker/searchunused", summary: "Trackers that can be assigned (active, on no vehicle)", tag: trackerTag }, async () => Fleet.Trackers.unused());
  route(app, { method: "get", path: "/vehicletracker", summary: "Trackers (view all|active|inactive) with figures for start_date..end_date", tag: trackerTag, query: trackerQuery }, async (_c, { query }) => {
    const [page, figures] = await Promise.all([Fleet.Trackers.list(query), Fleet.Trackers.figures(query.start_date, query.end_date)]);
    return { ...page, figures };
  });
  route(app, { method: "get", path: "/vehicletracker/:id", summary: "One tracker", tag: trackerTag }, async (_c, { id }) => Fleet.Tracker.get(id));
  route(app, { method: "post", path: "/vehicletracker", summary: "Add a tracker", tag: trackerTag, body: trackerCreate }, async (c, { body }) => Fleet.Trackers.create(body, actor(c)));
  route(app, { method: "put", path: "/vehicletracker/:id", summary: "Save a tracker; a vehicle assigns it (frees the vehicle's old tracker)", tag: trackerTag, body: trackerSave }, async (c, { id, body }) =>
    Fleet.Trackers.save(id, body, actor(c)),
  );
  route(app, { method: "delete", path: "/vehicletracker/:id", summary: "Delete a tracker (its vehicle is freed)", tag: trackerTag }, async (c, { id }) => Fleet.Trackers.remove(id, actor(c)));

  // Inspections.
  const inspTag = "Inspections";
  route(app, { method: "get", path: "/vehicleinspections", summary: "A vehicle's inspections", tag: inspTag, query: z.object({ vehicle: z.string().optional() }) }, async (_c, { query }) => {
    if (!query.vehicle || !/^\d+$/.test(query.vehicle)) throw new ValidationError("No vehicle selected", { vehicle: "No vehicle selected" });
    return Fleet.Inspections.ofVehicle(Number(query.vehicle));
  });
  route(app, { method: "get", path: "/inspectioncount", summary: "{count} of inspections booked on a date (of a type)", tag: inspTag, query: z.object({ type: z.coerce.number().int().positive().optional(), date: isoDate() }) }, async (_c, { query }) => {
    if (!query.date) throw new ValidationError("Choose a date", { date: "Choose a date" });
    return Fleet.Inspections.bookedCount(query.type, query.date);
  });
  for (const path of ["/inspections/approve", "/inspections/approve/"])
    route(app, { method: "put", path, summary: "Approve booked inspections: {id or ids, new_completed_date, new_expiry_date}", tag: inspTag, body: approveBody }, async (c, { body }) => {
      const items = Array.isArray(body)
        ? body
        : [...(body.ids ?? []), ...(body.id ? [body.id] : [])].map((id) => ({ id, new_completed_date: body.new_completed_date, new_expiry_date: body.new_expiry_date }));
      return { results: await Fleet.Inspections.approve(items, actor(c)) };
    });
  route(app, { method: "get", path: "/inspections", summary: "Inspections screen: view all|due|open|booked, type, search", tag: inspTag, query: inspectionQuery }, async (_c, { query }) =>
    Fleet.Inspections.list(query),
  );
  route(app, { method: "post", path: "/inspections", summary: "Add an inspection to a vehicle", tag: inspTag, body: inspectionCreate }, async (c, { body }) => Fleet.Inspections.create(body, actor(c)));
  route(app, { method: "get", path: "/inspections/:id", summary: "One inspection", tag: inspTag }, async (_c, { id }) => Fleet.Inspections.get(id));
  route(app, { method: "put", path: "/inspections/:id", summary: "Save an inspection (type, dates and warning days locked once booked in)", tag: inspTag, body: inspectionSave }, async (c, { id, body }) =>
    Fleet.Inspections.save(id, body, actor(c)),
  );
  route(app, { method: "delete", path: "/inspections/:id", summary: "Delete an inspection", tag: inspTag }, async (c, { id }) => Fleet.Inspection.remove(id, actor(c)));

  // Uploads.
  const uploadTag = "Vehicle images";
  route(
    app,
    {
      method: "get",
      path: "/uploadimage",
      summary: "Presigned S3 POSTs, one per file_type (png, jpeg, pdf; comma-separated or repeated): {key, method: POST, url, fields, content_type, max_bytes}; send the fields then the file as multipart/form-data. The signed policy fixes the type, the size (at most 15 MB) and the key (under pending/)",
      tag: uploadTag,
      query: z.object({ reg: z.string().optional(), id: z.string().optional(), type: z.string().max(50).optional(), file_type: z.union([z.string(), z.array(z.string())]).optional() }),
    },
    async (c, { query }) => {
      const fileTypes = c.req.queries("file_type") ?? (query.file_type ? [query.file_type] : []);
      return Fleet.Images.uploadUrls({ id: query.id, type: query.type, file_type: fileTypes.flat() });
    },
  );
  route(app, { method: "post", path: "/vehicleimages", summary: "Confirm an upload {vehicle, key (the pending key)}: checked (type, size), moved to the vehicle's folder and recorded; unconfirmed uploads expire after a day", tag: uploadTag, body: imageConfirm }, async (c, { body }) =>
    Fleet.Images.confirm(body, actor(c)),
  );
  route(app, { method: "get", path: "/vehicleimages", summary: "A vehicle's images with presigned GET URLs", tag: uploadTag, query: z.object({ vehicle: z.string().optional() }) }, async (_c, { query }) =>
    Fleet.Images.ofVehicle(query.vehicle),
  );
  route(app, { method: "get", path: "/vehicleimages/:id", summary: "One image with a presigned GET URL", tag: uploadTag }, async (_c, { id }) => Fleet.Images.get(id));
  route(app, { method: "delete", path: "/vehicleimages/:id", summary: "Delete an image and its file", tag: uploadTag }, async (c, { id }) => Fleet.Images.remove(id, actor(c)));
}
