import { oneChunk, type ReportDefinition } from "../platform/reports.js";
import { todayInLondon, ukDate } from "../platform/dates.js";
import { pounds, poundsCell, sum, vatOn } from "../platform/money.js";
import { bookValueOn, costByMonth, financeFigures, monthsOfYear } from "../agreements/finance.js";
import { FINANCE_TYPE_LABELS } from "../agreements/rules.js";
import { agreementsOf, fleetOf, type VehicleWithAgreements } from "./agreements.js";

/**
 * The finance reports of 003 §7 that read agreements: CSV downloads for a
 * department and a year (and, for the monthly ones, optionally a month).
 * Every figure comes from core/agreements/finance.ts, as on the vehicle
 * screen; docs/finance.md says how each is worked out and docs/reports.md
 * what each report holds.
 */

export type ReportParams = { year: number; month?: number | null; department?: number | string | null };
type Cell = string | number | null;
type Report = { title: string; filename: string; build: (p: ReportParams) => Promise<{ header: string[]; rows: Cell[][] }> };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const num = (v: unknown): number => (v === null || v === undefined || v === "" ? 0 : Number(v));
/** Adds pounds, each to the penny, in decimals (core/platform/money.ts: no binary-float drift in totals). */
const addPounds = (...xs: number[]) => pounds(sum(...xs.map((x) => pounds(x))));
/** A money cell: no amount is 0.00 in these reports. */
const cell = (v: unknown): string => poundsCell(v, "0.00");

/** The last day the year's figures are taken at: 31 December, or today during the year. */
function valuedOn(year: number): string {
  const today = todayInLondon();
  const end = `${year}-12-31`;
  return today < end ? today : end;
}

function vehicleCells(v: VehicleWithAgreements): Cell[] {
  return [v.registration ?? "", v.fleet_number ?? "", v.make?.name ?? "", v.model?.name ?? "", v.department?.name ?? ""];
}
const VEHICLE_HEADER = ["Registration", "Fleet No", "Make", "Model", "Department"];
const label = (t: unknown) => FINANCE_TYPE_LABELS[String(t ?? "NONE")] ?? String(t);

/** Months the report covers: the twelve of the year, or the one asked for. */
function monthColumns(p: ReportParams): number[] {
  return p.month ? [p.month - 1] : MONTHS.map((_, i) => i);
}

/** A by-month report for agreements of some finance types (interest, or hire cost). */
function byMonthReport(types: string[], lead: (a: Record<string, any>, v: VehicleWithAgreements, p: ReportParams) => Cell[], leadHeader: string[], tail?: { header: string[]; cells: (a: Record<string, any>, p: ReportParams) => Cell[] }) {
  return async (p: ReportParams) => {
    const cols = monthColumns(p);
    const rows: Cell[][] = [];
    const totals = cols.map(() => 0);
    for (const { vehicle, agreement } of await agreementsOf(types, p.department)) {
      const byMonth = costByMonth(agreement, p.year);
      const picked = cols.map((m) => byMonth[m]);
      if (picked.every((x) => x === 0)) continue; // nothing in the period
      picked.forEach((x, i) => (totals[i] = addPounds(totals[i], x)));
      rows.push([...vehicleCells(vehicle), ...lead(agreement, vehicle, p), ...picked.map(cell), cell(addPounds(...picked)), ...(tail ? tail.cells(agreement, p) : [])]);
    }
    const header = [...VEHICLE_HEADER, ...leadHeader, ...cols.map((m) => `${MONTHS[m]} ${p.year}`), "Total", ...(tail?.header ?? [])];
    if (rows.length) rows.push(["Total", ...Array(VEHICLE_HEADER.length - 1 + leadHeader.length).fill(""), ...totals.map(cell), cell(addPounds(...totals)), ...(tail ? tail.header.map(() => "") : [])]);
    return { header, rows };
  };
}

const financeLead = (a: Record<string, any>) => [a.finance_company ?? "", a.agreement_no ?? "", cell(a.finance_amount_borrowed), cell(a.monthly_payment), a.payment_term ?? "", ukDate(a.finance_start_date)];
const FINANCE_LEAD = ["Finance Company", "Agreement No", "Amount Borrowed", "Monthly Payment", "Term (months)", "Finance Start"];

export const REPORTS: Record<string, Report> = {
  financedepreciationreport: {
    title: "Depreciation",
    filename: "finance-depreciation",
    async build(p) {
      const opening = `${p.year - 1}-12-31`;
      const rows: Cell[][] = [];
      let total = 0;
      for (const { vehicle, agreement: a } of await agreementsOf("ANY", p.department)) {
        if (num(a.purchase_price) === 0) continue;
        if (a.sold_date && a.sold_date <= opening) continue; // sold before the year
        const closingOn = a.sold_date && a.sold_date < valuedOn(p.year) ? a.sold_date : valuedOn(p.year);
        const open = bookValueOn(a, opening);
        const close = bookValueOn(a, closingOn);
        const dep = addPounds(open, -close);
        total = addPounds(total, dep);
        rows.push([...vehicleCells(vehicle), label(a.finance_type), cell(a.purchase_price), ukDate(a.depreciation_start_date), num(a.annual_depreciation_rate), cell(open), cell(close), cell(dep), ukDate(a.sold_date)]);
      }
      if (rows.length) rows.push(["Total", "", "", "", "", "", "", "", "", "", "", cell(total), ""]);
      return { header: [...VEHICLE_HEADER, "Finance Type", "Purchase Price", "Depreciation Start", "Annual Rate %", `Value 31/12/${p.year - 1}`, `Value ${ukDate(valuedOn(p.year))}`, "Depreciation", "Sold Date"], rows };
    },
  },
  financegrantreport: {
    title: "Grant Finance",
    filename: "finance-grant",
    async build(p) {
      const rows: Cell[][] = [];
      for (const { vehicle, agreement: a } of await agreementsOf(["GRANT_FINANCE"], p.department)) {
        if (a.invoice_date && a.invoice_date > `${p.year}-12-31`) continue;
        if (a.sold_date && a.sold_date < `${p.year}-01-01`) continue;
        rows.push([...vehicleCells(vehicle), a.finance_company ?? "", ukDate(a.invoice_date), cell(a.purchase_price), cell(a.estimated_grant_value), cell(addPounds(num(a.purchase_price), -num(a.estimated_grant_value))), cell(bookValueOn(a, valuedOn(p.year))), ukDate(a.sold_date), cell(a.sold_price)]);
      }
      return { header: [...VEHICLE_HEADER, "Grant Provider", "Invoice Date", "Purchase Price", "Estimated Grant Value", "Net Cost", `Value ${ukDate(valuedOn(p.year))}`, "Sold Date", "Sold Price"], rows };
    },
  },
  fleetvaluereport: {
    title: "Fleet Value",
    filename: "fleet-value",
    async build(p) {
      const on = valuedOn(p.year);
      const rows: Cell[][] = [];
      let value = 0;
      let capital = 0;
      for (const { vehicle, agreement: a } of await agreementsOf("ANY", p.department)) {
        if (vehicle.vehicle_status === "CUSTOMER" || (a.sold_date && a.sold_date <= on)) continue;
        if (a.invoice_date && a.invoice_date > on) continue; // bought after the date
        const f = financeFigures(a, on);
        value = addPounds(value, f.estimated_value);
        capital = addPounds(capital, f.remaining_capital);
        rows.push([...vehicleCells(vehicle), vehicle.vehicle_status ?? "", label(a.finance_type), a.finance_company ?? "", cell(a.purchase_price), cell(f.estimated_value), cell(f.remaining_capital), cell(addPounds(f.estimated_value, -f.remaining_capital)), cell(vehicle.cap_clean)]);
      }
      if (rows.length) rows.push(["Total", "", "", "", "", "", "", "", "", cell(value), cell(capital), cell(addPounds(value, -capital)), ""]);
      return { header: [...VEHICLE_HEADER, "Status", "Finance Type", "Finance Company", "Purchase Price", `Estimated Value ${ukDate(on)}`, "Remaining Capital", "Equity", "CAP Clean"], rows };
    },
  },
  vehiclevatreport: {
    title: "Vehicle VAT",
    filename: "vehicle-vat",
    async build(p) {
      const from = `${p.year}-${String(p.month ?? 1).padStart(2, "0")}-01`;
      const to = p.month ? monthsOfYear(p.year)[p.month - 1].end : `${p.year}-12-31`;
      const rows: Array<{ date: string; cells: Cell[] }> = [];
      const totals = { net: 0, vat: 0 };
      for (const { vehicle, agreement: a } of await agreementsOf("ANY", p.department)) {
        if (a.invoice_date && a.invoice_date >= from && a.invoice_date <= to && num(a.purchase_price) > 0) {
          const net = num(a.purchase_price);
          const vat = num(a.purchase_price_vat);
          totals.net = addPounds(totals.net, net);
          totals.vat = addPounds(totals.vat, vat);
          rows.push({ date: a.invoice_date, cells: [...vehicleCells(vehicle), "Purchase", ukDate(a.invoice_date), a.invoice_number ?? "", cell(net), cell(vat), cell(addPounds(net, vat))] });
        }
        if (a.sold_date && a.sold_date >= from && a.sold_date <= to && num(a.sold_price) > 0) {
          // Output VAT at 20% of the sold price, as on the pro forma (000 §9).
          const net = num(a.sold_price);
          const vat = vatOn(net);
          totals.net = addPounds(totals.net, -net);
          totals.vat = addPounds(totals.vat, -vat);
          rows.push({ date: a.sold_date, cells: [...vehicleCells(vehicle), "Sale", ukDate(a.sold_date), a.internal_invoice_number ?? "", cell(net), cell(vat), cell(addPounds(net, vat))] });
        }
      }
      rows.sort((x, y) => x.date.localeCompare(y.date));
      const out = rows.map((r) => r.cells);
      if (out.length) out.push(["Net (purchases - sales)", "", "", "", "", "", "", "", cell(totals.net), cell(totals.vat), cell(addPounds(totals.net, totals.vat))]);
      return { header: [...VEHICLE_HEADER, "Type", "Date", "Invoice Number", "Net", "VAT", "Gross"], rows: out };
    },
  },
  monthlyfinancehpinterestreport: {
    title: "Monthly HP Interest (Fixed Rate)",
    filename: "monthly-hp-interest",
    build: byMonthReport(["REGULAR"], (a) => [...financeLead(a), financeFigures(a, todayInLondon()).hp_interest_rate], [...FINANCE_LEAD, "APR %"], {
      header: ["Remaining Capital"],
      cells: (a, p) => [cell(financeFigures(a, valuedOn(p.year)).remaining_capital)],
    }),
  },
  financehireagreementreport: {
    title: "Hire Agreements",
    filename: "finance-hire-agreements",
    build: byMonthReport(["HIRE_AGREEMENT"], (a) => [a.finance_company ?? "", a.agreement_no ?? "", cell(a.daily_rate), ukDate(a.hire_start_date ?? a.finance_start_date), ukDate(a.end_date)], ["Hire Company", "Agreement No", "Daily Rate", "Hire Start", "End Date"]),
  },
  leaseagreementreport: {
    title: "Lease Agreements",
    filename: "lease-agreements",
    build: byMonthReport(["LEASE_AGREEMENT"], (a) => [...financeLead(a), financeFigures(a, todayInLondon()).hp_interest_rate], [...FINANCE_LEAD, "APR %"], {
      header: ["Remaining Balance", "Remaining Capital"],
      cells: (a, p) => {
        const f = financeFigures(a, valuedOn(p.year));
        return [cell(f.remaining_balance), cell(f.remaining_capital)];
      },
    }),
  },
  financevariablerateinterestreport: {
    title: "Variable Rate Interest",
    filename: "variable-rate-interest",
    build: byMonthReport(["FIXED_MONTHLY_CAPITAL"], (a) => [...financeLead(a), num(a.hp_interest_rate)], [...FINANCE_LEAD, "Rate %"], {
      header: ["Remaining Capital"],
      cells: (a, p) => [cell(financeFigures(a, valuedOn(p.year)).remaining_capital)],
    }),
  },
  financestockingplaninterestreport: {
    title: "Stocking Plan Interest",
    filename: "stocking-plan-interest",
    build: byMonthReport(
      ["STOCKING_PLAN"],
      (a) => [a.finance_company ?? "", a.agreement_no ?? "", cell(a.finance_amount_borrowed), num(a.sp_yearly_interest_rate ?? num(a.sp_monthly_interest_rate) * 12), ukDate(a.sp_start_date)],
      ["Finance Company", "Agreement No", "Capital Borrowed", "Yearly Rate %", "Plan Start"],
      { header: ["Capital Outstanding"], cells: (a, p) => [cell(financeFigures(a, valuedOn(p.year)).remaining_capital)] },
    ),
  },
  capdetailreport: {
    title: "CAP Details",
    filename: "cap-details",
    async build(p) {
      const on = valuedOn(p.year);
      const rows: Cell[][] = [];
      for (const v of await fleetOf(p.department)) {
        if (v.vehicle_status === "SOLD") continue;
        const latest = (v.finance_agreements ?? [])[Math.max(0, (v.finance_agreements ?? []).length - 1)];
        const value = latest ? bookValueOn(latest, on) : 0;
        rows.push([...vehicleCells(v), v.vehicle_status ?? "", v.mileage ?? "", cell(v.cap_retail), cell(v.cap_clean), cell(v.cap_average), cell(v.cap_below), ukDate(v.cap_date), cell(latest?.purchase_price), cell(value), cell(addPounds(num(v.cap_clean), -value))]);
      }
      return { header: [...VEHICLE_HEADER, "Status", "Mileage", "CAP Retail", "CAP Clean", "CAP Average", "CAP Below", "CAP Date", "Purchase Price", `Book Value ${ukDate(on)}`, "CAP Clean - Book Value"], rows };
    },
  },
};

export const FINANCE_REPORT_NAMES = Object.keys(REPORTS);

/** The finance reports as the report mechanism takes them (core/platform/reports.ts): a year (this one by default), optionally a month. */
export const FINANCE_REPORTS: ReportDefinition[] = Object.entries(REPORTS).map(([name, r]) => ({
  name,
  title: r.title,
  needs: "year" as const,
  filename: r.filename,
  async build(p) {
    const { header, rows } = await r.build({ year: p.year ?? Number(todayInLondon().slice(0, 4)), month: p.month ?? null, department: p.department ?? null });
    return { header, chunks: oneChunk(rows) };
  },
}));
