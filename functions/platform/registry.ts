import type { Context, Hono } from "hono";
import * as z from "zod";
import { NO_FILE_SELECTED, ValidationError } from "../../core/platform/errors.js";
import { fromZodError, parseInput } from "../../core/platform/validation.js";
import { serviceAnswers } from "../../core/platform/write-body.js";
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
  /**
   * The JSON body, parsed and listed in the OpenAPI document. A record's
   * body is drawn from its definition (core/platform/write-body.ts
   * `writeBody`); its service parses it again and answers a body the
   * schema refuses with the spec's message.
   */
  body?: z.ZodType;
  /**
   * A file upload instead of a JSON body: multipart/form-data with the
   * file in this field. The handler's `body` is the File (a 400 when none
   * was sent); the body may be up to UPLOAD_LIMIT bytes.
   */
  upload?: { field: string; description: string };
  public?: boolean;
  /**
   * The success status. Default: 201 for a POST (it creates), 200 otherwise;
   * a POST that only acts on an existing record (approve, finalize,
   * complete) says 200.
   */
  status?: 200 | 201;
  /**
   * The path the API reference lists this route under instead of its own: one value of another route's path parameter
   * served apart (`/report/quotereport`, listed as `/report/:reportName`, functions/reports/serve.ts).
   */
  listedUnder?: string;
};

export const registry: RouteSpec[] = [];

/** Largest upload body (a 5,000-row CSV is about 300 kB); JSON bodies keep the app's 256 kB. */
export const UPLOAD_LIMIT = 2 * 1024 * 1024;
/** Full paths (/api/...) of upload routes: the body limit middleware lets them be larger. */
export const uploadPaths = new Set<string>();

/** The file of an upload request: multipart/form-data, one file in `field`. */
async function uploadedFile(c: Context<AppEnv>, field: string): Promise<File> {
  const type = c.req.header("content-type") ?? "";
  // No body, a JSON body (even {}) or any other type carries no file: the spec's message (000 §5), the how in errors.
  if (!/^multipart\/form-data/i.test(type)) throw new ValidationError(NO_FILE_SELECTED, { [field]: `Send the file as multipart/form-data in the field "${field}"` });
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new ValidationError("The upload could not be read: send the file as multipart/form-data.", { [field]: "Unreadable upload" });
  }
  const file = form[field];
  if (!(file instanceof File) || (file.size === 0 && !file.name)) throw new ValidationError(NO_FILE_SELECTED, { [field]: `Send the file as multipart/form-data in the field "${field}"` });
  return file;
}

type Handler = (c: Context<AppEnv>, input: { query: any; body: any; id: number }) => unknown; // a value or a promise of one

export function route(app: Hono<AppEnv>, spec: RouteSpec, handler: Handler) {
  if (!spec.listedUnder && !registry.some((r) => r.method === spec.method && r.path === spec.path)) registry.push(spec);
  if (spec.upload) uploadPaths.add(`/api${spec.path}`);
  app.on(spec.method.toUpperCase(), spec.path, async (c) => {
    const query = spec.query ? parseInput(spec.query, c.req.query()) : c.req.query();
    let body: unknown = undefined;
    if (spec.upload) body = await uploadedFile(c, spec.upload.field);
    else if (spec.method === "post" || spec.method === "put") {
      const raw = await c.req.text();
      if (raw.trim() !== "") {
        try {
          body = JSON.parse(raw);
        } catch {
          throw new ValidationError("The request body is not valid JSON.");
        }
      } else body = {};
      if (spec.body) {
        const parsed = spec.body.safeParse(body);
        if (parsed.success) body = parsed.data;
        // A record's body (writeBody) is checked again by its service with the spec's rules and messages: a field's refusal is its to word.
        else if (!serviceAnswers(spec.body, parsed.error)) throw fromZodError(parsed.error);
        // else the service gets the body as sent
      }
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
    return c.json(result as object, spec.status ?? (spec.method === "post" ? 201 : 200));
  });
}
