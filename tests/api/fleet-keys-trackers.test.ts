import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { fleetReference, van } from "./fleet-support.js";

/** Keys (hooks, clear key, key picker) and trackers (list, figures, unused, assignment) of 000 §3, §4, §7. */
let api: ReturnType<typeof client>;
beforeAll(async () => {
  api = client(await signIn("alex@vanco.co.uk", "Alex"));
  await fleetReference(api);
});

const newVan = async (extra: Record<string, unknown> = {}) => {
  const res = await api.post("createvehicle", van(extra));
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body;
};

/** A tracker's last_saved as the screen holds it (every save sends it). */
const trackerSaved = async (id: number) => (await api.get(`vehicletracker/${id}`)).body.last_saved as string;

describe("keys", () => {
  it("keeps hooks unique per board and lists them with the vehicle on each", async () => {
    const k1 = await api.post("keys", { key_number: "1", board: "Office A" });
    expect(k1.status).toBe(201);
    const dup = await api.post("keys", { key_number: "1", board: "Office A" });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe("A key with this number is already on this board");
    expect((await api.post("keys", { key_number: "1", board: "Workshop" })).status).toBe(201);
    expect((await api.post("keys", { board: "Workshop" })).body.message).toBe("Key number is required");
    const k2 = (await api.post("keys", { key_number: "2", board: "Office A", spare: true })).body;
    const v = await newVan({ key: k1.body.id, spare_key: k2.id, has_spare_key: true });
    expect(v.key).toEqual({ id: k1.body.id, key_number: "1", board: "Office A", spare: false });
    expect(v.spare_key).toMatchObject({ id: k2.id, key_number: "2" });

    const keys = await api.get("keys");
    expect(keys.body.count).toBe(3);
    const byId = new Map(keys.body.results.map((k: any) => [k.id, k]));
    expect((byId.get(k1.body.id) as any).vehicle).toMatchObject({ id: v.id, registration: v.registration, spare: false });
    expect((byId.get(k2.id) as any).vehicle).toMatchObject({ id: v.id, spare: true });
    expect((await api.get("keys?free=true")).body.results.map((k: any) => k.board)).toEqual(["Workshop"]);

    // A hook holds one vehicle's key.
    const taken = await api.post("createvehicle", van({ key: k1.body.id }));
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe("That key hook already holds another vehicle's key");
    expect((await api.post("createvehicle", van({ key: k2.id }))).body.message).toBe("That key hook already holds another vehicle's key");
    const same = await api.post("createvehicle", van({ key: keys.body.results.find((k: any) => k.board === "Workshop").id, spare_key: keys.body.results.find((k: any) => k.board === "Workshop").id }));
    expect(same.body.message).toBe("The spare key must be on a different hook from the main key");

    // Removing a hook in use is refused.
    const del = await api.del(`keys/${k1.body.id}`);
    expect(del.status).toBe(400);
  });

  it("lets one of two vehicles saved at once take a free hook", async () => {
    const hook = (await api.post("keys", { key_number: "77", board: "Yard" })).body;
    const results = await Promise.all([api.post("createvehicle", van({ key: hook.id })), api.post("createvehicle", van({ key: hook.id }))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
  });

  it("clears a key or a spare key (PUT vehicles/clearkey) and frees the hook", async () => {
    const main = (await api.post("keys", { key_number: "31", board: "Office B" })).body;
    const spare = (await api.post("keys", { key_number: "32", board: "Office B", spare: true })).body;
    const v = await newVan({ key: main.id, spare_key: spare.id, has_spare_key: true });
    const cleared = await api.put("vehicles/clearkey", { vehicle: v.id, spare: false });
    expect(cleared.status).toBe(200);
    expect(cleared.body.key).toBeNull();
    expect(cleared.body.spare_key).toMatchObject({ id: spare.id });
    const spareCleared = await api.put("vehicles/clearkey", { vehicle: v.id, spare: true });
    expect(spareCleared.body.spare_key).toBeNull();
    expect((await api.get("keys?free=true")).body.results.map((k: any) => k.id)).toEqual(expect.arrayContaining([main.id, spare.id]));
    expect((await api.get("vehicles?keys=true&search=31")).body.count).toBe(0);
    expect((await api.put("vehicles/clearkey", { spare: false })).body.message).toBe("No vehicle selected");
    expect((await api.put("vehicles/clearkey", { vehicle: 999999 })).status).toBe(404);
    expect((await api.del(`keys/${main.id}`)).status).toBe(200);
  });

  it("frees a deleted vehicle's hooks", async () => {
    const hook = (await api.post("keys", { key_number: "41", board: "Office C" })).body;
    const v = await newVan({ key: hook.id });
    await api.del(`vehicles/${v.id}`);
    expect((await api.post("createvehicle", van({ key: hook.id }))).status).toBe(201);
  });
});

describe("trackers", () => {
  let standard: any;
  let premium: any;
  beforeAll(async () => {
    standard = (await api.post("vehicletrackertype", { name: "Standard GPS", cost: 10, upfront_cost: 50 })).body;
    premium = (await api.post("vehicletrackertype", { name: "Immobiliser GPS", cost: 20, upfront_cost: 100 })).body;
    const add = (imei: string, type: number, date_activated: string, date_deactivated: string | null = null) =>
      api.post("vehicletracker", { imei, type, date_activated, date_deactivated });
    await add("350000000000001", standard.id, "2025-01-15");
    await add("350000000000002", premium.id, "2025-03-10");
    await add("350000000000003", standard.id, "2024-06-01", "2025-02-20");
    await add("350000000000004", standard.id, "2025-02-01", "2025-03-05");
    await add("350000000000005", premium.id, "2025-04-02");
  });

  it("refuses a second tracker with the same IMEI", async () => {
    const dup = await api.post("vehicletracker", { imei: "350000000000001", type: standard.id });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe("A tracker with this IMEI already exists");
    expect((await api.post("vehicletracker", { type: standard.id })).body.message).toBe("IMEI is required");
  });

  it("lists active (default), inactive or all trackers, by IMEI", async () => {
    const active = await api.get("vehicletracker?start_date=2025-03-01&end_date=2025-03-31");
    expect(active.status).toBe(200);
    expect(active.body.results.map((t: any) => t.imei)).toEqual(["350000000000001", "350000000000002", "350000000000005"]);
    expect(active.body.results[0].type).toMatchObject({ id: standard.id, name: "Standard GPS" });
    expect((await api.get("vehicletracker?view=inactive")).body.results.map((t: any) => t.imei)).toEqual(["350000000000003", "350000000000004"]);
    expect((await api.get("vehicletracker?view=all")).body.count).toBe(5);
    expect((await api.get("vehicletracker?view=all&search=3500000000000")).body.count).toBe(5);
    expect((await api.get("vehicletracker?view=broken")).status).toBe(400);
  });

  it("gives the figures: active in the range, monthly cost per month active plus upfront for those activated in it", async () => {
    const march = (await api.get("vehicletracker?start_date=2025-03-01&end_date=2025-03-31")).body.figures;
    expect(march).toEqual({
      start_date: "2025-03-01",
      end_date: "2025-03-31",
      active_count: 3,
      per_type: [
        { name: "Standard GPS", count: 2, total_cost: 20 },
        { name: "Immobiliser GPS", count: 1, total_cost: 120 },
      ],
    });
    const quarter = (await api.get("vehicletracker?start_date=2025-01-01&end_date=2025-03-31")).body.figures;
    expect(quarter.active_count).toBe(4);
    expect(quarter.per_type).toEqual([
      { name: "Standard GPS", count: 3, total_cost: 170 },
      { name: "Immobiliser GPS", count: 1, total_cost: 120 },
    ]);
    expect((await api.get("vehicletracker?start_date=2025-03-31&end_date=2025-03-01")).status).toBe(400);
    expect((await api.get("vehicletracker")).body.figures.start_date).toMatch(/-01$/);
  });

  it("assigns an unused tracker, freeing the one already on the vehicle, and keeps the vehicle's tracker in step", async () => {
    const v = await newVan();
    const t1 = (await api.post("vehicletracker", { imei: "860000000000001", type: standard.id })).body;
    const t2 = (await api.post("vehicletracker", { imei: "860000000000002", type: premium.id })).body;
    const unused = await api.get("vehicletracker/searchunused");
    expect(unused.body.results.map((t: any) => t.imei)).toEqual(expect.arrayContaining(["860000000000001", "860000000000002"]));

    const assigned = await api.put(`vehicletracker/${t1.id}`, { ...t1, vehicle: v.id });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.vehicle).toMatchObject({ id: v.id, registration: v.registration });
    expect(assigned.body.date_assigned).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    let vehicle = (await api.get(`vehicles/${v.id}`)).body;
    expect(vehicle.tracker).toMatchObject({ id: t1.id, imei: "860000000000001" });
    // The answer carries the vehicle's new version, so an open edit screen can keep saving.
    expect(assigned.body.vehicle.last_saved).toBe(vehicle.last_saved);
    expect((await api.get("vehicles?tracker=BLANK&page_size=100")).body.results.map((r: any) => r.id)).not.toContain(v.id);
    expect((await api.get("vehicletracker/searchunused")).body.results.map((t: any) => t.id)).not.toContain(t1.id);

    // A vehicle save cannot change its tracker.
    const saved = await api.put(`vehicles/${v.id}`, { ...vehicle, tracker: null });
    expect(saved.body.tracker).toMatchObject({ id: t1.id });

    // Assigning the second frees the first.
    const second = await api.put(`vehicletracker/${t2.id}`, { vehicle: { id: v.id }, last_saved: await trackerSaved(t2.id) });
    expect(second.status).toBe(200);
    expect((await api.get(`vehicletracker/${t1.id}`)).body.vehicle).toBeNull();
    vehicle = (await api.get(`vehicles/${v.id}`)).body;
    expect(vehicle.tracker).toMatchObject({ id: t2.id });

    // A tracker in use cannot be assigned elsewhere; nor can an inactive one.
    const other = await newVan();
    const refused = await api.put(`vehicletracker/${t2.id}`, { vehicle: other.id });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Only unused trackers can be assigned");
    const inactive = (await api.get("vehicletracker?view=inactive")).body.results[0];
    expect((await api.put(`vehicletracker/${inactive.id}`, { vehicle: other.id })).body.message).toBe("Only unused trackers can be assigned");

    // Taking it off the vehicle.
    const off = await api.put(`vehicletracker/${t2.id}`, { vehicle: null, last_saved: await trackerSaved(t2.id) });
    expect(off.body.vehicle).toBeNull();
    expect((await api.get(`vehicles/${v.id}`)).body.tracker).toBeNull();
    expect((await api.get("vehicles?tracker=BLANK&page_size=100")).body.results.map((r: any) => r.id)).toContain(v.id);
  });

  it("never leaves two trackers on one vehicle when two assignments race", async () => {
    const v = await newVan();
    const a = (await api.post("vehicletracker", { imei: "870000000000001", type: standard.id })).body;
    const b = (await api.post("vehicletracker", { imei: "870000000000002", type: standard.id })).body;
    await Promise.all([api.put(`vehicletracker/${a.id}`, { vehicle: v.id, last_saved: a.last_saved }), api.put(`vehicletracker/${b.id}`, { vehicle: v.id, last_saved: b.last_saved })]);
    const on = [(await api.get(`vehicletracker/${a.id}`)).body, (await api.get(`vehicletracker/${b.id}`)).body].filter((t) => t.vehicle?.id === v.id);
    expect(on).toHaveLength(1);
    expect((await api.get(`vehicles/${v.id}`)).body.tracker.id).toBe(on[0].id);
  });

  it("frees the vehicle when its tracker is deleted, and the tracker when its vehicle is deleted", async () => {
    const v = await newVan();
    const t = (await api.post("vehicletracker", { imei: "880000000000001", type: standard.id, vehicle: v.id })).body;
    expect(t.vehicle).toMatchObject({ id: v.id });
    expect((await api.del(`vehicletracker/${t.id}`)).status).toBe(200);
    expect((await api.get(`vehicles/${v.id}`)).body.tracker).toBeNull();

    const w = await newVan();
    const u = (await api.post("vehicletracker", { imei: "880000000000002", type: standard.id, vehicle: w.id })).body;
    expect((await api.del(`vehicles/${w.id}`)).status).toBe(200);
    expect((await api.get(`vehicletracker/${u.id}`)).body.vehicle).toBeNull();
    expect((await api.get("vehicletracker/searchunused")).body.results.map((x: any) => x.id)).toContain(u.id);
  });
});

describe("references (issue 15)", () => {
  it("refuses a tracker on a vehicle, or of a type, that does not exist; and a vehicle on a key hook that does not exist", async () => {
    const onNothing = await api.post("vehicletracker", { imei: "359999999999999", vehicle: 999999 });
    expect(onNothing.status).toBe(400);
    expect(onNothing.body.errors).toEqual({ vehicle: "Vehicle 999999 does not exist" });
    const ofNothing = await api.post("vehicletracker", { imei: "359999999999998", type: 999999 });
    expect(ofNothing.body.errors).toEqual({ type: "Vehicle tracker type 999999 does not exist" });
    const v = await newVan();
    const hook = await api.put(`vehicles/${v.id}`, { key: 999999, last_saved: v.last_saved });
    expect(hook.status).toBe(400);
    expect(hook.body.errors).toEqual({ key: "Key 999999 does not exist" });
    expect((await api.get(`vehicletracker?page_size=1000`)).body.results.some((t: any) => t.imei.startsWith("35999999999999"))).toBe(false);
  });
});
