import type { Hono } from "hono";
import * as z from "zod";
import { pageQuery } from "../../core/platform/paging.js";
import type { RecordType, WriteExtra } from "../../core/platform/records.js";
import { actor, type AppEnv } from "./app.js";
import { route } from "./registry.js";

type Where = (attr: any, op: any) => string;

/**
 * The standard calls for one record type: list, get, create, save, delete.
 * Paths follow the spec, which sometimes creates at another path
 * (POST createdepartment) than it edits (PUT departments/{id}).
 */
export function crudRoutes(
  app: Hono<AppEnv>,
  opts: {
    record: RecordType;
    tag: string;
    /** Collection path, e.g. "vehicletype": GET list, POST create. */
    path: string;
    /** Item path when it differs, e.g. "departments". */
    itemPath?: string;
    /** Create path when it differs, e.g. "createdepartment". */
    createPath?: string;
    /** Extra list query parameters and the filter they make. */
    listQuery?: z.ZodObject<any>;
    listFilter?: (q: any) => Where | undefined;
    /** The record type's own list (a membership, e.g. a make's models) a list query reads instead of the id order; the search is a prefix of its sort. */
    listFrom?: (q: any) => string | undefined;
    defaultPageSize?: number;
    /** Adjust a body before it is saved (e.g. issue option ids). */
    prepare?: (body: any) => Promise<any>;
    /** Adjust a new record's body only (e.g. number a new invoice). */
    prepareCreate?: (body: any) => Promise<any>;
    /** More writes for the create's or save's own transaction (e.g. its Xero push item). */
    extra?: (actor: string) => WriteExtra;
    /** Best-effort work once the create or save has landed (e.g. the immediate Xero attempt); never fails the call. */
    after?: (row: any) => Promise<void>;
  },
) {
  const { record, tag } = opts;
  const itemPath = opts.itemPath ?? opts.path;
  const createPath = opts.createPath ?? opts.path;
  const size = opts.defaultPageSize ?? 25;
  const listQuery = pageQuery.extend({ page_size: z.coerce.number().int().min(1).max(1000).default(size) }).extend(opts.listQuery?.shape ?? {});
  const body = record.fields.partial().passthrough();
  const prepare = opts.prepare ?? (async (b: unknown) => b);
  const landed = async (row: any) => {
    if (opts.after) await opts.after(row).catch(() => undefined);
    return row;
  };

  const list = (query: any) => {
    const from = opts.listFrom?.(query);
    return from ? record.listIn(from, { page: query.page, page_size: query.page_size, search: query.search?.trim().toLowerCase() || undefined }) : record.list({ ...query, where: opts.listFilter?.(query) });
  };
  route(app, { method: "get", path: `/${opts.path}`, summary: `List ${record.label.toLowerCase()}s`, tag, query: listQuery }, async (_c, { query }) => list(query));
  if (createPath !== opts.path || opts.path !== itemPath) {
    // Lists are also served at the item path, so every record type answers GET on both.
    if (itemPath !== opts.path)
      route(app, { method: "get", path: `/${itemPath}`, summary: `List ${record.label.toLowerCase()}s`, tag, query: listQuery }, async (_c, { query }) => list(query));
  }
  route(app, { method: "get", path: `/${itemPath}/:id`, summary: `Get one ${record.label.toLowerCase()}`, tag }, async (_c, { id }) => record.get(id));
  route(app, { method: "post", path: `/${createPath}`, summary: `Create a ${record.label.toLowerCase()}`, tag, body }, async (c, { body }) =>
    landed(await record.create(await prepare(opts.prepareCreate ? await opts.prepareCreate(body) : body), actor(c), { extra: opts.extra?.(actor(c)) })),
  );
  route(app, { method: "put", path: `/${itemPath}/:id`, summary: `Save a ${record.label.toLowerCase()} (send last_saved)`, tag, body }, async (c, { id, body }) =>
    landed(await record.update(id, await prepare(body), actor(c), { extra: opts.extra?.(actor(c)) })),
  );
  route(app, { method: "delete", path: `/${itemPath}/:id`, summary: `Delete a ${record.label.toLowerCase()}`, tag }, async (c, { id }) =>
    record.remove(id, actor(c)),
  );
}
