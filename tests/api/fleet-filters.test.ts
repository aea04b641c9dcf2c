import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { client, signIn } from "../support/api.js";
import { fleetReference, van, ok } from "./fleet-support.js";

/**
 * Column filters of the vehicle list (000 §2, issue 10): each filter is a
 * Query on the column lists whose cost follows the matching vehicles,
 * never the tab; answers exactly what the tab holds with that value, in
 * the tab's order, and every vehicle save stays within one transaction.
 */
let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;

const regs = (res: { body: any }) => res.body.results.map((x: any) => x.registration);

let mercedes: { id: number };
let sprinter: { id: number };
const made: Record<string, any> = {};

beforeAll(async () => {
  api = client(await signIn("fleet@vanco.co.uk", "Fran"));
  ref = await fleetReference(api);
  mercedes = await ok(api.post("vehiclemake", { name: "Mercedes" }));
  sprinter = await ok(api.post("vehiclemodel", { name: "Sprinter", make: mercedes.id }));
  // 30 Fords (the many), and a few Mercedes spread over the tabs.
  for (let k = 0; k < 30; k++) await ok(api.post("createvehicle", van({ registration: `FD${String(k).padStart(2, "0")} FRD`, fleet_number: `30${String(k).padStart(3, "0")}`, make: ref.ford.id, model: ref.transit.id, department: ref.hire.id })));
  const add = async (name: string, body: Record<string, unknown>) => (made[name] = await ok(api.post("createvehicle", van({ make: mercedes.id, ...body }))));
  await add("active2", { registration: "MB02 AAA", fleet_number: "40002", model: sprinter.id, department: ref.hire.id });
  await add("active1", { registration: "MB01 AAA", fleet_number: "40001", department: ref.sales.id, reserve_customer: ref.acme.id });
  await add("ordered", { registration: "MB03 AAA", fleet_number: "40003", vehicle_status: "ORDERED", month_due: "2027-05-01", delivery_date_confirmed: true, delivery_date: "2027-04-20", department: ref.hire.id });
  await add("ordered2", { registration: "MB04 AAA", fleet_number: "40004", vehicle_status: "ORDERED", month_due: "2027-03-01", delivery_date_confirmed: true, delivery_date: "2027-04-01", department: ref.hire.id });
  await add("sold", { registration: "MB05 AAA", fleet_number: "40005", vehicle_status: "SOLD", date_sold: "2026-06-01" });
  await add("external", { registration: "MB06 AAA", fleet_number: null, vehicle_status: "CUSTOMER", owner: ref.bolt.id });
});

describe("a column filter", () => {
  afterEach(() => vi.restoreAllMocks());

  it("returns exactly the tab's vehicles with the value, in the tab's order, reading only the matching entries", async () => {
    const Fleet = await import("../../core/fleet/index.js");
    const entries = vi.spyOn(Fleet.Vehicle, "entriesFrom");
    const matches = vi.spyOn(Fleet.Vehicle, "entriesIn");
    const lists = vi.spyOn(Fleet.Vehicle, "listIn");
    const active = await api.get(`vehicles?vehicle_status=ACTIVE&make=${mercedes.id}`);
    expect(active.body.count).toBe(2);
    expect(regs(active)).toEqual(["MB01 AAA", "MB02 AAA"]);
    // The heads of the tab's two streams (active, hire ready) with that make, 25 entries each at most; the 30 Fords are never read.
    expect(entries.mock.calls).toEqual([
      ["col", { search: `m=${mercedes.id};active;`, limit: 25, order: "asc" }],
      ["col", { search: `m=${mercedes.id};hireready;`, limit: 25, order: "asc" }],
    ]);
    const read = await Promise.all(entries.mock.results.map((r) => r.value));
    expect(read.flat().map((e: any) => e.id).sort()).toEqual([made.active1.id, made.active2.id].sort());
    expect(matches).not.toHaveBeenCalled();
    expect(lists).not.toHaveBeenCalled();
    // The All tab: the current fleet and the sold, by fleet number; never the external vehicles.
    expect(regs(await api.get(`vehicles?vehicle_status=all&make=${mercedes.id}`))).toEqual(["MB01 AAA", "MB02 AAA", "MB03 AAA", "MB04 AAA", "MB05 AAA"]);
    expect(regs(await api.get(`vehicles?vehicle_status=all&make=${mercedes.id}&order=desc`))).toEqual(["MB05 AAA", "MB04 AAA", "MB03 AAA", "MB02 AAA", "MB01 AAA"]);
    // Ordered by month due, Arriving by delivery date, Sold and external tabs on their own lists.
    expect(regs(await api.get(`vehicles?vehicle_status=ORDERED&make=${mercedes.id}`))).toEqual(["MB04 AAA", "MB03 AAA"]);
    expect(regs(await api.get(`vehicles?vehicle_status=ARRIVING&make=${mercedes.id}`))).toEqual(["MB04 AAA", "MB03 AAA"]);
    expect(regs(await api.get(`vehicles?vehicle_status=ORDERED&delivery_date_confirmed=true&month_due=2027-05-01`))).toEqual(["MB03 AAA"]);
    expect(regs(await api.get(`vehicles?vehicle_status=SOLD&make=${mercedes.id}`))).toEqual(["MB05 AAA"]);
    expect(regs(await api.get(`vehicles?tab=customer&make=${mercedes.id}`))).toEqual(["MB06 AAA"]);
    // Hire Ready leaves out the reserved van; department and purchase type narrow; several filters combine.
    expect(regs(await api.get(`vehicles?vehicle_status=HIREREADY&make=${mercedes.id}`))).toEqual(["MB02 AAA"]);
    expect(regs(await api.get(`vehicles?vehicle_status=ACTIVE&make=${mercedes.id}&department=${ref.sales.id}`))).toEqual(["MB01 AAA"]);
    expect(regs(await api.get(`vehicles?vehicle_status=ACTIVE&make=${mercedes.id}&model=${sprinter.id}`))).toEqual(["MB02 AAA"]);
    expect((await api.get(`vehicles?vehicle_status=ACTIVE&make=${mercedes.id}&purchaseType=HIRE_AGREEMENT`)).body.count).toBe(0);
  });

  it("Only Blanks returns exactly the vehicles with no value in that column", async () => {
    const res = await api.get(`vehicles?vehicle_status=ACTIVE&reserve_customer=BLANK&make=${mercedes.id}`);
    expect(regs(res)).toEqual(["MB02 AAA"]);
    const noModel = await api.get("vehicles?vehicle_status=all&model=BLANK");
    expect(noModel.body.count).toBe(4);
    expect(regs(noModel)).toEqual(["MB01 AAA", "MB03 AAA", "MB04 AAA", "MB05 AAA"]);
  });

  it("pages its matches 25 at a time, reading only the page's vehicles", async () => {
    const Fleet = await import("../../core/fleet/index.js");
    const read = vi.spyOn(Fleet.Vehicle, "getMany");
    const first = await api.get(`vehicles?vehicle_status=ACTIVE&make=${ref.ford.id}&filter_list=false`);
    expect(first.body.count).toBe(30);
    expect(regs(first)).toEqual(Array.from({ length: 25 }, (_, k) => `FD${String(k).padStart(2, "0")} FRD`));
    const second = await api.get(`vehicles?vehicle_status=ACTIVE&make=${ref.ford.id}&page=2&filter_list=false`);
    expect(regs(second)).toEqual(["FD25 FRD", "FD26 FRD", "FD27 FRD", "FD28 FRD", "FD29 FRD"]);
    expect(Math.max(...read.mock.calls.map((c) => (c[0]).length))).toBeLessThanOrEqual(25);
  });

  it("follows a vehicle's saves: a new value, a new status, a deletion", async () => {
    const v = await ok(api.post("createvehicle", van({ registration: "MV01 AAA", fleet_number: "41001", make: ref.vw.id })));
    expect(regs(await api.get(`vehicles?vehicle_status=ACTIVE&make=${ref.vw.id}`))).toEqual(["MV01 AAA"]);
    const moved = await ok(api.put(`vehicles/${v.id}`, { make: mercedes.id, vehicle_status: "FORSALE", last_saved: v.last_saved }));
    expect((await api.get(`vehicles?vehicle_status=ACTIVE&make=${ref.vw.id}`)).body.count).toBe(0);
    expect(regs(await api.get(`vehicles?vehicle_status=FORSALE&make=${mercedes.id}`))).toEqual(["MV01 AAA"]);
    await ok(api.put(`vehicles/${v.id}`, { vehicle_status: "SOLD", date_sold: "2026-09-01", last_saved: moved.last_saved }));
    expect((await api.get(`vehicles?vehicle_status=FORSALE&make=${mercedes.id}`)).body.count).toBe(0);
    expect(regs(await api.get(`vehicles?vehicle_status=SOLD&make=${mercedes.id}`))).toEqual(["MV01 AAA", "MB05 AAA"]);
    await ok(api.del(`vehicles/${v.id}`));
    expect(regs(await api.get(`vehicles?vehicle_status=SOLD&make=${mercedes.id}`))).toEqual(["MB05 AAA"]);
  });
});

describe("the busiest vehicle", () => {
  it("moves through every status in one transaction each, its column entries with it", async () => {
    const hook = await ok(api.post("keys", { key_number: "77", board: "Main office" }));
    const spare = await ok(api.post("keys", { key_number: "78", board: "Main office" }));
    const busiest = {
      registration: "BZ01 AAA", fleet_number: "42001", department: ref.hire.id, make: mercedes.id, model: sprinter.id, type: ref.l1.id, courtesy_car: true, key: hook.id, spare_key: spare.id,
      cap_retail: 0, vehicle_supplier: ref.dealer.id, reserve_customer: ref.acme.id, owner: ref.bolt.id, month_due: "2027-01-01", delivery_date: "2027-01-10", delivery_date_confirmed: true,
      finance_agreements: [{ finance_type: "REGULAR", invoice_date: "2025-01-01", depreciation_start_date: "2025-01-02" }],
    };
    let v = await ok(api.post("createvehicle", van({ ...busiest, vehicle_status: "ORDERED" })));
    for (const status of ["ACTIVE", "ORDERED", "EQUIPMENT", "FORSALE", "PROCESSING", "SOLD", "ACTIVE", "SOLD", "ORDERED"]) {
      const res = await api.put(`vehicles/${v.id}`, { vehicle_status: status, reserve_customer: status === "ACTIVE" ? null : ref.acme.id, date_sold: status === "SOLD" ? "2026-10-01" : null, last_saved: v.last_saved });
      expect(res.status, `${status}: ${JSON.stringify(res.body)}`).toBe(200);
      v = res.body;
      const tab = status === "ACTIVE" ? "HIREREADY" : status;
      expect(regs(await api.get(`vehicles?vehicle_status=${tab}&model=${sprinter.id}&key=${hook.id}`))).toEqual(["BZ01 AAA"]);
    }
  });
});
