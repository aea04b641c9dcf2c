import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { authenticate, type StaffUser } from "../../core/auth/index.js";
import { VisibleError } from "../../core/platform/errors.js";
import { UPLOAD_LIMIT, uploadPaths } from "./registry.js";

export type AppEnv = { Variables: { user: StaffUser; token: string } };

/** Calls anyone may make: health and the two sign-in calls (plus the sign-in options and the API reference). */
const PUBLIC = new Set([
  "/api/health",
  "/api/social/google-oauth2",
  "/api/auth/local",
  "/api/auth/config",
  "/api/openapi.json",
  "/api/docs",
]);

export type AreaRoutes = (app: Hono<AppEnv>) => void;

/**
 * The API app for one or more areas: the same gate, limits and error
 * shape everywhere. Each Lambda builds it with its own area; the local
 * server builds it with all of them.
 */
export function createApi(areas: AreaRoutes[]): Hono<AppEnv> {
  const api = new Hono<AppEnv>().basePath("/api");

  const tooLarge = (c: Context) => c.json({ message: "The request is too large.", errors: {} }, 413);
  const jsonLimit = bodyLimit({ maxSize: 256 * 1024, onError: tooLarge });
  // File uploads (routes declared with `upload`) may be larger.
  const uploadLimit = bodyLimit({ maxSize: UPLOAD_LIMIT, onError: tooLarge });
  api.use("*", (c, next) => (uploadPaths.has(c.req.path.replace(/\/+$/, "")) ? uploadLimit : jsonLimit)(c, next));

  // The gate: no token, no handler (a 401 before anything else runs).
  api.use("*", async (c, next) => {
    const path = c.req.path.replace(/\/+$/, "") || "/";
    if (PUBLIC.has(path)) return next();
    const header = c.req.header("authorization") ?? "";
    const match = /^Token\s+(\S+)$/i.exec(header);
    if (!match) return c.json({ message: "Authentication credentials were not provided.", errors: {} }, 401);
    try {
      c.set("user", await authenticate(match[1]));
      c.set("token", match[1]);
    } catch (e) {
      if (e instanceof VisibleError) return c.json({ message: e.message, errors: {} }, 401);
      throw e;
    }
    return next();
  });

  for (const add of areas) add(api);

  api.notFound((c) => c.json({ message: "Not found.", errors: {} }, 404));
  api.onError((err, c) => {
    if (err instanceof VisibleError) return c.json({ message: err.message, errors: err.errors }, err.status);
    const name = (err as { name?: string }).name ?? "";
    const cause = (err as { cause?: { name?: string } }).cause?.name ?? "";
    if (name === "ConditionalCheckFailedException" || cause === "ConditionalCheckFailedException")
      return c.json({ message: "An error occurred! This record was edited elsewhere since you opened it: reload to see the latest version.", errors: {} }, 409);
    console.error(JSON.stringify({ level: "error", path: c.req.path, method: c.req.method, error: String(err), stack: (err as Error).stack }));
    return c.json({ message: "An error occurred! Please try again; if it keeps happening tell the office.", errors: {} }, 500);
  });
  return api;
}

export function actor(c: { get: (k: "user") => StaffUser }) {
  return c.get("user").email;
}
