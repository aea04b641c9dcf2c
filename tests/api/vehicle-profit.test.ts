import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { client, signIn } from "../support/api.js";
import { booking, ok } from "./fleet-support.js";
import { item, jobBody, newVan, part, workshopReference, type WorkshopRef } from "./workshop-support.js";
import { PROFIT_EXAMPLE as X } from "../support/profit-example.js";

/**
 * The vehicle profit line and the fleet league table (issue 27;
 * docs/finance.md "Vehicle profit line"), on records saved through the API:
 * the worked example to the penny, the league table's order and filters,
 * and edits moving the figures by their change.
 */

type Api = ReturnType<typeof client>;
let api: Api;
let ref: WorkshopRef;

beforeAll(async () => {
  // The job card is approved on 14/05/2025, as in the worked example (the approval dates it: docs/finance.md).
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2025-05-14T09:00:00Z") });
  api = client(await signIn());
  ref = await workshopReference(api);
});
afterAll(() => vi.useRealTimers());

async function approvedJob(vehicle: number, labour_hours: number, cost: number) {
  const job = await ok(api.post("createjob", jobBody(ref, vehicle, { work_items: [item(ref, { labour_hours, parts: [part(ref, { cost })] })] })));
  // Through Returned, Ready For Collection and approval (002 §5).
  let j = await ok(api.put(`jobs/returned/${job.id}`, { status: "RETURNED_FROM_WORKSHOP", last_saved: job.last_saved }));
  j = await ok(api.put(`jobs/returned/${job.id}`, { status: "READY_FOR_COLLECTION", last_saved: j.last_saved }));
  await ok(api.post(`jobs/approve/${job.id}`, { last_saved: j.last_saved, mileage: 5000 }));
  return ok(api.get(`jobs/${job.id}`));
}

async function exampleVan(extra: Record<string, unknown> = {}) {
  return newVan(api, ref, {
    ...X.vehicle,
    vehicle_status: "SOLD",
    department: ref.hire.id,
    finance_agreements: [{ ...X.agreement }],
    ...extra,
  });
}

type RentalInput = { status: string; start_date: string; finish_date: string; total: number; off_hire_total_additional_charges?: number };
async function rental(vehicle: number, r: RentalInput) {
  const { off_hire_total_additional_charges: damage, ...rest } = r;
  return ok(
    api.post("rentals", {
      ...booking(ref, vehicle, r.start_date, r.finish_date),
      ...rest,
      cost_override: true,
      ...(damage ? { off_hire_date: r.finish_date, off_hire_mileage: 15000, off_hire_new_damage: damage } : {}),
    }),
  );
}

describe("vehicle profit line (docs/finance.md worked example)", () => {
  let vanId: number;
  let jobId: number;
  let rentalIds: number[];

  it("the worked example saved through the API answers the doc's line to the penny, every figure with its records", async () => {
    const v = await exampleVan();
    vanId = v.id;
    rentalIds = [];
    for (const r of X.rentals) rentalIds.push((await rental(v.id, r)).id);
    const job = await approvedJob(v.id, 4.8, 186.4);
    jobId = job.id;
    expect([job.labour_cost_total, job.parts_cost_total, job.approved_date]).toEqual([240, 186.4, "2025-05-14"]);
    const line = await ok(api.get(`vehicles/${v.id}/profit?on=${X.on}`));
    const { months, ...figures } = X.expected;
    expect(line).toMatchObject(figures);
    expect(line.months).toEqual(months);
    const links = Object.fromEntries(line.figures.map((f: { name: string; records: Array<{ kind: string; id: number }> }) => [f.name, f.records.map((r) => `${r.kind}#${r.id}`)]));
    expect(links.hire_income).toEqual(rentalIds.map((id) => `rental#${id}`));
    expect(links.workshop_labour).toEqual([`job#${job.id}`]);
    expect(links.workshop_parts).toEqual([`job#${job.id}`]);
    expect(links.purchase_price).toEqual([`vehicle#${v.id}`]);
    expect(links.sale_price).toEqual([`vehicle#${v.id}`]);
    expect(links.finance_interest).toHaveLength(1);
  });

  it("an edit to a rental or a job card moves the figures by the change, and a delete takes its figures away", async () => {
    const r = await ok(api.get(`rentals/${rentalIds[0]}`));
    await ok(api.put(`rentals/${r.id}`, { ...r, total: 1500, last_saved: r.last_saved }));
    let line = await ok(api.get(`vehicles/${vanId}/profit?on=${X.on}`));
    expect(line.hire_income).toBe(6185);
    expect(line.profit).toBe(-971.4);
    expect(line.months.find((m: { month: string }) => m.month === "2025-02").income).toBe(562.5);
    // An approved job card is locked (002 §5): the refused edit leaves the figures as they were.
    const j = await ok(api.get(`jobs/${jobId}`));
    const items = j.work_items.map((w: Record<string, unknown> & { parts: Array<Record<string, unknown>> }) => ({ ...w, parts: w.parts.map((p: Record<string, unknown>) => ({ ...p, cost: 200 })) }));
    expect((await api.put(`jobs/${jobId}`, { ...j, work_items: items, last_saved: j.last_saved })).status).toBe(400);
    expect((await ok(api.get(`vehicles/${vanId}/profit?on=${X.on}`))).workshop_parts).toBe(186.4);
    // A second job card moves nothing until approved, then exactly its costs.
    const second = await ok(api.post("createjob", jobBody(ref, vanId, { work_items: [item(ref, { labour_hours: 1, parts: [part(ref, { cost: 20 })] })] })));
    expect((await ok(api.get(`vehicles/${vanId}/profit?on=${X.on}`))).workshop_labour).toBe(240);
    let k = await ok(api.put(`jobs/returned/${second.id}`, { status: "RETURNED_FROM_WORKSHOP", last_saved: second.last_saved }));
    k = await ok(api.put(`jobs/returned/${second.id}`, { status: "READY_FOR_COLLECTION", last_saved: k.last_saved }));
    await ok(api.post(`jobs/approve/${second.id}`, { last_saved: k.last_saved, mileage: 5000 }));
    line = await ok(api.get(`vehicles/${vanId}/profit?on=${X.on}`));
    expect([line.workshop_labour, line.workshop_parts, line.profit]).toEqual([290, 206.4, -971.4 - 70]);
    await ok(api.del(`rentals/${rentalIds[0]}`));
    line = await ok(api.get(`vehicles/${vanId}/profit?on=${X.on}`));
    expect(line.hire_income).toBe(4685);
    expect(line.days_on_hire).toBe(92);
    expect(line.figures.find((f: { name: string }) => f.name === "hire_income").records).toEqual([{ kind: "rental", id: rentalIds[1], amount: 4685 }]);
  });
});

describe("fleet league table", () => {
  it("pages by profit before finance, filtered by department, type, make and model from their boards", async () => {
    const own = await ok(api.post("createdepartment", { name: "League Dept" }));
    const vans = [];
    // Profit before finance: purchase -1,000 each, then hire income 0, 600, 1,200, ... per van.
    for (let i = 0; i < 4; i++) {
      const v = await newVan(api, ref, {
        department: own.id,
        purchase_date: "2025-01-10",
        mileage: 1000,
        ...(i % 2 ? { make: ref.vw.id, model: ref.crafter.id, type: ref.luton.id } : {}),
        finance_agreements: [{ finance_type: "NONE", vehicle_purchase_price: 1000, invoice_date: "2025-01-10", depreciation_start_date: "2025-01-10" }],
      });
      if (i) await rental(v.id, { status: "CONFIRMED", start_date: `2025-0${i + 5}-01`, finish_date: `2025-0${i + 5}-10`, total: 600 * i });
      vans.push(v);
    }
    const page = await ok(api.get(`reports/fleet-league?department=${own.id}`));
    expect(page.count).toBe(4);
    expect(page.results.map((r: { id: number }) => r.id)).toEqual([vans[3].id, vans[2].id, vans[1].id, vans[0].id]);
    expect(page.results.map((r: { profit_before_finance: number }) => r.profit_before_finance)).toEqual([800, 200, -400, -1000]);
    expect(page.results[0]).toMatchObject({ days_on_hire: 10, income: 1800, costs: 1000, miles: 1000 });
    const asc = await ok(api.get(`reports/fleet-league?department=${own.id}&order=asc`));
    expect(asc.results.map((r: { id: number }) => r.id)).toEqual([vans[0].id, vans[1].id, vans[2].id, vans[3].id]);
    const vw = await ok(api.get(`reports/fleet-league?department=${own.id}&make=${ref.vw.id}`));
    expect(vw.results.map((r: { id: number }) => r.id)).toEqual([vans[3].id, vans[1].id]);
    const crafters = await ok(api.get(`reports/fleet-league?model=${ref.crafter.id}&make=${ref.vw.id}`));
    expect(crafters.results.map((r: { id: number }) => r.id)).toEqual([vans[3].id, vans[1].id]);
    const luton = await ok(api.get(`reports/fleet-league?type=${ref.luton.id}`));
    expect(luton.results.map((r: { id: number }) => r.id)).toEqual([vans[3].id, vans[1].id]);
    const two = await api.get(`reports/fleet-league?type=${ref.luton.id}&make=${ref.vw.id}`);
    expect(two.status).toBe(400);
    // A vehicle moved to another department moves its rank with it.
    const moved = await ok(api.get(`vehicles/${vans[3].id}`));
    await ok(api.put(`vehicles/${vans[3].id}`, { last_saved: moved.last_saved, department: ref.sales.id }));
    const after = await ok(api.get(`reports/fleet-league?department=${own.id}`));
    expect(after.results.map((r: { id: number }) => r.id)).toEqual([vans[2].id, vans[1].id, vans[0].id]);
    const sales = await ok(api.get(`reports/fleet-league?department=${ref.sales.id}`));
    expect(sales.results.map((r: { id: number }) => r.id)).toEqual([vans[3].id]);
    // The CSV report, through the report mechanism.
    const csv = await api.get(`report/fleetleague?department=${own.id}`);
    expect(csv.status).toBe(200);
    const lines = String(csv.body).replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(lines[0]).toContain("Profit before finance");
    expect(lines).toHaveLength(4);
  });
});

describe("the figures' backfill (npm run job -- profit-rebuild)", () => {
  it("records loaded without figures are counted once rebuilt; a second run writes the same", async () => {
    const { Rental } = await import("../../core/hire/index.js");
    const { handler } = await import("../../functions/cron/profit-rebuild.js");
    const v = await newVan(api, ref, { purchase_date: "2025-01-10", mileage: 500, department: ref.rentals.id });
    const seen = await rental(v.id, { status: "CONFIRMED", start_date: "2025-09-01", finish_date: "2025-09-10", total: 300 });
    // Loaded around the record's own create (as an earlier release's records): no figures kept for it.
    await Rental.bulkLoad([{ ...booking(ref, v.id, "2025-10-01", "2025-10-05"), cost_override: true, total: 200 }], "test");
    const before = await ok(api.get(`vehicles/${v.id}/profit?on=${X.on}`));
    expect([before.hire_income, before.days_on_hire]).toEqual([300, 10]);
    expect((await handler()).ok).toBe(true);
    const after = await ok(api.get(`vehicles/${v.id}/profit?on=${X.on}`));
    expect([after.hire_income, after.days_on_hire]).toEqual([500, 15]);
    expect(after.figures.find((f: { name: string }) => f.name === "hire_income").records.map((r: { kind: string }) => r.kind)).toEqual(["rental", "rental"]);
    expect(after.figures.find((f: { name: string }) => f.name === "hire_income").records[0].id).toBe(seen.id);
    await handler();
    expect(await ok(api.get(`vehicles/${v.id}/profit?on=${X.on}`))).toEqual(after);
    const board = await ok(api.get(`reports/fleet-league?department=${ref.rentals.id}`));
    expect(board.results.find((r: { id: number }) => r.id === v.id).profit_before_finance).toBe(500);
  });
});

type Figure = { name: string; amount: number | null; records: Array<{ kind: string; id: number; amount: number }> };
const figureOf = (line: { figures: Figure[] }, name: string) => line.figures.find((f) => f.name === name)!;
const ON = "2025-12-31";

describe("movements and transactions in the van's profit line (docs/finance.md)", () => {
  it("a movement of a fleet van by registration costs its internal charge in its own transaction; edits move it by the change, to another van and away", async () => {
    const a = await newVan(api, ref, { purchase_date: "2025-01-10", mileage: 1000 });
    const b = await newVan(api, ref, { purchase_date: "2025-01-10", mileage: 1000 });
    // Typed loosely: lower case, spaces: compacted and upper-cased to the registration's claim.
    const typed = String(a.registration).toLowerCase().replace(/\s/g, "  ");
    const m = await ok(api.post("movement", { vehicle: typed, internal_charge: 45, cost_override: true, cost: 90, delivery_date: "2025-05-10" }));
    expect(m.fleet_vehicle).toBe(a.id);
    let line = await ok(api.get(`vehicles/${a.id}/profit?on=${ON}`));
    expect(line.movements).toBe(45);
    expect(line.profit_before_finance).toBe(-45);
    expect(figureOf(line, "movements").records).toEqual([{ kind: "movement", id: m.id, amount: 45 }]);
    // Edited: moved by the change.
    const edited = await ok(api.put(`movement/${m.id}`, { internal_charge: 60, last_saved: m.last_saved }));
    line = await ok(api.get(`vehicles/${a.id}/profit?on=${ON}`));
    expect([line.movements, line.profit_before_finance]).toEqual([60, -60]);
    expect(line.months.find((x: { month: string }) => x.month === "2025-05").cost).toBe(60);
    // Another van's registration: the figures go with it.
    const moved = await ok(api.put(`movement/${m.id}`, { vehicle: b.registration, last_saved: edited.last_saved }));
    expect(moved.fleet_vehicle).toBe(b.id);
    expect((await ok(api.get(`vehicles/${a.id}/profit?on=${ON}`))).movements).toBe(0);
    expect((await ok(api.get(`vehicles/${b.id}/profit?on=${ON}`))).movements).toBe(60);
    // Not a fleet registration: no van.
    const other = await ok(api.post("movement", { vehicle: "NOT A VAN 1", internal_charge: 10, delivery_date: "2025-05-10" }));
    expect(other.fleet_vehicle ?? null).toBeNull();
    await ok(api.del(`movement/${m.id}`));
    const gone = await ok(api.get(`vehicles/${b.id}/profit?on=${ON}`));
    expect([gone.movements, figureOf(gone, "movements").records]).toEqual([0, []]);
  });

  it("a job's movement is of its job's van and adds nothing itself: its job's work item carries it into the workshop labour", async () => {
    const v = await newVan(api, ref, { purchase_date: "2025-01-10", mileage: 1000 });
    const job = await ok(api.post("createjob", jobBody(ref, v.id, { work_items: [item(ref, { labour_hours: 1 })] })));
    const m = await ok(api.post("movement", { job: job.id, work_type: ref.service.id, internal_charge: 30, cost_override: true, cost: 75, delivery_date: "2025-05-10" }));
    expect(m.fleet_vehicle).toBe(v.id);
    const line = await ok(api.get(`vehicles/${v.id}/profit?on=${ON}`));
    expect([line.movements, line.workshop_labour]).toEqual([0, 0]);
  });

  it("a transaction booked to a vehicle moves its other income or costs (net) in its own transaction, by the change on edit; a bad vehicle is a 400 that changes nothing", async () => {
    const v = await newVan(api, ref, { purchase_date: "2025-01-10", mileage: 1000 });
    const out = await ok(api.post("transactions", { type: "OUT", date: "2025-05-03", description: "Tyres", amount: 100, vat: 20, vehicle: v.id }));
    expect(out.vehicle).toMatchObject({ id: v.id, registration: v.registration });
    let line = await ok(api.get(`vehicles/${v.id}/profit?on=${ON}`));
    expect([line.other_costs, line.profit_before_finance]).toEqual([100, -100]);
    expect(figureOf(line, "other_costs").records).toEqual([{ kind: "transaction", id: out.id, amount: 100 }]);
    const inc = await ok(api.post("transactions", { type: "IN", date: "2025-06-03", description: "Advert on the van", amount: 80, vat: 16, vehicle: v.id }));
    const edited = await ok(api.put(`transactions/update/${out.id}`, { amount: 150, vat: 30, last_saved: out.last_saved }));
    line = await ok(api.get(`vehicles/${v.id}/profit?on=${ON}`));
    expect([line.other_costs, line.other_income, line.income, line.profit_before_finance]).toEqual([150, 80, 80, -70]);
    expect(figureOf(line, "other_income").records).toEqual([{ kind: "transaction", id: inc.id, amount: 80 }]);
    // Booked to nothing any more: its figures leave.
    await ok(api.put(`transactions/update/${edited.id}`, { vehicle: null, last_saved: edited.last_saved }));
    expect((await ok(api.get(`vehicles/${v.id}/profit?on=${ON}`))).other_costs).toBe(0);
    // A vehicle that does not exist: refused, nothing written.
    const bad = await api.post("transactions", { type: "OUT", date: "2025-05-03", description: "Nowhere", amount: 10, vehicle: 999999 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.vehicle).toBe("Vehicle 999999 does not exist");
    const i = await ok(api.get(`transactions/update/${inc.id}`));
    const badEdit = await api.put(`transactions/update/${inc.id}`, { vehicle: 999999, last_saved: i.last_saved });
    expect(badEdit.status).toBe(400);
    expect((await ok(api.get(`vehicles/${v.id}/profit?on=${ON}`))).other_income).toBe(80);
    expect((await ok(api.get(`transactions/update/${inc.id}`))).vehicle.id).toBe(v.id);
  });
});

describe("the league sorted by utilisation and cost per mile, and its nightly re-rank", () => {
  it("sorts by utilisation and by cost per mile both ways, the CSV in the same order; the re-rank moves what the calendar moved, and a second run the same day writes nothing", async () => {
    const own = await ok(api.post("createdepartment", { name: "Sorts Dept" }));
    // Today is 14/05/2025 (fake timers): 30 days on fleet each from 15/04/2025.
    const spec = [
      { hire: "2025-04-24", job: 1, mileage: 1000 },
      { hire: "2025-05-09", job: 3, mileage: 1000 },
      { hire: "2025-04-29", job: 0, mileage: 0 },
    ];
    const vans = [];
    for (const s of spec) {
      const v = await newVan(api, ref, { department: own.id, purchase_date: "2025-04-15", mileage: s.mileage });
      // On hire 5, 20 and 10 days from 20/04/2025.
      await rental(v.id, { status: "CONFIRMED", start_date: "2025-04-20", finish_date: s.hire, total: 100 });
      if (s.job) await ok(api.post("transactions", { type: "OUT", date: "2025-05-01", description: "Repair", amount: 100 * s.job, vehicle: v.id }));
      vans.push(v.id);
    }
    const ids = (p: { results: Array<{ id: number }> }) => p.results.map((r) => r.id);
    const util = await ok(api.get(`reports/fleet-league?department=${own.id}&sort=utilisation`));
    expect(util.count).toBe(3);
    expect(ids(util)).toEqual([vans[1], vans[2], vans[0]]);
    expect(util.results.map((r: { utilisation: number }) => r.utilisation)).toEqual([66.7, 33.3, 16.7]);
    expect(ids(await ok(api.get(`reports/fleet-league?department=${own.id}&sort=utilisation&order=asc`)))).toEqual([vans[0], vans[2], vans[1]]);
    // Cost per mile: 0.100, 0.300 and none (no miles: kept lowest).
    const cpm = await ok(api.get(`reports/fleet-league?department=${own.id}&sort=cost_per_mile&order=asc`));
    expect(ids(cpm)).toEqual([vans[2], vans[0], vans[1]]);
    expect(cpm.results.map((r: { cost_per_mile: number | null }) => r.cost_per_mile)).toEqual([null, 0.1, 0.3]);
    expect(ids(await ok(api.get(`reports/fleet-league?department=${own.id}&sort=cost_per_mile`)))).toEqual([vans[1], vans[0], vans[2]]);
    expect((await api.get(`reports/fleet-league?sort=miles`)).status).toBe(400);
    const csv = String((await api.get(`report/fleetleague?department=${own.id}&sort=utilisation&order=asc`)).body).replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    const regs = await Promise.all(vans.map(async (id) => (await ok(api.get(`vehicles/${id}`))).registration));
    expect(csv.slice(1).map((l) => l.split(",")[0].replace(/"/g, ""))).toEqual([regs[0], regs[2], regs[1]]);

    // The calendar moves utilisation: van 2 sold 31/05 (60% once the others' days on fleet grow).
    const sold = await ok(api.get(`vehicles/${vans[2]}`));
    await ok(api.put(`vehicles/${vans[2]}`, { last_saved: sold.last_saved, date_sold: "2025-05-14" }));
    const { handler } = await import("../../functions/cron/league-rank.js");
    const first = await handler({ date: "2025-06-13" });
    expect(first).toMatchObject({ ok: true, date: "2025-06-13", done: true });
    expect(first.moved).toBeGreaterThan(0);
    // As of 13/06/2025: van 0 5/60, van 1 20/60, van 2 (sold 14/05) 10/30.
    const ranked = await ok(api.get(`reports/fleet-league?department=${own.id}&sort=utilisation`));
    expect(ranked.ranked_on).toBe("2025-06-13");
    expect(ids(ranked)).toEqual([vans[2], vans[1], vans[0]]);
    const second = await handler({ date: "2025-06-13" });
    expect([second.items, second.transactions, second.moved]).toEqual([0, 0, 0]);
  });
});

describe("days on fleet of a van with no purchase date (docs/finance.md \"Formulas\")", () => {
  it("counts from the day its record was made; days on hire never above it, so the league and the profit line show a utilisation", async () => {
    const own = await ok(api.post("createdepartment", { name: "No Purchase Dept" }));
    // Today is 14/05/2025 (fake timers): the van's record is made today, with no purchase date.
    const v = await newVan(api, ref, { department: own.id, purchase_date: null, mileage: 0 });
    await rental(v.id, { status: "CONFIRMED", start_date: "2025-05-01", finish_date: "2025-05-31", total: 310 });
    const line = await ok(api.get(`vehicles/${v.id}/profit`));
    expect([line.days_on_fleet, line.days_on_hire, line.utilisation]).toEqual([1, 1, 100]);
    const league = await ok(api.get(`reports/fleet-league?department=${own.id}&sort=utilisation`));
    expect(league.results.map((r: { days_on_fleet: number; days_on_hire: number; utilisation: number | null }) => [r.days_on_fleet, r.days_on_hire, r.utilisation])).toEqual([[1, 1, 100]]);
    // A week on (a fresh sign-in: the session's token has lapsed) the same rule: 8 days on fleet, 8 on hire.
    vi.setSystemTime(new Date("2025-05-21T09:00:00Z"));
    try {
      const weekOn = client(await signIn());
      const later = await ok(weekOn.get(`reports/fleet-league?department=${own.id}&sort=utilisation`));
      expect(later.results.map((r: { days_on_fleet: number; days_on_hire: number; utilisation: number | null }) => [r.days_on_fleet, r.days_on_hire, r.utilisation])).toEqual([[8, 8, 100]]);
    } finally {
      vi.setSystemTime(new Date("2025-05-14T09:00:00Z"));
    }
  });
});
