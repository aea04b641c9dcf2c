import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { addDays, todayInLondon } from "../../core/platform/dates.js";
import { fleetReference, van } from "./fleet-support.js";
import { ConflictError } from "../../core/platform/errors.js";
import { joinExtras, type WriteExtra } from "../../core/platform/records.js";
import { Inspection, Inspections } from "../../core/fleet/inspections.js";
import { VehicleLines } from "../../core/fleet/vehicle.js";

/**
 * Inspections (000 §3, §4; 003 §5, §7): saved with the vehicle, their own
 * calls, the lock once booked in, approval, the booked count and the
 * inspections screen's views.
 */
let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;
let mot: any;
let pmi: any;
const today = todayInLondon();

beforeAll(async () => {
  api = client(await signIn("alex@vanco.co.uk", "Alex"));
  ref = await fleetReference(api);
  mot = (await api.post("inspectiontype", { inspection_type: "MOT", reminder_days: 30, warning_days: 14 })).body;
  pmi = (await api.post("inspectiontype", { inspection_type: "Safety Inspection (PMI)", reminder_days: 14, warning_days: 7 })).body;
});

const inspection = (extra: Record<string, unknown> = {}) => ({
  inspection_type: mot.id,
  date_completed: "2025-05-01",
  expiry_date: addDays(today, 365),
  start_date: "",
  comments: "Passed, advisory on front tyres",
  ...extra,
});

describe("inspections saved with the vehicle", () => {
  it("creates them with the vehicle and answers them from the inspection records", async () => {
    const res = await api.post("createvehicle", van({ inspections: [inspection(), inspection({ inspection_type: pmi.id, expiry_date: addDays(today, 3), warning_days: "" })] }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.inspections).toHaveLength(2);
    const [first, second] = res.body.inspections;
    // By expiry date: the PMI due in 3 days first.
    expect(first.inspection_type).toMatchObject({ id: pmi.id, inspection_type: "Safety Inspection (PMI)" });
    expect(first.warning_days).toBe(7); // from its type
    expect(first.due).toBe(true);
    expect(second.start_date).toBeNull();
    expect(second.due).toBe(false);
    expect(second.vehicle).toMatchObject({ id: res.body.id, registration: res.body.registration });
    const picker = await api.get(`vehicleinspections?vehicle=${res.body.id}`);
    expect(picker.body.count).toBe(2);
    expect((await api.get("vehicleinspections")).body.message).toBe("No vehicle selected");
  });

  it("needs an inspection type and the last completed date, and writes nothing otherwise", async () => {
    const before = (await api.get("vehicles?tab=fleet&vehicle_status=all")).body.count;
    const res = await api.post("createvehicle", van({ inspections: [inspection({ date_completed: "" })] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Inspection last completed date is required");
    expect(res.body.errors).toHaveProperty("inspections.0.date_completed");
    expect((await api.post("createvehicle", van({ inspections: [inspection({ inspection_type: null })] }))).body.message).toBe("Inspection type is required");
    expect((await api.post("createvehicle", van({ inspections: [inspection({ colour: "red" })] }))).status).toBe(400);
    expect((await api.get("vehicles?tab=fleet&vehicle_status=all")).body.count).toBe(before);
  });

  it("saves changed rows, adds new ones and deletes rows left out", async () => {
    const v = (await api.post("createvehicle", van({ inspections: [inspection(), inspection({ inspection_type: pmi.id })] }))).body;
    const [a, b] = v.inspections;
    const res = await api.put(`vehicles/${v.id}`, {
      ...v,
      inspections: [{ ...a, expiry_date: "2026-06-01" }, inspection({ inspection_type: pmi.id, expiry_date: "2026-01-01", comments: "New PMI" })],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.inspections.map((i: any) => i.expiry_date)).toEqual(["2026-01-01", "2026-06-01"]);
    expect(res.body.inspections.find((i: any) => i.id === a.id).expiry_date).toBe("2026-06-01");
    expect((await api.get(`inspections/${b.id}`)).status).toBe(404);
    // An inline edit without inspections leaves them alone.
    const inline = await api.put(`vehicles/${v.id}`, { location: "Yard 2", last_saved: res.body.last_saved });
    expect(inline.body.inspections).toHaveLength(2);
  });

  it("answers 409 when a row sent with the vehicle was changed elsewhere", async () => {
    const v = (await api.post("createvehicle", van({ inspections: [inspection()] }))).body;
    const row = v.inspections[0];
    await api.put(`inspections/${row.id}`, { ...row, comments: "Changed on the inspections screen" });
    const res = await api.put(`vehicles/${v.id}`, { ...v, inspections: [{ ...row, comments: "Changed on the vehicle" }] });
    expect(res.status).toBe(409);
    expect((await api.get(`vehicles/${v.id}`)).body.last_saved).toBe(v.last_saved);
  });

  it("goes with its vehicle when the vehicle is deleted", async () => {
    const v = (await api.post("createvehicle", van({ inspections: [inspection()] }))).body;
    await api.del(`vehicles/${v.id}`);
    expect((await api.get(`inspections/${v.inspections[0].id}`)).status).toBe(404);
  });
});

/**
 * A vehicle save is one unit with its inspections (docs/decisions.md
 * "Parents with lines"): the vehicle, its lists and its changed inspections
 * with theirs are one transaction, so no reader sees half a save.
 */
describe("a vehicle and its inspections saved as one unit", () => {
  const allCount = async () => (await api.get("inspections?page_size=1")).body.count as number;
  const bookedCount = async (date: string) => (await api.get(`inspectioncount?date=${date}`)).body.count as number;

  it("refuses a save with one good and one bad new inspection whole: neither the vehicle change nor the good inspection is written", async () => {
    const v = (await api.post("createvehicle", van({ inspections: [inspection()] }))).body;
    const before = await allCount();
    const res = await api.put(`vehicles/${v.id}`, {
      ...v,
      location: "Leeds depot",
      inspections: [...v.inspections, inspection({ inspection_type: pmi.id, comments: "Good one" }), inspection({ inspection_type: 999999 })],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty("inspections.2.inspection_type");
    const after = (await api.get(`vehicles/${v.id}`)).body;
    expect(after.location).toBe("Birmingham depot");
    expect(after.last_saved).toBe(v.last_saved);
    expect(after.inspections.map((i: any) => i.id)).toEqual(v.inspections.map((i: any) => i.id));
    expect(await allCount()).toBe(before);
  });

  it("lands a vehicle change and two new inspections together, lists and counts included", async () => {
    const v = (await api.post("createvehicle", van({ inspections: [inspection()] }))).body;
    const before = await allCount();
    const day = addDays(today, 40);
    const booked0 = await bookedCount(day);
    const res = await api.put(`vehicles/${v.id}`, {
      ...v,
      location: "Leeds depot",
      inspections: [
        ...v.inspections,
        inspection({ inspection_type: pmi.id, comments: "New PMI" }),
        inspection({ inspection_type: pmi.id, comments: "Tail lift", booked_in_date: day, inspection_workshop: ref.garage.id }),
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.location).toBe("Leeds depot");
    expect(res.body.inspections).toHaveLength(3);
    // Two inspections in one transaction share the type's and the lists' counters: added once, by two.
    expect(await allCount()).toBe(before + 2);
    expect(await bookedCount(day)).toBe(booked0 + 1);
    const tail = res.body.inspections.find((i: any) => i.comments === "Tail lift");
    expect((await api.get(`inspections/${tail.id}`)).body.vehicle.id).toBe(v.id);
    expect((await api.get("inspections?view=booked&page_size=1000")).body.results.map((r: any) => r.id)).toContain(tail.id);
  });

  it("creates a vehicle with its inspections in one write", async () => {
    const before = await allCount();
    const bad = await api.post("createvehicle", van({ inspections: [inspection(), inspection({ inspection_workshop: 999999 })] }));
    expect(bad.status).toBe(400);
    expect(await allCount()).toBe(before);
    const good = await api.post("createvehicle", van({ inspections: [inspection(), inspection({ inspection_type: pmi.id })] }));
    expect(good.status).toBe(201);
    expect(await allCount()).toBe(before + 2);
  });

  it("leaves nothing written when an inspection is saved elsewhere between the checks and the write", async () => {
    const v = (await api.post("createvehicle", van({ inspections: [inspection()] }))).body;
    const [a] = v.inspections;
    const before = await allCount();
    const plan = await Inspections.planForVehicle(v.id, [{ ...a, comments: "Changed on the vehicle" }, inspection({ comments: "New with the vehicle" })]);
    // Injected after the inspections are planned, before the one transaction is sent.
    const meanwhile: WriteExtra = {
      prepare: async () => {
        await Inspection.update(a.id, { comments: "Saved elsewhere meanwhile" }, "someone@vanco.co.uk", { partial: true, system: true });
      },
    };
    await expect(
      VehicleLines.update(v.id, { location: "Leeds depot", last_saved: v.last_saved }, "alex@vanco.co.uk", {
        partial: true,
        also: joinExtras(Inspections.forVehicleSave(plan, "alex@vanco.co.uk"), meanwhile),
      }),
    ).rejects.toThrow(ConflictError);
    const after = (await api.get(`vehicles/${v.id}`)).body;
    expect(after.location).toBe("Birmingham depot");
    expect(after.inspections.map((i: any) => i.comments)).toEqual(["Saved elsewhere meanwhile"]);
    expect(await allCount()).toBe(before);
  });

  it("a save too large for one transaction is never refused for size: the vehicle first, then its inspections", async () => {
    const v = (await api.post("createvehicle", van())).body;
    const before = await allCount();
    const many = Array.from({ length: 30 }, (_, i) => inspection({ comments: `Row ${i}`, expiry_date: addDays(today, 100 + i) }));
    const res = await api.put(`vehicles/${v.id}`, { ...v, location: "Leeds depot", inspections: many });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.location).toBe("Leeds depot");
    expect(res.body.inspections).toHaveLength(30);
    expect(await allCount()).toBe(before + 30);
    // A new van entered with more inspections than fit beside its own writes.
    const made = await api.post("createvehicle", { ...van(), inspections: many.slice(0, 9) });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.inspections).toHaveLength(9);
    expect(await allCount()).toBe(before + 39);
  });
});

describe("booking, locking and approval", () => {
  it("locks type, dates and warning days once booked in, with a clear 400", async () => {
    const v = (await api.post("createvehicle", van({ inspections: [inspection()] }))).body;
    const row = v.inspections[0];
    const booked = await api.put(`inspections/${row.id}`, { ...row, booked_in_date: "2026-04-20", inspection_workshop: ref.garage.id });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.inspection_workshop).toEqual({ id: ref.garage.id, display_name: "Midland Commercial Repairs" });
    const locked = await api.put(`inspections/${row.id}`, { ...booked.body, expiry_date: "2027-01-01" });
    expect(locked.status).toBe(400);
    expect(locked.body.message).toBe("This inspection is booked in: its type, dates and warning days cannot be changed until it is approved");
    expect(locked.body.errors).toHaveProperty("expiry_date");
    // Comments and the booking itself stay editable.
    expect((await api.put(`inspections/${row.id}`, { ...booked.body, comments: "Booked for 9am" })).status).toBe(200);
    // The same lock applies to rows sent with the vehicle.
    const vehicle = (await api.get(`vehicles/${v.id}`)).body;
    const viaVehicle = await api.put(`vehicles/${v.id}`, { ...vehicle, inspections: [{ ...vehicle.inspections[0], warning_days: 30 }] });
    expect(viaVehicle.status).toBe(400);
    expect(viaVehicle.body.message).toMatch(/booked in/);
  });

  it("counts bookings of a type on a date from a counter", async () => {
    const date = "2026-07-07";
    const v = (await api.post("createvehicle", van({ inspections: [inspection({ booked_in_date: date }), inspection({ inspection_type: pmi.id, booked_in_date: date })] }))).body;
    await api.post("createvehicle", van({ inspections: [inspection({ booked_in_date: date })] }));
    expect((await api.get(`inspectioncount?type=${mot.id}&date=${date}`)).body).toEqual({ count: 2 });
    expect((await api.get(`inspectioncount?type=${pmi.id}&date=${date}`)).body).toEqual({ count: 1 });
    expect((await api.get(`inspectioncount?date=${date}`)).body).toEqual({ count: 3 });
    expect((await api.get(`inspectioncount?type=${mot.id}&date=2026-07-08`)).body).toEqual({ count: 0 });
    expect((await api.get(`inspectioncount?type=${mot.id}`)).status).toBe(400);
    await api.del(`vehicles/${v.id}`);
    expect((await api.get(`inspectioncount?date=${date}`)).body).toEqual({ count: 1 });
  });

  it("approves only with both new dates, moving them in and clearing the booking", async () => {
    const v = (await api.post("createvehicle", van({ inspections: [inspection({ booked_in_date: "2026-04-28" })] }))).body;
    const row = v.inspections[0];
    for (const body of [{ id: row.id }, { id: row.id, new_completed_date: "2026-04-28" }, { id: row.id, new_expiry_date: "2027-04-27", new_completed_date: "" }]) {
      const res = await api.put("inspections/approve/", body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("You must specify a new expiry and completion date before appriving!");
    }
    const ok = await api.put("inspections/approve/", { id: row.id, new_completed_date: "2026-04-28", new_expiry_date: "2027-04-27" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const approved = (await api.get(`inspections/${row.id}`)).body;
    expect(approved).toMatchObject({ date_completed: "2026-04-28", expiry_date: "2027-04-27", booked_in_date: null, new_completed_date: null, new_expiry_date: null });
    expect((await api.get(`inspectioncount?type=${mot.id}&date=2026-04-28`)).body.count).toBe(0);
    // Unlocked again: the next round can be edited.
    expect((await api.put(`inspections/${row.id}`, { ...approved, warning_days: 21 })).status).toBe(200);
  });

  it("approves several at once, from dates stored on the rows or sent, checking all before saving any", async () => {
    const v = (await api.post("createvehicle", van({ inspections: [inspection({ booked_in_date: "2026-05-01", new_completed_date: "2026-05-01", new_expiry_date: "2027-05-01" }), inspection({ inspection_type: pmi.id, booked_in_date: "2026-05-01" })] }))).body;
    const [a, b] = v.inspections;
    const partial = await api.put("inspections/approve", [{ id: a.id }, { id: b.id }]);
    expect(partial.status).toBe(400);
    expect((await api.get(`inspections/${a.id}`)).body.booked_in_date).toBe("2026-05-01");
    const both = await api.put("inspections/approve", { ids: [a.id, b.id], new_completed_date: "2026-05-02", new_expiry_date: "2027-05-02" });
    expect(both.status).toBe(200);
    expect(both.body.results.map((r: any) => r.expiry_date)).toEqual(["2027-05-02", "2027-05-02"]);
  });
});

describe("the inspections screen", () => {
  it("lists all by expiry, due (red) soonest first, open and booked, by type and by registration", async () => {
    const v = (
      await api.post(
        "createvehicle",
        van({
          registration: "IN55 PEC",
          inspections: [
            inspection({ expiry_date: addDays(today, 10), comments: "due soon" }),
            inspection({ inspection_type: pmi.id, expiry_date: addDays(today, -2), comments: "overdue" }),
            inspection({ expiry_date: addDays(today, 200), comments: "fine" }),
            inspection({ inspection_type: pmi.id, expiry_date: addDays(today, 5), booked_in_date: addDays(today, 1), comments: "booked" }),
          ],
        }),
      )
    ).body;
    const mine = (res: any) => res.body.results.filter((r: any) => r.vehicle?.id === v.id).map((r: any) => r.comments);
    expect(mine(await api.get("inspections?page_size=1000"))).toEqual(["overdue", "booked", "due soon", "fine"]);
    const due = await api.get("inspections?view=due&page_size=1000");
    expect(mine(due)).toEqual(["overdue", "due soon"]);
    expect(due.body.results.every((r: any) => r.due)).toBe(true);
    expect(mine(await api.get("inspections?view=open&page_size=1000"))).toEqual(["overdue", "due soon", "fine"]);
    expect(mine(await api.get("inspections?view=booked&page_size=1000"))).toEqual(["booked"]);
    expect(mine(await api.get(`inspections?view=due&type=${pmi.id}&page_size=1000`))).toEqual(["overdue"]);
    const search = await api.get("inspections?search=in55");
    expect(search.body.count).toBe(4);
    expect(search.body.results.map((r: any) => r.comments)).toEqual(["overdue", "booked", "due soon", "fine"]);
    expect((await api.get("inspections?search=in55&view=due")).body.count).toBe(2);
    expect((await api.get("inspections?view=late")).status).toBe(400);
  });
});
