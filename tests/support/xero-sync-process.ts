/**
 * One `xero-sync` process for tests/api/xero-budget.test.ts: what the
 * scheduled Lambda and `npm run job -- xero-sync` run, in a process of its
 * own (its own in-memory limits, token and tenant), against the table and
 * fake Xero named by the environment. Prints the run's result as JSON.
 */
import "../../core/accounts/xero-documents.js";
import { runSync } from "../../core/accounts/xero-sync.js";

const result = await runSync();
process.stdout.write(JSON.stringify(result) + "\n");
process.exit(0);
