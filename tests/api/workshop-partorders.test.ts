import { beforeAll, describe, expect, it } from "vitest";
import { call, client, signIn } from "../support/api.js";
import { ok } from "./fleet-support.js";
import { newVan, workshopReference, type WorkshopRef } from "./workshop-support.js";

/**
 * The part order calls of 002 §7 and POST createpartenquiry through the
 * real app against DynamoDB Local: create with its defaults (ORDER,
 * department 3, line defaults, totals), the save rules and their messages
 * (nothing written on a refusal), freshness, the four views, department,
 * search and the customer and creator filters, completion (only from
 * ORDER, with a tracking option; then locked), delete (refused when
 * COMPLETE), the dashboard figure, and the enquiry linked both ways to its
 * job, moving to QUOTE or ORDER with the job.
 */

let api: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let ref: WorkshopRef;

beforeAll(async () => {
  api = client(await signIn("parts@vanco.co.uk", "Pat"));
  other = client(await signIn("counter@vanco.co.uk", "Chris"));
  ref = await workshopReference(api);
});

const line = (extra: Record<string, unknown> = {}) => ({
  name: "Oil filter",
  part_number: "OF-1",
  supplier: ref.partsCo.id,
  cost: 10,
  supplier_tracking_option: ref.north,
  customer_tracking_option: ref.south,
  ...extra,
});

const orderBody = (extra: Record<string, unknown> = {}) => ({
  customer: ref.acme.id,
  customer_vehicle: "AB12 CDE",
  customer_vehicle_vin: "WF0XXXTTGXAB12345",
  order_number: "PO-7781",
  description: "Filters for the customer's van",
  parts: [line()],
  ...extra,
});

const count = async (q: string) => (await ok(api.get(`partorder?${q}`))).count as number;

describe("POST createpartorder and GET partorder/{id} (002 §4, §5, §9)", () => {
  it("starts as ORDER in the parts direct department (id 3), lines default to VAT 20 and to be ordered, totals with VAT at 20%", async () => {
    const made = await ok(api.post("createpartorder", orderBody({ parts: [line(), line({ name: "Air filter", cost: 12.5 })] })));
    expect(made).toMatchObject({ status: "ORDER", department: { id: 3 }, customer: { id: ref.acme.id, display_name: "Acme Hire" }, creator: { name: "Pat", email: "parts@vanco.co.uk" } });
    expect(made.date_created).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(made.parts).toHaveLength(2);
    for (const p of made.parts) expect(p).toMatchObject({ cost_vat: "20", to_be_ordered: true });
    // Acme's parts markup is 20%: 10 -> 12, 12.50 -> 15.
    expect(made.parts.map((p: any) => p.customer_cost)).toEqual([12, 15]);
    expect(made).toMatchObject({ total_part_cost: 22.5, total_part_customer_charge: 27, total_part_customer_charge_inc_vat: 32.4 });
    const again = await ok(api.get(`partorder/${made.id}`));
    expect(again).toMatchObject({ id: made.id, total_part_cost: 22.5, parts: [{ name: "Oil filter" }, { name: "Air filter" }] });
  });

  it("keeps a charge typed with Override Cost, and a line's own VAT rate and to-be-ordered choice", async () => {
    const made = await ok(api.post("createpartorder", orderBody({ parts: [line({ cost: 10, customer_cost: 99, cost_override: true, cost_vat: "0", to_be_ordered: false })] })));
    expect(made.parts[0]).toMatchObject({ customer_cost: 99, cost_vat: "0", to_be_ordered: false });
    expect(made.total_part_customer_charge_inc_vat).toBe(118.8);
  });

  it("takes the spec's order-line names (invoice_number, backorder_date) and answers both", async () => {
    const made = await ok(api.post("createpartorder", orderBody({ parts: [line({ invoice_number: "INV-55", backorder_date: "2030-05-01" })] })));
    expect(made.parts[0]).toMatchObject({ invoice_number: "INV-55", part_invoice_number: "INV-55", backorder_date: "2030-05-01", backorder_expected_date: "2030-05-01" });
  });

  it("refuses a missing customer vehicle and missing tracking options with the spec's messages, creating nothing", async () => {
    const before = await count("view=ORDERS");
    const noVehicle = await api.post("createpartorder", orderBody({ customer_vehicle: "" }));
    expect(noVehicle.status).toBe(400);
    expect(noVehicle.body).toMatchObject({ message: "Customer Vehicle information is required", errors: { customer_vehicle: "Customer Vehicle Registration is required" } });
    const noTracking = await api.post("createpartorder", orderBody({ parts: [line(), line({ customer_tracking_option: null })] }));
    expect(noTracking.status).toBe(400);
    expect(noTracking.body).toMatchObject({ message: "Tracking Options on parts are required", errors: { "parts.1.customer_tracking_option": "Tracking Options on parts are required" } });
    const completeAtOnce = await api.post("createpartorder", orderBody({ status: "COMPLETE" }));
    expect(completeAtOnce.status).toBe(400);
    expect(await count("view=ORDERS")).toBe(before);
  });

  it("answers 404 for an order that does not exist and 401 without a token", async () => {
    expect((await api.get("partorder/999999")).status).toBe(404);
    expect((await call("GET", "partorder")).status).toBe(401);
    expect((await call("POST", "createpartorder", { body: orderBody() })).status).toBe(401);
  });
});

describe("the order's parts in the shared part lists (line type part, data-model §7.1 Part)", () => {
  it("lists an order's parts in the Parts Expenses views (current, to be ordered) by department", async () => {
    const { PartOrderLines } = await import("../../core/workshop/partorder.js");
    const made = await ok(api.post("createpartorder", orderBody({ parts: [line({ name: "Cambelt kit", part_number: "CB-77", cost: 80 })] })));
    const page = await PartOrderLines.linesIn("parts", "v#current#d#all", { page: 1, page_size: 200, order: "desc" });
    const mine = page.results.find((r: any) => r.id === made.parts[0].id) as any;
    expect(mine).toMatchObject({ name: "Cambelt kit", parent_type: "partorder", parent_id: made.id });
    const tbo = await PartOrderLines.lineEntriesIn("parts", "v#tbo#d#3", {});
    expect(tbo.map((e: any) => e.id)).toContain(made.parts[0].id);
  });
});

describe("PUT partorder/{id} (002 §5, §7)", () => {
  it("saves the whole order, parts added, changed and removed, totals following", async () => {
    const made = await ok(api.post("createpartorder", orderBody({ parts: [line(), line({ name: "Air filter" })] })));
    const saved = await ok(
      api.put(`partorder/${made.id}`, { ...made, delivery_address: "1 Dock Road", parts: [{ ...made.parts[0], cost: 20 }, line({ name: "Wiper blade", cost: 5 })] }),
    );
    expect(saved.delivery_address).toBe("1 Dock Road");
    expect(saved.parts.map((p: any) => [p.name, p.cost, p.customer_cost])).toEqual([
      ["Oil filter", 20, 24],
      ["Wiper blade", 5, 6],
    ]);
    expect(saved.parts[0].id).toBe(made.parts[0].id);
    expect(saved).toMatchObject({ total_part_cost: 25, total_part_customer_charge: 30, total_part_customer_charge_inc_vat: 36 });
  });

  it("a stale save is 409 and changes nothing; a refused save changes nothing", async () => {
    const made = await ok(api.post("createpartorder", orderBody()));
    await ok(api.put(`partorder/${made.id}`, { ...made, order_number: "FIRST" }));
    const stale = await api.put(`partorder/${made.id}`, { ...made, order_number: "SECOND" });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^An error occurred!/);
    const now = await ok(api.get(`partorder/${made.id}`));
    expect(now.order_number).toBe("FIRST");
    const refused = await api.put(`partorder/${made.id}`, { ...now, order_number: "THIRD", customer_vehicle: null });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Customer Vehicle information is required");
    const missing = await api.put(`partorder/${made.id}`, { ...now, last_saved: undefined });
    expect(missing.status).toBe(400);
    expect((await ok(api.get(`partorder/${made.id}`))).order_number).toBe("FIRST");
  });

  it("moves between the ORDERS and QUOTES views with its status", async () => {
    const made = await ok(api.post("createpartorder", orderBody({ order_number: "MOVER-1" })));
    const quotes = await count("view=QUOTES");
    await ok(api.put(`partorder/${made.id}`, { ...made, status: "QUOTE" }));
    expect(await count("view=QUOTES")).toBe(quotes + 1);
    const found = await ok(api.get("partorder?view=QUOTES&search=mover-1"));
    expect(found.results.map((r: any) => r.id)).toEqual([made.id]);
  });
});

describe("GET partorder: views, department, search, column filters (002 §2, §7)", () => {
  let a: any;
  let b: any;
  beforeAll(async () => {
    a = await ok(api.post("createpartorder", orderBody({ customer: ref.bobs.id, customer_vehicle: "ZX70 QRS", order_number: "BOB-1" })));
    b = await ok(other.post("createpartorder", orderBody({ customer: ref.bobs.id, customer_vehicle: "ZX70 QRT", department: ref.hire.id })));
  });

  it("lists ORDERS by default, newest first, 25 a page, with its count", async () => {
    const page = await ok(api.get("partorder"));
    expect(page.count).toBe(await count("view=ORDERS"));
    expect(page.results.length).toBeLessThanOrEqual(25);
    expect(page.results.every((r: any) => r.status === "ORDER")).toBe(true);
    expect(page.results.map((r: any) => r.id).slice(0, 2)).toEqual([b.id, a.id]);
    expect((await api.get("partorder?view=NOPE")).status).toBe(400);
  });

  it("narrows by department", async () => {
    const hire = await ok(api.get(`partorder?department=${ref.hire.id}`));
    expect(hire.results.map((r: any) => r.id)).toEqual([b.id]);
  });

  it("searches by customer name, registration (compact) and order number", async () => {
    const ids = async (s: string) => (await ok(api.get(`partorder?search=${encodeURIComponent(s)}`))).results.map((r: any) => r.id);
    expect(await ids("bobs")).toEqual([b.id, a.id]);
    expect(await ids("zx70 qrs")).toEqual([a.id]);
    expect(await ids("bob-1")).toEqual([a.id]);
    expect(await ids(String(a.id))).toContain(a.id);
  });

  it("filters by customer and by creator, and offers the creators", async () => {
    const byCustomer = await ok(api.get(`partorder?customer=${ref.bobs.id}`));
    expect(byCustomer.results.map((r: any) => r.id)).toEqual([b.id, a.id]);
    const byCreator = await ok(api.get(`partorder?customer=${ref.bobs.id}&creator=counter@vanco.co.uk`));
    expect(byCreator.results.map((r: any) => r.id)).toEqual([b.id]);
    const mine = await ok(api.get("partorder?creator=counter@vanco.co.uk"));
    expect(mine.count).toBe(1);
    expect(mine.filter_list.creator.map((c: any) => c.value)).toEqual(expect.arrayContaining(["parts@vanco.co.uk", "counter@vanco.co.uk"]));
  });
});

describe("POST partorderapprove and DELETE partorder/{id} (002 §4, §7)", () => {
  it("completes only from ORDER, with a tracking option; a completed order is locked and cannot be deleted", async () => {
    const made = await ok(api.post("createpartorder", orderBody()));
    const noOption = await api.post("partorderapprove", { ...made });
    expect(noOption.status).toBe(400);
    expect(noOption.body.errors).toHaveProperty("tracking_option");
    const quote = await ok(api.post("createpartorder", orderBody({ status: "QUOTE" })));
    const fromQuote = await api.post("partorderapprove", { ...quote, tracking_option: ref.north });
    expect(fromQuote.status).toBe(400);
    expect(fromQuote.body.message).toBe("Only a part order with status ORDER can be completed");
    const stale = await api.post("partorderapprove", { ...made, tracking_option: ref.north, last_saved: "2020-01-01T00:00:00.000Z" });
    expect(stale.status).toBe(409);

    const complete = await ok(api.post("partorderapprove", { ...made, tracking_option: ref.north }));
    expect(complete).toMatchObject({ status: "COMPLETE", tracking_option: { id: ref.north.id } });
    expect(complete.date_completed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const inView = await ok(api.get("partorder?view=COMPLETE"));
    expect(inView.results.map((r: any) => r.id)).toContain(made.id);
    // Its invoice (src ORDER) was raised in the same unit: the order's charge, for its customer, not approved yet.
    const invoices = await ok(api.get("invoices?activeView=order&view=not_approved&page_size=100"));
    const raised = invoices.results.filter((i: any) => (i.part_order?.id ?? i.part_order) === made.id);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ src: "ORDER", amount: complete.total_part_customer_charge });
    expect(raised[0].customer?.id ?? raised[0].customer).toBe(complete.customer?.id ?? complete.customer);

    const edit = await api.put(`partorder/${made.id}`, { ...complete, order_number: "LATE" });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe("A completed part order cannot be changed");
    const del = await api.del(`partorder/${made.id}`);
    expect(del.status).toBe(400);
    expect(del.body.message).toBe("A completed part order cannot be deleted");
    expect((await api.get(`partorder/${made.id}`)).status).toBe(200);
  });

  it("deletes an order that is not complete", async () => {
    const made = await ok(api.post("createpartorder", orderBody()));
    const before = await count("view=ORDERS");
    expect((await api.del(`partorder/${made.id}`)).status).toBeLessThan(300);
    expect((await api.get(`partorder/${made.id}`)).status).toBe(404);
    expect(await count("view=ORDERS")).toBe(before - 1);
  });
});

describe("GET partorder/figure (dashboard Part Orders panel, 002 §9)", () => {
  it("sums cost and charge of ORDER and COMPLETE orders created in the period, never QUOTE or ENQUIRY", async () => {
    const today = (await ok(api.post("createpartorder", orderBody({ parts: [] })))).date_created as string;
    const q = `partorder/figure?start=${today}&end=${today}`;
    const before = await ok(api.get(q));
    await ok(api.post("createpartorder", orderBody({ parts: [line({ cost: 100 })] })));
    await ok(api.post("createpartorder", orderBody({ status: "QUOTE", parts: [line({ cost: 1000 })] })));
    const after = await ok(api.get(q));
    expect(after.expenses - before.expenses).toBeCloseTo(100, 2);
    expect(after.income - before.income).toBeCloseTo(120, 2);
    const dept = await ok(api.get(`${q}&department=${ref.lcv.id}`));
    expect(dept).toMatchObject({ income: 0, expenses: 0 });
    expect((await ok(api.get("partorder/figure?type=monthly"))).start).toMatch(/-01$/);
  });
});

describe("POST createpartenquiry (002 §2 Part enquiry form, W12)", () => {
  it("needs a description ('Description are required'), creating nothing", async () => {
    const before = await count("view=ENQUIRY");
    const res = await api.post("createpartenquiry", { description: " ", registration: "AB12CDE" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: "Description are required", errors: { description: "Description are required" } });
    expect(await count("view=ENQUIRY")).toBe(before);
  });

  it("makes an ENQUIRY part order and an enquiry job linked both ways; the quote makes the order a QUOTE", async () => {
    const enquiries = (await ok(api.get("countenquiry"))).count;
    const order = await ok(api.post("createpartenquiry", { description: "Tow bar for a Transit", registration: "AB12 CDE", make: "Ford", model: "Transit" }));
    expect(order).toMatchObject({ status: "ENQUIRY", description: "Tow bar for a Transit", customer_vehicle: "AB12 CDE", department: { id: 3 }, creator: { name: "Pat" } });
    // Issue 24 item 12: the enquiry's make and model are kept on its part order, which shows them.
    expect((await ok(api.get(`partorder/${order.id}`))).customer_vehicle_make).toBe("Ford");
    expect((await ok(api.get(`partorder/${order.id}`))).customer_vehicle_model).toBe("Transit");
    const job = await ok(api.get(`jobs/${order.job.id}`));
    expect(job).toMatchObject({ is_enquiry: true, jstate: "ENQUIRY", part_order: order.id, enquiry_description: "Tow bar for a Transit", enquiry_registration: "AB12 CDE", enquiry_make: "Ford", enquiry_model: "Transit" });
    expect((await ok(api.get("countenquiry"))).count).toBe(enquiries + 1);
    expect((await ok(api.get("partorder?view=ENQUIRY"))).results.map((r: any) => r.id)).toContain(order.id);

    const v = await newVan(api, ref);
    const quote = await ok(api.post("enquiryquote", { ...job, vehicle: v.id, customer: ref.acme.id }));
    expect(quote.id).toBeGreaterThan(0);
    expect((await ok(api.get(`partorder/${order.id}`))).status).toBe("QUOTE");
  });

  it("Turn Into Job makes the order an ORDER; deleting an enquiry order unlinks its job", async () => {
    const order = await ok(api.post("createpartenquiry", { description: "Roof bars" }));
    const job = await ok(api.get(`jobs/${order.job.id}`));
    await ok(api.put(`jobs/${job.id}`, { ...job, is_enquiry: false }));
    expect((await ok(api.get(`partorder/${order.id}`))).status).toBe("ORDER");

    const second = await ok(api.post("createpartenquiry", { description: "Mud flaps" }));
    expect((await api.del(`partorder/${second.id}`)).status).toBeLessThan(300);
    expect((await ok(api.get(`jobs/${second.job.id}`))).part_order).toBeNull();
  });

  it("a job cannot be given a part order by a client", async () => {
    const job = await ok(api.post("createjob", { is_enquiry: true, enquiry_description: "Bulb", part_order: 1 }));
    expect(job.part_order ?? null).toBeNull();
  });
});
