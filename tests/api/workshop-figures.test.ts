import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { ok } from "./fleet-support.js";
import { item, jobBody, newVan, workshopReference, type WorkshopRef } from "./workshop-support.js";

/** What the vehicle page and the dashboard read of job cards (data-model §7.3 "Also served"). */
let api: ReturnType<typeof client>;
let ref: WorkshopRef;

beforeAll(async () => {
  api = client(await signIn("figures@vanco.co.uk", "Fay"));
  ref = await workshopReference(api);
}, 60_000);

async function approve(job: any) {
  let j = await ok(api.put(`jobs/returned/${job.id}`, { status: "RETURNED_FROM_WORKSHOP", last_saved: job.last_saved }));
  j = await ok(api.put(`jobs/returned/${job.id}`, { status: "READY_FOR_COLLECTION", last_saved: j.last_saved }));
  return ok(api.post(`jobs/approve/${job.id}`, { last_saved: j.last_saved, mileage: 1000 }));
}

describe("the vehicle page's service record and last services", () => {
  it("pages the vehicle's work items by workshop date, filters chargeable, and lists the last approved jobs", async () => {
    const v = await newVan(api, ref);
    const a = await ok(api.post("createjob", jobBody(ref, v.id, { workshop_date: "2030-01-10", customer2: ref.bobs.id, work_items: [item(ref, { description: "Oil", chargeable: true }), item(ref, { description: "Brakes" })] })));
    const b = await ok(api.post("createjob", jobBody(ref, v.id, { workshop_date: "2030-02-10", work_items: [item(ref, { description: "Tyres" })] })));
    await ok(api.post("createdefect", { vehicle: v.id, department: ref.hire.id, defect_description: "Wiper blade split" }));
    const all = await ok(api.get(`work?vehicle=${v.id}&page=1&page_size=15&dateSort=desc`));
    expect(all.count).toBe(3);
    expect(all.results.map((w: any) => w.description).slice(0, 1)).toEqual(["Tyres"]);
    expect(all.results.map((w: any) => w.description).slice(1).sort()).toEqual(["Brakes", "Oil"]);
    expect(all.results[0]).toMatchObject({ description: "Tyres", job: b.id, workshop_date: "2030-02-10" });
    const asc = await ok(api.get(`work?vehicle=${v.id}&dateSort=asc`));
    expect(asc.results[2].description).toBe("Tyres");
    const chg = await ok(api.get(`work?vehicle=${v.id}&chargeable=true`));
    expect(chg.results.map((w: any) => w.description)).toEqual(["Oil"]);
    const non = await ok(api.get(`work?vehicle=${v.id}&chargeable=false`));
    expect(non.count).toBe(2);
    expect(non.totals.labour_cost).toBe(200);
    // 000 §7 dateSort true/false and §2 All / Chargeable / Non-Chargeable as the spec's screen sends them.
    const desc = all.results.map((w: any) => w.id);
    expect((await ok(api.get(`work?vehicle=${v.id}&page=1&page_size=15&dateSort=true`))).results.map((w: any) => w.id)).toEqual(desc);
    expect((await ok(api.get(`work?vehicle=${v.id}&dateSort=false`))).results.map((w: any) => w.id)).toEqual(asc.results.map((w: any) => w.id));
    expect((await ok(api.get(`work?vehicle=${v.id}&dateSort=true&chargeable=all`))).count).toBe(3);
    expect((await ok(api.get(`work?vehicle=${v.id}&chargeable=ALL`))).count).toBe(3);
    expect((await ok(api.get(`work?vehicle=${v.id}&chargeable=Chargeable`))).count).toBe(1);
    expect((await ok(api.get(`work?vehicle=${v.id}&chargeable=Non-Chargeable`))).count).toBe(2);
    const badSort = await api.get(`work?vehicle=${v.id}&dateSort=sideways`);
    expect(badSort.status).toBe(400);
    expect(badSort.body.errors).toHaveProperty("dateSort");
    expect((await api.get(`work?vehicle=${v.id}&chargeable=maybe`)).status).toBe(400);
    const paged = await ok(api.get(`work?vehicle=${v.id}&page=2&page_size=2`));
    expect(paged.results).toHaveLength(1);
    // Without a vehicle, GET work is Workshop Expenses' list (003 §7; tests/api/work-approvals.test.ts).
    expect((await ok(api.get("work"))).results.every((w: any) => w.po_state === "current")).toBe(true);

    expect((await ok(api.get(`service?amount=6&vehicle=${v.id}`))).count).toBe(0);
    await approve(a);
    await approve(b);
    const last = await ok(api.get(`service?amount=6&vehicle=${v.id}`));
    expect(last.results.map((j: any) => j.id)).toEqual([b.id, a.id]);
    // 000 §3 "Service record (printed): date, mileage".
    expect(last.results.map((j: any) => j.date)).toEqual(["2030-02-10", "2030-01-10"]);
    expect(last.results[0]).toHaveProperty("mileage");
    expect(last.results[1].work_items.map((w: any) => w.description)).toEqual(["Oil", "Brakes"]);
    expect((await ok(api.get(`service?amount=1&vehicle=${v.id}`))).results.map((j: any) => j.id)).toEqual([b.id]);
  }, 120_000);
});

describe("dashboard Workshop panel (work/figures) and Jobs Starting Today", () => {
  it("adds up labour charge and cost by workshop date in the period and department", async () => {
    const dept = await ok(api.post("createdepartment", { name: "Figures Dept" }));
    const v = await newVan(api, ref);
    // 2 h: cost 2 x £50 = 100, charge 2 x £65 x 1.1 = 143
    await ok(api.post("createjob", jobBody(ref, v.id, { department: dept.id, workshop_date: "2030-06-03", work_items: [item(ref)] })));
    await ok(api.post("createjob", jobBody(ref, v.id, { department: dept.id, workshop_date: "2030-06-09", work_items: [item(ref, { labour_hours: 1 })] })));
    await ok(api.post("createjob", jobBody(ref, v.id, { department: dept.id, workshop_date: "2030-06-10", work_items: [item(ref)] })));
    const week = await ok(api.get(`work/figures?start=2030-06-03&end=2030-06-09&type=weekly&department=${dept.id}`));
    expect(week).toMatchObject({ income: 143 + 71.5, expenses: 150 });
    const byDate = await ok(api.get(`work/figures?type=monthly&date=2030-06-15&department=${dept.id}`));
    expect(byDate).toMatchObject({ income: 143 * 2 + 71.5, expenses: 250, start: "2030-06-01", end: "2030-06-30" });
    expect((await api.get("work/figures?start=2030-06-09&end=2030-06-03")).status).toBe(400);
  }, 120_000);

  it("Jobs Starting Today is the today view of every tab", async () => {
    const v = await newVan(api, ref);
    const { todayInLondon } = await import("../../core/platform/dates.js");
    const job = await ok(api.post("createjob", jobBody(ref, v.id, { workshop: ref.outside.id, workshop_date: todayInLondon() })));
    const r = await ok(api.get("jobs?view=today&page=1&ws=all"));
    expect(r.results.map((j: any) => j.id)).toContain(job.id);
    expect(r.count).toBe((await ok(api.get("jobstatuscount?ws=all"))).today);
  }, 120_000);
});
