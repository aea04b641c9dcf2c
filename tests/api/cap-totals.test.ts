import { beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInLondon } from "../../core/platform/dates.js";
import { app, call, client, signIn } from "../support/api.js";
import { fleetReference, van, ok } from "./fleet-support.js";

/**
 * The dashboard's CAP figures (001 §3, §4, §7; docs/dashboard.md):
 * GET vehicles/summary (the fleet's Active, Ordered and For Sale vehicles
 * now, with their CAP totals kept as maintained sums in each vehicle's
 * save) and GET captotalchange (what the latest CAP upload did to them).
 */
let api: ReturnType<typeof client>;
let token: string;
let ref: Awaited<ReturnType<typeof fleetReference>>;
const v: Record<string, any> = {};
const HEADER = "registration,cap_retail,cap_clean,cap_average,cap_below,cap_date";

async function upload(csv: string) {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "cap.csv");
  const res = await app.request("/api/vehiclescap", { method: "POST", headers: { authorization: `Token ${token}` }, body: form });
  return { status: res.status, body: await res.json() };
}

const statusOf = (summary: any, status: string) => summary.statuses.find((s: any) => s.status === status);

beforeAll(async () => {
  token = await signIn("alex@vanco.co.uk", "Alex");
  api = client(token);
  ref = await fleetReference(api);
  const make = async (name: string, body: Record<string, unknown>) => {
    v[name] = await ok(api.post("createvehicle", van(body)));
  };
  await make("A", { registration: "KA11 AAA", fleet_number: "41001", department: ref.hire.id, cap_retail: 10000.1, cap_clean: 9000, cap_average: 8500.55, cap_below: 8000 });
  await make("B", { registration: "KB11 BBB", fleet_number: "41002", department: ref.rentals.id, vehicle_status: "ORDERED", cap_retail: 5000, cap_clean: 4900, cap_average: 4800, cap_below: 4700 });
  await make("C", { registration: "KC11 CCC", fleet_number: "41003", department: ref.hire.id, vehicle_status: "SOLD", cap_retail: 7000, cap_clean: 7000, cap_average: 7000, cap_below: 7000 });
  await make("D", { registration: "KD11 DDD", fleet_number: "41004", vehicle_status: "FORSALE", cap_retail: 3000.33, cap_clean: 2900, cap_average: 2800, cap_below: 2700 });
  await make("E", { registration: "KE11 EEE", fleet_number: "41005", department: ref.hire.id });
});

describe("GET vehicles/summary", () => {
  it("counts the Active, Ordered and For Sale vehicles and adds up their CAP values, per department", async () => {
    const all = await ok(api.get("vehicles/summary"));
    expect(all.statuses.map((s: any) => s.status)).toEqual(["ACTIVE", "ORDERED", "FORSALE"]);
    expect(statusOf(all, "ACTIVE")).toEqual({ status: "ACTIVE", count: 2, cap_retail: 10000.1, cap_clean: 9000, cap_average: 8500.55, cap_below: 8000 });
    expect(statusOf(all, "ORDERED")).toMatchObject({ count: 1, cap_retail: 5000 });
    expect(statusOf(all, "FORSALE")).toMatchObject({ count: 1, cap_retail: 3000.33 });
    // Sold C is not counted; E is active without a CAP value (a Cap 0).
    expect(all.total).toEqual({ count: 4, cap_retail: 18000.43, cap_clean: 16800, cap_average: 16100.55, cap_below: 15400 });
    expect(all.cap_zero).toBe(1);
    expect(all.since_start).toEqual({ uploads: 0, vehicles: 0, cap_retail: 0, cap_clean: 0, cap_average: 0, cap_below: 0 });

    const hire = await ok(api.get(`vehicles/summary?department=${ref.hire.id}&start=2026-01-05`));
    expect(hire).toMatchObject({ start: "2026-01-05", department: ref.hire.id, total: { count: 2, cap_retail: 10000.1 }, cap_zero: 1 });
    expect(statusOf(hire, "ORDERED").count).toBe(0);
  });

  it("follows every save: a revaluation, a status change and a delete move the totals at once", async () => {
    const before = (await ok(api.get("vehicles/summary"))).total;
    await ok(api.put(`vehicles/${v.B.id}`, { cap_retail: 5500.25, last_saved: v.B.last_saved }));
    let now = (await ok(api.get("vehicles/summary"))).total;
    expect(now.cap_retail).toBe(18500.68);
    expect(now.count).toBe(before.count);

    const b = await ok(api.get(`vehicles/${v.B.id}`));
    await ok(api.put(`vehicles/${v.B.id}`, { vehicle_status: "SOLD", last_saved: b.last_saved }));
    now = await ok(api.get("vehicles/summary"));
    expect(statusOf(now, "ORDERED")).toMatchObject({ count: 0, cap_retail: 0 });
    expect(now.total).toMatchObject({ count: 3, cap_retail: 13000.43 });

    await ok(api.del(`vehicles/${v.D.id}`));
    now = await ok(api.get("vehicles/summary"));
    expect(now.total).toEqual({ count: 2, cap_retail: 10000.1, cap_clean: 9000, cap_average: 8500.55, cap_below: 8000 });
  });

  it("stays exact when many vehicles are saved at the same instant", async () => {
    const before = (await ok(api.get(`vehicles/summary?department=${ref.sales.id}`))).total;
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api.post("createvehicle", van({ department: ref.sales.id, fleet_number: `4110${i}`, cap_retail: 1000.01, cap_clean: 900, cap_average: 800, cap_below: 700 }))),
    );
    expect(created.map((r) => r.status)).toEqual(Array(8).fill(201));
    const after = (await ok(api.get(`vehicles/summary?department=${ref.sales.id}`))).total;
    expect(after.count - before.count).toBe(8);
    expect(after.cap_retail).toBe(8000.08 + before.cap_retail);
  });

  it("refuses a bad date or department and answers 401 without a token", async () => {
    expect((await api.get("vehicles/summary?start=31/12/2026")).status).toBe(400);
    expect((await api.get("vehicles/summary?department=hire")).status).toBe(400);
    const badChange = await api.get("captotalchange?department=hire");
    expect(badChange.status).toBe(400);
    expect(badChange.body.message).toBe("Department must be a department id or ALL");
    expect((await call("GET", "/api/vehicles/summary")).status).toBe(401);
    expect((await call("GET", "/api/captotalchange")).status).toBe(401);
  });
});

describe("GET captotalchange", () => {
  it("before any upload: no date, no change, and the fleet's CAP totals", async () => {
    const res = await ok(api.get("captotalchange"));
    expect(res).toMatchObject({ date: null, upload: null, vehicles: 0, change: { cap_retail: 0, cap_clean: 0, cap_average: 0, cap_below: 0 } });
    expect(res.totals).toEqual((await ok(api.get("vehicles/summary"))).total);
  });

  it("after an upload: the revalued Active, Ordered and For Sale vehicles before and after, per department; a repeat upload changes nothing", async () => {
    const a = await ok(api.get(`vehicles/${v.A.id}`));
    const csv = [
      HEADER,
      "KA11 AAA,9500.10,8800,8000.55,7600,2026-11-01", // A (hire, active): -500 retail
      "KC11 CCC,1,1,1,1,2026-11-01", // C is sold: revalued but not counted
      "KE11 EEE,2000,1900,1800,1700,2026-11-01", // E (hire, active): from nothing to 2000
    ].join("\r\n");
    const res = await upload(csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.updated).toBe(3);

    const change = await ok(api.get("captotalchange"));
    expect(change).toMatchObject({
      date: todayInLondon(),
      vehicles: 2,
      before: { cap_retail: 10000.1, cap_clean: 9000, cap_average: 8500.55, cap_below: 8000 },
      after: { cap_retail: 11500.1, cap_clean: 10700, cap_average: 9800.55, cap_below: 9300 },
      change: { cap_retail: 1500, cap_clean: 1700, cap_average: 1300, cap_below: 1300 },
    });
    expect(change.upload).toBeGreaterThan(0);
    expect(change.totals.cap_retail).toBe((await ok(api.get("vehicles/summary"))).total.cap_retail);
    expect(await ok(api.get(`captotalchange?department=${ref.rentals.id}`))).toMatchObject({ date: null, vehicles: 0 });
    expect((await ok(api.get(`captotalchange?department=${ref.hire.id}`))).change.cap_retail).toBe(1500);
    expect(a.cap_retail).toBe(10000.1);

    // The same file again revalues nothing: the latest change stays the one above.
    const again = await upload(csv);
    expect(again.body.updated).toBe(0);
    expect((await ok(api.get("captotalchange"))).upload).toBe(change.upload);

    // The summary's change since a start date adds up the uploads since then.
    const since = await ok(api.get(`vehicles/summary?start=${todayInLondon()}&department=${ref.hire.id}`));
    expect(since.since_start).toEqual({ uploads: 1, vehicles: 2, cap_retail: 1500, cap_clean: 1700, cap_average: 1300, cap_below: 1300 });
    const later = await ok(api.get(`vehicles/summary?start=${addDays(todayInLondon(), 1)}`));
    expect(later.since_start.uploads).toBe(0);
  });
});
