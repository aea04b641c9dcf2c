import { beforeAll, describe, expect, it } from "vitest";
import { call, client, signIn } from "../support/api.js";
import { company, fleetReference } from "./fleet-support.js";
import { addDays, addMonths, todayInLondon } from "../../core/platform/dates.js";

const { handler } = await import("../../functions/cron/recurring-payments.js");
const { RecurringPayments } = await import("../../core/accounts/recurring-payments.js");

let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;
const today = todayInLondon();

beforeAll(async () => {
  api = client(await signIn("accounts@vanco.co.uk", "Ana"));
  ref = await fleetReference(api);
  for (const name of ["Workshop", "Rentals", "Part Orders", "Vehicles", "Misc"]) await api.post("costcentre", { name });
});

const base = () => ({ contact: ref.acme.id, start_date: today, payment_type: "BACS", interval_type: "WEEKLY", interval_payment_amount: 99.5, department: ref.hire.id, cost_centre: 2, comments: "Van lease" });

/** The payments a recurring payment raised, oldest first (read through the API: the contact's unpaid view). */
async function raisedBy(recurringId: number) {
  const res = await api.get("payments?view=all&page_size=1000");
  return (res.body.results as any[]).filter((p) => p.recurring_payment === recurringId).sort((a, b) => (a.payment_date < b.payment_date ? -1 : 1));
}

describe("POST recurringpayments: 003 §5 rules and messages", () => {
  it("creates one with next_date at its start date; answers names", async () => {
    const made = await api.post("recurringpayments", base());
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ contact: { id: ref.acme.id, display_name: "Acme Builders Ltd" }, department: { id: ref.hire.id }, interval_type: "WEEKLY", interval_day: null, next_date: today, end_date: null });
    expect((await api.get(`recurringpayment/${made.body.id}`)).body.interval_payment_amount).toBe(99.5);
  });

  it("required fields: 'Please fill in all fields' naming each missing one; FIXED_DURATION needs its days; nothing is written", async () => {
    const before = (await api.get("recurringpayments")).body.count;
    for (const f of ["contact", "start_date", "payment_type", "interval_type", "interval_payment_amount", "department"]) {
      const res = await api.post("recurringpayments", { ...base(), [f]: null });
      expect(res.status, f).toBe(400);
      expect(res.body).toEqual({ message: "Please fill in all fields", errors: { [f]: "Please fill in all fields" } });
    }
    const noDays = await api.post("recurringpayments", { ...base(), interval_type: "FIXED_DURATION" });
    expect(noDays.body).toEqual({ message: "Please fill in all fields", errors: { interval_day: "Please fill in all fields" } });
    expect((await api.get("recurringpayments")).body.count).toBe(before);
  });

  it("'Minimum start date is today', 'Minimum payment interval is 7 days', end before start refused", async () => {
    const past = await api.post("recurringpayments", { ...base(), start_date: addDays(today, -1) });
    expect(past.body).toEqual({ message: "Minimum start date is today", errors: { start_date: "Minimum start date is today" } });
    const six = await api.post("recurringpayments", { ...base(), interval_type: "FIXED_DURATION", interval_day: 6 });
    expect(six.body).toEqual({ message: "Minimum payment interval is 7 days", errors: { interval_day: "Minimum payment interval is 7 days" } });
    expect((await api.post("recurringpayments", { ...base(), interval_type: "FIXED_DURATION", interval_day: 7 })).status).toBe(201);
    expect((await api.post("recurringpayments", { ...base(), end_date: addDays(today, -1) })).status).toBe(400);
    expect((await api.post("recurringpayments", { ...base(), interval_type: "FORTNIGHTLY" })).status).toBe(400);
  });

  it("interval days are kept only for FIXED_DURATION (003 §4)", async () => {
    const made = (await api.post("recurringpayments", { ...base(), interval_type: "MONTHLY", interval_day: 10 })).body;
    expect(made.interval_day).toBeNull();
  });

  it("answers 401 without a token", async () => {
    expect((await call("GET", "recurringpayments")).status).toBe(401);
    expect((await call("POST", "recurringpayments", { body: base() })).status).toBe(401);
  });
});

describe("GET recurringpayments: search, department and column filters", () => {
  beforeAll(async () => {
    const zed = (await api.post("contacts", company("Zed Plant Hire", "CC"))).body.id;
    const yew = (await api.post("contacts", company("Yew Tree Farms", "CC"))).body.id;
    await api.post("recurringpayments", { ...base(), contact: zed, department: ref.sales.id, payment_type: "CARD", interval_type: "YEARLY" });
    await api.post("recurringpayments", { ...base(), contact: yew, department: ref.sales.id, payment_type: "DIRECT_DEBIT", interval_type: "MONTHLY" });
    await api.post("recurringpayments", { ...base(), contact: yew, department: ref.hire.id, payment_type: "CARD", interval_type: "MONTHLY" });
  });

  it("by contact name; a search is a contact-name prefix", async () => {
    const all = (await api.get("recurringpayments")).body;
    const names = all.results.map((r: any) => r.contact.display_name);
    expect([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase()))).toEqual(names);
    const yew = (await api.get("recurringpayments?search=yew")).body;
    expect(yew.count).toBe(2);
    expect(yew.results.every((r: any) => r.contact.display_name === "Yew Tree Farms")).toBe(true);
  });

  it("department, payment type and interval type narrow the list, together too", async () => {
    expect((await api.get(`recurringpayments?department=${ref.sales.id}`)).body.count).toBe(2);
    const card = (await api.get("recurringpayments?payment_type=CARD")).body;
    expect(card.count).toBe(2);
    expect((await api.get(`recurringpayments?payment_type=CARD&department=${ref.sales.id}`)).body.count).toBe(1);
    expect((await api.get("recurringpayments?payment_type=CARD&interval_type=MONTHLY")).body.results.map((r: any) => r.contact.display_name)).toEqual(["Yew Tree Farms"]);
    expect((await api.get("recurringpayments?interval_type=YEARLY")).body.results.map((r: any) => r.contact.display_name)).toEqual(["Zed Plant Hire"]);
    expect((await api.get("recurringpayments?payment_type=DIRECT DEBIT&search=ye")).body.count).toBe(1);
  });
});

describe("PUT and DELETE recurringpayment/{id}", () => {
  it("saves with last_saved (409 when stale), changing the interval type clears the days, a moved start date is held to today", async () => {
    const r = (await api.post("recurringpayments", { ...base(), interval_type: "FIXED_DURATION", interval_day: 14, start_date: addDays(today, 3) })).body;
    const saved = await api.put(`recurringpayment/${r.id}`, { ...r, interval_type: "MONTHLY" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ interval_type: "MONTHLY", interval_day: null, next_date: addDays(today, 3) });
    expect((await api.put(`recurringpayment/${r.id}`, { ...r, comments: "stale" })).status).toBe(409);
    const moved = await api.put(`recurringpayment/${r.id}`, { last_saved: saved.body.last_saved, start_date: addDays(today, -7) });
    expect(moved.body.message).toBe("Minimum start date is today");
    const later = await api.put(`recurringpayment/${r.id}`, { last_saved: saved.body.last_saved, start_date: addDays(today, 10) });
    expect(later.body.next_date).toBe(addDays(today, 10));
    expect((await api.del(`recurringpayment/${r.id}`)).status).toBe(200);
    expect((await api.get(`recurringpayment/${r.id}`)).status).toBe(404);
  });
});

describe("the scheduled run (A13): due payments raised exactly once", () => {
  it("raises today's payment and moves next_date on; a rerun raises nothing", async () => {
    const r = (await api.post("recurringpayments", { ...base(), contact: ref.bolt.id, interval_type: "MONTHLY", start_date: today })).body;
    const first = await handler({ date: today });
    expect(first.ok, JSON.stringify(first)).toBe(true);
    const made = await raisedBy(r.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ contact: { id: ref.bolt.id }, amount: 99.5, payment_date: today, occurs: today, payment_type: "BACS", department: { id: ref.hire.id }, cost_centre: { id: 2 }, comments: "Van lease", state: "UNPAID" });
    expect((await api.get(`recurringpayment/${r.id}`)).body.next_date).toBe(addMonths(today, 1));
    await handler({ date: today });
    expect(await raisedBy(r.id)).toHaveLength(1);
  });

  it("a run days later raises each missed date once, up to the end date; then the schedule has ended", async () => {
    const r = (await api.post("recurringpayments", { ...base(), contact: ref.bolt.id, interval_type: "WEEKLY", start_date: today, end_date: addDays(today, 20) })).body;
    const summary = await RecurringPayments.run(addDays(today, 30));
    expect(summary.failed).toEqual([]);
    expect((await raisedBy(r.id)).map((p) => p.payment_date)).toEqual([today, addDays(today, 7), addDays(today, 14)]);
    expect((await api.get(`recurringpayment/${r.id}`)).body.next_date).toBeNull();
    await RecurringPayments.run(addDays(today, 60));
    expect(await raisedBy(r.id)).toHaveLength(3);
  });

  it("two runs at once raise each payment once", async () => {
    const r = (await api.post("recurringpayments", { ...base(), contact: ref.bolt.id, interval_type: "FIXED_DURATION", interval_day: 7, start_date: today })).body;
    const until = addDays(today, 21);
    const [a, b, c] = await Promise.all([RecurringPayments.run(until), RecurringPayments.run(until), RecurringPayments.run(until)]);
    expect([...a.failed, ...b.failed, ...c.failed]).toEqual([]);
    const dates = (await raisedBy(r.id)).map((p) => p.payment_date);
    expect(dates).toEqual([today, addDays(today, 7), addDays(today, 14), addDays(today, 21)]);
    expect((await api.get(`recurringpayment/${r.id}`)).body.next_date).toBe(addDays(today, 28));
  });

  it("a schedule edited back onto a date already raised does not raise it again", async () => {
    const r = (await api.post("recurringpayments", { ...base(), contact: ref.bolt.id, interval_type: "WEEKLY", start_date: addDays(today, 1) })).body;
    await RecurringPayments.run(addDays(today, 1));
    expect(await raisedBy(r.id)).toHaveLength(1);
    const now = (await api.get(`recurringpayment/${r.id}`)).body;
    // Weekly -> yearly and back: the schedule starts again from the start date, already raised.
    const y = (await api.put(`recurringpayment/${r.id}`, { last_saved: now.last_saved, interval_type: "YEARLY" })).body;
    expect(y.next_date).toBe(addDays(today, 1));
    const s = await RecurringPayments.run(addDays(today, 1));
    expect(s.failed).toEqual([]);
    expect(await raisedBy(r.id)).toHaveLength(1);
    expect((await api.get(`recurringpayment/${r.id}`)).body.next_date).toBe(addMonths(addDays(today, 1), 12));
  });

  it("nothing due: nothing raised", async () => {
    const r = (await api.post("recurringpayments", { ...base(), contact: ref.bolt.id, start_date: addDays(today, 5) })).body;
    await RecurringPayments.run(today);
    expect(await raisedBy(r.id)).toHaveLength(0);
  });
});
