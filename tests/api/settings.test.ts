import { describe, expect, it, beforeAll } from "vitest";
import { client, signIn } from "../support/api.js";

let api: ReturnType<typeof client>;
beforeAll(async () => {
  api = client(await signIn("alex@vanco.co.uk", "Alex"));
});

/**
 * Every settings screen of 001 §2.6 (plus nominal codes and tracking
 * categories): create, list, save, delete, through the spec's paths.
 */
const screens: Array<{ name: string; create: string; list: string; item: string; body: Record<string, unknown>; change: Record<string, unknown> }> = [
  { name: "weekly targets", create: "targetlatest", list: "target", item: "target", body: { weekly_target: 25000, active_from: "2026-01-05", active_to: "" }, change: { weekly_target: 27500.5 } },
  { name: "inspection types", create: "inspectiontype", list: "inspectiontype", item: "inspectiontype", body: { inspection_type: "MOT", reminder_days: 30, warning_days: "14" }, change: { warning_days: 10 } },
  { name: "vehicle types", create: "vehicletype", list: "vehicletype", item: "vehicletype", body: { name: "Luton", special_labour_rate: 65, fixed_hire_costs: 55 }, change: { fixed_hire_costs: 60.25 } },
  { name: "cost centres", create: "costcentre", list: "costcentre", item: "costcentre", body: { name: "Workshop" }, change: { name: "Workshop & MOT" } },
  { name: "quick links", create: "quicklink", list: "quicklink", item: "quicklink", body: { title: "DVLA", url: "https://www.gov.uk/" }, change: { title: "DVLA enquiry" } },
  { name: "departments", create: "createdepartment", list: "departments", item: "departments", body: { name: "RAPID FIT" }, change: { hide: true } },
  { name: "fitters", create: "createfitter", list: "fitter", item: "fitter", body: { name: "Dave" }, change: { name: "Dave S" } },
  { name: "tracker types", create: "vehicletrackertype", list: "vehicletrackertype", item: "vehicletrackertype", body: { name: "GPS", cost: 9.99, upfront_cost: 50 }, change: { cost: 10.49 } },
  { name: "vehicle makes", create: "vehiclemake", list: "vehiclemake", item: "vehiclemake", body: { name: "Ford" }, change: { name: "Ford UK" } },
  { name: "rental margins", create: "rentalmargin", list: "rentalmargin", item: "rentalmargin", body: { name: "Standard", margin: 40 }, change: { margin: 35 } },
  { name: "work types", create: "worktype", list: "worktype", item: "worktype", body: { name: "Warranty", free_of_charge: true, approval_needed: false, special_labour_rate: 65 }, change: { special_labour_rate: 72.5 } },
  { name: "movement rates", create: "movementrate", list: "movementrate", item: "movementrate", body: { name: "Standard", cost_per_mile: 1.2, vehicle_cost: 25, additional_time_cost: 20, callout_cost: 45, comments: "per van" }, change: { callout_cost: 50 } },
  { name: "movement types", create: "movementtype", list: "movementtype", item: "movementtype", body: { name: "Delivery", invoice_address: "end", tracking_option: null }, change: { invoice_address: "start" } },
  { name: "payment types", create: "paymenttype", list: "paymenttype", item: "paymenttype", body: { name: "BACS" }, change: { name: "BACS transfer" } },
  { name: "drivers", create: "drivers", list: "drivers", item: "drivers", body: { name: "Lee" }, change: { name: "Lee W" } },
  { name: "nominal codes", create: "nominal", list: "nominal", item: "nominal", body: { code: "200", name: "Sales" }, change: { tax_type: "RROUTPUT" } },
  { name: "tracking categories", create: "createtrackingcategory", list: "trackingcategory", item: "trackingcategory", body: { name: "Region", status: "ACTIVE", options: [{ name: "North", status: "ACTIVE" }] }, change: { name: "Regions" } },
];

describe.each(screens)("$name", (s) => {
  it("creates, lists, saves (with last_saved), records history and deletes", async () => {
    const before = (await api.get(`${s.list}?page_size=1000`)).body.count;
    const created = await api.post(s.create, s.body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.id).toEqual(expect.any(Number));
    expect(created.body.last_saved).toEqual(expect.any(String));
    expect(created.body.created_by).toBe("alex@vanco.co.uk");

    const list = await api.get(`${s.list}?page_size=1000`);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(before + 1);
    expect(list.body.results.map((r: { id: number }) => r.id)).toContain(created.body.id);

    const one = await api.get(`${s.item}/${created.body.id}`);
    expect(one.status).toBe(200);

    const saved = await api.put(`${s.item}/${created.body.id}`, { ...created.body, ...s.change });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject(s.change);
    expect(saved.body.last_saved >= created.body.last_saved).toBe(true);

    const history = await api.get(`history/${created.body.id ? "" : ""}${typeFor(s.item)}/${created.body.id}`);
    expect(history.body.results.map((h: { action: string }) => h.action)).toEqual(["update", "create"]);
    expect(history.body.results[0].user).toBe("alex@vanco.co.uk");

    expect((await api.del(`${s.item}/${created.body.id}`)).status).toBe(200);
    expect((await api.get(`${s.item}/${created.body.id}`)).status).toBe(404);
    expect((await api.get(`${s.list}?page_size=1000`)).body.count).toBe(before);
  });

  it("refuses unknown fields and wrong types with 400, writing nothing", async () => {
    const before = (await api.get(`${s.list}?page_size=1000`)).body.count;
    const unknown = await api.post(s.create, { ...s.body, surprise: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty("surprise");
    const firstKey = Object.keys(s.body)[0];
    const wrong = await api.post(s.create, { ...s.body, [firstKey]: { not: "valid" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toEqual(expect.any(String));
    expect((await api.get(`${s.list}?page_size=1000`)).body.count).toBe(before);
  });
});

function typeFor(item: string) {
  return ({ departments: "department", drivers: "driver" } as Record<string, string>)[item] ?? item;
}

describe("settings rules", () => {
  it("nominal code: code required with the spec's message; OUTPUT2 by default", async () => {
    const missing = await api.post("nominal", { name: "No code" });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Code Required");
    expect(missing.body.errors.code).toBe("Code Required");
    const blank = await api.post("nominal", { name: "Blank", code: "  " });
    expect(blank.body.message).toBe("Code Required");
    const made = await api.post("nominal", { code: "429", name: "General" });
    expect(made.body.tax_type).toBe("OUTPUT2");
    const taxTypes = await api.get("taxtypes");
    expect(taxTypes.body).toHaveLength(16);
    expect(taxTypes.body.find((t: { tax_type: string }) => t.tax_type === "RRINPUT").rate).toBe(5);
  });

  it("vehicle make defaults per mile 0.1 and 0.01; models carry their make", async () => {
    const make = await api.post("vehiclemake", { name: "Vauxhall" });
    expect(make.body).toMatchObject({ maintenance_cost_per_mile: 0.1, additional_depreciation_per_mile: 0.01 });
    const model = await api.post("vehiclemodel", { name: "Vivaro", make: make.body.id, mileage_limit: 110000, day1_rate: 60 });
    expect(model.status).toBe(201);
    expect(model.body.make).toMatchObject({ id: make.body.id, name: "Vauxhall" });
    // Renaming the make shows on the model (changing a make affects existing records).
    await api.put(`vehiclemake/${make.body.id}`, { ...make.body, name: "Vauxhall Motors" });
    expect((await api.get(`vehiclemodel/${model.body.id}`)).body.make.name).toBe("Vauxhall Motors");
    const search = await api.get("vehiclemodel?search=viv");
    expect(search.body.count).toBe(1);
    expect((await api.get("vehiclemodel?search=zzz")).body.count).toBe(0);
  });

  it("emptied numeric fields store null", async () => {
    const t = await api.post("vehicletype", { name: "Truck", special_labour_rate: 75, fixed_hire_costs: 90 });
    const saved = await api.put(`vehicletype/${t.body.id}`, { ...t.body, special_labour_rate: "" });
    expect(saved.body.special_labour_rate).toBeNull();
  });

  it("a rental margin emptied stores null like every settings field (001 §5)", async () => {
    const m = await api.post("rentalmargin", { name: "Emptied", margin: 40 });
    const saved = await api.put(`rentalmargin/${m.body.id}`, { ...m.body, margin: "" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.margin).toBeNull();
    expect((await api.get(`rentalmargin/${m.body.id}`)).body.margin).toBeNull();
    // Bounds still hold.
    expect((await api.put(`rentalmargin/${m.body.id}`, { ...saved.body, margin: -1 })).status).toBe(400);
  });

  it("GET vehiclemodel?make= answers that make's models only, by name (000 §7), and refuses a make that is not an id", async () => {
    const a = await api.post("vehiclemake", { name: "Make A" });
    const b = await api.post("vehiclemake", { name: "Make B" });
    for (const [name, make] of [["Zeta", a], ["Alpha", a], ["Other", b]] as const) expect((await api.post("vehiclemodel", { name, make: make.body.id })).status).toBe(201);
    const ofA = await api.get(`vehiclemodel?page_size=1000&make=${a.body.id}`);
    expect(ofA.status).toBe(200);
    expect(ofA.body.count).toBe(2);
    expect(ofA.body.results.map((m: any) => m.name)).toEqual(["Alpha", "Zeta"]);
    expect(ofA.body.results[0].make).toMatchObject({ id: a.body.id, name: "Make A" });
    expect((await api.get(`vehiclemodel?make=${a.body.id}&search=ze`)).body.results.map((m: any) => m.name)).toEqual(["Zeta"]);
    // A model moved to another make moves lists; a deleted one leaves.
    const other = (await api.get(`vehiclemodel?make=${b.body.id}`)).body.results[0];
    await api.put(`vehiclemodel/${other.id}`, { ...other, make: a.body.id });
    expect((await api.get(`vehiclemodel?make=${a.body.id}`)).body.count).toBe(3);
    expect((await api.get(`vehiclemodel?make=${b.body.id}`)).body).toMatchObject({ count: 0, results: [] });
    await api.del(`vehiclemodel/${other.id}`);
    expect((await api.get(`vehiclemodel?make=${a.body.id}`)).body.count).toBe(2);
    expect((await api.get("vehiclemodel?make=999999")).body.count).toBe(0);
    const bad = await api.get("vehiclemodel?make=abc");
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("make");
    // Without make: every model, as before; the OpenAPI document names the parameter.
    expect((await api.get("vehiclemodel?page_size=1000")).body.count).toBeGreaterThanOrEqual(3);
    const doc = (await api.get("openapi.json")).body;
    const params = doc.paths["/api/vehiclemodel"].get.parameters.map((p: any) => p.name);
    expect(params).toContain("make");
  });

  it("fitters: hidden ones are listed only with show_hide", async () => {
    const f = await api.post("createfitter", { name: "Hidden Harry" });
    await api.put(`fitter/${f.body.id}`, { ...f.body, hidden: true });
    const visible = await api.get("fitter?page_size=1000");
    expect(visible.body.results.map((r: { id: number }) => r.id)).not.toContain(f.body.id);
    const all = await api.get("fitter?page_size=1000&show_hide=true");
    expect(all.body.results.map((r: { id: number }) => r.id)).toContain(f.body.id);
  });

  it("weekly target in force on a date", async () => {
    await api.post("targetlatest", { weekly_target: 1000, active_from: "2030-01-01", active_to: "2030-06-30" });
    await api.post("targetlatest", { weekly_target: 2000, active_from: "2030-03-01" });
    expect((await api.get("targetlatest?date=2030-02-01")).body.weekly_target).toBe(1000);
    expect((await api.get("targetlatest?date=2030-04-01")).body.weekly_target).toBe(2000);
    const before = await api.get("targetlatest?date=2029-01-01");
    expect(before.status).toBe(200);
    expect(before.body).toBeNull();
    const bad = await api.post("targetlatest", { weekly_target: 1, active_from: "2030-13-45" });
    expect(bad.status).toBe(400);
  });

  it("app defaults are one record saved in place", async () => {
    const first = await api.get("appdefaults");
    expect(first.status).toBe(200);
    const saved = await api.put("appdefaults", { default_depreciation: 20, default_labour_estimate_rate: 55, default_parts_markup: 25 });
    expect(saved.body).toMatchObject({ id: 1, default_depreciation: 20 });
    const again = await api.put("appdefaults", { ...saved.body, default_parts_markup: 30 });
    expect(again.body.default_parts_markup).toBe(30);
    expect((await api.get("appdefaults")).body.default_parts_markup).toBe(30);
    const stale = await api.put("appdefaults", { ...saved.body, default_parts_markup: 1 });
    expect(stale.status).toBe(409);
  });

  it("tracking category options get ids and keep them on save", async () => {
    const c = await api.post("createtrackingcategory", { name: "Vehicle class", options: [{ name: "Vans" }, { name: "Cars" }] });
    expect(c.body.status).toBe("ACTIVE");
    expect(c.body.options.map((o: { id: number }) => typeof o.id)).toEqual(["number", "number"]);
    const saved = await api.put(`trackingcategory/${c.body.id}`, { ...c.body, options: [...c.body.options, { name: "Trucks", status: "ACTIVE" }] });
    expect(saved.body.options.slice(0, 2)).toEqual(c.body.options);
    expect(saved.body.options[2].id).toBeGreaterThan(c.body.options[1].id);
  });

  it("tracking category (003 §3): status Active taken as ACTIVE; each option answers name, status, xero_id and category", async () => {
    const c = await api.post("createtrackingcategory", { name: "Audit cat", status: "Active", options: [{ name: "Opt A", status: "Active" }, { name: "Opt B", status: "active" }] });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    expect(c.body.status).toBe("ACTIVE");
    expect(c.body.options).toEqual([
      { id: expect.any(Number), name: "Opt A", status: "ACTIVE", xero_id: null, category: c.body.id },
      { id: expect.any(Number), name: "Opt B", status: "ACTIVE", xero_id: null, category: c.body.id },
    ]);
    const listed = (await api.get("trackingcategory?page_size=1000")).body.results.find((r: { id: number }) => r.id === c.body.id);
    expect(listed.options).toEqual(c.body.options);
    // Sent back as answered: kept; `category` is the answer's, never stored.
    const saved = await api.put(`trackingcategory/${c.body.id}`, { ...c.body, name: "Audit category" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.options).toEqual(c.body.options);
  });

  it("trackingoption lists every live option with its category (000 §7's reference list)", async () => {
    const c = await api.post("createtrackingcategory", { name: "Depot class", options: [{ name: "Hire desk" }, { name: "Closed depot", status: "DELETED" }, { name: "Sales desk" }] });
    const gone = await api.post("createtrackingcategory", { name: "Old scheme", status: "ARCHIVED", options: [{ name: "Legacy" }] });
    expect(gone.status).toBe(201);
    const all = await api.get("trackingoption?page_size=1000");
    expect(all.status).toBe(200);
    const mine = all.body.results.filter((o: { category: number }) => o.category === c.body.id);
    expect(mine).toEqual([
      { id: c.body.options[0].id, name: "Hire desk", status: "ACTIVE", category: c.body.id, category_name: "Depot class" },
      { id: c.body.options[2].id, name: "Sales desk", status: "ACTIVE", category: c.body.id, category_name: "Depot class" },
    ]);
    expect(all.body.results.some((o: { category: number }) => o.category === gone.body.id)).toBe(false);
    expect(all.body.count).toBe(all.body.results.length);
    const found = await api.get("trackingoption?search=depot class: sal");
    expect(found.body.results.map((o: { name: string }) => o.name)).toEqual(["Sales desk"]);
    expect((await api.get("trackingoption?page_size=1")).body.results).toHaveLength(1);
    expect((await api.get("trackingoption?page=0")).status).toBe(400);
  });

  it("job tab workshops: supplier search from 2 characters and the job_tab flag", async () => {
    // Complete enough for the contact rules (003 §5): a full supplier and a partial customer.
    const s = await api.post("contacts", {
      display_name: "Midland Commercial Repairs", contact_type: "SP", company_email: "accounts@mcr.co.uk",
      company_phone: "4960000", company_phone_type: "Phone", company_phone_area_code: "0121", company_phone_country_code: "+44",
      address_line1: "Unit 4", town: "Birmingham", region: "West Midlands", postcode: "B11 2AA", country: "United Kingdom", supplier_payment_terms: 30,
    });
    expect(s.status).toBe(201);
    expect(s.body.partial_contact).toBe(false);
    const customer = await api.post("contacts", { display_name: "Midland Customer", contact_type: "CC", company_name: "Midland Customer Ltd", company_phone: "0121 496 0001", company_email: "office@midlandcustomer.co.uk", hire_account_code: "01" });
    expect(customer.status).toBe(201);
    expect((await api.get("suppliers?search=m")).body.count).toBe(0);
    const found = await api.get("suppliers?search=midl");
    expect(found.body.results.map((r: { display_name: string }) => r.display_name)).toEqual(["Midland Commercial Repairs"]);
    await api.put(`contacts/${s.body.id}`, { ...s.body, job_tab: true });
    const tabs = await api.get("contacts?job_tab=true");
    expect(tabs.body.results.map((r: { id: number }) => r.id)).toEqual([s.body.id]);
  });

  it("ids are numeric, sequential and not found ids answer 404; a bad id 400", async () => {
    expect((await api.get("costcentre/999999")).status).toBe(404);
    expect((await api.get("costcentre/abc")).status).toBe(400);
    expect((await api.put("costcentre/999999", { name: "x" })).status).toBe(404);
  });
});

describe("concurrency", () => {
  it("a stale save gets 409 with the edited-elsewhere message and loses nothing", async () => {
    const c = await api.post("costcentre", { name: "Rentals" });
    const first = await api.put(`costcentre/${c.body.id}`, { ...c.body, name: "Rentals A" });
    expect(first.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    const stale = await api.put(`costcentre/${c.body.id}`, { ...c.body, name: "Rentals B" });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/edited elsewhere/);
    expect((await api.get(`costcentre/${c.body.id}`)).body.name).toBe("Rentals A");
  });

  it("two saves racing on one version: exactly one lands", async () => {
    const c = await api.post("paymenttype", { name: "CARD" });
    const results = await Promise.all(
      ["CARD A", "CARD B", "CARD C", "CARD D"].map((name) => api.put(`paymenttype/${c.body.id}`, { ...c.body, name })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const final = (await api.get(`paymenttype/${c.body.id}`)).body.name;
    const history = await api.get(`history/paymenttype/${c.body.id}`);
    // Every save that answered 200 is in the history; nothing was silently overwritten.
    expect(history.body.results.filter((h: { action: string }) => h.action === "update").length).toBe(ok.length);
    expect(history.body.results[0].changes[0].to).toBe(final);
  });

  it("ids stay unique under concurrent creates", async () => {
    const made = await Promise.all(Array.from({ length: 20 }, (_, i) => api.post("drivers", { name: `Driver ${i}` })));
    const ids = made.map((m) => m.body.id);
    expect(new Set(ids).size).toBe(20);
    expect((await api.get("drivers?page_size=1000")).body.count).toBe(20);
  });
});

describe("lists", () => {
  it("page through 25 at a time with the count", async () => {
    for (let i = 0; i < 30; i++) await api.post("vehicletrackertype", { name: `Tracker ${String(i).padStart(2, "0")}` });
    const p1 = await api.get("vehicletrackertype");
    const p2 = await api.get("vehicletrackertype?page=2");
    expect(p1.body.count).toBe(30);
    expect(p1.body.results).toHaveLength(25);
    expect(p2.body.results).toHaveLength(5);
    expect(p2.body.results[0].name).toBe("Tracker 25");
    expect((await api.get("vehicletrackertype?page=9")).body.results).toEqual([]);
    expect((await api.get("vehicletrackertype?page=0")).status).toBe(400);
    expect((await api.get("vehicletrackertype?page_size=5000")).status).toBe(400);
  });

  it("pages stay exact after deletions (position counts)", async () => {
    const made = [];
    for (let i = 0; i < 30; i++) made.push((await api.post("movementrate", { name: `Rate ${String(i).padStart(2, "0")}` })).body);
    for (const i of [0, 3, 26]) await api.del(`movementrate/${made[i].id}`);
    const names = made.filter((_, i) => ![0, 3, 26].includes(i)).map((m) => m.name);
    const p1 = await api.get("movementrate?page_size=10");
    const p2 = await api.get("movementrate?page=2&page_size=10");
    const p3 = await api.get("movementrate?page=3&page_size=10");
    expect(p1.body.count).toBe(27);
    expect([...p1.body.results, ...p2.body.results, ...p3.body.results].map((r: { name: string }) => r.name)).toEqual(names);
    expect(p3.body.results).toHaveLength(7);
  });

  it("quick links default to 50 a page", async () => {
    for (let i = 0; i < 27; i++) await api.post("quicklink", { title: `Link ${i}`, url: `https://example.com/${i}` });
    expect((await api.get("quicklink")).body.results).toHaveLength(27);
  });
});

describe("bounds (issue 15)", () => {
  it("refuses numbers beyond what the field means with 400 naming the field (never a 500), and writes nothing", async () => {
    const makes = (await api.get("vehiclemake?page_size=1")).body.count;
    for (const [path, body, field] of [
      ["vehiclemake", { name: "Huge", maintenance_cost_per_mile: 1e17 }, "maintenance_cost_per_mile"],
      ["vehiclemake", { name: "Huge", additional_depreciation_per_mile: 2 ** 53 }, "additional_depreciation_per_mile"],
      ["vehiclemake", { name: "Negative", maintenance_cost_per_mile: -0.1 }, "maintenance_cost_per_mile"],
      ["rentalmargin", { name: "Huge", margin: 1e17 }, "margin"],
      ["rentalmargin", { name: "Negative", margin: -1 }, "margin"],
      ["vehiclemodel", { name: "Long", mileage_limit: 2_000_001 }, "mileage_limit"],
      ["targetlatest", { weekly_target: 1e17, active_from: "2026-01-05" }, "weekly_target"],
      ["targetlatest", { weekly_target: 100, active_from: "0000-01-01" }, "active_from"],
      ["targetlatest", { weekly_target: 100, active_from: "9999-12-31" }, "active_from"],
    ] as const) {
      const res = await api.post(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    expect((await api.get("vehiclemake?page_size=1")).body.count).toBe(makes);
  });

  it("a model's make must exist", async () => {
    const res = await api.post("vehiclemodel", { name: "Ghost", make: 999999 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Vehicle make 999999 does not exist", errors: { make: "Vehicle make 999999 does not exist" } });
  });
});
