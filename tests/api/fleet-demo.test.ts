import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";

/** The demo fleet is valid under the vehicle rules and fills every list the screens show. */
let api: ReturnType<typeof client>;
beforeAll(async () => {
  api = client(await signIn("alex@vanco.co.uk", "Alex"));
});

describe("demo fleet", () => {
  it("seeds a dozen vans across the statuses with keys, trackers and inspections", async () => {
    const { seedDemoData } = await import("../../core/demo/seed.js");
    expect(await seedDemoData()).toBe(true);
    const counts = (await api.get("vehicles/statuscounts")).body;
    expect(counts).toMatchObject({ ACTIVE: 5, ORDERED: 2, FORSALE: 1, PROCESSING: 1, SOLD: 1, CUSTOMER: 1 });
    expect((await api.get("vehicles?tab=fleet&vehicle_status=all")).body.count).toBe(11);
    expect((await api.get("vehicles?vehicle_status=ARRIVING")).body.count).toBe(1);
    expect((await api.get("vehicles?vehicle_status=HIREREADY")).body.count).toBe(3);
    expect((await api.get("vehicles?keys=true")).body.count).toBe(8);
    expect((await api.get("vehicles?courtesy_car=true")).body.count).toBe(1);
    const trackers = await api.get("vehicletracker");
    expect(trackers.body.count).toBe(4);
    expect(trackers.body.figures.active_count).toBe(4);
    expect((await api.get("vehicletracker/searchunused")).body.count).toBe(1);
    const due = await api.get("inspections?view=due");
    expect(due.body.count).toBeGreaterThanOrEqual(2);
    expect((await api.get("inspections?view=booked")).body.count).toBe(1);
    const ordered = (await api.get("vehicles?vehicle_status=ORDERED")).body.results;
    expect(ordered.find((v: any) => v.registration === "GN24 WLT").ordered_purchase_price).toBe(41000);
    // Departments (000 §1, §9): the earlier ids stay; RENTALS DIRECT, the rentals department, is a new vehicle's default.
    const depts = (await api.get("departments?page_size=1000")).body.results;
    expect(depts.map((d: any) => [d.id, d.name])).toEqual([[1, "DIRECT VAN HIRE"], [2, "RAPID FIT"], [3, "PARTS DIRECT"], [4, "VAN SALES DIRECT"], [5, "RENTALS DIRECT"]]);
    expect(depts[4]).toMatchObject({ hide: false, bank_name: "Barclays Bank", bank_account_name: "RENTALS DIRECT", registration_footer: expect.stringContaining("RENTALS DIRECT") });
    const category = (await api.get("trackingcategory?page_size=1000")).body.results.find((c: any) => c.name === "Department");
    expect(category.options.map((o: any) => o.name)).toEqual(["DIRECT VAN HIRE", "RAPID FIT", "PARTS DIRECT", "VAN SALES DIRECT", "RENTALS DIRECT"]);
    const created = await api.post("createvehicle", { registration: "AU01 AAA", variant: "x", vin_number: "VIN1", location: "yard", fleet_number: "26901" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.department).toMatchObject({ id: 5, name: "RENTALS DIRECT" });
    expect((await api.get(`vehicles/${created.body.id}`)).body.department).toMatchObject({ id: 5, name: "RENTALS DIRECT" });
    await api.del(`vehicles/${created.body.id}`);
    // Demo rentals: one on hire now, a long-term contract, next week's quote, a finished hire.
    const week = await api.get("rentals?view=weekly");
    expect(week.body.results.map((r: any) => r.vehicle.registration)).toEqual(expect.arrayContaining(["YK23 HVA", "MX72 RFA"]));
    const figures = (await api.get("rentals/figures?type=weekly")).body;
    expect(figures.total_income).toBeGreaterThan(0);
    expect((await api.get("rentals?page_size=1")).body.count).toBe(4);
    // Demo Part Stock and Work Stock (the job card's selectors).
    expect((await api.get("partlookup")).body.count).toBe(6);
    const works = (await api.get("worklookup")).body;
    expect(works.results.map((w: any) => w.description)).toEqual(["Front brake pads and discs", "Major service", "Minor service"]);
    const major = (await api.get(`worklookup/update/${works.results[1].id}`)).body;
    expect(major.part_work_lookup.map((p: any) => p.name)).toEqual(["Oil Filter", "Air Filter", "Cabin Pollen Filter"]);
    expect(major.part_work_lookup[0]).toMatchObject({ cost: 7.8, customer_cost: 9.75, supplier: { display_name: "Midland Commercial Repairs" } });
    // The fleet league reads true (docs/finance.md "Formulas"): every demo van bought a few years back, never more days on hire than on the fleet.
    const league = (await api.get("reports/fleet-league?page_size=100")).body.results as Array<{ registration: string; days_on_fleet: number; days_on_hire: number; utilisation: number | null }>;
    const active = ["YK23 HVA", "YK23 HVB", "MX72 RFA", "BV21 KLM", "YK23 HVC"];
    for (const reg of active) {
      const row = league.find((r) => r.registration === reg)!;
      expect(row.days_on_fleet, reg).toBeGreaterThan(365);
      expect(row.days_on_hire, reg).toBeLessThanOrEqual(row.days_on_fleet);
      expect(row.utilisation, reg).not.toBeNull();
    }
    const hva = (await api.get(`vehicles/${(await api.get("vehicles?search=YK23%20HVA")).body.results[0].id}/profit`)).body;
    expect(hva.purchase_price).toBe(28950);
  }, 120_000); // the whole demo seed: every area's, on a shared machine
});
