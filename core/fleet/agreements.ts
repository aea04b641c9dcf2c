import { Vehicle } from "./vehicle.js";
import type { PageQuery } from "../platform/paging.js";
import { pageOf } from "../platform/paging.js";
import { pounds, sum, type Amount } from "../platform/money.js";

/**
 * Reading agreements across vehicles. Agreements live on their vehicle:
 * the reports read the department's fleet list (`tab#ALL#dept#<D>`), the
 * dashboard's Vehicle Sales the `sold` list by date (core/fleet/rules.ts
 * `soldMembership`); nothing reads the whole table. The department of an
 * agreement is its vehicle's.
 */
export type VehicleWithAgreements = Record<string, any> & { id: number; finance_agreements: Array<Record<string, any>> };

const CHUNK = 100;

/** Vehicles (expanded: names, figures) by id, in batches. */
async function vehiclesByIds(ids: number[]): Promise<VehicleWithAgreements[]> {
  const out: VehicleWithAgreements[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await Vehicle.getMany(ids.slice(i, i + CHUNK));
    out.push(...((await Vehicle.present(rows)) as VehicleWithAgreements[]));
  }
  const order = new Map(ids.map((id, i) => [id, i]));
  return out.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

const deptKey = (department?: number | string | null) => (department === undefined || department === null || department === "" || department === "ALL" ? "ALL" : String(department));


export type AgreementRow = { vehicle: VehicleWithAgreements; agreement: Record<string, any> };

/** Every agreement of these finance types ("ANY": every agreement) in a department, by registration. */
export async function agreementsOf(types: string[] | "ANY", department?: number | string | null): Promise<AgreementRow[]> {
  const vehicles = await fleetOf(department);
  vehicles.sort((a, b) => String(a.registration ?? "").localeCompare(String(b.registration ?? ""), "en-GB", { numeric: true }));
  const out: AgreementRow[] = [];
  for (const v of vehicles)
    for (const a of v.finance_agreements ?? []) if (types === "ANY" || types.includes(a.finance_type ?? "NONE")) out.push({ vehicle: v, agreement: a });
  return out;
}

/** The fleet of a department (every vehicle but external customers'), for the CAP report. */
export async function fleetOf(department?: number | string | null): Promise<VehicleWithAgreements[]> {
  const ids = await Vehicle.idsIn(`tab#ALL#dept#${deptKey(department)}#pt#ALL`);
  return vehiclesByIds(ids);
}

export type SalesQuery = PageQuery & { start?: string; end?: string; department?: number | string | null };

/**
 * GET financeagreements (001 §7, the dashboard's Vehicle Sales): the
 * agreements sold between start and end (both inclusive), newest first,
 * each with its vehicle in brief; `total_sold_price` over all of them.
 */
export async function soldAgreements(q: SalesQuery) {
  const dept = deptKey(q.department);
  const entries = await Vehicle.entriesIn("sold", { from: q.start, to: q.end, order: "desc", tags: dept === "ALL" ? [] : [`d=${dept}`] });
  const vehicles = await vehiclesByIds(entries.map((e) => e.id));
  const rows: Array<Record<string, any>> = [];
  for (const v of vehicles)
    for (const a of v.finance_agreements ?? []) {
      if (!a.sold_date || (q.start && a.sold_date < q.start) || (q.end && a.sold_date > q.end)) continue;
      rows.push({
        ...a,
        vehicle: { id: v.id, registration: v.registration, fleet_number: v.fleet_number, make: v.make, model: v.model, vehicle_status: v.vehicle_status },
      });
    }
  rows.sort((a, b) => String(b.sold_date).localeCompare(String(a.sold_date)) || (b.vehicle.id as number) - (a.vehicle.id as number));
  return { ...pageOf(rows, q), total_sold_price: pounds(sum(...rows.map((r) => pounds(r.sold_price as Amount)))) };
}

/**
 * GET vehicles/figures (001 §7, the dashboard's Vehicles panel): the
 * vehicle sales of the period, from the same `sold` list: how many, their
 * sold prices, their book value on the day sold (docs/finance.md) and the
 * gain on disposal (sold price - book value), in whole pence.
 */
export async function vehicleSalesFigures(q: { start: string; end: string; department?: number | string | null }) {
  const { bookValueOn } = await import("../agreements/finance.js");
  const all = await soldAgreements({ start: q.start, end: q.end, department: q.department, page: 1, page_size: 1_000_000 });
  let income = 0;
  let book = 0;
  for (const a of all.results) {
    income += Math.round(Number(a.sold_price ?? 0) * 100);
    book += Math.round(bookValueOn(a, a.sold_date) * 100);
  }
  return { start: q.start, end: q.end, sold: all.count, sales_income: income / 100, book_value: book / 100, profit: (income - book) / 100 };
}
