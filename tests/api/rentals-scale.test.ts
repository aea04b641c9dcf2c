import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { client, signIn } from "../support/api.js";
import { fleetReference, van, ok, booking as rentalBooking } from "./fleet-support.js";

/**
 * Rentals at scale (issue 10): long rentals in every month's figures and
 * never refused for size; windows, status and department lists that read
 * what they return, not the table.
 */

let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;


beforeAll(async () => {
  api = client(await signIn("rentals@vanco.co.uk", "Rita"));
  ref = await fleetReference(api);
  await ok(api.post("rentalmargin", { name: "Standard", margin: 40 }));
});

const newVan = async () => ok(api.post("createvehicle", van({ make: ref.ford.id, model: ref.transit.id, type: ref.l1.id })));

const booking = (vehicle: number | null, start: string, finish: string, extra: Record<string, unknown> = {}) => rentalBooking(ref, vehicle, start, finish, extra);
const longTerm = { rental_type: "LT", long_term_weekly: 100, term: 52, mileage_allowance: 20000 };
const pounds = (n: number) => Math.round(n * 100) / 100;
const daysIn = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

describe("a long rental", () => {
  afterEach(() => vi.restoreAllMocks());

  it("of 48 months is in every month's figures, month 1, 37 and 48 alike", async () => {
    const v = await newVan();
    const r = await ok(api.post("rentals", booking(v.id, "2040-01-01", "2043-12-31", longTerm)));
    expect(r.days).toBe(1461);
    for (const month of ["2040-01", "2043-01", "2043-12"]) {
      const figures = await ok(api.get(`rentals/figures?type=monthly&date=${month}-15&department=${ref.rentals.id}`));
      expect(figures).toMatchObject({ rentals: 1, long_term: 1, long_term_income: pounds((r.total / r.days) * daysIn(month)) });
    }
    // Its weekly view, calendar and window lists find it too, in its last month.
    expect((await ok(api.get("rentals?view=weekly&date=2043-12-29"))).results.map((x: any) => x.id)).toEqual([r.id]);
    expect((await ok(api.get("rentals/calendar?date=2043-12-29"))).results[0].rentals[0].id).toBe(r.id);
    expect((await ok(api.get("rentals/figures?type=monthly&date=2044-01-15"))).rentals).toBe(0);
  });

  it("writes a few entries whatever its length: 60 months create and move their start by 12 months without a size refusal", async () => {
    const Hire = await import("../../core/hire/all.js");
    const v = await newVan();
    const r = await ok(api.post("rentals", booking(v.id, "2045-01-01", "2049-12-31", longTerm)));
    const moved = await ok(api.put(`rentals/${r.id}`, { ...booking(v.id, "2046-01-01", "2049-12-31", longTerm), last_saved: r.last_saved }));
    expect(moved.start_date).toBe("2046-01-01");
    // Back to a short hire, then long again: month entries and the long entry swap places.
    const short = await ok(api.put(`rentals/${r.id}`, { ...booking(v.id, "2046-01-01", "2046-02-10", longTerm), last_saved: moved.last_saved }));
    expect((await Hire.Rental.entriesIn("long", { from: "2046-01-01" })).map((e) => e.id)).not.toContain(r.id);
    expect((await Hire.Rental.entriesIn("month#2046-02")).map((e) => e.id)).toContain(r.id);
    await ok(api.put(`rentals/${r.id}`, { ...booking(v.id, "2046-01-01", "2050-12-31", longTerm), last_saved: short.last_saved }));
    expect((await Hire.Rental.entriesIn("month#2046-02")).map((e) => e.id)).not.toContain(r.id);
    const figures = (month: string) => ok(api.get(`rentals/figures?type=monthly&date=${month}-15&department=${ref.rentals.id}`));
    expect((await figures("2045-06")).rentals).toBe(0);
    expect((await figures("2046-06")).rentals).toBe(1);
    expect((await figures("2050-12")).rentals).toBe(1);
    // The booking set moved with it: the old first year is free, the new dates are held.
    expect((await api.post("rentals", booking(v.id, "2045-03-01", "2045-03-05"))).status).toBeLessThan(300);
    expect((await api.post("rentals", booking(v.id, "2048-03-01", "2048-03-05"))).status).toBe(400);
  });

  it("is in a window's figures once, even beside the month entries it had before the long list", async () => {
    const { ListEntry } = await import("../../core/platform/service.js");
    const v = await newVan();
    const r = await ok(api.post("rentals", booking(v.id, "2055-01-01", "2056-12-31", longTerm)));
    // As the earlier release left it: an entry in each month, tagged with the rental's dates then,
    // including months it no longer runs through (its start moved since) and a month it still does.
    const tags = `|status=confirmed|type=lt|dept=${ref.rentals.id}|fin=2056-12-31|days=730|tot=10400|ohd=~|ohc=0|`;
    await ListEntry.put({ list: "rental#month#2054-06", sort: "2054-06-01", id: r.id, tags }).go();
    await ListEntry.put({ list: "rental#month#2055-03", sort: "2054-06-01", id: r.id, tags }).go();
    const month = (m: string) => ok(api.get(`rentals/figures?type=monthly&date=${m}-15&department=${ref.rentals.id}`));
    expect((await month("2054-06")).rentals).toBe(0);
    const march = await month("2055-03");
    expect(march).toMatchObject({ rentals: 1, long_term_income: pounds((r.total / r.days) * 31) });
    expect((await ok(api.get("rentals?start_date=2054-06-01&finish_date=2054-06-30"))).count).toBe(0);
    expect((await ok(api.get("rentals?start_date=2055-03-01&finish_date=2055-03-31"))).count).toBe(1);
  });
});

describe("the index upgrade (indexVersion 4)", () => {
  it("lists the long rentals an earlier release kept in month lists, so their later months count again", async () => {
    const { ListEntry, Counter } = await import("../../core/platform/service.js");
    const { upgradeIndexes } = await import("../../core/platform/upgrades.js");
    const { recordTypes } = await import("../../core/platform/records/define.js");
    const v = await newVan();
    const r = await ok(api.post("rentals", booking(v.id, "2080-01-01", "2083-12-31", longTerm)));
    // As the earlier release left it: no long entry (it wrote month entries, at most 36), and the stage at version 3.
    await ListEntry.delete({ list: "rental#long", sort: "2083-12-31", id: r.id }).go();
    await Counter.update({ name: "indexversion#rental" }).set({ seq: 3 }).go();
    const month40 = () => ok(api.get(`rentals/figures?type=monthly&date=2083-04-15&department=${ref.rentals.id}`));
    expect((await month40()).rentals).toBe(0);
    const done = await upgradeIndexes();
    // Up to the rental type's current version (it moves on as later releases change the rental's lists).
    expect(done.find((d) => d.type === "rental")).toMatchObject({ from: 3, to: recordTypes.find((t) => t.type === "rental")!.indexVersion });
    expect((await month40()).rentals).toBe(1);
  });
});

describe("the Other Rentals panel and the weekly and monthly views", () => {
  afterEach(() => vi.restoreAllMocks());

  it("page a window 25 at a time with its count and totals, reading only the page's rentals", async () => {
    const Hire = await import("../../core/hire/all.js");
    const v = await newVan();
    const made: any[] = [];
    // 30 quotes of one day each in March 2060 (quotes may share a van), and a long hire meeting the month.
    for (let d = 1; d <= 30; d++) made.push(await ok(api.post("rentals", booking(v.id, `2060-03-${String(d).padStart(2, "0")}`, `2060-03-${String(d).padStart(2, "0")}`, { status: "QUOTE" }))));
    const long = await ok(api.post("rentals", booking(null, "2058-01-01", "2062-12-31", longTerm)));
    const read = vi.spyOn(Hire.Rental, "getMany");
    const first = await ok(api.get("rentals?start_date=2060-03-01&finish_date=2060-03-31&page=1&page_size=25"));
    expect(first.count).toBe(31);
    expect(first.results.map((r: any) => r.id)).toEqual([long.id, ...made.slice(0, 24).map((r) => r.id)]);
    expect(first.total_cost).toBe(pounds(long.total + made.reduce((t, r) => t + r.total, 0)));
    expect(read.mock.calls.flatMap((c) => c[0]).length).toBeLessThanOrEqual(25);
    read.mockClear();
    const second = await ok(api.get("rentals?start_date=2060-03-01&finish_date=2060-03-31&page=2&page_size=25"));
    expect(second.results.map((r: any) => r.id)).toEqual(made.slice(24).map((r) => r.id));
    expect(read.mock.calls.flatMap((c) => c[0]).length).toBeLessThanOrEqual(6);
    // The monthly view of the same month answers the same way; a status narrows it.
    expect((await ok(api.get("rentals?view=monthly&date=2060-03-10&page=2&page_size=25"))).results).toHaveLength(6);
    expect((await ok(api.get("rentals?view=monthly&date=2060-03-10&status=CONFIRMED"))).results.map((r: any) => r.id)).toEqual([long.id]);
    // A window five years wide is read from its 60 months and the long list, never capped.
    expect((await ok(api.get("rentals?start_date=2058-01-01&finish_date=2062-12-31&page=2&page_size=25"))).count).toBe(31);
  });

  it("leave the rental open in the form out of its Other Rentals (except): page, count and totals", async () => {
    const v = await newVan();
    const made: any[] = [];
    for (let d = 1; d <= 26; d++) made.push(await ok(api.post("rentals", booking(v.id, `2064-05-${String(d).padStart(2, "0")}`, `2064-05-${String(d).padStart(2, "0")}`, { status: "QUOTE" }))));
    const window = "start_date=2064-05-01&finish_date=2064-05-31";
    const all = await ok(api.get(`rentals?${window}`));
    expect(all.count).toBe(26);
    const open = made[3];
    const others = await ok(api.get(`rentals?${window}&except=${open.id}&page=1&page_size=25`));
    expect(others.count).toBe(25);
    expect(others.results.map((r: any) => r.id)).toEqual(made.filter((r) => r.id !== open.id).map((r) => r.id));
    expect(others.total_cost).toBe(pounds(made.filter((r) => r.id !== open.id).reduce((t, r) => t + r.total, 0)));
    expect((await ok(api.get(`rentals?${window}&except=${open.id}&page=2&page_size=25`))).results).toEqual([]);
    // With a search (names), and for a vehicle's rentals meeting the dates, the same.
    expect((await ok(api.get(`rentals?${window}&except=${open.id}&search=${encodeURIComponent(open.customer.display_name.slice(0, 4))}`))).results.map((r: any) => r.id)).not.toContain(open.id);
    const forVan = await ok(api.get(`rentals?vehicle=${v.id}&${window}&except=${open.id}`));
    expect(forVan.count).toBe(25);
    expect(forVan.results.map((r: any) => r.id)).not.toContain(open.id);
    // A bad id is refused like any other.
    expect((await api.get(`rentals?${window}&except=abc`)).status).toBe(400);
  });
});

describe("a page of rentals joins what it shows", () => {
  afterEach(() => vi.restoreAllMocks());

  it("each rental's van comes with its make, model, type, key, tracker and owner, without reading the van's agreements", async () => {
    const Fleet = await import("../../core/fleet/vehicle.js");
    const v = await newVan();
    const made = await ok(api.post("rentals", booking(v.id, "2066-02-01", "2066-02-03", { status: "QUOTE" })));
    const stored = await ok(api.get(`vehicles/${v.id}`));
    const attach = vi.spyOn(Fleet.VehicleLines, "attach");
    const listed = await ok(api.get("rentals?start_date=2066-02-01&finish_date=2066-02-28"));
    const row = listed.results.find((r: any) => r.id === made.id);
    expect(row.vehicle).toMatchObject({ id: v.id, registration: stored.registration, make: stored.make, model: stored.model, type: stored.type, key: stored.key, tracker: stored.tracker, owner: stored.owner });
    expect(attach).not.toHaveBeenCalled();
  });
});

describe("GET rentals by status and department", () => {
  afterEach(() => vi.restoreAllMocks());

  it("read one page of the status's, department's or both's own list, with its count", async () => {
    const Hire = await import("../../core/hire/all.js");
    const dept = await ok(api.post("createdepartment", { name: "LONG TERM HIRE" }));
    const v = await newVan();
    const made: any[] = [];
    for (let k = 0; k < 4; k++) made.push(await ok(api.post("rentals", booking(v.id, `2065-0${k + 1}-01`, `2065-0${k + 1}-03`, { department: dept.id, status: k % 2 ? "QUOTE" : "CONFIRMED" }))));
    const lists = vi.spyOn(Hire.Rental, "listIn");
    const entries = vi.spyOn(Hire.Rental, "entriesIn");
    const both = await ok(api.get(`rentals?status=CONFIRMED&department=${dept.id}`));
    expect(both.count).toBe(2);
    expect(both.results.map((r: any) => r.id)).toEqual([made[2].id, made[0].id]);
    expect((await ok(api.get(`rentals?department=${dept.id}&page=2&page_size=3`))).results.map((r: any) => r.id)).toEqual([made[0].id]);
    const quotes = await ok(api.get("rentals?status=QUOTE&page=1&page_size=1"));
    expect(quotes.results[0].status).toBe("QUOTE");
    expect(lists.mock.calls.map((c) => c[0])).toEqual([`status#CONFIRMED#dept#${dept.id}`, `dept#${dept.id}`, "status#QUOTE"]);
    expect(lists.mock.calls.every((c) => !(c[1] as any).tags)).toBe(true);
    expect(entries).not.toHaveBeenCalled();
    // A status change moves the rental between lists.
    await ok(api.put(`rentals/${made[1].id}`, { ...booking(v.id, "2065-02-01", "2065-02-03", { department: dept.id, status: "NOT REQUIRED" }), last_saved: made[1].last_saved }));
    expect((await ok(api.get(`rentals?status=QUOTE&department=${dept.id}`))).count).toBe(1);
    expect((await ok(api.get(`rentals?status=NOT REQUIRED&department=${dept.id}`))).results.map((r: any) => r.id)).toEqual([made[1].id]);
  });
});

describe("a rental record searched", () => {
  afterEach(() => vi.restoreAllMocks());

  it("finds a customer's rentals by registration, name or number from what matches, never the customer's whole history", async () => {
    const Hire = await import("../../core/hire/all.js");
    const cust = await ok(api.post("contacts", { display_name: "Searched Hire Ltd", contact_type: "CC", company_name: "Searched Hire Ltd", company_phone: "01332 496000", company_email: "a@b.co.uk", hire_account_code: "01" }));
    const other = await ok(api.post("contacts", { display_name: "Zed Logistics", contact_type: "CC", company_name: "Zed Logistics", company_phone: "01332 496000", company_email: "a@b.co.uk", hire_account_code: "01" }));
    const wanted = await ok(api.post("createvehicle", van({ registration: "SR70 XYZ", make: ref.ford.id })));
    const plain = await ok(api.post("createvehicle", van({ registration: "PL70 ABC", make: ref.ford.id })));
    const onWanted: any[] = [];
    for (let m = 1; m <= 3; m++) onWanted.push(await ok(api.post("rentals", booking(wanted.id, `2070-0${m}-01`, `2070-0${m}-03`, { customer: cust.id }))));
    const history: any[] = [];
    for (let m = 1; m <= 9; m++) history.push(await ok(api.post("rentals", booking(plain.id, `2071-0${m}-01`, `2071-0${m}-03`, { customer: cust.id }))));
    const elsewhere = await ok(api.post("rentals", booking(wanted.id, "2072-01-01", "2072-01-03", { customer: other.id })));
    const ids = vi.spyOn(Hire.Rental, "idsIn");
    const read = vi.spyOn(Hire.Rental, "getMany");
    const byReg = await ok(api.get(`rentals?customer=${cust.id}&search=sr70&page=1&page_size=10`));
    expect(byReg.results.map((r: any) => r.id)).toEqual(onWanted.map((r) => r.id).reverse());
    expect(byReg).toMatchObject({ count: 3, total_cost: pounds(onWanted.reduce((t, r) => t + r.total, 0)) });
    // Only the van's rentals with this customer are listed and read, not the other nine.
    expect(ids.mock.calls.map((c) => c[0])).toEqual([`vehicle#${wanted.id}#customer#${cust.id}`]);
    expect(read.mock.calls.flatMap((c) => c[0]).filter((id) => history.some((h) => h.id === id))).toEqual([]);
    // The customer's own name matches every rental: the record's page.
    const byName = await ok(api.get(`rentals?customer=${cust.id}&search=searched&page=2&page_size=10`));
    expect(byName.count).toBe(12);
    expect(byName.results.map((r: any) => r.id)).toEqual([onWanted[1].id, onWanted[0].id]);
    // A rental's number, only when it is this customer's.
    expect((await ok(api.get(`rentals?customer=${cust.id}&search=${history[4].id}`))).results.map((r: any) => r.id)).toEqual([history[4].id]);
    expect((await ok(api.get(`rentals?customer=${cust.id}&search=${elsewhere.id}`))).count).toBe(0);
    // The vehicle's record by the hirer's name.
    expect((await ok(api.get(`rentals?vehicle=${wanted.id}&search=zed&page=1&page_size=5`))).results.map((r: any) => r.id)).toEqual([elsewhere.id]);
    expect((await ok(api.get(`rentals?vehicle=${wanted.id}&search=sr70 x&page=1&page_size=5`))).count).toBe(4);
  });
});
