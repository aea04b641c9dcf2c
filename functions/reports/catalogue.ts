// The workshop report modules carry the quotes' service, whose part approval reads the Xero push accounts offers it
// (core/workshop/offers.ts); no workshop service here raises an invoice.
import "../../core/accounts/parts-offers.js";
import { FINANCE_REPORTS } from "../../core/fleet/agreement-reports.js";
import { paymentTypeReport } from "../../core/accounts/payment-reports.js";
import { contactReport } from "../../core/accounts/contact-reports.js";
import { complianceReport, inspectionReport, vehicleReport } from "../../core/fleet/reports.js";
import { fleetLeagueReport } from "../../core/fleet/profit-report.js";
import type { ReportCatalogue, ReportDefinition } from "../../core/platform/reports.js";
import { jobFlowReport, partLookupReport, quoteReport } from "../../core/workshop/reports.js";
import { weeklyHireReport } from "../../core/hire/reports.js";

/**
 * Every report of 003 §7 `GET report/{name}`, by name: each area declares
 * its own (core/<area>/reports.ts) and the report mechanism
 * (core/platform/reports.ts) writes them. docs/reports.md lists their columns.
 */
const ALL: ReportDefinition[] = [...FINANCE_REPORTS, inspectionReport, vehicleReport, complianceReport, partLookupReport, contactReport, quoteReport, paymentTypeReport, weeklyHireReport, jobFlowReport, fleetLeagueReport];

export const REPORT_CATALOGUE: ReportCatalogue = Object.fromEntries(ALL.map((r) => [r.name, r]));
export const REPORT_NAMES = ALL.map((r) => r.name);
