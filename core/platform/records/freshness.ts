import { ValidationError } from "../errors.js";

/**
 * Freshness: every save of a record sends the `last_saved` it was loaded
 * with; a save made from an older version is refused (409), so nobody
 * overwrites a change they never saw. A save without it, or with anything
 * but a time, is refused as a bad request (400): it cannot be checked.
 */

/** The freshness window of the spec: saves within 1 second count as current. */
export const FRESHNESS_MS = 1000;

export const LAST_SAVED_MISSING = "This save does not say which version of the record it was made from: reload the record and save again.";
export const LAST_SAVED_ERROR = "Required: the last_saved time of the record as loaded.";

/** The `last_saved` a save sends: an ISO date-time string, else 400 with the field named. */
export function lastSavedOf(body: unknown): string {
  const sent = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>).last_saved : undefined;
  if (typeof sent !== "string" || !/^\d{4}-\d{2}-\d{2}T/.test(sent) || Number.isNaN(Date.parse(sent)))
    throw new ValidationError(LAST_SAVED_MISSING, { last_saved: LAST_SAVED_ERROR });
  return sent;
}

/** Whether a save made from the version saved at `sent` may land on the version saved at `stored`. */
export function isFresh(stored: string | undefined | null, sent: string): boolean {
  if (!stored) return true; // a record saved before it carried last_saved
  const a = Date.parse(stored);
  const b = Date.parse(sent);
  if (Number.isNaN(b)) return false;
  if (a === b) return true;
  // The spec's 1-second window covers clients that send the time without
  // milliseconds; a full-precision timestamp must match exactly, or two
  // saves a moment apart could overwrite each other.
  const truncated = !/\.\d+/.test(sent);
  return truncated && Math.abs(a - b) < FRESHNESS_MS;
}
