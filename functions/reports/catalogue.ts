import { FINANCE_REPORTS } from "../../core/fleet/agreement-reports.js";
import { paymentTypeReport } from "../../core/accounts/payment-reports.js";
import { contactReport } from "../../core/accounts/contact-reports.js";
import { complianceReport, inspectionReport, vehicleReport } from "../../core/fleet/reports.js";
import { fleetLeagueReport } from "../../core/fleet/profit-report.js";
import type { ReportCatalogue, ReportDefinition } from "../../core/platform/reports.js";
import { weeklyHireReport } from "../../core/hire/reports.js";
import { WORKSHOP_REPORT_NAMES } from "../areas.js";

/**
 * The reports of 003 §7 `GET report/{name}` the reports Lambda serves, by
 * name: each area declares its own (core/<area>/reports.ts) and the report
 * mechanism (core/platform/reports.ts) writes them. The workshop's are
 * served apart (functions/reports/workshop-catalogue.ts); docs/reports.md
 * lists every report's columns.
 */
const ALL: ReportDefinition[] = [...FINANCE_REPORTS, inspectionReport, vehicleReport, complianceReport, contactReport, paymentTypeReport, weeklyHireReport, fleetLeagueReport];

export const REPORT_CATALOGUE: ReportCatalogue = Object.fromEntries(ALL.map((r) => [r.name, r]));
/** Every report's name, the workshop's too (the API reference lists them under `GET report/{reportName}`). */
export const REPORT_NAMES: readonly string[] = [...ALL.map((r) => r.name), ...WORKSHOP_REPORT_NAMES];
