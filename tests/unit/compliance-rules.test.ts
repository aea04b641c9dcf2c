import { describe, expect, it } from "vitest";
import { RESOLVE_MESSAGES, resolutionOf, warningListOf, warningLists } from "../../core/fleet/compliance-rules";

/** The compliance warnings' lists and resolved state (docs/compliance.md "Resolving a warning"). */
describe("a warning's lists", () => {
  const open = { vehicle: 7, kind: "MOT_DUE" as const, date: "2026-12-10", department: 3, resolved_at: null };

  it("an open warning is in every list and again in the open ones", () => {
    expect(warningLists(open).map((m) => m.list)).toEqual(["all", "veh#7", "kind#MOT_DUE", "dept#3", "dept#3#kind#MOT_DUE", "open", "open#veh#7", "open#kind#MOT_DUE", "open#dept#3", "open#dept#3#kind#MOT_DUE"]);
    expect(new Set(warningLists(open).map((m) => m.sort))).toEqual(new Set(["2026-12-10"]));
  });

  it("a resolved one leaves the open lists; one without a department has no department lists", () => {
    expect(warningLists({ ...open, resolved_at: "2026-11-27T10:00:00.000Z" }).map((m) => m.list)).toEqual(["all", "veh#7", "kind#MOT_DUE", "dept#3", "dept#3#kind#MOT_DUE"]);
    expect(warningLists({ ...open, department: null }).map((m) => m.list)).toEqual(["all", "veh#7", "kind#MOT_DUE", "open", "open#veh#7", "open#kind#MOT_DUE"]);
  });

  it("a query reads one list: open by default, every warning with resolved", () => {
    expect(warningListOf({})).toBe("open");
    expect(warningListOf({ resolved: true })).toBe("all");
    expect(warningListOf({ kind: "TAX_DUE" })).toBe("open#kind#TAX_DUE");
    expect(warningListOf({ department: 3 })).toBe("open#dept#3");
    expect(warningListOf({ department: 3, kind: "SORN", resolved: true })).toBe("dept#3#kind#SORN");
    expect(warningListOf({ vehicle: 7, kind: "SORN" })).toBe("open#veh#7");
    // Every list a query names is one a warning can be in.
    const lists = new Set([...warningLists(open), ...warningLists({ ...open, resolved_at: "x" })].map((m) => m.list));
    for (const q of [{}, { resolved: true }, { kind: "MOT_DUE" as const }, { department: 3 }, { department: 3, kind: "MOT_DUE" as const, resolved: true }, { vehicle: 7 }]) expect(lists.has(warningListOf(q))).toBe(true);
  });
});

describe("resolving", () => {
  const now = "2026-11-27T10:00:00.000Z";

  it("keeps who and when and the note (trimmed; blank is none)", () => {
    expect(resolutionOf({ resolved_at: null }, { resolved: true, note: "  MOT booked " }, "alex@vanco.co.uk", now)).toEqual({ resolved_at: now, resolved_by: "alex@vanco.co.uk", resolution_note: "MOT booked" });
    expect(resolutionOf({}, { resolved: true, note: "   " }, "alex@vanco.co.uk", now)).toEqual({ resolved_at: now, resolved_by: "alex@vanco.co.uk", resolution_note: null });
  });

  it("reopening clears them", () => {
    expect(resolutionOf({ resolved_at: now }, { resolved: false }, "sam", now)).toEqual({ resolved_at: null, resolved_by: null, resolution_note: null });
  });

  it("refuses resolving a resolved warning, reopening an open one, a note over 500 characters", () => {
    expect(resolutionOf({ resolved_at: now }, { resolved: true }, "sam", now)).toEqual({ refused: RESOLVE_MESSAGES.resolved });
    expect(resolutionOf({ resolved_at: null }, { resolved: false }, "sam", now)).toEqual({ refused: RESOLVE_MESSAGES.open });
    expect(resolutionOf({ resolved_at: null }, { resolved: true, note: "x".repeat(501) }, "sam", now)).toEqual({ refused: RESOLVE_MESSAGES.note });
  });
});
