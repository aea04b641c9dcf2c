import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, client, signIn } from "../support/api.js";
import { fleetReference, van, ok } from "./fleet-support.js";

let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;

beforeAll(async () => {
  api = client(await signIn("boss@vanco.co.uk", "Bo"));
  ref = await fleetReference(api);
});

const rental = (vehicle: number, start: string, finish: string, extra: Record<string, unknown> = {}) => ({
  status: "CONFIRMED", rental_type: "ST", start_date: start, finish_date: finish, vehicle, customer: ref.acme.id, department: ref.hire.id, first_day: 70, two_five_days: 70, six_twenty_seven_days: 70, twenty_eight_plus: 70,
  start_mileage: 1000, deposit: 0, deposit_paid_date: start, initial_payment: 0, initial_payment_date: start, ...extra,
});

describe("dashboard rental figures (docs/dashboard.md)", () => {
  it("are empty for a week with no rentals", async () => {
    expect(await ok(api.get("rentals/figures?type=weekly&date=2030-01-09"))).toMatchObject({ start: "2030-01-07", end: "2030-01-13", total_income: 0, rentals: 0 });
  });

  it("share each confirmed rental's total by its days inside the week; quotes and other departments do not count", async () => {
    const a = await ok(api.post("createvehicle", van()));
    const b = await ok(api.post("createvehicle", van()));
    // 10 days at 70 = 700, 4 of them (Thu-Sun) in the week of Mon 2030-02-04.
    await ok(api.post("rentals", rental(a.id, "2030-02-07", "2030-02-16")));
    // Long term, 28 days at 200 a week = 800, all 7 days of the week inside it.
    await ok(api.post("rentals", rental(b.id, "2030-01-21", "2030-02-17", { rental_type: "LT", long_term_weekly: 200, term: 4, mileage_allowance: 10000 })));
    await ok(api.post("rentals", { ...rental(a.id, "2030-02-04", "2030-02-05"), status: "QUOTE" }));
    const week = await ok(api.get("rentals/figures?type=weekly&date=2030-02-06"));
    expect(week).toMatchObject({ start: "2030-02-04", end: "2030-02-10", short_term_income: 280, long_term_income: 200, total_income: 480, rentals: 2, starting: 1 });
    const month = await ok(api.get("rentals/figures?type=monthly&date=2030-02-20"));
    expect(month).toMatchObject({ start: "2030-02-01", end: "2030-02-28", short_term_income: 700, long_term_income: pounds(800 / 28 * 17) });
    expect((await ok(api.get(`rentals/figures?type=weekly&date=2030-02-06&department=${ref.sales.id}`))).total_income).toBe(0);
    expect((await api.get("rentals/figures?start=2030-02-10&end=2030-02-01")).status).toBe(400);
    expect((await api.get("rentals/figures?type=yearly")).status).toBe(400);
  });
});

describe("dashboard rental figures from the month entries", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answer from the entries' tags without reading the rentals, and read only the rentals whose entries predate those tags", async () => {
    const Hire = await import("../../core/hire/all.js");
    const { ListEntry } = await import("../../core/platform/service.js");
    const a = await ok(api.post("createvehicle", van()));
    const b = await ok(api.post("createvehicle", van()));
    // 2031-03-03 is a Monday. 5 days at 70 = 350, all in the week; off-hire charges 45.50 on the Friday.
    const old = await ok(api.post("rentals", rental(a.id, "2031-03-03", "2031-03-07", { off_hire_date: "2031-03-07", off_hire_new_damage: 45.5 })));
    // 3 days at 70 = 210, 2 of them (Sat-Sun) in the week.
    const fresh = await ok(api.post("rentals", rental(b.id, "2031-03-08", "2031-03-10")));
    const expected = { start: "2031-03-03", end: "2031-03-09", short_term_income: 490, total_income: 490, rentals: 2, starting: 2, off_hire_charges: 45.5 };
    const read = vi.spyOn(Hire.Rental, "getMany");
    const before = await ok(api.get("rentals/figures?type=weekly&date=2031-03-05"));
    expect(before).toMatchObject(expected);
    expect(read).not.toHaveBeenCalled();

    // Put the first rental's month entry back as written before the entries carried figures.
    const [entry] = (await Hire.Rental.entriesIn("month#2031-03")).filter((e) => e.id === old.id);
    expect(entry.tags).toContain("tot=35000");
    await ListEntry.put({ list: "rental#month#2031-03", sort: entry.sort, id: old.id, tags: `|status=confirmed|type=st|dept=${ref.hire.id}|` }).go();
    expect((await Hire.Rental.entriesIn("month#2031-03")).find((e) => e.id === old.id)!.tags.some((t) => t.startsWith("tot="))).toBe(false);

    read.mockClear();
    expect(await ok(api.get("rentals/figures?type=weekly&date=2031-03-05"))).toEqual(before);
    expect(read).toHaveBeenCalledTimes(1);
    expect(read.mock.calls[0][0]).toEqual([old.id]);
    expect(await ok(api.get("rentals/figures?type=monthly&date=2031-03-05"))).toMatchObject({ total_income: 560, rentals: 2, off_hire_charges: 45.5 });
    expect(fresh.id).not.toBe(old.id);
  });
});

function pounds(n: number) {
  return Math.round(n * 100) / 100;
}

describe("homepage totals", () => {
  it("start at zero, save with last_saved, 409 when stale, 401 without a token", async () => {
    const t = await ok(api.get("homepagetotal"));
    expect(t).toMatchObject({ short_term: 0, long_term: 0 });
    const saved = await ok(api.put(`homepagetotal/${t.id}`, { short_term: 1234.5, long_term: 999, last_saved: t.last_saved }));
    expect(saved).toMatchObject({ short_term: 1234.5, long_term: 999 });
    expect((await api.put(`homepagetotal/${t.id}`, { short_term: 1, last_saved: t.last_saved })).status).toBe(409);
    expect((await api.put(`homepagetotal/${t.id}`, { short_term: "lots", last_saved: saved.last_saved })).status).toBe(400);
    expect((await ok(api.get("homepagetotal"))).short_term).toBe(1234.5);
    expect((await call("GET", "homepagetotal")).status).toBe(401);
  });
});
