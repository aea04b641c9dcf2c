import { useCallback, useMemo, useState } from "react";
import type { ApiRecord } from "../api";
import { useUnsavedChanges } from "./unsaved";

/** One row of a child collection as the screen holds it: the server's line, or a new one (no id yet). */
export type ChildRow = Record<string, unknown> & { id?: number; last_saved?: string };

type Rows = Record<string, ChildRow[]>;

const rowsOf = (names: string[], record: ApiRecord | null | undefined): Rows =>
  Object.fromEntries(names.map((n) => [n, ((record?.[n] as ChildRow[] | undefined) ?? []).map((r) => ({ ...r }))]));

/**
 * The child rows of a parent with lines (core/platform/lines.ts: a
 * vehicle's agreements and inspections; job cards' work items and parts,
 * quotes', part orders' and invoices' lines), held in the same form state
 * as its fields: edits make the form dirty (the unsaved-changes guard),
 * the rows go in the save's body, and a save's answer becomes the new
 * baseline, so rows saved once carry their ids and are never sent as new
 * again. Used through `useRecordEditor({ lines: [...] })`.
 */
export function useChildRows(names: string[], record: ApiRecord | null) {
  const [rows, setRows] = useState<Rows>(() => rowsOf(names, record));
  const [baseline, setBaseline] = useState<Rows>(rows);

  const dirty = useMemo(() => names.some((n) => JSON.stringify(rows[n] ?? []) !== JSON.stringify(baseline[n] ?? [])), [names, rows, baseline]);
  useUnsavedChanges(dirty);

  /** The rows of one collection. */
  const get = useCallback((name: string) => rows[name] ?? [], [rows]);

  /** Replace the rows of one collection (add, change, remove a row). */
  const set = useCallback((name: string, next: ChildRow[]) => setRows((prev) => ({ ...prev, [name]: next })), []);

  /** Take the rows of a saved (or freshly loaded) parent as they are and as the baseline. */
  const reset = useCallback(
    (saved: ApiRecord | null | undefined) => {
      const next = rowsOf(names, saved);
      setRows(next);
      setBaseline(next);
    },
    [names],
  );

  /** Every collection, for the save's body. */
  const payload = useCallback(() => rows, [rows]);

  return { get, set, reset, payload, dirty };
}

export type ChildRows = ReturnType<typeof useChildRows>;
