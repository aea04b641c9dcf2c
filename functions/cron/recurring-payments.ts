import "../lambda/secrets.js";

/**
 * Daily at 02:00 UTC (stacks/Cron.ts). Raising the due recurring payments
 * arrives with its own issue; until then the job only records that it ran.
 */
export async function handler() {
  console.log(
    JSON.stringify({
      level: "info",
      job: "recurring-payments",
      msg: "ran; recurring payments are not implemented yet and arrive with their issue",
      at: new Date().toISOString(),
    }),
  );
  return { ok: true };
}
