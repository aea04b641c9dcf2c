import { describe, expect, it } from "vitest";
import { hoursBetween, minutesOf, movementCost, movementCostOf } from "../../core/workshop/movement-costs.js";
import { MOVEMENT_MESSAGES, movement, movementRowColour, movementRuleResult, movementView } from "../../core/workshop/movement-definitions.js";

const recovery = { cost_per_mile: 1.2, vehicle_cost: 35, additional_time_cost: 18, callout_cost: 50 };

describe("movement cost (docs/workshop.md Movements)", () => {
  it("the worked example: 42.5 miles, 09:15 to 11:45, 10% markup = £199.10", () => {
    expect(movementCost({ rate: recovery, miles: 42.5, start_time: "09:15", end_time: "11:45", markup_percent: 10 })).toEqual({
      miles_charge: 51,
      time_charge: 45,
      vehicle_cost: 35,
      callout_cost: 50,
      hours: 2.5,
      subtotal: 181,
      markup: 18.1,
      cost: 199.1,
    });
  });

  it("is exact decimals rounded once, half up, at the end (no float error)", () => {
    // 0.1 x 3 miles = 0.3 exactly; 20 minutes at £10/h = £3.333..., the total rounds once: 0.3 + 3.3333 = 3.6333 -> 3.63
    expect(movementCost({ rate: { cost_per_mile: 0.1, additional_time_cost: 10 }, miles: 3, start_time: "10:00", end_time: "10:20" }).cost).toBe(3.63);
    // 0.005 rounds up: subtotal £1.00 + 0.5% = £1.005 -> £1.01
    expect(movementCost({ rate: { vehicle_cost: 1 }, markup_percent: 0.5 }).cost).toBe(1.01);
  });

  it("no rate, no times or no customer: those parts are 0", () => {
    expect(movementCost({ rate: null, miles: 100 }).cost).toBe(0);
    expect(movementCost({ rate: recovery, miles: 10 }).cost).toBe(12 + 35 + 50);
    expect(movementCost({ rate: recovery, miles: 0, start_time: "09:00" }).time_charge).toBe(0);
  });

  it("hours between two times of day; an end before the start, or text that is no time, counts none", () => {
    expect(hoursBetween("08:00", "09:30").toString()).toBe("1.5");
    expect(hoursBetween("08:00", "08:00").toString()).toBe("0");
    expect(hoursBetween("10:00", "09:00").toString()).toBe("0");
    expect(hoursBetween("8am", "09:00").toString()).toBe("0");
    expect(minutesOf("23:59")).toBe(1439);
    expect(minutesOf("24:00")).toBeNull();
  });

  it("cost_override keeps the entered cost (to pence); otherwise the rate's price with the markup", () => {
    expect(movementCostOf({ cost_override: true, cost: 123.456, rate: recovery, miles: 10 })).toBe(123.46);
    expect(movementCostOf({ cost_override: false, cost: 999, rate: recovery, miles: 10, markup_percent: 20 })).toBe(116.4);
  });
});

describe("movement rules and defaults (002 §4, §5)", () => {
  it("a job-linked movement needs a work type, with the spec's message", () => {
    expect(movementRuleResult({ job: 7 })).toEqual({ message: MOVEMENT_MESSAGES.workTypeRequired, errors: { work_type: "Workshop Expense Charge Type is required for work items created from a job" } });
    expect(movementRuleResult({ job: 7, work_type: 2 })).toBeNull();
    expect(movementRuleResult({})).toBeNull();
  });

  it("times are HH:MM and the end is not before the start", () => {
    expect(movementRuleResult({ start_time: "9.30" })?.errors).toEqual({ start_time: MOVEMENT_MESSAGES.timeFormat });
    expect(movementRuleResult({ start_time: "10:00", end_time: "09:59" })?.errors).toEqual({ end_time: MOVEMENT_MESSAGES.endBeforeStart });
    expect(movementRuleResult({ start_time: "10:00", end_time: "" })).toBeNull();
  });

  it("the view: completed first, then QUOTE, else NORMAL", () => {
    expect(movementView({ completed: true, movement_status: "QUOTE" })).toBe("COMPLETED");
    expect(movementView({ movement_status: "QUOTE" })).toBe("QUOTE");
    expect(movementView({})).toBe("NORMAL");
  });

  it("row colours: green if invoiced, neutral from a job, orange ONHIRE/OFFHIRE, else dark red", () => {
    expect(movementRowColour({ invoice_number: "TR00001", job: 3, movement_type: { name: "ONHIRE" } })).toBe("green");
    expect(movementRowColour({ job: 3, movement_type: { name: "ONHIRE" } })).toBe("neutral");
    expect(movementRowColour({ movement_type: { name: "OFFHIRE" } })).toBe("orange");
    expect(movementRowColour({ movement_type: { name: "On Hire" } })).toBe("orange");
    expect(movementRowColour({ movement_type: { name: "Recovery" } })).toBe("darkred");
  });

  it("the definition takes the status in any case and refuses other values", () => {
    expect(movement.schema.shape.movement_status.parse("quote")).toBe("QUOTE");
    expect(movement.schema.shape.movement_status.safeParse("DONE").success).toBe(false);
  });
});
