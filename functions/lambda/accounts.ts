import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { areaRoutes } from "../api.js";
import { createApi } from "../platform/app.js";

/** The accounts area's Lambda: the same app the local server runs, this area only. */
export const handler = handle(createApi([areaRoutes.accounts]));
