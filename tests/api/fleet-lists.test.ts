import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { fleetReference, van } from "./fleet-support.js";

/**
 * The vehicle list (000 §2, §7): tabs and sub-tabs, department, purchase
 * type, column filters with Only Blanks, filter_list, search, order,
 * paging, the count box, the picker search, courtesy cars, tracker-less
 * vehicles, and every list following a status change or a deletion.
 */
let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;
const v: Record<string, any> = {};
let hook: any;

const hireAgreement = { finance_type: "HIRE_AGREEMENT", hire_start_date: "2025-02-01", mileage_allowance: 30000, on_hire_mileage: 12 };

beforeAll(async () => {
  api = client(await signIn("alex@vanco.co.uk", "Alex"));
  ref = await fleetReference(api);
  hook = (await api.post("keys", { key_number: "14", board: "Main office" })).body;
  const make = async (name: string, body: Record<string, unknown>) => {
    const res = await api.post("createvehicle", van(body));
    if (res.status !== 201) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
    v[name] = res.body;
  };
  await make("A", { registration: "AA11 AAA", fleet_number: "20001", department: ref.hire.id, make: ref.ford.id, model: ref.transit.id });
  await make("B", { registration: "BB11 BBB", fleet_number: "20002", department: ref.sales.id, make: ref.vw.id, model: ref.crafter.id, reserve_customer: ref.acme.id, finance_agreements: [hireAgreement] });
  await make("C", { registration: "CC11 CCC", fleet_number: "20003", vehicle_status: "ORDERED", department: ref.hire.id, month_due: "2026-03-01", delivery_date_confirmed: true, delivery_date: "2026-02-20", make: ref.ford.id });
  await make("D", { registration: "DD11 DDD", fleet_number: "20004", vehicle_status: "ORDERED", department: ref.hire.id, month_due: "2026-01-01", make: ref.ford.id });
  await make("E", { registration: "EE11 EEE", fleet_number: "20005", vehicle_status: "ORDERED", department: ref.sales.id, month_due: "2026-02-01", delivery_date_confirmed: true, delivery_date: "2026-01-15", vehicle_supplier: ref.dealer.id });
  await make("F", { registration: "FF11 FFF", fleet_number: "20006", vehicle_status: "FORSALE", cap_retail: 0 });
  await make("G", { registration: "GG11 GGG", fleet_number: "20007", vehicle_status: "PROCESSING", cap_retail: 9000 });
  await make("H", { registration: "HH11 HHH", fleet_number: "20008", vehicle_status: "SOLD", date_sold: "2025-10-01" });
  await make("H2", { registration: "HH22 HHH", fleet_number: "20009", vehicle_status: "SOLD", date_sold: "2025-11-01" });
  await make("I", { registration: "II11 III", fleet_number: "20010", vehicle_status: "EQUIPMENT" });
  await make("J", { registration: "JJ11 JJJ", fleet_number: null, vehicle_status: "CUSTOMER", owner: ref.bolt.id });
  await make("K", { registration: "KK11 KKK", fleet_number: "21001", department: ref.hire.id, courtesy_car: true, key: hook.id, cap_retail: 12000, make: ref.ford.id });
});

const regs = (res: { body: any }) => res.body.results.map((r: any) => r.registration);

describe("tabs and sub-tabs", () => {
  it("defaults to the fleet tab, sub-tab Active, by fleet number", async () => {
    const res = await api.get("vehicles");
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(regs(res)).toEqual(["AA11 AAA", "BB11 BBB", "KK11 KKK"]);
    expect(res.body.results[0].make.name).toBe("Ford");
  });

  it("serves every sub-tab from its own list, with its count", async () => {
    const tab = async (s: string) => api.get(`vehicles?tab=fleet&vehicle_status=${s}`);
    expect((await tab("all")).body.count).toBe(11);
    expect(regs(await tab("EQUIPMENT"))).toEqual(["II11 III"]);
    // Ordered by month due; Arriving (ordered with a confirmed delivery date) by delivery date.
    expect(regs(await tab("ORDERED"))).toEqual(["DD11 DDD", "EE11 EEE", "CC11 CCC"]);
    expect(regs(await tab("ARRIVING"))).toEqual(["EE11 EEE", "CC11 CCC"]);
    expect(regs(await api.get("vehicles?tab=fleet&vehicle_status=ORDERED&delivery_date_confirmed=true"))).toEqual(["EE11 EEE", "CC11 CCC"]);
    // Hire ready: active, not out on hire and not reserved.
    expect(regs(await tab("HIREREADY"))).toEqual(["AA11 AAA", "KK11 KKK"]);
    expect(regs(await tab("FORSALE"))).toEqual(["FF11 FFF"]);
    expect(regs(await tab("PROCESSING"))).toEqual(["GG11 GGG"]);
    // Sold: newest sale first.
    expect(regs(await tab("SOLD"))).toEqual(["HH22 HHH", "HH11 HHH"]);
    expect(regs(await api.get("vehicles?tab=customer"))).toEqual(["JJ11 JJJ"]);
    expect((await tab("PARKED")).status).toBe(400);
  });

  it("narrows by department and purchase type (latest agreement's finance type)", async () => {
    expect(regs(await api.get(`vehicles?vehicle_status=ACTIVE&department=${ref.hire.id}`))).toEqual(["AA11 AAA", "KK11 KKK"]);
    expect(regs(await api.get(`vehicles?vehicle_status=ORDERED&department=${ref.sales.id}`))).toEqual(["EE11 EEE"]);
    expect(regs(await api.get("vehicles?vehicle_status=ACTIVE&purchaseType=HIRE_AGREEMENT"))).toEqual(["BB11 BBB"]);
    expect(regs(await api.get("vehicles?vehicle_status=ACTIVE&purchaseType=NONE"))).toEqual(["AA11 AAA", "KK11 KKK"]);
    expect((await api.get(`vehicles?vehicle_status=all&department=${ref.hire.id}&purchaseType=ALL`)).body.count).toBe(4);
    expect((await api.get("vehicles?purchaseType=CASH")).status).toBe(400);
  });

  it("orders either way and pages 25 (or page_size) at a time", async () => {
    expect(regs(await api.get("vehicles?vehicle_status=ORDERED&order=desc"))).toEqual(["CC11 CCC", "EE11 EEE", "DD11 DDD"]);
    const page2 = await api.get("vehicles?tab=fleet&vehicle_status=all&page=2&page_size=4");
    expect(page2.body.count).toBe(11);
    expect(regs(page2)).toEqual(["EE11 EEE", "FF11 FFF", "GG11 GGG", "HH11 HHH"]);
    expect((await api.get("vehicles?tab=fleet&vehicle_status=all&page=4&page_size=4")).body.results).toEqual([]);
  });
});

describe("column filters and filter_list", () => {
  it("filters within the tab by each column's value or Only Blanks, counting the matches", async () => {
    const res = await api.get(`vehicles?vehicle_status=ACTIVE&make=${ref.vw.id}`);
    expect(res.body.count).toBe(1);
    expect(regs(res)).toEqual(["BB11 BBB"]);
    expect(regs(await api.get(`vehicles?vehicle_status=ACTIVE&make=${ref.ford.id}&model=BLANK`))).toEqual(["KK11 KKK"]);
    expect(regs(await api.get(`vehicles?vehicle_status=ACTIVE&reserve_customer=${ref.acme.id}`))).toEqual(["BB11 BBB"]);
    expect(regs(await api.get(`vehicles?vehicle_status=ACTIVE&key=${hook.id}`))).toEqual(["KK11 KKK"]);
    expect(regs(await api.get("vehicles?vehicle_status=ACTIVE&key=BLANK"))).toEqual(["AA11 AAA", "BB11 BBB"]);
    expect(regs(await api.get("vehicles?vehicle_status=ORDERED&month_due=2026-01-01"))).toEqual(["DD11 DDD"]);
    expect(regs(await api.get("vehicles?vehicle_status=ORDERED&delivery_date=BLANK"))).toEqual(["DD11 DDD"]);
    expect(regs(await api.get(`vehicles?vehicle_status=ORDERED&supplier=${ref.dealer.id}`))).toEqual(["EE11 EEE"]);
    expect(regs(await api.get(`vehicles?tab=customer&owner=${ref.bolt.id}`))).toEqual(["JJ11 JJJ"]);
    expect(regs(await api.get(`vehicles?vehicle_status=all&type=${ref.l1.id}&department=${ref.hire.id}`))).toEqual(["AA11 AAA", "CC11 CCC", "DD11 DDD", "KK11 KKK"]);
  });

  it("gives the current tab's distinct values with counts and Only Blanks", async () => {
    const active = (await api.get("vehicles")).body.filter_list;
    expect(active.make).toEqual([
      { value: String(ref.ford.id), label: "Ford", count: 2 },
      { value: String(ref.vw.id), label: "Volkswagen", count: 1 },
    ]);
    expect(active.reserve_customer).toEqual([
      { value: String(ref.acme.id), label: "Acme Builders Ltd", count: 1 },
      { value: "BLANK", label: "Only Blanks", count: 2 },
    ]);
    expect(active.key).toEqual([
      { value: String(hook.id), label: "14", count: 1 },
      { value: "BLANK", label: "Only Blanks", count: 2 },
    ]);
    expect(Object.keys(active).sort()).toEqual(["delivery_date", "key", "make", "model", "month_due", "owner", "reserve_customer", "supplier", "type"]);
    const ordered = (await api.get("vehicles?vehicle_status=ORDERED")).body.filter_list;
    expect(ordered.month_due.map((o: any) => o.value)).toEqual(["2026-01-01", "2026-02-01", "2026-03-01"]);
    expect(ordered.supplier).toEqual([
      { value: String(ref.dealer.id), label: "Northern Ford Dealers", count: 1 },
      { value: "BLANK", label: "Only Blanks", count: 2 },
    ]);
    const paging = await api.get("vehicles?page=1&filter_list=false");
    expect(paging.body).not.toHaveProperty("filter_list");
    expect(paging.body.count).toBe(3);
    const all = (await api.get("vehicles?vehicle_status=all")).body.filter_list;
    expect(all.make.find((o: any) => o.label === "Ford").count).toBe(4);
    const customer = (await api.get("vehicles?tab=customer")).body.filter_list;
    expect(customer.owner).toEqual([{ value: String(ref.bolt.id), label: "Bolt Couriers", count: 1 }]);
  });
});

describe("search", () => {
  it("finds by registration or fleet number prefix from 2 characters, within the tab", async () => {
    expect(regs(await api.get("vehicles?tab=fleet&vehicle_status=ACTIVE&search=bb11"))).toEqual(["BB11 BBB"]);
    expect(regs(await api.get("vehicles?tab=fleet&vehicle_status=ACTIVE&search=BB 11 B"))).toEqual(["BB11 BBB"]);
    expect(regs(await api.get("vehicles?tab=fleet&vehicle_status=all&search=2000"))).toHaveLength(9);
    expect(regs(await api.get("vehicles?tab=fleet&vehicle_status=ACTIVE&search=21001"))).toEqual(["KK11 KKK"]);
    // Not in the Active tab.
    expect((await api.get("vehicles?tab=fleet&vehicle_status=ACTIVE&search=CC11")).body.count).toBe(0);
    // Combined with the department and a column filter.
    expect(regs(await api.get(`vehicles?tab=fleet&vehicle_status=all&search=20&department=${ref.hire.id}&make=${ref.ford.id}`))).toEqual(["20001", "20003", "20004"].map((f) => Object.values(v).find((x: any) => x.fleet_number === f).registration));
    // One character lists the tab as if no search was typed.
    expect((await api.get("vehicles?tab=fleet&vehicle_status=ACTIVE&search=B")).body.count).toBe(3);
  });

  it("searches every vehicle, external ones included, for the picker", async () => {
    expect(regs(await api.get("vehicles?search=jj11"))).toEqual(["JJ11 JJJ"]);
    expect(regs(await api.get("vehicles?search=hh"))).toEqual(["HH11 HHH", "HH22 HHH"]);
    const quick = await api.get("vehiclesearch?search=kk1");
    expect(quick.body.count).toBe(1);
    expect(quick.body.results.map((r: any) => [r.id, r.registration])).toEqual([[v.K.id, "KK11 KKK"]]);
    expect((await api.get("vehiclesearch?search=k")).body).toEqual({ count: 0, results: [] });
  });
});

describe("special lists", () => {
  it("lists courtesy cars and fleet vehicles without a tracker", async () => {
    expect(regs(await api.get("vehicles?courtesy_car=true"))).toEqual(["KK11 KKK"]);
    const noTracker = await api.get("vehicles?tracker=BLANK&page_size=100");
    // Fleet vehicles, not sold, without a tracker.
    expect(noTracker.body.count).toBe(9);
    expect(regs(noTracker)).not.toContain("HH11 HHH");
    expect(regs(noTracker)).not.toContain("JJ11 JJJ");
  });

  it("is the key finder with keys=true: registration and key number, 500 a page", async () => {
    const res = await api.get("vehicles?keys=true");
    expect(res.body.count).toBe(1);
    expect(res.body.results[0]).toMatchObject({ id: v.K.id, registration: "KK11 KKK", key_number: "14", board: "Main office", spare_key_number: null });
    expect((await api.get("vehicles?keys=true&search=14")).body.results.map((r: any) => r.registration)).toEqual(["KK11 KKK"]);
    expect((await api.get("vehicles?keys=true&search=kk11")).body.count).toBe(1);
    expect((await api.get("vehicles?keys=true&search=aa11")).body.count).toBe(0);
  });
});

describe("count box", () => {
  it("counts each status and the Cap 0s from counters, by department", async () => {
    const all = await api.get("vehicles/statuscounts");
    expect(all.status).toBe(200);
    // Cap 0s: Active, Ordered and For Sale vehicles without a CAP retail value (K has one).
    expect(all.body).toEqual({ ACTIVE: 3, FORSALE: 1, PROCESSING: 1, SOLD: 2, CUSTOMER: 1, ORDERED: 3, cap_zero: 6 });
    const hire = await api.get(`vehicles/statuscounts?department=${ref.hire.id}`);
    expect(hire.body).toEqual({ ACTIVE: 2, FORSALE: 0, PROCESSING: 0, SOLD: 0, CUSTOMER: 0, ORDERED: 2, cap_zero: 3 });
  });

  it("moves a vehicle between lists and counts when its status, department or flags change, and on deletion", async () => {
    const a = (await api.get(`vehicles/${v.A.id}`)).body;
    await api.put(`vehicles/${a.id}`, { ...a, vehicle_status: "FORSALE", department: ref.sales.id, make: ref.vw.id });
    expect(regs(await api.get("vehicles"))).toEqual(["BB11 BBB", "KK11 KKK"]);
    expect(regs(await api.get("vehicles?vehicle_status=FORSALE"))).toEqual(["AA11 AAA", "FF11 FFF"]);
    expect(regs(await api.get(`vehicles?vehicle_status=FORSALE&department=${ref.sales.id}&make=${ref.vw.id}`))).toEqual(["AA11 AAA"]);
    expect((await api.get("vehicles/statuscounts")).body).toMatchObject({ ACTIVE: 2, FORSALE: 2 });
    expect((await api.get("vehicles")).body.filter_list.make).toEqual([
      { value: String(ref.ford.id), label: "Ford", count: 1 },
      { value: String(ref.vw.id), label: "Volkswagen", count: 1 },
    ]);
    // Reserving takes it out of Hire Ready.
    const k = (await api.get(`vehicles/${v.K.id}`)).body;
    await api.put(`vehicles/${k.id}`, { ...k, hire_customer: ref.acme.id });
    expect((await api.get("vehicles?vehicle_status=HIREREADY")).body.count).toBe(0);
    // A delivery confirmed moves an ordered vehicle into Arriving.
    const d = (await api.get(`vehicles/${v.D.id}`)).body;
    await api.put(`vehicles/${d.id}`, { delivery_date_confirmed: true, delivery_date: "2026-01-02", last_saved: d.last_saved });
    expect(regs(await api.get("vehicles?vehicle_status=ARRIVING"))).toEqual(["DD11 DDD", "EE11 EEE", "CC11 CCC"]);

    expect((await api.del(`vehicles/${v.G.id}`)).status).toBe(200);
    expect((await api.get("vehicles/statuscounts")).body.PROCESSING).toBe(0);
    expect((await api.get("vehicles?vehicle_status=PROCESSING")).body).toMatchObject({ count: 0, results: [] });
    expect((await api.get("vehicles?search=gg11")).body.count).toBe(0);
  });

  it("takes a save that changes every dimension at once in one transaction", async () => {
    const spare = (await api.post("keys", { key_number: "15", board: "Main office" })).body;
    const f = (await api.get(`vehicles/${v.F.id}`)).body;
    const res = await api.put(`vehicles/${f.id}`, {
      ...f,
      registration: "FF99 NEW",
      fleet_number: "20099",
      vehicle_status: "ACTIVE",
      department: ref.hire.id,
      courtesy_car: true,
      cap_retail: 5000,
      spare_key: spare.id,
      make: ref.ford.id,
      model: ref.transit.id,
      finance_agreements: [hireAgreement],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(regs(await api.get(`vehicles?vehicle_status=HIREREADY&department=${ref.hire.id}&purchaseType=HIRE_AGREEMENT`))).toEqual(["FF99 NEW"]);
  });
});
