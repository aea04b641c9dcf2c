import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { ok } from "./fleet-support.js";
import { item, jobBody, newVan, part, workshopReference, type WorkshopRef } from "./workshop-support.js";
import { Job, JobLines } from "../../core/workshop/job.js";
import { linesTestSeam } from "../../core/platform/lines.js";

/**
 * Job card locks (002 §4), a job too big for one transaction (saved in
 * steps), part enquiries' read-only rule, attached images, deletes refused
 * while lines are approved, and the list views the first file leaves out.
 */
let api: ReturnType<typeof client>;
let ref: WorkshopRef;

beforeAll(async () => {
  api = client(await signIn("lock@vanco.co.uk", "Lou"));
  ref = await workshopReference(api);
}, 60_000);

/**
 * Accounts, expenses and movements (later issues) set these flags through
 * their own calls; here they are set on the stored lines directly, as those
 * calls will, to test the locks the job save enforces.
 */
async function flag(jobId: number, work: Record<string, unknown>, parts: Record<string, unknown> = {}) {
  const row = (await Job.stored(jobId)) as any;
  const lines = (await JobLines.load([jobId])).get(jobId) as any;
  await JobLines.update(
    jobId,
    { last_saved: row.last_saved, work_items: lines.work_items.map((w: any) => ({ ...w, ...work })), parts: lines.parts.map((p: any) => ({ ...p, ...parts })) },
    "accounts@vanco.co.uk",
  );
  return ok(api.get(`jobs/${jobId}`));
}

describe("work item and part locks (002 §4)", () => {
  it("an invoice-approved item keeps its fields, parts and place; its invoice comments and completion may change", async () => {
    const v = await newVan(api, ref);
    const made = await ok(api.post("createjob", jobBody(ref, v.id)));
    const job = await flag(made.id, { invoice_approved: true });
    const w = job.work_items[0];
    const changed = await api.put(`jobs/${job.id}`, { ...job, work_items: [{ ...w, labour_hours: 9 }] });
    expect(changed.status).toBe(400);
    expect(changed.body.message).toBe("Full service has been approved for invoicing and cannot be changed");
    expect((await api.put(`jobs/${job.id}`, { ...job, work_items: [] })).body.message).toBe("Full service has been approved for invoicing and cannot be changed");
    expect((await api.put(`jobs/${job.id}`, { ...job, work_items: [{ ...w, parts: [] }] })).status).toBe(400);
    expect((await api.put(`jobs/${job.id}`, { ...job, work_items: [{ ...w, parts: [...w.parts, part(ref, { name: "Extra" })] }] })).body.message).toBe("Full service has been approved for invoicing and cannot be changed");
    const fine = await ok(api.put(`jobs/${job.id}`, { ...job, work_items: [{ ...w, invoice_comments: "Checked", complete: true }] }));
    expect(fine.work_items[0]).toMatchObject({ invoice_comments: "Checked", complete: true, invoice_approved: true, labour_hours: 2 });
    // Delete is refused while a line is approved (W19).
    const del = await api.del(`jobs/${job.id}`);
    expect(del.status).toBe(400);
    expect(del.body.message).toBe("A job with work or parts approved for invoicing or expenses cannot be deleted");
  }, 120_000);

  it("a PO-approved item keeps its supplier tracking option", async () => {
    const v = await newVan(api, ref);
    const job = await flag((await ok(api.post("createjob", jobBody(ref, v.id)))).id, { po_approved: true });
    const w = job.work_items[0];
    const r = await api.put(`jobs/${job.id}`, { ...job, work_items: [{ ...w, supplier_tracking_option: ref.south }] });
    expect(r.body.message).toBe("The supplier tracking option of Full service cannot be changed: its expense has been approved");
    expect((await api.put(`jobs/${job.id}`, { ...job, work_items: [{ ...w, description: "Full service and MOT" }] })).status).toBe(200);
  }, 120_000);

  it("a movement-linked item keeps hours, override, completion and work type, and cannot be removed", async () => {
    const v = await newVan(api, ref);
    const job = await flag((await ok(api.post("createjob", jobBody(ref, v.id)))).id, { movement: 77 });
    const w = job.work_items[0];
    for (const change of [{ labour_hours: 5 }, { cost_override: true }, { complete: true }, { work_type: ref.tyres.id }]) {
      const r = await api.put(`jobs/${job.id}`, { ...job, work_items: [{ ...w, ...change }] });
      expect(r.status, JSON.stringify(change)).toBe(400);
      expect(r.body.message).toMatch(/belongs to a movement/);
    }
    expect((await api.put(`jobs/${job.id}`, { ...job, work_items: [] })).body.message).toMatch(/belongs to a movement/);
    expect((await api.put(`work/update/${w.id}`, { ...w, labour_hours: 5 })).status).toBe(400);
  }, 120_000);

  it("an approved part keeps its supplier tracking option and cannot be removed", async () => {
    const v = await newVan(api, ref);
    const job = await flag((await ok(api.post("createjob", jobBody(ref, v.id)))).id, {}, { approved: true });
    const w = job.work_items[0];
    const p = w.parts[0];
    const r = await api.put(`parts/update/${p.id}`, { ...p, supplier_tracking_option: ref.south });
    expect(r.body.message).toBe("The supplier tracking option of part Brake pads cannot be changed: the part has been approved");
    expect((await api.del(`parts/update/${p.id}`)).body.message).toBe("Part Brake pads has been approved and cannot be removed");
    // A job save cannot clear the approval either.
    const kept = await ok(api.put(`jobs/${job.id}`, { ...job, work_items: [{ ...w, parts: [{ ...p, approved: false, comments: "ok" }] }] }));
    expect(kept.work_items[0].parts[0]).toMatchObject({ approved: true, comments: "ok" });
  }, 120_000);

  it("a quote item not added after the quote takes no new parts", async () => {
    const v = await newVan(api, ref);
    const job = await flag((await ok(api.post("createjob", jobBody(ref, v.id)))).id, { quote: 5 });
    const w = job.work_items[0];
    const r = await api.put(`jobs/${job.id}`, { ...job, work_items: [{ ...w, parts: [...w.parts, part(ref, { name: "Wipers" })] }] });
    expect(r.body.message).toBe("Parts cannot be added to Full service");
  }, 120_000);
});

describe("a part enquiry job (002 §4)", () => {
  it("lets only its enquiry details change, until Turn Into Job", async () => {
    const enquiry = await ok(api.post("createjob", { is_enquiry: true, enquiry_registration: "AB12 CDE", enquiry_make: "Ford", enquiry_description: "Nearside wing mirror" }));
    expect(enquiry).toMatchObject({ jstate: "ENQUIRY", is_enquiry: true });
    const details = await ok(api.put(`jobs/${enquiry.id}`, { ...enquiry, enquiry_model: "Transit", enquiry_description: "Both wing mirrors" }));
    expect(details).toMatchObject({ enquiry_model: "Transit", enquiry_description: "Both wing mirrors" });
    const other = await api.put(`jobs/${enquiry.id}`, { ...details, customer: ref.acme.id });
    expect(other.body.message).toBe("Only the enquiry details of a part enquiry can be changed");
    expect((await ok(api.get("jobs?view=enquiries"))).results.map((j: any) => j.id)).toContain(enquiry.id);
    const search = await ok(api.get("jobs?view=enquiries&search=ab12cde"));
    expect(search.results.map((j: any) => j.id)).toContain(enquiry.id);
    const turned = await ok(api.put(`jobs/${enquiry.id}`, { ...details, is_enquiry: false }));
    expect(turned.jstate).toBe("OPEN");
    expect((await ok(api.get("jobs?view=enquiries"))).results.map((j: any) => j.id)).not.toContain(enquiry.id);
  }, 120_000);
});

describe("a job too big for one transaction (data-model §2.12)", () => {
  it("is saved in steps, read back whole, and saved again changing one line", async () => {
    const v = await newVan(api, ref);
    const work_items = Array.from({ length: 30 }, (_, i) => item(ref, { description: `Item ${i + 1}`, labour_hours: 1, parts: [part(ref, { name: `Part ${i + 1}a`, cost: 10 }), part(ref, { name: `Part ${i + 1}b`, cost: 5 })] }));
    const job = await ok(api.post("createjob", jobBody(ref, v.id, { work_items })));
    expect(job.work_items).toHaveLength(30);
    expect(job.work_items.flatMap((w: any) => w.parts)).toHaveLength(60);
    expect(job).toMatchObject({ labour_cost_total: 1500, parts_cost_total: 450 });
    const read = await ok(api.get(`jobs/${job.id}`));
    expect(read.work_items.map((w: any) => w.description)).toEqual(work_items.map((w) => w.description));
    const items = read.work_items.map((w: any, i: number) => (i === 7 ? { ...w, labour_hours: 2 } : w));
    const saved = await ok(api.put(`jobs/${job.id}`, { ...read, work_items: items }));
    expect(saved.labour_cost_total).toBe(1550);
    // Only the changed line got a new last_saved.
    expect(saved.work_items[0].last_saved).toBe(read.work_items[0].last_saved);
    expect(saved.work_items[7].last_saved).not.toBe(read.work_items[7].last_saved);
    expect((await api.put(`jobs/${job.id}`, { ...read, job_description: "stale" })).status).toBe(409);
  }, 120_000);
});

describe("work items and parts found by id through the engine's locators (data-model §2.12)", () => {
  it("finds every line after a save in steps, and answers 404 once the line is removed (also while the removal is committed but not applied)", async () => {
    const v = await newVan(api, ref);
    // 30 work items and 60 parts, each with its locator: well past 100 items, so saved in steps.
    const work_items = Array.from({ length: 30 }, (_, i) => item(ref, { description: `Item ${i + 1}`, labour_hours: 1, parts: [part(ref, { name: `Part ${i + 1}a` }), part(ref, { name: `Part ${i + 1}b` })] }));
    const job = await ok(api.post("createjob", jobBody(ref, v.id, { work_items })));
    for (const w of [job.work_items[0], job.work_items[17], job.work_items[29]]) {
      expect(await ok(api.get(`work/${w.id}`))).toMatchObject({ id: w.id, description: w.description, job: job.id, job_last_saved: job.last_saved });
      expect(await ok(api.get(`parts/update/${w.parts[1].id}`))).toMatchObject({ id: w.parts[1].id, name: w.parts[1].name, work: w.id, job: job.id });
    }
    // Remove 20 items (60 lines and 60 locators: in steps), crashing just after the commit: readers already see the new version.
    const kept = job.work_items.slice(0, 10);
    const gone = job.work_items.slice(10);
    linesTestSeam.failAfter = "commit";
    try {
      expect((await api.put(`jobs/${job.id}`, { ...job, work_items: kept })).status).toBe(500);
      // The seam fires only in a save in steps.
      expect(linesTestSeam.failAfter).toBeNull();
    } finally {
      linesTestSeam.failAfter = null;
    }
    expect((await api.get(`work/${gone[0].id}`)).status).toBe(404);
    expect((await api.get(`parts/update/${gone[5].parts[0].id}`)).status).toBe(404);
    expect((await api.put(`parts/update/${gone[5].parts[0].id}`, { ...gone[5].parts[0], cost: 1 })).status).toBe(404);
    expect((await api.put(`work/update/${gone[0].id}`, { ...gone[0], labour_hours: 2 })).status).toBe(404);
    expect((await ok(api.get(`work/${kept[3].id}`))).parts).toHaveLength(2);
    // A save by id completes the removal first, then lands; the removed lines stay not found.
    const one = await ok(api.get(`parts/update/${kept[3].parts[0].id}`));
    expect(await ok(api.put(`parts/update/${one.id}`, { ...one, name: "Renamed" }))).toMatchObject({ id: one.id, name: "Renamed", work: kept[3].id });
    const read = await ok(api.get(`jobs/${job.id}`));
    expect(read.work_items.map((w: any) => w.id)).toEqual(kept.map((w: any) => w.id));
    for (const w of gone.slice(0, 5)) {
      expect((await api.get(`work/${w.id}`)).status).toBe(404);
      expect((await api.get(`parts/update/${w.parts[1].id}`)).status).toBe(404);
    }
    // A part removed by its own call: its locator goes with it.
    await ok(api.del(`parts/update/${kept[0].parts[0].id}`));
    expect((await api.get(`parts/update/${kept[0].parts[0].id}`)).status).toBe(404);
    expect((await ok(api.get(`parts/update/${kept[0].parts[1].id}`))).work).toBe(kept[0].id);
  }, 180_000);
});

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b1e1d50000000049454e44ae426082", "hex");

describe("attached images (002 §2, §7 Images)", () => {
  it("uploads through a presigned POST, lists with the count, deletes by name and by id", async () => {
    const v = await newVan(api, ref);
    const job = await ok(api.post("createjob", jobBody(ref, v.id)));
    const upload = async (name: string) => {
      const signed = (await ok(api.get(`jobimageupload?job=${job.id}&file_type=png`))).results[0];
      const form = new FormData();
      for (const [k, val] of Object.entries(signed.fields as Record<string, string>)) form.append(k, val);
      form.append("file", new Blob([new Uint8Array(PNG)]));
      expect((await fetch(signed.url, { method: "POST", body: form })).status).toBe(204);
      return ok(api.post("images", { job: job.id, key: signed.key, name }));
    };
    const a = await upload("front.png");
    await upload("rear.png");
    const list = await ok(api.get(`images?job=${job.id}`));
    expect(list.count).toBe(2);
    expect((await fetch(list.results[0].url)).status).toBe(200);
    expect((await ok(api.get(`jobs/${job.id}`))).image_count).toBe(2);
    await ok(api.post(`deleteimage?blob_name=rear.png&blob_prefix=${encodeURIComponent(`${v.registration}-${job.id}`)}`));
    await ok(api.del(`deleteinternalimage/${a.id}`));
    expect((await ok(api.get(`images?job=${job.id}`))).count).toBe(0);
    expect((await api.get("jobimageupload?job=999999&file_type=png")).status).toBe(404);
    expect((await api.get(`jobimageupload?job=${job.id}&file_type=gif`)).body.message).toBe("Not supported file format");
  }, 120_000);
});

describe("more views (002 §2 Jobs list)", () => {
  it("Approved and All answer the approver; Wash Needed with a date; key finds the van's jobs", async () => {
    const dept = await ok(api.post("createdepartment", { name: "Wash Dept" }));
    const v = await newVan(api, ref);
    const a = await ok(api.post("createjob", jobBody(ref, v.id, { department: dept.id, wash_needed: true, workshop_date: "2030-05-01", mileage: 100, work_items: [] })));
    await ok(api.post("createjob", jobBody(ref, v.id, { department: dept.id, wash_needed: true, workshop_date: "2030-05-02", work_items: [] })));
    const wash = await ok(api.get(`jobs?view=wash&department=${dept.id}&date=2030-05-01`));
    expect(wash.results.map((j: any) => j.id)).toEqual([a.id]);
    expect((await ok(api.get(`jobs?view=wash&department=${dept.id}`))).count).toBe(2);
    let job = await ok(api.put(`jobs/returned/${a.id}`, { status: "RETURNED_FROM_WORKSHOP", last_saved: a.last_saved }));
    job = await ok(api.put(`jobs/returned/${a.id}`, { status: "READY_FOR_COLLECTION", last_saved: job.last_saved }));
    job = await ok(api.put(`jobs/returned/${a.id}`, { status: "COLLECTED", last_saved: job.last_saved }));
    // Collected: off the wash list.
    expect((await ok(api.get(`jobs?view=wash&department=${dept.id}`))).count).toBe(1);
    await ok(api.post(`jobs/approve/${a.id}`, { last_saved: job.last_saved }));
    const approved = await ok(api.get(`jobs?view=approved&department=${dept.id}`));
    expect(approved.results.map((j: any) => j.id)).toEqual([a.id]);
    expect(approved.results[0].approving_user).toEqual({ first_name: "Lou", last_name: null });
    expect((await ok(api.get(`jobs?view=all&department=${dept.id}`))).count).toBe(2);
    // Approved jobs leave the open-items check.
    expect((await ok(api.get(`jobs?vehicle=${v.id}&view=not_finished&ws=all`))).results.map((j: any) => j.id)).not.toContain(a.id);
    // A key on the van: jobs?key= finds them.
    const key = await ok(api.post("keys", { key_number: "K77", board: "Main" }));
    const veh = await ok(api.get(`vehicles/${v.id}`));
    await ok(api.put(`vehicles/${v.id}`, { ...veh, key: key.id }));
    const byKey = await ok(api.get(`jobs?view=all&key=${key.id}`));
    expect(byKey.count).toBe(2);
  }, 120_000);
});

describe("a work item or part saved by its id runs the job's rules and locks (lines.ts onLineSave)", () => {
  it("refuses a locked line with the spec's message and writes nothing", async () => {
    const v = await newVan(api, ref);
    const made = await ok(api.post("createjob", jobBody(ref, v.id)));
    const job = await flag(made.id, { invoice_approved: true });
    const w = job.work_items[0];
    const work = await ok(api.get(`work/${w.id}`));
    const r = await api.put(`work/update/${w.id}`, { ...work, labour_hours: 9 });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("Full service has been approved for invoicing and cannot be changed");
    // A by-id part save on the invoiced item is refused the same way, and so is one sneaking the flag off.
    const p = await ok(api.get(`parts/update/${w.parts[0].id}`));
    expect((await api.put(`parts/update/${p.id}`, { ...p, cost: 1 })).body.message).toBe("Full service has been approved for invoicing and cannot be changed");
    const sneaky = await ok(api.put(`work/update/${w.id}`, { ...work, invoice_approved: false, invoice_comments: "Checked" }));
    expect(sneaky).toMatchObject({ invoice_approved: true, invoice_comments: "Checked", labour_hours: 2 });
    const after = await ok(api.get(`jobs/${job.id}`));
    expect(after.work_items[0]).toMatchObject({ labour_hours: 2, invoice_approved: true });
    expect(after.work_items[0].parts[0]).toMatchObject({ cost: 100 });
    // The lines' own rules (002 §5): a part without a supplier is refused with its message.
    const open = await ok(api.post("createjob", jobBody(ref, v.id)));
    const op = await ok(api.get(`parts/update/${open.work_items[0].parts[0].id}`));
    expect((await api.put(`parts/update/${op.id}`, { ...op, supplier: null })).body.message).toBe("Part Brake pads is missing a supplier!");
    const ow = await ok(api.get(`work/${open.work_items[0].id}`));
    expect((await api.put(`work/update/${ow.id}`, { ...ow, work_type: null })).body.message).toBe("You must specify a work type for Full service");
  }, 120_000);

  it("writes only the line saved (and its repriced parts), renews the job's last_saved, and answers 409 on a stale line", async () => {
    const v = await newVan(api, ref);
    const job = await ok(
      api.post("createjob", jobBody(ref, v.id, { work_items: [item(ref, { parts: [part(ref), part(ref, { name: "Discs" })] }), item(ref, { description: "Tyres", parts: [part(ref, { name: "Tyre" })] })] })),
    );
    const [a, b] = job.work_items;
    const p = await ok(api.get(`parts/update/${a.parts[0].id}`));
    const saved = await ok(api.put(`parts/update/${p.id}`, { ...p, cost: 40 }));
    expect(saved).toMatchObject({ cost: 40, customer_cost: 48, work: a.id });
    const after = await ok(api.get(`jobs/${job.id}`));
    // The other lines keep their versions: nothing rewrote them.
    expect(after.work_items[0].last_saved).toBe(a.last_saved);
    expect(after.work_items[0].parts[1].last_saved).toBe(a.parts[1].last_saved);
    expect(after.work_items[1].last_saved).toBe(b.last_saved);
    expect(after.work_items[1].parts[0].last_saved).toBe(b.parts[0].last_saved);
    expect(after.work_items[0].parts[0].last_saved).not.toBe(a.parts[0].last_saved);
    // The job follows: its totals and last_saved (an open job card saving its older copy gets 409).
    expect(after).toMatchObject({ parts_cost_total: 240 });
    expect(after.last_saved).not.toBe(job.last_saved);
    expect((await api.put(`jobs/${job.id}`, { ...job, job_description: "Old copy" })).status).toBe(409);
    // A work item saved by id: its own line only (its parts' prices unchanged, so they keep their versions).
    const w = await ok(api.get(`work/${b.id}`));
    const sw = await ok(api.put(`work/update/${b.id}`, { ...w, labour_hours: 3 }));
    expect(sw).toMatchObject({ labour_hours: 3, labour_cost: 150 });
    const again = await ok(api.get(`jobs/${job.id}`));
    expect(again.work_items[1].parts[0].last_saved).toBe(b.parts[0].last_saved);
    expect(again.work_items[0].last_saved).toBe(a.last_saved);
    // The stale copy of the line: 409 with the spec's message, nothing written.
    const stale = await api.put(`work/update/${b.id}`, { ...w, labour_hours: 7 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe("It looks like the data has been edited elsewhere - fetching the latest update!");
    expect((await ok(api.get(`work/${b.id}`))).labour_hours).toBe(3);
    // Two by-id saves of different lines at once both land (the second reads the job again).
    const [x, y] = await Promise.all([
      api.put(`parts/update/${a.parts[1].id}`, { ...(await ok(api.get(`parts/update/${a.parts[1].id}`))), cost: 10 }),
      api.put(`parts/update/${b.parts[0].id}`, { ...(await ok(api.get(`parts/update/${b.parts[0].id}`))), cost: 20 }),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect((await ok(api.get(`jobs/${job.id}`))).parts_cost_total).toBe(70);
  }, 120_000);
});
