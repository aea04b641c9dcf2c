import { ukDate } from "../platform/dates.js";
import { poundsCell, sum } from "../platform/money.js";
import { oneChunk, periodOf, type Cell, type ReportDefinition, type ReportParams } from "../platform/reports.js";
import { jobFlowByWeek } from "./flow.js";
import { PartLookup } from "./lookups.js";
import { Quote } from "./quote.js";
import { presentQuotes } from "./quotes.js";

/** The workshop's reports (003 §7): the part catalogue and quotes. Columns and sources: docs/reports.md. */

type Row = Record<string, any>;
const contactName = (x: unknown) => (x && typeof x === "object" ? ((x as { display_name?: string }).display_name ?? "") : "");

/** partlookupreport: the whole part catalogue (Part Stock), by name, a chunk at a time. The catalogue has no department. */
export const partLookupReport: ReportDefinition = {
  name: "partlookupreport",
  title: "Part stock",
  needs: "none",
  filename: "part-stock",
  async build() {
    async function* chunks(): AsyncIterable<Cell[][]> {
      for await (const rows of PartLookup.rowsInChunks("all")) {
        yield rows.map((p) => [p.name ?? "", p.part_number ?? "", p.make ?? "", p.model ?? "", p.variant ?? "", p.vehicle_type ?? "", contactName(p.supplier), poundsCell(p.cost), poundsCell(p.customer_cost), p.stock_volume ?? "", p.comments ?? ""]);
      }
    }
    return { header: ["Name", "Part Number", "Make", "Model", "Variant", "Vehicle Type", "Supplier", "Cost", "Customer Cost", "Stock Volume", "Comments"], chunks: chunks() };
  },
};

/** A quote's estimate: labour and parts, cost and charge (the quote editor's figures, 002 §9). */
function estimate(q: Row) {
  const items = (q.estimated_work_items ?? []) as Row[];
  const parts = items.flatMap((i) => (i.parts ?? []) as Row[]);
  const labourCost = sum(...items.map((i) => i.estimated_labour_cost));
  const labourCharge = sum(...items.map((i) => i.estimated_customer_labour_cost));
  // A quote's parts are estimates (002 §3 Part: estimated cost and charge).
  const partsCost = sum(...parts.map((p) => p.estimated_cost));
  const partsCharge = sum(...parts.map((p) => p.estimated_customer_cost));
  return { items: items.length, labourCost, labourCharge, partsCost, partsCharge, total: labourCharge.plus(partsCharge) };
}

const STATE_LABELS: Record<string, string> = { TOBEPRICED: "To be priced", QUOTE: "Priced", ACTIVE: "Has job cards", APPROVED: "Approved" };

/**
 * quotereport: quotes created in the period (start and end, or a year and
 * optionally a month), oldest first, for the department: the list of every
 * state by date created, read over the period's range only.
 */
export const quoteReport: ReportDefinition = {
  name: "quotereport",
  title: "Quotes",
  needs: "range",
  filename: "quotes",
  async build(p: ReportParams) {
    const period = periodOf(p)!;
    async function* chunks(): AsyncIterable<Cell[][]> {
      for await (const rows of Quote.rowsInChunks(`s#ALL#d#${p.department ?? "ALL"}`, { from: period.start, to: period.end }, 200)) {
        const shown = await presentQuotes(rows);
        yield shown.map((q) => {
          const e = estimate(q);
          return [
            q.id, ukDate(q.date_created), STATE_LABELS[q.qstate] ?? q.qstate ?? "", q.quote_type ?? "", (q.department as Row | null)?.name ?? "",
            (q.vehicle as Row | null)?.registration ?? q.registration ?? "", (q.vehicle as Row | null)?.make?.name ?? "", (q.vehicle as Row | null)?.model?.name ?? "",
            contactName(q.customer) || (q.customer_name ?? ""), contactName(q.customer2) || (q.customer2_name ?? ""), q.description ?? "",
            e.items, poundsCell(e.labourCost), poundsCell(e.labourCharge), poundsCell(e.partsCost), poundsCell(e.partsCharge), poundsCell(e.total),
            q.approved ? "Yes" : "No", ukDate(q.approved_date), q.customer_invoice_number ?? "",
          ];
        });
      }
    }
    return {
      header: [
        "Quote No", "Date Created", "Status", "Quote Type", "Department", "Registration", "Make", "Model", "Customer", "Customer 2", "Description",
        "Work Items", "Labour Cost", "Labour Charge", "Parts Cost", "Parts Charge", "Total Charge (ex VAT)", "Approved", "Approved Date", "Customer Invoice No",
      ],
      chunks: chunks(),
    };
  },
};

/** jobflowreport: the same figures as CSV, one row a week meeting the range, for the department (docs/reports.md). */
export const jobFlowReport: ReportDefinition = {
  name: "jobflowreport",
  title: "Workshop jobs in and out by week",
  needs: "range",
  filename: "workshop-jobs-in-out",
  async build(p: ReportParams) {
    const period = periodOf(p)!;
    const { weeks } = await jobFlowByWeek({ start: period.start, end: period.end, department: p.department });
    return {
      header: ["Week Commencing", "Week Ending", "Jobs In", "Jobs Out"],
      chunks: oneChunk(weeks.map((w) => [ukDate(w.start), ukDate(w.end), w.jobs_in, w.jobs_out])),
    };
  },
};
