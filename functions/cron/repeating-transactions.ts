import "../lambda/secrets.js";
import { Transactions } from "../../core/accounts/transactions.js";
import { todayInLondon } from "../../core/platform/dates.js";

/**
 * Daily at 02:30 UTC (stacks/Cron.ts): the repeating transactions (003 §2
 * Income and Expenses; A13) get their transactions of every date due by
 * today in London, each exactly once (core/accounts/transactions.ts
 * `runRepeating`: a claim per template and date), however often it runs.
 * `event.date` (YYYY-MM-DD) runs it as of another day.
 */
export async function handler(event?: { date?: string }) {
  const date = event?.date && /^\d{4}-\d{2}-\d{2}$/.test(event.date) ? event.date : todayInLondon();
  const result = await Transactions.runRepeating(date);
  console.log(JSON.stringify({ level: "info", job: "repeating-transactions", date, ...result, at: new Date().toISOString() }));
  return { ok: true, date, ...result };
}
