import "../lambda/secrets.js";
import { runSync } from "../../core/accounts/xero-sync.js";
import "../../core/accounts/xero-documents.js"; // the documents' bodies (invoices, credits, work, parts)
import "../../core/accounts/xero-payments.js"; // the payments' bodies (issue 22)

/**
 * Every 15 minutes (stacks/Cron.ts): one run of the Xero sync (docs/xero.md
 * "Runner"): due push items claimed, sent, their outcomes recorded. Without
 * XERO_CLIENT_ID / XERO_CLIENT_SECRET nothing is claimed and the queue waits.
 */
export async function handler() {
  const result = await runSync();
  console.log(
    JSON.stringify({
      level: result.failed ? "warn" : "info",
      job: "xero-sync",
      msg: result.connected ? "ran" : "Xero is not connected: the queue waits",
      connected: result.connected,
      sent: result.sent,
      failed: result.failed,
      waiting: result.waiting,
      at: new Date().toISOString(),
    }),
  );
  return { ok: true, ...result };
}
