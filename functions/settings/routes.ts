import type { Hono } from "hono";
import * as z from "zod";
import * as Settings from "../../core/settings/index.js";
import { isoDate } from "../../core/platform/fields.js";
import { pageQuery } from "../../core/platform/paging.js";
import { ValidationError } from "../../core/platform/errors.js";
import { actor, type AppEnv } from "../platform/app.js";
import { crudRoutes } from "../platform/crud.js";
import { route } from "../platform/registry.js";
import { nominalPush, releaseHeld, releaseHeldPayments, trackingCategoryPush } from "../../core/accounts/xero-push.js";

const tag = "Settings";
const flag = z.preprocess((v) => v === "true" || v === "1" || v === "True" || v === true, z.boolean()).optional();

/** Settings calls of 001 §7 and the accounting settings of 003 §7. */
export function settingsRoutes(app: Hono<AppEnv>) {
  // Weekly targets: created through targetlatest, listed and edited at target.
  crudRoutes(app, { record: Settings.WeeklyTarget, tag, path: "target", createPath: "targetlatest" });
  route(
    app,
    { method: "get", path: "/targetlatest", summary: "The weekly target in force on a date (default today)", tag, query: z.object({ date: isoDate() }) },
    async (_c, { query }) => Settings.targetOn(query.date ?? new Date().toISOString().slice(0, 10)),
  );

  crudRoutes(app, { record: Settings.InspectionType, tag, path: "inspectiontype" });
  crudRoutes(app, { record: Settings.VehicleType, tag, path: "vehicletype" });
  crudRoutes(app, { record: Settings.CostCentre, tag, path: "costcentre" });
  crudRoutes(app, { record: Settings.QuickLink, tag, path: "quicklink", defaultPageSize: 50 });
  crudRoutes(app, {
    record: Settings.Department,
    tag,
    path: "departments",
    createPath: "createdepartment",
    // A department given its Xero mapping queues the documents held back for want of it (docs/xero.md "Held back").
    after: async (row: { id: number }) => void (await releaseHeld(row.id, "xero-mapping")),
  });
  crudRoutes(app, {
    record: Settings.Fitter,
    tag,
    path: "fitter",
    createPath: "createfitter",
    listQuery: z.object({ show_hide: flag }),
    // Hidden fitters stay out of lists unless show_hide asks for them.
    listFilter: (q) => (q.show_hide ? undefined : (a, { ne }) => ne(a.hidden, true)),
  });
  // 002 §7 names the fitters list `fitters` (the settings screen uses `fitter`): the same list, paged to 1000.
  route(
    app,
    { method: "get", path: "/fitters", summary: "List fitters (002's name for GET fitter)", tag, query: pageQuery.extend({ page_size: z.coerce.number().int().min(1).max(1000).default(25), show_hide: flag }) },
    async (_c, { query }) => Settings.Fitter.list({ ...query, where: query.show_hide ? undefined : (a: any, { ne }: any) => ne(a.hidden, true) }),
  );
  crudRoutes(app, { record: Settings.TrackerType, tag, path: "vehicletrackertype" });
  crudRoutes(app, {
    record: Settings.VehicleModel,
    tag,
    path: "vehiclemodel",
    // 000 §7 "GET vehiclemodel | page_size 1000, make": a make's models from its own list, by name.
    listQuery: z.object({
      make: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number({ error: "Make must be a vehicle make id" }).int("Make must be a vehicle make id").positive("Make must be a vehicle make id").max(1e12, "Make must be a vehicle make id").optional()),
    }),
    listFrom: (q) => (q.make ? Settings.modelsOfMake(q.make) : undefined),
  });
  crudRoutes(app, { record: Settings.VehicleMake, tag, path: "vehiclemake" });
  crudRoutes(app, { record: Settings.RentalMargin, tag, path: "rentalmargin" });
  crudRoutes(app, { record: Settings.WorkType, tag, path: "worktype" });
  crudRoutes(app, { record: Settings.MovementRate, tag, path: "movementrate" });
  // Its tracking option may be sent as a bare id: made {id, name, category} (a 400 for an id that is no option).
  crudRoutes(app, { record: Settings.MovementType, tag, path: "movementtype", prepare: Settings.withTrackingOptions });
  crudRoutes(app, { record: Settings.PaymentType, tag, path: "paymenttype" });
  crudRoutes(app, { record: Settings.Driver, tag, path: "drivers" });

  route(app, { method: "get", path: "/appdefaults", summary: "App defaults", tag }, async () => Settings.AppDefaults.get());
  route(
    app,
    { method: "put", path: "/appdefaults", summary: "Save app defaults (send last_saved)", tag, body: Settings.AppDefaultsRecord.fields.partial().passthrough() },
    async (c, { body }) => {
      const saved = await Settings.AppDefaults.save(body, actor(c));
      // The Xero payments account set: the payments held for want of it are queued (docs/xero.md "Payments").
      if ((body as { xero_payments_account?: unknown }).xero_payments_account) await releaseHeldPayments("xero-payments-account");
      return saved;
    },
  );

  // A save queues its Xero push in the same transaction; the table stream's consumer sends it (docs/xero.md).
  crudRoutes(app, { record: Settings.NominalCode, tag: "Accounting", path: "nominal", extra: nominalPush });
  route(app, { method: "get", path: "/taxtypes", summary: "Tax types and their VAT rates", tag: "Accounting" }, () => [...Settings.TAX_TYPES]);
  crudRoutes(app, {
    record: Settings.TrackingCategory,
    tag: "Accounting",
    path: "trackingcategory",
    createPath: "createtrackingcategory",
    extra: trackingCategoryPush,
    prepare: async (b) => {
      if (b && typeof b === "object" && b.options !== undefined && !Array.isArray(b.options))
        throw new ValidationError("Options must be a list", { options: "Must be a list" });
      return Settings.withOptionIds(b);
    },
  });
  // 000 §7 reads the tracking options as a reference list of their own: every live option with its category.
  route(
    app,
    { method: "get", path: "/trackingoption", summary: "Every live tracking option with its category (id, name, status, category, category_name)", tag: "Accounting", query: pageQuery },
    async (_c, { query }) => Settings.trackingOptionList(query),
  );
}
