import { describe, expect, it } from "vitest";
import {
  chosenPartCustomerCost,
  customerCostOnSave,
  newPartMissing,
  partDuplicateKey,
  partLookupLists,
  stockAfter,
  workDuplicateKey,
  workLookupLists,
} from "../../core/workshop/lookup-rules.js";

/** The pure rules of the part and work lookups (002 §5 "Lookups"). */
const charge = (cost: number) => Math.round(cost * 125) / 100; // a 25% markup stand-in for costs.ts

describe("part lookup duplicates", () => {
  it("match on name, part number, make, model and vehicle type, ignoring case, spaces and punctuation", () => {
    const a = { name: "Oil Filter", part_number: "OF-100", make: "Ford", model: "Transit Custom", vehicle_type: "L1" };
    expect(partDuplicateKey(a)).toBe(partDuplicateKey({ name: "oil  filter", part_number: "of100", make: "FORD", model: "transit custom ", vehicle_type: "l1" }));
    expect(partDuplicateKey(a)).not.toBe(partDuplicateKey({ ...a, model: "Transit" }));
    expect(partDuplicateKey(a)).not.toBe(partDuplicateKey({ ...a, vehicle_type: null }));
    // Variant, supplier and cost are not part of the rule.
    expect(partDuplicateKey({ ...a, variant: "X", cost: 3 } as any)).toBe(partDuplicateKey(a));
    expect(partDuplicateKey({})).toBe("||||");
  });
});

describe("work lookup duplicates", () => {
  it("match on description, labour cost (pence) and labour hours", () => {
    const w = { description: "Minor service", labour_cost: 55, labour_hours: 1 };
    expect(workDuplicateKey(w)).toBe(workDuplicateKey({ description: "MINOR SERVICE", labour_cost: "55.00", labour_hours: "1.0" }));
    expect(workDuplicateKey(w)).not.toBe(workDuplicateKey({ ...w, labour_cost: 55.01 }));
    expect(workDuplicateKey(w)).not.toBe(workDuplicateKey({ ...w, labour_hours: 1.25 }));
  });
});

describe("lists", () => {
  it("a part lookup is in all, num and pn when it has a number, and one list per make, model and type, each entry with the filter tags", () => {
    const lists = partLookupLists({ name: "Oil Filter", part_number: "OF-100", make: "Ford", model: "Transit Custom", vehicle_type: "L1" });
    expect(lists.map((l) => l.list)).toEqual(["all", "num", "pn", "mk#ford", "md#transitcustom", "vt#l1"]);
    expect(lists[0]).toEqual({ list: "all", sort: "oil filter", tags: ["mk=ford", "md=transitcustom", "vt=l1", "num=1"] });
    expect(lists[2].sort).toBe("of100");
    expect(partLookupLists({ name: "Bare" }).map((l) => l.list)).toEqual(["all"]);
  });

  it("a work lookup is in all, its supplier's, its labour cost's and hours' lists, and bypart# once per linked part", () => {
    const lists = workLookupLists({ description: "Minor service", labour_cost: 55, labour_hours: 1.5, supplier: 7, part_work_lookup: [{ part_lookup: 3 }, { part_lookup: 4 }, { part_lookup: 3 }] });
    expect(lists.map((l) => l.list)).toEqual(["all", "sup#7", "lc#5500", "lh#150", "bypart#3", "bypart#4"]);
    expect(lists[0].tags).toEqual(["sup=7", "lc=5500", "lh=150"]);
  });
});

describe("a new part on a work lookup", () => {
  it("needs name, part number, cost, supplier and customer cost", () => {
    expect(newPartMissing({ name: "Pads", part_number: "P1", cost: 0, supplier: 3, customer_cost: 0 })).toEqual([]);
    expect(newPartMissing({ name: " ", part_number: "P1", cost: null, supplier: { id: 3 } })).toEqual(["name", "cost", "customer_cost"]);
    expect(newPartMissing({})).toEqual(["name", "part_number", "cost", "supplier", "customer_cost"]);
  });
});

describe("customer cost (002 §5)", () => {
  it("is worked out for a new lookup without one, kept when one is sent", () => {
    expect(customerCostOnSave(null, { cost: 10 }, charge)).toBe(12.5);
    expect(customerCostOnSave(null, { cost: 10, customer_cost: 20 }, charge)).toBe(20);
    expect(customerCostOnSave(null, { name: "no cost" } as any, charge)).toBeUndefined();
  });

  it("is recalculated when the cost changes, unless the save changes it too (an override)", () => {
    const before = { cost: 10, customer_cost: 12.5 };
    expect(customerCostOnSave(before, { cost: 20, customer_cost: 12.5 }, charge)).toBe(25);
    expect(customerCostOnSave(before, { cost: 20 }, charge)).toBe(25);
    expect(customerCostOnSave(before, { cost: 20, customer_cost: 30 }, charge)).toBe(30);
    expect(customerCostOnSave({ cost: 10, customer_cost: 99 }, { cost: 10, customer_cost: 99 }, charge)).toBe(99);
    expect(customerCostOnSave({ cost: 10, customer_cost: null }, { comments: "x" } as any, charge)).toBe(12.5);
  });

  it("a part chosen from a work lookup with a customer cost of 0 gets the computed charge", () => {
    expect(chosenPartCustomerCost({ cost: 8, customer_cost: 0 }, charge)).toBe(10);
    expect(chosenPartCustomerCost({ cost: 8, customer_cost: null }, charge)).toBe(10);
    expect(chosenPartCustomerCost({ cost: 8, customer_cost: 9 }, charge)).toBe(9);
    expect(chosenPartCustomerCost({ cost: null, customer_cost: 0 }, charge)).toBe(0);
  });
});

describe("stock", () => {
  it("takes from the stock volume, never below nothing; a negative take returns stock", () => {
    expect(stockAfter(5, 2)).toBe(3);
    expect(stockAfter(2, 2)).toBe(0);
    expect(stockAfter(1, 2)).toBeNull();
    expect(stockAfter(null, 1)).toBeNull();
    expect(stockAfter(0, -3)).toBe(3);
  });
});
