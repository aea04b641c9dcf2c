// Compliance warnings' lists and their resolved state (docs/compliance.md "Resolving a warning"): pure, also used by the SPA.
import type { WarningKind } from "./registration-rules.js";

/** The messages of a resolve or reopen refused (400). */
export const RESOLVE_MESSAGES = {
  resolved: "This warning is already resolved",
  open: "This warning is not resolved",
  note: "A note is at most 500 characters",
} as const;

export const RESOLUTION_NOTE_MAX = 500;

/** What a warning carries that decides its lists. */
export type WarningPlace = { vehicle: number; kind: WarningKind; date: string; department?: number | null; resolved_at?: string | null };

/**
 * The lists a warning is in, each by date: every warning in `all`, its
 * vehicle's, its kind's and its department's (and the department's of its
 * kind); an open one (not resolved) in the same lists again under `open#`,
 * which the page reads by default. Resolving moves it out of the `open#`
 * lists in the save's own transaction.
 */
export function warningLists(r: WarningPlace): Array<{ list: string; sort: string }> {
  const scopes = r.resolved_at ? [""] : ["", "open#"];
  return scopes.flatMap((p) => [
    { list: p ? "open" : "all", sort: r.date },
    { list: `${p}veh#${r.vehicle}`, sort: r.date },
    { list: `${p}kind#${r.kind}`, sort: r.date },
    ...(r.department ? [{ list: `${p}dept#${r.department}`, sort: r.date }, { list: `${p}dept#${r.department}#kind#${r.kind}`, sort: r.date }] : []),
  ]);
}

/** Which one list answers a query: a vehicle's (the vehicle screen), else a department's and/or a kind's; open ones unless `resolved` (Show resolved: every warning). */
export function warningListOf(q: { vehicle?: number; department?: number; kind?: WarningKind; resolved?: boolean }): string {
  const p = q.resolved ? "" : "open#";
  if (q.vehicle) return `${p}veh#${q.vehicle}`;
  if (q.department && q.kind) return `${p}dept#${q.department}#kind#${q.kind}`;
  if (q.department) return `${p}dept#${q.department}`;
  if (q.kind) return `${p}kind#${q.kind}`;
  return q.resolved ? "all" : "open";
}

export type Resolution = { resolved_at: string | null; resolved_by: string | null; resolution_note: string | null };

/**
 * A warning marked resolved (who, when, an optional note) or reopened; the
 * message when the warning is already in that state. The claim on its
 * vehicle, kind and subject stays either way, so the fleet check never
 * records the same warning again; a new subject (a later MOT expiry) is a
 * new warning.
 */
export function resolutionOf(current: { resolved_at?: string | null }, want: { resolved: boolean; note?: string | null }, actor: string, now: string): Resolution | { refused: string } {
  const note = want.note?.trim() || null;
  if (note && note.length > RESOLUTION_NOTE_MAX) return { refused: RESOLVE_MESSAGES.note };
  if (want.resolved) return current.resolved_at ? { refused: RESOLVE_MESSAGES.resolved } : { resolved_at: now, resolved_by: actor, resolution_note: note };
  return current.resolved_at ? { resolved_at: null, resolved_by: null, resolution_note: null } : { refused: RESOLVE_MESSAGES.open };
}
