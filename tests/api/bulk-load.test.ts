import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { fleetReference, van, ok } from "./fleet-support.js";

/**
 * The benchmarks' bulk loader (`bulkLoad` in core/platform/records/define.ts)
 * writes the items a normal create writes: the same rentals loaded in bulk
 * for one van and department, and created one by one through POST rentals
 * for another, give the same answers to get, list, availability, the
 * booking check, the calendar and the dashboard figures.
 */
let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;
let Hire: typeof import("../../core/hire/all.js");
let margin: { id: number };
let bulkVan: any;
let normalVan: any;
let bulkIds: number[] = [];
const normalIds: number[] = [];


const rows = (vehicle: number, department: number) =>
  [
    ["CONFIRMED", "ST", "2027-03-01", "2027-03-05"],
    ["QUOTE", "ST", "2027-03-03", "2027-03-10"],
    ["NOT REQUIRED", "ST", "2027-03-06", "2027-03-08"],
    ["CONFIRMED", "LT", "2027-03-20", "2027-04-02"],
    ["CONFIRMED", "ST", "2027-04-10", "2027-04-11"],
  ].map(([status, rental_type, start_date, finish_date], i) => ({
    status, rental_type, start_date, finish_date, vehicle, department, margin: margin.id,
    customer: i % 2 ? ref.bolt.id : ref.acme.id,
    first_day: 60, two_five_days: 45, six_twenty_seven_days: 35, twenty_eight_plus: 25, long_term_weekly: 210, term: 52, mileage_allowance: 20000,
    start_mileage: 12000 + i, deposit: 250, deposit_paid_date: start_date, initial_payment: 100, initial_payment_date: start_date,
  }));

/** A rental without what differs between the two vans' copies. */
const same = (r: any) => {
  const { id, vehicle, department, last_saved, created_at, created_by, updated_by, ...rest } = r;
  return { ...rest, vehicle: vehicle?.id === bulkVan.id || vehicle?.id === normalVan.id ? "van" : vehicle };
};

beforeAll(async () => {
  api = client(await signIn("bulk@vanco.co.uk", "Bea"));
  ref = await fleetReference(api);
  margin = await ok(api.post("rentalmargin", { name: "Standard", margin: 40 }));
  Hire = await import("../../core/hire/all.js");
  bulkVan = await ok(api.post("createvehicle", van({ make: ref.ford.id, model: ref.transit.id, type: ref.luton.id })));
  normalVan = await ok(api.post("createvehicle", van({ make: ref.ford.id, model: ref.transit.id, type: ref.luton.id })));
  const loaded = await Hire.Rental.bulkLoad(rows(bulkVan.id, ref.hire.id), "bulk@vanco.co.uk");
  bulkIds = Array.from({ length: loaded.count }, (_, i) => loaded.first + i);
  for (const body of rows(normalVan.id, ref.rentals.id)) normalIds.push((await ok(api.post("rentals", body))).id);
});

describe("bulkLoad (benchmark data only)", () => {
  it("issues a block of ids and keeps the id sequence and the list counts right", async () => {
    expect(bulkIds).toEqual([1, 2, 3, 4, 5]);
    expect(normalIds).toEqual([6, 7, 8, 9, 10]);
    const all = await ok(api.get("rentals?page=1&page_size=25"));
    expect(all.count).toBe(10);
    expect(all.results.map((r: any) => r.id).sort((a: number, b: number) => a - b)).toEqual([...bulkIds, ...normalIds]);
    const counts = await Hire.Rental.counts([`vehicle#${bulkVan.id}`, `vehicle#${normalVan.id}`, "month#2027-03", "month#2027-04", "all"]);
    expect(counts).toEqual({ [`vehicle#${bulkVan.id}`]: 5, [`vehicle#${normalVan.id}`]: 5, "month#2027-03": 8, "month#2027-04": 4, all: 10 });
  });

  it("stores the same records, with an audit entry each", async () => {
    for (let i = 0; i < bulkIds.length; i++) {
      const a = await ok(api.get(`rentals/${bulkIds[i]}`));
      const b = await ok(api.get(`rentals/${normalIds[i]}`));
      expect(same(a)).toEqual(same(b));
      expect(a.created_by).toBe("bulk@vanco.co.uk");
      const history = await ok(api.get(`history/rental/${bulkIds[i]}`));
      expect(history.results.map((h: any) => h.action)).toEqual(["create"]);
    }
  });

  it("answers the vehicle's record and availability check the same way", async () => {
    for (const q of ["", "&start_date=2027-03-04&finish_date=2027-03-07", "&start_date=2027-04-01&finish_date=2027-04-30", "&status=CONFIRMED"]) {
      const a = await ok(api.get(`rentals?page=1&page_size=25&vehicle=${bulkVan.id}${q}`));
      const b = await ok(api.get(`rentals?page=1&page_size=25&vehicle=${normalVan.id}${q}`));
      expect(a.count).toBe(b.count);
      expect(a.results.map(same)).toEqual(b.results.map(same));
      expect([a.total_cost, a.total_weekly]).toEqual([b.total_cost, b.total_weekly]);
    }
  });

  it("gives the finder the same booking sets", async () => {
    for (const [start, finish, free] of [
      ["2027-03-02", "2027-03-02", false],
      ["2027-03-06", "2027-03-19", true],
      ["2027-04-02", "2027-04-03", false],
      ["2027-04-12", "2027-05-01", true],
    ] as const) {
      const res = await ok(api.get(`rentals/available?start_date=${start}&finish_date=${finish}&type=${ref.luton.id}&page=1&page_size=25`));
      const ids = res.results.map((v: any) => v.id);
      expect([ids.includes(bulkVan.id), ids.includes(normalVan.id)]).toEqual([free, free]);
    }
  });

  it("refuses an overlapping confirmed booking on either van with the same message, and takes a free one", async () => {
    for (const v of [bulkVan.id, normalVan.id]) {
      const refused = await api.post("rentals", { ...rows(v, ref.sales.id)[0], start_date: "2027-03-31", finish_date: "2027-04-01" });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe("This vehicle is already booked out to Bolt Couriers!");
      const taken = await api.post("rentals", { ...rows(v, ref.sales.id)[0], start_date: "2027-03-12", finish_date: "2027-03-13" });
      expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    }
  });

  it("gives the same dashboard figures and weekly view per department", async () => {
    for (const q of ["type=monthly&date=2027-03-15", "type=weekly&date=2027-03-01", "type=monthly&date=2027-04-01"]) {
      const a = await ok(api.get(`rentals/figures?${q}&department=${ref.hire.id}`));
      const b = await ok(api.get(`rentals/figures?${q}&department=${ref.rentals.id}`));
      expect(a).toEqual(b);
      expect(a.rentals).toBeGreaterThan(0);
    }
    const a = await ok(api.get(`rentals?page=1&page_size=25&view=monthly&date=2027-03-15&department=${ref.hire.id}`));
    const b = await ok(api.get(`rentals?page=1&page_size=25&view=monthly&date=2027-03-15&department=${ref.rentals.id}`));
    expect(a.count).toBe(4);
    expect(a.results.map(same)).toEqual(b.results.map(same));
    const ca = await ok(api.get(`rentals/calendar?date=2027-03-01&department=${ref.hire.id}`));
    const cb = await ok(api.get(`rentals/calendar?date=2027-03-01&department=${ref.rentals.id}`));
    const cal = (c: any) => c.results.map((r: any) => r.rentals.map(({ id, ...x }: any) => x));
    expect(cal(ca)).toEqual(cal(cb));
  });

  it("refuses rows whose confirmed ranges overlap, before writing anything", async () => {
    const v = await ok(api.post("createvehicle", van({ make: ref.ford.id, model: ref.transit.id, type: ref.l1.id })));
    const [first] = rows(v.id, ref.hire.id);
    await expect(Hire.Rental.bulkLoad([first, { ...first, start_date: "2027-03-05", finish_date: "2027-03-06" }], "bulk")).rejects.toThrow(/overlap/);
    expect((await ok(api.get(`rentals?page=1&page_size=25&vehicle=${v.id}`))).count).toBe(0);
  });
});
