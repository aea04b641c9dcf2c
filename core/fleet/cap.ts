import Papa from "papaparse";
import { toCsv } from "../platform/csv.js";
import { todayInLondon } from "../platform/dates.js";
import { ValidationError } from "../platform/errors.js";
import { LIMITS } from "../platform/limits.js";
import { money, pounds } from "../platform/money.js";
import { MESSAGES, compactRegistration } from "./rules.js";

/** What a CAP upload did (POST vehiclescap), row by row for the rejected ones. */
export type CapUploadReport = {
  rows: number;
  matched: number;
  updated: number;
  unchanged: number;
  rejected: Array<{ row: number; registration: string; reason: string }>;
};

/**
 * CAP valuation upload (000 §2 list screen, §7 POST vehiclescap): the CSV
 * a member of staff uploads on the vehicle list, parsed into one result
 * per data row. Pure: no reads, no writes; the service matches the rows to
 * vehicles and saves them. The format is documented in docs/cap-upload.md.
 */

/** The header, in the order the template gives it. */
export const CAP_COLUMNS = ["registration", "cap_retail", "cap_clean", "cap_average", "cap_below", "cap_date"] as const;
export const CAP_MONEY_FIELDS = ["cap_retail", "cap_clean", "cap_average", "cap_below"] as const;
/** At most this many data rows in one file. */
export const CAP_MAX_ROWS = 5000;

export type CapMoneyField = (typeof CAP_MONEY_FIELDS)[number];
export type CapValues = Record<CapMoneyField, number> & { cap_date: string };

/** One data row: `row` is its line in the file as a spreadsheet numbers it (the header is row 1). */
export type CapRowResult =
  | { ok: true; row: number; registration: string; /** compact, upper-case: the vehicle's unique claim */ key: string; values: CapValues }
  | { ok: false; row: number; registration: string; reason: string };


const LABELS: Record<CapMoneyField, string> = {
  cap_retail: "CAP retail",
  cap_clean: "CAP clean",
  cap_average: "CAP average",
  cap_below: "CAP below",
};

/**
 * A money cell: pounds, up to 2 decimal places, not negative and at most
 * £10,000,000 (the bound of every money field, docs/decisions.md); '£',
 * ',' and spaces are tolerated ("£12,345.50"). Never through binary
 * floats: checked as text, then a decimal rounded to pence.
 */
export function capMoney(raw: unknown): { value: number } | { error: string } {
  const s = String(raw ?? "")
    .replace(/[£,\s]/g, "")
    .trim();
  if (s === "") return { error: "is missing" };
  if (/^-/.test(s)) return { error: "must not be negative" };
  if (!/^\+?(\d+(\.\d*)?|\.\d+)$/.test(s)) return { error: `is not an amount in pounds ("${String(raw).trim()}")` };
  const decimals = s.includes(".") ? s.split(".")[1].length : 0;
  if (decimals > 2) return { error: `has more than 2 decimal places ("${String(raw).trim()}")` };
  const amount = money(s.replace(/^\+/, "").replace(/\.$/, ""));
  if (amount.gt(LIMITS.money)) return { error: `is more than £${LIMITS.money.toLocaleString("en-GB")} ("${String(raw).trim()}")` };
  return { value: pounds(amount) };
}

/** A date cell: ISO YYYY-MM-DD or DD/MM/YYYY (day and month may be one digit); empty means today in London. */
export function capDate(raw: unknown, today: string = todayInLondon()): { value: string } | { error: string } {
  const s = String(raw ?? "").trim();
  if (s === "") return { value: today };
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s))) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return { error: `CAP date "${s}" is not a date: use YYYY-MM-DD or DD/MM/YYYY` };
  const check = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d)
    return { error: `CAP date "${s}" is not a real date` };
  return { value: `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}` };
}

/**
 * The text of an uploaded file: UTF-8 (with or without BOM), else
 * Windows-1252, which is what Excel's plain "CSV (Comma delimited)" writes
 * (its '£' is the single byte A3).
 */
export function decodeCapFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

const headerName = (h: string) => h.replace(/^\uFEFF/, "").trim().toLowerCase();

/**
 * Parse a CAP file. A file that cannot be read as the CAP format at all
 * (empty, not text, wrong header, no data rows, more than 5,000 rows) is
 * a ValidationError (400) and nothing is applied; otherwise every data row
 * gets a result, rejected rows with their reason. Blank lines are skipped;
 * rows are numbered by their line in the file (header = row 1).
 * A registration given again later in the file is rejected (the first wins).
 */
export function parseCapCsv(text: string, today: string = todayInLondon()): CapRowResult[] {
  function fail(detail: string): never {
    // 000 §8: the message exactly; what was wrong in errors.file.
    throw new ValidationError(MESSAGES.capUploadFailed, { file: detail });
  }
  if (typeof text !== "string" || text.replace(/^\uFEFF/, "").trim() === "") fail("the file is empty");
  // Binary files (.xlsx, images, PDFs) carry NUL bytes.
  if (text.includes("\u0000")) fail("the file is not a CSV text file (save the spreadsheet as CSV)");

  // Blank lines are kept by the parser and skipped here, so a row's number is its line in the file.
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: false, delimiter: "," });
  const records = parsed.data
    .map((cells, i) => ({ cells, row: i + 1 }))
    .filter((r) => r.cells.some((c) => String(c ?? "").trim() !== ""));
  if (!records.length) fail("the file is empty");
  const header = records[0].cells.map(headerName);
  const missing = CAP_COLUMNS.filter((c) => !header.includes(c));
  const unexpected = header.filter((h) => !(CAP_COLUMNS as readonly string[]).includes(h));
  const repeated = header.filter((h, i) => header.indexOf(h) !== i);
  if (missing.length || unexpected.length || repeated.length) {
    const parts = [
      ...(missing.length ? [`missing ${missing.join(", ")}`] : []),
      ...(unexpected.length ? [`unexpected ${unexpected.map((u) => (u === "" ? "(blank)" : u)).join(", ")}`] : []),
      ...(repeated.length ? [`repeated ${[...new Set(repeated)].join(", ")}`] : []),
    ];
    fail(`the first line must be the header ${CAP_COLUMNS.join(",")} (${parts.join("; ")})`);
  }
  const data = records.slice(1);
  if (!data.length) fail("the file has a header but no rows");
  if (data.length > CAP_MAX_ROWS) fail(`the file has ${data.length.toLocaleString("en-GB")} rows; at most ${CAP_MAX_ROWS.toLocaleString("en-GB")} can be uploaded at once`);

  const col = Object.fromEntries(CAP_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<(typeof CAP_COLUMNS)[number], number>;
  const firstRowOf = new Map<string, number>();
  const out: CapRowResult[] = [];
  for (const { cells, row } of data) {
    const registration = String(cells[col.registration] ?? "").trim().toUpperCase();
    const reject = (reason: string) => void out.push({ ok: false, row, registration, reason });
    if (cells.length !== header.length) {
      reject(`Expected ${header.length} values, found ${cells.length}`);
      continue;
    }
    const key = compactRegistration(registration);
    if (!key) {
      reject("Registration is missing");
      continue;
    }
    const errors: string[] = [];
    const values: Partial<CapValues> = {};
    for (const f of CAP_MONEY_FIELDS) {
      const v = capMoney(cells[col[f]]);
      if ("error" in v) errors.push(`${LABELS[f]} ${v.error}`);
      else values[f] = v.value;
    }
    const date = capDate(cells[col.cap_date], today);
    if ("error" in date) errors.push(date.error);
    else values.cap_date = date.value;
    if (errors.length) {
      reject(errors.join("; "));
      continue;
    }
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      reject(`Registration already given on row ${first}`);
      continue;
    }
    firstRowOf.set(key, row);
    out.push({ ok: true, row, registration, key, values: values as CapValues });
  }
  return out;
}

/** The fields an upload row changes on a vehicle, or null when it holds those values already. */
export function capChanges(current: Record<string, unknown>, values: CapValues): Partial<CapValues> | null {
  const changes: Partial<CapValues> = {};
  for (const f of CAP_MONEY_FIELDS) {
    const was = current[f];
    const same = was !== null && was !== undefined && was !== "" && money(String(was)).eq(values[f]);
    if (!same) changes[f] = values[f];
  }
  if (String(current.cap_date ?? "").slice(0, 10) !== values.cap_date) changes.cap_date = values.cap_date;
  return Object.keys(changes).length ? changes : null;
}

/** The template: the header and one example row. */
export function capTemplate(): string {
  return `${toCsv(CAP_COLUMNS, [["AB12 CDE", "£12,500.00", "11950", "11200.50", "10400", todayInLondon()]])}\r\n`;
}
