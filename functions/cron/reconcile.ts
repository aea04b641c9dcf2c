import "../lambda/secrets.js";
import { reconcile } from "../../core/accounts/reconcile.js";

/**
 * The reconciliation check (docs/accounts.md "Reconciliation";
 * core/accounts/reconcile.ts): `npm run job -- reconcile` against the local
 * stack. Prints every difference (one line each) and a summary; `ok` is
 * false when any is found, so the job exits non-zero.
 */
export async function handler() {
  const { checked, differences } = await reconcile();
  for (const d of differences) console.log(`DIFFERENCE ${d.check} ${d.document} ${d.id}: ${d.message}`);
  console.log(JSON.stringify({ level: differences.length ? "warn" : "info", job: "reconcile", checked, differences: differences.length, at: new Date().toISOString() }));
  return { ok: differences.length === 0, checked, differences };
}
