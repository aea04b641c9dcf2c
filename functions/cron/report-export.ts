import "../lambda/secrets.js";
import { REPORT_CATALOGUE } from "../reports/catalogue.js";
import { WORKSHOP_REPORT_CATALOGUE } from "../reports/workshop-catalogue.js";
import { runReportExport } from "../../core/platform/reports.js";

/** A new export item from the table's stream (only `reportexport` INSERTs reach here: stacks/Cron.ts). */
type StreamEvent = { Records?: Array<{ eventName?: string; dynamodb?: { NewImage?: { id?: { S?: string } } } }> };

/** Every report, both request Lambdas' catalogues: this Lambda serves no request, so it may carry them all. */
const EVERY_REPORT = { ...REPORT_CATALOGUE, ...WORKSHOP_REPORT_CATALOGUE };

/**
 * The report Lambda (up to 15 minutes): prepares each export it is handed,
 * the same run the local server does in its own process.
 */
export async function handler(event: StreamEvent) {
  for (const record of event.Records ?? []) {
    const id = record.dynamodb?.NewImage?.id?.S;
    if (record.eventName === "INSERT" && id) await runReportExport(EVERY_REPORT, id);
  }
  return { ok: true };
}
