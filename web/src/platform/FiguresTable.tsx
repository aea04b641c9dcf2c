import { Table, type TableProps } from "@mantine/core";
import type { ReactNode } from "react";

/** A column of a figures table: its heading and its cell; `figure` aligns it right (a column of amounts). */
export type FiguresColumn<T> = { key: string; header: ReactNode; cell: (row: T) => ReactNode; figure?: boolean };

/**
 * The one read-only figures table (issue 23): a heading row and a row an
 * item, nothing to edit. The chart panel's figures (charts/ChartPanel.tsx),
 * a vehicle's income and cost by month (fleet/edit/ProfitSection.tsx) and
 * its odometer readings (fleet/edit/MotHistorySection.tsx) are this table;
 * Mantine's own props (borders, size, width) pass through.
 */
export function FiguresTable<T>({
  label,
  rows,
  rowKey,
  columns,
  ...table
}: {
  /** The table's accessible name. */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  columns: ReadonlyArray<FiguresColumn<T>>;
} & Omit<TableProps, "children" | "aria-label">) {
  return (
    <Table aria-label={label} {...table}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.key} ta={c.figure ? "right" : undefined}>
              {c.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={rowKey(r)}>
            {columns.map((c) => (
              <Table.Td key={c.key} ta={c.figure ? "right" : undefined}>
                {c.cell(r)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
