import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { AA19AAA_DVSA, startFakeRegistration, type FakeRegistration } from "../support/fake-registration.js";
import { fleetReference, van } from "./fleet-support.js";

/**
 * Registration first (issue 25, docs/compliance.md): the DVLA and DVSA
 * lookup, the MOT history, and the nightly fleet check against fakes of
 * both services (tests/support/fake-registration.ts) started on a free port.
 */
let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;
let fake: FakeRegistration;
const KEYS = ["DVLA_VES_URL", "DVLA_API_KEY", "DVSA_TOKEN_URL", "DVSA_CLIENT_ID", "DVSA_CLIENT_SECRET", "DVSA_MOT_URL", "DVSA_API_KEY"];

beforeAll(async () => {
  for (const k of KEYS) delete process.env[k];
  api = client(await signIn("alex@vanco.co.uk", "Alex"));
  ref = await fleetReference(api);
  fake = await startFakeRegistration();
});
afterAll(async () => {
  for (const k of KEYS) delete process.env[k];
  await fake?.close();
});
const useFake = () => Object.assign(process.env, fake.env());
type Warning = { kind: string; subject: string; registration: string; date: string; source: string; message: string };

describe("lookup", () => {
  it("without keys says the services are not set up, and the vehicle screen still works", async () => {
    const res = await api.get("vehiclelookup?registration=AA19AAA");
    expect(res.status).toBe(200);
    expect(res.body.dvla).toEqual({ status: "not-set-up", message: 'DVLA look-ups are not set up (docs/compliance.md "Configuration")' });
    expect(res.body.dvsa.status).toBe("not-set-up");
    expect(res.body.fields).toEqual([]);
    expect((await api.post("createvehicle", van({ make: ref.ford.id, model: ref.transit.id, type: ref.l1.id }))).status).toBe(201);
  });

  it("refuses an empty registration (400)", async () => {
    const res = await api.get("vehiclelookup?registration=%20");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Type a registration to look up");
  });

  it("fills from both services with each field's source, make and model mapped onto the product's", async () => {
    useFake();
    const res = await api.get("vehiclelookup?registration=aa19%20aaa");
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.registration).toBe("AA19AAA");
    expect(b.dvla.status).toBe("found");
    expect(b.dvsa.status).toBe("found");
    const field = (name: string) => b.fields.find((f: { field: string }) => f.field === name);
    expect(field("colour")).toEqual({ field: "colour", value: "White", source: "DVLA" });
    expect(field("engine_capacity")).toEqual({ field: "engine_capacity", value: 1995, source: "DVLA" });
    expect(field("tax_expiry")).toEqual({ field: "tax_expiry", value: "2026-12-01", source: "DVLA" });
    expect(field("mot_expiry")).toEqual({ field: "mot_expiry", value: "2026-12-10", source: "DVLA" });
    expect(field("first_registration_date")).toEqual({ field: "first_registration_date", value: "2019-03-01", source: "DVLA" });
    expect(field("first_used_date")).toEqual({ field: "first_used_date", value: "2019-03-01", source: "DVSA" });
    expect(field("marked_for_export")).toEqual({ field: "marked_for_export", value: false, source: "DVLA" });
    expect(field("revenue_weight").value).toBe(3200);
    expect(b.make).toEqual({ id: ref.ford.id, name: "Ford", source: "DVLA" });
    expect(b.model).toEqual({ id: ref.transit.id, name: "transit custom", source: "DVSA" });
    expect(b.mot_tests).toHaveLength(3);
    expect(b.mot_tests[0].defects).toHaveLength(2);
    // The DVLA was asked with its key and the registration as it takes it.
    const call = fake.requests.find((r) => r.service === "dvla")!;
    expect(call.headers["x-api-key"]).toBe("fake-dvla-key");
    expect(JSON.parse(call.body)).toEqual({ registrationNumber: "AA19AAA" });
  });

  it("flags a make the product lacks (id null) so the screen can offer to add it", async () => {
    useFake();
    const res = await api.get("vehiclelookup?registration=AA19MOT");
    expect(res.body.make).toEqual({ id: null, name: "Vauxhall", source: "DVLA" });
    expect(res.body.model).toEqual({ id: null, name: "Vivaro", source: "DVSA" });
  });

  it("answers the DVLA test environment's errors clearly: 404, 429, 500", async () => {
    useFake();
    const nfd = await api.get("vehiclelookup?registration=ER19NFD");
    expect(nfd.status).toBe(200);
    expect(nfd.body.dvla).toEqual({ status: "not-found", message: "No vehicle with registration ER19NFD was found" });
    expect(nfd.body.dvsa.status).toBe("not-found");
    const thr = await api.get("vehiclelookup?registration=ER19THR");
    expect(thr.body.dvla).toEqual({ status: "rate-limited", message: "DVLA is busy: try again in a minute" });
    const err = await api.get("vehiclelookup?registration=ER19ERR");
    expect(err.body.dvla).toEqual({ status: "unavailable", message: "DVLA is not answering: try again later" });
  });

  it("refuses an answer that is not what the service documents (zod), without using it", async () => {
    useFake();
    fake.dvla.set("BAD1ANS", { registrationNumber: "BAD1ANS", engineCapacity: "big" });
    const res = await api.get("vehiclelookup?registration=BAD1ANS");
    expect(res.body.dvla).toEqual({ status: "invalid", message: "DVLA answered in a form the product does not understand" });
    expect(res.body.fields).toEqual([]);
  });

  it("keeps the DVSA token until it expires: one token for many look-ups", async () => {
    useFake();
    const before = fake.tokensIssued;
    await api.get("vehiclelookup?registration=AA19AAA");
    await api.get("vehiclelookup?registration=AA19MOT");
    expect(fake.tokensIssued - before).toBeLessThanOrEqual(1);
    const token = fake.requests.filter((r) => r.service === "token").at(-1)!;
    expect(new URLSearchParams(token.body).get("scope")).toBe("https://tapi.dvsa.gov.uk/.default");
    const mot = fake.requests.filter((r) => r.service === "dvsa").at(-1)!;
    expect(mot.headers.authorization).toMatch(/^Bearer fake-token-\d+$/);
    expect(mot.headers["x-api-key"]).toBe("fake-dvsa-key");
  });
});

describe("fleet check", () => {
  const ids: Record<string, number> = {};
  const runFleetCheck = async (date: string) => (await import("../../functions/cron/fleet-check.js")).handler({ date });
  const warnings = async (q = "") => (await api.get(`compliance?page_size=100${q}`)).body as { count: number; results: Warning[] };

  beforeAll(async () => {
    useFake();
    process.env.FLEET_CHECK_PER_SECOND = "0";
    // AA19AAA: the product last recorded 70,000 miles before its December 2025 MOT read 61,234 (clocking).
    const a = await api.post("createvehicle", van({ registration: "AA19AAA", make: ref.ford.id, model: ref.transit.id, type: ref.l1.id, mileage: 70000, mileage_last_updated: "2025-11-01" }));
    const m = await api.post("createvehicle", van({ registration: "AA19MOT", make: ref.ford.id, model: ref.transit.id, type: ref.l1.id }));
    expect([a.status, m.status]).toEqual([201, 201]);
    ids.AA19AAA = a.body.id;
    ids.AA19MOT = m.body.id;
  });

  it("records due, expired, advisory and clocking warnings, each with its vehicle, date and source", async () => {
    const run = await runFleetCheck("2026-11-20");
    expect(run.ok).toBe(true);
    expect(run.pass_done).toBe(true);
    const all = await warnings();
    const of = (reg: string) => all.results.filter((w) => w.registration === reg).map((w) => `${w.kind} ${w.date} ${w.source}`).sort();
    expect(of("AA19AAA")).toEqual([
      "CLOCKING 2025-12-05 DVSA",
      "MOT_ADVISORY 2025-12-05 DVSA",
      "MOT_ADVISORY 2025-12-05 DVSA",
      "MOT_DUE 2026-12-10 DVLA",
      "TAX_DUE 2026-12-01 DVLA",
    ]);
    expect(of("AA19MOT")).toEqual(["MOT_EXPIRED 2025-10-01 DVLA", "TAX_EXPIRED 2025-09-01 DVLA"]);
    const clocking = all.results.find((w) => w.kind === "CLOCKING")!;
    expect(clocking.message).toBe("MOT reading 61234 miles on 05/12/2025 is below the recorded mileage 70000");
    // The MOT tests are stored, one item each, on the vehicle's history.
    const history = await api.get(`vehiclemothistory/${ids.AA19AAA}`);
    expect(history.body.count).toBe(3);
    expect(history.body.results[0].mot_test_number).toBe(AA19AAA_DVSA.motTests[0].motTestNumber);
    // The summary counts by kind.
    const summary = await api.get("compliancesummary");
    expect(summary.body.counts).toMatchObject({ MOT_DUE: 1, TAX_DUE: 1, MOT_ADVISORY: 2, CLOCKING: 1, MOT_EXPIRED: 1, TAX_EXPIRED: 1 });
    expect(summary.body.set_up).toEqual({ dvla: true, dvsa: true });
    expect(summary.body.last_run.checked).toBe(run.checked);
  });

  it("run twice the same day records nothing twice", async () => {
    const before = await warnings();
    const run = await runFleetCheck("2026-11-20");
    expect(run.recorded).toBe(0);
    expect(run.tests_stored).toBe(0);
    const after = await warnings();
    expect(after.count).toBe(before.count);
    expect((await api.get(`vehiclemothistory/${ids.AA19AAA}`)).body.count).toBe(3);
  });

  it("a new failed MOT and its advisory are recorded on the next run", async () => {
    const failed = { ...AA19AAA_DVSA.motTests[0], motTestNumber: "555199999999", completedDate: "2026-11-25T10:00:00.000Z", testResult: "FAILED", expiryDate: null, odometerValue: "64000", defects: [{ text: "Offside Rear Tyre tread depth below requirements", type: "FAIL" }, { text: "Exhaust has a minor leak", type: "ADVISORY" }] };
    fake.dvsa.set("AA19AAA", { ...AA19AAA_DVSA, motTests: [failed, ...AA19AAA_DVSA.motTests] });
    const run = await runFleetCheck("2026-11-26");
    const mine = (await warnings(`&vehicle=${ids.AA19AAA}`)).results.filter((w) => w.subject.startsWith("555199999999")).map((w) => w.kind).sort();
    expect(mine).toEqual(["CLOCKING", "MOT_ADVISORY", "MOT_FAILED"]); // 64,000 is still below the recorded 70,000
    expect(run.tests_stored).toBe(1);
    fake.dvsa.set("AA19AAA", AA19AAA_DVSA);
  });

  it("a 429 midway stops the run and the next run resumes at that vehicle: none is lost", async () => {
    for (let i = 0; i < 4; i++) {
      const r = await api.post("createvehicle", van({ make: ref.ford.id, model: ref.transit.id, type: ref.l1.id }));
      expect(r.status).toBe(201);
    }
    const active = (await api.get("vehicles?vehicle_status=ACTIVE&page_size=100")).body.count as number;
    const mark = fake.requests.length;
    fake.failAfter("dvla", 2, 429, { retryAfter: 120 });
    const first = await runFleetCheck("2026-11-27");
    expect(first.stopped).toBe("rate-limited");
    expect(first.retry_after).toBe(120);
    expect(first.checked).toBe(2);
    expect(first.pass_done).toBe(false);
    const second = await runFleetCheck("2026-11-28");
    expect(second.stopped).toBeNull();
    expect(second.pass_done).toBe(true);
    expect(first.checked + second.checked).toBe(active);
    // Every active vehicle's registration was read by one of the two runs (the one refused read again).
    const read = new Set(fake.requests.slice(mark).filter((r) => r.service === "dvla").map((r) => r.registration));
    expect(read.size).toBe(active);
  });

  it("a service down (500) stops the run the same way, to retry later", async () => {
    fake.failAfter("dvsa", 0, 500);
    const run = await runFleetCheck("2026-11-29");
    expect(run.stopped).toBe("unavailable");
    expect(run.checked).toBe(0);
    const next = await runFleetCheck("2026-11-29");
    expect(next.pass_done).toBe(true);
  });

  it("links an advisory to the workshop defect made from it", async () => {
    const history = (await api.get(`vehiclemothistory/${ids.AA19AAA}`)).body.results as Array<{ id: number; defects: Array<{ text: string; type: string }> }>;
    const test = history.find((t) => t.defects.some((d: { type: string }) => d.type === "ADVISORY"))!;
    const defect = await api.post("createdefect", { vehicle: ids.AA19AAA, department: ref.hire.id, defect_description: `MOT advisory: ${test.defects[0].text}` });
    expect(defect.status).toBe(201);
    const link = await api.put(`mottests/${test.id}/defect`, { index: 0, job: defect.body.id });
    expect(link.status).toBe(200);
    const again = (await api.get(`vehiclemothistory/${ids.AA19AAA}`)).body.results.find((t: { id: number }) => t.id === test.id);
    expect(again.defect_jobs).toEqual({ "0": defect.body.id });
    expect((await api.put(`mottests/${test.id}/defect`, { index: 99, job: defect.body.id })).status).toBe(400);
  });

  it("the compliance CSV report lists the warnings with vehicle, date and source", async () => {
    const res = await api.get("report/compliancereport");
    expect(res.status).toBe(200);
    const text = String(res.body);
    expect(text.split("\n")[0]).toContain("Registration,Warning,Date,Source,Details,Recorded");
    expect(text).toContain("AA19MOT,MOT expired,01/10/2025,DVLA,MOT expired on 01/10/2025");
    expect(text).toContain("AA19AAA,Mileage went backwards,05/12/2025,DVSA");
  });

  it("the rental finder flags a van whose MOT or tax runs out during the hire, as it flags workshop holds", async () => {
    const lapsing = await api.post("createvehicle", van({ make: ref.ford.id, model: ref.transit.id, type: ref.l1.id, mot_expiry: "2027-03-10", tax_expiry: "2027-01-31" }));
    expect(lapsing.status).toBe(201);
    const finder = await api.get("rentals/available?start_date=2027-03-01&finish_date=2027-03-20&page_size=100");
    const row = finder.body.results.find((v: { id: number }) => v.id === lapsing.body.id);
    expect(row.compliance_warnings).toEqual([
      { reason: "MOT", date: "2027-03-10", message: "MOT runs out on 10/03/2027, during the hire" },
      { reason: "TAX", date: "2027-01-31", message: "Tax expired on 31/01/2027" },
    ]);
    const before = await api.get("rentals/available?start_date=2027-01-01&finish_date=2027-01-20&page_size=100");
    expect(before.body.results.find((v: { id: number }) => v.id === lapsing.body.id).compliance_warnings).toEqual([]);
  });

  it("without keys the check reads nothing and says so", async () => {
    for (const k of KEYS) delete process.env[k];
    const run = await runFleetCheck("2026-11-30");
    expect(run.stopped).toBe("not-set-up");
    expect(run.checked).toBe(0);
    useFake();
  });
});
