// The `last_saved` check a save must pass (to the millisecond): 400 without it, 409 when stale.
import { ValidationError } from "../errors.js";

/**
 * Freshness: every save of a record sends the `last_saved` it was loaded
 * with; a save made from an older version is refused (409), so nobody
 * overwrites a change they never saw. A save without it, or with anything
 * but a time, is refused as a bad request (400): it cannot be checked.
 */

export const LAST_SAVED_MISSING = "This save does not say which version of the record it was made from: reload the record and save again.";
export const LAST_SAVED_ERROR = "Required: the last_saved time of the record as loaded.";

/** The `last_saved` a save sends: an ISO date-time string, else 400 with the field named. */
export function lastSavedOf(body: unknown): string {
  const sent = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>).last_saved : undefined;
  if (typeof sent !== "string" || !/^\d{4}-\d{2}-\d{2}T/.test(sent) || Number.isNaN(Date.parse(sent)))
    throw new ValidationError(LAST_SAVED_MISSING, { last_saved: LAST_SAVED_ERROR });
  return sent;
}

/**
 * Whether a save made from the version saved at `sent` may land on the
 * version saved at `stored`: the two name the same instant, to the
 * millisecond (docs/decisions.md "Freshness"). Every answer gives
 * `last_saved` with milliseconds and every screen sends back what it got;
 * a time sent without them matches only a version saved at .000, never a
 * later save within the same second (the spec's 1-second window let a save
 * made 0.1 s later be overwritten).
 */
export function isFresh(stored: string | undefined | null, sent: string): boolean {
  if (!stored) return true; // a record saved before it carried last_saved
  const b = Date.parse(sent);
  if (Number.isNaN(b)) return false;
  return Date.parse(stored) === b;
}
