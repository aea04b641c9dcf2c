import type { Hono } from "hono";
import * as z from "zod";
import * as Lookups from "../../core/workshop/lookups.js";
import { pageQuery } from "../../core/platform/paging.js";
import { actor, type AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";
import { ref } from "../../core/platform/fields.js";
import { writeBody, writeList } from "../../core/platform/write-body.js";
import { partLookup, workLookup } from "../../core/workshop/lookup-definitions.js";

/**
 * Part lookups (Part Stock) and work lookups (Work Stock) of 002 §7 "Work
 * items, parts and lookups": thin routes over core/workshop/lookups.ts.
 * Mounted into the workshop area's app (functions/workshop/routes.ts).
 */

const tag = "Part and work lookups";
const partLookupCreate = writeBody(partLookup.schema);
const partLookupSave = writeBody(partLookup.schema, { update: true });
/** A work lookup with its parts (part_work_lookup): the whole list when sent. */
const workParts = {
  part_work_lookup: z.array(z.unknown()).optional().meta({ description: "The work lookup's parts, the whole list: part lookups ({id} or {part_lookup}), or new parts {name, part_number, cost, supplier, customer_cost}" }),
};
const workLookupCreate = writeBody(workLookup.schema, { extra: workParts });
const workLookupSave = writeBody(workLookup.schema, { update: true, extra: workParts });
/** Edit Selected: [{id, last_saved, ...fields}] (or {results: [...]}); the service answers what it refuses. */
const partLookupList = writeList(writeBody(partLookup.schema, { update: true, extra: { id: ref() } }), { anyBody: true });
const text = z.string().trim().max(200).optional();
const flag = z.preprocess((v) => (v === "" ? undefined : v), z.enum(["true", "false"], { error: "Must be true or false" }).optional());
const amount = z.preprocess(
  (v) => (v === "" || v === undefined ? undefined : v),
  z.coerce.number({ error: "Must be a number" }).finite("Must be a number").min(0, "Must not be negative").max(10_000_000, "Too large").optional(),
);

const partLookupQuery = pageQuery.extend({
  view: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["with_number"], { error: "View must be with_number" }).optional()),
  part_lookup_stock: flag,
  name: text,
  part_number: text,
  make: text,
  model: text,
  vehicle_type: text,
});

const workLookupQuery = pageQuery.extend({
  supplier: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number({ error: "Must be a record id" }).int("Must be a record id").positive("Must be a record id").optional()),
  work_lookup_stock: flag,
  description: text,
  labour_cost: amount,
  labour_hours: amount,
});

export function lookupRoutes(app: Hono<AppEnv>) {
  route(app, { method: "get", path: "/partlookup", summary: "Part lookups by name, 25 a page: search (name or part number), view=with_number, name, part_number, make, model, vehicle_type", tag, query: partLookupQuery }, async (_c, { query }) =>
    Lookups.listPartLookups(query),
  );
  route(app, { method: "post", path: "/partlookup", summary: "Create a part lookup ('This part already exists!')", tag, body: partLookupCreate }, async (c, { body }) => Lookups.createPartLookup(body, actor(c)));
  route(app, { method: "put", path: "/partlookup/update/:id", summary: "Save a part lookup (send last_saved; 409 when stale); work_lookup: the work lookups that keep it", tag, body: partLookupSave }, async (c, { id, body }) =>
    Lookups.savePartLookup(id, body, actor(c)),
  );
  route(app, { method: "delete", path: "/partlookup/update/:id", summary: "Delete a part lookup (and its links on work lookups)", tag }, async (c, { id }) => Lookups.deletePartLookup(id, actor(c)));
  route(app, { method: "put", path: "/partlookups", summary: "Save several part lookups (Edit Selected): a list of {id, last_saved, ...fields}; checked whole before any is written", tag, body: partLookupList }, async (c, { body }) =>
    Lookups.savePartLookups(body, actor(c)),
  );

  route(app, { method: "get", path: "/worklookup", summary: "Work lookups by description, 25 a page: search, description, supplier, labour_cost, labour_hours", tag, query: workLookupQuery }, async (_c, { query }) =>
    Lookups.listWorkLookups(query),
  );
  route(app, { method: "post", path: "/worklookup", summary: "Create a work lookup with its parts ('This work already exists!'; a new part needs all fields)", tag, body: workLookupCreate }, async (c, { body }) =>
    Lookups.createWorkLookup(body, actor(c)),
  );
  route(app, { method: "get", path: "/worklookup/update/:id", summary: "A work lookup with its parts (part_work_lookup)", tag }, async (_c, { id }) => Lookups.getWorkLookup(id));
  route(app, { method: "put", path: "/worklookup/update/:id", summary: "Save a work lookup (send last_saved; 409 when stale) with its whole parts list when sent", tag, body: workLookupSave }, async (c, { id, body }) =>
    Lookups.saveWorkLookup(id, body, actor(c)),
  );
  route(app, { method: "delete", path: "/worklookup/update/:id", summary: "Delete a work lookup and its part links", tag }, async (c, { id }) => Lookups.deleteWorkLookup(id, actor(c)));
}
