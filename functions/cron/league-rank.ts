import "../lambda/secrets.js";
import { rerankLeague } from "../../core/fleet/profit.js";

/** Milliseconds between the re-rank's transactions: its writes stay a trickle beside the day's saves. */
const PACE_MS = Number(process.env.LEAGUE_RANK_PACE_MS ?? 20);

/**
 * Nightly at 00:15 UTC (stacks/Cron.ts): the fleet league's utilisation and
 * cost per mile ranked again as of the day (docs/finance.md "Sorted by
 * utilisation and cost per mile"): they move with the calendar, not only
 * with saves. Idempotent (a day already ranked writes nothing), resumable
 * (a run that stops resumes at its cursor). `date` (YYYY-MM-DD) runs it as
 * of another day: `npm run job -- league-rank --date 2030-01-31`.
 */
export async function handler(event?: { date?: unknown }) {
  const date = typeof event?.date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(event.date) ? event.date : undefined;
  const run = await rerankLeague(date, { pace: PACE_MS });
  console.log(JSON.stringify({ level: "info", job: "league-rank", ...run, at: new Date().toISOString() }));
  return { ok: true, ...run };
}
