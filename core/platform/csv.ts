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
 *
 * Written here rather than with papaparse's `unparse` (the CAP upload still
 * reads with papaparse): the same output, cell for cell (tests/unit/csv.test.ts),
 * without 21 kB in the reports Lambda (docs/performance.md "Bundles").
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

/** A cell quoted as RFC 4180 (and papaparse) quote it: when it holds a comma, a quote, a line break or a byte-order mark, or starts or ends with a space. */
const NEEDS_QUOTES = /[\r\n",\uFEFF]|^ | $/;

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return "";
  const text = String(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of safe cells, `width` of them (a header's); an empty row is an empty line. */
function line(cells: readonly CsvCell[], width = cells.length): string {
  if (!cells.length) return "";
  return Array.from({ length: width }, (_, i) => cellText(safeCell(cells[i]))).join(",");
}

/** CSV text (CRLF line ends) of a header row and data rows, every cell made safe. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  if (!header.length) return rows.map((r) => line(r)).join("\r\n");
  // A header alone ends with its line break, as papaparse wrote it.
  if (!rows.length) return `${line(header)}\r\n`;
  return [line(header), ...rows.map((r) => line(r, header.length))].join("\r\n");
}

/** CSV text of further data rows (no header), for a report written a chunk at a time; each line ends CRLF. */
export function csvRows(rows: readonly (readonly CsvCell[])[]): string {
  if (!rows.length) return "";
  return `${rows.map((r) => line(r)).join("\r\n")}\r\n`;
}
