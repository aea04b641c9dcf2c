import { Hono } from "hono";
import { handle } from "hono/aws-lambda";
import document from "../platform/openapi.generated.json";
import { referencePage, type OpenApiDoc } from "../platform/reference-page.js";

/**
 * The API reference's Lambda (/api/openapi.json, /api/docs, both public).
 * It serves the document generated from every area's zod route schemas
 * ahead of time (`npm run openapi`, functions/platform/openapi.generated.json;
 * tests/stacks/openapi.test.ts proves it equals the live document the local
 * server composes), so it carries no area's code and no record engine.
 * API Gateway sends it only these two paths.
 */
const app = new Hono().basePath("/api");
app.get("/openapi.json", (c) => c.json(document));
app.get("/docs", (c) => c.html(referencePage(document as OpenApiDoc)));
app.notFound((c) => c.json({ message: "Not found.", errors: {} }, 404));

export const handler = handle(app);
