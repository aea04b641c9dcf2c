import { describe, expect, it } from "vitest";
import { holdOfEntry, holdTags, workshopWarning } from "../../core/workshop/holds.js";

/** The overlap rule of the workshop warnings on a rental (docs/rentals.md "Workshop warnings"). */
const window = { start_date: "2030-03-10", finish_date: "2030-03-14" };
const hold = (job: Record<string, string | null>, state: string, id = 7) => holdOfEntry({ id, tags: holdTags(job, state).map((t) => t.toLowerCase()) });

describe("workshopWarning", () => {
  it("an open NOT_DRIVEABLE defect holds the van whatever the dates; a DRIVEABLE one does not", () => {
    expect(workshopWarning(hold({ defect_status: "NOT_DRIVEABLE" }, "DEFECT"), window)).toEqual({ job: 7, reason: "NOT_DRIVEABLE", from: null, to: null, message: "Job 7: open defect, not driveable" });
    expect(workshopWarning(hold({ defect_status: "NOT_DRIVEABLE", workshop_date: "2020-01-01" }, "DEFECT"), window)?.reason).toBe("NOT_DRIVEABLE");
    expect(workshopWarning(hold({ defect_status: "DRIVEABLE" }, "DEFECT"), window)).toBeNull();
    // Converted to a quote, a defect is no longer open (and off the open list); an enquiry holds nothing.
    expect(workshopWarning(hold({ defect_status: "NOT_DRIVEABLE" }, "CONVERTED"), window)).toBeNull();
    expect(workshopWarning(hold({ defect_status: "NOT_DRIVEABLE" }, "ENQUIRY"), window)).toBeNull();
  });

  it("a job holds the van when workshop date..finish date meets the hire, ends inclusive", () => {
    const at = (workshop_date: string, finish_date: string | null) => workshopWarning(hold({ workshop_date, finish_date }, "OPEN"), window);
    expect(at("2030-03-14", "2030-03-20")).toMatchObject({ reason: "IN_WORKSHOP", from: "2030-03-14", to: "2030-03-20", message: "Job 7: booked into the workshop 14/03/2030 - 20/03/2030" });
    expect(at("2030-03-01", "2030-03-10")?.reason).toBe("IN_WORKSHOP");
    expect(at("2030-03-01", "2030-03-31")?.reason).toBe("IN_WORKSHOP");
    expect(at("2030-03-11", null)).toMatchObject({ from: "2030-03-11", to: "2030-03-11", message: "Job 7: booked into the workshop 11/03/2030" });
    expect(at("2030-03-01", "2030-03-09")).toBeNull();
    expect(at("2030-03-15", "2030-03-20")).toBeNull();
    // A finish date before the workshop date counts as the one day.
    expect(at("2030-03-15", "2030-03-12")).toBeNull();
  });

  it("uses the book-in date when there is no workshop date; no date holds nothing", () => {
    expect(workshopWarning(hold({ book_in_date: "2030-03-12" }, "OPEN"), window)?.from).toBe("2030-03-12");
    expect(workshopWarning(hold({ workshop_date: "2030-03-16", book_in_date: "2030-03-12" }, "OPEN"), window)).toBeNull();
    expect(workshopWarning(hold({}, "OPEN"), window)).toBeNull();
  });

  it("returned and ready-for-collection jobs still hold the van; collected and approved ones do not", () => {
    const job = { workshop_date: "2030-03-12", finish_date: "2030-03-13" };
    for (const s of ["OPEN", "RETURNED", "READY"]) expect(workshopWarning(hold(job, s), window)?.reason, s).toBe("IN_WORKSHOP");
    for (const s of ["COLLECTED", "APPROVED"]) expect(workshopWarning(hold(job, s), window), s).toBeNull();
  });
});
