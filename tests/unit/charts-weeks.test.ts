import { describe, expect, it } from "vitest";
import { weeksEnding, weeksMeeting } from "../../core/platform/dates.js";
import { fleetDayFacets, fleetDaysByWeek } from "../../core/fleet/lists.js";
import { utilisationPercent } from "../../core/hire/rules.js";
import { targetInForce } from "../../core/settings/targets.js";

/** The charts' pure rules (issue 27, docs/charts.md). */
describe("chart weeks: Monday to Sunday, Europe/London calendar days", () => {
  it("the weeks ending with the week of a date, oldest first, 7 days each across the clocks going forward and back", () => {
    // Clocks go forward Sunday 26 March 2034 and back Sunday 29 October 2034.
    expect(weeksEnding("2034-03-29", 3)).toEqual([
      { start: "2034-03-13", end: "2034-03-19" },
      { start: "2034-03-20", end: "2034-03-26" },
      { start: "2034-03-27", end: "2034-04-02" },
    ]);
    expect(weeksEnding("2034-03-26", 1)).toEqual([{ start: "2034-03-20", end: "2034-03-26" }]);
    expect(weeksEnding("2034-10-30", 2)).toEqual([
      { start: "2034-10-23", end: "2034-10-29" },
      { start: "2034-10-30", end: "2034-11-05" },
    ]);
    const twelve = weeksEnding("2034-01-04", 12);
    expect(twelve).toHaveLength(12);
    expect(twelve[0]).toEqual({ start: "2033-10-17", end: "2033-10-23" });
    expect(twelve[11]).toEqual({ start: "2034-01-02", end: "2034-01-08" });
  });

  it("a report's weeks: every week meeting the range, whole", () => {
    expect(weeksMeeting("2034-03-15", "2034-03-27")).toEqual([
      { start: "2034-03-13", end: "2034-03-19" },
      { start: "2034-03-20", end: "2034-03-26" },
      { start: "2034-03-27", end: "2034-04-02" },
    ]);
    expect(weeksMeeting("2034-03-27", "2034-03-20")).toEqual([]);
  });
});

describe("fleet utilisation", () => {
  it("is vehicle-days on hire / vehicle-days on fleet as a percentage to one place; none without a fleet", () => {
    expect(utilisationPercent(4, 7)).toBe(57.1);
    expect(utilisationPercent(5, 12)).toBe(41.7);
    expect(utilisationPercent(7, 7)).toBe(100);
    expect(utilisationPercent(0, 7)).toBe(0);
    expect(utilisationPercent(3, 0)).toBeNull();
  });

  it("a vehicle joins the fleet on its purchase date and leaves the day after its date sold; customers' vans never", () => {
    expect(fleetDayFacets({ purchase_date: "2034-03-22", date_sold: "2034-03-28", department: 4 })).toEqual([
      { facet: "fleetdays#all", value: "2034-03-22", amount: 1 },
      { facet: "fleetdays#all", value: "2034-03-29", amount: -1 },
      { facet: "fleetdays#4", value: "2034-03-22", amount: 1 },
      { facet: "fleetdays#4", value: "2034-03-29", amount: -1 },
    ]);
    expect(fleetDayFacets({ purchase_date: "2034-01-10" })).toEqual([
      { facet: "fleetdays#all", value: "2034-01-10", amount: 1 },
      { facet: "fleetdays#all", value: "held", amount: 1 },
    ]);
    expect(fleetDayFacets({ vehicle_status: "CUSTOMER", purchase_date: "2034-01-10" })).toEqual([]);
    expect(fleetDayFacets({ date_sold: "2034-01-10" })).toEqual([]);
  });

  it("vehicle-days on fleet per week: held less the moves after each day", () => {
    // A (bought in January, held) and B (bought Wed 22 March, sold Tue 28 March): held 1; moves from 13 March on.
    const moves = [
      { value: "2034-03-22", sum: 1 },
      { value: "2034-03-29", sum: -1 },
      { value: "held", sum: 1 },
    ];
    expect(fleetDaysByWeek(1, moves, weeksEnding("2034-03-29", 3))).toEqual([7, 12, 9]);
    // A van bought after the weeks shown (an order) is not on the fleet in them.
    expect(fleetDaysByWeek(2, [...moves, { value: "2034-05-01", sum: 1 }], weeksEnding("2034-03-29", 3))).toEqual([7, 12, 9]);
  });
});

describe("the target in force on a week's Monday", () => {
  const targets = [
    { id: 1, weekly_target: 1000, active_from: "2034-03-01", active_to: "2034-03-19" },
    { id: 2, weekly_target: 1500, active_from: "2034-03-20", active_to: null },
  ];
  it("is the latest started on or before it and not ended before it", () => {
    expect(targetInForce(targets, "2034-03-13")?.weekly_target).toBe(1000);
    expect(targetInForce(targets, "2034-03-20")?.weekly_target).toBe(1500);
    expect(targetInForce(targets, "2034-02-27")).toBeNull();
  });
});
