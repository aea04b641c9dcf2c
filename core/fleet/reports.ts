import { todayInLondon, ukDate } from "../platform/dates.js";
import { poundsCell } from "../platform/money.js";
import { periodOf, type Cell, type ReportDefinition, type ReportParams } from "../platform/reports.js";
import { Inspection } from "./inspections.js";
import { ComplianceWarning } from "./compliance.js";
import { WARNING_LABELS } from "./registration-rules.js";
import { Vehicle, type VehicleFields } from "./vehicle.js";

/**
 * The fleet's reports (003 §7): vehicle details and inspections. Columns and
 * their sources: docs/reports.md.
 */

const deptKey = (d?: number | null) => (d ? String(d) : "ALL");
const name = (x: unknown) => (x && typeof x === "object" ? ((x as { name?: string }).name ?? "") : "");
const contactName = (x: unknown) => (x && typeof x === "object" ? ((x as { display_name?: string }).display_name ?? "") : "");
const yesNo = (v: unknown) => (v ? "Yes" : "No");

const VEHICLE_HEADER = [
  "Registration", "Fleet No", "Make", "Model", "Variant", "Type", "VIN", "Status", "Department", "Mileage", "Mileage Updated",
  "First Registered", "Purchase Date", "Location", "Owner", "Hire Customer", "Reserved Customer", "Courtesy Car",
  "Tax Expiry", "Tax Cost", "Service Interval", "Tyre Size", "Gross Weight (kg)", "Payload (kg)",
  "Manufacturer Warranty End", "Driveline Warranty End", "CAP Retail", "CAP Clean", "CAP Date", "Date Sold",
];

/** vehiclereport: every vehicle of the department's fleet (the fleet list, read a chunk at a time), by the list's order. */
export const vehicleReport: ReportDefinition = {
  name: "vehiclereport",
  title: "Vehicle details",
  needs: "none",
  filename: "vehicle-details",
  async build(p: ReportParams) {
    async function* chunks(): AsyncIterable<Cell[][]> {
      for await (const rows of Vehicle.rowsInChunks(`tab#ALL#dept#${deptKey(p.department)}#pt#ALL`)) {
        // The rows as stored, references answered as objects (read by `name` and `contactName`).
        yield (rows as Array<VehicleFields & { id: number }>).map((v) => [
          v.registration ?? "", v.fleet_number ?? "", name(v.make), name(v.model), v.variant ?? "", name(v.type), v.vin_number ?? "",
          v.vehicle_status ?? "", name(v.department), v.mileage ?? "", ukDate(v.mileage_last_updated),
          ukDate(v.first_registration_date), ukDate(v.purchase_date), v.location ?? "", contactName(v.owner), contactName(v.hire_customer), contactName(v.reserve_customer), yesNo(v.courtesy_car),
          ukDate(v.tax_expiry), poundsCell(v.tax_cost), v.service_interval ?? "", v.tyre_size ?? "", v.gross_vehicle_weight ?? "", v.payload ?? "",
          ukDate(v.manufacturer_main_warranty_date), ukDate(v.driveline_warranty_date), poundsCell(v.cap_retail), poundsCell(v.cap_clean), ukDate(v.cap_date), ukDate(v.date_sold),
        ]);
      }
    }
    return { header: VEHICLE_HEADER, chunks: chunks() };
  },
};

/**
 * inspectionreport: inspections expiring in the period (start and end, or a
 * year), optionally of one type (`type`: an inspection type id), in expiry
 * order; the department is the vehicle's. Reads the `all` list's range on
 * expiry date, so it costs the period, never the history.
 */
export const inspectionReport: ReportDefinition = {
  name: "inspectionreport",
  title: "Inspections due",
  needs: "range",
  filename: "inspections",
  async build(p: ReportParams) {
    const period = periodOf(p)!;
    const tags = p.type ? [`t=${p.type}`] : [];
    async function* chunks(): AsyncIterable<Cell[][]> {
      for await (const rows of Inspection.rowsInChunks("all", { from: period.start, to: period.end, tags })) {
        const vehicles = new Map((await Vehicle.present(await Vehicle.getMany(rows.map((r) => (r.vehicle as { id?: number } | null)?.id as number)))).map((v) => [v.id as number, v as Record<string, any>]));
        const out: Cell[][] = [];
        for (const r of rows) {
          const v = vehicles.get((r.vehicle as { id?: number } | null)?.id as number);
          if (p.department && (v?.department as { id?: number } | null)?.id !== p.department) continue;
          out.push([
            v?.registration ?? "", v?.fleet_number ?? "", name(v?.make), name(v?.model), name(v?.department), v?.vehicle_status ?? "",
            (r.inspection_type as { inspection_type?: string } | null)?.inspection_type ?? "", ukDate(r.date_completed), ukDate(r.expiry_date),
            ukDate(r.booked_in_date), contactName(r.inspection_workshop), r.comments ?? "",
          ]);
        }
        if (out.length) yield out;
      }
    }
    return {
      header: ["Registration", "Fleet No", "Make", "Model", "Department", "Vehicle Status", "Inspection Type", "Last Completed", "Expiry Date", "Booked In", "Workshop", "Comments"],
      chunks: chunks(),
    };
  },
};

/**
 * compliancereport (issue 25, docs/compliance.md): every compliance warning
 * the fleet check recorded, newest date first (the warnings' `all` list, a
 * chunk at a time), with its vehicle, date, source and details, and when,
 * by whom and why it was resolved (empty while open).
 */
export const complianceReport: ReportDefinition = {
  name: "compliancereport",
  title: "Compliance warnings",
  needs: "none",
  filename: "compliance-warnings",
  async build() {
    async function* chunks(): AsyncIterable<Cell[][]> {
      for await (const rows of ComplianceWarning.rowsInChunks("all", { order: "desc" })) {
        yield rows.map((w) => [w.registration ?? "", WARNING_LABELS[w.kind] ?? w.kind, ukDate(w.date), w.source ?? "", w.message ?? "", ukDate(w.raised_on), w.resolved_at ? ukDate(todayInLondon(new Date(w.resolved_at))) : "", w.resolved_by ?? "", w.resolution_note ?? ""]);
      }
    }
    return { header: ["Registration", "Warning", "Date", "Source", "Details", "Recorded", "Resolved", "Resolved by", "Note"], chunks: chunks() };
  },
};
