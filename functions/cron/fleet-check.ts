import "../lambda/secrets.js";
import { runFleetCheck } from "../../core/fleet/compliance.js";

/**
 * Nightly at 03:00 UTC (stacks/Cron.ts): one run of the fleet check
 * (docs/compliance.md): active fleet vehicles read from the DVLA and the
 * DVSA from where the last run stopped, within the services' limits, their
 * new MOT tests stored and compliance warnings recorded once each. `date`
 * (YYYY-MM-DD) runs it as of another day: `npm run job -- fleet-check
 * --date 2030-01-31`. Without the DVLA and DVSA keys it reads nothing and
 * says so.
 */
export async function handler(event?: { date?: unknown }) {
  const date = typeof event?.date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(event.date) ? event.date : undefined;
  const run = await runFleetCheck({ date });
  console.log(
    JSON.stringify({
      level: run.stopped === "rate-limited" || run.stopped === "unavailable" ? "warn" : "info",
      job: "fleet-check",
      date: run.run_date,
      checked: run.checked,
      recorded: run.recorded,
      tests_stored: run.tests_stored,
      pass_done: run.pass_done,
      stopped: run.stopped,
      message: run.message,
      at: new Date().toISOString(),
    }),
  );
  // A stop for the services' limits is not a failure: the next run resumes.
  return { ok: true, ...run };
}
