import "../lambda/secrets.js";
import { RecurringPayments } from "../../core/accounts/recurring-payments.js";

/**
 * Daily at 02:00 UTC (stacks/Cron.ts): raises the recurring payments due
 * today or earlier (London date), each exactly once however often it runs
 * (docs/data-model.md A13; core/accounts/recurring-payments.ts `run`).
 * `date` (YYYY-MM-DD) runs it as of another day: `npm run job --
 * recurring-payments --date 2030-01-31` against the local stack.
 */
export async function handler(event?: { date?: unknown }) {
  const date = typeof event?.date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(event.date) ? event.date : undefined;
  const summary = await RecurringPayments.run(date);
  console.log(JSON.stringify({ level: summary.failed.length ? "warn" : "info", job: "recurring-payments", ...summary, at: new Date().toISOString() }));
  return { ok: summary.failed.length === 0, ...summary };
}
