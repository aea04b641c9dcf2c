import { describe, expect, it } from "vitest";
import { partOrderFacets, partOrderMemberships, partOrderSearchTerms } from "../../core/workshop/partorder.js";
import {
  completionRules,
  orderLineIn,
  orderLineOut,
  partEnquiryRules,
  partOrderButtons,
  partOrderSaveRules,
  partOrderTotals,
} from "../../core/workshop/partorder-rules.js";

/** Part order rules of 002 §2, §4, §5, §9 (core/workshop/partorder-rules.ts), to the penny. */

const option = { id: 7, name: "North" };
const part = (extra: Record<string, unknown> = {}) => ({ name: "Oil filter", supplier_tracking_option: option, customer_tracking_option: option, ...extra });

describe("partOrderTotals (002 §2 parts totals, §9 VAT 20%)", () => {
  it("sums cost and charge and adds VAT at 20% to the charge, 2 dp", () => {
    expect(partOrderTotals([{ cost: 10, customer_cost: 11.5 }, { cost: "12.35", customer_cost: "14.21" }])).toEqual({
      total_part_cost: 22.35,
      total_part_customer_charge: 25.71,
      total_part_customer_charge_inc_vat: 30.85, // 25.71 x 1.2 = 30.852
    });
  });
  it("has no float drift and treats empty amounts as 0", () => {
    expect(partOrderTotals([{ cost: 0.1, customer_cost: 0.1 }, { cost: 0.2, customer_cost: 0.2 }, { cost: null, customer_cost: "" }])).toEqual({
      total_part_cost: 0.3,
      total_part_customer_charge: 0.3,
      total_part_customer_charge_inc_vat: 0.36,
    });
    expect(partOrderTotals(undefined)).toEqual({ total_part_cost: 0, total_part_customer_charge: 0, total_part_customer_charge_inc_vat: 0 });
  });
  it("rounds the VAT figure half up", () => {
    expect(partOrderTotals([{ customer_cost: 0.125 }]).total_part_customer_charge_inc_vat).toBe(0.15);
  });
});

describe("partOrderSaveRules (002 §5 Part order)", () => {
  it("needs the customer vehicle's registration", () => {
    for (const customer_vehicle of [undefined, null, "", "   "])
      expect(partOrderSaveRules({ customer_vehicle, parts: [] })).toEqual({
        title: "Customer Vehicle information is required",
        message: "Customer Vehicle information is required",
        errors: { customer_vehicle: "Customer Vehicle Registration is required" },
      });
  });
  it("needs both tracking options on every part, naming each missing one", () => {
    const r = partOrderSaveRules({ customer_vehicle: "AB12CDE", parts: [part(), part({ supplier_tracking_option: null }), part({ customer_tracking_option: {} })] });
    expect(r).toEqual({
      message: "Tracking Options on parts are required",
      errors: { "parts.1.supplier_tracking_option": "Tracking Options on parts are required", "parts.2.customer_tracking_option": "Tracking Options on parts are required" },
    });
  });
  it("passes an order with a registration and complete parts (or none)", () => {
    expect(partOrderSaveRules({ customer_vehicle: "AB12CDE", parts: [part()] })).toBeNull();
    expect(partOrderSaveRules({ customer_vehicle: "AB12CDE" })).toBeNull();
  });
});

describe("part enquiry and completion rules (002 §4, §5)", () => {
  it("an enquiry needs a description", () => {
    expect(partEnquiryRules({ description: " " })).toEqual({ message: "Description are required", errors: { description: "Description are required" } });
    expect(partEnquiryRules({ description: "Tow bar" })).toBeNull();
  });
  it("completes only from ORDER, with a tracking option", () => {
    for (const s of ["ENQUIRY", "QUOTE", "COMPLETE"]) expect(completionRules(s, option)?.message).toBe("Only a part order with status ORDER can be completed");
    expect(completionRules("ORDER", null)?.errors).toHaveProperty("tracking_option");
    expect(completionRules("ORDER", option)).toBeNull();
  });
  it("offers each button in the states 002 §2 gives", () => {
    expect(partOrderButtons("ORDER", true)).toMatchObject({ copyContact: true, searchParts: true, complete: true, printOrder: true, printQuote: true, statusLocked: false });
    expect(partOrderButtons("ENQUIRY", true)).toMatchObject({ copyContact: false, searchParts: false, complete: false, printOrder: false, printQuote: false });
    expect(partOrderButtons("QUOTE", true)).toMatchObject({ copyContact: false, searchParts: true, complete: false, printOrder: false, printQuote: true });
    expect(partOrderButtons("COMPLETE", true)).toMatchObject({ complete: false, printOrder: true, printQuote: true, statusLocked: true, formLocked: true });
    expect(partOrderButtons("ORDER", false)).toMatchObject({ complete: false, printOrder: false });
  });
});

describe("order lines under the spec's names (002 §3 Order part line)", () => {
  it("reads invoice_number and backorder_date as the part's fields and answers both", () => {
    expect(orderLineIn({ invoice_number: "INV-1", backorder_date: "2030-01-02" })).toEqual({ part_invoice_number: "INV-1", backorder_expected_date: "2030-01-02" });
    expect(orderLineIn({ invoice_number: "X", part_invoice_number: "Y" })).toEqual({ part_invoice_number: "Y" });
    expect(orderLineOut({ part_invoice_number: "INV-1", backorder_expected_date: null })).toMatchObject({ invoice_number: "INV-1", backorder_date: null });
  });
});

describe("the part order's lists and figures (docs/data-model.md §7.1 Part order)", () => {
  const order = { status: "ORDER", department: 3, customer: 12, customer_name: "Acme Builders", customer_vehicle: "AB12 CDE", order_number: "PO-1", date_created: "2030-03-04", creator: { name: "Pat", email: "Pat@Vanco.co.uk" }, total_part_cost: 10, total_part_customer_charge: 11.5 };
  it("is in its status view for its department and ALL, its customer's and creator's lists, and search", () => {
    const lists = partOrderMemberships(order).map((m) => m.list);
    expect(lists).toEqual(expect.arrayContaining(["s#ORDER#d#ALL", "s#ORDER#d#3", "f#cust#12", "f#creator#pat@vanco.co.uk", "search"]));
    expect(partOrderSearchTerms(order)).toEqual(["acme builders", "ab12cde", "po-1"]);
  });
  it("counts ORDER and COMPLETE orders in the month figures, in pence, never QUOTE or ENQUIRY", () => {
    expect(partOrderFacets(order)).toEqual(
      expect.arrayContaining([
        { facet: "pofig#ALL#2030-03", value: "04#cost", amount: 1000 },
        { facet: "pofig#3#2030-03", value: "04#charge", amount: 1150 },
      ]),
    );
    for (const status of ["QUOTE", "ENQUIRY"]) expect(partOrderFacets({ ...order, status }).filter((f) => f.facet.startsWith("pofig"))).toEqual([]);
  });
});
