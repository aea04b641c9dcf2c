import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { ok } from "./fleet-support.js";
import { newVan, workshopReference, type WorkshopRef } from "./workshop-support.js";

/**
 * Job cards made from quotes (002 §5 Quote specifics, §7 createquotejob),
 * the item mirrors read from them, removal refusals, approval for
 * invoicing once every item is ready, and the conversions of a defect or
 * an enquiry into a quote, through the real app against DynamoDB Local.
 */

let api: ReturnType<typeof client>;
let ref: WorkshopRef;

beforeAll(async () => {
  api = client(await signIn("quotes@vanco.co.uk", "Quinn"));
  ref = await workshopReference(api);
});

const quotePart = (extra: Record<string, unknown> = {}) => ({ name: "Brake pads", part_number: "BP-1", supplier: ref.partsCo.id, estimated_cost: 50, ...extra });
const quoteItem = (extra: Record<string, unknown> = {}) => ({ description: "Front brakes", work_type: ref.service.id, estimated_labour_hours: 2, parts: [quotePart()], ...extra });
const newQuote = async (extra: Record<string, unknown> = {}) =>
  ok(
    api.post("createquote", {
      vehicle: (await newVan(api, ref)).id,
      customer: ref.acme.id,
      department: ref.hire.id,
      description: "Repairs after hire",
      provisional_start_date: "2030-04-01",
      estimated_work_items: [quoteItem(), quoteItem({ description: "Wipers", parts: [] })],
      ...extra,
    }),
  );
const jobFrom = (q: any, items: number[], extra: Record<string, unknown> = {}) => ({
  quote: q.id,
  items,
  customerInvoiceNumber: "C1-100",
  customer2InvoiceNumber: null,
  workshop: { id: ref.workshop.id, display_name: "Fast Fit Garage" },
  bookInDate: "2030-04-01",
  startDate: "2030-04-02",
  ...extra,
});

describe("POST createquotejob", () => {
  it("refuses without a workshop, book in date and start date, and without items, creating nothing", async () => {
    const q = await newQuote();
    for (const missing of ["workshop", "bookInDate", "startDate"]) {
      const res = await api.post("createquotejob", jobFrom(q, [q.estimated_work_items[0].id], { [missing]: null }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("You must specify a Workshop, Book In Date and Start Date");
    }
    expect((await api.post("createquotejob", jobFrom(q, []))).status).toBe(400);
    expect((await api.post("createquotejob", jobFrom(q, [999999]))).status).toBe(400);
    const after = await ok(api.get(`quotes/${q.id}`));
    expect(after.estimated_work_items.map((i: any) => i.job)).toEqual([null, null]);
    expect(after.last_saved).toBe(q.last_saved);
  });

  it("makes a job card with copies of the items and parts, each linked both ways", async () => {
    const q = await newQuote();
    const [brakes, wipers] = q.estimated_work_items;
    const made = await api.post("createquotejob", jobFrom(q, [brakes.id]));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const job = await ok(api.get(`jobs/${made.body.id}`));
    expect(job).toMatchObject({ quote: q.id, vehicle: { id: q.vehicle.id }, customer: { id: ref.acme.id }, workshop: { id: ref.workshop.id }, book_in_date: "2030-04-01", workshop_date: "2030-04-02", customer_invoice_number: "C1-100", status: "IN_PROGRESS" });
    expect(job.work_items).toHaveLength(1);
    const work = job.work_items[0];
    expect(work).toMatchObject({ description: "Front brakes", quote: q.id, estimated_labour_hours: 2, estimated_labour_cost: brakes.estimated_labour_cost, estimated_customer_labour_cost: brakes.estimated_customer_labour_cost });
    expect(work.parts[0]).toMatchObject({ name: "Brake pads", estimated_cost: 50, quote: q.id });
    const quote = await ok(api.get(`quotes/${q.id}`));
    const linked = quote.estimated_work_items.find((i: any) => i.id === brakes.id);
    expect(linked).toMatchObject({ job: job.id, work: work.id, job_status: "IN_PROGRESS", job_approved: false, workshop: { id: ref.workshop.id, display_name: "Fast Fit Garage" }, ready_for_invoicing: false });
    // The quote shows the job card's own verdict on the estimate ('This work item doesn't match the quote!'): red when it does not match, else amber.
    expect(linked.estimate_matches_job).toBe(work.estimate_matches_job ?? false);
    expect(linked.card_colour).toBe(linked.estimate_matches_job ? "amber" : "red");
    expect(linked.parts[0].part).toBe(work.parts[0].id);
    expect(quote.estimated_work_items.find((i: any) => i.id === wipers.id).job).toBeNull();
    expect(quote).toMatchObject({ qstate: "ACTIVE", has_jobs: true, earliest_workshop_date: "2030-04-02", not_started_work_items: 2, row_colour: "orange" });
    expect((await ok(api.get("quotes?view=active"))).results.map((r: any) => r.id)).toContain(q.id);
    expect((await ok(api.get("quotes?view=to_be_priced"))).results.map((r: any) => r.id)).not.toContain(q.id);
  });

  it("a repeated call answers the same job; two calls at once make one job", async () => {
    const q = await newQuote();
    const first = await ok(api.post("createquotejob", jobFrom(q, [q.estimated_work_items[0].id])));
    const again = await ok(api.post("createquotejob", jobFrom(q, [q.estimated_work_items[0].id])));
    expect(again.id).toBe(first.id);
    const both = await Promise.all([api.post("createquotejob", jobFrom(q, [q.estimated_work_items[1].id])), api.post("createquotejob", jobFrom(q, [q.estimated_work_items[1].id]))]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(both[0].body.id).toBe(both[1].body.id);
    expect(both[0].body.id).not.toBe(first.id);
    const jobs = await ok(api.get(`jobs?vehicle=${q.vehicle.id}&view=not_finished&ws=all`));
    expect(jobs.count).toBe(2);
    // Items already on different job cards cannot go on a third.
    const mixed = await api.post("createquotejob", jobFrom(q, q.estimated_work_items.map((i: any) => i.id)));
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe("These items already have a job card");
  });

  it("deleting the job card frees its quote items (W19); an item added after the quote stays so on the job", async () => {
    const q = await newQuote({ estimated_work_items: [quoteItem({ added_after_quote: true })] });
    const { id: jobId } = await ok(api.post("createquotejob", jobFrom(q, [q.estimated_work_items[0].id])));
    expect((await ok(api.get(`jobs/${jobId}`))).work_items[0].added_after_quote).toBe(true);
    expect((await ok(api.get(`quotes/${q.id}`))).qstate).toBe("ACTIVE");
    expect((await api.del(`jobs/${jobId}`)).status).toBe(200);
    const freed = await ok(api.get(`quotes/${q.id}`));
    expect(freed.estimated_work_items[0]).toMatchObject({ job: null, work: null, added_after_quote: true });
    expect(freed.estimated_work_items[0].parts[0].part).toBeNull();
    expect(freed.qstate).toBe("TOBEPRICED");
    // Moved back into the quote list, then the quote can go.
    const moved = await ok(api.put(`quotes/${q.id}`, { ...freed, estimated_work_items: [{ ...freed.estimated_work_items[0], added_after_quote: false }] }));
    expect(moved.estimated_work_items[0].added_after_quote).toBe(false);
    expect((await api.del(`quotes/${q.id}`)).status).toBe(200);
  });

  it("refuses removing an item or a part linked to a job card, and deleting the quote", async () => {
    const q = await newQuote();
    await ok(api.post("createquotejob", jobFrom(q, [q.estimated_work_items[0].id])));
    const now = await ok(api.get(`quotes/${q.id}`));
    const [linked, free] = now.estimated_work_items;
    const dropItem = await api.put(`quotes/${q.id}`, { ...now, estimated_work_items: [free] });
    expect(dropItem.status).toBe(400);
    expect(dropItem.body.message).toBe("This item is linked to a job card. You must delete the work item on the job card first!");
    const dropPart = await api.put(`quotes/${q.id}`, { ...now, estimated_work_items: [{ ...linked, parts: [] }, free] });
    expect(dropPart.status).toBe(400);
    expect(dropPart.body.message).toBe("This Part is linked to a Job Card. You must delete the Part on the Job Card first!");
    const del = await api.del(`quotes/${q.id}`);
    expect(del.status).toBe(400);
    expect(del.body.message).toBe("This item is linked to a job card. You must delete the work item on the job card first!");
    // The free item can go; the linked one keeps its link whatever a save sends.
    const saved = await ok(api.put(`quotes/${q.id}`, { ...now, estimated_work_items: [{ ...linked, job: null, work: null }] }));
    expect(saved.estimated_work_items).toHaveLength(1);
    expect(saved.estimated_work_items[0].job).toBe(linked.job);
    expect((await ok(api.get(`quotes/${q.id}`))).estimated_work_items).toHaveLength(1);
  });

  it("approve for invoicing once every item's job is approved, invoiced and its parts dealt with", async () => {
    const q = await newQuote({ estimated_work_items: [quoteItem()] });
    const { id: jobId } = await ok(api.post("createquotejob", jobFrom(q, [q.estimated_work_items[0].id])));
    let job = await ok(api.get(`jobs/${jobId}`));
    job = await ok(
      api.put(`jobs/${jobId}`, {
        ...job,
        mileage: 42000,
        workshop_invoice_number: "WS-9",
        work_items: job.work_items.map((w: any) => ({
          ...w,
          supplier_tracking_option: ref.north,
          customer_tracking_option: ref.south,
          parts: w.parts.map((p: any) => ({ ...p, supplier_tracking_option: ref.north, customer_tracking_option: ref.south, part_invoice_number: "PI-1", date_ordered: "2030-04-01" })),
        })),
      }),
    );
    const before = await api.post(`quotes/approve/${q.id}`);
    expect(before.status).toBe(400);
    expect(before.body.errors.estimated_work_items).toBe("The following items are not ready for invoicing: Front brakes");
    for (const status of ["RETURNED_FROM_WORKSHOP", "READY_FOR_COLLECTION"]) job = await ok(api.put(`jobs/returned/${jobId}`, { status, last_saved: job.last_saved }));
    await ok(api.post(`jobs/approve/${jobId}`, { last_saved: job.last_saved }));
    const ready = await ok(api.get(`quotes/${q.id}`));
    expect(ready.estimated_work_items[0]).toMatchObject({ job_approved: true, job_workshop_invoice_number: "WS-9", ready_for_invoicing: true, card_colour: "green" });
    expect(ready.estimated_work_items[0].parts[0].part_invoice_number).toBe("PI-1");
    expect(ready).toMatchObject({ ready_for_approval: true, row_colour: "green", has_finished_and_not_started_jobs: true });
    const open = await ok(api.get(`quotes?vehicle=${q.vehicle.id}&ready_for_customer_invoice=false`));
    expect(open.count).toBe(1);
    const approved = await api.post(`quotes/approve/${q.id}`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ approved: true, qstate: "APPROVED", approving_user: { first_name: "Quinn" }, ready_for_approval: false });
    expect((await ok(api.get(`quotes?vehicle=${q.vehicle.id}&ready_for_customer_invoice=false`))).count).toBe(0);
    expect((await ok(api.get("quotes?view=approved"))).results.map((r: any) => r.id)).toContain(q.id);
    expect((await api.post(`quotes/approve/${q.id}`)).status).toBe(400);
  });
});

describe("conversions (002 §4, §5)", () => {
  it("POST defectquote: a customer is required; the quote takes the defect's vehicle and description; the defect is linked", async () => {
    const v = await newVan(api, ref);
    const defect = await ok(api.post("createdefect", { vehicle: v.id, department: ref.hire.id, defect_description: "Nearside mirror smashed", defect_status: "DRIVEABLE" }));
    const refused = await api.post("defectquote", { ...defect, customer: null, customer2: null });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("A customer is required");
    const made = await api.post("defectquote", { ...defect, customer: ref.acme.id, customer2: ref.bobs.id });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const q = await ok(api.get(`quotes/${made.body.id}`));
    expect(q).toMatchObject({ vehicle: { id: v.id }, customer: { id: ref.acme.id }, customer2: { id: ref.bobs.id }, department: { id: ref.hire.id }, description: "Nearside mirror smashed", source_job: defect.id, qstate: "TOBEPRICED" });
    expect((await ok(api.get(`jobs/${defect.id}`))).quote).toBe(made.body.id);
    const twice = await api.post("defectquote", { ...defect, customer: ref.acme.id });
    expect(twice.status).toBe(400);
  });

  it("POST enquiryquote: vehicle and customer 1 are required", async () => {
    const v = await newVan(api, ref);
    const enquiry = await ok(api.post("createjob", { is_enquiry: true, department: ref.hire.id, enquiry_description: "Price a tow bar", enquiry_registration: "AB12CDE" }));
    for (const body of [{ vehicle: v.id }, { customer: ref.acme.id }]) {
      const res = await api.post("enquiryquote", { ...enquiry, vehicle: null, customer: null, ...body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Vehicle and Customer 1 are required");
    }
    const made = await ok(api.post("enquiryquote", { ...enquiry, vehicle: v.id, customer: ref.acme.id }));
    const q = await ok(api.get(`quotes/${made.id}`));
    expect(q).toMatchObject({ vehicle: { id: v.id }, customer: { id: ref.acme.id }, description: "Price a tow bar", enquiry_description: "Price a tow bar" });
    expect((await ok(api.get(`jobs/${enquiry.id}`))).quote).toBe(made.id);
  });
});

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b1e1d50000000049454e44ae426082", "hex");

/** Upload one png through the presigned POST of a job or a quote (`owner`: "job=1" / "quote=2"), recorded by POST images. */
async function uploadTo(owner: { job?: number; quote?: number }, name: string) {
  const q = owner.quote ? `quote=${owner.quote}` : `job=${owner.job}`;
  const signed = (await ok(api.get(`jobimageupload?${q}&file_type=png`))).results[0];
  const form = new FormData();
  for (const [k, val] of Object.entries(signed.fields as Record<string, string>)) form.append(k, val);
  form.append("file", new Blob([new Uint8Array(PNG)]));
  expect((await fetch(signed.url, { method: "POST", body: form })).status).toBe(204);
  return ok(api.post("images", { ...owner, key: signed.key, name }));
}

describe("quote images (002 §2 Show Attached Images, §7 images?quote=)", () => {
  it("a defect's images follow it into the quote; the quote uploads, lists and deletes its own; a quote's delete keeps the defect's", async () => {
    const v = await newVan(api, ref);
    const defect = await ok(api.post("createdefect", { vehicle: v.id, department: ref.hire.id, defect_description: "Tailgate glass cracked", defect_status: "DRIVEABLE" }));
    await uploadTo({ job: defect.id }, "tailgate.png");
    const made = await ok(api.post("defectquote", { ...defect, customer: ref.acme.id }));
    const listed = await ok(api.get(`images?quote=${made.id}`));
    expect(listed.count).toBe(1);
    expect(listed.results[0]).toMatchObject({ name: "tailgate.png", job: defect.id, quote: made.id });
    expect((await fetch(listed.results[0].url)).status).toBe(200);
    // The quote's own upload: the same presigned path, recorded under the quote only.
    const own = await uploadTo({ quote: made.id }, "estimate.png");
    expect(own).toMatchObject({ quote: made.id, job: null });
    expect((await ok(api.get(`images?quote=${made.id}`))).count).toBe(2);
    expect((await ok(api.get(`images?job=${defect.id}`))).count).toBe(1);
    // A key signed for another quote or job is refused; an unknown quote is a 404.
    const other = await newQuote();
    const signed = (await ok(api.get(`jobimageupload?quote=${other.id}&file_type=png`))).results[0];
    expect((await api.post("images", { quote: made.id, key: signed.key, name: "x.png" })).body.message).toBe("That upload does not belong to this quote");
    expect((await api.get("images?quote=999999")).status).toBe(404);
    expect((await api.get("jobimageupload?quote=999999&file_type=png")).status).toBe(404);
    // Delete by id; then the quote's delete: its own images go, the defect's stay the defect's.
    const second = await uploadTo({ quote: made.id }, "second.png");
    await ok(api.del(`deleteinternalimage/${own.id}`));
    expect((await ok(api.get(`images?quote=${made.id}`))).results.map((r: any) => r.name).sort()).toEqual(["second.png", "tailgate.png"]);
    await ok(api.del(`quotes/${made.id}`));
    expect((await api.del(`deleteinternalimage/${second.id}`)).status).toBe(404);
    const kept = await ok(api.get(`images?job=${defect.id}`));
    expect(kept.count).toBe(1);
    expect(kept.results[0]).toMatchObject({ name: "tailgate.png", quote: null });
    expect((await ok(api.get(`jobs/${defect.id}`))).image_count).toBe(1);
  });
});
