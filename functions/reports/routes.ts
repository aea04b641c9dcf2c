import type { Hono } from "hono";
import type { AppEnv } from "../platform/app.js";
import { generalReportRoutes } from "./general.js";
import { workshopReportRoutes } from "./workshop.js";

/**
 * The reports area as the local server composes it: the workshop's reports first (their own paths win over
 * `report/:reportName`), then every other report, the export runs and the fleet league. Its Lambdas serve the two
 * apart (functions/areas.ts "reports"; docs/performance.md "Bundles").
 */
export function reportsRoutes(app: Hono<AppEnv>) {
  workshopReportRoutes(app);
  generalReportRoutes(app);
}
