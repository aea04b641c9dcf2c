// The quote report presents quotes through the quotes' service, whose part approval reads the Xero push accounts
// offers it (core/workshop/offers.ts); no workshop service here raises an invoice.
import "../../core/accounts/parts-offers.js";
import type { ReportCatalogue } from "../../core/platform/reports.js";
import { jobFlowReport, partLookupReport, quoteReport } from "../../core/workshop/reports.js";

/**
 * The workshop's reports (core/workshop/reports.ts), served by the workshopreports Lambda (functions/areas.ts
 * WORKSHOP_REPORT_NAMES, the same names: tests/stacks/bundles.test.ts) so the reports Lambda carries no workshop code.
 */
export const WORKSHOP_REPORT_CATALOGUE: ReportCatalogue = Object.fromEntries([partLookupReport, quoteReport, jobFlowReport].map((r) => [r.name, r]));
