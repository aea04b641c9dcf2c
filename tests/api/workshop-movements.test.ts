import { beforeAll, describe, expect, it } from "vitest";
import { call, client, signIn } from "../support/api.js";
import { company, fleetReference, van } from "./fleet-support.js";
import { MOVEMENT_MESSAGES } from "../../core/workshop/movement-definitions.js";

/**
 * Movements (002 §2 Movements page, §3, §4, §5, §7, §8, §9): every call
 * through the real app against DynamoDB Local.
 */

let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;
let token: string;
const x: Record<string, any> = {};

const ok = async (p: Promise<{ status: number; body: any }>) => {
  const r = await p;
  if (r.status >= 300) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
};

beforeAll(async () => {
  token = await signIn("transport@vanco.co.uk", "Tom");
  api = client(token);
  ref = await fleetReference(api);
  // The first rate and type are the defaults of a new movement (002 §5).
  x.rate = await ok(api.post("movementrate", { name: "Recovery 7.5t", cost_per_mile: 1.2, vehicle_cost: 35, additional_time_cost: 18, callout_cost: 50 }));
  x.local = await ok(api.post("movementrate", { name: "Local delivery", cost_per_mile: 0.9, vehicle_cost: 10, additional_time_cost: 0, callout_cost: 0 }));
  x.recovery = await ok(api.post("movementtype", { name: "RECOVERY" }));
  x.onhire = await ok(api.post("movementtype", { name: "ONHIRE" }));
  x.dave = await ok(api.post("drivers", { name: "Dave Driver" }));
  x.pat = await ok(api.post("drivers", { name: "Pat Porter" }));
  x.service = await ok(api.post("worktype", { name: "Transport" }));
  const cat = await ok(api.post("createtrackingcategory", { name: "Depot", options: [{ name: "Birmingham" }, { name: "Leeds" }] }));
  x.brum = cat.options[0].id;
  x.marked = await ok(api.post("contacts", { ...company("Marked Up Haulage", "CC"), movement_markup: 10 }));
  x.van = await ok(api.post("createvehicle", van({ make: ref.ford.id, model: ref.transit.id, type: ref.l1.id })));
  x.job = await ok(api.post("createjob", { vehicle: x.van.id, customer: ref.acme.id, workshop: ref.garage.id, department: ref.hire.id, book_in_date: "2027-05-01", workshop_date: "2027-05-02", job_description: "Recovery and repair", work_items: [] }));
});

const movement = (extra: Record<string, unknown> = {}) => ({
  delivery_date: "2027-03-10",
  department: ref.hire.id,
  customer: ref.acme.id,
  driver: x.dave.id,
  movement_type: x.recovery.id,
  movement_rate: x.rate.id,
  vehicle: "Customer Transit, broken down",
  vehicle_used: x.van.id,
  start_address: "M6 J10 hard shoulder",
  end_address: "1 Trade Park, Birmingham",
  start_time: "09:15",
  end_time: "11:45",
  miles: 42.5,
  ...extra,
});

describe("POST movement (002 §5 defaults, cost)", () => {
  it("prices from the rate and the customer's movement markup (docs/workshop.md example): £199.10", async () => {
    const m = await ok(api.post("movement", movement({ customer: x.marked.id })));
    expect(m).toMatchObject({
      cost: 199.1, movement_status: "NORMAL", completed: false, view: "NORMAL", miles: 42.5,
      customer: { id: x.marked.id, display_name: "Marked Up Haulage", movement_markup: 10 },
      movement_rate: { id: x.rate.id, name: "Recovery 7.5t", cost_per_mile: 1.2 },
      movement_type: { id: x.recovery.id, name: "RECOVERY" }, driver: { id: x.dave.id, name: "Dave Driver" },
      department: { id: ref.hire.id }, vehicle_used: { id: x.van.id, registration: x.van.registration }, creator: "transport@vanco.co.uk",
    });
    expect(m).not.toHaveProperty("search_terms");
    expect((await api.get(`movement/${m.id}`)).body).toEqual(m);
  });

  it("defaults: delivery date today, cost 0, miles 0, NORMAL, first rate and type, department 1", async () => {
    const m = await ok(api.post("movement", {}));
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    expect(m).toMatchObject({ delivery_date: today, miles: 0, movement_status: "NORMAL", movement_rate: { id: x.rate.id }, movement_type: { id: x.recovery.id }, department: { id: 1 } });
    // No miles, no times, no customer: the rate's vehicle and callout costs only.
    expect(m.cost).toBe(85);
    await ok(api.del(`movement/${m.id}`));
  });

  it("cost_override keeps the cost sent; a client's cost without it is replaced by the price", async () => {
    const over = await ok(api.post("movement", movement({ cost_override: true, cost: 250 })));
    expect(over.cost).toBe(250);
    const priced = await ok(api.post("movement", movement({ cost: 1 })));
    expect(priced.cost).toBe(181);
    x.priced = priced;
    await ok(api.del(`movement/${over.id}`));
  });

  it("a job-linked movement needs a work type: 'Workshop Expense Charge Type is required for work items created from a job'; nothing written", async () => {
    const before = await ok(api.get("movement?view=NORMAL"));
    const r = await api.post("movement", movement({ job: x.job.id }));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: MOVEMENT_MESSAGES.workTypeRequired, errors: { work_type: "Workshop Expense Charge Type is required for work items created from a job" } });
    expect((await ok(api.get("movement?view=NORMAL"))).count).toBe(before.count);
  });

  it("bad input is a 400 naming the field and changes nothing", async () => {
    const before = await ok(api.get("movement?view=NORMAL"));
    const figures = await ok(api.get("movementfigures"));
    for (const [body, field] of [
      [movement({ miles: -1 }), "miles"],
      [movement({ start_time: "9am" }), "start_time"],
      [movement({ start_time: "10:00", end_time: "09:00" }), "end_time"],
      [movement({ movement_status: "DONE" }), "movement_status"],
      [movement({ driver: 99999 }), "driver"],
      [movement({ tracking_option: 99999 }), "tracking_option"],
      [movement({ delivery_date: "2027-02-30" }), "delivery_date"],
      [movement({ wheels: 4 }), "wheels"],
    ] as const) {
      const r = await api.post("movement", body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.body.errors)).toContain(field);
    }
    expect((await ok(api.get("movement?view=NORMAL"))).count).toBe(before.count);
    expect(await ok(api.get("movementfigures"))).toEqual(figures);
  });

  it("401 without a token", async () => {
    expect((await call("GET", "movement")).status).toBe(401);
    expect((await call("POST", "movement", { body: {} })).status).toBe(401);
  });
});

describe("PUT movement/{id}: save, freshness, lock", () => {
  it("saves with last_saved and prices again; a stale save is a 409 and loses nothing", async () => {
    const m = x.priced;
    const saved = await ok(api.put(`movement/${m.id}`, { ...m, miles: 10, start_time: null, end_time: null, comments: "Keys with reception" }));
    expect(saved).toMatchObject({ miles: 10, cost: 12 + 35 + 50, comments: "Keys with reception" });
    const stale = await api.put(`movement/${m.id}`, { ...m, comments: "stale" });
    expect(stale.status).toBe(409);
    expect((await ok(api.get(`movement/${m.id}`))).comments).toBe("Keys with reception");
    const missing = await api.put(`movement/${m.id}`, { comments: "no last_saved" });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty("last_saved");
    x.priced = saved;
  });

  it("a client cannot complete or invoice through a save (server fields are ignored)", async () => {
    const m = x.priced;
    const saved = await ok(api.put(`movement/${m.id}`, { ...m, completed: true, invoice_number: "TR1" }));
    expect(saved.completed).toBe(false);
    expect(saved.invoice_number).toBeNull();
    x.priced = saved;
  });
});

describe("views, quote conversion, completion", () => {
  it("a QUOTE movement lists in QUOTE; movementquote converts it to NORMAL (only a quote; with last_saved)", async () => {
    const q = await ok(api.post("movement", movement({ movement_status: "QUOTE", delivery_date: "2027-04-01" })));
    const quotes = await ok(api.get("movement?view=QUOTE"));
    expect(quotes.results.map((r: any) => r.id)).toContain(q.id);
    expect((await api.put(`movementquote/${q.id}`, {})).status).toBe(400);
    const done = await ok(api.put(`movementquote/${q.id}`, { last_saved: q.last_saved }));
    expect(done).toMatchObject({ movement_status: "NORMAL", view: "NORMAL" });
    expect((await ok(api.get("movement?view=QUOTE"))).results.map((r: any) => r.id)).not.toContain(q.id);
    const again = await api.put(`movementquote/${q.id}`, { last_saved: done.last_saved });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MOVEMENT_MESSAGES.notAQuote);
    x.converted = done;
  });

  it("a quote is not completed before it is converted", async () => {
    const q = await ok(api.post("movement", movement({ movement_status: "QUOTE" })));
    const r = await api.put(`movementcomplete/${q.id}`, { last_saved: q.last_saved, tracking_option: x.brum });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MOVEMENT_MESSAGES.quoteNotCompleted);
    await ok(api.del(`movement/${q.id}`));
  });

  it("completion requires a tracking option; then the movement is COMPLETED and locked (edit, delete, convert refused)", async () => {
    const m = x.converted;
    const none = await api.put(`movementcomplete/${m.id}`, { last_saved: m.last_saved });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ message: MOVEMENT_MESSAGES.trackingRequired, errors: { tracking_option: MOVEMENT_MESSAGES.trackingRequired } });
    const unknown = await api.put(`movementcomplete/${m.id}`, { last_saved: m.last_saved, tracking_option: 424242 });
    expect(unknown.status).toBe(400);
    const stale = await api.put(`movementcomplete/${m.id}`, { last_saved: "2020-01-01T00:00:00.000Z", tracking_option: x.brum });
    expect(stale.status).toBe(409);
    expect((await ok(api.get(`movement/${m.id}`))).completed).toBe(false);

    const done = await ok(api.put(`movementcomplete/${m.id}`, { last_saved: m.last_saved, tracking_option: x.brum }));
    expect(done).toMatchObject({ completed: true, view: "COMPLETED", tracking_option: { id: x.brum, name: "Birmingham", category: { name: "Depot" } } });
    expect((await ok(api.get("movement?view=COMPLETED"))).results.map((r: any) => r.id)).toEqual([m.id]);
    expect((await ok(api.get("movement?view=NORMAL"))).results.map((r: any) => r.id)).not.toContain(m.id);

    const edit = await api.put(`movement/${m.id}`, { ...done, comments: "changed" });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe(MOVEMENT_MESSAGES.completedLocked);
    const del = await api.del(`movement/${m.id}`);
    expect(del.status).toBe(400);
    expect(del.body.message).toBe(MOVEMENT_MESSAGES.completedNoDelete);
    expect((await api.put(`movementcomplete/${m.id}`, { last_saved: done.last_saved, tracking_option: x.brum })).body.message).toBe(MOVEMENT_MESSAGES.alreadyCompleted);
    expect((await api.put(`movementquote/${m.id}`, { last_saved: done.last_saved })).status).toBe(400);
    expect(await ok(api.get(`movement/${m.id}`))).toMatchObject({ completed: true, comments: null });
    x.completed = done;
  });

  it("DELETE removes a movement that is not completed", async () => {
    const m = await ok(api.post("movement", movement()));
    await ok(api.del(`movement/${m.id}`));
    expect((await api.get(`movement/${m.id}`)).status).toBe(404);
  });
});

describe("GET movement lists and GET movementfigures", () => {
  beforeAll(async () => {
    // A separate department keeps these counts to this block's movements.
    x.dept = await ok(api.post("createdepartment", { name: "TRANSPORT" }));
    const d = x.dept.id;
    x.a = await ok(api.post("movement", movement({ department: d, delivery_date: "2027-05-01", miles: 0, start_time: null, end_time: null, movement_rate: x.local.id, vehicle: "Red Luton" })));
    x.b = await ok(api.post("movement", movement({ department: d, delivery_date: "2027-05-10", miles: 10, start_time: null, end_time: null, movement_rate: x.local.id, customer: ref.bolt.id, driver: x.pat.id, movement_type: x.onhire.id })));
    x.c = await ok(api.post("movement", movement({ department: d, delivery_date: "2027-05-20", miles: 20, start_time: null, end_time: null, movement_rate: x.local.id, job: x.job.id, work_type: x.service.id })));
    x.q = await ok(api.post("movement", movement({ department: d, delivery_date: "2027-05-15", movement_status: "QUOTE", cost_override: true, cost: 40 })));
  });

  const ids = (page: any) => page.results.map((r: any) => r.id);

  it("a view and department: newest delivery first, 25 a page, count from the list", async () => {
    const page = await ok(api.get(`movement?department=${x.dept.id}`));
    expect(page.count).toBe(3);
    expect(ids(page)).toEqual([x.c.id, x.b.id, x.a.id]);
    expect(ids(await ok(api.get(`movement?department=${x.dept.id}&view=quote`)))).toEqual([x.q.id]);
    const small = await ok(api.get(`movement?department=${x.dept.id}&page=2&page_size=2`));
    expect(small).toMatchObject({ count: 3 });
    expect(ids(small)).toEqual([x.a.id]);
  });

  it("a delivery-date range (start, end inclusive)", async () => {
    const page = await ok(api.get(`movement?department=${x.dept.id}&start=2027-05-10&end=2027-05-20`));
    expect(ids(page)).toEqual([x.c.id, x.b.id]);
    expect(page.count).toBe(2);
    const bad = await api.get(`movement?start=2027-05-10&end=2027-05-01`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("end");
  });

  it("search: the start of the registration (spaces or not), vehicle text, customer, driver", async () => {
    const reg = x.van.registration as string;
    const d = `department=${x.dept.id}`;
    expect(ids(await ok(api.get(`movement?${d}&search=${encodeURIComponent(reg)}`)))).toEqual([x.c.id, x.b.id, x.a.id]);
    expect(ids(await ok(api.get(`movement?${d}&search=${reg.replace(/\s/g, "").toLowerCase()}`)))).toEqual([x.c.id, x.b.id, x.a.id]);
    expect(ids(await ok(api.get(`movement?${d}&search=red%20lu`)))).toEqual([x.a.id]);
    expect(ids(await ok(api.get(`movement?${d}&search=bolt`)))).toEqual([x.b.id]);
    expect(ids(await ok(api.get(`movement?${d}&search=pat`)))).toEqual([x.b.id]);
    expect((await ok(api.get(`movement?${d}&search=nobody`))).count).toBe(0);
    // Within the view: the quote is found only in QUOTE.
    expect(ids(await ok(api.get(`movement?${d}&view=QUOTE&search=dave`)))).toEqual([x.q.id]);
  });

  it("column filters: customer, driver, movement type; combined with each other, a search and dates", async () => {
    const d = `department=${x.dept.id}`;
    expect(ids(await ok(api.get(`movement?${d}&customer=${ref.bolt.id}`)))).toEqual([x.b.id]);
    expect(ids(await ok(api.get(`movement?${d}&driver=${x.dave.id}`)))).toEqual([x.c.id, x.a.id]);
    expect(ids(await ok(api.get(`movement?${d}&movement_type=${x.onhire.id}`)))).toEqual([x.b.id]);
    expect(ids(await ok(api.get(`movement?${d}&driver=${x.dave.id}&customer=${ref.acme.id}&start=2027-05-15`)))).toEqual([x.c.id]);
    expect(ids(await ok(api.get(`movement?${d}&driver=${x.dave.id}&search=red`)))).toEqual([x.a.id]);
  });

  it("by job (GET movement?job=)", async () => {
    const page = await ok(api.get(`movement?job=${x.job.id}`));
    expect(ids(page)).toEqual([x.c.id]);
    expect(page.results[0]).toMatchObject({ job: x.job.id, work_type: { id: x.service.id, name: "Transport" } });
  });

  it("figures: workshop (job) and recovery cost totals, maintained; with dates from the range", async () => {
    // a: £10; b: 10 x 0.9 + 10 = £19; c (job): 20 x 0.9 + 10 = £28.
    expect([x.a.cost, x.b.cost, x.c.cost]).toEqual([10, 19, 28]);
    expect(await ok(api.get(`movementfigures?department=${x.dept.id}`))).toMatchObject({ view: "NORMAL", workshop_cost: 28, recovery_cost: 29, total_cost: 57 });
    expect(await ok(api.get(`movementfigures?department=${x.dept.id}&view=QUOTE`))).toMatchObject({ workshop_cost: 0, recovery_cost: 40 });
    expect(await ok(api.get(`movementfigures?department=${x.dept.id}&start=2027-05-05&end=2027-05-31`))).toMatchObject({ workshop_cost: 28, recovery_cost: 19, total_cost: 47 });
    // A save that changes the cost moves the totals; a delete takes it off.
    const b = await ok(api.put(`movement/${x.b.id}`, { ...x.b, miles: 20 }));
    expect(b.cost).toBe(28);
    expect(await ok(api.get(`movementfigures?department=${x.dept.id}`))).toMatchObject({ workshop_cost: 28, recovery_cost: 38 });
    await ok(api.del(`movement/${x.a.id}`));
    expect(await ok(api.get(`movementfigures?department=${x.dept.id}`))).toMatchObject({ workshop_cost: 28, recovery_cost: 28 });
    // All departments include these.
    const all = await ok(api.get("movementfigures"));
    expect(all.workshop_cost).toBeGreaterThanOrEqual(28);
  });

  it("a bad view or page is a 400", async () => {
    expect((await api.get("movement?view=ARCHIVED")).status).toBe(400);
    expect((await api.get("movement?page=0")).status).toBe(400);
    expect((await api.get("movementfigures?view=nope")).status).toBe(400);
  });
});

describe("a job's movement owns a work item on the job (002 §3 Work item movement, §4 locks)", () => {
  const itemOf = async (movementId: number) => ((await ok(api.get(`jobs/${x.job.id}`))).work_items as any[]).find((w) => w.movement === movementId);

  it("created with the movement: its work type, the movement's cost as cost and charge, override on, no hours", async () => {
    const m = await ok(api.post("movement", movement({ job: x.job.id, work_type: x.service.id, miles: 10, start_time: null, end_time: null, movement_rate: x.local.id })));
    expect(m.cost).toBe(19);
    const w = await itemOf(m.id);
    expect(w).toMatchObject({ movement: m.id, work_type: { id: x.service.id }, labour_hours: 0, labour_cost: 19, customer_labour_cost: 19, cost_override: true, complete: false });
    expect(w.description).toContain(`Movement ${m.id}`);
    // The work item is found by its id (its locator was written).
    expect((await ok(api.get(`work/${w.id}`))).movement).toBe(m.id);
    x.jm = m;
  });

  it("a save moves the item with it; the job cannot be changed; an unknown job or a defect is refused", async () => {
    const saved = await ok(api.put(`movement/${x.jm.id}`, { ...x.jm, miles: 20 }));
    expect(saved.cost).toBe(28);
    expect(await itemOf(x.jm.id)).toMatchObject({ labour_cost: 28, customer_labour_cost: 28 });
    const moved = await api.put(`movement/${x.jm.id}`, { ...saved, job: x.job.id + 1000 });
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toHaveProperty("job");
    const unknown = await api.post("movement", movement({ job: 999999, work_type: x.service.id }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(MOVEMENT_MESSAGES.jobUnknown);
    x.jm = saved;
  });

  it("the job card cannot remove the movement's item or change its hours (the jobs helper's lock)", async () => {
    const job = await ok(api.get(`jobs/${x.job.id}`));
    const others = (job.work_items as any[]).filter((w) => w.movement !== x.jm.id);
    const r = await api.put(`jobs/${x.job.id}`, { ...job, work_items: others });
    expect(r.status).toBe(400);
    expect(await itemOf(x.jm.id)).toBeTruthy();
  });

  it("completing the movement completes its item and raises no movement invoice; deleting a job's movement removes its item", async () => {
    const done = await ok(api.put(`movementcomplete/${x.jm.id}`, { last_saved: x.jm.last_saved, tracking_option: x.brum }));
    expect(done.completed).toBe(true);
    expect((await itemOf(x.jm.id)).complete).toBe(true);
    // Charged through its work item: completing a job's movement raises no movement invoice (W16 is for a movement not from a job).
    const invoiced = (await ok(api.get(`invoices?activeView=movement&customer=${ref.acme.id}&page_size=100`))).results as any[];
    expect(invoiced.some((r) => r.movement === x.jm.id)).toBe(false);
    expect(invoiced.filter((r) => r.movement === x.completed.id)).toMatchObject([{ src: "MOVEMENT", amount: x.completed.cost }]); // the one completed above, not from a job
    const other = await ok(api.post("movement", movement({ job: x.job.id, work_type: x.service.id })));
    const w = await itemOf(other.id);
    expect(w).toBeTruthy();
    // Its locator is written with it: GET work/{id} finds it on its job.
    expect(await ok(api.get(`work/${w.id}`))).toMatchObject({ id: w.id, movement: other.id, job: x.job.id });
    await ok(api.del(`movement/${other.id}`));
    expect(await itemOf(other.id)).toBeUndefined();
    expect((await api.get(`work/${w.id}`)).status).toBe(404);
  });
});
