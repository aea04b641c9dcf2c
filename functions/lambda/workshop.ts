import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { workshopRoutes } from "../workshop/routes.js";
import { createApi } from "../platform/app.js";

/**
 * The workshop area's Lambda (job cards): the same app the local server runs, with this area's
 * routes only, so its bundle carries this area's code and the platform's.
 */
export const handler = handle(createApi([workshopRoutes]));
