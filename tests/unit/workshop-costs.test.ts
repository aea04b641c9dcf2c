import { describe, expect, it } from "vitest";
import {
  estimateMatchesJob,
  hoursAt,
  incVat,
  isLcvCentre,
  jobLabour,
  jobTotals,
  markedUp,
  partCustomerCost,
  partsMarkup,
  priceJobItems,
  pricedCustomerId,
  quoteLabourEstimate,
  workshopLabourRate,
} from "../../core/workshop/costs.js";

describe("markup and hours (002 §9)", () => {
  it("marks an amount up by a percentage, exactly", () => {
    expect(markedUp(100, 15).toString()).toBe("115");
    expect(markedUp("0.1", 10).toString()).toBe("0.11");
    expect(markedUp(50, null).toString()).toBe("50");
  });
  it("multiplies hours by a rate without float error", () => {
    expect(hoursAt(1.1, 3).toString()).toBe("3.3");
    expect(hoursAt(null, 60).toString()).toBe("0");
  });
});

describe("quote labour estimate (002 §9)", () => {
  const defaults = { default_labour_estimate_rate: 40 };
  it("charges hours x special rate and costs hours x default estimate rate, both plus the customer's labour markup, 2 dp", () => {
    // 2.5 h; special 65/h; default 40/h; markup 10%: charge 2.5 x 65 x 1.1 = 178.75, cost 2.5 x 40 x 1.1 = 110
    expect(quoteLabourEstimate(2.5, { special_labour_rate: 65 }, defaults, { labour_rate_markup: 10 })).toEqual({ cost: 110, charge: 178.75 });
  });
  it("rounds half up to pence", () => {
    // 1.333 x 45 = 59.985 -> 59.99
    expect(quoteLabourEstimate(1.333, { special_labour_rate: 45 }, { default_labour_estimate_rate: 45 }, null)).toEqual({ cost: 59.99, charge: 59.99 });
  });
  it("charges at the default estimate rate when the work type has no special rate", () => {
    expect(quoteLabourEstimate(2, { special_labour_rate: null }, defaults, { labour_rate_markup: 0 })).toEqual({ cost: 80, charge: 80 });
  });
  it("is 0 without hours or rates", () => {
    expect(quoteLabourEstimate(null, null, null, null)).toEqual({ cost: 0, charge: 0 });
  });
});

describe("job labour (002 §9)", () => {
  const workshop = { supplier_labour_charge: 50, lcv_rate: 42, labour_rate_affected_by_customer_markup: true };
  it("costs hours x the workshop's supplier labour charge and charges hours x the special rate plus markup", () => {
    expect(jobLabour({ labour_hours: 3 }, { workType: { special_labour_rate: 70 }, workshop, departmentName: "Workshop", customer: { labour_rate_markup: 5 } })).toEqual({
      labour_cost: 150,
      customer_labour_cost: 220.5,
    });
  });
  it("uses the LCV rate for the LCV Centre department", () => {
    expect(workshopLabourRate(workshop, "LCV Centre")).toBe(42);
    expect(workshopLabourRate(workshop, " lcv centre ")).toBe(42);
    expect(workshopLabourRate(workshop, "Rentals")).toBe(50);
    expect(workshopLabourRate({ supplier_labour_charge: 50 }, "LCV Centre")).toBe(50);
    expect(workshopLabourRate(null, "LCV Centre")).toBeNull();
    expect(isLcvCentre("LCV Centre")).toBe(true);
    expect(jobLabour({ labour_hours: 2 }, { workType: null, workshop, departmentName: "LCV Centre", customer: { labour_rate_markup: 10 } })).toEqual({
      labour_cost: 84,
      customer_labour_cost: 92.4,
    });
  });
  it("marks a rate-based cost up only when the workshop's rate is affected by the customer markup", () => {
    const plain = { supplier_labour_charge: 50, labour_rate_affected_by_customer_markup: false };
    expect(jobLabour({ labour_hours: 2 }, { workType: null, workshop: plain, customer: { labour_rate_markup: 10 } })).toEqual({ labour_cost: 100, customer_labour_cost: 100 });
  });
  it("keeps the entered cost when the workshop has no rate, and charges it plus the markup", () => {
    expect(jobLabour({ labour_hours: 2, labour_cost: 123.45, customer_labour_cost: 999 }, { workType: null, workshop: {}, customer: { labour_rate_markup: 20 } })).toEqual({
      labour_cost: 123.45,
      customer_labour_cost: 148.14,
    });
  });
  it("never trusts the client's charge unless cost_override", () => {
    expect(jobLabour({ labour_hours: 1, customer_labour_cost: 5000 }, { workType: { special_labour_rate: 60 }, workshop, customer: null }).customer_labour_cost).toBe(60);
    expect(jobLabour({ labour_hours: 1, labour_cost: 1.234, customer_labour_cost: 5000, cost_override: true }, { workType: { special_labour_rate: 60 }, workshop, customer: null })).toEqual({
      labour_cost: 1.23,
      customer_labour_cost: 5000,
    });
  });
  it("allows a credit (negative hours) item", () => {
    expect(jobLabour({ labour_hours: -1 }, { workType: null, workshop, customer: null })).toEqual({ labour_cost: -50, customer_labour_cost: -50 });
  });
});

describe("parts (002 §9, §5 Lookups)", () => {
  it("picks the job's markup, else the customer's, else the app default, else 0", () => {
    expect(partsMarkup(5, { parts_markup: 20 }, { default_parts_markup: 30 })).toBe(5);
    expect(partsMarkup(0, { parts_markup: 20 }, { default_parts_markup: 30 })).toBe(0);
    expect(partsMarkup(null, { parts_markup: 20 }, { default_parts_markup: 30 })).toBe(20);
    expect(partsMarkup(null, { parts_markup: null }, { default_parts_markup: 30 })).toBe(30);
    expect(partsMarkup(null, null, null)).toBe(0);
  });
  it("prices the customer cost from the cost unless cost_override", () => {
    expect(partCustomerCost({ cost: 19.99, customer_cost: 1 }, 25)).toBe(24.99); // 24.9875 -> 24.99
    expect(partCustomerCost({ cost: 19.99, customer_cost: 30, cost_override: true }, 25)).toBe(30);
  });
});

describe("Charge Customer 2 (002 §4 Cost toggles)", () => {
  it("prices a chargeable item for customer 2 when there is one", () => {
    expect(pricedCustomerId({ customer: 1, customer2: 2 }, true)).toBe(2);
    expect(pricedCustomerId({ customer: 1, customer2: 2 }, false)).toBe(1);
    expect(pricedCustomerId({ customer: 1, customer2: null }, true)).toBe(1);
    expect(pricedCustomerId({ customer: { id: 1 }, customer2: { id: 2 } }, true)).toBe(2);
  });
  it("reprices parts against the chosen customer's markup", () => {
    const job = {
      customer: 1,
      customer2: 2,
      work_items: [
        { work_type: 9, chargeable: false, labour_hours: 1, parts: [{ cost: 100 }] },
        { work_type: 9, chargeable: true, labour_hours: 1, parts: [{ cost: 100 }] },
      ],
    };
    const ctx = {
      contacts: new Map([
        [1, { parts_markup: 10, labour_rate_markup: 0 }],
        [2, { parts_markup: 50, labour_rate_markup: 100 }],
      ]),
      workTypes: new Map([[9, { special_labour_rate: 60 }]]),
      workshop: { supplier_labour_charge: 40 },
      defaults: { default_parts_markup: 5, default_labour_estimate_rate: 30 },
    };
    const items = priceJobItems(job, ctx);
    expect(items[0].parts[0].customer_cost).toBe(110);
    expect(items[1].parts[0].customer_cost).toBe(150);
    expect(items[0].customer_labour_cost).toBe(60);
    expect(items[1].customer_labour_cost).toBe(120);
    // The job's own parts markup overrides both customers'.
    const own = priceJobItems({ ...job, parts_markup: 0 }, ctx);
    expect(own.map((w) => w.parts[0].customer_cost)).toEqual([100, 100]);
  });
  it("estimates items not from a quote like a quote item; keeps a quote item's estimate", () => {
    const ctx = { contacts: new Map(), workTypes: new Map([[9, { special_labour_rate: 60 }]]), workshop: null, defaults: { default_labour_estimate_rate: 30 } };
    const [mine, quoted] = priceJobItems(
      {
        customer: null,
        work_items: [
          { work_type: 9, estimated_labour_hours: 2, estimated_labour_cost: 1, estimated_customer_labour_cost: 1 },
          { work_type: 9, quote: 4, estimated_labour_hours: 2, estimated_labour_cost: 1, estimated_customer_labour_cost: 1 },
        ],
      },
      ctx,
    );
    expect([mine.estimated_labour_cost, mine.estimated_customer_labour_cost]).toEqual([60, 120]);
    expect([quoted.estimated_labour_cost, quoted.estimated_customer_labour_cost]).toEqual([1, 1]);
  });
});

describe("job totals", () => {
  it("sums labour and parts, estimated and actual, and customer 2's chargeable share", () => {
    const t = jobTotals({
      customer2: 2,
      work_items: [
        { labour_cost: 10.1, customer_labour_cost: 20.2, estimated_labour_cost: 1, estimated_customer_labour_cost: 2, parts: [{ cost: 0.1, customer_cost: 0.2, estimated_cost: 3, estimated_customer_cost: 4 }] },
        { chargeable: true, labour_cost: 5, customer_labour_cost: 7, parts: [{ cost: 0.2, customer_cost: 0.3 }] },
      ],
    });
    expect(t.labour_cost_total).toBe(15.1);
    expect(t.labour_charge_total).toBe(27.2);
    expect(t.parts_cost_total).toBe(0.3);
    expect(t.parts_charge_total).toBe(0.5);
    expect(t.total_cost).toBe(15.4);
    expect(t.total_charge).toBe(27.7);
    expect(t.estimated_labour_cost_total).toBe(1);
    expect(t.estimated_parts_charge_total).toBe(4);
    expect(t.customer2_labour_charge_total).toBe(7);
    expect(t.customer2_parts_charge_total).toBe(0.3);
  });
  it("gives customer 2 nothing when the job has no customer 2", () => {
    expect(jobTotals({ work_items: [{ chargeable: true, customer_labour_cost: 7 }] }).customer2_labour_charge_total).toBe(0);
  });
  it("compares an item with its estimate to the penny", () => {
    expect(estimateMatchesJob({ estimated_labour_hours: 2, labour_hours: 2, estimated_labour_cost: 80, labour_cost: 80.0, estimated_customer_labour_cost: 100, customer_labour_cost: 100 })).toBe(true);
    expect(estimateMatchesJob({ estimated_labour_hours: 2, labour_hours: 3 })).toBe(false);
  });
  it("adds VAT at 20%", () => {
    expect(incVat(10.01)).toBe(12.01);
  });
});

describe("docs/workshop.md worked example", () => {
  it("gives the figures the document shows", () => {
    const ctx = {
      contacts: new Map<number, Record<string, unknown>>([
        [1, { labour_rate_markup: 10, parts_markup: 20 }],
        [2, { labour_rate_markup: 0, parts_markup: 50 }],
      ]),
      workTypes: new Map<number, Record<string, unknown>>([
        [7, { special_labour_rate: 65 }],
        [8, { special_labour_rate: null }],
      ]),
      workshop: { supplier_labour_charge: 50, lcv_rate: 42, labour_rate_affected_by_customer_markup: true },
      departmentName: "LCV Centre",
      defaults: { default_labour_estimate_rate: 40, default_parts_markup: 25 },
    };
    const job = {
      customer: 1,
      customer2: 2,
      work_items: [
        { work_type: 7, labour_hours: 2.5, estimated_labour_hours: 2, chargeable: false, parts: [{ cost: 19.99 }] },
        { work_type: 8, labour_hours: 1, chargeable: true, parts: [{ cost: 80 }] },
      ],
    };
    const items = priceJobItems(job, ctx);
    expect(items[0]).toMatchObject({ labour_cost: 105, customer_labour_cost: 178.75, estimated_labour_cost: 88, estimated_customer_labour_cost: 143 });
    expect(items[0].parts[0].customer_cost).toBe(23.99);
    expect(items[1]).toMatchObject({ labour_cost: 42, customer_labour_cost: 42 });
    expect(items[1].parts[0].customer_cost).toBe(120);
    const t = jobTotals({ ...job, work_items: items });
    expect(t).toMatchObject({
      labour_cost_total: 147,
      labour_charge_total: 220.75,
      parts_cost_total: 99.99,
      parts_charge_total: 143.99,
      total_cost: 246.99,
      total_charge: 364.74,
      customer2_labour_charge_total: 42,
      customer2_parts_charge_total: 120,
    });
    const own = priceJobItems({ ...job, parts_markup: 0 }, ctx);
    expect(own.map((w) => w.parts[0].customer_cost)).toEqual([19.99, 80]);
  });
});
