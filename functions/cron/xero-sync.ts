import "../lambda/secrets.js";

/**
 * Every 15 minutes (stacks/Cron.ts). The Xero sync arrives with its own
 * issue; until then the job only records that it ran.
 */
export async function handler() {
  console.log(
    JSON.stringify({
      level: "info",
      job: "xero-sync",
      msg: "ran; Xero sync is not implemented yet and arrives with its issue",
      at: new Date().toISOString(),
    }),
  );
  return { ok: true };
}
