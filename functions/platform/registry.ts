import type { Context, Hono } from "hono";
import { z } from "zod";
import { ValidationError } from "../../core/platform/errors.js";
import { parseInput } from "../../core/platform/validation.js";
import type { AppEnv } from "./app.js";

/**
 * Every route is declared through `route()`: it registers the Hono handler
 * and records the zod schemas, so the OpenAPI document is generated from
 * the very schemas that parse the requests.
 */
export type RouteSpec = {
  method: "get" | "post" | "put" | "delete";
  /** Hono path under /api, e.g. "/vehicletype/:id". */
  path: string;
  summary: string;
  tag: string;
  query?: z.ZodType;
  body?: z.ZodType;
  public?: boolean;
};

export const registry: RouteSpec[] = [];

type Handler = (c: Context<AppEnv>, input: { query: any; body: any; id: number }) => Promise<unknown> | unknown;

export function route(app: Hono<AppEnv>, spec: RouteSpec, handler: Handler) {
  if (!registry.some((r) => r.method === spec.method && r.path === spec.path)) registry.push(spec);
  app.on(spec.method.toUpperCase(), spec.path, async (c) => {
    const query = spec.query ? parseInput(spec.query, c.req.query()) : c.req.query();
    let body: unknown = undefined;
    if (spec.method === "post" || spec.method === "put") {
      const raw = await c.req.text();
      if (raw.trim() !== "") {
        try {
          body = JSON.parse(raw);
        } catch {
          throw new ValidationError("The request body is not valid JSON.");
        }
      } else body = {};
      if (spec.body) body = parseInput(spec.body, body);
    }
    const idParam = c.req.param("id" as never) as string | undefined;
    let id = NaN;
    if (idParam !== undefined) {
      if (!/^\d{1,12}$/.test(idParam)) throw new ValidationError("The id must be a whole number.", { id: "Must be a whole number" });
      id = Number(idParam);
    }
    const result = await handler(c, { query, body, id });
    if (result instanceof Response) return result;
    if (result === undefined) return c.body(null, 204);
    return c.json(result as object, spec.method === "post" ? 201 : 200);
  });
}
