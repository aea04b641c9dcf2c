import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, client, signIn } from "../support/api.js";
import { fleetReference, van, ok, booking as rentalBooking } from "./fleet-support.js";

let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;
let margin: { id: number };


beforeAll(async () => {
  api = client(await signIn("rentals@vanco.co.uk", "Rita"));
  ref = await fleetReference(api);
  margin = await ok(api.post("rentalmargin", { name: "Standard", margin: 40 }));
  await ok(api.post("rentalmargin", { name: "Trade", margin: 25 }));
});

const newVan = async (extra: Record<string, unknown> = {}) => ok(api.post("createvehicle", van({ make: ref.ford.id, model: ref.transit.id, type: ref.l1.id, ...extra })));

const booking = (vehicle: number | null, start: string, finish: string, extra: Record<string, unknown> = {}) => rentalBooking(ref, vehicle, start, finish, extra);

describe("a rental (001 §3, §5, §9)", () => {
  it("is created with the server's figures, a default margin and status QUOTE by default", async () => {
    const v = await newVan();
    const made = await api.post("rentals", { ...booking(v.id, "2026-12-01", "2026-12-07"), status: undefined, additional_cost: 10, insurance_daily: 5, total: 1 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      status: "QUOTE", rental_type: "ST", invoice_interval: "NONE", days: 7, total: 60 + 4 * 45 + 2 * 35 + 10, insurance_charge: 35,
      weekend: 105, one_week: 310, six_twenty_seven_week: 245, margin: { id: margin.id, name: "Standard", margin: 40 },
      vehicle: { id: v.id, registration: v.registration }, customer: { id: ref.acme.id, display_name: "Acme Builders Ltd" }, can_print: false,
    });
    expect((await api.get(`rentals/${made.body.id}`)).body).toEqual(made.body);
  });

  it("accepts the misspelt intial_payment_date and stores it as initial_payment_date; empty dates become null", async () => {
    const v = await newVan();
    const body: Record<string, unknown> = { ...booking(v.id, "2026-12-01", "2026-12-02"), initial_payment_date: undefined, intial_payment_date: "2026-12-01", off_hire_date: "", insurance_expiry: "", tax_expiry: "" };
    const made = await api.post("rentals", body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.initial_payment_date).toBe("2026-12-01");
    expect(made.body).not.toHaveProperty("intial_payment_date");
    expect(made.body.off_hire_date).toBeNull();
    expect(made.body.insurance_expiry).toBeNull();
  });

  it("LT: rounded weeks x weekly + additional cost, term mileage; cost_override keeps the total", async () => {
    const v = await newVan();
    const lt = await ok(api.post("rentals", { ...booking(v.id, "2027-01-04", "2027-03-28"), rental_type: "LT", long_term_weekly: 180, additional_cost: 20, term: 12, mileage_allowance: 26000, invoice_interval: "MONTHLY" }));
    expect(lt).toMatchObject({ days: 84, total: 12 * 180 + 20, total_mileage: 6000, invoice_interval: "MONTHLY" });
    const over = await ok(api.put(`rentals/${lt.id}`, { ...lt, cost_override: true, total: 2000 }));
    expect(over.total).toBe(2000);
  });

  it("off-hire charges: excess mileage charge and the total to 2 dp", async () => {
    const v = await newVan();
    const r = await ok(api.post("rentals", { ...booking(v.id, "2027-04-01", "2027-04-03"), off_hire_excess_mileage: 123, excess_mileage_charge_per_mile: 0.15, off_hire_new_damage: 80.005, off_hire_missing_fuel: 20 }));
    expect(r.excess_mileage_charge).toBe(18.45);
    expect(r.off_hire_total_additional_charges).toBe(118.46);
  });

  it("refuses bad input with a clear 400 and writes nothing", async () => {
    const before = (await api.get("rentals?page_size=1")).body.count;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ start_date: "2026-12-05", finish_date: "2026-12-01" }, "The end date must not be before the start date"],
      [{ start_date: "" }, "Start date is required"],
      [{ status: "MAYBE" }, "Status must be QUOTE, CONFIRMED or NOT REQUIRED"],
      [{ rental_type: "LT", term: null, mileage_allowance: 1000, long_term_weekly: 100 }, "Term (weeks) is required for a long-term rental"],
      [{ invoice_interval: "WEEKLY" }, "An invoice interval applies only to long-term rentals"],
      [{ deposit: "lots" }, "Must be a number"],
      // The form's required inputs (001 §5), enforced by the server too.
      [{ start_mileage: null }, "Start mileage is required"],
      [{ deposit: null }, "Deposit is required"],
      [{ deposit_paid_date: "" }, "Deposit paid date is required"],
      [{ initial_payment: null }, "Initial payment is required"],
      [{ initial_payment_date: null }, "Initial payment date is required"],
      [{ surprise: 1 }, ""],
    ];
    const v = await newVan();
    for (const [change, message] of cases) {
      const res = await api.post("rentals", { ...booking(v.id, "2026-12-01", "2026-12-03"), ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      if (message) expect(JSON.stringify(res.body)).toContain(message);
    }
    expect((await api.get("rentals?page_size=1")).body.count).toBe(before);
  });

  it("a stale save gets 409 and changes nothing", async () => {
    const v = await newVan();
    const r = await ok(api.post("rentals", booking(v.id, "2027-05-01", "2027-05-02")));
    const first = await ok(api.put(`rentals/${r.id}`, { ...r, comments: "first" }));
    const stale = await api.put(`rentals/${r.id}`, { ...r, comments: "second" });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^An error occurred!/);
    expect((await api.get(`rentals/${r.id}`)).body.comments).toBe(first.comments);
  });

  it("deletes, and 401 without a token", async () => {
    const v = await newVan();
    const r = await ok(api.post("rentals", booking(v.id, "2027-06-01", "2027-06-02")));
    expect((await call("GET", `rentals/${r.id}`)).status).toBe(401);
    expect((await api.del(`rentals/${r.id}`)).status).toBe(200);
    expect((await api.get(`rentals/${r.id}`)).status).toBe(404);
  });
});

describe("no double booking", () => {
  it("refuses a confirmed rental over another's dates with the spec's message; quotes and other dates pass", async () => {
    const v = await newVan();
    await ok(api.post("rentals", booking(v.id, "2027-02-01", "2027-02-10")));
    const clash = await api.post("rentals", { ...booking(v.id, "2027-02-10", "2027-02-12"), customer: ref.bolt.id });
    expect(clash.status).toBe(400);
    expect(clash.body.message).toBe("This vehicle is already booked out to Acme Builders Ltd!");
    expect((await api.post("rentals", { ...booking(v.id, "2027-02-05", "2027-02-06"), status: "QUOTE" })).status).toBe(201);
    expect((await api.post("rentals", booking(v.id, "2027-02-11", "2027-02-12"))).status).toBe(201);
  });

  it("confirming a quote over a booking is refused; moving a booking frees its old dates", async () => {
    const v = await newVan();
    const a = await ok(api.post("rentals", booking(v.id, "2027-03-01", "2027-03-05")));
    const q = await ok(api.post("rentals", { ...booking(v.id, "2027-03-04", "2027-03-06"), status: "QUOTE" }));
    expect((await api.put(`rentals/${q.id}`, { ...q, status: "CONFIRMED" })).status).toBe(400);
    await ok(api.put(`rentals/${a.id}`, { ...a, start_date: "2027-03-10", finish_date: "2027-03-12" }));
    const fresh = (await api.get(`rentals/${q.id}`)).body;
    expect((await api.put(`rentals/${q.id}`, { ...fresh, status: "CONFIRMED" })).status).toBe(200);
  });

  it("holds when overlapping bookings are saved at the same instant: exactly one wins", async () => {
    const v = await newVan();
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) => api.post("rentals", booking(v.id, `2027-07-0${1 + i}`, `2027-07-0${3 + i}`))),
    );
    const won = attempts.filter((r) => r.status === 201);
    expect(won.length).toBeGreaterThanOrEqual(1);
    // No two winners overlap.
    const ranges = won.map((r) => [r.body.start_date, r.body.finish_date] as const);
    for (let i = 0; i < ranges.length; i++) for (let j = i + 1; j < ranges.length; j++) expect(ranges[i][0] <= ranges[j][1] && ranges[j][0] <= ranges[i][1]).toBe(false);
    for (const r of attempts.filter((x) => x.status !== 201)) expect([400, 409]).toContain(r.status);
  });

  it("deleting a booking frees the dates", async () => {
    const v = await newVan();
    const a = await ok(api.post("rentals", booking(v.id, "2027-08-01", "2027-08-05")));
    await ok(api.del(`rentals/${a.id}`));
    expect((await api.post("rentals", booking(v.id, "2027-08-02", "2027-08-03"))).status).toBe(201);
  });
});

describe("many staff booking at once", () => {
  // A bug fix: concurrent creates share list counters, and DynamoDB cancels one
  // of two transactions touching the same item; those saves failed with a 500.
  it("takes every one of many rentals created at the same instant", async () => {
    const vans = await Promise.all(Array.from({ length: 8 }, () => newVan()));
    const made = await Promise.all(vans.map((v) => api.post("rentals", booking(v.id, "2029-05-01", "2029-05-03"))));
    expect(made.map((r) => r.status)).toEqual(made.map(() => 201));
    const ids = made.map((r) => r.body.id);
    expect(new Set(ids).size).toBe(8);
    const listed = await ok(api.get("rentals?start_date=2029-05-01&finish_date=2029-05-03&page_size=100"));
    for (const id of ids) expect(listed.results.map((r: any) => r.id)).toContain(id);
  });

  it("takes concurrent saves of different rentals of one vehicle", async () => {
    const v = await newVan();
    const a = await ok(api.post("rentals", booking(v.id, "2029-06-01", "2029-06-02")));
    const b = await ok(api.post("rentals", booking(v.id, "2029-06-10", "2029-06-12")));
    const saved = await Promise.all([api.put(`rentals/${a.id}`, { ...a, comments: "a" }), api.put(`rentals/${b.id}`, { ...b, comments: "b" })]);
    expect(saved.map((r) => r.status)).toEqual([200, 200]);
  });
});

describe("availability and lists", () => {
  it("GET rentals?vehicle&start_date&finish_date gives the standing rentals that meet the dates, hirer first", async () => {
    const v = await newVan();
    await ok(api.post("rentals", booking(v.id, "2027-09-01", "2027-09-05")));
    await ok(api.post("rentals", { ...booking(v.id, "2027-09-04", "2027-09-04"), status: "NOT REQUIRED" }));
    const hit = await ok(api.get(`rentals?vehicle=${v.id}&start_date=2027-09-05&finish_date=2027-09-09`));
    expect(hit.count).toBe(1);
    expect(hit.results[0].customer.display_name).toBe("Acme Builders Ltd");
    expect((await ok(api.get(`rentals?vehicle=${v.id}&start_date=2027-09-06&finish_date=2027-09-09`))).count).toBe(0);
  });

  it("the finder lists active vehicles of a type free for the dates", async () => {
    const free = await newVan({ type: ref.luton.id });
    const busy = await newVan({ type: ref.luton.id });
    await newVan({ type: ref.luton.id, vehicle_status: "FORSALE" });
    await ok(api.post("rentals", booking(busy.id, "2027-10-01", "2027-10-10")));
    const res = await ok(api.get(`rentals/available?start_date=2027-10-05&finish_date=2027-10-06&type=${ref.luton.id}`));
    const ids = res.results.map((v: any) => v.id);
    expect(ids).toContain(free.id);
    expect(ids).not.toContain(busy.id);
    expect(res.count).toBe(1);
    expect((await api.get("rentals/available?start_date=2027-10-05")).status).toBe(400);
  });

  it("the vehicle's and the customer's rental records carry total_cost and total_weekly", async () => {
    const v = await newVan();
    const cust = await ok(api.post("contacts", { display_name: "Record Keeper Ltd", contact_type: "CC", company_name: "Record Keeper Ltd", company_phone: "01332 496000", company_email: "a@b.co.uk", hire_account_code: "01" }));
    await ok(api.post("rentals", { ...booking(v.id, "2027-11-01", "2027-11-07"), customer: cust.id }));
    await ok(api.post("rentals", { ...booking(v.id, "2027-11-20", "2027-11-20"), customer: cust.id }));
    const byVehicle = await ok(api.get(`rentals?vehicle=${v.id}&page=1&page_size=5`));
    expect(byVehicle.count).toBe(2);
    expect(byVehicle.total_cost).toBe(310 + 60);
    expect(byVehicle.results[0].start_date).toBe("2027-11-20");
    const byCustomer = await ok(api.get(`rentals?customer=${cust.id}&page=1&page_size=10`));
    expect(byCustomer.count).toBe(2);
    // ST weekly = total / days x 7: 310 for the week, 420 for the single day.
    expect(byCustomer.total_weekly).toBe(310 + 420);
  });

  it("a rental record pages its list and keeps its totals with every save, never reading the whole history", async () => {
    const v = await newVan();
    const cust = await ok(api.post("contacts", { display_name: "Long Standing Ltd", contact_type: "CC", company_name: "Long Standing Ltd", company_phone: "01332 496000", company_email: "a@b.co.uk", hire_account_code: "01" }));
    const made = [];
    // Seven one-week rentals at 310 (weekly 310) and one LT at 150 a week.
    for (let k = 0; k < 7; k++) made.push(await ok(api.post("rentals", { ...booking(v.id, `2029-0${k + 1}-01`, `2029-0${k + 1}-07`), customer: cust.id })));
    const lt = await ok(api.post("rentals", { ...booking(v.id, "2029-09-01", "2029-11-30"), customer: cust.id, rental_type: "LT", long_term_weekly: 150, term: 13, mileage_allowance: 10000 }));
    const Hire = await import("../../core/hire/all.js");
    const read = vi.spyOn(Hire.Rental, "getMany");
    try {
      const page2 = await ok(api.get(`rentals?customer=${cust.id}&page=2&page_size=5`));
      expect(page2.count).toBe(8);
      expect(page2.results.map((r: any) => r.start_date)).toEqual(["2029-03-01", "2029-02-01", "2029-01-01"]);
      expect(page2.total_cost).toBe(7 * 310 + lt.total);
      expect(page2.total_weekly).toBe(7 * 310 + 150);
      // Only the page's rentals are read.
      expect(read.mock.calls.flatMap((c) => c[0]).length).toBeLessThanOrEqual(5);
    } finally {
      read.mockRestore();
    }
    // A save and a delete move the totals at once.
    await ok(api.put(`rentals/${made[0].id}`, { ...booking(v.id, "2029-01-01", "2029-01-03"), customer: cust.id, last_saved: made[0].last_saved }));
    await ok(api.del(`rentals/${made[1].id}`));
    const after = await ok(api.get(`rentals?vehicle=${v.id}&page=1&page_size=5`));
    expect(after.count).toBe(7);
    expect(after.total_cost).toBe(5 * 310 + 150 + lt.total);
    expect(after.total_weekly).toBe(5 * 310 + 350 + 150);
  });

  it("the weekly view (Monday to Sunday) and the calendar read the rentals meeting the window", async () => {
    const v = await newVan();
    const long = await ok(api.post("rentals", { ...booking(v.id, "2028-01-01", "2028-03-31"), rental_type: "LT", long_term_weekly: 150, term: 13, mileage_allowance: 10000 }));
    const res = await ok(api.get("rentals?view=weekly&date=2028-02-16"));
    expect(res.results.map((r: any) => r.id)).toContain(long.id);
    const cal = await ok(api.get("rentals/calendar?date=2028-02-16"));
    expect(cal.start_date).toBe("2028-02-14");
    expect(cal.end_date).toBe("2028-02-20");
    expect(cal.days).toHaveLength(7);
    expect(cal.results.find((row: any) => row.vehicle?.id === v.id).rentals[0].id).toBe(long.id);
    expect((await api.get("rentals?start_date=2028-02-20&finish_date=2028-02-14")).status).toBe(400);
  });
});

describe("availability check: the vehicle's rentals by finish date", () => {
  afterEach(() => vi.restoreAllMocks());

  /** What the check answered before the finish-date list: every rental of the vehicle, filtered. */
  const asBefore = async (vehicle: number, start: string, finish: string) => {
    const all = (await ok(api.get(`rentals?vehicle=${vehicle}&page=1&page_size=1000`))).results as any[];
    return all
      .filter((r) => r.status !== "NOT REQUIRED" && r.start_date <= finish && (r.finish_date ?? "9999-12-31") >= start)
      .sort((a, b) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : a.id - b.id));
  };

  it("answers as before: the standing rentals meeting the dates, in start order, with the same totals", async () => {
    const v = await newVan();
    const made = [
      booking(v.id, "2029-01-01", "2029-01-05"),
      booking(v.id, "2029-01-08", "2029-01-20"),
      { ...booking(v.id, "2029-01-10", "2029-01-12"), status: "QUOTE" },
      { ...booking(v.id, "2029-01-09", "2029-01-09"), status: "NOT REQUIRED" },
      booking(v.id, "2029-01-21", "2029-01-21"),
      booking(v.id, "2029-02-01", "2029-02-03"),
    ];
    for (const body of made) await ok(api.post("rentals", body));
    for (const [start, finish] of [["2029-01-05", "2029-01-10"], ["2029-01-20", "2029-01-21"], ["2029-01-22", "2029-01-31"], ["2028-12-01", "2029-03-01"], ["2029-01-21", "2029-01-21"]]) {
      const res = await ok(api.get(`rentals?vehicle=${v.id}&start_date=${start}&finish_date=${finish}&page=1&page_size=25`));
      const expected = await asBefore(v.id, start, finish);
      expect(res.results.map((r: any) => r.id)).toEqual(expected.map((r) => r.id));
      expect(res.count).toBe(expected.length);
      expect(res.total_cost).toBe(Math.round(expected.reduce((t, r) => t + r.total * 100, 0)) / 100);
    }
    // One date only: the window is that day.
    expect((await ok(api.get(`rentals?vehicle=${v.id}&start_date=2029-01-21`))).results.map((r: any) => r.start_date)).toEqual(["2029-01-21"]);
    // Status and department narrow as before.
    expect((await ok(api.get(`rentals?vehicle=${v.id}&start_date=2029-01-01&finish_date=2029-02-28&status=QUOTE`))).count).toBe(1);
  });

  it("reads only the rentals finishing on or after the window's start, however long the vehicle's history", async () => {
    const Hire = await import("../../core/hire/all.js");
    const v = await newVan();
    const past: number[] = [];
    for (let m = 1; m <= 12; m++) past.push((await ok(api.post("rentals", booking(v.id, `2026-${String(m).padStart(2, "0")}-01`, `2026-${String(m).padStart(2, "0")}-03`)))).id);
    const meeting = await ok(api.post("rentals", booking(v.id, "2027-01-04", "2027-01-08")));
    const later = await ok(api.post("rentals", booking(v.id, "2027-03-01", "2027-03-02")));
    const entries = vi.spyOn(Hire.Rental, "entriesIn");
    const read = vi.spyOn(Hire.Rental, "getMany");
    const res = await ok(api.get(`rentals?vehicle=${v.id}&start_date=2027-01-06&finish_date=2027-01-12`));
    expect(res.results.map((r: any) => r.id)).toEqual([meeting.id]);
    expect(entries.mock.calls).toEqual([[`vehiclefinish#${v.id}`, { from: "2027-01-06", tags: [] }]]);
    // The twelve past rentals are not even listed; the later one is listed but not read.
    expect((await entries.mock.results[0].value).map((e: any) => e.id)).toEqual([meeting.id, later.id]);
    expect(read.mock.calls).toEqual([[[meeting.id]]]);
    expect(past).toHaveLength(12);
  });

  it("finds open-ended rentals (sorted after every date)", async () => {
    const Hire = await import("../../core/hire/all.js");
    const { ListEntry } = await import("../../core/platform/service.js");
    const v = await newVan();
    const lt = await ok(api.post("rentals", { ...booking(v.id, "2029-06-01", "2029-06-30"), rental_type: "LT", long_term_weekly: 150, term: 52, mileage_allowance: 10000 }));
    // Saves need a finish date, but records brought over from the old system may have none:
    // store this one as such a record, with the entry its memberships give it.
    const stored = (await Hire.Rental.getMany([lt.id]))[0] as any;
    await Hire.Rental.entity.patch({ record_type: "rental", id: lt.id }).remove(["finish_date"]).go();
    const open = Hire.rentalMemberships({ ...stored, finish_date: null }).find((m) => m.list === `vehiclefinish#${v.id}`)!;
    expect(open.sort).toBe("9999-12-31");
    await ListEntry.delete({ list: `rental#vehiclefinish#${v.id}`, sort: "2029-06-30", id: lt.id }).go();
    await ListEntry.put({ list: `rental#vehiclefinish#${v.id}`, sort: open.sort, id: lt.id, tags: `|${open.tags.join("|").toLowerCase()}|` }).go();
    const res = await ok(api.get(`rentals?vehicle=${v.id}&start_date=2031-05-01&finish_date=2031-05-02`));
    expect(res.results.map((r: any) => r.id)).toEqual([lt.id]);
    expect(res.results[0].finish_date).toBeNull();
    expect((await ok(api.get(`rentals?vehicle=${v.id}&start_date=2029-05-01&finish_date=2029-05-31`))).count).toBe(0);
  });

  it("reads the whole history while the vehicle has rentals saved before the finish-date list", async () => {
    const { ListEntry, Counter } = await import("../../core/platform/service.js");
    const v = await newVan();
    const kept = await ok(api.post("rentals", booking(v.id, "2029-09-01", "2029-09-05")));
    const older = await ok(api.post("rentals", booking(v.id, "2029-09-10", "2029-09-12")));
    // As written before the list existed: no finish-date entry, and the list's count one short.
    await ListEntry.delete({ list: `rental#vehiclefinish#${v.id}`, sort: "2029-09-12", id: older.id }).go();
    await Counter.update({ name: `rental#list#vehiclefinish#${v.id}` }).add({ live: -1 }).go();
    const Hire = await import("../../core/hire/all.js");
    const entries = vi.spyOn(Hire.Rental, "entriesIn");
    const res = await ok(api.get(`rentals?vehicle=${v.id}&start_date=2029-09-04&finish_date=2029-09-11`));
    expect(res.results.map((r: any) => r.id)).toEqual([kept.id, older.id]);
    expect(entries.mock.calls.map((c) => c[0])).toEqual([`vehicle#${v.id}`]);
  });
});

describe("suggested weekly rate", () => {
  it("comes from the margin, the make's per-mile costs, the type's fixed costs and the open agreement", async () => {
    const make = await ok(api.post("vehiclemake", { name: "Renault", maintenance_cost_per_mile: 0.1, additional_depreciation_per_mile: 0.01 }));
    const model = await ok(api.post("vehiclemodel", { name: "Master", make: make.id, mileage_limit: 100000 }));
    const type = await ok(api.post("vehicletype", { name: "L3", fixed_hire_costs: 15 }));
    const v = await newVan({ make: make.id, model: model.id, type: type.id, mileage: 60000 });
    const none = await ok(api.get(`rentals/suggestedrate?vehicle=${v.id}&margin=${margin.id}&mileage_allowance=20800`));
    expect(none).toMatchObject({ suggested_weekly_rate: null, message: "Unable To Calculate Rate" });
    const withFinance = await ok(api.put(`vehicles/${v.id}`, {
      ...v, finance_agreements: [{ finance_type: "REGULAR", monthly_payment: 400, invoice_date: "2026-01-10", depreciation_start_date: "2026-01-10" }],
    }));
    expect(withFinance.id).toBe(v.id);
    const rate = await ok(api.get(`rentals/suggestedrate?vehicle=${v.id}&margin=${margin.id}&mileage_allowance=20800&term=52&start_mileage=60000`));
    expect(rate).toMatchObject({ suggested_weekly_rate: 211.83, message: null, mileage_too_high: false, warning: null, finance_type: "REGULAR" });
    // 1,000 miles a week for 52 weeks on 60,000 passes the model's 100,000 limit.
    const high = await ok(api.get(`rentals/suggestedrate?vehicle=${v.id}&margin=${margin.id}&mileage_allowance=52000&term=52&start_mileage=60000`));
    expect(high).toMatchObject({ suggested_weekly_rate: 304.23, mileage_too_high: true, warning: "WARNING - MILEAGE TOO HIGH" });
  });
});

describe("hire agreement texts (settings)", () => {
  it("read as the two readings' defaults until edited, and save like any default", async () => {
    const d = await ok(api.get("appdefaults"));
    expect(d.long_term_terms_reading).toBe("A");
    expect(d.long_term_terms_a).toContain("£20 per week");
    expect(d.long_term_terms_b).toContain("{penalty}");
    const saved = await ok(api.put("appdefaults", { long_term_terms_reading: "B", hire_terms_and_conditions: "Our terms.", last_saved: d.last_saved }));
    expect(saved.long_term_terms_reading).toBe("B");
    const again = await ok(api.get("appdefaults"));
    expect(again.hire_terms_and_conditions).toBe("Our terms.");
    expect(again.long_term_terms_a).toContain("£20 per week");
    expect((await api.put("appdefaults", { long_term_terms_reading: "C", last_saved: again.last_saved })).status).toBe(400);
  });
});

describe("integrity (issue 15)", () => {
  it("refuses a rental of a vehicle, customer or margin that does not exist, naming the field; nothing is written", async () => {
    const v = await newVan();
    const before = (await api.get("rentals?page_size=1")).body.count;
    const res = await api.post("rentals", booking(999999, "2027-08-01", "2027-08-03"));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ vehicle: "Vehicle 999999 does not exist" });
    const customer = await api.post("rentals", { ...booking(v.id, "2027-08-01", "2027-08-03"), customer: 999999, margin: 999999 });
    expect(customer.status).toBe(400);
    expect(customer.body.errors).toEqual({ customer: "Contact 999999 does not exist", margin: "Rental margin 999999 does not exist" });
    expect((await api.get("rentals?page_size=1")).body.count).toBe(before);
  });

  it("refuses negative deposits, payments and mileages, and absurd amounts", async () => {
    const v = await newVan();
    for (const [change, field] of [
      [{ deposit: -100 }, "deposit"],
      [{ initial_payment: -1 }, "initial_payment"],
      [{ total: -5, cost_override: true }, "total"],
      [{ start_mileage: -1 }, "start_mileage"],
      [{ start_mileage: 2_000_001 }, "start_mileage"],
      [{ deposit: 1e17 }, "deposit"],
      [{ first_day: 2 ** 53 }, "first_day"],
    ] as const) {
      const res = await api.post("rentals", { ...booking(v.id, "2027-09-01", "2027-09-03"), ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
  });

  it("refuses a rental whose derived total would be beyond any amount the business means, before anything is written", async () => {
    const v = await newVan();
    const before = (await api.get("rentals?page_size=1")).body.count;
    const rates = { first_day: 10_000_000, two_five_days: 10_000_000, six_twenty_seven_days: 10_000_000, twenty_eight_plus: 10_000_000 };
    const res = await api.post("rentals", { ...booking(v.id, "2027-01-01", "2030-12-31"), ...rates });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors.total).toBe("Must be an amount from £0 to £10,000,000");
    expect(res.body.message).toMatch(/^This would store .*total.* outside their bounds: Must be an amount from £0 to £10,000,000$/);
    expect((await api.get("rentals?page_size=1")).body.count).toBe(before);
  });

  it("answers 400 to a reversed date range on every rentals read", async () => {
    for (const path of ["rentals/figures?start=2026-06-30&end=2026-06-01", "rentals?start_date=2026-06-30&finish_date=2026-06-01", "rentals/calendar?start_date=2026-06-30&end_date=2026-06-01"]) {
      const res = await api.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.message).toBe("The end date must not be before the start date");
    }
  });
});

describe("the contract of 001 §3 and 003 §7", () => {
  it("every GET rentals answer carries filter_list (empty: the rental lists have no column filters)", async () => {
    const v = await newVan();
    await ok(api.post("rentals", booking(v.id, "2031-03-02", "2031-03-04")));
    for (const q of [`customer=${ref.acme.id}&page=1&page_size=10`, `vehicle=${v.id}&page_size=5`, "view=weekly&date=2031-03-02", "status=CONFIRMED", "", `customer=${ref.acme.id}&search=zz`, `vehicle=${v.id}&start_date=2031-03-01&finish_date=2031-03-05`]) {
      const res = await ok(api.get(`rentals?${q}`));
      expect(res, q).toMatchObject({ filter_list: {}, count: expect.any(Number), total_cost: expect.any(Number), total_weekly: expect.any(Number) });
      expect(res.results, q).toEqual(expect.any(Array));
    }
  });

  it("the rental's vehicle carries status and the rate fields of the vehicle record", async () => {
    const v = await newVan({ first_day: 65, two_five_days: 55, six_twenty_seven_days: 45, twenty_eight_plus: 35, long_term_weekly: 240 });
    const r = await ok(api.post("rentals", booking(v.id, "2031-04-01", "2031-04-02")));
    const got = await ok(api.get(`rentals/${r.id}`));
    expect(got.vehicle).toMatchObject({
      id: v.id, status: "ACTIVE", vehicle_status: "ACTIVE", last_saved: v.last_saved, location: v.location,
      first_day: 65, two_five_days: 55, six_twenty_seven_days: 45, twenty_eight_plus: 35, long_term_weekly: 240,
      weekend: 120, one_week: 65 + 4 * 55 + 2 * 45, six_twenty_seven_week: 7 * 45,
    });
    // Lists carry the same vehicle object.
    const listed = (await ok(api.get(`rentals?vehicle=${v.id}`))).results[0];
    expect(listed.vehicle).toEqual(got.vehicle);
  });

  it("GET rentals?search= alone finds rentals by registration, hirer name or number, of the status asked", async () => {
    const v = await newVan({ registration: "SR31 CHA" });
    const hirer = await ok(api.post("contacts", { display_name: "Searchable Hire Ltd", contact_type: "CC", company_name: "Searchable Hire Ltd", company_phone: "01332 496000", company_email: "s@h.co.uk", hire_account_code: "01" }));
    const a = await ok(api.post("rentals", booking(v.id, "2031-05-01", "2031-05-02")));
    const b = await ok(api.post("rentals", { ...booking(v.id, "2031-06-01", "2031-06-02"), customer: hirer.id, status: "QUOTE" }));
    const ids = async (q: string) => (await ok(api.get(`rentals?${q}`))).results.map((r: any) => r.id);
    expect(await ids("search=SR31")).toEqual([b.id, a.id]);
    expect(await ids("search=sr31 cha")).toEqual([b.id, a.id]);
    expect(await ids("search=searchable")).toEqual([b.id]);
    expect(await ids(`search=${a.id}`)).toEqual([a.id]);
    expect(await ids("search=SR31&status=QUOTE")).toEqual([b.id]);
    const none = await ok(api.get("rentals?search=ZZZZ"));
    expect(none).toMatchObject({ count: 0, results: [], total_cost: 0 });
    const found = await ok(api.get("rentals?search=SR31&page_size=1&page=2"));
    expect(found.count).toBe(2);
    expect(found.results.map((r: any) => r.id)).toEqual([a.id]);
  });
});
