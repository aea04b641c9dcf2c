import { FINANCE_REPORTS } from "../agreements/reports.js";
import { paymentTypeReport } from "./payment-reports.js";
import { contactReport } from "../contacts/reports.js";
import { complianceReport, inspectionReport, vehicleReport } from "../fleet/reports.js";
import type { ReportCatalogue, ReportDefinition } from "../platform/reports.js";
import { partLookupReport, quoteReport } from "../workshop/reports.js";

/**
 * Every report of 003 §7 `GET report/{name}`, by name: each area declares
 * its own (core/<area>/reports.ts) and the report mechanism
 * (core/platform/reports.ts) writes them. docs/reports.md lists their columns.
 */
const ALL: ReportDefinition[] = [...FINANCE_REPORTS, inspectionReport, vehicleReport, complianceReport, partLookupReport, contactReport, quoteReport, paymentTypeReport];

export const REPORT_CATALOGUE: ReportCatalogue = Object.fromEntries(ALL.map((r) => [r.name, r]));
export const REPORT_NAMES = ALL.map((r) => r.name);
