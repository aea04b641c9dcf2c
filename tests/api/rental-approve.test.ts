import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, client } from "../support/api.js";
import { Rental } from "../../core/hire/rental.js";
import { todayInLondon } from "../../core/platform/dates.js";
import { fleetReference, van, ok, booking as rentalBooking } from "./fleet-support.js";

/**
 * PUT rental/approve (000 §7, called from the vehicle's rental record; docs/rentals.md
 * "Approving a rental"): the off-hire of finished rentals approved, all or nothing,
 * the approver and day recorded, the off-hire details locked from then on.
 */

let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;

beforeAll(async () => {
  const signed = await call("POST", "auth/local", { body: { email: "rentals@vanco.co.uk", given_name: "Rita", family_name: "Shah" } });
  api = client(signed.body.token);
  ref = await fleetReference(api);
  await ok(api.post("rentalmargin", { name: "Standard", margin: 40 }));
});

const newVan = async () => ok(api.post("createvehicle", van({ make: ref.ford.id, model: ref.transit.id, type: ref.l1.id })));

/** A confirmed hire of a fresh van, returned (off-hire date set) unless told otherwise. */
async function finished(start: string, finish: string, extra: Record<string, unknown> = {}) {
  const v = await newVan();
  return ok(
    api.post(
      "rentals",
      rentalBooking(ref, v.id, start, finish, {
        off_hire_date: finish,
        off_hire_mileage: 12850,
        off_hire_excess_mileage: 100,
        excess_mileage_charge_per_mile: 0.15,
        off_hire_new_damage: 120,
        off_hire_missing_fuel: 30,
        ...extra,
      }),
    ),
  );
}

const approve = (body: unknown) => api.put("rental/approve", body);
const sent = (...rentals: Array<{ id: number; last_saved: string }>) => rentals.map((r) => ({ id: r.id, last_saved: r.last_saved }));
const stored = async (id: number) => ok(api.get(`rentals/${id}`));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("PUT rental/approve", () => {
  it("approves two finished rentals in one call: approved, the approver's name and the day, answering {count, results}", async () => {
    const a = await finished("2031-02-02", "2031-02-08");
    const b = await finished("2031-02-09", "2031-02-12");
    expect(a.approved).toBe(false);
    const res = await approve(sent(a, b));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.results.map((r: { id: number }) => r.id)).toEqual([a.id, b.id]);
    for (const r of res.body.results) {
      expect(r).toMatchObject({ approved: true, approving_user: { first_name: "Rita", last_name: "Shah" }, approved_date: todayInLondon() });
      // The answer is the rental as GET gives it (references filled in), with a new last_saved.
      expect(r.vehicle.id).toBeTypeOf("number");
      expect(r.last_saved).not.toBe(r.id === a.id ? a.last_saved : b.last_saved);
      expect(await stored(r.id)).toEqual(r);
    }
    // The off-hire figures stand as they were approved.
    expect((await stored(a.id)).off_hire_total_additional_charges).toBe(165);
  });

  it("takes one rental as an object, and {results: [...]} as the spec's screen sent it", async () => {
    const a = await finished("2031-03-02", "2031-03-03");
    const one = await approve({ id: a.id, last_saved: a.last_saved });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body).toMatchObject({ count: 1, results: [{ id: a.id, approved: true }] });
    const b = await finished("2031-03-04", "2031-03-05");
    const wrapped = await approve({ results: [{ ...b }] });
    expect(wrapped.status, JSON.stringify(wrapped.body)).toBe(200);
    expect(wrapped.body.results[0]).toMatchObject({ id: b.id, approved: true });
  });

  it("refuses a rental without an off-hire date with the message, and approves none of the rentals sent with it", async () => {
    const done = await finished("2031-04-01", "2031-04-03");
    const out = await finished("2031-04-04", "2031-04-10", { off_hire_date: null });
    const both = await approve(sent(done, out));
    expect(both.status).toBe(400);
    expect(both.body.message).toBe(`Rental ${out.id}: Off Hire Date is required to approve a rental`);
    expect(both.body.errors).toEqual({ "1.off_hire_date": "Off Hire Date is required to approve a rental" });
    // Nothing written: neither is approved, both keep their last_saved.
    expect(await stored(done.id)).toMatchObject({ approved: false, approving_user: null, approved_date: null, last_saved: done.last_saved });
    expect(await stored(out.id)).toMatchObject({ approved: false, last_saved: out.last_saved });
    const alone = await approve(sent(out));
    expect(alone.status).toBe(400);
    expect(alone.body.message).toBe("Off Hire Date is required to approve a rental");
  });

  it("refuses a quote (never hired) and a rental that does not exist; nothing written", async () => {
    const quote = await finished("2031-05-01", "2031-05-02", { status: "QUOTE" });
    const refused = await approve(sent(quote));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Only a confirmed rental can be approved");
    const done = await finished("2031-05-03", "2031-05-04");
    const missing = await approve([{ id: done.id, last_saved: done.last_saved }, { id: 987654, last_saved: done.last_saved }]);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: "Rental 987654 could not be found", errors: { "1.id": "Rental 987654 could not be found" } });
    expect((await stored(done.id)).approved).toBe(false);
    expect((await stored(quote.id)).approved).toBe(false);
  });

  it("a stale last_saved gets 409 with the edited-elsewhere message, and nothing is written", async () => {
    const a = await finished("2031-06-01", "2031-06-02");
    const b = await finished("2031-06-03", "2031-06-04");
    const edited = await ok(api.put(`rentals/${b.id}`, { ...b, comments: "Returned with a scratch" }));
    const res = await approve(sent(a, b));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("An error occurred! This record was edited elsewhere since you opened it: reload to see the latest version.");
    expect(await stored(a.id)).toMatchObject({ approved: false, last_saved: a.last_saved });
    expect(await stored(b.id)).toMatchObject({ approved: false, last_saved: edited.last_saved });
  });

  it("writes every rental in one transaction: one saved elsewhere after the checks leaves all of them unapproved (409)", async () => {
    const a = await finished("2031-06-10", "2031-06-11");
    const b = await finished("2031-06-12", "2031-06-13");
    // Between the checks and the write, someone saves b (as a second member of staff would).
    const plan = Rental.planUpdate.bind(Rental);
    vi.spyOn(Rental, "planUpdate").mockImplementationOnce(async (...args: Parameters<typeof Rental.planUpdate>) => {
      const planned = await plan(...args);
      await Rental.update(b.id, { comments: "Saved meanwhile" }, "other@vanco.co.uk", { partial: true, system: true });
      return planned;
    });
    const res = await approve(sent(a, b));
    expect(res.status).toBe(409);
    expect(await stored(a.id)).toMatchObject({ approved: false, last_saved: a.last_saved });
    expect(await stored(b.id)).toMatchObject({ approved: false, comments: "Saved meanwhile" });
  });

  it("refuses a rental already approved, and an empty or unversioned body", async () => {
    const a = await finished("2031-07-01", "2031-07-02");
    const first = await ok(approve(sent(a)));
    const again = await approve(sent(first.results[0]));
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("This rental has already been approved");
    expect(again.body.errors).toEqual({ "0.approved": "This rental has already been approved" });
    for (const body of [[], {}, "x"]) {
      const res = await approve(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe("Select a rental to approve");
    }
    const b = await finished("2031-07-03", "2031-07-04");
    const unversioned = await approve([{ id: b.id }]);
    expect(unversioned.status).toBe(400);
    expect(unversioned.body.errors).toHaveProperty("last_saved");
    expect((await stored(b.id)).approved).toBe(false);
  });

  it("401 without a token", async () => {
    const a = await finished("2031-08-01", "2031-08-02");
    expect((await call("PUT", "rental/approve", { body: sent(a) })).status).toBe(401);
    expect((await stored(a.id)).approved).toBe(false);
  });
});

describe("an approved rental", () => {
  it("keeps its off-hire details: a save changing one is refused with a message; other changes still save", async () => {
    const a = await finished("2031-09-01", "2031-09-05");
    const approved = (await ok(approve(sent(a)))).results[0];
    const changes: Array<Record<string, unknown>> = [
      { off_hire_date: "2031-09-06" },
      { off_hire_date: "" },
      { off_hire_new_damage: 150 },
      { off_hire_missing_fuel: "0" },
      { off_hire_excess_mileage: 90 },
      { off_hire_ad_blue_charge: 12 },
      { off_hire_mileage: 13000 },
      { off_hire_tracker_completed: true },
      { excess_mileage_charge_per_mile: 0.2 },
    ];
    for (const change of changes) {
      const res = await api.put(`rentals/${a.id}`, { ...approved, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message).toBe("This rental's off hire has been approved: its off-hire details can no longer be changed");
      expect(Object.keys(res.body.errors)).toEqual(Object.keys(change));
    }
    expect(await stored(a.id)).toEqual(approved);
    // The whole answer sent back (the same off-hire values, amounts written as text) saves other changes;
    // the approval is the server's: a save cannot undo it.
    const saved = await api.put(`rentals/${a.id}`, { ...approved, off_hire_new_damage: "120.00", comments: "Invoice sent", approved: false, approving_user: null, approved_date: null });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ comments: "Invoice sent", approved: true, approving_user: { first_name: "Rita", last_name: "Shah" }, approved_date: todayInLondon(), off_hire_new_damage: 120 });
  });

  it("cannot be deleted; a client cannot approve a rental through its own save", async () => {
    const a = await finished("2031-10-01", "2031-10-02");
    const approved = (await ok(approve(sent(a)))).results[0];
    const del = await api.del(`rentals/${a.id}`);
    expect(del.status).toBe(400);
    expect(del.body.message).toBe("An approved rental cannot be deleted");
    expect((await stored(a.id)).approved).toBe(true);
    expect(approved.approved).toBe(true);
    const b = await finished("2031-10-03", "2031-10-04");
    const self = await ok(api.put(`rentals/${b.id}`, { ...b, approved: true, approving_user: { first_name: "Someone", last_name: "Else" }, approved_date: "2031-10-04" }));
    expect(self).toMatchObject({ approved: false, approving_user: null, approved_date: null });
    expect((await api.del(`rentals/${b.id}`)).status).toBe(200);
  });
});
