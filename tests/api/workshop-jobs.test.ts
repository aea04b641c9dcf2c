import { beforeAll, describe, expect, it } from "vitest";
import { call, client, signIn } from "../support/api.js";
import { ok } from "./fleet-support.js";
import { item, jobBody, newVan, part, workshopReference, type WorkshopRef } from "./workshop-support.js";
import { addDays, todayInLondon } from "../../core/platform/dates.js";

let api: ReturnType<typeof client>;
let ref: WorkshopRef;

beforeAll(async () => {
  api = client(await signIn("wendy@vanco.co.uk", "Wendy"));
  ref = await workshopReference(api);
}, 60_000);

const EDITED = "It looks like the data has been edited elsewhere - fetching the latest update!";

describe("a job card (002 §3, §7)", () => {
  it("is created with its work items, parts and comments, priced by the server, and read back the same", async () => {
    const v = await newVan(api, ref);
    const made = await api.post("createjob", { ...jobBody(ref, v.id), comments_list: [{ text: "Booked by phone" }] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const job = made.body;
    expect(job.id).toEqual(expect.any(Number));
    expect(job).toMatchObject({
      status: "IN_PROGRESS",
      approved: false,
      jstate: "OPEN",
      vehicle: { id: v.id, registration: v.registration, model: { name: "Transit Custom" } },
      customer: { id: ref.acme.id, display_name: "Acme Hire" },
      workshop: { id: ref.workshop.id, display_name: "Fast Fit Garage" },
      latest_comment: "Booked by phone",
      mileage_warning: false,
      image_count: 0,
    });
    expect(job.work_items).toHaveLength(1);
    const w = job.work_items[0];
    // 2 h x £50 (workshop rate); charge 2 h x £65 special rate x 1.10 (Acme's labour markup)
    expect(w).toMatchObject({ labour_cost: 100, customer_labour_cost: 143, work_type: { id: ref.service.id, name: "Service", special_labour_rate: 65 }, job: job.id });
    expect(w.id).toEqual(expect.any(Number));
    expect(w.last_saved).toEqual(expect.any(String));
    // part charge: £100 x 1.20 (Acme's parts markup)
    expect(w.parts[0]).toMatchObject({ name: "Brake pads", cost: 100, customer_cost: 120, supplier: { id: ref.partsCo.id, display_name: "Parts Direct" } });
    expect(job).toMatchObject({ labour_cost_total: 100, labour_charge_total: 143, parts_cost_total: 100, parts_charge_total: 120, total_cost: 200, total_charge: 263 });
    expect(job.comments_list[0]).toMatchObject({ text: "Booked by phone", creator: "wendy@vanco.co.uk", creator_name: "Wendy" });
    const read = await api.get(`jobs/${job.id}`);
    expect(read.body).toEqual(job);
  }, 120_000);

  it("never trusts the client's figures: costs are recomputed unless cost_override", async () => {
    const v = await newVan(api, ref);
    const job = await ok(api.post("createjob", jobBody(ref, v.id, { work_items: [item(ref, { labour_cost: 1, customer_labour_cost: 1, parts: [part(ref, { customer_cost: 1 })] })] })));
    expect(job.work_items[0]).toMatchObject({ labour_cost: 100, customer_labour_cost: 143 });
    expect(job.work_items[0].parts[0].customer_cost).toBe(120);
    const w = job.work_items[0];
    const saved = await ok(api.put(`jobs/${job.id}`, { ...job, work_items: [{ ...w, cost_override: true, labour_cost: 90, customer_labour_cost: 200, parts: [{ ...w.parts[0], cost_override: true, customer_cost: 150 }] }] }));
    expect(saved.work_items[0]).toMatchObject({ labour_cost: 90, customer_labour_cost: 200 });
    expect(saved.work_items[0].parts[0].customer_cost).toBe(150);
    expect(saved.total_charge).toBe(350);
  }, 120_000);

  it("prices for customer 2 when Charge Customer 2 is ticked, and the job's parts markup overrides", async () => {
    const v = await newVan(api, ref);
    const job = await ok(api.post("createjob", jobBody(ref, v.id, { customer2: ref.bobs.id, work_items: [item(ref, { chargeable: true, parts: [part(ref)] })] })));
    // Bob's: labour markup 0, parts markup 50
    expect(job.work_items[0]).toMatchObject({ customer_labour_cost: 130 });
    expect(job.work_items[0].parts[0].customer_cost).toBe(150);
    expect(job.customer2_labour_charge_total).toBe(130);
    expect(job.customer2_parts_charge_total).toBe(150);
    const own = await ok(api.put(`jobs/${job.id}`, { ...job, parts_markup: 5 }));
    expect(own.work_items[0].parts[0].customer_cost).toBe(105);
    // Removing customer 2 sets every item not chargeable and prices for customer 1.
    const gone = await ok(api.put(`jobs/${job.id}`, { ...own, customer2: null, parts_markup: null }));
    expect(gone.work_items[0]).toMatchObject({ chargeable: false, customer_labour_cost: 143 });
    expect(gone.work_items[0].parts[0].customer_cost).toBe(120);
  }, 120_000);

  it("uses the workshop's LCV rate in the LCV Centre department", async () => {
    const v = await newVan(api, ref);
    const job = await ok(api.post("createjob", jobBody(ref, v.id, { department: ref.lcv.id, work_items: [item(ref, { work_type: ref.tyres.id, labour_hours: 2, parts: [] })] })));
    // 2 h x £42 LCV rate; no special rate: charge = cost x 1.10 (the workshop's rate is affected by customer markup)
    expect(job.work_items[0]).toMatchObject({ labour_cost: 84, customer_labour_cost: 92.4 });
  }, 120_000);

  it("keeps empty dates as null and a new line's key", async () => {
    const v = await newVan(api, ref);
    const job = await ok(api.post("createjob", jobBody(ref, v.id, { finish_date: "", workshop_date: "", work_items: [item(ref, { parts: [part(ref, { date_ordered: "", backorder_expected_date: "" })] })] })));
    expect(job.finish_date).toBeNull();
    expect(job.workshop_date).toBeNull();
    expect(job.work_items[0].parts[0].date_ordered).toBeNull();
    expect(job.work_items[0].key).toEqual(expect.any(String));
  }, 120_000);

  it("answers 404 for a job that does not exist, 401 without a token", async () => {
    expect((await api.get("jobs/999999")).status).toBe(404);
    expect((await call("GET", "jobs/1")).status).toBe(401);
    expect((await call("GET", "jobs")).status).toBe(401);
  }, 120_000);
});

describe("job save rules (002 §5), bad input changing nothing", () => {
  it("names every missing field in one message", async () => {
    const r = await api.post("createjob", { work_items: [] });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("The following fields are missing: Booked In Date, Department, Vehicle, Customer, Workshop");
    expect(Object.keys(r.body.errors).sort()).toEqual(["book_in_date", "customer", "department", "vehicle", "workshop"]);
  }, 120_000);

  it("needs a work type, a supplier and tracking options, with the spec's messages", async () => {
    const v = await newVan(api, ref);
    const cases: Array<[unknown[], string]> = [
      [[item(ref, { work_type: null })], "You must specify a work type for Full service"],
      [[item(ref), item(ref, { description: "", work_type: null })], "You must specify a work type for Work Item 2"],
      [[item(ref, { parts: [part(ref, { supplier: null })] })], "Part Brake pads is missing a supplier!"],
      [[item(ref, { parts: [part(ref, { name: "", supplier: null })] })], "Part Unnamed Part is missing a supplier!"],
      [[item(ref, { customer_tracking_option: null })], "You must specify tracking options for Full service"],
      [[item(ref, { parts: [part(ref, { supplier_tracking_option: null })] })], "You must specify tracking options for part Brake pads"],
    ];
    for (const [work_items, message] of cases) {
      const r = await api.post("createjob", jobBody(ref, v.id, { work_items }));
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    // Nothing was written: the vehicle has no jobs.
    expect((await api.get(`jobs?vehicle=${v.id}`)).body.count).toBe(0);
  }, 120_000);

  it("refuses unknown fields and bad values naming the field, and changes nothing", async () => {
    const v = await newVan(api, ref);
    const job = await ok(api.post("createjob", jobBody(ref, v.id)));
    for (const [body, field] of [
      [{ ...job, nonsense: 1 }, "nonsense"],
      [{ ...job, mileage: -5 }, "mileage"],
      [{ ...job, book_in_date: "31/12/2030" }, "book_in_date"],
      [{ ...job, status: "FINISHED" }, "status"],
      [{ ...job, work_items: [{ ...job.work_items[0], labour_hours: "lots" }] }, "work_items.0.labour_hours"],
      [{ ...job, customer: 987654 }, "customer"],
    ] as const) {
      const r = await api.put(`jobs/${job.id}`, body);
      expect(r.status, field).toBe(400);
      expect(Object.keys(r.body.errors ?? {})[0] ?? "", JSON.stringify(r.body)).toContain(field);
    }
    expect((await api.get(`jobs/${job.id}`)).body).toEqual(job);
  }, 120_000);

  it("answers the mileage warning as a flag when the model's limit is reached", async () => {
    const model = await ok(api.post("vehiclemodel", { name: "Limited", make: ref.ford.id, mileage_limit: 100000 }));
    const v = await newVan(api, ref, { model: model.id });
    const under = await ok(api.post("createjob", jobBody(ref, v.id, { mileage: 99999 })));
    expect(under.mileage_warning).toBe(false);
    const over = await ok(api.put(`jobs/${under.id}`, { ...under, mileage: 100000 }));
    expect(over.mileage_warning).toBe(true);
    expect(over.mileage).toBe(100000);
  }, 120_000);
});

describe("freshness (002 §5)", () => {
  it("refuses a stale save with 409 and the spec's message, losing nothing", async () => {
    const v = await newVan(api, ref);
    const job = await ok(api.post("createjob", jobBody(ref, v.id)));
    const first = await ok(api.put(`jobs/${job.id}`, { ...job, job_description: "First" }));
    const stale = await api.put(`jobs/${job.id}`, { ...job, job_description: "Second" });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(EDITED);
    expect((await api.get(`jobs/${job.id}`)).body.job_description).toBe("First");
    expect(first.last_saved).not.toBe(job.last_saved);
  }, 120_000);

  it("lets one of two simultaneous saves land; the other gets 409", async () => {
    const v = await newVan(api, ref);
    const job = await ok(api.post("createjob", jobBody(ref, v.id)));
    const [a, b] = await Promise.all([api.put(`jobs/${job.id}`, { ...job, job_description: "A" }), api.put(`jobs/${job.id}`, { ...job, job_description: "B" })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? "A" : "B";
    expect((await api.get(`jobs/${job.id}`)).body.job_description).toBe(winner);
  }, 120_000);

  it("needs last_saved on a save", async () => {
    const v = await newVan(api, ref);
    const job = await ok(api.post("createjob", jobBody(ref, v.id)));
    const r = await api.put(`jobs/${job.id}`, { ...job, last_saved: undefined });
    expect(r.status).toBe(400);
    expect(r.body.errors).toHaveProperty("last_saved");
  }, 120_000);
});

describe("status flow and approval (002 §4, §5)", () => {
  const setStatus = (job: any, status: string) => api.put(`jobs/returned/${job.id}`, { status, last_saved: job.last_saved });

  it("moves IN_PROGRESS -> RETURNED -> READY -> COLLECTED, refusing skips", async () => {
    const v = await newVan(api, ref);
    const job = await ok(api.post("createjob", jobBody(ref, v.id)));
    const skip = await setStatus(job, "COLLECTED");
    expect(skip.status).toBe(400);
    expect(skip.body.message).toBe("A job cannot go from IN PROGRESS to COLLECTED");
    const returned = await ok(setStatus(job, "RETURNED_FROM_WORKSHOP"));
    expect(returned).toMatchObject({ status: "RETURNED_FROM_WORKSHOP", jstate: "RETURNED" });
    expect((await setStatus(job, "READY_FOR_COLLECTION")).status).toBe(409);
    const ready = await ok(setStatus(returned, "READY_FOR_COLLECTION"));
    expect(ready.status).toBe("READY_FOR_COLLECTION");
    // Acme's workshop instruction is flagged on completion; the van has no key.
    expect(ready.after_ready).toEqual({ workshop_instructions: ["Ring before collection"], change_key: true });
    const collected = await ok(setStatus(ready, "COLLECTED"));
    expect(collected.status).toBe("COLLECTED");
  }, 120_000);

  it("approves with the spec's checks and records the approver's names", async () => {
    const v = await newVan(api, ref);
    let job = await ok(api.post("createjob", jobBody(ref, v.id, { work_items: [item(ref, { parts: [part(ref, { to_be_ordered: false })] })] })));
    const early = await api.post(`jobs/approve/${job.id}`, { last_saved: job.last_saved });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe("Only a job that is Ready For Collection or Collected can be approved");
    job = await ok(setStatus(job, "RETURNED_FROM_WORKSHOP"));
    job = await ok(setStatus(job, "READY_FOR_COLLECTION"));
    const noMileage = await api.post(`jobs/approve/${job.id}`, { last_saved: job.last_saved });
    expect(noMileage.body.message).toBe("You must specify a mileage before approving!");
    const notOrdered = await api.post(`jobs/approve/${job.id}`, { last_saved: job.last_saved, mileage: 5000 });
    expect(notOrdered.body.message).toBe("Part Brake pads needs to be ordered");
    const w = job.work_items[0];
    job = await ok(api.put(`jobs/${job.id}`, { ...job, workshop_date: null, work_items: [{ ...w, parts: [{ ...w.parts[0], from_stock: true }] }] }));
    const noDate = await api.post(`jobs/approve/${job.id}`, { last_saved: job.last_saved, mileage: 5000 });
    expect(noDate.body.message).toBe("Workshop date is required before approval");
    expect((await api.get(`jobs/${job.id}`)).body.approved).toBe(false);
    const approved = await ok(api.post(`jobs/approve/${job.id}`, { last_saved: job.last_saved, mileage: 5000, workshop_date: "2030-03-02" }));
    expect(approved).toMatchObject({ approved: true, jstate: "APPROVED", approving_user: { first_name: "Wendy" }, mileage: 5000 });
    const again = await api.post(`jobs/approve/${job.id}`, { last_saved: approved.last_saved });
    expect(again.body.message).toBe("This job has already been approved");
  }, 120_000);

  it("on approval with an inspection, needs both new dates and gives the vehicle's inspection them", async () => {
    const v = await newVan(api, ref);
    const mot = await ok(api.post("inspectiontype", { inspection_type: "MOT", reminder_days: 30, warning_days: 14 }));
    const insp = await ok(api.post("inspections", { vehicle: v.id, inspection_type: mot.id, date_completed: "2029-03-01", expiry_date: "2030-03-01" }));
    let job = await ok(api.post("createjob", jobBody(ref, v.id, { mileage: 7000, work_items: [item(ref, { parts: [part(ref)] })], inspection: { id: insp.id, new_completed_date: "2030-03-02" } })));
    job = await ok(setStatus(job, "RETURNED_FROM_WORKSHOP"));
    job = await ok(setStatus(job, "READY_FOR_COLLECTION"));
    const missing = await api.post(`jobs/approve/${job.id}`, { last_saved: job.last_saved });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("New Completed Date and New Expiry Date are required before approval");
    const approved = await ok(api.post(`jobs/approve/${job.id}`, { last_saved: job.last_saved, inspection: { id: insp.id, new_completed_date: "2030-03-02", new_expiry_date: "2031-03-01" } }));
    expect(approved.approved).toBe(true);
    const after = await ok(api.get(`inspections/${insp.id}`));
    expect(after).toMatchObject({ date_completed: "2030-03-02", expiry_date: "2031-03-01" });
  }, 120_000);
});

describe("defects and Turn Into Job (002 §2, §4, §5)", () => {
  it("creates a defect with the spec's rules, the creator from the session, and keeps it read-only", async () => {
    const v = await newVan(api, ref);
    const bad = [
      [{ department: ref.hire.id, defect_description: "Mirror glass cracked" }, "Vehicle and Department are required fields"],
      [{ vehicle: v.id, defect_description: "Mirror glass cracked" }, "Vehicle and Department are required fields"],
      [{ vehicle: v.id, department: ref.hire.id, defect_description: "Cracked" }, "The defect description must be at least 10 characters"],
      [{ vehicle: v.id, department: ref.hire.id, defect_description: "Mirror glass cracked", mileage: "12k" }, "Mileage must be a whole number"],
    ] as const;
    for (const [body, message] of bad) {
      const r = await api.post("createdefect", body);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const defect = await ok(
      api.post("createdefect", { vehicle: v.id, department: ref.hire.id, defect_description: "Nearside mirror glass cracked", defect_status: "NOT_DRIVEABLE", location_of_van: "Yard 2", defect_driver_name: "Lee", defect_driver_number: "07700 900000", mileage: "12000" }),
    );
    expect(defect).toMatchObject({
      is_defect: true,
      jstate: "DEFECT",
      defect_status: "NOT_DRIVEABLE",
      mileage: 12000,
      defect_department: "DIRECT VAN HIRE",
      defect_creator: { first_name: "Wendy" },
    });
    const edit = await api.put(`jobs/${defect.id}`, { ...defect, job_description: "changed" });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe("A defect can only be turned into a job or a quote");
    const moved = await ok(api.put(`jobs/${defect.id}`, { ...defect, location_of_van: "Bay 4" }));
    expect(moved.location_of_van).toBe("Bay 4");
    const items = await api.put(`jobs/${moved.id}`, { ...moved, work_items: [item(ref)] });
    expect(items.body.message).toBe("A defect can only be turned into a job or a quote");
    // Turn Into Job clears the flag; the job joins the jobs lists.
    const job = await ok(api.put(`jobs/${moved.id}`, { ...moved, is_defect: false }));
    expect(job).toMatchObject({ is_defect: false, jstate: "OPEN" });
  }, 120_000);
});

describe("locks (002 §4)", () => {
  it("a movement-linked or invoice-approved item cannot change or go; an approved part's supplier tracking option stays", async () => {
    const v = await newVan(api, ref);
    const job = await ok(api.post("createjob", jobBody(ref, v.id)));
    // The flags belong to accounts and movements: a save cannot set them.
    const sneaky = await ok(api.put(`jobs/${job.id}`, { ...job, work_items: [{ ...job.work_items[0], invoice_approved: true, movement: 5 }] }));
    expect(sneaky.work_items[0]).toMatchObject({ invoice_approved: false, movement: null });
  }, 120_000);
});

describe("work items and parts by id (002 §7)", () => {
  it("reads, saves and removes one work item's part through its own calls, repricing the job", async () => {
    const v = await newVan(api, ref);
    const job = await ok(api.post("createjob", jobBody(ref, v.id)));
    const w = job.work_items[0];
    const work = await ok(api.get(`work/${w.id}`));
    expect(work).toMatchObject({ id: w.id, description: "Full service", job: job.id });
    const saved = await ok(api.put(`work/update/${w.id}`, { ...work, labour_hours: 3 }));
    expect(saved).toMatchObject({ labour_hours: 3, labour_cost: 150, customer_labour_cost: 214.5 });
    expect((await api.put(`work/update/${w.id}`, { ...work, labour_hours: 4 })).status).toBe(409);
    const p = w.parts[0];
    const got = await ok(api.get(`parts/update/${p.id}`));
    expect(got).toMatchObject({ id: p.id, name: "Brake pads", job: job.id, work: w.id });
    const priced = await ok(api.put(`parts/update/${p.id}`, { ...got, cost: 50, customer_cost: 9999 }));
    expect(priced).toMatchObject({ cost: 50, customer_cost: 60 });
    const after = await ok(api.get(`jobs/${job.id}`));
    expect(after).toMatchObject({ parts_cost_total: 50, labour_cost_total: 150 });
    await ok(api.del(`parts/update/${p.id}`));
    expect((await api.get(`parts/update/${p.id}`)).status).toBe(404);
    expect((await ok(api.get(`jobs/${job.id}`))).work_items[0].parts).toEqual([]);
    expect((await api.get("work/999999")).status).toBe(404);
  }, 120_000);
});

describe("jobs list views and counts (002 §2 Jobs list)", () => {
  it("lists each view of a tab and department, with counts", async () => {
    const today = todayInLondon();
    const dept = await ok(api.post("createdepartment", { name: "Views Dept" }));
    const v = await newVan(api, ref);
    const mk = (extra: Record<string, unknown>) => ok(api.post("createjob", jobBody(ref, v.id, { department: dept.id, ...extra })));
    const started = await mk({ workshop_date: today });
    const yesterday = await mk({ workshop_date: addDays(today, -1) });
    const upcoming = await mk({ workshop_date: addDays(today, 3) });
    const notBooked = await mk({ workshop_date: null, wash_needed: true });
    const outside = await mk({ workshop: ref.outside.id, workshop_date: today });
    const ids = (r: any) => r.body.results.map((j: any) => j.id);
    const q = (view: string, extra = "") => api.get(`jobs?view=${view}&department=${dept.id}${extra}`);
    expect(ids(await q("started")).sort()).toEqual([started.id, yesterday.id, outside.id].sort());
    expect(ids(await q("today")).sort()).toEqual([started.id, outside.id].sort());
    expect(ids(await q("yesterday"))).toEqual([yesterday.id]);
    expect(ids(await q("upcoming"))).toEqual([upcoming.id]);
    expect(ids(await q("upcoming_not_booked"))).toEqual([notBooked.id]);
    expect(ids(await q("wash"))).toEqual([notBooked.id]);
    expect((await q("all")).body.count).toBe(5);
    // The default view is Started.
    expect(ids(await api.get(`jobs?department=${dept.id}`)).sort()).toEqual([started.id, yesterday.id, outside.id].sort());
    // Workshop tabs: Fast Fit is a job tab workshop; Outside Motors is EXTERNAL.
    expect(ids(await q("today", "&ws=external"))).toEqual([outside.id]);
    expect(ids(await q("today", `&ws=${ref.workshop.id}`))).toEqual([started.id]);
    expect((await q("today", "&ws=quote")).body.count).toBe(0);
    const counts = await ok(api.get(`jobstatuscount?department=${dept.id}`));
    expect(counts).toMatchObject({ started: 3, today: 2, yesterday: 1, upcoming: 1, upcoming_not_booked: 1, wash: 1, all: 5, returned: 0, ready: 0, approved: 0 });
    // Returned and ready views follow the status.
    const r1 = await ok(api.put(`jobs/returned/${started.id}`, { status: "RETURNED_FROM_WORKSHOP", last_saved: started.last_saved }));
    expect(ids(await q("returned"))).toEqual([started.id]);
    await ok(api.put(`jobs/returned/${started.id}`, { status: "READY_FOR_COLLECTION", last_saved: r1.last_saved }));
    expect(ids(await q("ready"))).toEqual([started.id]);
    expect((await ok(api.get(`jobstatuscount?department=${dept.id}`))).ready).toBe(1);
  }, 120_000);

  it("searches by registration, customer name and job number within the view; filters a column", async () => {
    const v = await newVan(api, ref);
    const job = await ok(api.post("createjob", jobBody(ref, v.id, { customer: ref.bobs.id, workshop_date: todayInLondon() })));
    const reg = String(v.registration);
    const find = async (s: string, view = "all") => (await ok(api.get(`jobs?view=${view}&search=${encodeURIComponent(s)}`))).results.map((j: any) => j.id);
    expect(await find(reg)).toContain(job.id);
    expect(await find(reg.replace(/\s/g, "").toLowerCase())).toContain(job.id);
    expect(await find("Bobs B")).toContain(job.id);
    expect(await find(String(job.id))).toEqual([job.id]);
    expect(await find(reg, "approved")).not.toContain(job.id);
    const filtered = await ok(api.get(`jobs?view=all&customer=${ref.bobs.id}`));
    expect(filtered.results.map((j: any) => j.id)).toContain(job.id);
    expect(filtered.results.every((j: any) => j.customer.id === ref.bobs.id)).toBe(true);
    const none = await ok(api.get(`jobs?view=approved&customer=${ref.bobs.id}`));
    expect(none.results.map((j: any) => j.id)).not.toContain(job.id);
  }, 120_000);

  it("answers the open-items check for a vehicle, and the defect and enquiry counts", async () => {
    const v = await newVan(api, ref);
    const before = (await ok(api.get("countdefect"))).count;
    const job = await ok(api.post("createjob", jobBody(ref, v.id)));
    const defect = await ok(api.post("createdefect", { vehicle: v.id, department: ref.hire.id, defect_description: "Rear light not working" }));
    const open = await ok(api.get(`jobs?vehicle=${v.id}&view=not_finished&ws=all`));
    expect(open.results.map((j: any) => j.id).sort()).toEqual([job.id, defect.id].sort());
    expect((await ok(api.get("countdefect"))).count).toBe(before + 1);
    expect((await ok(api.get("countenquiry"))).count).toEqual(expect.any(Number));
    const mine = await ok(api.get("jobs?view=mydefects"));
    expect(mine.results.map((j: any) => j.id)).toContain(defect.id);
    const other = client(await signIn("other@vanco.co.uk", "Olly"));
    expect((await ok(other.get("jobs?view=mydefects"))).results.map((j: any) => j.id)).not.toContain(defect.id);
  }, 120_000);

  it("refuses an unknown view or tab", async () => {
    expect((await api.get("jobs?view=finished")).status).toBe(400);
    expect((await api.get("jobs?ws=nowhere")).status).toBe(400);
  }, 120_000);
});

describe("delete (W19)", () => {
  it("deletes a job with its lines; its work items are gone", async () => {
    const v = await newVan(api, ref);
    const job = await ok(api.post("createjob", jobBody(ref, v.id)));
    await ok(api.del(`jobs/${job.id}`));
    expect((await api.get(`jobs/${job.id}`)).status).toBe(404);
    expect((await api.get(`work/${job.work_items[0].id}`)).status).toBe(404);
    expect((await api.get(`jobs?vehicle=${v.id}&view=not_finished`)).body.count).toBe(0);
  }, 120_000);
});

describe("reference lists by 002's names", () => {
  it("answers fitters, worktype, movementrate, movementtype and drivers paged to 1000", async () => {
    await ok(api.post("createfitter", { name: "Dave" }));
    for (const path of ["fitters", "worktype", "movementrate", "movementtype", "drivers"]) {
      const r = await api.get(`${path}?page_size=1000`);
      expect(r.status, path).toBe(200);
      expect(r.body).toHaveProperty("count");
    }
    expect((await ok(api.get("fitters?page_size=1000"))).results.map((f: any) => f.name)).toContain("Dave");
    expect((await ok(api.get("worktype?page_size=1000"))).results.find((w: any) => w.name === "Service").special_labour_rate).toBe(65);
  }, 120_000);
});
