import { beforeAll, describe, expect, it } from "vitest";
import { call, client, signIn } from "../support/api.js";
import { company, fleetReference, ok, van } from "./fleet-support.js";

/**
 * The quotes calls of 002 §7 through the real app against DynamoDB Local:
 * the blank quote, create and save with the pre-save rules and their
 * messages, the estimate worked out by the server, freshness, priced and
 * finalize, approval refused naming the items not ready, the five views
 * with their counts, department, search and column filters, the open-items
 * check and delete. Job cards made from quotes: workshop-quote-jobs.test.ts.
 */

let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;
let vehicle: { id: number; registration: string };
let vehicle2: { id: number; registration: string };
let brakes: { id: number };
let warranty: { id: number };
let customer: { id: number; display_name: string };
let hirer: { id: number; display_name: string };

beforeAll(async () => {
  api = client(await signIn("quotes@vanco.co.uk", "Quinn"));
  ref = await fleetReference(api);
  const defaults = await ok(api.get("appdefaults"));
  await ok(api.put("appdefaults", { last_saved: defaults.last_saved, default_labour_estimate_rate: 40, default_parts_markup: 20 }));
  vehicle = await ok(api.post("createvehicle", van({ make: ref.ford.id, model: ref.transit.id, type: ref.l1.id })));
  vehicle2 = await ok(api.post("createvehicle", van({ make: ref.vw.id, model: ref.crafter.id, type: ref.luton.id })));
  brakes = await ok(api.post("worktype", { name: "Brakes", special_labour_rate: 60 }));
  warranty = await ok(api.post("worktype", { name: "Warranty", free_of_charge: true, approval_needed: true }));
  customer = await ok(api.post("contacts", { ...company("Quayside Plumbing Ltd", "CC"), labour_rate_markup: 10, parts_markup: 0 }));
  hirer = await ok(api.post("contacts", { ...company("Harbour Hire Co", "CC"), labour_rate_markup: 0, parts_markup: 50 }));
});

const item = (extra: Record<string, unknown> = {}) => ({
  description: "Front brake pads",
  work_type: brakes.id,
  estimated_labour_hours: 2,
  parts: [{ name: "Brake pads", part_number: "BP-1", supplier: ref.dealer.id, estimated_cost: 50 }],
  ...extra,
});

const quoteBody = (extra: Record<string, unknown> = {}) => ({
  vehicle: vehicle.id,
  customer: customer.id,
  department: ref.hire.id,
  quote_type: "OFF HIRE",
  description: "Off-hire repairs",
  provisional_start_date: "2030-03-04",
  estimated_work_items: [item()],
  ...extra,
});

const newQuote = (extra: Record<string, unknown> = {}) => ok(api.post("createquote", quoteBody(extra)));
const count = async (q: string) => (await ok(api.get(`quotes?${q}`))).count as number;

describe("the blank quote and create (002 §2, §4, §9)", () => {
  it("GET quotes/ answers a new quote: the first department and the app defaults", async () => {
    const blank = await ok(api.get("quotes/"));
    expect(blank).toMatchObject({ id: null, department: { id: ref.hire.id, name: "DIRECT VAN HIRE" }, quote_type: "NONE", priced: false, estimated_work_items: [], comments_list: [], default_labour_estimate_rate: 40, default_parts_markup: 20 });
  });

  it("creates with the estimate worked out on the server, refs as objects, state TOBEPRICED", async () => {
    const made = await api.post("createquote", quoteBody({ estimated_work_items: [item({ estimated_labour_cost: 1, estimated_customer_labour_cost: 1 })] }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const q = made.body;
    expect(q).toMatchObject({
      vehicle: { id: vehicle.id, registration: vehicle.registration, make: { name: "Ford" }, model: { name: "Transit Custom" } },
      customer: { id: customer.id, display_name: "Quayside Plumbing Ltd" },
      department: { id: ref.hire.id, name: "DIRECT VAN HIRE" },
      quote_type: "OFF HIRE",
      qstate: "TOBEPRICED",
      priced: false,
      approved: false,
      has_jobs: false,
      row_colour: null,
    });
    expect(q.date_created).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [it0] = q.estimated_work_items;
    // Cost: 2 h x £40 default estimate rate; charge: 2 h x £60 special rate; both + 10% customer labour markup.
    expect(it0).toMatchObject({ estimated_labour_cost: 88, estimated_customer_labour_cost: 132, chargeable: false, job: null, card_colour: null, ready_for_invoicing: false, work_type: { id: brakes.id, name: "Brakes" } });
    // £50 + the customer's 0% parts markup... the customer's markup is 0, so the default 20% does not apply.
    expect(it0.parts[0]).toMatchObject({ name: "Brake pads", estimated_cost: 50, estimated_customer_cost: 50, supplier: { id: ref.dealer.id, display_name: "Northern Ford Dealers" } });
    expect(it0.parts[0].id).toEqual(expect.any(Number));
    expect((await ok(api.get(`quotes/${q.id}`))).estimated_work_items[0].estimated_labour_cost).toBe(88);
  });

  it("prices for Customer 2 when an item is chargeable; new items default to chargeable with a Customer 2; the quote's own parts markup wins", async () => {
    const q = await newQuote({ customer2: hirer.id, estimated_work_items: [item(), item({ description: "Wipers", chargeable: false })] });
    expect(q.estimated_work_items[0]).toMatchObject({ chargeable: true, estimated_labour_cost: 80, estimated_customer_labour_cost: 120 });
    expect(q.estimated_work_items[0].parts[0].estimated_customer_cost).toBe(75); // hirer's 50% parts markup
    expect(q.estimated_work_items[1]).toMatchObject({ chargeable: false, estimated_labour_cost: 88 });
    const own = await newQuote({ parts_markup: 10 });
    expect(own.estimated_work_items[0].parts[0].estimated_customer_cost).toBe(55);
    // Removing Customer 2 makes every item not chargeable (002 §4 Cost toggles).
    const saved = await ok(api.put(`quotes/${q.id}`, { ...q, customer2: null }));
    expect(saved.estimated_work_items.map((i: any) => i.chargeable)).toEqual([false, false]);
    expect(saved.estimated_work_items[0].estimated_labour_cost).toBe(88);
  });

  it("GET quotes/{id} answers its customers' details with their markups, so the quote screen prices without asking for the contacts (issue 24, one wave)", async () => {
    const q = await newQuote({ customer2: hirer.id });
    const got = await ok(api.get(`quotes/${q.id}`));
    expect(got.customer).toMatchObject({ id: customer.id, display_name: "Quayside Plumbing Ltd", labour_rate_markup: 10, parts_markup: 0 });
    expect(got.customer2).toMatchObject({ id: hirer.id, display_name: "Harbour Hire Co", labour_rate_markup: 0, parts_markup: 50 });
  });

  it("cost_override keeps the entered estimate; comments are stamped with their creator", async () => {
    const q = await newQuote({
      estimated_work_items: [item({ cost_override: true, estimated_labour_cost: 12.5, estimated_customer_labour_cost: 30, parts: [{ name: "Bulb", supplier: ref.dealer.id, estimated_cost: 2, estimated_customer_cost: 9, cost_override: true }] })],
      comments_list: [{ text: "Customer wants it by Friday", creator: "someone else" }],
    });
    expect(q.estimated_work_items[0]).toMatchObject({ estimated_labour_cost: 12.5, estimated_customer_labour_cost: 30 });
    expect(q.estimated_work_items[0].parts[0].estimated_customer_cost).toBe(9);
    expect(q.comments_list[0]).toMatchObject({ text: "Customer wants it by Friday", creator: "quotes@vanco.co.uk", creator_name: "Quinn" });
    expect(q.latest_comment).toBe("Customer wants it by Friday");
    const again = await ok(api.put(`quotes/${q.id}`, { ...q, comments_list: [...q.comments_list, { text: "Booked" }] }));
    expect(again.comments_list.map((c: any) => c.text)).toEqual(["Customer wants it by Friday", "Booked"]);
    expect(again.comments_list[0].created).toBe(q.comments_list[0].created);
  });
});

describe("pre-save rules and bad input (002 §5)", () => {
  it("refuses each with the spec's message and writes nothing", async () => {
    const before = await count("view=all");
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ department: null, vehicle: null }, "You must specify a Department", "department"],
      [{ vehicle: null, customer: null }, "You must specify a vehicle", "vehicle"],
      [{ customer: "" }, "You must specify a customer", "customer"],
      [{ estimated_work_items: [item({ work_type: null, parts: [{ name: "Pads" }] })] }, "Part Pads is missing a supplier!", "estimated_work_items.0.parts.0.supplier"],
      [{ estimated_work_items: [item({ parts: [{ name: "" }] })] }, "Part Unnamed Part is missing a supplier!", "estimated_work_items.0.parts.0.supplier"],
      [{ estimated_work_items: [item(), item({ description: "", work_type: null })] }, "You must specify a work type for Work Item 2", "estimated_work_items.1.work_type"],
      [{ estimated_work_items: [item({ description: "Tyres", work_type: undefined })] }, "You must specify a work type for Tyres", "estimated_work_items.0.work_type"],
      [{ provisional_start_date: "" }, "You must specify a Provisional Start Date", "provisional_start_date"],
      [{ description: " " }, "You must specify a Quote Description", "description"],
    ];
    for (const [change, message, field] of cases) {
      const res = await api.post("createquote", quoteBody(change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors[field]).toBe(message);
    }
    const bad: Array<Record<string, unknown>> = [
      { quote_type: "MAYBE" },
      { surprise: 1 },
      { customer: 999999 },
      { provisional_start_date: "04/03/2030" },
      { estimated_work_items: [item({ estimated_labour_hours: "lots" })] },
      { estimated_work_items: [item({ parts: [{ name: "X", supplier: ref.dealer.id, estimated_cost: -1e12 }] })] },
      { estimated_work_items: [item({ nonsense: true })] },
      { estimated_work_items: "none" },
    ];
    for (const change of bad) {
      const res = await api.post("createquote", quoteBody(change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await count("view=all")).toBe(before);
  });

  it("a save is refused the same way and changes nothing", async () => {
    const q = await newQuote();
    const res = await api.put(`quotes/${q.id}`, { ...q, department: null });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("You must specify a Department");
    expect((await ok(api.get(`quotes/${q.id}`))).last_saved).toBe(q.last_saved);
  });

  it("a stale save is a 409 with the editor's message and loses nothing", async () => {
    const q = await newQuote();
    const first = await ok(api.put(`quotes/${q.id}`, { ...q, description: "First" }));
    const stale = await api.put(`quotes/${q.id}`, { ...q, description: "Second" });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe("It looks like the data has been edited elsewhere - fetching the latest update!");
    const now = await ok(api.get(`quotes/${q.id}`));
    expect(now.description).toBe("First");
    expect(now.last_saved).toBe(first.last_saved);
    expect((await api.put(`quotes/${q.id}`, { ...now, last_saved: undefined })).status).toBe(400);
  });

  it("404 for a quote that does not exist; 401 without a token", async () => {
    expect((await api.get("quotes/999999")).status).toBe(404);
    expect((await call("GET", "quotes")).status).toBe(401);
    expect((await call("GET", "quotes/")).status).toBe(401);
  });
});

describe("priced, finalize, approve (002 §4)", () => {
  it("priced: true moves a quote from To Be Priced to Quotes; a save never unprices it", async () => {
    const q = await newQuote();
    const [tbp, quotes] = [await count("view=to_be_priced"), await count("view=quotes")];
    const priced = await ok(api.put(`quotes/${q.id}`, { ...q, priced: true }));
    expect(priced).toMatchObject({ priced: true, qstate: "QUOTE" });
    expect(await count("view=to_be_priced")).toBe(tbp - 1);
    expect(await count("view=quotes")).toBe(quotes + 1);
    const again = await ok(api.put(`quotes/${q.id}`, { ...priced, priced: false }));
    expect(again.priced).toBe(true);
  });

  it("priced: the To Be Priced view searched by registration leaves it out at once", async () => {
    const q = await newQuote();
    const search = encodeURIComponent(vehicle.registration.slice(0, 4).toLowerCase());
    const ids = async (view: string) => ((await ok(api.get(`quotes?view=${view}&search=${search}&page_size=500`))).results as { id: number }[]).map((r) => r.id);
    expect(await ids("to_be_priced")).toContain(q.id);
    await ok(api.put(`quotes/${q.id}`, { ...q, priced: true }));
    expect(await ids("to_be_priced")).not.toContain(q.id);
    expect(await ids("quotes")).toContain(q.id);
  });

  it("finalize answers the quote priced, with the £0 warning flag", async () => {
    const q = await newQuote({ estimated_work_items: [item({ estimated_labour_hours: 0 })] });
    expect(q.zero_estimate).toBe(true);
    const res = await api.post(`quotes/finalize/${q.id}`);
    // An action on an existing quote, not a create: 200.
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: q.id, priced: true, qstate: "QUOTE", zero_estimate: true });
    expect((await newQuote()).zero_estimate).toBe(false);
  });

  it("approve is refused unless every item is ready, naming the items not ready", async () => {
    const q = await newQuote({ estimated_work_items: [item({ description: "Brakes" }), item({ description: "", work_type: warranty.id })] });
    const res = await api.post(`quotes/approve/${q.id}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Cannot Approve For Invoicing");
    expect(res.body.errors.estimated_work_items).toBe("The following items are not ready for invoicing: Brakes, Work Item 2");
    expect(res.body.errors["estimated_work_items.0"]).toBe("Brakes");
    expect((await ok(api.get(`quotes/${q.id}`))).approved).toBe(false);
  });
});

describe("lists (002 §2 Quotes list, docs/data-model.md §7.3)", () => {
  it("five views with counts, newest first; department; search; customer and quote type filters; 25 a page", async () => {
    const dept = await ok(api.post("createdepartment", { name: "LIST TEST DEPT" }));
    const person = await ok(api.post("contacts", { ...company("Zebedee Listing Ltd", "CC") }));
    const base = { department: dept.id, customer: person.id, vehicle: vehicle2.id };
    const a = await newQuote({ ...base, quote_type: "SALES" });
    const b = await newQuote({ ...base, quote_type: "INSURANCE CLAIM", customer_invoice_number: "INV-7788" });
    const c = await newQuote({ ...base, customer2: hirer.id });
    await ok(api.put(`quotes/${b.id}`, { ...b, priced: true }));
    const list = async (q: string) => ok(api.get(`quotes?department=${dept.id}&${q}`));
    expect((await list("view=all")).count).toBe(3);
    expect((await list("view=to_be_priced")).results.map((r: any) => r.id)).toEqual([c.id, a.id]);
    expect((await list("view=quotes")).results.map((r: any) => r.id)).toEqual([b.id]);
    expect((await list("view=active")).count).toBe(0);
    expect((await list("view=approved")).count).toBe(0);
    // Active is the default view.
    expect((await list("")).count).toBe(0);
    expect((await list("view=all&quote_type=SALES")).results.map((r: any) => r.id)).toEqual([a.id]);
    expect((await list("view=all&quote_type=sales")).count).toBe(1);
    expect((await list(`view=all&customer=${person.id}`)).count).toBe(3);
    expect((await list(`view=to_be_priced&customer=${person.id}`)).count).toBe(2);
    expect((await list(`view=all&customer2=${hirer.id}`)).results.map((r: any) => r.id)).toEqual([c.id]);
    expect((await list(`view=all&search=zebedee`)).count).toBe(3);
    expect((await list(`view=quotes&search=zeb`)).results.map((r: any) => r.id)).toEqual([b.id]);
    expect((await list(`view=all&search=inv-77`)).results.map((r: any) => r.id)).toEqual([b.id]);
    expect((await list(`view=all&search=${encodeURIComponent(vehicle2.registration.toLowerCase())}`)).count).toBe(3);
    expect((await list(`view=all&search=${a.id}`)).results.map((r: any) => r.id)).toContain(a.id);
    expect((await list(`view=quotes&search=${a.id}`)).results.map((r: any) => r.id)).not.toContain(a.id);
    const row = (await list("view=all")).results[0];
    expect(row).toMatchObject({ vehicle: { registration: vehicle2.registration, make: { name: "Volkswagen" }, model: { name: "Crafter" } }, customer: { display_name: "Zebedee Listing Ltd" }, earliest_workshop_date: null, not_started_work_items: 1, has_jobs: false, ready_for_approval: false });
    expect((await api.get("quotes?view=sometimes")).status).toBe(400);
    expect((await api.get("quotes?quote_type=MAYBE")).status).toBe(400);
  }, 180_000);

  it("pages of 25 by date created, newest first", async () => {
    const dept = await ok(api.post("createdepartment", { name: "PAGING DEPT" }));
    const ids: number[] = [];
    for (let i = 0; i < 27; i += 9) ids.push(...(await Promise.all(Array.from({ length: 9 }, () => newQuote({ department: dept.id, estimated_work_items: [] })))).map((q) => q.id));
    const p1 = await ok(api.get(`quotes?view=all&department=${dept.id}`));
    const p2 = await ok(api.get(`quotes?view=all&department=${dept.id}&page=2`));
    expect(p1.count).toBe(27);
    expect(p1.results).toHaveLength(25);
    // Created the same day: newest (highest number) first.
    expect([...p1.results, ...p2.results].map((r: any) => r.id)).toEqual([...ids].sort((a, b) => b - a));
  }, 180_000);

  it("the open-items check lists the vehicle's quotes not approved for invoicing", async () => {
    const v = await ok(api.post("createvehicle", van({ make: ref.ford.id, model: ref.transit.id, type: ref.l1.id })));
    const q = await newQuote({ vehicle: v.id });
    const open = await ok(api.get(`quotes?vehicle=${v.id}&ready_for_customer_invoice=false`));
    expect(open.count).toBe(1);
    expect(open.results[0]).toMatchObject({ id: q.id, vehicle: { id: v.id } });
  });
});

describe("delete (W19)", () => {
  it("deletes a quote with its lines, then it is gone from its lists", async () => {
    const dept = await ok(api.post("createdepartment", { name: "DELETE DEPT" }));
    const q = await newQuote({ vehicle: vehicle2.id, department: dept.id });
    expect(await count(`view=all&department=${dept.id}`)).toBe(1);
    expect((await api.del(`quotes/${q.id}`)).status).toBe(200);
    expect((await api.get(`quotes/${q.id}`)).status).toBe(404);
    expect(await count(`view=all&department=${dept.id}`)).toBe(0);
    expect(await count(`view=to_be_priced&department=${dept.id}`)).toBe(0);
  });
});
