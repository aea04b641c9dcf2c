import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { booking, ok } from "./fleet-support.js";
import { jobBody, newVan, workshopReference, type WorkshopRef } from "./workshop-support.js";

/** Workshop warnings on a rental (issue 11; docs/rentals.md "Workshop warnings"). */
let api: ReturnType<typeof client>;
let ref: WorkshopRef;

beforeAll(async () => {
  api = client(await signIn("wendy@vanco.co.uk", "Wendy"));
  ref = await workshopReference(api);
}, 60_000);

const START = "2030-03-01";
const FINISH = "2030-03-05";

/** The van's row in the finder for the dates (searched by its registration, so it is on the page). */
async function finderRow(v: { id: number; registration: string }, start = START, finish = FINISH) {
  const res = await ok(api.get(`rentals/available?start_date=${start}&finish_date=${finish}&search=${encodeURIComponent(v.registration)}`));
  return res.results.find((r: any) => r.id === v.id);
}
const availability = async (v: { id: number }, start = START, finish = FINISH) => ok(api.get(`rentals?vehicle=${v.id}&start_date=${start}&finish_date=${finish}`));

describe("workshop warnings in the rental finder and the availability check", () => {
  it("flags a van with an open NOT_DRIVEABLE defect whatever the dates, naming the job; a DRIVEABLE one is not flagged", async () => {
    const v = await newVan(api, ref);
    const defect = await ok(api.post("createdefect", { vehicle: v.id, department: ref.hire.id, defect_description: "Clutch slipping badly on hills", defect_status: "NOT_DRIVEABLE" }));
    const warning = { job: defect.id, reason: "NOT_DRIVEABLE", message: `Job ${defect.id}: open defect, not driveable` };
    // Still offered (never a silent block), marked.
    expect((await finderRow(v))?.workshop_warnings).toEqual([expect.objectContaining(warning)]);
    expect((await finderRow(v, "2031-06-01", "2031-06-02"))?.workshop_warnings).toEqual([expect.objectContaining(warning)]);
    const check = await availability(v);
    expect(check).toMatchObject({ count: 0, workshop_warnings: [expect.objectContaining(warning)] });

    const fine = await newVan(api, ref);
    await ok(api.post("createdefect", { vehicle: fine.id, department: ref.hire.id, defect_description: "Wiper blade split nearside", defect_status: "DRIVEABLE" }));
    expect((await finderRow(fine))?.workshop_warnings).toEqual([]);
    expect((await availability(fine)).workshop_warnings).toEqual([]);
  }, 120_000);

  it("flags a van booked into the workshop over the dates (workshop date to finish date), not outside them", async () => {
    const v = await newVan(api, ref);
    const job = await ok(api.post("createjob", jobBody(ref, v.id, { book_in_date: "2030-02-27", workshop_date: "2030-03-04", finish_date: "2030-03-08" })));
    const warning = { job: job.id, reason: "IN_WORKSHOP", from: "2030-03-04", to: "2030-03-08", message: `Job ${job.id}: booked into the workshop 04/03/2030 - 08/03/2030` };
    expect((await finderRow(v))?.workshop_warnings).toEqual([warning]);
    expect((await availability(v)).workshop_warnings).toEqual([warning]);
    // The hire's last day is the workshop's first: they meet.
    expect((await finderRow(v, "2030-02-20", "2030-03-04"))?.workshop_warnings).toEqual([warning]);
    // Before and after its days: nothing.
    expect((await finderRow(v, "2030-02-20", "2030-03-03"))?.workshop_warnings).toEqual([]);
    expect((await availability(v, "2030-03-09", "2030-03-12")).workshop_warnings).toEqual([]);
    // A booking over a flagged van still saves (a warning, not a block).
    const rental = await api.post("rentals", booking(ref, v.id, START, FINISH));
    expect(rental.status, JSON.stringify(rental.body)).toBe(201);
    // The booked van leaves the finder as before; the check names both the rental and the job.
    expect(await finderRow(v)).toBeUndefined();
    expect(await availability(v)).toMatchObject({ count: 1, workshop_warnings: [warning] });
  }, 120_000);

  it("does not flag a van whose job is collected or approved", async () => {
    const v = await newVan(api, ref);
    const job = await ok(api.post("createjob", jobBody(ref, v.id, { workshop_date: "2030-03-02", finish_date: "2030-03-03" })));
    expect((await finderRow(v))?.workshop_warnings).toHaveLength(1);
    const setStatus = (j: any, status: string) => ok(api.put(`jobs/returned/${j.id}`, { status, last_saved: j.last_saved }));
    const ready = await setStatus(await setStatus(job, "RETURNED_FROM_WORKSHOP"), "READY_FOR_COLLECTION");
    // Ready for collection: still at the workshop.
    expect((await finderRow(v))?.workshop_warnings).toHaveLength(1);
    await setStatus(ready, "COLLECTED");
    expect((await finderRow(v))?.workshop_warnings).toEqual([]);
    expect((await availability(v)).workshop_warnings).toEqual([]);
  }, 120_000);

  it("answers no workshop_warnings on a rental list that is not an availability check", async () => {
    const v = await newVan(api, ref);
    expect(await ok(api.get(`rentals?vehicle=${v.id}`))).not.toHaveProperty("workshop_warnings");
  }, 60_000);
});
