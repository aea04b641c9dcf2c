import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { createFullApi } from "../api.js";

/**
 * The API reference's Lambda (/api/openapi.json, /api/docs). The document
 * is generated from the routes registered in the app, so this one app
 * composes every area, as the local server does; API Gateway sends it only
 * the reference's two paths.
 */
export const handler = handle(createFullApi());
