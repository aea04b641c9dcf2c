import { describe, expect, it } from "vitest";
import { approvalRefusal, approvedPartLocks, approvedSupplierInvoices, dueRangeRefusal, partApprovalCheck, partDueDate, partRowId, partViews, vatRateOf } from "../../core/workshop/part-rules.js";
import { partFacets, partMemberships } from "../../core/workshop/part-lines.js";
import { part } from "../../core/workshop/definitions.js";

describe("Parts Expenses views (data-model §7.1 Part)", () => {
  it("puts a part in every view it belongs to", () => {
    expect(partViews({})).toEqual(["current"]);
    expect(partViews({ to_be_ordered: true })).toEqual(["current", "tbo"]);
    expect(partViews({ to_be_ordered: true, date_ordered: "2030-01-02" })).toEqual(["current"]);
    expect(partViews({ from_stock: true })).toEqual(["stock"]);
    expect(partViews({ backorder: true })).toEqual(["current", "backorder"]);
    expect(partViews({ backorder_expected_date: "2030-02-01" })).toEqual(["current", "backorder"]);
    expect(partViews({ approved: true, to_be_ordered: true, backorder: true })).toEqual(["approved"]);
    expect(partViews({ approved: true, from_stock: true })).toEqual(["approved", "stock"]);
  });

  it("shows row ids as P, J or Q and the parent's id", () => {
    expect([partRowId("partorder", 7), partRowId("job", 8), partRowId("quote", 9)]).toEqual(["P7", "J8", "Q9"]);
  });

  it("keeps a quote part linked to a job part out of the views (the job's part is the expense) but in Part History Hidden", () => {
    const lists = partMemberships("quote", { name: "Pads", part: 12, cost: 5 }, { department: 2 }).map((m) => m.list);
    expect(lists).toEqual(["hist#all", "hist#hidden"]);
    expect(partFacets("quote", { cost: 5, part: 12 }, { department: 2 })).toEqual([]);
  });

  it("counts the cost banner per view and department, and the parts figures on the date ordered, else the parent's date", () => {
    const f = partFacets("job", { cost: 12.5, customer_cost: 15, to_be_ordered: true }, { department: 2, workshop_date: "2030-03-09" });
    expect(f).toEqual(
      expect.arrayContaining([
        { facet: "cost", value: "current#all", amount: 1250 },
        { facet: "cost", value: "tbo#2", amount: 1250 },
        { facet: "ptfig#2#2030-03", value: "09#cost", amount: 1250 },
        { facet: "ptfig#all#2030-03", value: "09#charge", amount: 1500 },
      ]),
    );
    // Part orders' parts count in the order's own figures.
    expect(partFacets("partorder", { cost: 1, date_ordered: "2030-03-01" }, { department: 3 }).some((x) => x.facet.startsWith("ptfig"))).toBe(false);
  });
});

describe("due date (data-model §7.1)", () => {
  it("is the payment date, else the invoice date plus the supplier's terms from the invoice date or its month end", () => {
    expect(partDueDate({ payment_date: "2030-01-05", invoice_date: "2030-01-01" }, { supplier_payment_terms: 30 })).toBe("2030-01-05");
    expect(partDueDate({ invoice_date: "2030-01-10" }, { supplier_payment_terms: 30, supplier_payment_terms_start: "DATE" })).toBe("2030-02-09");
    expect(partDueDate({ invoice_date: "2030-01-10" }, { supplier_payment_terms: 30, supplier_payment_terms_start: "MONTH" })).toBe("2030-03-02");
    expect(partDueDate({ invoice_date: "2030-01-10" }, null)).toBe("2030-01-10");
    expect(partDueDate({}, { supplier_payment_terms: 30 })).toBeNull();
  });

  it("Select Filtered needs both due dates", () => {
    expect(dueRangeRefusal("2030-01-01", "")).toBe("Please enter due date start and end");
    expect(dueRangeRefusal(null, "2030-01-01")).toBe("Please enter due date start and end");
    expect(dueRangeRefusal("2030-01-01", "2030-01-31")).toBeNull();
  });
});

describe("part approval (003 §5)", () => {
  const good = { supplier_nominal_code: 4, part_invoice_number: "A1", invoice_date: "2030-01-01", cost_vat: "20" };
  const supplier = { id: 1, partial_contact: false };
  it("passes a part with a nominal code, a complete supplier, an invoice number and date", () => {
    expect(partApprovalCheck(good, supplier, { tax_type: "INPUT2" })).toEqual({ errors: {}, warning: null });
  });
  it("names each missing piece with the spec's message", () => {
    const r = partApprovalCheck({ part_invoice_number: " " }, { partial_contact: true }, null);
    expect(r.errors).toEqual({
      supplier_nominal_code: "Nominal Code is required",
      supplier: "The Supplier must be a complete contact",
      part_invoice_number: "You must specify an invoice number and Invoice date before approving!",
      invoice_date: "You must specify an invoice number and Invoice date before approving!",
    });
    expect(partApprovalCheck(good, null, null).errors.supplier).toBe("The Supplier must be a complete contact");
  });
  it("only warns when the VAT entered does not match the nominal code's", () => {
    expect(partApprovalCheck(good, supplier, { tax_type: "ZERORATEDINPUT" })).toEqual({ errors: {}, warning: "Vat entered does not match nominal vat" });
    expect(partApprovalCheck({ ...good, cost_vat: "INPUT2" }, supplier, { tax_type: "INPUT2" }).warning).toBeNull();
    expect(vatRateOf("RRINPUT")).toBe(5);
    expect(vatRateOf("")).toBeNull();
  });
  it("is all or nothing: one failing part refuses the set with 'Cannot approve parts'", () => {
    expect(approvalRefusal([{ errors: {} }, { errors: { supplier: "x" } }])).toEqual({ message: "Cannot approve parts", errors: { "1.supplier": "x" } });
    expect(approvalRefusal([{ errors: {} }])).toBeNull();
  });
  it("locks an approved part's nominal code and supplier tracking option", () => {
    const approved = { name: "Pads", approved: true, supplier_nominal_code: 4, supplier_tracking_option: { id: 1 } };
    expect(Object.keys(approvedPartLocks(approved, { supplier_nominal_code: 5, supplier_tracking_option: { id: 2 } }, part.lockedWhenApproved))).toEqual(["supplier_nominal_code", "supplier_tracking_option"]);
    expect(approvedPartLocks(approved, { supplier_nominal_code: 4, comments: "ok" }, part.lockedWhenApproved)).toEqual({});
    expect(approvedPartLocks({ ...approved, approved: false }, { supplier_nominal_code: 5 }, part.lockedWhenApproved)).toEqual({});
  });
});

describe("the Xero parts push of an approval (docs/xero.md)", () => {
  it("names each supplier invoice a save approves once, compacted, for every holder; a hidden quote part or a part not approved here queues nothing", () => {
    const parts = [
      { id: 1, supplier: 9, part_invoice_number: "PD 555" },
      { id: 2, supplier: { id: 9 }, part_invoice_number: "pd-555" },
      { id: 3, supplier: 9, part_invoice_number: "PD 556" },
      { id: 4, supplier: 9, part_invoice_number: "PD 557" },
      { id: 5, supplier: null, part_invoice_number: "PD 558" },
      { id: 6, supplier: 9, part_invoice_number: "PD 559", part: 40 },
    ];
    const server = new Map([1, 2, 3, 5, 6].map((id) => [id, { approved: true }]));
    for (const origin of ["job", "partorder"] as const)
      expect(approvedSupplierInvoices(origin, parts, server)).toEqual([
        { supplier: 9, invoice: "pd555" },
        { supplier: 9, invoice: "pd556" },
        { supplier: 9, invoice: "pd559" },
      ]);
    // On a quote, a part linked to a job card part is the job part's copy (W11): no expense of its own.
    expect(approvedSupplierInvoices("quote", parts, server).map((i) => i.invoice)).toEqual(["pd555", "pd556"]);
    expect(approvedSupplierInvoices("job", parts, new Map())).toEqual([]);
  });
});
