import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { ok } from "./fleet-support.js";
import { item, jobBody, newVan, part, workshopReference, type WorkshopRef } from "./workshop-support.js";

/**
 * The workshop's HTTP contract where an audit found it short of 002
 * (.tmp/audit-b items 1, 6, 8, 9, 10, 11, 13; audit-a item 12), through the
 * real app against DynamoDB Local: approved jobs and quotes locked to the
 * client's saves (the accounts' and expenses' own calls still work), the
 * quote editor's locks held by the server, 200 for action POSTs, tracking
 * options as bare ids, the views by their labels, every line field
 * answered, and the counts by department.
 */

let api: ReturnType<typeof client>;
let ref: WorkshopRef;

beforeAll(async () => {
  api = client(await signIn("contract@vanco.co.uk", "Connie"));
  ref = await workshopReference(api);
}, 60_000);

const APPROVED_JOB = "This job has been approved and can no longer be changed";

/** A job taken through its status flow and approved (answering 200). */
async function approvedJob(extra: Record<string, unknown> = {}) {
  const v = await newVan(api, ref);
  let job = await ok(api.post("createjob", jobBody(ref, v.id, { mileage: 5000, work_items: [item(ref, { parts: [part(ref, { from_stock: true })] })], ...extra })));
  for (const status of ["RETURNED_FROM_WORKSHOP", "READY_FOR_COLLECTION"]) job = await ok(api.put(`jobs/returned/${job.id}`, { status, last_saved: job.last_saved }));
  const approved = await api.post(`jobs/approve/${job.id}`, { last_saved: job.last_saved });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  expect(approved.body.approved).toBe(true);
  return approved.body;
}

describe("an approved job (002 §6; docs/workshop.md Locks)", () => {
  it("refuses PUT jobs/{id} changing its fields or lines and DELETE jobs/{id}; sent back as it is, or with a comment, it saves", async () => {
    const job = await approvedJob();
    const field = await api.put(`jobs/${job.id}`, { ...job, job_description: "changed after approval", mileage: 99 });
    expect(field.status).toBe(400);
    expect(field.body).toMatchObject({ message: APPROVED_JOB, errors: { job_description: APPROVED_JOB } });
    const w = job.work_items[0];
    const line = await api.put(`jobs/${job.id}`, { ...job, work_items: [{ ...w, description: "changed item", labour_hours: 9 }] });
    expect(line.status).toBe(400);
    expect(line.body.message).toBe(APPROVED_JOB);
    const partChange = await api.put(`jobs/${job.id}`, { ...job, work_items: [{ ...w, parts: [{ ...w.parts[0], cost: 99 }] }] });
    expect(partChange.body.message).toBe(APPROVED_JOB);
    const added = await api.put(`jobs/${job.id}`, { ...job, work_items: [...job.work_items, item(ref, { description: "Extra" })] });
    expect(added.body.message).toBe(APPROVED_JOB);
    const read = await ok(api.get(`jobs/${job.id}`));
    expect(read).toMatchObject({ job_description: job.job_description, mileage: 5000 });
    expect(read.work_items).toHaveLength(1);
    expect(read.work_items[0]).toMatchObject({ description: w.description, labour_hours: w.labour_hours });
    // The job as answered, sent back: nothing changes, so it saves.
    const same = await api.put(`jobs/${job.id}`, read);
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const commented = await api.put(`jobs/${job.id}`, { ...same.body, comments_list: [{ text: "Invoice queried" }] });
    expect(commented.status, JSON.stringify(commented.body)).toBe(200);
    expect(commented.body.comments_list.map((c: any) => c.text)).toEqual(["Invoice queried"]);
    const del = await api.del(`jobs/${job.id}`);
    expect(del.status).toBe(400);
    expect(del.body).toMatchObject({ message: APPROVED_JOB, errors: { id: APPROVED_JOB } });
    expect((await api.get(`jobs/${job.id}`)).status).toBe(200);
  }, 120_000);

  it("still takes the accounts' and Parts Expenses' own saves of its lines (PUT work/update, parts/update by id and in bulk)", async () => {
    const job = await approvedJob();
    const w = await ok(api.get(`work/${job.work_items[0].id}`));
    const work = await api.put(`work/update/${w.id}`, { ...w, invoice_comments: "Invoice WS-77 received" });
    expect(work.status, JSON.stringify(work.body)).toBe(200);
    expect(work.body.invoice_comments).toBe("Invoice WS-77 received");
    const p = await ok(api.get(`parts/update/${w.parts[0].id}`));
    const one = await api.put(`parts/update/${p.id}`, { ...p, part_invoice_number: "PI-77" });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.part_invoice_number).toBe("PI-77");
    const bulk = await api.put("parts/update", [{ id: p.id, last_saved: one.body.last_saved, invoice_date: "2030-03-05" }]);
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect((await ok(api.get(`parts/update/${p.id}`))).invoice_date).toBe("2030-03-05");
  }, 120_000);
});

const quotePart = (extra: Record<string, unknown> = {}) => ({ name: "Brake pads", part_number: "BP-1", supplier: ref.partsCo.id, estimated_cost: 50, ...extra });
const newQuote = async (extra: Record<string, unknown> = {}) =>
  ok(
    api.post("createquote", {
      vehicle: (await newVan(api, ref)).id,
      customer: ref.acme.id,
      department: ref.hire.id,
      description: "Repairs after hire",
      provisional_start_date: "2030-04-01",
      estimated_work_items: [{ description: "Front brakes", work_type: ref.service.id, estimated_labour_hours: 2, parts: [quotePart()] }],
      ...extra,
    }),
  );

describe("quote locks (002 §2 Quote editor, §6)", () => {
  it("the vehicle cannot change once the quote exists; a customer cannot once its invoice number is set", async () => {
    const q = await newQuote();
    const other = await newVan(api, ref);
    const vehicle = await api.put(`quotes/${q.id}`, { ...q, vehicle: other.id });
    expect(vehicle.status).toBe(400);
    expect(vehicle.body).toMatchObject({ message: "The vehicle of a saved quote cannot be changed", errors: { vehicle: "The vehicle of a saved quote cannot be changed" } });
    // No invoice number yet: the customers may change (and the invoice numbers be set with them).
    const changed = await ok(api.put(`quotes/${q.id}`, { ...q, customer: ref.bobs.id, customer2: ref.acme.id, customer_invoice_number: "WO-1", customer2_invoice_number: "WO-2" }));
    expect(changed).toMatchObject({ customer: { id: ref.bobs.id }, customer2: { id: ref.acme.id } });
    const c1 = await api.put(`quotes/${q.id}`, { ...changed, customer: ref.acme.id });
    expect(c1.body).toMatchObject({ message: "Customer cannot be changed once the Customer 1 Invoice Number is set", errors: { customer: expect.any(String) } });
    const c2 = await api.put(`quotes/${q.id}`, { ...changed, customer2: null });
    expect(c2.body).toMatchObject({ message: "Customer 2 cannot be changed once the Customer 2 Invoice Number is set", errors: { customer2: expect.any(String) } });
    // The same customers sent back: the save goes through.
    expect((await api.put(`quotes/${q.id}`, { ...changed, description: "Still editable" })).status).toBe(200);
  });

  it("an approved quote refuses PUT quotes/{id}; finalize and approve answer 200; the job card's work on the way keeps working", async () => {
    const q = await newQuote();
    const fin = await api.post(`quotes/finalize/${q.id}`);
    expect(fin.status).toBe(200);
    const { id: jobId } = await ok(
      api.post("createquotejob", { quote: q.id, items: [q.estimated_work_items[0].id], customerInvoiceNumber: "C1-100", workshop: ref.workshop.id, bookInDate: "2030-04-01", startDate: "2030-04-02" }),
    );
    let job = await ok(api.get(`jobs/${jobId}`));
    job = await ok(
      api.put(`jobs/${jobId}`, {
        ...job,
        mileage: 42000,
        workshop_invoice_number: "WS-9",
        work_items: job.work_items.map((w: any) => ({
          ...w,
          supplier_tracking_option: ref.north.id,
          customer_tracking_option: ref.south.id,
          parts: w.parts.map((p: any) => ({ ...p, supplier_tracking_option: ref.north.id, customer_tracking_option: ref.south.id, part_invoice_number: "PI-1", date_ordered: "2030-04-01" })),
        })),
      }),
    );
    for (const status of ["RETURNED_FROM_WORKSHOP", "READY_FOR_COLLECTION"]) job = await ok(api.put(`jobs/returned/${jobId}`, { status, last_saved: job.last_saved }));
    expect((await api.post(`jobs/approve/${jobId}`, { last_saved: job.last_saved })).status).toBe(200);
    const approved = await api.post(`quotes/approve/${q.id}`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.approved).toBe(true);
    const edit = await api.put(`quotes/${q.id}`, { ...approved.body, description: "Changed after approval" });
    expect(edit.status).toBe(400);
    expect(edit.body).toMatchObject({ message: "This quote is approved for invoicing and can no longer be changed", errors: { approved: expect.any(String) } });
    expect((await ok(api.get(`quotes/${q.id}`))).description).toBe("Repairs after hire");
  }, 120_000);
});

describe("tracking options as bare ids (002 §3 Work item, Part, Order part line; 001 movement type)", () => {
  const option = (o: { id: number; name: string; category: number }) => ({ id: o.id, name: o.name, category: o.category });

  it("on a job's work items and parts, by PUT work/update and parts/update too; an id that is no option is a 400", async () => {
    const v = await newVan(api, ref);
    const made = await api.post("createjob", jobBody(ref, v.id, { work_items: [item(ref, { supplier_tracking_option: ref.north.id, customer_tracking_option: ref.south.id, parts: [part(ref, { supplier_tracking_option: ref.north.id, customer_tracking_option: String(ref.south.id) })] })] }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const w = made.body.work_items[0];
    expect(w).toMatchObject({ supplier_tracking_option: option(ref.north), customer_tracking_option: option(ref.south) });
    expect(w.parts[0]).toMatchObject({ supplier_tracking_option: option(ref.north), customer_tracking_option: option(ref.south) });
    const work = await ok(api.put(`work/update/${w.id}`, { ...w, customer_tracking_option: ref.north.id }));
    expect(work.customer_tracking_option).toEqual(option(ref.north));
    const p = await ok(api.get(`parts/update/${w.parts[0].id}`));
    expect((await ok(api.put(`parts/update/${p.id}`, { ...p, customer_tracking_option: ref.north.id }))).customer_tracking_option).toEqual(option(ref.north));
    const bad = await api.post("createjob", jobBody(ref, v.id, { work_items: [item(ref, { supplier_tracking_option: 999999 })] }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: "There is no tracking option 999999", errors: { "work_items.0.supplier_tracking_option": "There is no tracking option 999999" } });
  }, 120_000);

  it("on part order lines and the completion's option, quote parts and a movement type", async () => {
    const line = { name: "Oil filter", part_number: "OF-1", supplier: ref.partsCo.id, cost: 10, supplier_tracking_option: ref.north.id, customer_tracking_option: ref.south.id };
    const order = await api.post("createpartorder", { customer: ref.acme.id, customer_vehicle: "AB12 CDE", parts: [line] });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    expect(order.body.parts[0]).toMatchObject({ supplier_tracking_option: option(ref.north), customer_tracking_option: option(ref.south) });
    const done = await api.post("partorderapprove", { ...order.body, tracking_option: ref.north.id });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: "COMPLETE", tracking_option: option(ref.north) });
    const q = await newQuote({ estimated_work_items: [{ description: "Front brakes", work_type: ref.service.id, estimated_labour_hours: 1, parts: [quotePart({ supplier_tracking_option: ref.north.id })] }] });
    expect(q.estimated_work_items[0].parts[0].supplier_tracking_option).toEqual(option(ref.north));
    const type = await api.post("movementtype", { name: "Delivery by id", invoice_address: "end", tracking_option: ref.south.id });
    expect(type.status, JSON.stringify(type.body)).toBe(201);
    expect(type.body.tracking_option).toEqual(option(ref.south));
    const badType = await api.post("movementtype", { name: "Bad", invoice_address: "end", tracking_option: 999999 });
    expect(badType.status).toBe(400);
    expect(badType.body.message).toBe("There is no tracking option 999999");
  }, 120_000);
});

describe("views by the spec's labels (002 §2 Jobs list View toggles; 003 §2)", () => {
  it("every view toggle's snake_case label lists what the short name lists", async () => {
    const pairs: Array<[string, string]> = [
      ["part_enquiries", "enquiries"],
      ["my_defects", "mydefects"],
      ["defects", "defects"],
      ["yesterday", "yesterday"],
      ["today", "today"],
      ["started", "started"],
      ["upcoming", "upcoming"],
      ["upcoming_not_booked", "upcoming_not_booked"],
      ["returned_from_workshop", "returned"],
      ["wash_needed", "wash"],
      ["ready_for_collection", "ready"],
      ["approved", "approved"],
      ["all", "all"],
    ];
    for (const [label, short] of pairs) {
      const byLabel = await api.get(`jobs?view=${label}&ws=all`);
      expect(byLabel.status, `${label}: ${JSON.stringify(byLabel.body)}`).toBe(200);
      expect(byLabel.body.count, label).toBe((await ok(api.get(`jobs?view=${short}&ws=all`))).count);
    }
    expect((await api.get("jobs?view=Ready%20For%20Collection")).status).toBe(200);
    expect((await api.get("jobs?view=nonsense")).status).toBe(400);
    for (const q of ["view=approval_needed", "type=invoice&view=ready_to_invoice"]) expect((await api.get(`work?${q}`)).status, q).toBe(200);
  }, 120_000);
});

describe("lines answer every field of 002 §3 (null, or false for flags, when unset)", () => {
  const WORK = ["key", "description", "chargeable", "labour_hours", "labour_cost", "customer_labour_cost", "labour_cost_vat", "estimated_labour_hours", "estimated_labour_cost", "estimated_customer_labour_cost", "cost_override", "complete", "work_type", "approval_received", "supplier_tracking_option", "customer_tracking_option", "parts", "quote", "added_after_quote", "estimate_matches_job", "job", "invoice_approved", "po_approved", "movement"];
  const PART = ["key", "name", "part_number", "supplier", "cost", "customer_cost", "estimated_cost", "estimated_customer_cost", "cost_vat", "cost_override", "from_stock", "to_be_ordered", "backorder", "backorder_expected_date", "date_ordered", "part_invoice_number", "invoice_date", "payment_date", "payment_type", "supplier_nominal_code", "comments", "approved", "approver", "supplier_tracking_option", "customer_tracking_option", "quote", "created_from_lookup", "part", "last_saved"];
  const ORDER_LINE = ["name", "supplier", "supplier_tracking_option", "customer_tracking_option", "date_ordered", "part_number", "invoice_number", "cost", "estimated_cost", "customer_cost", "cost_vat", "comments", "cost_override", "from_stock", "backorder_date", "to_be_ordered", "approved", "created_from_lookup"];
  const hasAll = (row: Record<string, unknown>, fields: string[], where: string) => {
    for (const f of fields) expect(row, `${where}.${f}`).toHaveProperty(f);
  };

  it("on job cards, work items and parts by id, part orders and quotes", async () => {
    const v = await newVan(api, ref);
    const job = await ok(api.post("createjob", jobBody(ref, v.id, { work_items: [{ description: "Bare", work_type: ref.service.id, supplier_tracking_option: ref.north, customer_tracking_option: ref.south, parts: [{ name: "Bolt", supplier: ref.partsCo.id, supplier_tracking_option: ref.north, customer_tracking_option: ref.south }] }] })));
    const read = await ok(api.get(`jobs/${job.id}`));
    hasAll(read.work_items[0], WORK, "job work item");
    hasAll(read.work_items[0].parts[0], PART, "job part");
    expect(read.work_items[0]).toMatchObject({ complete: false, cost_override: false, approval_received: false, quote: null, labour_cost_vat: null, invoice_approved: false });
    expect(read.work_items[0].parts[0]).toMatchObject({ part_number: null, from_stock: false, backorder: false, date_ordered: null, comments: null, approved: false });
    const work = await ok(api.get(`work/${read.work_items[0].id}`));
    hasAll(work, WORK, "GET work/{id}");
    hasAll(await ok(api.get(`parts/update/${read.work_items[0].parts[0].id}`)), PART, "GET parts/update/{id}");
    // Sent back as answered, the job's lines are unchanged (their versions kept).
    const again = await ok(api.put(`jobs/${job.id}`, read));
    expect(again.work_items[0].last_saved).toBe(read.work_items[0].last_saved);
    expect(again.work_items[0].parts[0].last_saved).toBe(read.work_items[0].parts[0].last_saved);

    const order = await ok(api.post("createpartorder", { customer: ref.acme.id, customer_vehicle: "AB12 CDE", parts: [{ name: "Bulb", supplier: ref.partsCo.id, supplier_tracking_option: ref.north, customer_tracking_option: ref.south }] }));
    const line = (await ok(api.get(`partorder/${order.id}`))).parts[0];
    hasAll(line, ORDER_LINE, "part order line");
    expect(line).toMatchObject({ date_ordered: null, part_number: null, approved: false, from_stock: false, invoice_number: null, backorder_date: null });
    hasAll(await ok(api.get(`parts/update/${line.id}`)), PART, "GET parts/update/{id} of a part order");

    const q = await newQuote({ estimated_work_items: [{ description: "Bare", work_type: ref.service.id, parts: [{ name: "Bolt", supplier: ref.partsCo.id }] }] });
    const qi = (await ok(api.get(`quotes/${q.id}`))).estimated_work_items[0];
    hasAll(qi, ["key", "description", "chargeable", "added_after_quote", "work_type", "estimated_labour_hours", "estimated_labour_cost", "estimated_customer_labour_cost", "labour_hours", "labour_cost", "customer_labour_cost", "parts", "cost_override", "quote", "work", "job", "workshop", "job_status", "job_approved", "approval_received", "job_workshop_invoice_number", "estimate_matches_job"], "quote item");
    hasAll(qi.parts[0], PART, "quote part");
  }, 120_000);
});

describe("GET countdefect and countenquiry (002 §7)", () => {
  it("take an optional department, as jobstatuscount does", async () => {
    const lcv = ref.lcv.id;
    const before = await ok(api.get(`countdefect?department=${lcv}`));
    const beforeAll = await ok(api.get("countdefect"));
    const v = await newVan(api, ref);
    await ok(api.post("createdefect", { vehicle: v.id, department: lcv, defect_description: "Rear light not working" }));
    expect((await ok(api.get(`countdefect?department=${lcv}`))).count).toBe(before.count + 1);
    expect((await ok(api.get("countdefect"))).count).toBe(beforeAll.count + 1);
    const elsewhere = await ok(api.get(`countdefect?department=${ref.hire.id}`));
    expect(elsewhere.count).toBe((await ok(api.get(`jobstatuscount?department=${ref.hire.id}`))).defects);
    const enquiries = await ok(api.get(`countenquiry?department=${lcv}`));
    expect(enquiries.count).toBe((await ok(api.get(`jobstatuscount?department=${lcv}`))).enquiries);
  }, 120_000);
});
