import Papa from "papaparse";

/**
 * The one way the product writes CSV (reports, the CAP template, any later
 * export). Cells are written as given, except text a spreadsheet would run
 * as a formula: a cell starting with = + - @, a tab or a carriage return
 * gets a leading apostrophe, so Excel, LibreOffice and Google Sheets show it
 * as text (OWASP "CSV injection"). A make of `=HYPERLINK(...)` arrives as
 * `'=HYPERLINK(...)`.
 *
 * Plain numbers stay numbers: a number, or text that is only a number
 * (`-12.50`, `+3`), is written unchanged, so credits and negative figures
 * in money columns still add up in a spreadsheet. Only a whole-cell number
 * counts: `-1+2` or `-2+3+cmd|...` is neutralised.
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d+)?|\.\d+)$/;

/** Would a spreadsheet treat this cell as a formula? */
export function isFormulaLike(cell: CsvCell): boolean {
  return typeof cell === "string" && FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell);
}

/** A cell as it is written: formula-like text neutralised, everything else as given. */
export function safeCell(cell: CsvCell): CsvCell {
  return isFormulaLike(cell) ? `'${cell}` : cell;
}

/** CSV text (CRLF line ends) of a header row and data rows, every cell made safe. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return Papa.unparse(
    { fields: header.map((h) => String(safeCell(h))), data: rows.map((r) => r.map(safeCell)) },
    { newline: "\r\n" },
  );
}

/** CSV text of further data rows (no header), for a report written a chunk at a time; each line ends CRLF. */
export function csvRows(rows: readonly (readonly CsvCell[])[]): string {
  if (!rows.length) return "";
  return `${Papa.unparse(rows.map((r) => r.map(safeCell)), { newline: "\r\n" })}\r\n`;
}
