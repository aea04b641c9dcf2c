import { describe, expect, it } from "vitest";
import { capChangeTally, approveInspection, checkInspectionLock, checkVehicle, compactRegistration, contentTypeOfKey, depreciationRate, deriveVehicle, dueFrom, fleetNumber, hireRates, isArriving, isCapZero, isDue, isHireReady, monthsTouched, normaliseAgreementDates, orderedPurchasePrice, purchaseTypeOf, REQUIRED_VEHICLE_FIELDS, requiredVehicleField, trackerFigures, uploadType, withInvoiceDate } from "../../core/fleet/rules.js";
import { capTotalFacets, columnTag, tabSort, tabsOf, vehicleFacets, vehicleMemberships, columnMemberships, columnPrefix, placeOf, listOrderOf, subTabOf, subTabName } from "../../core/fleet/lists.js";

const fleetVan = { registration: "AB12 CDE", variant: "Trend", vin_number: "WF0X", location: "Depot", fleet_number: "21001", vehicle_status: "ACTIVE" as const };
const message = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (e) {
    return (e as Error).message;
  }
};

describe("save rules (000 §5)", () => {
  it("passes a complete fleet vehicle and an external one without a fleet number", () => {
    expect(message(() => checkVehicle(fleetVan))).toBeNull();
    expect(message(() => checkVehicle({ ...fleetVan, vehicle_status: "CUSTOMER", fleet_number: null }))).toBeNull();
  });

  it("checks the required fields first, in form order", () => {
    expect(message(() => checkVehicle({ ...fleetVan, registration: " ", variant: "" }))).toBe("Registration is required");
    expect(message(() => checkVehicle({ ...fleetVan, vin_number: null, location: "" }))).toBe("VIN number is required");
    expect(message(() => checkVehicle({ ...fleetVan, fleet_number: "" }))).toBe("Fleet number is required");
  });

  it("then rules 1 to 4, first failure wins", () => {
    const regular = { finance_type: "REGULAR" as const, invoice_date: "2025-01-01", depreciation_start_date: "2025-01-02" };
    const hire = { finance_type: "HIRE_AGREEMENT" as const, hire_start_date: "2025-01-01", mileage_allowance: 1000, on_hire_mileage: 0 };
    expect(message(() => checkVehicle({ ...fleetVan, vehicle_status: "CUSTOMER", finance_agreements: [{ finance_type: "REGULAR" }] }))).toBe("External Vehicles should not have a fleet number!");
    expect(message(() => checkVehicle({ ...fleetVan, finance_agreements: [{ ...regular, finance_early_settlement_date: "2025-06-01" }] }))).toBe("Vehicles must have a settlement figure and date!");
    expect(message(() => checkVehicle({ ...fleetVan, finance_agreements: [{ ...regular, finance_early_settlement_amount_paid: 10 }] }))).toBe("Vehicles must have a settlement figure and date!");
    expect(message(() => checkVehicle({ ...fleetVan, finance_agreements: [{ ...regular, finance_early_settlement_date: "2025-06-01", finance_early_settlement_amount_paid: 0 }] }))).toBe("Vehicles must have a settlement figure and date!");
    expect(message(() => checkVehicle({ ...fleetVan, finance_agreements: [{ ...regular, finance_early_settlement_date: "2025-06-01", finance_early_settlement_amount_paid: 10 }] }))).toBeNull();
    expect(message(() => checkVehicle({ ...fleetVan, finance_agreements: [{ ...regular, finance_type: "NONE", finance_early_settlement_date: "2025-06-01" }] }))).toBeNull();
    expect(message(() => checkVehicle({ ...fleetVan, finance_agreements: [{ ...regular, invoice_date: null }] }))).toBe("Vehicles must have a Delivery Date (Dep start date) and an Invoice Date");
    expect(message(() => checkVehicle({ ...fleetVan, finance_agreements: [{}] }))).toBe("Vehicles must have a Delivery Date (Dep start date) and an Invoice Date");
    expect(message(() => checkVehicle({ ...fleetVan, finance_agreements: [hire] }))).toBeNull();
    expect(message(() => checkVehicle({ ...fleetVan, finance_agreements: [{ ...hire, mileage_allowance: 0 }] }))).toBe("Start Date, On Hire Mileage and Mileage Allowance are required");
    expect(message(() => checkVehicle({ ...fleetVan, finance_agreements: [{ ...hire, on_hire_mileage: null }] }))).toBe("Start Date, On Hire Mileage and Mileage Allowance are required");
    // Rule 3 on the second agreement is reported before rule 4 on the first.
    expect(message(() => checkVehicle({ ...fleetVan, finance_agreements: [{ ...hire, hire_start_date: "" }, { ...regular, depreciation_start_date: "" }] }))).toBe("Vehicles must have a Delivery Date (Dep start date) and an Invoice Date");
  });
});

describe("before sending", () => {
  it("turns empty agreement dates (every *_date and stocking-plan start/end) into null", () => {
    expect(normaliseAgreementDates({ invoice_date: "", sp_capital_repayment_start: "", sp_interest_accrual_start: "2025-01-01T10:00:00Z", amount: "" })).toEqual({
      invoice_date: null,
      sp_capital_repayment_start: null,
      sp_interest_accrual_start: "2025-01-01",
      amount: "",
    });
  });

  it("uses the default depreciation for empty or over-100 rates, keeping 0", () => {
    expect([depreciationRate("", 20), depreciationRate(null, 20), depreciationRate(100.5, 20), depreciationRate(0, 20), depreciationRate("15", 20), depreciationRate(undefined, null)]).toEqual([20, 20, 20, 0, 15, null]);
  });

  it("gives an agreement without an invoice date its finance start date", () => {
    expect(withInvoiceDate({ finance_start_date: "2025-02-01", invoice_date: null }).invoice_date).toBe("2025-02-01");
    expect(withInvoiceDate({ finance_start_date: "2025-02-01", invoice_date: "2025-01-01" }).invoice_date).toBe("2025-01-01");
  });
});

describe("money (000 §9)", () => {
  it("derives hire rates without float error", () => {
    expect(hireRates({ first_day: 65, two_five_days: 55, six_twenty_seven_days: 45 })).toEqual({ weekend: 120, one_week: 375, six_twenty_seven_week: 315 });
    expect(hireRates({ first_day: 0.1, two_five_days: 0.2, six_twenty_seven_days: 0.3 })).toEqual({ weekend: 0.3, one_week: 1.5, six_twenty_seven_week: 2.1 });
    expect(hireRates({ first_day: 50 })).toEqual({ weekend: 50, one_week: 50, six_twenty_seven_week: null });
    expect(hireRates({})).toEqual({ weekend: null, one_week: null, six_twenty_seven_week: null });
  });

  it("derives the ordered purchase price", () => {
    expect(orderedPurchasePrice({ retail_price: 30000, dealer_discount: 10, manufacturer_discount: 5, body_aux_price: 1500.5, delivery_charge: 650, extra_cost: 99.99 })).toBe(27750.49);
    expect(orderedPurchasePrice({ retail_price: 33333.33, dealer_discount: 12.5 })).toBe(29166.66);
    expect(orderedPurchasePrice({ body_aux_price: 100 })).toBeNull();
  });

  it("derives every value on save", () => {
    const v: Record<string, any> = deriveVehicle({ ...fleetVan, first_day: 10, finance_agreements: [{ finance_type: "HIRE_AGREEMENT", finance_start_date: "2025-01-01" }] });
    expect(v.weekend).toBe(10);
    expect(v.finance_agreements![0].invoice_date).toBe("2025-01-01");
  });
});

describe("fleet numbers", () => {
  it("is two digits of the year and a three-digit id, growing past 999", () => {
    expect(fleetNumber("2021-03-04", 1)).toBe("21001");
    expect(fleetNumber("2021-03-04", 999)).toBe("21999");
    expect(fleetNumber("2021-03-04", 1000)).toBe("211000");
  });
});

describe("list memberships", () => {
  it("derives purchase type, hire ready, arriving and Cap 0", () => {
    expect(purchaseTypeOf({ finance_agreements: [{ finance_type: "REGULAR" }, { finance_type: "LEASE_AGREEMENT" }] })).toBe("LEASE_AGREEMENT");
    expect(purchaseTypeOf({})).toBe("NONE");
    expect(isHireReady({ vehicle_status: "ACTIVE" })).toBe(true);
    expect(isHireReady({ vehicle_status: "ACTIVE", reserve_customer: 3 })).toBe(false);
    expect(isHireReady({ vehicle_status: "ACTIVE", hire_customer: 3 })).toBe(false);
    expect(isArriving({ vehicle_status: "ORDERED", delivery_date_confirmed: true })).toBe(true);
    expect(isArriving({ vehicle_status: "ORDERED", delivery_date_confirmed: false })).toBe(false);
    expect(isCapZero({ vehicle_status: "FORSALE", cap_retail: 0 })).toBe(true);
    expect(isCapZero({ vehicle_status: "SOLD", cap_retail: 0 })).toBe(false);
    expect(isCapZero({ vehicle_status: "ACTIVE", cap_retail: 100 })).toBe(false);
  });

  it("places a vehicle in its tabs, sorted as each tab sorts", () => {
    expect(tabsOf({ vehicle_status: "ORDERED", delivery_date_confirmed: true })).toEqual(["ORDERED", "ALL", "ARRIVING"]);
    expect(tabsOf({ vehicle_status: "CUSTOMER" })).toEqual(["CUSTOMER"]);
    expect(tabSort("ORDERED", { month_due: "2026-03-01" })).toBe("2026-03-01");
    expect(tabSort("ARRIVING", {})).toBe("~");
    expect(tabSort("ACTIVE", { fleet_number: "21001", registration: "ab12 cde" })).toBe("21001#AB12CDE");
    expect(compactRegistration(" ab12-cde ")).toBe("AB12CDE");
  });

  it("keeps every vehicle within 32 index entries and 14 facets (9 column values, 5 CAP totals)", () => {
    const busiest = {
      ...fleetVan,
      department: 2,
      courtesy_car: true,
      key: 4,
      cap_retail: 0,
      finance_agreements: [{ finance_type: "REGULAR" as const }],
    };
    const m = vehicleMemberships(busiest);
    expect(m.length).toBeLessThanOrEqual(30);
    expect(m.map((x) => x.list)).toEqual(
      expect.arrayContaining(["tab#ACTIVE#dept#2#pt#REGULAR", "tab#ALL#dept#ALL#pt#ALL", "tab#HIREREADY#dept#ALL#pt#REGULAR", "cap0#dept#2", "courtesy#dept#ALL", "haskey", "notracker", "search"]),
    );
    // Tab entries carry no tags (column filters read the column lists); mixed lists carry the columns and the place.
    expect(m[0].tags).toBeUndefined();
    expect(m.find((x) => x.list === "search")!.tags).toEqual(expect.arrayContaining(["m=~", "k=4", "st=active", "d=2", "p=regular", "tab=hireready", "courtesy", "haskey", "notracker"]));
    expect(m.find((x) => x.list === "haskey")!.tags).toEqual(expect.arrayContaining(["reg=AB12 CDE", "fn=21001", "sk=~"]));
    expect(vehicleFacets(busiest)).toHaveLength(14);
    expect(vehicleFacets({ ...busiest, vehicle_status: "SOLD" })).toHaveLength(9);
    // One column entry per filter column, sorted by the value, the vehicle's place and where it sorts in that place's tab.
    const cols = m.filter((x) => x.list === "col");
    expect(cols.map((x) => x.sort)).toEqual(["m=~", "mo=~", "t=~", "o=~", "k=4", "s=~", "rc=~", "md=~", "dd=~"].map((c) => `${c};hireready;21001#AB12CDE`));
    expect(cols[0].tags).toEqual(["d=2", "p=regular"]);
    // The order book sorts by fleet number (the All tab's order); its own tabs' orders are tags.
    const ordered = columnMemberships({ ...busiest, vehicle_status: "ORDERED", month_due: "2026-03-01", delivery_date: "2026-02-20", delivery_date_confirmed: true, make: 5 });
    expect(ordered[0]).toEqual({ list: "col", sort: "m=5;arriving;21001#AB12CDE", tags: ["d=2", "p=regular", "md=2026-03-01", "arr=2026-02-20"] });
    // Sold vehicles: by date sold for the Sold tab, and again by fleet number for All.
    const sold = columnMemberships({ ...busiest, vehicle_status: "SOLD", date_sold: "2026-05-01" });
    expect(sold.slice(0, 2).map((x) => x.sort)).toEqual(["m=~;sold;2026-05-01", "m=~;soldfleet;21001#AB12CDE"]);
    expect(sold).toHaveLength(18);
    expect(vehicleMemberships({ ...busiest, vehicle_status: "SOLD", date_sold: "2026-05-01" }).length).toBeLessThanOrEqual(32);
    expect(placeOf({ ...busiest, reserve_customer: 9 })).toBe("active");
    expect(placeOf({ vehicle_status: "ORDERED" })).toBe("ordered");
    expect(columnPrefix("make", "BLANK", "sold")).toBe("m=~;sold;");
    expect(vehicleFacets(busiest)[0]).toEqual({ facet: "place#hireready", value: "make#~" });
    expect(columnTag("make", "BLANK")).toBe("m=~");
    expect(columnTag("month_due", "2026-01-01")).toBe("md=2026-01-01");
  });
});

describe("inspections", () => {
  it("is due from warning_days before expiry, and after it", () => {
    expect(dueFrom("2026-05-15", 14)).toBe("2026-05-01");
    expect(isDue("2026-05-15", 14, "2026-04-30")).toBe(false);
    expect(isDue("2026-05-15", 14, "2026-05-01")).toBe(true);
    expect(isDue("2026-05-15", 14, "2026-06-01")).toBe(true);
    expect(isDue(null, 14, "2026-06-01")).toBe(false);
  });

  it("locks type, dates and warning days while booked in", () => {
    const booked = { inspection_type: 1, expiry_date: "2026-01-01", date_completed: "2025-01-01", start_date: null, warning_days: 14, booked_in_date: "2025-12-20" };
    expect(message(() => checkInspectionLock(booked, { expiry_date: "2026-02-01" }))).toMatch(/booked in/);
    expect(message(() => checkInspectionLock(booked, { comments: "9am", expiry_date: "2026-01-01" }))).toBeNull();
    expect(message(() => checkInspectionLock({ ...booked, booked_in_date: null }, { expiry_date: "2026-02-01" }))).toBeNull();
  });

  it("approves only with both new dates", () => {
    expect(message(() => approveInspection({ new_completed_date: "2026-01-01" }))).toBe("You must specify a new expiry and completion date before appriving!");
    expect(approveInspection({ new_completed_date: "2026-01-01", new_expiry_date: "2027-01-01" })).toEqual({
      date_completed: "2026-01-01",
      expiry_date: "2027-01-01",
      booked_in_date: null,
      new_completed_date: null,
      new_expiry_date: null,
    });
  });
});

describe("tracker figures", () => {
  it("charges each month active in the range, plus upfront when activated in it", () => {
    expect(monthsTouched("2025-01-31", "2025-02-01")).toBe(2);
    expect(monthsTouched("2024-12-01", "2025-01-31")).toBe(2);
    expect(monthsTouched("2025-02-01", "2025-01-31")).toBe(0);
    const types = [{ id: 1, name: "Standard", cost: 9.99, upfront_cost: 50 }];
    const figures = trackerFigures(
      [
        { type: 1, date_activated: "2025-01-10", date_deactivated: null },
        { type: 1, date_activated: "2024-01-10", date_deactivated: "2025-02-10" },
        { type: 1, date_activated: "2024-01-10", date_deactivated: "2024-12-31" },
        { type: 1, date_activated: null, date_deactivated: null },
      ],
      types,
      "2025-01-01",
      "2025-03-31",
    );
    // 3 x 9.99 + 50, then 2 x 9.99.
    expect(figures).toEqual({ start_date: "2025-01-01", end_date: "2025-03-31", active_count: 2, per_type: [{ name: "Standard", count: 2, total_cost: 99.95 }] });
  });
});

describe("uploads", () => {
  it("accepts png, jpeg and pdf only", () => {
    expect(uploadType("PNG")).toEqual({ ext: "png", contentType: "image/png" });
    expect(uploadType("image/jpeg").ext).toBe("jpeg");
    expect(uploadType(".jpg").contentType).toBe("image/jpeg");
    expect(message(() => uploadType("gif"))).toBe("Not supported file format");
    expect(contentTypeOfKey("vehicles/1/x.pdf")).toBe("application/pdf");
    expect(contentTypeOfKey("vehicles/1/x.exe")).toBeNull();
  });
});

describe("CAP totals (dashboard vehicle summary)", () => {
  it("a vehicle in a CAP status adds its count and CAP values in whole pence to its department's totals", () => {
    expect(capTotalFacets({ vehicle_status: "FORSALE", department: 7, cap_retail: 10000.1, cap_clean: 9000, cap_average: null, cap_below: 0.005 } as any)).toEqual([
      { facet: "captotals", value: "7#FORSALE#count", amount: 1 },
      { facet: "captotals", value: "7#FORSALE#cap_retail", amount: 1000010 },
      { facet: "captotals", value: "7#FORSALE#cap_clean", amount: 900000 },
      { facet: "captotals", value: "7#FORSALE#cap_average", amount: 0 },
      { facet: "captotals", value: "7#FORSALE#cap_below", amount: 1 },
    ]);
    expect(capTotalFacets({ vehicle_status: "ACTIVE", department: null, cap_retail: 1 } as any)[0].value).toBe("~#ACTIVE#count");
    for (const s of ["SOLD", "PROCESSING", "CUSTOMER", "EQUIPMENT"]) expect(capTotalFacets({ vehicle_status: s, cap_retail: 5 } as any)).toEqual([]);
  });

  it("an upload's tally keeps, per department, the CAP-status vehicles it revalued before and after", () => {
    const t = capChangeTally();
    t.add({ vehicle_status: "ACTIVE", department: 3, cap_retail: 100.1, cap_clean: 90, cap_average: 80, cap_below: 70 }, { cap_retail: 99.9 });
    t.add({ vehicle_status: "ORDERED", department: 3, cap_retail: null }, { cap_retail: 50, cap_clean: 40, cap_average: 30, cap_below: 20 });
    t.add({ vehicle_status: "SOLD", department: 3, cap_retail: 1 }, { cap_retail: 2 });
    t.add({ vehicle_status: "FORSALE", department: null, cap_retail: 10 }, { cap_retail: 11 });
    expect(t.vehicles).toBe(3);
    expect(t.departments["3"]).toEqual({
      vehicles: 2,
      before: { cap_retail: 10010, cap_clean: 9000, cap_average: 8000, cap_below: 7000 },
      after: { cap_retail: 14990, cap_clean: 13000, cap_average: 11000, cap_below: 9000 },
    });
    expect(t.departments["~"]).toMatchObject({ vehicles: 1, before: { cap_retail: 1000 }, after: { cap_retail: 1100 } });
  });
});

describe("required vehicle fields: one list for the screen's markers and the save rule", () => {
  it("names the fleet number for fleet vehicles only, with the message checkVehicle gives", () => {
    expect(REQUIRED_VEHICLE_FIELDS.map((r) => r.field)).toEqual(["registration", "variant", "vin_number", "location", "fleet_number"]);
    expect(requiredVehicleField("fleet_number", { vehicle_status: "ACTIVE" })).toBe("Fleet number is required");
    expect(requiredVehicleField("fleet_number", { vehicle_status: "CUSTOMER" })).toBeUndefined();
    expect(requiredVehicleField("registration", { vehicle_status: "CUSTOMER" })).toBe("Registration is required");
    expect(requiredVehicleField("mileage", { vehicle_status: "ACTIVE" })).toBeUndefined();
    // Every listed field, left empty on an otherwise complete vehicle, is refused with its own message.
    const full = { registration: "AB12 CDE", variant: "V", vin_number: "VIN", location: "Yard", fleet_number: "26001", vehicle_status: "ACTIVE" as const };
    for (const { field, message } of REQUIRED_VEHICLE_FIELDS) expect(() => checkVehicle({ ...full, [field]: "" })).toThrow(message);
  });
});

describe("list sub-tab and order as sent (000 §2, §4, §7)", () => {
  it("a view narrows the status it is a view of; all or the same value keeps the status; any other pair is an error", () => {
    expect(subTabOf("ACTIVE", "HIREREADY")).toEqual({ tab: "HIREREADY" });
    expect(subTabOf("ORDERED", "ARRIVING")).toEqual({ tab: "ARRIVING" });
    expect(subTabOf("ordered", "all")).toEqual({ tab: "ORDERED" });
    expect(subTabOf("all", "hire_ready")).toEqual({ tab: "HIREREADY" });
    expect(subTabOf(undefined, "FORSALE")).toEqual({ tab: "FORSALE" });
    expect(subTabOf(undefined, undefined)).toEqual({ tab: "ACTIVE" });
    expect(subTabOf("SOLD", "HIREREADY")).toEqual({ error: "View HIREREADY is not a view of SOLD vehicles" });
    expect(subTabName("Processing Sale")).toBe("PROCESSING");
  });

  it("order: asc, desc, or the tab's sort field by name (minus: descending); another field is an error", () => {
    expect(listOrderOf("ORDERED", "month_due")).toEqual({ order: "asc" });
    expect(listOrderOf("ORDERED", "-month_due")).toEqual({ order: "desc" });
    expect(listOrderOf("ARRIVING", "delivery_date")).toEqual({ order: "asc" });
    expect(listOrderOf("SOLD", "-date_sold")).toEqual({ order: "desc" });
    expect(listOrderOf("ACTIVE", "fleet_number")).toEqual({ order: "asc" });
    expect(listOrderOf("ACTIVE", "DESC")).toEqual({ order: "desc" });
    expect(listOrderOf("ACTIVE", undefined)).toEqual({});
    expect(listOrderOf("ORDERED", "delivery_date").error).toBe("This list is sorted by month_due: order must be asc, desc, month_due or -month_due");
  });
});
