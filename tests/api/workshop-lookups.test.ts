import { beforeAll, describe, expect, it } from "vitest";
import { call, client, signIn } from "../support/api.js";

/**
 * Part lookups (Part Stock) and work lookups (Work Stock), 002 §7 "Work
 * items, parts and lookups" and §5 "Lookups", through the real app.
 */

let api: ReturnType<typeof client>;
let supplierId: number;
let otherSupplierId: number;
beforeAll(async () => {
  api = client(await signIn("parts@vanco.co.uk", "Pat"));
  const sp = (display_name: string) => ({
    display_name, contact_type: "SP", company_email: "accounts@supplier.co.uk", company_phone: "496 0000", company_phone_type: "Phone",
    company_phone_area_code: "0121", company_phone_country_code: "+44", address_line1: "1 High Street", town: "Derby", region: "Derbyshire",
    postcode: "DE1 1AA", country: "United Kingdom", supplier_payment_terms: 30,
  });
  supplierId = (await api.post("contacts", sp("Lookup Motor Factors"))).body.id;
  otherSupplierId = (await api.post("contacts", sp("Other Parts Ltd"))).body.id;
  const defaults = await api.get("appdefaults");
  const saved = await api.put("appdefaults", { ...defaults.body, default_parts_markup: 20 });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});

const PART_EXISTS = "This part already exists!";
const WORK_EXISTS = "This work already exists!";
const ALL_FIELDS = "All fields are required";

const part = (name: string, extra: Record<string, unknown> = {}) => ({ name, part_number: `PN-${name}`, make: "Ford", model: "Transit", vehicle_type: "Van", supplier: supplierId, cost: 10, ...extra });
const names = (res: { body: { results: Array<{ name: string }> } }) => res.body.results.map((r) => r.name);
const descriptions = (res: { body: { results: Array<{ description: string }> } }) => res.body.results.map((r) => r.description);

describe("part lookups: create and the duplicate rule", () => {
  it("refuses a call without a token", async () => {
    expect((await call("GET", "partlookup")).status).toBe(401);
    expect((await call("GET", "worklookup")).status).toBe(401);
  });

  it("creates a lookup with its supplier and a customer cost from the default parts markup", async () => {
    const made = await api.post("partlookup", part("Brake Pads Front", { variant: "L2H2", stock_volume: 4, comments: "Shelf B" }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ name: "Brake Pads Front", part_number: "PN-Brake Pads Front", make: "Ford", variant: "L2H2", stock_volume: 4, cost: 10, customer_cost: 12 });
    expect(made.body.supplier).toEqual({ id: supplierId, display_name: "Lookup Motor Factors" });
    expect(made.body.last_saved).toEqual(expect.any(String));
    // A customer cost sent with the new lookup is its own (an override).
    const own = await api.post("partlookup", part("Brake Pads Rear", { customer_cost: 19.99 }));
    expect(own.body.customer_cost).toBe(19.99);
  });

  it("refuses the same name, part number, make, model and vehicle type (case and spaces aside), changing nothing", async () => {
    await api.post("partlookup", part("Oil Filter"));
    const before = (await api.get("partlookup?name=oil filter")).body.count;
    const again = await api.post("partlookup", part("OIL  filter", { make: "FORD", model: "transit ", cost: 99 }));
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(PART_EXISTS);
    expect((await api.get("partlookup?name=oil filter")).body.count).toBe(before);
    // Another model is another part.
    expect((await api.post("partlookup", part("Oil Filter", { model: "Custom" }))).status).toBe(201);
  });

  it("lets one of several identical creates at the same moment land", async () => {
    const all = await Promise.all(Array.from({ length: 5 }, () => api.post("partlookup", part("Race Wiper Blade"))));
    expect(all.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of all.filter((r) => r.status !== 201)) {
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(PART_EXISTS);
    }
    expect((await api.get("partlookup?name=race wiper")).body.count).toBe(1);
  });

  it("refuses bad input with the field named and nothing stored", async () => {
    const bad = await api.post("partlookup", part("Bad Cost", { cost: "lots" }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("cost");
    const unknown = await api.post("partlookup", part("Bad Field", { colour: "red" }));
    expect(unknown.status).toBe(400);
    const noSupplier = await api.post("partlookup", part("Bad Supplier", { supplier: 999999 }));
    expect(noSupplier.status).toBe(400);
    expect((await api.get("partlookup?name=bad")).body.count).toBe(0);
  });
});

describe("part lookups: list, search, filters and pages", () => {
  beforeAll(async () => {
    for (let i = 0; i < 30; i++) {
      const r = await api.post("partlookup", { name: `Pager Part ${String(i).padStart(2, "0")}`, part_number: i % 2 ? `PG${i}` : null, make: "Pagemake", model: i < 10 ? "Alpha" : "Beta", vehicle_type: i % 3 ? "Van" : "Truck", cost: 1 });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
  });

  it("pages 25 at a time by name, with the count", async () => {
    const p1 = await api.get("partlookup?make=pagemake&part_lookup_stock=true");
    expect(p1.status).toBe(200);
    expect(p1.body.count).toBe(30);
    expect(p1.body.results).toHaveLength(25);
    expect(names(p1)[0]).toBe("Pager Part 00");
    const p2 = await api.get("partlookup?make=pagemake&page=2");
    expect(names(p2)).toEqual(["Pager Part 25", "Pager Part 26", "Pager Part 27", "Pager Part 28", "Pager Part 29"]);
    const all = await api.get("partlookup");
    expect(all.body.count).toBeGreaterThanOrEqual(35);
    expect(all.body.results).toHaveLength(25);
  });

  it("filters by make, model and vehicle type together, and view=with_number", async () => {
    expect((await api.get("partlookup?make=PageMake&model=alpha")).body.count).toBe(10);
    expect((await api.get("partlookup?make=pagemake&model=Alpha&vehicle_type=truck")).body.count).toBe(4); // 0, 3, 6, 9
    expect((await api.get("partlookup?model=beta&vehicle_type=TRUCK")).body.count).toBe(6); // 12 15 18 21 24 27
    const numbered = await api.get("partlookup?view=with_number&make=pagemake");
    expect(numbered.body.count).toBe(15);
    expect(numbered.body.results.every((r: any) => r.part_number)).toBe(true);
  });

  it("searches the start of the name or of the part number; name and part_number column filters", async () => {
    expect((await api.get("partlookup?search=pager part 1")).body.count).toBe(10);
    const byNumber = await api.get("partlookup?search=pg2");
    expect(names(byNumber).sort()).toEqual(["Pager Part 21", "Pager Part 23", "Pager Part 25", "Pager Part 27", "Pager Part 29"]);
    expect((await api.get("partlookup?part_number=PG-1")).body.count).toBe(6); // PG1, PG11, PG13, ... compact: "pg1"
    expect((await api.get("partlookup?name=pager part 0&model=alpha")).body.count).toBe(10);
    expect((await api.get("partlookup?name=pager&part_number=pg1&vehicle_type=truck")).body.count).toBe(1); // PG15
    expect((await api.get("partlookup?search=zzz-nothing")).body.count).toBe(0);
  });

  it("refuses an unknown view", async () => {
    expect((await api.get("partlookup?view=everything")).status).toBe(400);
  });
});

describe("part lookups: save, Edit Selected and delete", () => {
  it("saves with last_saved; stale is 409; without last_saved 400; a duplicate 400", async () => {
    const made = (await api.post("partlookup", part("Air Filter"))).body;
    const saved = await api.put(`partlookup/update/${made.id}`, { ...made, comments: "Box 4" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.comments).toBe("Box 4");
    expect(saved.body.work_lookup).toEqual([]);
    const stale = await api.put(`partlookup/update/${made.id}`, { ...made, comments: "Lost" });
    expect(stale.status).toBe(409);
    const missing = await api.put(`partlookup/update/${made.id}`, { comments: "No stamp" });
    expect(missing.status).toBe(400);
    await api.post("partlookup", part("Cabin Filter"));
    const dup = await api.put(`partlookup/update/${made.id}`, { last_saved: saved.body.last_saved, name: "Cabin Filter", part_number: "PN-Cabin Filter" });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe(PART_EXISTS);
    const now = (await api.get("partlookup?name=air filter")).body.results[0];
    expect(now).toMatchObject({ name: "Air Filter", comments: "Box 4" });
  });

  it("recalculates the customer cost when the cost changes, unless the save overrides it", async () => {
    const made = (await api.post("partlookup", part("Fuel Filter", { cost: 50 }))).body;
    expect(made.customer_cost).toBe(60);
    const recalculated = (await api.put(`partlookup/update/${made.id}`, { ...made, cost: 100 })).body;
    expect(recalculated.customer_cost).toBe(120);
    const overridden = (await api.put(`partlookup/update/${made.id}`, { ...recalculated, cost: 80, customer_cost: 150 })).body;
    expect(overridden).toMatchObject({ cost: 80, customer_cost: 150 });
    const unchanged = (await api.put(`partlookup/update/${made.id}`, { ...overridden, comments: "kept" })).body;
    expect(unchanged.customer_cost).toBe(150);
  });

  it("Edit Selected saves several at once; a stale or duplicate one refuses the whole batch", async () => {
    const a = (await api.post("partlookup", part("Bulk A", { make: "Bulkmake" }))).body;
    const b = (await api.post("partlookup", part("Bulk B", { make: "Bulkmake" }))).body;
    const ok = await api.put("partlookups", [
      { id: a.id, last_saved: a.last_saved, supplier: otherSupplierId, stock_volume: 7 },
      { id: b.id, last_saved: b.last_saved, supplier: otherSupplierId, stock_volume: 7 },
    ]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.count).toBe(2);
    const listed = (await api.get("partlookup?make=bulkmake")).body.results;
    expect(listed.map((r: any) => [r.supplier.id, r.stock_volume])).toEqual([[otherSupplierId, 7], [otherSupplierId, 7]]);
    // One stale: 409 and neither changes.
    const [a2, b2] = listed;
    const stale = await api.put("partlookups", [
      { id: a2.id, last_saved: a2.last_saved, comments: "x" },
      { id: b2.id, last_saved: b.last_saved, comments: "x" },
    ]);
    expect(stale.status).toBe(409);
    // Both given the same name and number: a duplicate within the selection.
    const dup = await api.put("partlookups", [
      { id: a2.id, last_saved: a2.last_saved, name: "Bulk Same", part_number: "S1" },
      { id: b2.id, last_saved: b2.last_saved, name: "Bulk Same", part_number: "S1" },
    ]);
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe(PART_EXISTS);
    const after = (await api.get("partlookup?make=bulkmake")).body.results;
    expect(after.map((r: any) => [r.name, r.comments])).toEqual([["Bulk A", null], ["Bulk B", null]]);
    const empty = await api.put("partlookups", []);
    expect(empty.status).toBe(400);
  });

  it("deletes a lookup", async () => {
    const made = (await api.post("partlookup", part("Delete Me"))).body;
    expect((await api.del(`partlookup/update/${made.id}`)).status).toBe(200);
    expect((await api.get("partlookup?name=delete me")).body.count).toBe(0);
    expect((await api.del(`partlookup/update/${made.id}`)).status).toBe(404);
  });
});

describe("work lookups", () => {
  let pads: any;
  beforeAll(async () => {
    pads = (await api.post("partlookup", part("Work Pads"))).body;
  });

  it("creates work with an existing part and a new one; the new part becomes a part lookup", async () => {
    const made = await api.post("worklookup", {
      description: "Front brake service", labour_hours: 1.5, labour_cost: 60, customer_labour_cost: 90, supplier: supplierId,
      part_work_lookup: [{ id: pads.id }, { name: "Brake Discs", part_number: "BD-1", cost: 40, supplier: supplierId, customer_cost: 55 }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ description: "Front brake service", labour_hours: 1.5, labour_cost: 60, customer_labour_cost: 90, supplier: { id: supplierId, display_name: "Lookup Motor Factors" } });
    expect(made.body.part_work_lookup.map((p: any) => p.name)).toEqual(["Work Pads", "Brake Discs"]);
    const discs = made.body.part_work_lookup[1];
    expect(discs).toMatchObject({ part_number: "BD-1", cost: 40, customer_cost: 55, supplier: { id: supplierId }, work_lookup: [made.body.id] });
    expect((await api.get("partlookup?name=brake discs")).body.count).toBe(1);
    const got = await api.get(`worklookup/update/${made.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(made.body);
  });

  it("a new part needs name, part number, cost, supplier and customer cost ('All fields are required'); nothing is created", async () => {
    const before = (await api.get("worklookup")).body.count;
    const res = await api.post("worklookup", { description: "Clutch", labour_hours: 3, labour_cost: 120, part_work_lookup: [{ name: "Clutch Kit", part_number: "CK", cost: 200, supplier: supplierId }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ALL_FIELDS);
    expect(res.body.errors).toEqual({ "part_work_lookup.0.customer_cost": ALL_FIELDS });
    expect((await api.get("worklookup")).body.count).toBe(before);
    expect((await api.get("partlookup?name=clutch kit")).body.count).toBe(0);
  });

  it("refuses the same description, labour cost and labour hours ('This work already exists!'), also at the same moment", async () => {
    const first = await api.post("worklookup", { description: "Tyre fitting", labour_hours: 0.5, labour_cost: 15 });
    expect(first.status).toBe(201);
    const again = await api.post("worklookup", { description: "TYRE fitting", labour_hours: "0.50", labour_cost: 15.0, part_work_lookup: [{ name: "Valve", part_number: "V1", cost: 1, supplier: supplierId, customer_cost: 2 }] });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(WORK_EXISTS);
    expect((await api.get("partlookup?name=valve")).body.count).toBe(0);
    expect((await api.post("worklookup", { description: "Tyre fitting", labour_hours: 1, labour_cost: 15 })).status).toBe(201);
    const race = await Promise.all(Array.from({ length: 4 }, () => api.post("worklookup", { description: "Race work", labour_hours: 1, labour_cost: 10 })));
    expect(race.filter((r) => r.status === 201)).toHaveLength(1);
    expect(race.filter((r) => r.status === 400 && r.body.message === WORK_EXISTS)).toHaveLength(3);
  });

  it("lists by description, 25 a page, with search and the supplier, description, labour cost and hours filters", async () => {
    for (let i = 0; i < 27; i++)
      expect((await api.post("worklookup", { description: `Service ${String(i).padStart(2, "0")}`, labour_hours: i % 2 ? 2 : 1, labour_cost: i < 5 ? 80 : 100, supplier: i % 3 ? supplierId : otherSupplierId })).status).toBe(201);
    const p1 = await api.get("worklookup?search=service&work_lookup_stock=true");
    expect(p1.body.count).toBe(27);
    expect(p1.body.results).toHaveLength(25);
    expect(descriptions(await api.get("worklookup?search=service&page=2"))).toEqual(["Service 25", "Service 26"]);
    expect((await api.get("worklookup?description=service 1")).body.count).toBe(10);
    expect((await api.get(`worklookup?supplier=${otherSupplierId}`)).body.count).toBe(9);
    expect((await api.get(`worklookup?supplier=${otherSupplierId}&search=service 0`)).body.count).toBe(4); // 00 03 06 09
    expect((await api.get("worklookup?labour_cost=80&search=service")).body.count).toBe(5);
    expect((await api.get("worklookup?labour_cost=100&labour_hours=2&search=serv")).body.count).toBe(11);
    expect((await api.get(`worklookup?labour_hours=1.00&supplier=${supplierId}&description=service`)).body.count).toBe(9);
    expect((await api.get("worklookup?labour_cost=abc")).status).toBe(400);
  });

  it("saves with last_saved (409 when stale), its parts list diffed; a part removed through PUT partlookup leaves the work lookup", async () => {
    const made = (await api.post("worklookup", { description: "Oil change", labour_hours: 1, labour_cost: 30, part_work_lookup: [{ id: pads.id }] })).body;
    const saved = await api.put(`worklookup/update/${made.id}`, {
      ...made, customer_labour_cost: 45,
      part_work_lookup: [...made.part_work_lookup, { name: "Sump Plug", part_number: "SP-9", cost: 2, supplier: supplierId, customer_cost: 3 }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.customer_labour_cost).toBe(45);
    expect(saved.body.part_work_lookup.map((p: any) => p.name)).toEqual(["Work Pads", "Sump Plug"]);
    const stale = await api.put(`worklookup/update/${made.id}`, { ...made, description: "Old" });
    expect(stale.status).toBe(409);
    // The detail screen removes a part by saving it without this work lookup (002 §7).
    const plug = saved.body.part_work_lookup[1];
    const unlinked = await api.put(`partlookup/update/${plug.id}`, { ...plug, work_lookup: [] });
    expect(unlinked.status, JSON.stringify(unlinked.body)).toBe(200);
    expect(unlinked.body.work_lookup).toEqual([]);
    const now = (await api.get(`worklookup/update/${made.id}`)).body;
    expect(now.part_work_lookup.map((p: any) => p.name)).toEqual(["Work Pads"]);
    // Linked again from the part's side.
    await api.put(`partlookup/update/${plug.id}`, { ...unlinked.body, work_lookup: [made.id] });
    const back = (await api.get(`worklookup/update/${made.id}`)).body;
    expect(back.part_work_lookup.map((p: any) => p.name)).toEqual(["Work Pads", "Sump Plug"]);
    // Removed from the work side: the whole list is sent.
    const fewer = await api.put(`worklookup/update/${made.id}`, { ...back, part_work_lookup: back.part_work_lookup.slice(0, 1) });
    expect(fewer.body.part_work_lookup.map((p: any) => p.name)).toEqual(["Work Pads"]);
    // A save without the list keeps it.
    const plain = await api.put(`worklookup/update/${made.id}`, { last_saved: fewer.body.last_saved, labour_hours: 1.25 });
    expect(plain.body).toMatchObject({ labour_hours: 1.25 });
    expect(plain.body.part_work_lookup).toHaveLength(1);
    // A duplicate of other work.
    const dup = await api.put(`worklookup/update/${made.id}`, { last_saved: plain.body.last_saved, description: "Tyre fitting", labour_hours: 0.5, labour_cost: 15 });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe(WORK_EXISTS);
  });

  it("deleting a part lookup takes it off the work lookups using it; deleting work keeps its parts", async () => {
    const gone = (await api.post("partlookup", part("Gone Part"))).body;
    const work = (await api.post("worklookup", { description: "Uses gone part", labour_hours: 1, labour_cost: 1, part_work_lookup: [{ id: gone.id }, { id: pads.id }] })).body;
    expect((await api.del(`partlookup/update/${gone.id}`)).status).toBe(200);
    expect((await api.get(`worklookup/update/${work.id}`)).body.part_work_lookup.map((p: any) => p.name)).toEqual(["Work Pads"]);
    expect((await api.del(`worklookup/update/${work.id}`)).status).toBe(200);
    expect((await api.get(`worklookup/update/${work.id}`)).status).toBe(404);
    expect((await api.get("partlookup?name=work pads")).body.count).toBe(1);
  });

  it("refuses more than 20 parts, and a link to a part lookup that does not exist", async () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `Many ${i}`, part_number: `M${i}`, cost: 1, supplier: supplierId, customer_cost: 1 }));
    const res = await api.post("worklookup", { description: "Too many", labour_hours: 1, labour_cost: 1, part_work_lookup: many });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("At most 20 parts on one work lookup");
    const ghost = await api.post("worklookup", { description: "Ghost", labour_hours: 1, labour_cost: 1, part_work_lookup: [{ id: 999999 }] });
    expect(ghost.status).toBe(400);
    expect((await api.get("partlookup?name=many")).body.count).toBe(0);
  });
});

describe("taking a part from stock (core takeFromStock)", () => {
  it("uses the stock volume, refuses taking more than is left, and counts concurrent takes exactly", async () => {
    const { takeFromStock } = await import("../../core/workshop/lookups.js");
    const made = (await api.post("partlookup", part("Stock Bulb", { stock_volume: 6 }))).body;
    await Promise.all(Array.from({ length: 5 }, () => takeFromStock(made.id, 1)));
    const left = (await api.get("partlookup?name=stock bulb")).body.results[0];
    expect(left.stock_volume).toBe(1);
    await expect(takeFromStock(made.id, 2)).rejects.toThrow("Only 1 of Stock Bulb left in stock");
    expect((await takeFromStock(made.id, -3)).stock_volume).toBe(4);
    await expect(takeFromStock(made.id, 1.5)).rejects.toThrow("whole number");
  });
});
