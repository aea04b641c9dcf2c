import type { Hono } from "hono";
import * as z from "zod";
import type { AppEnv } from "./app.js";
import { registry, route } from "./registry.js";

const errorSchema = {
  type: "object",
  properties: { message: { type: "string" }, errors: { type: "object", additionalProperties: { type: "string" } } },
  required: ["message", "errors"],
};

function jsonSchema(schema: z.ZodType) {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
}

/** OpenAPI 3.1 generated from the zod schemas the routes parse with. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of registry) {
    const path = "/api" + r.path.replace(/:(\w+)/g, "{$1}");
    const params: unknown[] = [...r.path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: m[1] === "id" ? "integer" : "string" } }));
    if (r.query) {
      const js = jsonSchema(r.query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(js.properties ?? {}))
        params.push({ name, in: "query", required: js.required?.includes(name) ?? false, schema });
    }
    paths[path] ??= {};
    paths[path][r.method] = {
      tags: [r.tag],
      summary: r.summary,
      parameters: params,
      ...(r.body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(r.body) } } } } : {}),
      ...(r.upload
        ? {
            requestBody: {
              required: true,
              content: {
                "multipart/form-data": {
                  schema: {
                    type: "object",
                    properties: { [r.upload.field]: { type: "string", format: "binary", description: r.upload.description } },
                    required: [r.upload.field],
                  },
                },
              },
            },
          }
        : {}),
      ...(r.public ? { security: [] } : {}),
      responses: {
        "200": { description: "OK (lists answer {count, results})" },
        "400": { description: "Invalid input", content: { "application/json": { schema: errorSchema } } },
        "401": { description: "No valid token" },
        "404": { description: "Not found" },
        "409": { description: "Edited elsewhere (stale last_saved)" },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Van hire, workshop and sales back office API", version: "1.0.0" },
    components: { securitySchemes: { token: { type: "apiKey", in: "header", name: "Authorization", description: "Token <token>" } } },
    security: [{ token: [] }],
    paths,
  };
}

/** A plain, dependency-free reference page rendered from the document. */
export function referencePage(): string {
  const doc = openApiDocument();
  const esc = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]!);
  const rows = Object.entries(doc.paths)
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]: [string, any]) => {
        const params = (op.parameters ?? []).map((p: any) => `${esc(p.name)} <small>(${p.in})</small>`).join(", ");
        const [bodyType, bodyContent] = (Object.entries(op.requestBody?.content ?? {})[0] ?? []) as [string?, { schema?: unknown }?];
        const body = bodyContent ? `<details><summary>body (${esc(bodyType!)})</summary><pre>${esc(JSON.stringify(bodyContent.schema, null, 2))}</pre></details>` : "";
        return `<tr><td><b>${method.toUpperCase()}</b></td><td><code>${esc(path)}</code></td><td>${esc(op.summary)}${body}</td><td>${params}</td><td>${op.security ? "public" : "token"}</td></tr>`;
      }),
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API reference</title>
<style>body{font:14px system-ui,sans-serif;margin:24px}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:6px;text-align:left;vertical-align:top}pre{background:#f6f6f6;padding:8px;max-width:700px;overflow:auto}</style></head>
<body><h1>${esc(doc.info.title)}</h1><p>Every call except the public ones needs <code>Authorization: Token &lt;token&gt;</code>. Lists answer <code>{count, results}</code>, 25 a page. Errors answer <code>{message, errors}</code>. Machine-readable: <a href="/api/openapi.json">openapi.json</a>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>What it does</th><th>Parameters</th><th>Access</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
}

/**
 * The API reference calls. The document lists the routes registered in the
 * same app, so it is served by an app that composes every area: the local
 * server, and on AWS the docs Lambda (functions/lambda/docs.ts).
 */
export function docsRoutes(app: Hono<AppEnv>) {
  route(app, { method: "get", path: "/openapi.json", summary: "This API as OpenAPI 3.1", tag: "Platform", public: true }, () => openApiDocument());
  route(app, { method: "get", path: "/docs", summary: "Browsable API reference", tag: "Platform", public: true }, (c) => c.html(referencePage()));
}
