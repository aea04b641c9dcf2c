import { beforeAll, describe, expect, it } from "vitest";
import { call, client, signIn } from "../support/api.js";
import { ok } from "./fleet-support.js";

/** Fixed expenses and the diary (003 §2, §3, §5, §7; docs/data-model.md §8.1, A12) through the real app. */

let api: ReturnType<typeof client>;
let dvh: any;
let rf: any;

beforeAll(async () => {
  api = client(await signIn("accounts@vanco.co.uk", "Ana"));
  dvh = await ok(api.post("createdepartment", { name: "DIRECT VAN HIRE" }));
  rf = await ok(api.post("createdepartment", { name: "RAPID FIT" }));
});

describe("fixed expenses", () => {
  it("POST, GET by department (25 a page, by name), PUT with last_saved, DELETE", async () => {
    const rent = await api.post("fixedexpense", { name: "Yard rent", department: dvh.id, yearly_amount: 24000 });
    expect(rent.status, JSON.stringify(rent.body)).toBe(201);
    expect(rent.body).toMatchObject({ name: "Yard rent", yearly_amount: 24000, department: dvh.id, department_name: "DIRECT VAN HIRE" });
    const rates = await ok(api.post("fixedexpense", { name: "Business rates", department: rf.id, yearly_amount: 8000.5 }));
    const all = await api.get("fixedexpense?page=1&page_size=25");
    expect(all.body.results.map((r: any) => r.name)).toEqual(["Business rates", "Yard rent"]);
    expect(all.body.count).toBe(2);
    expect((await api.get(`fixedexpense?page=1&page_size=25&department=${rf.id}`)).body.results.map((r: any) => r.id)).toEqual([rates.id]);

    const saved = await api.put(`fixedexpense/${rent.body.id}`, { yearly_amount: 25000, department: rf.id, last_saved: rent.body.last_saved });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await api.get(`fixedexpense?department=${rf.id}`)).body.count).toBe(2);
    expect((await api.get(`fixedexpense?department=${dvh.id}`)).body.count).toBe(0);
    expect((await api.put(`fixedexpense/${rent.body.id}`, { yearly_amount: 1, last_saved: rent.body.last_saved })).status).toBe(409);

    expect((await api.del(`fixedexpense/${rates.id}`)).status).toBe(200);
    expect((await api.get("fixedexpense")).body.count).toBe(1);
  });

  it("PUT takes the record back as POST and GET answered it (department_name ignored)", async () => {
    const created = await ok(api.post("fixedexpense", { name: "Insurance", department: dvh.id, yearly_amount: 8200 }));
    const back = await api.put(`fixedexpense/${created.id}`, { ...created, yearly_amount: 999 });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ yearly_amount: 999, department: dvh.id, department_name: "DIRECT VAN HIRE" });
    const listed = (await api.get(`fixedexpense?department=${dvh.id}`)).body.results.find((r: any) => r.id === created.id);
    const again = await api.put(`fixedexpense/${created.id}`, { ...listed, name: "Fleet insurance" });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ name: "Fleet insurance", yearly_amount: 999 });
    // A field no answer carries is still refused.
    expect((await api.put(`fixedexpense/${created.id}`, { ...again.body, colour: "red" })).status).toBe(400);
    expect((await api.del(`fixedexpense/${created.id}`)).status).toBe(200);
  });

  it("refuses a missing name or amount, a negative amount, an unknown department; nothing is written", async () => {
    const before = (await api.get("fixedexpense")).body.count;
    const noName = await api.post("fixedexpense", { yearly_amount: 10 });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe("Name is required");
    expect((await api.post("fixedexpense", { name: "x" })).body.message).toBe("Yearly amount is required");
    expect((await api.post("fixedexpense", { name: "x", yearly_amount: -1 })).status).toBe(400);
    expect((await api.post("fixedexpense", { name: "x", yearly_amount: 1, department: 99999 })).status).toBe(400);
    expect((await api.get("fixedexpense")).body.count).toBe(before);
    expect((await call("GET", "fixedexpense")).status).toBe(401);
  });
});

describe("diary", () => {
  const entry = (extra: Record<string, unknown>) => ({ task_for: "Sam", time: "09:30", comments: "Call the insurer", ...extra });

  it("adds entries (end date optional); the Weekly view shows those touching the week, a 3-year entry included", async () => {
    const oneDay = await api.post("diaryentries", entry({ start_date: "2030-03-06" }));
    expect(oneDay.status, JSON.stringify(oneDay.body)).toBe(201);
    expect(oneDay.body).toMatchObject({ end_date: null, completed: false });
    const span = await ok(api.post("diaryentries", entry({ task_for: "Kim", start_date: "2030-02-27", end_date: "2030-03-04" })));
    const long = await ok(api.post("diaryentries", entry({ task_for: "Lease review", start_date: "2028-06-01", end_date: "2031-05-31" })));
    const forever = await ok(api.post("diaryentries", entry({ task_for: "Standing order", start_date: "2020-01-01", end_date: "2040-01-01" })));
    const other = await ok(api.post("diaryentries", entry({ start_date: "2030-03-11" })));
    const ended = await ok(api.post("diaryentries", entry({ task_for: "Old", start_date: "2030-01-01", end_date: "2030-03-03" })));

    const week = await api.get("diaryentries?start_date=2030-03-04&end_date=2030-03-10");
    expect(week.status).toBe(200);
    const ids = week.body.results.map((r: any) => r.id);
    expect(ids.sort()).toEqual([oneDay.body.id, span.id, long.id, forever.id].sort());
    expect(ids).not.toContain(other.id);
    expect(ids).not.toContain(ended.id);
    // Daily: just the day.
    const day = (await api.get("diaryentries?start_date=2030-03-06&end_date=2030-03-06")).body.results.map((r: any) => r.id);
    expect(day.sort()).toEqual([oneDay.body.id, long.id, forever.id].sort());
    expect((await api.get("diaryentries?start_date=2030-01-01&end_date=2030-12-31")).status).toBe(400);
  });

  it("Mark As Completed hides an entry unless completed=true; edit with last_saved; delete", async () => {
    const e = await ok(api.post("diaryentries", entry({ task_for: "MOT bookings", start_date: "2035-01-02" })));
    const all = async (q = "") => (await api.get(`diaryentries?page=1${q}`)).body.results.map((r: any) => r.id);
    expect(await all()).toContain(e.id);
    const done = await api.put(`diaryentry/${e.id}`, { completed: true, last_saved: e.last_saved });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ completed: true, task_for: "MOT bookings" });
    expect(await all()).not.toContain(e.id);
    expect(await all("&completed=true")).toContain(e.id);
    // The week's view too (the 2020-2040 standing order of the test before is in it either way).
    const inWeek = async (q = "") => (await api.get(`diaryentries?start_date=2034-12-31&end_date=2035-01-06${q}`)).body.results.map((r: any) => r.id);
    expect(await inWeek()).not.toContain(e.id);
    expect(await inWeek("&completed=true")).toContain(e.id);
    expect((await api.put(`diaryentry/${e.id}`, { comments: "stale", last_saved: e.last_saved })).status).toBe(409);
    const edited = await api.put(`diaryentry/${e.id}`, { comments: "Booked", end_date: "2035-01-03", last_saved: done.body.last_saved });
    expect(edited.body).toMatchObject({ comments: "Booked", end_date: "2035-01-03", completed: true });
    expect((await api.del(`diaryentry/${e.id}`)).status).toBe(200);
    expect((await api.get(`diaryentry/${e.id}`)).status).toBe(404);
  });

  it("refuses a missing start date, a bad time, an end before the start; nothing is written", async () => {
    const before = (await api.get("diaryentries?completed=true")).body.count;
    for (const body of [{ task_for: "x" }, entry({ start_date: "2030-01-01", time: "9am" }), entry({ start_date: "2030-01-02", end_date: "2030-01-01" })]) {
      const r = await api.post("diaryentries", body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toBeTruthy();
    }
    expect((await api.get("diaryentries?completed=true")).body.count).toBe(before);
  });

  it("takes an entry without task_for (003 §5 sets no rule on it)", async () => {
    const made = await api.post("diaryentries", { comments: "Chase the MOT", start_date: "2036-04-01", time: "10:00" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ task_for: null, comments: "Chase the MOT", completed: false });
    expect((await api.get("diaryentries?start_date=2036-04-01&end_date=2036-04-01")).body.results.map((r: any) => r.id)).toContain(made.body.id);
    const saved = await api.put(`diaryentry/${made.body.id}`, { ...made.body, task_for: "", comments: "Chased" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await api.del(`diaryentry/${made.body.id}`)).status).toBe(200);
  });
});
