import type { Hono } from "hono";
import * as z from "zod";
import type { AppEnv } from "./app.js";
import { referencePage, type OpenApiDoc } from "./reference-page.js";
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

/**
 * The API reference calls. The document lists the routes registered in the
 * same app, so it is served live by an app that composes every area (the
 * local server, the API tests). On AWS the docs Lambda serves the same
 * document built ahead (functions/platform/openapi.generated.json, written
 * by `npm run openapi`; tests/stacks/openapi.test.ts proves it equals this
 * one), so it carries no area's code.
 */
export function docsRoutes(app: Hono<AppEnv>) {
  route(app, { method: "get", path: "/openapi.json", summary: "This API as OpenAPI 3.1", tag: "Platform", public: true }, () => openApiDocument());
  route(app, { method: "get", path: "/docs", summary: "Browsable API reference", tag: "Platform", public: true }, (c) => c.html(referencePage(openApiDocument() as OpenApiDoc)));
}
