import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { fleetReference, van } from "./fleet-support.js";

/**
 * The vehicle record through the API (000 §3, §5, §7): save rules in the
 * spec's order with its messages, the server-side "before sending"
 * normalisations, derived prices and rates, references answered as
 * objects, uniqueness, stale saves, fleet numbers and deletion.
 */
let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;
beforeAll(async () => {
  api = client(await signIn("alex@vanco.co.uk", "Alex"));
  ref = await fleetReference(api);
});

const agreement = (extra: Record<string, unknown>) => ({
  finance_type: "REGULAR",
  invoice_date: "2025-01-10",
  depreciation_start_date: "2025-01-15",
  finance_company: "Lombard",
  ...extra,
});
const hireAgreement = (extra: Record<string, unknown> = {}) => ({
  finance_type: "HIRE_AGREEMENT",
  hire_start_date: "2025-02-01",
  mileage_allowance: 30000,
  on_hire_mileage: 12,
  ...extra,
});

async function count() {
  return (await api.get("vehicles?tab=fleet&vehicle_status=all")).body.count + (await api.get("vehicles?tab=customer")).body.count;
}

describe("save rules, in the spec's order (000 §5)", () => {
  it("requires registration, variant, VIN, location and (for fleet vehicles) a fleet number, in that order", async () => {
    const before = await count();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ registration: "", variant: "" }, "Registration is required", "registration"],
      [{ variant: "  " }, "Variant is required", "variant"],
      [{ vin_number: null, location: null }, "VIN number is required", "vin_number"],
      [{ location: "" }, "Location is required", "location"],
      [{ fleet_number: "" }, "Fleet number is required", "fleet_number"],
    ];
    for (const [change, message, field] of cases) {
      const res = await api.post("createvehicle", van(change));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toHaveProperty(field);
    }
    // An external customer's vehicle has no fleet number at all.
    const external = await api.post("createvehicle", van({ vehicle_status: "CUSTOMER", fleet_number: null, owner: ref.acme.id }));
    expect(external.status, JSON.stringify(external.body)).toBe(201);
    expect(await count()).toBe(before + 1);
  });

  it("1. refuses a fleet number on an external vehicle, before any agreement rule", async () => {
    const res = await api.post("createvehicle", van({ vehicle_status: "CUSTOMER", finance_agreements: [agreement({ invoice_date: "" })] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("External Vehicles should not have a fleet number!");
    expect(res.body.errors).toHaveProperty("fleet_number");
  });

  it("2. wants a settlement figure and date together (or neither) on non-hire agreements; NONE is fine", async () => {
    const bad = [
      agreement({ finance_early_settlement_date: "2025-06-01" }),
      agreement({ finance_early_settlement_date: "2025-06-01", finance_early_settlement_amount_paid: 0 }),
      agreement({ finance_early_settlement_amount_paid: 1500 }),
      agreement({ finance_type: "STOCKING_PLAN", finance_early_settlement_date: "", finance_early_settlement_amount_paid: "250.00" }),
    ];
    for (const a of bad) {
      const res = await api.post("createvehicle", van({ finance_agreements: [a] }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Vehicles must have a settlement figure and date!");
    }
    for (const a of [
      agreement({}),
      agreement({ finance_early_settlement_date: "2025-06-01", finance_early_settlement_amount_paid: 1500 }),
      agreement({ finance_type: "NONE", finance_early_settlement_date: "2025-06-01" }),
      hireAgreement({ finance_early_settlement_amount_paid: 99 }),
    ]) {
      const res = await api.post("createvehicle", van({ finance_agreements: [a] }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
  });

  it("3. wants an invoice date and a depreciation start date on every agreement but a hire agreement", async () => {
    for (const a of [agreement({ invoice_date: "" }), agreement({ depreciation_start_date: null }), { finance_type: "NONE" }, { finance_type: "LEASE_AGREEMENT", invoice_date: "2025-01-01" }]) {
      const res = await api.post("createvehicle", van({ finance_agreements: [a] }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Vehicles must have a Delivery Date (Dep start date) and an Invoice Date");
    }
    // A hire agreement is exempt from this rule.
    expect((await api.post("createvehicle", van({ finance_agreements: [hireAgreement()] }))).status).toBe(201);
  });

  it("4. wants the hire start date, a mileage allowance above 0 and the on-hire mileage on a hire agreement", async () => {
    for (const change of [{ hire_start_date: "" }, { mileage_allowance: 0 }, { mileage_allowance: null }, { on_hire_mileage: "" }]) {
      const res = await api.post("createvehicle", van({ finance_agreements: [hireAgreement(change)] }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Start Date, On Hire Mileage and Mileage Allowance are required");
    }
  });

  it("reports the first rule broken when several are: 2 before 3, 3 before 4", async () => {
    const both = await api.post("createvehicle", van({ finance_agreements: [hireAgreement({ mileage_allowance: 0 }), agreement({ invoice_date: "", finance_early_settlement_date: "2025-01-01" })] }));
    expect(both.body.message).toBe("Vehicles must have a settlement figure and date!");
    const threeFour = await api.post("createvehicle", van({ finance_agreements: [hireAgreement({ on_hire_mileage: null }), agreement({ depreciation_start_date: "" })] }));
    expect(threeFour.body.message).toBe("Vehicles must have a Delivery Date (Dep start date) and an Invoice Date");
  });

  it("applies the same rules to PUT vehicles/{id}, writing nothing when refused", async () => {
    const v = (await api.post("createvehicle", van())).body;
    const res = await api.put(`vehicles/${v.id}`, { ...v, vehicle_status: "CUSTOMER" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("External Vehicles should not have a fleet number!");
    const again = await api.get(`vehicles/${v.id}`);
    expect(again.body.vehicle_status).toBe("ACTIVE");
    expect(again.body.last_saved).toBe(v.last_saved);
  });

  it("refuses unknown fields and wrong types with 400", async () => {
    // (colour is a field since issue 25's registration look-up: an unknown one is refused.)
    expect((await api.post("createvehicle", van({ paint_finish: "matt" }))).body.errors).toHaveProperty("paint_finish");
    expect((await api.post("createvehicle", van({ vehicle_status: "STOLEN" }))).status).toBe(400);
    expect((await api.post("createvehicle", van({ finance_agreements: [{ finance_type: "CASH" }] }))).status).toBe(400);
    expect((await api.post("createvehicle", van({ mileage: "lots" }))).status).toBe(400);
  });
});

describe("before sending, done by the server (000 §5)", () => {
  it("turns empty dates into null on the vehicle and its agreements", async () => {
    const res = await api.post(
      "createvehicle",
      van({ first_registration_date: "", tax_expiry: "", cap_date: "2025-03-01T00:00:00.000Z", finance_agreements: [agreement({ end_date: "", balloon_payment_date: "", sp_interest_repayment_start_date: "", sp_capital_repayment_start: "" })] }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.first_registration_date).toBeNull();
    expect(res.body.tax_expiry).toBeNull();
    expect(res.body.cap_date).toBe("2025-03-01");
    const a = res.body.finance_agreements[0];
    expect([a.end_date, a.balloon_payment_date, a.sp_interest_repayment_start_date, a.sp_capital_repayment_start]).toEqual([null, null, null, null]);
    // Agreement fields the agreements issue will type are kept as sent.
    expect(a.finance_company).toBe("Lombard");
  });

  it("gives a vehicle without a type the first vehicle type", async () => {
    const res = await api.post("createvehicle", van({ type: "" }));
    expect(res.body.type).toEqual({ id: ref.l1.id, name: "L1", special_labour_rate: null, fixed_hire_costs: null });
    const chosen = await api.post("createvehicle", van({ type: ref.luton.id }));
    expect(chosen.body.type.name).toBe("Luton");
    const cleared = await api.put(`vehicles/${chosen.body.id}`, { type: null, last_saved: chosen.body.last_saved });
    expect(cleared.body.type.id).toBe(ref.l1.id);
  });

  it("uses the default depreciation when the rate is empty or above 100, keeping 0", async () => {
    const cases: Array<[unknown, number]> = [["", 20], [null, 20], [150, 20], [100, 100], [0, 0], ["12.5", 12.5]];
    for (const [sent, kept] of cases) {
      const res = await api.post("createvehicle", van({ annual_depreciation_rate: sent, finance_agreements: [agreement({ annual_depreciation_rate: sent })] }));
      expect(res.body.annual_depreciation_rate).toBe(kept);
      expect(res.body.finance_agreements[0].annual_depreciation_rate).toBe(kept);
    }
    expect((await api.post("createvehicle", van())).body.annual_depreciation_rate).toBe(20);
  });

  it("gives an agreement without an invoice date its finance start date", async () => {
    const res = await api.post("createvehicle", van({ finance_agreements: [hireAgreement({ finance_start_date: "2025-02-03", invoice_date: "" })] }));
    expect(res.body.finance_agreements[0].invoice_date).toBe("2025-02-03");
    expect(res.body.purchase_type).toBe("HIRE_AGREEMENT");
  });

  it("defaults a new vehicle's department to the rentals department", async () => {
    const res = await api.post("createvehicle", van());
    expect(res.body.department).toEqual({ id: ref.rentals.id, name: "RENTALS DIRECT" });
  });
});

describe("derived values (000 §9)", () => {
  it("derives weekend, one week and 6-27 weekly hire rates in exact decimals", async () => {
    const res = await api.post("createvehicle", van({ first_day: 65, two_five_days: 55, six_twenty_seven_days: 45, weekend: 1, one_week: 1 }));
    expect([res.body.weekend, res.body.one_week, res.body.six_twenty_seven_week]).toEqual([120, 375, 315]);
    const pence = await api.post("createvehicle", van({ first_day: "10.10", two_five_days: 20.2, six_twenty_seven_days: 0.1 }));
    expect([pence.body.weekend, pence.body.one_week, pence.body.six_twenty_seven_week]).toEqual([30.3, 91.1, 0.7]);
    const none = await api.post("createvehicle", van());
    expect([none.body.weekend, none.body.one_week, none.body.six_twenty_seven_week]).toEqual([null, null, null]);
  });

  it("derives the ordered purchase price from retail less the combined discount percentage plus extras", async () => {
    const res = await api.post("createvehicle", van({ retail_price: 30000, dealer_discount: 10, manufacturer_discount: 5, body_aux_price: 1500.5, delivery_charge: 650, extra_cost: 99.99, ordered_purchase_price: 1 }));
    expect(res.body.ordered_purchase_price).toBe(27750.49);
    const plain = await api.post("createvehicle", van({ retail_price: "19999.99" }));
    expect(plain.body.ordered_purchase_price).toBe(19999.99);
  });

  it("dates a new mileage reading today", async () => {
    const res = await api.post("createvehicle", van({ mileage: 1200 }));
    expect(res.body.mileage_last_updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const given = await api.put(`vehicles/${res.body.id}`, { mileage: 1500, mileage_last_updated: "2025-01-01", last_saved: res.body.last_saved });
    expect(given.body.mileage_last_updated).toBe("2025-01-01");
  });
});

describe("references answered as objects", () => {
  it("answers make, model, type, department, contacts and warranty suppliers as objects, renames included", async () => {
    const make = (await api.post("vehiclemake", { name: "Renualt" })).body;
    const res = await api.post(
      "createvehicle",
      van({ make: { id: make.id, name: "Renualt" }, model: ref.transit.id, department: ref.hire.id, owner: ref.acme.id, hire_customer: ref.bolt.id, vehicle_supplier: ref.dealer.id, manufacturer_main_warranty_workshop: ref.garage.id, manufacturer_main_warranty_date: "2027-05-01" }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.make.name).toBe("Renualt");
    expect(res.body.model).toMatchObject({ id: ref.transit.id, name: "Transit Custom" });
    expect(res.body.department).toEqual({ id: ref.hire.id, name: "DIRECT VAN HIRE" });
    expect(res.body.owner).toEqual({ id: ref.acme.id, display_name: "Acme Builders Ltd" });
    expect(res.body.hire_customer).toEqual({ id: ref.bolt.id, display_name: "Bolt Couriers" });
    expect(res.body.vehicle_supplier).toEqual({ id: ref.dealer.id, display_name: "Northern Ford Dealers" });
    expect(res.body.manufacturer_main_warranty_workshop).toEqual({ id: ref.garage.id, display_name: "Midland Commercial Repairs" });
    await api.put(`vehiclemake/${make.id}`, { ...make, name: "Renault" });
    expect((await api.get(`vehicles/${res.body.id}`)).body.make.name).toBe("Renault");
    // The whole answer can be sent straight back.
    const back = await api.put(`vehicles/${res.body.id}`, (await api.get(`vehicles/${res.body.id}`)).body);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });
});

describe("uniqueness and concurrent saves", () => {
  it("keeps registrations unique on the fleet (spacing and case ignored) and fleet numbers unique", async () => {
    const first = (await api.post("createvehicle", van({ registration: "YK21 ABC" }))).body;
    const dup = await api.post("createvehicle", van({ registration: "yk21abc" }));
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe("A fleet vehicle with registration YK21ABC already exists");
    // An external customer's vehicle may carry a registration the fleet also holds.
    expect((await api.post("createvehicle", van({ registration: "YK21 ABC", vehicle_status: "CUSTOMER", fleet_number: null }))).status).toBe(201);
    const fleetDup = await api.post("createvehicle", van({ fleet_number: first.fleet_number }));
    expect(fleetDup.status).toBe(400);
    expect(fleetDup.body.message).toBe(`Fleet number ${first.fleet_number} is already used by another vehicle`);
    // Renaming frees the old registration.
    await api.put(`vehicles/${first.id}`, { registration: "YK21 ABD", last_saved: first.last_saved });
    expect((await api.post("createvehicle", van({ registration: "YK21 ABC" }))).status).toBe(201);
  });

  it("lets exactly one of several simultaneous creates claim a registration", async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => api.post("createvehicle", van({ registration: "RACE 001" }))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201)) expect(r.body.message).toBe("A fleet vehicle with registration RACE 001 already exists");
  });

  it("answers 409 to the stale one of two saves of the same version", async () => {
    const v = (await api.post("createvehicle", van())).body;
    const [a, b] = await Promise.all([
      api.put(`vehicles/${v.id}`, { ...v, location: "Leeds" }),
      api.put(`vehicles/${v.id}`, { ...v, location: "Derby" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const later = await api.put(`vehicles/${v.id}`, { ...v, location: "Leicester" });
    expect(later.status).toBe(409);
    expect(later.body.message).toMatch(/edited elsewhere/);
  });

  it("takes an inline list edit through the same save, empty dates as null", async () => {
    const v = (await api.post("createvehicle", van({ vehicle_status: "ORDERED", ordered_date: "2025-01-02", delivery_date: "2025-03-01", deposit_allocated_date: "2025-01-20" }))).body;
    const res = await api.put(`vehicles/${v.id}`, { ordered_date: "", delivery_date: "2025-03-08", deposit_allocated_date: null, last_saved: v.last_saved });
    expect(res.status).toBe(200);
    expect([res.body.ordered_date, res.body.delivery_date, res.body.deposit_allocated_date]).toEqual([null, "2025-03-08", null]);
    expect(res.body.location).toBe(v.location);
  });
});

describe("fleet numbers (000 §4, §5)", () => {
  it("gives two digits of the year and a three-digit id, one after another", async () => {
    const a = await api.get("vehicles/generatefleetnumber?date=2031-06-01");
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ fleet_number: "31001", delivery_date: "2031-06-01" });
    expect((await api.get("vehicles/generatefleetnumber?date=2031-12-31")).body.fleet_number).toBe("31002");
    expect((await api.get("vehicles/generatefleetnumber?date=2032-01-01")).body.fleet_number).toBe("32001");
    expect((await api.get("vehicles/generatefleetnumber")).body.fleet_number).toMatch(/^\d{5}$/);
    expect((await api.get("vehicles/generatefleetnumber?date=31-06-01")).status).toBe(400);
  });

  it("never hands out the same number twice, however many are asked for at once", async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => api.get("vehicles/generatefleetnumber?date=2033-01-01")));
    const numbers = results.map((r) => r.body.fleet_number);
    expect(new Set(numbers).size).toBe(12);
    expect(numbers.every((n) => /^33\d{3}$/.test(n))).toBe(true);
  });

  it("skips a number already typed in by hand", async () => {
    await api.post("createvehicle", van({ fleet_number: "34001" }));
    expect((await api.get("vehicles/generatefleetnumber?date=2034-05-05")).body.fleet_number).toBe("34002");
  });
});

describe("DELETE vehicles/{id}", () => {
  it("deletes the vehicle, frees its registration and fleet number, and leaves others alone", async () => {
    const keep = (await api.post("createvehicle", van())).body;
    const v = (await api.post("createvehicle", van({ registration: "DE11 ETE" }))).body;
    expect((await api.del(`vehicles/${v.id}`)).status).toBe(200);
    expect((await api.get(`vehicles/${v.id}`)).status).toBe(404);
    expect((await api.del(`vehicles/${v.id}`)).status).toBe(404);
    expect((await api.get(`vehicles/${keep.id}`)).status).toBe(200);
    expect((await api.post("createvehicle", van({ registration: "DE11 ETE", fleet_number: v.fleet_number }))).status).toBe(201);
  });
});

describe("integrity (issue 15)", () => {
  it("refuses references to records that do not exist, on the vehicle and in its agreements, naming the field", async () => {
    const res = await api.post("createvehicle", van({ make: 999999, owner: 888888 }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ make: "Vehicle make 999999 does not exist", owner: "Contact 888888 does not exist" });
    const v = (await api.post("createvehicle", van())).body;
    const bad = await api.put(`vehicles/${v.id}`, { finance_agreements: [agreement({ supplier: 777777 })], last_saved: v.last_saved });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ "finance_agreements.0.supplier": "Contact 777777 does not exist" });
  });

  it("bounds mileages, money, percentages and dates, refusing the rest before anything is written", async () => {
    const v = (await api.post("createvehicle", van({ mileage: 1000 }))).body;
    for (const [change, field] of [
      [{ mileage: -1 }, "mileage"],
      [{ mileage: 2_000_001 }, "mileage"],
      [{ retail_price: 1e17 }, "retail_price"],
      [{ deposit_to_be_paid: -50 }, "deposit_to_be_paid"],
      [{ dealer_discount: 101 }, "dealer_discount"],
      [{ tax_expiry: "0000-01-01" }, "tax_expiry"],
      [{ tax_expiry: "9999-12-31" }, "tax_expiry"],
      [{ finance_agreements: [agreement({ deposit_amount: -1 })] }, "finance_agreements.0.deposit_amount"],
    ] as const) {
      const res = await api.put(`vehicles/${v.id}`, { ...change, last_saved: v.last_saved });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    const after = (await api.get(`vehicles/${v.id}`)).body;
    expect(after.last_saved).toBe(v.last_saved);
    expect(after.mileage).toBe(1000);
    expect((await api.put(`vehicles/${v.id}`, { mileage: 2_000_000, last_saved: v.last_saved })).status).toBe(200);
  });

  it("a new vehicle with an inspection of a type that does not exist is refused whole: no vehicle is written", async () => {
    const before = await count();
    const res = await api.post("createvehicle", { ...van(), inspections: [{ inspection_type: 999999, date_completed: "2026-01-10" }] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ "inspections.0.inspection_type": "Inspection type 999999 does not exist" });
    expect(await count()).toBe(before);
  });

  it("answers 400 to a reversed date range on the vehicle figures", async () => {
    const res = await api.get("vehicles/figures?start=2026-06-30&end=2026-06-01");
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ end: "The end date must not be before the start date" });
  });
});
