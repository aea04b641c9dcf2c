import { describe, expect, it } from "vitest";
import { dvlaAnswer, dvsaAnswer, lapseWarnings, milesOf, retryAfterSeconds, suggestionsOf, warningsOf, type DvlaVehicle, type DvsaVehicle } from "../../core/fleet/registration-rules.js";
import { AA19AAA_DVLA, AA19AAA_DVSA, AA19MOT_DVLA } from "../support/fake-registration.js";

/** The pure rules of issue 25 (core/fleet/registration-rules.ts): answers, suggestions, which warnings a reading raises. */
const dvla = (x: Partial<DvlaVehicle> = {}): DvlaVehicle => dvlaAnswer.parse({ ...AA19AAA_DVLA, ...x });
const dvsa = (x: Record<string, unknown> = {}): DvsaVehicle => dvsaAnswer.parse({ ...AA19AAA_DVSA, ...x });
const base = { today: "2026-06-01", dvla: null, dvsa: null, knownTests: new Set<string>(), mileage: null, mileageDate: null };
const kinds = (ws: Array<{ kind: string; subject: string }>) => ws.map((w) => `${w.kind} ${w.subject}`).sort();

describe("answers", () => {
  it("reads the services' documented answers, the DVSA's reading text as a number", () => {
    expect(dvla().engineCapacity).toBe(1995);
    const d = dvsa();
    expect(d.motTests[0].odometerValue).toBe(61234);
    expect(d.motTests[2].expiryDate).toBeNull();
  });
  it("refuses an answer of the wrong shape", () => {
    expect(dvlaAnswer.safeParse({ registrationNumber: "X", engineCapacity: "big" }).success).toBe(false);
    expect(dvsaAnswer.safeParse({ registration: "X", motTests: [{ testResult: "PASSED" }] }).success).toBe(false);
  });
  it("Retry-After in seconds or as a date, 60 when absent", () => {
    expect(retryAfterSeconds("120")).toBe(120);
    expect(retryAfterSeconds(null)).toBe(60);
    expect(retryAfterSeconds(new Date(Date.UTC(2026, 0, 1, 0, 1)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(60);
  });
  it("converts a kilometre reading to miles and ignores one not read", () => {
    expect(milesOf({ odometerValue: 1000, odometerUnit: "KM" })).toBe(621);
    expect(milesOf({ odometerValue: 1000, odometerUnit: "MI", odometerResultType: "UNREADABLE" })).toBeNull();
  });
});

describe("suggestions", () => {
  it("DVLA first for what both answer, the DVSA for model and first used date", () => {
    const s = suggestionsOf(dvla(), dvsa());
    const of = (f: string) => s.find((x) => x.field === f);
    expect(of("make")).toEqual({ field: "make", value: "Ford", source: "DVLA" });
    expect(of("model")).toEqual({ field: "model", value: "Transit Custom", source: "DVSA" });
    expect(of("colour")?.source).toBe("DVLA");
    expect(of("first_used_date")).toEqual({ field: "first_used_date", value: "2019-03-01", source: "DVSA" });
  });
  it("the DVSA's MOT expiry when the DVLA has none", () => {
    const s = suggestionsOf(null, dvsa());
    expect(s.find((x) => x.field === "mot_expiry")).toEqual({ field: "mot_expiry", value: "2026-12-10", source: "DVSA" });
  });
});

describe("which warnings a reading raises", () => {
  it("MOT and tax due within 30 days; nothing when further off", () => {
    expect(kinds(warningsOf({ ...base, today: "2026-11-20", dvla: dvla() }))).toEqual(["MOT_DUE 2026-12-10", "TAX_DUE 2026-12-01"]);
    expect(warningsOf({ ...base, today: "2026-06-01", dvla: dvla() })).toEqual([]);
  });
  it("expired MOT and tax, SORN and export", () => {
    expect(kinds(warningsOf({ ...base, dvla: dvla(AA19MOT_DVLA) }))).toEqual(["MOT_EXPIRED 2025-10-01", "TAX_EXPIRED 2025-09-01"]);
    expect(kinds(warningsOf({ ...base, dvla: dvla({ taxStatus: "SORN", markedForExport: true }) }))).toEqual(["EXPORT EXPORT", "SORN 2026-12-01"]);
  });
  it("on a first reading only the latest test is new; afterwards every test not stored before", () => {
    const first = kinds(warningsOf({ ...base, dvsa: dvsa(), today: "2026-01-01" }));
    expect(first).toEqual(["MOT_ADVISORY 555123456789#0", "MOT_ADVISORY 555123456789#1"]);
    const later = warningsOf({ ...base, dvsa: dvsa(), today: "2026-01-01", knownTests: new Set(["555123456789", "555100001111"]) });
    expect(kinds(later)).toEqual(["MOT_FAILED 555100000001"]);
  });
  it("clocking: below the product's mileage recorded before the test, or below the previous MOT", () => {
    const w = warningsOf({ ...base, dvsa: dvsa(), today: "2026-01-01", mileage: 70000, mileageDate: "2025-11-01" });
    expect(w.find((x) => x.kind === "CLOCKING")?.subject).toBe("555123456789#mileage");
    // Mileage recorded after the test: a lower MOT reading is no news.
    expect(warningsOf({ ...base, dvsa: dvsa(), today: "2026-01-01", mileage: 70000, mileageDate: "2026-01-01" }).some((x) => x.kind === "CLOCKING")).toBe(false);
    const backwards = dvsa({ motTests: [{ ...AA19AAA_DVSA.motTests[0], odometerValue: "40000" }, AA19AAA_DVSA.motTests[1]] });
    expect(warningsOf({ ...base, dvsa: backwards, today: "2026-01-01" }).find((x) => x.kind === "CLOCKING")?.message).toBe("MOT reading 40000 miles on 05/12/2025 is below the previous MOT's 45210 miles");
  });
  it("is the same warning (kind and subject) when read again", () => {
    const a = warningsOf({ ...base, today: "2026-11-20", dvla: dvla() });
    const b = warningsOf({ ...base, today: "2026-11-21", dvla: dvla() });
    expect(kinds(a)).toEqual(kinds(b));
  });
});

describe("the rental finder's flag", () => {
  const hire = { start_date: "2027-03-01", finish_date: "2027-03-20" };
  it("flags an MOT or tax running out before the hire ends, not one running out on its last day or later", () => {
    expect(lapseWarnings({ mot_expiry: "2027-03-10" }, hire).map((w) => w.message)).toEqual(["MOT runs out on 10/03/2027, during the hire"]);
    expect(lapseWarnings({ tax_expiry: "2027-02-01" }, hire).map((w) => w.message)).toEqual(["Tax expired on 01/02/2027"]);
    expect(lapseWarnings({ mot_expiry: "2027-03-20", tax_expiry: "2028-01-01" }, hire)).toEqual([]);
    expect(lapseWarnings({}, hire)).toEqual([]);
  });
});
