import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { booking, fleetReference, ok, van } from "./fleet-support.js";

/**
 * GET vehicles as the spec's calls send it (000 §4, §7; 001 §7): the
 * finder's availability (type, start, end, vehicle_status=ACTIVE), a view
 * narrowing a status, `order` by the sub-tab's sort field; GET
 * vehiclesearch's count.
 */
let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;
const v: Record<string, any> = {};

beforeAll(async () => {
  api = client(await signIn("finder@vanco.co.uk", "Fay"));
  ref = await fleetReference(api);
  await ok(api.post("rentalmargin", { name: "Standard", margin: 40 }));
  const make = async (name: string, body: Record<string, unknown>) => (v[name] = await ok(api.post("createvehicle", van(body))));
  await make("free", { registration: "FR11 AAA", type: ref.luton.id });
  await make("busy", { registration: "BU11 AAA", type: ref.luton.id });
  await make("reserved", { registration: "RE11 AAA", type: ref.luton.id, reserve_customer: ref.acme.id });
  await make("forsale", { registration: "FS11 AAA", type: ref.luton.id, vehicle_status: "FORSALE" });
  await make("other", { registration: "OT11 AAA", type: ref.l1.id });
  await make("ordered", { registration: "OR11 AAA", vehicle_status: "ORDERED", month_due: "2026-01-01" });
  await make("arriving", { registration: "AR11 AAA", vehicle_status: "ORDERED", month_due: "2026-03-01", delivery_date_confirmed: true, delivery_date: "2026-02-20" });
  await make("arriving2", { registration: "AR22 AAA", vehicle_status: "ORDERED", month_due: "2026-02-01", delivery_date_confirmed: true, delivery_date: "2026-02-10" });
  await ok(api.post("rentals", booking(ref, v.busy.id, "2027-10-01", "2027-10-10")));
});

const regs = (res: { body: any }) => res.body.results.map((r: any) => r.registration);

describe("GET vehicles with type, start, end, vehicle_status=ACTIVE (001 §7 finder)", () => {
  it("answers only the active vehicles of that type free for those dates, as GET rentals/available does", async () => {
    const res = await api.get(`vehicles?type=${ref.luton.id}&start=2027-10-05&end=2027-10-06&vehicle_status=ACTIVE`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(regs(res)).toEqual(["FR11 AAA", "RE11 AAA"]);
    expect(res.body.count).toBe(2);
    expect(res.body.results[0]).toMatchObject({ id: v.free.id, workshop_warnings: [] });
    expect(res.body).toHaveProperty("filter_list");
    // The same mechanism as the rental finder: the same vehicles.
    const finder = await ok(api.get(`rentals/available?type=${ref.luton.id}&start_date=2027-10-05&finish_date=2027-10-06`));
    expect(finder.results.map((r: any) => r.id)).toEqual(res.body.results.map((r: any) => r.id));
    // Other dates: the booked van is free.
    expect(regs(await api.get(`vehicles?type=${ref.luton.id}&start=2027-11-01&end=2027-11-02&vehicle_status=ACTIVE`))).toEqual(["BU11 AAA", "FR11 AAA", "RE11 AAA"]);
    // The booking's last day still holds it; without a type, every active van free.
    const all = await api.get("vehicles?start=2027-10-10&end=2027-10-10&vehicle_status=ACTIVE&filter_list=false");
    expect(regs(all)).toEqual(["FR11 AAA", "OT11 AAA", "RE11 AAA"]);
    expect(all.body).not.toHaveProperty("filter_list");
  });

  it("refuses bad, missing or reversed dates, a status other than ACTIVE and filters it cannot apply with a 400", async () => {
    const bad = async (q: string, field: string) => {
      const res = await api.get(`vehicles?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.errors, q).toHaveProperty(field);
      expect(typeof res.body.message).toBe("string");
    };
    await bad("type=1&start=bad&end=2027-10-06&vehicle_status=ACTIVE", "start");
    await bad("type=1&start=2027-10-05&end=2027-13-01&vehicle_status=ACTIVE", "end");
    await bad("type=1&start=2027-10-05&vehicle_status=ACTIVE", "end");
    await bad("type=1&end=2027-10-05&vehicle_status=ACTIVE", "start");
    await bad("type=1&start=2027-10-06&end=2027-10-05&vehicle_status=ACTIVE", "end");
    await bad("start=2027-10-05&end=2027-10-06&vehicle_status=SOLD", "vehicle_status");
    await bad("type=BLANK&start=2027-10-05&end=2027-10-06", "type");
    await bad(`make=${ref.ford.id}&start=2027-10-05&end=2027-10-06`, "make");
  });
});

describe("GET vehicles: view with vehicle_status (000 §4), order by the sub-tab's field (000 §2)", () => {
  it("a view narrows the status it is a view of, as the view alone does", async () => {
    const hireReady = regs(await api.get("vehicles?view=HIREREADY"));
    expect(hireReady).not.toContain("RE11 AAA");
    expect(regs(await api.get("vehicles?vehicle_status=ACTIVE&view=HIREREADY"))).toEqual(hireReady);
    expect(regs(await api.get("vehicles?vehicle_status=ACTIVE"))).toContain("RE11 AAA");
    expect(regs(await api.get("vehicles?vehicle_status=ORDERED&view=ARRIVING"))).toEqual(["AR22 AAA", "AR11 AAA"]);
    expect(regs(await api.get("vehicles?vehicle_status=ORDERED&view=ARRIVING"))).toEqual(regs(await api.get("vehicles?view=ARRIVING")));
    // The label's own spelling, and a view of all or of the same status.
    expect(regs(await api.get("vehicles?vehicle_status=active&view=hire_ready"))).toEqual(hireReady);
    expect(regs(await api.get("vehicles?vehicle_status=ORDERED&view=all"))).toEqual(["OR11 AAA", "AR22 AAA", "AR11 AAA"]);
    expect(regs(await api.get("vehicles?vehicle_status=all&view=ARRIVING"))).toEqual(["AR22 AAA", "AR11 AAA"]);
  });

  it("an unknown view, or a view of another status, is a 400", async () => {
    const foo = await api.get("vehicles?vehicle_status=ACTIVE&view=FOO");
    expect(foo.status).toBe(400);
    expect(foo.body.errors).toHaveProperty("view");
    expect((await api.get("vehicles?view=FOO")).status).toBe(400);
    const other = await api.get("vehicles?vehicle_status=SOLD&view=HIREREADY");
    expect(other.status).toBe(400);
    expect(other.body.message).toBe("View HIREREADY is not a view of SOLD vehicles");
  });

  it("order takes the sub-tab's sort field by name (Ordered: month_due, Arriving: delivery_date) besides asc and desc", async () => {
    expect(regs(await api.get("vehicles?vehicle_status=ORDERED&order=month_due"))).toEqual(["OR11 AAA", "AR22 AAA", "AR11 AAA"]);
    expect(regs(await api.get("vehicles?vehicle_status=ORDERED&order=-month_due"))).toEqual(["AR11 AAA", "AR22 AAA", "OR11 AAA"]);
    expect(regs(await api.get("vehicles?vehicle_status=ORDERED&view=ARRIVING&order=delivery_date"))).toEqual(["AR22 AAA", "AR11 AAA"]);
    expect(regs(await api.get("vehicles?vehicle_status=ARRIVING&order=-delivery_date"))).toEqual(["AR11 AAA", "AR22 AAA"]);
    expect(regs(await api.get("vehicles?vehicle_status=ORDERED&order=DESC"))).toEqual(["AR11 AAA", "AR22 AAA", "OR11 AAA"]);
    expect((await api.get("vehicles?vehicle_status=ACTIVE&order=fleet_number")).status).toBe(200);
    // A field the list is not sorted by would need an index it does not keep.
    const res = await api.get("vehicles?vehicle_status=ORDERED&order=delivery_date");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("This list is sorted by month_due: order must be asc, desc, month_due or -month_due");
    expect(res.body.errors).toHaveProperty("order");
  });
});

describe("GET vehiclesearch", () => {
  it("counts every match, not only the 25 it answers", async () => {
    for (let i = 0; i < 27; i++) await ok(api.post("createvehicle", van({ registration: `VQ${String(i).padStart(2, "0")} AAA`, fleet_number: `30${String(i).padStart(3, "0")}` })));
    const res = await ok(api.get("vehiclesearch?search=VQ"));
    expect(res.count).toBe(27);
    expect(res.results).toHaveLength(25);
    expect(res.results[0]).toMatchObject({ registration: "VQ00 AAA" });
    expect((await ok(api.get("vehiclesearch?search=vq2"))).count).toBe(7);
    // A fleet number and a registration of one vehicle count it once.
    expect((await ok(api.get("vehiclesearch?search=30001"))).count).toBe(1);
  });
});
