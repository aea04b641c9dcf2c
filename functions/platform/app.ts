import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { authenticate, type StaffUser } from "../../core/auth/index.js";
import { TooManyRequestsError, VisibleError } from "../../core/platform/errors.js";
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

/**
 * Calls anyone may make, by pattern: the customer's quote approval link
 * (docs/quote-approval.md), exactly one token segment under its path and
 * nothing else (a longer, shorter or other path still needs a token).
 */
const PUBLIC_PATTERNS = [/^\/api\/public\/quote-approval\/[A-Za-z0-9_-]{43}$/];

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
    if (PUBLIC.has(path) || PUBLIC_PATTERNS.some((p) => p.test(path))) return next();
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
    if (err instanceof TooManyRequestsError) c.header("Retry-After", String(err.retryAfterSeconds));
    if (err instanceof VisibleError) return c.json({ message: err.message, errors: err.errors }, err.status);
    const name = (err as { name?: string }).name ?? "";
    const cause = (err as { cause?: { name?: string } }).cause?.name ?? "";
    if (name === "ConditionalCheckFailedException" || cause === "ConditionalCheckFailedException")
      return c.json({ message: "An error occurred! This record was edited elsewhere since you opened it: reload to see the latest version.", errors: {} }, 409);
    const fault = inputFault(err);
    if (fault) {
      // The client's values, refused by DynamoDB or its client after our checks let them through:
      // a 400, logged so the check that missed it can be added.
      console.warn(JSON.stringify({ level: "warn", path: c.req.path, method: c.req.method, inputFault: String(err) }));
      return c.json({ message: fault, errors: {} }, 400);
    }
    console.error(JSON.stringify({ level: "error", path: c.req.path, method: c.req.method, error: String(err), stack: (err).stack }));
    return c.json({ message: "An error occurred! Please try again; if it keeps happening tell the office.", errors: {} }, 500);
  });
  return api;
}

/**
 * Errors DynamoDB (or its client) raises only for values a request
 * carried: numbers it cannot store, keys or items too large, a key range
 * that ends before it starts. The field checks (core/platform/fields.ts)
 * refuse these first; this is the net under them. Every other error,
 * ValidationExceptions from our own requests included, stays a 500: a
 * fault of ours is never reported as the client's.
 */
const INPUT_FAULTS: Array<[RegExp, string]> = [
  [/Number .* is (greater|lesser) than Number\.(MAX|MIN)_SAFE_INTEGER|Special numeric value .* is not allowed|Number overflow|numeric value .* out of range/i, "A number sent is too large to be stored."],
  [/Item size has exceeded|Item size to update has exceeded|key values must be under|Size of hashkey has exceeded|size of all range keys has exceeded|Aggregated size of all range keys/i, "A value sent is too long to be stored."],
  [/BETWEEN operator requires upper bound to be greater than or equal to lower bound/i, "The end of a range must not be before its start."],
];

export function inputFault(err: unknown): string | null {
  const e = err as { name?: string; message?: string; CancellationReasons?: Array<{ Code?: string; Message?: string }>; cause?: unknown };
  const texts = [e?.message ?? "", ...(e?.CancellationReasons ?? []).map((r) => r.Message ?? ""), String((e?.cause as { message?: string })?.message ?? "")];
  const fromDynamo = !e?.name || e.name === "Error" || e.name === "ValidationException" || e.name === "TransactionCanceledException" || e.name === "ElectroError";
  if (!fromDynamo) return null;
  for (const [pattern, message] of INPUT_FAULTS) if (texts.some((t) => pattern.test(t))) return message;
  return null;
}

export function actor(c: { get: (k: "user") => StaffUser }) {
  return c.get("user").email;
}
