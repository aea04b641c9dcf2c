import { useLayoutEffect, useState } from "react";

/** Which columns stay in view while a wide table scrolls sideways in its own box: the first `start` and the last `end`. */
export type PinnedColumns = { start?: number; end?: number };

/**
 * Key columns pinned (issue 24 item 7, docs/layout.md): a table wider than
 * the window scrolls inside its own box (Table.ScrollContainer), and its
 * first `start` columns (what identifies the row) and last `end` columns
 * (its actions: Remove, Print) stay in view with `position: sticky`. The
 * offsets are measured from the header row, so several columns pin side by
 * side; rows spanning the whole table (empty, error) are left alone.
 * Returns the ref to put on the <table> (a callback ref: a list shows its
 * Loading state first, and its table mounts later).
 */
export function usePinnedColumns(pin: PinnedColumns | undefined) {
  const [table, ref] = useState<HTMLTableElement | null>(null);
  const start = pin?.start ?? 0;
  const end = pin?.end ?? 0;
  useLayoutEffect(() => {
    if (!table || (start === 0 && end === 0)) return;
    const apply = () => {
      const head = table.tHead?.rows[0];
      if (!head) return;
      const widths = Array.from(head.cells).map((c) => c.getBoundingClientRect().width);
      const n = widths.length;
      const lefts = widths.slice(0, start).map((_, i) => widths.slice(0, i).reduce((a, b) => a + b, 0));
      const rights = widths.slice(n - end).map((_, i, tail) => tail.slice(i + 1).reduce((a, b) => a + b, 0));
      for (const row of Array.from(table.rows)) {
        if (row.cells.length !== n) continue;
        Array.from(row.cells).forEach((cell, i) => {
          const s = cell.style;
          if (i < start) {
            s.position = "sticky";
            s.left = `${lefts[i]}px`;
            cell.dataset.pinned = i === start - 1 ? "start-edge" : "start";
          } else if (i >= n - end) {
            s.position = "sticky";
            s.right = `${rights[i - (n - end)]}px`;
            cell.dataset.pinned = i === n - end ? "end-edge" : "end";
          }
        });
      }
    };
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(table);
    const rows = new MutationObserver(apply);
    rows.observe(table, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      rows.disconnect();
    };
  }, [table, start, end]);
  return ref;
}
