/**
 * `npm run job -- <name> [--date YYYY-MM-DD]`: runs a scheduled job's own
 * Lambda handler against the local stack `npm start` is running (its
 * DynamoDB Local on PORT+1000; PORT, DYNAMODB_PORT and TABLE_NAME as for
 * `npm start`). `--date` runs it as of another day.
 *
 *   npm run job -- recurring-payments
 *   npm run job -- recurring-payments --date 2030-01-31
 *   npm run job -- hire-invoices [--date 2030-01-31]
 *   npm run job -- xero-sync
 *   npm run job -- fleet-check [--date 2030-01-31]   (DVLA and DVSA re-read, compliance warnings recorded: docs/compliance.md)
 *   npm run job -- reconcile     (lists every document whose figures disagree; exit 1 when any: docs/accounts.md "Reconciliation")
 *   npm run job -- profit-rebuild  (every vehicle's kept figures written again from its records: docs/finance.md "Vehicle profit line")
 *   npm run job -- league-rank [--date 2030-01-31]  (the league's utilisation and cost per mile ranked as of the day: docs/finance.md)
 */
import { localHost, urlHost } from "../functions/local/dynamodb-local.js";

const JOBS = {
  "recurring-payments": async (date?: string) => (await import("../functions/cron/recurring-payments.js")).handler({ date }),
  "hire-invoices": async (date?: string) => (await import("../functions/cron/hire-invoices.js")).handler({ date }),
  // Sends the due Xero push items (XERO_CLIENT_ID / XERO_CLIENT_SECRET, and XERO_API_URL / XERO_TOKEN_URL for a fake Xero, from the environment).
  "xero-sync": async () => (await import("../functions/cron/xero-sync.js")).handler(),
  // DVLA_API_KEY, DVSA_* (and DVLA_VES_URL, DVSA_TOKEN_URL, DVSA_MOT_URL) from the environment; without them it reads nothing and says so.
  "fleet-check": async (date?: string) => (await import("../functions/cron/fleet-check.js")).handler({ date }),
  // Read-only: every invoice, credit note, payment, invoiced work item and Xero outbox document checked against its lines, credits, payments and Xero body.
  reconcile: async () => (await import("../functions/cron/reconcile.js")).handler(),
  // The vehicle figures' backfill (issue 27): run while nobody saves.
  "profit-rebuild": async () => (await import("../functions/cron/profit-rebuild.js")).handler(),
  // The league's nightly re-rank of what the calendar moves (issue 27).
  "league-rank": async (date?: string) => (await import("../functions/cron/league-rank.js")).handler({ date }),
} as const;

const [name, ...rest] = process.argv.slice(2);
const at = rest.indexOf("--date");
const date = at >= 0 ? rest[at + 1] : undefined;
if (!name || !(name in JOBS)) {
  console.error(`Usage: npm run job -- <${Object.keys(JOBS).join("|")}> [--date YYYY-MM-DD]`);
  process.exit(2);
}
if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
  console.error("--date must be YYYY-MM-DD");
  process.exit(2);
}
const port = Number(process.env.PORT ?? 3000);
process.env.DYNAMODB_ENDPOINT ??= `http://${urlHost(localHost())}:${process.env.DYNAMODB_PORT ?? port + 1000}`;
process.env.TABLE_NAME ??= "backoffice";

const result = await JOBS[name as keyof typeof JOBS](date);
process.exit(result.ok ? 0 : 1);
