import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EDITED_ELSEWHERE } from "../../core/platform/errors.js";
import { client, signIn } from "../support/api.js";
import { AA19AAA_DVLA, AA19AAA_DVSA, startFakeRegistration, type FakeRegistration } from "../support/fake-registration.js";
import { fleetReference, van } from "./fleet-support.js";

/**
 * The compliance list and the resolved state of a warning (docs/compliance.md
 * "The list" and "Resolving a warning"): GET compliance answers {count,
 * results} 25 a page from one list (open ones, a kind's, a department's, a
 * vehicle's; resolved=true for every warning); PUT compliance/{id} resolves
 * or reopens through the engine's save (last_saved, 409); the fleet check
 * never records a resolved warning again, a new subject it does.
 */
let api: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;
let fake: FakeRegistration;
const KEYS = ["DVLA_VES_URL", "DVLA_API_KEY", "DVSA_TOKEN_URL", "DVSA_CLIENT_ID", "DVSA_CLIENT_SECRET", "DVSA_MOT_URL", "DVSA_API_KEY"];
type Warning = { id: number; last_saved: string; kind: string; subject: string; registration: string; vehicle: number; date: string; department: number | null; resolved_at: string | null; resolved_by: string | null; resolution_note: string | null };
type Page = { count: number; results: Warning[] };

const runFleetCheck = async (date: string) => (await import("../../functions/cron/fleet-check.js")).handler({ date });
const list = async (q = "") => (await api.get(`compliance?${q}`)).body as Page;
/** Six vans of our own in the fakes (AA19AAA's answers: MOT and tax due, two advisories, a clocking reading): 5 warnings each. */
const REGS = ["RS19AAA", "RS19BBB", "RS19CCC", "RS19DDD", "RS19EEE", "RS19FFF"];
const ids: Record<string, number> = {};

beforeAll(async () => {
  for (const k of KEYS) delete process.env[k];
  api = client(await signIn("alex@vanco.co.uk", "Alex"));
  other = client(await signIn("sam@vanco.co.uk", "Sam"));
  ref = await fleetReference(api);
  fake = await startFakeRegistration();
  Object.assign(process.env, fake.env());
  process.env.FLEET_CHECK_PER_SECOND = "0";
  for (const [i, reg] of REGS.entries()) {
    fake.dvla.set(reg, { ...AA19AAA_DVLA, registrationNumber: reg });
    fake.dvsa.set(reg, { ...AA19AAA_DVSA, registration: reg });
    const department = i < 4 ? ref.hire.id : ref.rentals.id;
    const v = await api.post("createvehicle", van({ registration: reg, department, make: ref.ford.id, model: ref.transit.id, type: ref.l1.id, mileage: 70000, mileage_last_updated: "2025-11-01" }));
    expect(v.status).toBe(201);
    ids[reg] = v.body.id;
  }
  const run = await runFleetCheck("2026-11-20");
  expect(run.pass_done).toBe(true);
});
afterAll(async () => {
  for (const k of KEYS) delete process.env[k];
  await fake?.close();
});

describe("the compliance list", () => {
  it("answers {count, results}, 25 a page by default, newest date first", async () => {
    const first = await list();
    expect(first.count).toBe(30);
    expect(first.results).toHaveLength(25);
    const dates = first.results.map((w) => w.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await list("page=2");
    expect(second.results).toHaveLength(5);
    expect(new Set([...first.results, ...second.results].map((w) => w.id)).size).toBe(30);
  });

  it("filters by kind, by department (the vehicle's when raised), both, and by vehicle", async () => {
    expect((await list("kind=MOT_DUE")).count).toBe(6);
    expect((await list(`department=${ref.hire.id}`)).count).toBe(20);
    expect((await list(`department=${ref.rentals.id}&kind=MOT_ADVISORY`)).count).toBe(4);
    const mine = await list(`vehicle=${ids.RS19AAA}`);
    expect(mine.count).toBe(5);
    expect(mine.results.every((w) => w.department === ref.hire.id && w.resolved_at === null)).toBe(true);
  });
});

describe("the index upgrade (indexVersion 2)", () => {
  it("puts the warnings an earlier release stored (no open lists) on the open lists, with their open counts", async () => {
    const { ListEntry, Counter } = await import("../../core/platform/service.js");
    const { upgradeIndexes } = await import("../../core/platform/upgrades.js");
    const w = (await list(`vehicle=${ids.RS19FFF}`)).results[0];
    // As the first release left it: the warning in `all`, `veh#`, `kind#` only, the stage at version 1.
    for (const l of ["open", `open#veh#${w.vehicle}`, `open#kind#${w.kind}`, `open#dept#${w.department}`, `open#dept#${w.department}#kind#${w.kind}`]) await ListEntry.delete({ list: `compliancewarning#${l}`, sort: w.date, id: w.id }).go();
    await Counter.update({ name: "indexversion#compliancewarning" }).set({ seq: 1 }).go();
    expect((await list(`vehicle=${ids.RS19FFF}`)).results.map((x) => x.id)).not.toContain(w.id);
    const done = await upgradeIndexes();
    expect(done.find((d) => d.type === "compliancewarning")).toMatchObject({ from: 1 });
    expect((await list(`vehicle=${ids.RS19FFF}`)).results.map((x) => x.id)).toContain(w.id);
    expect((await list()).count).toBe(30);
    expect((await api.get("compliancesummary")).body.counts).toMatchObject({ MOT_DUE: 6, TAX_DUE: 6, MOT_ADVISORY: 12, CLOCKING: 6 });
  });
});

describe("resolving a warning", () => {
  let due: Warning;

  it("keeps who and when and the note, leaves the default list (and the kind's, the department's, the vehicle's open lists) and shows under resolved=true", async () => {
    due = (await list(`vehicle=${ids.RS19AAA}&kind=MOT_DUE`)).results.find((w) => w.kind === "MOT_DUE")!;
    const before = (await api.get("compliancesummary")).body.counts.MOT_DUE as number;
    const res = await api.put(`compliance/${due.id}`, { last_saved: due.last_saved, resolved: true, note: "MOT booked for 01/12/2026" });
    expect(res.status).toBe(200);
    expect(res.body.resolved_by).toBe("alex@vanco.co.uk");
    expect(res.body.resolved_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(res.body.resolution_note).toBe("MOT booked for 01/12/2026");
    expect(res.body.last_saved).not.toBe(due.last_saved);
    due = res.body;

    expect((await list()).count).toBe(29);
    expect((await list("kind=MOT_DUE")).results.map((w) => w.id)).not.toContain(due.id);
    expect((await list(`department=${ref.hire.id}`)).count).toBe(19);
    expect((await list(`department=${ref.hire.id}&kind=MOT_DUE`)).count).toBe(3);
    expect((await list(`vehicle=${ids.RS19AAA}`)).results.map((w) => w.id)).not.toContain(due.id);
    // Show resolved: every warning, the resolved one with who and when.
    const all = await list("resolved=true&page_size=100");
    expect(all.count).toBe(30);
    expect(all.results.find((w) => w.id === due.id)).toMatchObject({ resolved_by: "alex@vanco.co.uk", resolution_note: "MOT booked for 01/12/2026" });
    expect((await list(`vehicle=${ids.RS19AAA}&resolved=true`)).count).toBe(5);
    // The home panel counts open warnings.
    expect((await api.get("compliancesummary")).body.counts.MOT_DUE).toBe(before - 1);
  });

  it("a save from an older version is 409 (edited elsewhere); without last_saved 400; resolved twice 400", async () => {
    const stale = await other.put(`compliance/${due.id}`, { last_saved: "2026-11-20T03:00:00.000Z", resolved: false });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(EDITED_ELSEWHERE);
    const missing = await api.put(`compliance/${due.id}`, { resolved: true });
    expect(missing.status).toBe(400);
    const twice = await api.put(`compliance/${due.id}`, { last_saved: due.last_saved, resolved: true });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe("This warning is already resolved");
    const long = await api.put(`compliance/${due.id}`, { last_saved: due.last_saved, resolved: false, note: "x".repeat(501) });
    expect(long.status).toBe(400);
  });

  it("two staff resolving the same warning at once: one lands, the other gets 409, never a 500", async () => {
    const w = (await list(`vehicle=${ids.RS19BBB}&kind=TAX_DUE`)).results.find((x) => x.kind === "TAX_DUE")!;
    const [a, b] = await Promise.all([
      api.put(`compliance/${w.id}`, { last_saved: w.last_saved, resolved: true, note: "Taxed online" }),
      other.put(`compliance/${w.id}`, { last_saved: w.last_saved, resolved: true }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const stored = (await list(`vehicle=${ids.RS19BBB}&resolved=true`)).results.find((x) => x.id === w.id)!;
    expect(stored.resolved_by).toBe(a.status === 200 ? "alex@vanco.co.uk" : "sam@vanco.co.uk");
  });

  it("the fleet check does not record a resolved warning again, the same day or later; a new subject (a later MOT expiry) it does", async () => {
    const again = await runFleetCheck("2026-11-20");
    expect(again.recorded).toBe(0);
    const later = await runFleetCheck("2026-11-24");
    expect(later.recorded).toBe(0);
    expect((await list(`vehicle=${ids.RS19AAA}`)).results.map((w) => w.kind)).not.toContain("MOT_DUE");
    // A new MOT: the DVLA now answers a later expiry, within 30 days of the run's day a year on.
    fake.dvla.set("RS19AAA", { ...AA19AAA_DVLA, registrationNumber: "RS19AAA", motExpiryDate: "2027-12-10" });
    const next = await runFleetCheck("2027-11-20");
    const open = (await list(`vehicle=${ids.RS19AAA}`)).results.filter((w) => w.kind === "MOT_DUE");
    expect(open.map((w) => w.date)).toEqual(["2027-12-10"]);
    expect(next.recorded).toBeGreaterThanOrEqual(1);
    // The resolved one stays resolved, beside the new one.
    const both = (await list(`vehicle=${ids.RS19AAA}&resolved=true&kind=MOT_DUE`)).results.filter((w) => w.kind === "MOT_DUE");
    expect(both.map((w) => [w.date, w.resolved_at !== null])).toEqual([
      ["2027-12-10", false],
      ["2026-12-10", true],
    ]);
  });

  it("the compliance CSV report says which warnings were resolved, when, by whom and why", async () => {
    const text = String((await api.get("report/compliancereport")).body);
    expect(text.split("\n")[0]).toContain("Registration,Warning,Date,Source,Details,Recorded,Resolved,Resolved by,Note");
    const line = text.split("\n").find((l) => l.startsWith("RS19AAA,MOT due,10/12/2026"))!;
    expect(line).toMatch(/,\d{2}\/\d{2}\/\d{4},alex@vanco\.co\.uk,MOT booked for 01\/12\/2026/);
  });

  it("reopened, it is back on the open lists and counted again", async () => {
    const res = await api.put(`compliance/${due.id}`, { last_saved: due.last_saved, resolved: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ resolved_at: null, resolved_by: null, resolution_note: null });
    expect((await list(`vehicle=${ids.RS19AAA}`)).results.map((w) => w.id)).toContain(due.id);
    const notOpen = await api.put(`compliance/${due.id}`, { last_saved: res.body.last_saved, resolved: false });
    expect(notOpen.body.message).toBe("This warning is not resolved");
  });
});
