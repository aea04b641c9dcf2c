import "../lambda/secrets.js";
import { HireInvoices } from "../../core/accounts/hire-invoices.js";

/**
 * Daily at 01:30 UTC (stacks/Cron.ts): raises the HIRE invoices of the
 * rental periods started today or earlier (London date), each period once
 * however often it runs (docs/accounts.md "Hire invoices";
 * core/accounts/hire-invoices.ts). `date` (YYYY-MM-DD) runs it as of another
 * day: `npm run job -- hire-invoices --date 2030-01-31` against the local stack.
 */
export async function handler(event?: { date?: unknown }) {
  const date = typeof event?.date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(event.date) ? event.date : undefined;
  const summary = await HireInvoices.run(date);
  console.log(JSON.stringify({ level: summary.failed.length ? "warn" : "info", job: "hire-invoices", ...summary, at: new Date().toISOString() }));
  return { ok: summary.failed.length === 0, ...summary };
}
