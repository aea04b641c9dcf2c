import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { ok, van } from "./fleet-support.js";
import { item, jobBody, newVan, part, workshopReference, type WorkshopRef } from "./workshop-support.js";

/**
 * Issue 22 findings 5-9 (docs/workshop.md "Approved job cards and completed
 * part orders"): an approved job card's money stays put by every route
 * (work/update, parts/update by id and in bulk, DELETE parts/update,
 * movements), while Accounts' non-money fields still go; a part order's
 * part saved by its id is refused before anything is written, and a
 * completed order's parts keep their money; a job part's invoice date moves
 * its due date; tracking options sent as objects are checked; freshness to
 * the millisecond; a refused create takes no number.
 */
let api: ReturnType<typeof client>;
let ref: WorkshopRef;

beforeAll(async () => {
  api = client(await signIn("money@vanco.co.uk", "Mo"));
  ref = await workshopReference(api);
}, 60_000);

const APPROVED = "This job has been approved and can no longer be changed";

/** A job with one work item (2 hours) and one part (cost 100), taken through the status flow and approved. */
async function approvedJob() {
  const v = await newVan(api, ref);
  let job = await ok(api.post("createjob", jobBody(ref, v.id, { mileage: 1000 })));
  for (const status of ["RETURNED_FROM_WORKSHOP", "READY_FOR_COLLECTION", "COLLECTED"]) job = await ok(api.put(`jobs/returned/${job.id}`, { status, last_saved: job.last_saved }));
  return ok(api.post(`jobs/approve/${job.id}`, { last_saved: job.last_saved }));
}

type Figures = { total_cost?: number; total_charge?: number; labour_cost_total?: number; parts_cost_total?: number };
const totals = (j: Figures) => ({ total_cost: j.total_cost, total_charge: j.total_charge, labour_cost_total: j.labour_cost_total, parts_cost_total: j.parts_cost_total });

describe("an approved job card's money stays put by every route (finding 5)", () => {
  it("PUT work/update, PUT parts/update/{id}, PUT parts/update and DELETE parts/update are refused with the approved message; nothing moves", async () => {
    const job = await approvedJob();
    expect(job.approved).toBe(true);
    const before = totals(job);
    const w = job.work_items[0];
    const p = w.parts[0];

    const hours = await api.put(`work/update/${w.id}`, { ...w, labour_hours: 40 });
    expect(hours.status).toBe(400);
    expect(hours.body.message).toBe(APPROVED);
    expect(hours.body.errors).toHaveProperty("work_items.0.labour_hours");

    const one = await api.put(`parts/update/${p.id}`, { ...p, cost: 900 });
    expect(one.status).toBe(400);
    expect(one.body.message).toBe(APPROVED);

    const bulk = await api.put("parts/update", [{ id: p.id, last_saved: p.last_saved, cost: 900 }]);
    expect(bulk.status).toBe(400);
    expect(bulk.body.message).toBe(APPROVED);
    expect(bulk.body.errors).toEqual({ "0.cost": APPROVED });

    const removed = await api.del(`parts/update/${p.id}`);
    expect(removed.status).toBe(400);
    expect(removed.body.message).toBe(APPROVED);

    const after = await ok(api.get(`jobs/${job.id}`));
    expect(totals(after)).toEqual(before);
    expect(after.last_saved).toBe(job.last_saved);
    expect(after.work_items[0]).toMatchObject({ labour_hours: 2 });
    expect(after.work_items[0].parts.map((x: { id: number; cost: number }) => [x.id, x.cost])).toEqual([[p.id, 100]]);
  }, 120_000);

  it("Accounts' non-money fields still go: nominal codes, invoice number and date (the due date follows), comments; the amounts are not priced again", async () => {
    const job = await approvedJob();
    const w = job.work_items[0];
    const p = w.parts[0];
    const nominal = await ok(api.post("nominal", { code: "5001", name: "Workshop parts", tax_type: "INPUT2" }));
    const saved = await ok(api.put(`work/update/${w.id}`, { ...w, invoice_comments: "Checked by accounts", customer_nominal_code: nominal.id }));
    expect(saved).toMatchObject({ invoice_comments: "Checked by accounts", labour_hours: 2, labour_cost: w.labour_cost, customer_labour_cost: w.customer_labour_cost });
    const fresh = await ok(api.get(`parts/update/${p.id}`));
    const part2 = await ok(api.put(`parts/update/${p.id}`, { ...fresh, part_invoice_number: "PD-881", invoice_date: "2030-03-10", supplier_nominal_code: nominal.id }));
    expect(part2).toMatchObject({ part_invoice_number: "PD-881", invoice_date: "2030-03-10", cost: 100, customer_cost: p.customer_cost });
    // Parts Direct's terms are 30 days: due 30 days after the invoice date (part-rules.ts partDueDate: payment date, else invoice date + the supplier's terms).
    expect(p.due_date).toBeNull();
    expect(part2.due_date).toBe("2030-04-09");
    const after = await ok(api.get(`jobs/${job.id}`));
    expect(totals(after)).toEqual(totals(job));
  }, 120_000);

  it("POST movement on an approved job is refused, and so is a movement's cost change on one", async () => {
    const job = await approvedJob();
    const rate = await ok(api.post("movementrate", { name: "Local", cost_per_mile: 1, vehicle_cost: 10, additional_time_cost: 0, callout_cost: 0 }));
    const type = await ok(api.post("movementtype", { name: "RECOVERY" }));
    const driver = await ok(api.post("drivers", { name: "Dee Driver" }));
    const body = { delivery_date: "2030-03-10", department: ref.hire.id, customer: ref.acme.id, driver: driver.id, movement_type: type.id, movement_rate: rate.id, vehicle: "Van", miles: 10, job: job.id, work_type: ref.service.id };
    const refused = await api.post("movement", body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(APPROVED);
    const after = await ok(api.get(`jobs/${job.id}`));
    expect(after.work_items).toHaveLength(1);
    expect(totals(after)).toEqual(totals(job));
  }, 120_000);
});

describe("part order parts saved by id; completed orders' parts (finding 6)", () => {
  const orderBody = (extra: Record<string, unknown> = {}) => ({
    customer: ref.acme.id,
    customer_vehicle: "AB12 CDE",
    description: "Filters",
    parts: [{ name: "Oil filter", part_number: "OF-1", supplier: ref.partsCo.id, cost: 10, supplier_tracking_option: ref.north, customer_tracking_option: ref.south }],
    ...extra,
  });

  it("PUT parts/update/{id} on an open order's part saves it and answers it (no 404 after a write)", async () => {
    const order = await ok(api.post("createpartorder", orderBody()));
    const p = order.parts[0];
    const got = await ok(api.get(`parts/update/${p.id}`));
    const saved = await api.put(`parts/update/${p.id}`, { id: p.id, last_saved: got.last_saved, cost: 12 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: p.id, cost: 12, origin: "partorder" });
    expect((await ok(api.get(`partorder/${order.id}`))).parts[0].cost).toBe(12);
  }, 120_000);

  it("a COMPLETE order's part: its cost is refused by id and in bulk, nothing written, the invoice stays; its invoice number still goes", async () => {
    const made = await ok(api.post("createpartorder", orderBody()));
    const order = await ok(api.post("partorderapprove", { ...made, tracking_option: ref.north }));
    expect(order.status).toBe("COMPLETE");
    const p = await ok(api.get(`parts/update/${order.parts[0].id}`));
    const one = await api.put(`parts/update/${p.id}`, { id: p.id, last_saved: p.last_saved, cost: 8888 });
    expect(one.status).toBe(400);
    expect(one.body.message).toBe("The parts of a completed part order cannot be changed: its invoice was raised from them");
    const bulk = await api.put("parts/update", [{ id: p.id, last_saved: p.last_saved, cost: 8888, customer_cost: 9999 }]);
    expect(bulk.status).toBe(400);
    const stored = await ok(api.get(`partorder/${order.id}`));
    expect(stored.parts[0].cost).toBe(10);
    expect(stored.last_saved).toBe(order.last_saved);
    // Receiving the supplier's invoice is not money: it goes.
    const received = await ok(api.put(`parts/update/${p.id}`, { id: p.id, last_saved: p.last_saved, part_invoice_number: "PD-9", invoice_date: "2030-04-01" }));
    expect(received).toMatchObject({ part_invoice_number: "PD-9", invoice_date: "2030-04-01", cost: 10, due_date: "2030-05-01" });
  }, 120_000);
});

describe("tracking options sent as objects are checked (finding 7)", () => {
  const fake = { id: 999999, name: "Made Up", category: 1 };

  it("a job card's line, a part order's part and a completion with an unknown option object: 400, nothing stored", async () => {
    const v = await newVan(api, ref);
    const job = await api.post("createjob", jobBody(ref, v.id, { work_items: [item(ref, { supplier_tracking_option: fake, parts: [part(ref, { customer_tracking_option: fake })] })] }));
    expect(job.status).toBe(400);
    expect(job.body.message).toBe("There is no tracking option 999999");
    expect(Object.keys(job.body.errors)).toEqual(["work_items.0.supplier_tracking_option", "work_items.0.parts.0.customer_tracking_option"]);
    const order = await api.post("createpartorder", {
      customer: ref.acme.id,
      customer_vehicle: "AB12 CDE",
      parts: [{ name: "Oil filter", supplier: ref.partsCo.id, cost: 10, supplier_tracking_option: fake, customer_tracking_option: ref.south }],
    });
    expect(order.status).toBe(400);
    expect(order.body.message).toBe("There is no tracking option 999999");
    const made = await ok(api.post("createpartorder", { customer: ref.acme.id, customer_vehicle: "AB12 CDE", parts: [{ name: "Oil filter", supplier: ref.partsCo.id, cost: 10, supplier_tracking_option: ref.north, customer_tracking_option: ref.south }] }));
    const complete = await api.post("partorderapprove", { ...made, tracking_option: fake });
    expect(complete.status).toBe(400);
    expect((await ok(api.get(`partorder/${made.id}`))).status).toBe("ORDER");
  }, 120_000);

  it("a known option sent with a wrong name is stored with its own name and category", async () => {
    const v = await newVan(api, ref);
    const job = await ok(api.post("createjob", jobBody(ref, v.id, { work_items: [item(ref, { supplier_tracking_option: { ...ref.north, name: "Nowhere", category: 424242 } })] })));
    expect(job.work_items[0].supplier_tracking_option).toEqual(ref.north);
  }, 120_000);
});

describe("freshness to the millisecond (finding 8)", () => {
  it("two saves 100 ms apart: the stale one, sent with or without milliseconds, gets 409", async () => {
    const v = await newVan(api, ref);
    const made = await ok(api.post("createjob", jobBody(ref, v.id)));
    // Two saves in the same second (tried again when the second one crosses into the next second).
    for (let attempt = 0; ; attempt++) {
      const first = await ok(api.put(`jobs/${made.id}`, { ...(await ok(api.get(`jobs/${made.id}`))), history: `first ${attempt}` }));
      await new Promise((r) => setTimeout(r, 100));
      const second = await ok(api.put(`jobs/${made.id}`, { ...first, history: `second ${attempt}` }));
      expect(second.last_saved).toMatch(/\.\d{3}Z$/);
      if (first.last_saved.slice(0, 19) !== second.last_saved.slice(0, 19) && attempt < 5) continue;
      const truncated = `${first.last_saved.slice(0, 19)}Z`;
      const stale = await api.put(`jobs/${made.id}`, { ...first, history: "stale", last_saved: truncated });
      expect(stale.status).toBe(409);
      expect((await api.put(`jobs/${made.id}`, { ...first, history: "stale" })).status).toBe(409);
      expect((await ok(api.get(`jobs/${made.id}`))).history).toBe(`second ${attempt}`);
      break;
    }
  }, 120_000);
});

describe("a refused create takes no number (finding 9)", () => {
  const agreement = { finance_type: "REGULAR", finance_company: "Black Horse", agreement_no: "HP-1", vehicle_purchase_price: 30000, deposit_amount: 5000, monthly_payment: 550, payment_term: 48, finance_start_date: "2025-01-15", invoice_date: "2025-01-15", depreciation_start_date: "2025-01-15", annual_depreciation_rate: 20 };
  const vehicle = (extra: Record<string, unknown> = {}) => van({ make: ref.ford.id, model: ref.transit.id, type: ref.l1.id, finance_agreements: [agreement], ...extra });

  it("POST createvehicle refused with 400 moves neither the vehicle nor the finance agreement counter", async () => {
    const a = await ok(api.post("createvehicle", vehicle()));
    for (const bad of [{ mileage: "lots" }, { make: 987654 }, { registration: a.registration }, { finance_agreements: [{ ...agreement, payment_term: "forever" }] }]) {
      const r = await api.post("createvehicle", vehicle(bad));
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    const b = await ok(api.post("createvehicle", vehicle()));
    expect(b.id).toBe(a.id + 1);
    expect(b.finance_agreements[0].id).toBe(a.finance_agreements[0].id + 1);
  }, 120_000);

  it("POST createjob and createpartorder refused with 400 take no job, work item, part or order number", async () => {
    const v = await newVan(api, ref);
    const a = await ok(api.post("createjob", jobBody(ref, v.id)));
    for (const bad of [{ customer: 987654 }, { fitter: 987654 }]) expect((await api.post("createjob", jobBody(ref, v.id, bad))).status, JSON.stringify(bad)).toBe(400);
    const b = await ok(api.post("createjob", jobBody(ref, v.id)));
    expect(b.id).toBe(a.id + 1);
    expect(b.work_items[0].id).toBe(a.work_items[0].id + 1);
    expect(b.work_items[0].parts[0].id).toBe(a.work_items[0].parts[0].id + 1);
    const order = { customer: ref.acme.id, customer_vehicle: "AB12 CDE", parts: [{ name: "Oil filter", supplier: ref.partsCo.id, cost: 10, supplier_tracking_option: ref.north, customer_tracking_option: ref.south }] };
    const o1 = await ok(api.post("createpartorder", order));
    expect((await api.post("createpartorder", { ...order, department: 987654 })).status).toBe(400);
    const o2 = await ok(api.post("createpartorder", order));
    expect(o2.id).toBe(o1.id + 1);
    expect(o2.parts[0].id).toBe(o1.parts[0].id + 1);
  }, 120_000);

  it("concurrent creates still get unique, gap-free numbers", async () => {
    const made = await Promise.all(Array.from({ length: 8 }, () => api.post("createvehicle", vehicle())));
    expect(made.map((r) => r.status)).toEqual(Array(8).fill(201));
    const ids = made.map((r) => r.body.id as number).sort((x, y) => x - y);
    const agreements = made.map((r) => r.body.finance_agreements[0].id as number).sort((x, y) => x - y);
    expect(new Set(ids).size).toBe(8);
    expect(ids[7] - ids[0]).toBe(7);
    expect(new Set(agreements).size).toBe(8);
  }, 120_000);
});
