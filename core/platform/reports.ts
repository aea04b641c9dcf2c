import { randomUUID } from "node:crypto";
import { Entity } from "electrodb";
import { config } from "./config.js";
import { csvRows, type CsvCell } from "./csv.js";
import { NotFoundError, ValidationError } from "./errors.js";
import { REPORT_MESSAGES } from "./report-messages.js";
import { SERVICE, entityConfig } from "./service.js";
import { downloadUrl, objectWriter } from "./uploads.js";

/**
 * The one way a report is made (003 §7 `GET report/{name}`): each area
 * declares its reports (header, then rows a chunk at a time from indexed
 * lists), and this module writes them as CSV, either in the answer (the
 * contract call) or, for the screen, as an export run in the background
 * that writes to S3 with its progress on an export item and hands over a
 * presigned download: a report of any size stays inside API Gateway's 29
 * seconds and 6 MB. Cells a spreadsheet would run as formulas are
 * neutralised by core/platform/csv.ts.
 */

export type Cell = CsvCell;

/** The query names of 003 §7, parsed by the route. */
export type ReportParams = {
  year?: number | null;
  month?: number | null;
  start?: string | null;
  end?: string | null;
  paymentType?: string | null;
  type?: string | null;
  date?: string | null;
  department?: number | null;
  /** A sorted report's column and direction (the fleet league's CSV follows its screen). */
  sort?: string | null;
  order?: string | null;
};

/**
 * What a report needs before it runs (003 §5 Reports): a date range (start
 * and end, or a year, which stands for the whole year), or a range and a
 * type; "year": a year (this one when none is sent); "none": nothing (a
 * catalogue or contact book as it is now).
 */
export type ReportNeeds = "none" | "year" | "range" | "rangeAndType";

export type ReportDefinition = {
  name: string;
  title: string;
  needs: ReportNeeds;
  /** The file name without ".csv" (the period and department are added). */
  filename: string;
  /** Further refusals of the report's own inputs (400), checked before anything is read or an export starts. */
  check?(p: ReportParams): void;
  /** The header, and the rows a chunk at a time. */
  build(p: ReportParams): Promise<{ header: string[]; chunks: AsyncIterable<Cell[][]> }>;
};

export { REPORT_MESSAGES };

/** A report whose rows are worked out at once (small by nature: a department's fleet). */
export async function* oneChunk(rows: Cell[][]): AsyncIterable<Cell[][]> {
  if (rows.length) yield rows;
}

/** The period a range report covers: start and end as given, else the year (else the month of the year). */
export function periodOf(p: ReportParams): { start: string; end: string } | null {
  if (p.start && p.end) return p.start <= p.end ? { start: p.start, end: p.end } : null;
  if (p.start || p.end) return null;
  if (!p.year) return null;
  if (!p.month) return { start: `${p.year}-01-01`, end: `${p.year}-12-31` };
  const mm = String(p.month).padStart(2, "0");
  const last = new Date(Date.UTC(p.year, p.month, 0)).getUTCDate();
  return { start: `${p.year}-${mm}-01`, end: `${p.year}-${mm}-${String(last).padStart(2, "0")}` };
}

/** A report's inputs as it reads them: a range-and-type report's type is `paymentType` or `type` (003 §5: "needs start, end and type"; §7 names both). */
function inputsOf(def: ReportDefinition, p: ReportParams): ReportParams {
  return def.needs === "rangeAndType" ? { ...p, paymentType: p.paymentType || p.type || null } : p;
}

/** Refuses a report's missing inputs with the spec's message (400). */
export function checkReportInputs(def: ReportDefinition, p: ReportParams): void {
  if (def.needs === "range" && !periodOf(p)) throw new ValidationError(REPORT_MESSAGES.range, { start: REPORT_MESSAGES.range, end: REPORT_MESSAGES.range });
  if (def.needs === "rangeAndType" && (!p.start || !p.end || p.start > p.end || !p.paymentType))
    throw new ValidationError(REPORT_MESSAGES.rangeAndType, { start: REPORT_MESSAGES.rangeAndType, end: REPORT_MESSAGES.rangeAndType, paymentType: REPORT_MESSAGES.rangeAndType });
  def.check?.(p);
}

/** The download's name: the report, its period and department. */
export function reportFilename(def: ReportDefinition, p: ReportParams): string {
  const range = periodOf(p);
  const period =
    def.needs === "none" ? "" : def.needs === "year" ? `${p.year ?? ""}${p.month ? `-${String(p.month).padStart(2, "0")}` : ""}` : range ? `${range.start}-to-${range.end}` : "";
  const dept = p.department ? `-dept${p.department}` : "";
  const type = p.paymentType ? `-${p.paymentType.replace(/[^A-Za-z0-9]/g, "")}` : p.type ? `-type${p.type.replace(/[^A-Za-z0-9]/g, "")}` : "";
  return `${def.filename}${period ? `-${period}` : ""}${type}${dept}.csv`;
}

/** A byte-order mark first, so Excel reads the file as UTF-8 and shows '£'. */
const BOM = "\uFEFF";

export type ReportCatalogue = Record<string, ReportDefinition>;

function definitionOf(catalogue: ReportCatalogue, name: string): ReportDefinition {
  // Own names only: "__proto__" or "toString" are no report (404), not a crash.
  const def = Object.hasOwn(catalogue, name) ? catalogue[name] : undefined;
  if (!def) throw new NotFoundError("Report");
  return def;
}

/** Writes a report's CSV a chunk at a time through `write`; answers the rows written. */
async function writeReport(def: ReportDefinition, p: ReportParams, write: (text: string) => Promise<void> | void, onRows?: (rows: number) => Promise<void>): Promise<number> {
  const { header, chunks } = await def.build(p);
  // The header line and its one CRLF (issue 24 item 12: toCsv of a header alone already ends with CRLF, and
  // the extra one left an empty line between the header and the first row).
  await write(`${BOM}${csvRows([header])}`);
  let rows = 0;
  for await (const chunk of chunks) {
    await write(csvRows(chunk));
    rows += chunk.length;
    await onRows?.(rows);
  }
  return rows;
}

/** GET report/{name}: the whole CSV in the answer (the contract call). */
export async function reportCsv(catalogue: ReportCatalogue, name: string, sent: ReportParams): Promise<{ filename: string; csv: string }> {
  const def = definitionOf(catalogue, name);
  const p = inputsOf(def, sent);
  checkReportInputs(def, p);
  const parts: string[] = [];
  await writeReport(def, p, (t) => void parts.push(t));
  return { filename: reportFilename(def, p), csv: parts.join("") };
}

// ---- Export runs: the screen's way, for a report of any size ----

/** An export run: who asked, for what, how far it has got; deleted by the table's TTL a day later. */
export const ReportExport = new Entity(
  {
    model: { entity: "reportexport", version: "1", service: SERVICE },
    attributes: {
      id: { type: "string", required: true },
      name: { type: "string", required: true },
      params: { type: "string", required: true },
      requested_by: { type: "string", required: true },
      status: { type: ["PREPARING", "READY", "FAILED"] as const, required: true },
      rows: { type: "number" },
      bytes: { type: "number" },
      filename: { type: "string" },
      key: { type: "string" },
      error: { type: "string" },
      created_at: { type: "string" },
      updated_at: { type: "string" },
      expires_at: { type: "number" },
    },
    indexes: {
      byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
);

export type ExportState = { id: string; name: string; status: "PREPARING" | "READY" | "FAILED"; rows: number; filename: string; url?: string; message?: string };

/** How often a run writes its progress (a row count) to the export item. */
const PROGRESS_MS = 1000;
const DAY_SECONDS = 24 * 60 * 60;

/**
 * Starts an export: the item is written, then the run is handed to the
 * runner the configuration names (locally the same process; on AWS the
 * report Lambda, invoked asynchronously so the run is not held to the
 * API's 29 seconds). Inputs are checked first: a refused report writes nothing.
 */
export async function startReportExport(catalogue: ReportCatalogue, name: string, sent: ReportParams, actor: string): Promise<ExportState> {
  const def = definitionOf(catalogue, name);
  const p = inputsOf(def, sent);
  checkReportInputs(def, p);
  const id = randomUUID();
  const now = new Date();
  const filename = reportFilename(def, p);
  await ReportExport.create({
    id,
    name,
    params: JSON.stringify(p),
    requested_by: actor,
    status: "PREPARING",
    rows: 0,
    filename,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    expires_at: Math.floor(now.getTime() / 1000) + DAY_SECONDS,
  }).go();
  await exportRunner(catalogue)(id);
  return { id, name, status: "PREPARING", rows: 0, filename };
}

/** The run itself: the CSV written to S3 a part at a time, the progress and the outcome on the export item. */
export async function runReportExport(catalogue: ReportCatalogue, id: string): Promise<void> {
  const found = (await ReportExport.get({ id }).go({ consistent: true })).data;
  if (!found || found.status !== "PREPARING") return; // already run (a retried invocation)
  const def = definitionOf(catalogue, found.name);
  const p = JSON.parse(found.params) as ReportParams;
  const key = `reports/${id}/${found.filename ?? `${found.name}.csv`}`;
  const writer = objectWriter(key, "text/csv; charset=utf-8");
  let last = Date.now();
  try {
    const rows = await writeReport(def, p, (t) => writer.write(t), async (n) => {
      if (Date.now() - last < PROGRESS_MS) return;
      last = Date.now();
      await ReportExport.patch({ id }).set({ rows: n, updated_at: new Date().toISOString() }).go();
    });
    await writer.finish();
    await ReportExport.patch({ id }).set({ status: "READY", rows, bytes: writer.bytes, key, updated_at: new Date().toISOString() }).go();
  } catch (e) {
    await writer.abort();
    console.error(JSON.stringify({ level: "error", msg: "report export failed", id, report: found.name, error: String((e as Error)?.stack ?? e) }));
    await ReportExport.patch({ id }).set({ status: "FAILED", error: "An error occured while preparing your report", updated_at: new Date().toISOString() }).go();
  }
}

/** GET reportexport/{id}: how far the run has got; once ready, a presigned link that saves the file. Only its requester sees it. */
export async function reportExportState(id: string, actor: string): Promise<ExportState> {
  const found = (await ReportExport.get({ id }).go({ consistent: true })).data;
  if (!found || found.requested_by !== actor) throw new NotFoundError("Report");
  const state: ExportState = { id, name: found.name, status: found.status, rows: found.rows ?? 0, filename: found.filename ?? `${found.name}.csv` };
  if (found.status === "READY" && found.key) state.url = await downloadUrl(found.key, state.filename);
  if (found.status === "FAILED") state.message = found.error ?? "An error occured while preparing your report";
  return state;
}

/**
 * Hands a new export to its run. On AWS the table's stream delivers the new
 * item to the report Lambda (stacks/Api.ts), which calls `runReportExport`;
 * locally the same function runs in this process once the answer is sent.
 */
export function exportRunner(catalogue: ReportCatalogue): (id: string) => Promise<void> {
  return async (id) => {
    if (config.reportExports === "stream") return;
    setImmediate(() => void runReportExport(catalogue, id));
  };
}
