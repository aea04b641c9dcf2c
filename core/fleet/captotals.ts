import * as z from "zod";
import { todayInLondon, weekOf } from "../platform/dates.js";
import { fromPence } from "../platform/money.js";
import { defineRecordType } from "../platform/records.js";
import { parseInput } from "../platform/validation.js";
import { CAP_STATUSES, CAP_VALUE_FIELDS, isCapStatus, zeroPence, type CapPence, type CapStatus, type CapValueField, type DepartmentCapChange } from "./rules.js";
import { CAP_TOTALS_FACET } from "./lists.js";
import { Vehicle } from "./vehicle.js";

/**
 * The dashboard's CAP figures (001 §3 "cap totals and vehicle summary
 * totals", §4 "Vehicle cap statuses counted on the dashboard: Active,
 * Ordered, Forsale", §7 GET captotalchange and GET vehicles/summary).
 * The spec names the calls, not their formulas; what each figure is, and
 * why, is in docs/dashboard.md.
 *
 * - The fleet's CAP totals now: maintained sums kept in every vehicle's
 *   own save (`capTotalFacets` in rules.ts), read with one small Query.
 * - What a CAP upload changed: each upload that changed any vehicle's CAP
 *   values is kept as a `capupload` record with, per department, the
 *   CAP-status vehicles it revalued and their totals before and after.
 */

const inPounds = (p: CapPence) => Object.fromEntries(CAP_VALUE_FIELDS.map((f) => [f, fromPence(p[f])])) as Record<CapValueField, number>;

const pence = z.number().int();
const capPence = z.object({ cap_retail: pence, cap_clean: pence, cap_average: pence, cap_below: pence });
/** One department's share of an upload ("~": vehicles with no department). */
const departmentChange = z.object({ vehicles: z.number().int(), before: capPence, after: capPence });

/** A CAP upload that changed CAP values, as the dashboard reads it back. */
export const CapUpload = defineRecordType({
  type: "capupload",
  label: "CAP upload",
  fields: z.object({
    /** The day (Europe/London) the file was uploaded. */
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    rows: z.number().int(),
    updated: z.number().int(),
    departments: z.record(z.string(), departmentChange),
  }),
  // By date, for the whole fleet and for each department it revalued vehicles of.
  lists: (r) => [{ list: "bydate", sort: r.date }, ...Object.keys(r.departments ?? {}).map((d) => ({ list: `bydate#dept#${d}`, sort: r.date }))],
});

/** One upload's change for a department (or all), in pounds. */
function changeOf(upload: { departments: Record<string, DepartmentCapChange> }, department?: number) {
  const parts = Object.entries(upload.departments).filter(([d]) => department === undefined || d === String(department));
  const before = zeroPence();
  const after = zeroPence();
  let vehicles = 0;
  for (const [, p] of parts) {
    vehicles += p.vehicles;
    for (const f of CAP_VALUE_FIELDS) {
      before[f] += p.before[f];
      after[f] += p.after[f];
    }
  }
  const change = Object.fromEntries(CAP_VALUE_FIELDS.map((f) => [f, after[f] - before[f]])) as CapPence;
  return { vehicles, before, after, change };
}

type UploadChange = { rows: number; updated: number; departments: Record<string, DepartmentCapChange> };
const uploadRecord = (u: UploadChange) => ({ date: todayInLondon(), rows: u.rows, updated: u.updated, departments: u.departments });

export const CapTotals = {
  /**
   * Check the record an upload will leave before any vehicle is saved
   * (400 when it could not be stored), so an upload is refused whole or
   * applied: never vehicles revalued and their upload missing.
   */
  checkUpload(u: UploadChange) {
    parseInput(CapUpload.fields.strict(), uploadRecord(u));
  },

  /** Record an upload's change (only when it revalued some CAP-status vehicle). */
  async recordUpload(u: UploadChange, actor: string) {
    if (!Object.keys(u.departments).length) return null;
    return CapUpload.create(uploadRecord(u), actor);
  },

  /**
   * GET captotalchange: what the latest CAP upload (for a department: the
   * latest that revalued any of its vehicles) did to the fleet's CAP
   * values (the CAP-status vehicles it revalued, before and after), with
   * the fleet's CAP totals now. One Query for the latest upload, one for
   * the totals.
   */
  async change(q: { department?: number } = {}) {
    const latest = (await CapUpload.listIn(uploadList(q.department), { page: 1, page_size: 1, order: "desc" })).results[0] as
      | { id: number; date: string; departments: Record<string, DepartmentCapChange> }
      | undefined;
    const totals = await fleetCapTotals(q.department);
    const c = latest ? changeOf(latest, q.department) : null;
    return {
      department: q.department ?? null,
      date: latest?.date ?? null,
      upload: latest?.id ?? null,
      vehicles: c?.vehicles ?? 0,
      before: inPounds(c?.before ?? zeroPence()),
      after: inPounds(c?.after ?? zeroPence()),
      change: inPounds(c?.change ?? zeroPence()),
      totals: { count: totals.total.count, ...inPounds(totals.total) },
    };
  },

  /**
   * GET vehicles/summary: the department's fleet in the CAP statuses now
   * (count and CAP totals per status and together), its Cap 0s, and how
   * much the CAP uploads since `start` moved its CAP values.
   */
  async summary(q: { start?: string | null; department?: number }) {
    const start = q.start ?? weekOf(todayInLondon()).start;
    const totals = await fleetCapTotals(q.department);
    const capZero = (await Vehicle.counts([`cap0#dept#${q.department ?? "ALL"}`]))[`cap0#dept#${q.department ?? "ALL"}`];
    // Uploads since start: one Query on the date list (a few a month).
    const ids = await CapUpload.idsIn(uploadList(q.department), { from: start });
    const uploads = (await CapUpload.getMany(ids)) as Array<{ departments: Record<string, DepartmentCapChange> }>;
    const since = zeroPence();
    let revalued = 0;
    for (const u of uploads) {
      const c = changeOf(u, q.department);
      revalued += c.vehicles;
      for (const f of CAP_VALUE_FIELDS) since[f] += c.change[f];
    }
    return {
      start,
      department: q.department ?? null,
      statuses: CAP_STATUSES.map((status) => ({ status, count: totals[status].count, ...inPounds(totals[status]) })),
      total: { count: totals.total.count, ...inPounds(totals.total) },
      cap_zero: capZero,
      since_start: { uploads: uploads.length, vehicles: revalued, ...inPounds(since) },
    };
  },
};

/** The uploads by date: all of them, or those that revalued a department's vehicles. */
const uploadList = (department?: number) => (department === undefined ? "bydate" : `bydate#dept#${department}`);

type Totals = CapPence & { count: number };

/** The maintained CAP totals per CAP status and together, for a department or the whole fleet. */
async function fleetCapTotals(department?: number): Promise<Record<CapStatus | "total", Totals>> {
  const out = Object.fromEntries([...CAP_STATUSES, "total"].map((s) => [s, { count: 0, ...zeroPence() }])) as Record<CapStatus | "total", Totals>;
  for (const { value, count } of await Vehicle.facetValues(CAP_TOTALS_FACET)) {
    // Values are stored lower-cased: "<dept>#<status>#<field>".
    const [dept, status, field] = value.split("#");
    if (department !== undefined && dept !== String(department)) continue;
    const s = status.toUpperCase() as CapStatus;
    if (!isCapStatus(s)) continue;
    const key = field as keyof Totals;
    if (!(key in out[s])) continue;
    out[s][key] += count;
    out.total[key] += count;
  }
  return out;
}

