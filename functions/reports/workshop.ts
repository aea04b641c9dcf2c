import type { Hono } from "hono";
import { WORKSHOP_REPORT_NAMES } from "../areas.js";
import type { AppEnv } from "../platform/app.js";
import { reportDownloadRoutes } from "./serve.js";
import { WORKSHOP_REPORT_CATALOGUE } from "./workshop-catalogue.js";

/**
 * The workshop's reports (part stock, quotes, jobs in and out): `GET report/<name>` and `POST reportexport/<name>` of
 * each, served by the workshopreports Lambda (functions/areas.ts: the exact paths win over the reports Lambda's
 * `report` prefix) and answered as every report is (core/platform/reports.ts). Registered before the reports
 * Lambda's `report/:reportName` where one app serves both (the local server), so these win there too.
 */
export function workshopReportRoutes(app: Hono<AppEnv>) {
  for (const name of WORKSHOP_REPORT_NAMES) reportDownloadRoutes(app, WORKSHOP_REPORT_CATALOGUE, name);
}
