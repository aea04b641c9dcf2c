import { existsSync, readFileSync } from "node:fs";
import { extname, join, normalize, resolve } from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createFullApi } from "../api.js";
import { securityHeaders } from "../platform/security-headers.js";
import { localHost } from "./dynamodb-local.js";

/**
 * The API and the built SPA on one port. Static files come from web/dist;
 * any other non-/api path gets index.html so deep links work.
 */
// WEB_DIST lets a developer serve another build (e.g. a branch build under .tmp/).
export function createLocalApp(webDist = resolve(process.env.WEB_DIST ?? "web/dist")) {
  const api = createFullApi();
  const app = new Hono();
  // The headers CloudFront adds on AWS (stacks/Web.ts), on every answer. The
  // uploads origin is S3_ENDPOINT (s3rver), where photos are sent and shown from.
  app.use("*", async (c, next) => {
    await next();
    const uploads = process.env.S3_ENDPOINT ? new URL(process.env.S3_ENDPOINT).origin : "";
    for (const [name, value] of Object.entries(securityHeaders(uploads))) c.res.headers.set(name, value);
  });
  const types: Record<string, string> = {
    ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml",
    ".png": "image/png", ".ico": "image/x-icon", ".json": "application/json", ".woff2": "font/woff2", ".map": "application/json",
  };
  app.all("/api/*", (c) => api.fetch(c.req.raw));
  app.all("/api", (c) => api.fetch(c.req.raw));
  app.get("*", (c) => {
    const path = normalize(decodeURIComponent(new URL(c.req.url).pathname)).replace(/^(\.\.[/\\])+/, "");
    const file = join(webDist, path);
    if (file.startsWith(webDist) && path !== "/" && existsSync(file) && !file.endsWith("/")) {
      try {
        const body = readFileSync(file);
        return c.body(body, 200, { "content-type": types[extname(file)] ?? "application/octet-stream", "cache-control": path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache" });
      } catch {
        /* a folder: fall through to the SPA */
      }
    }
    const index = join(webDist, "index.html");
    if (!existsSync(index)) return c.text("The web app is not built yet: run npm start (it builds it).", 503);
    return c.html(readFileSync(index, "utf8"));
  });
  return app;
}

/** Listen on HOST (this machine only, 127.0.0.1, unless set). */
export function listen(app: Hono, port: number, hostname = localHost()) {
  return new Promise<ReturnType<typeof serve>>((ok, fail) => {
    const server = serve({ fetch: app.fetch, port, hostname }, () => ok(server));
    server.once("error", fail);
  });
}
