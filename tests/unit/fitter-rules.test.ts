import { describe, expect, it } from "vitest";
import { FITTER_DAY_STATES, fitterDayRange, isFittersJobToday, scaledSize } from "../../core/workshop/fitter-rules.js";
import { jobMemberships } from "../../core/workshop/job.js";

/** The fitter's phone (docs/fitter-phone.md): which jobs are a fitter's today, and the photo's scaled size. */
describe("a fitter's jobs of today", () => {
  const today = "2030-03-04";
  const base = { fitter: 7, workshop_date: today, status: "IN_PROGRESS", approved: false, is_defect: false, is_enquiry: false };

  it("are the fitter's open, returned or ready job cards with today's workshop date", () => {
    expect(FITTER_DAY_STATES).toEqual(["OPEN", "RETURNED", "READY"]);
    expect(isFittersJobToday(base, 7, today)).toBe(true);
    expect(isFittersJobToday({ ...base, fitter: { id: 7, name: "Dave" } }, 7, today)).toBe(true);
    expect(isFittersJobToday({ ...base, status: "RETURNED_FROM_WORKSHOP" }, 7, today)).toBe(true);
    expect(isFittersJobToday({ ...base, status: "READY_FOR_COLLECTION" }, 7, today)).toBe(true);
  });

  it("leave out another fitter's, another day's, finished, defects and enquiries", () => {
    expect(isFittersJobToday(base, 8, today)).toBe(false);
    expect(isFittersJobToday({ ...base, fitter: null }, 7, today)).toBe(false);
    expect(isFittersJobToday({ ...base, workshop_date: "2030-03-05" }, 7, today)).toBe(false);
    expect(isFittersJobToday({ ...base, workshop_date: null }, 7, today)).toBe(false);
    expect(isFittersJobToday({ ...base, status: "COLLECTED" }, 7, today)).toBe(false);
    expect(isFittersJobToday({ ...base, status: "READY_FOR_COLLECTION", approved: true }, 7, today)).toBe(false);
    expect(isFittersJobToday({ ...base, is_defect: true }, 7, today)).toBe(false);
    expect(isFittersJobToday({ ...base, is_enquiry: true }, 7, today)).toBe(false);
  });

  it("are exactly the fitter column entries in the day's key range tagged v=jobs (the list's one Query)", () => {
    const range = fitterDayRange(today);
    const cases = [
      base,
      { ...base, status: "RETURNED_FROM_WORKSHOP" },
      { ...base, status: "COLLECTED" },
      { ...base, approved: true },
      { ...base, is_defect: true },
      { ...base, is_enquiry: true },
      { ...base, workshop_date: "2030-03-03" },
      { ...base, fitter: 8 },
    ];
    for (const job of cases) {
      const listed = jobMemberships(job as never).some((m) => m.list === "f#fi#7" && m.sort >= range.from && m.sort <= range.to && (m.tags ?? []).includes("v=jobs"));
      expect(listed, JSON.stringify(job)).toBe(isFittersJobToday(job, 7, today));
    }
  });
});

describe("a photo's scaled size", () => {
  it("keeps the long side at most 2000 px and the proportions; never enlarges", () => {
    expect(scaledSize(4032, 3024)).toEqual({ width: 2000, height: 1500 });
    expect(scaledSize(3024, 4032)).toEqual({ width: 1500, height: 2000 });
    expect(scaledSize(3000, 2000)).toEqual({ width: 2000, height: 1333 });
    expect(scaledSize(1200, 900)).toEqual({ width: 1200, height: 900 });
    expect(scaledSize(2000, 10)).toEqual({ width: 2000, height: 10 });
    expect(scaledSize(8000, 1)).toEqual({ width: 2000, height: 1 });
  });
});
