import { describe, expect, it } from "vitest";
import {
  QUOTE_MESSAGES,
  QUOTE_TYPES,
  approvalRefusal,
  quoteLockRefusal,
  cardColour,
  createJobRefusal,
  defectQuoteRefusal,
  enquiryQuoteRefusal,
  hasZeroEstimate,
  itemReadyForInvoicing,
  jobPhase,
  quotePreSave,
  quoteState,
  quoteSummary,
  removalRefusal,
  rowColour,
} from "../../core/workshop/quote-rules.js";

const valid = {
  department: 1,
  vehicle: 2,
  customer: 3,
  provisional_start_date: "2030-01-10",
  description: "Service",
  estimated_work_items: [{ description: "Brakes", work_type: 4, parts: [{ name: "Pads", supplier: 5 }] }],
};

describe("quote pre-save (002 §5)", () => {
  it("passes a complete quote", () => {
    expect(quotePreSave(valid)).toBeNull();
  });
  it("refuses in the editor's order with the spec's messages", () => {
    expect(quotePreSave({ ...valid, department: null, vehicle: null })?.message).toBe("You must specify a Department");
    expect(quotePreSave({ ...valid, vehicle: null, customer: null })?.message).toBe("You must specify a vehicle");
    expect(quotePreSave({ ...valid, customer: null })?.message).toBe("You must specify a customer");
    const noSupplier = { ...valid, estimated_work_items: [{ description: "Brakes", work_type: null, parts: [{ name: "Pads" }] }] };
    expect(quotePreSave(noSupplier)).toMatchObject({ message: "Part Pads is missing a supplier!", title: "Missing Data", errors: { "estimated_work_items.0.parts.0.supplier": "Part Pads is missing a supplier!" } });
    expect(quotePreSave({ ...valid, estimated_work_items: [{ parts: [{ name: "  " }] }] })?.message).toBe("Part Unnamed Part is missing a supplier!");
    expect(quotePreSave({ ...valid, estimated_work_items: [{ description: "Brakes", work_type: 1 }, { description: "", parts: [] }] })).toMatchObject({
      message: "You must specify a work type for Work Item 2",
      title: "Missing Work Type",
    });
    expect(quotePreSave({ ...valid, estimated_work_items: [{ description: "Tyres" }] })?.message).toBe("You must specify a work type for Tyres");
    expect(quotePreSave({ ...valid, provisional_start_date: null })?.message).toBe(QUOTE_MESSAGES.provisionalStartDate);
    expect(quotePreSave({ ...valid, description: "  " })?.message).toBe(QUOTE_MESSAGES.description);
  });
});

describe("quote state (002 §4)", () => {
  it("is APPROVED, else ACTIVE with jobs, else QUOTE when priced, else TOBEPRICED", () => {
    expect(quoteState({})).toBe("TOBEPRICED");
    expect(quoteState({ priced: true })).toBe("QUOTE");
    expect(quoteState({ priced: false, estimated_work_items: [{ job: 7 }] })).toBe("ACTIVE");
    expect(quoteState({ approved: true, estimated_work_items: [{ job: 7 }] })).toBe("APPROVED");
  });
  it("has the seven quote types", () => {
    expect(QUOTE_TYPES).toEqual(["NONE", "OFF HIRE", "INSURANCE CLAIM", "CUSTOMER VEHICLE", "OUT ON HIRE", "SALES", "WORK COMPLETE"]);
  });
});

describe("ready for invoicing (002 §4 Quote)", () => {
  const chargeable = { free_of_charge: false, approval_needed: false };
  const ready = { work_type: 1, job: 9, job_approved: true, job_workshop_invoice_number: "WS1", parts: [{ part_invoice_number: "P1" }] };
  it("needs a work type, a job and the job approved", () => {
    expect(itemReadyForInvoicing(ready, chargeable)).toBe(true);
    expect(itemReadyForInvoicing({ ...ready, work_type: null }, chargeable)).toBe(false);
    expect(itemReadyForInvoicing(ready, null)).toBe(false);
    expect(itemReadyForInvoicing({ ...ready, job: null }, chargeable)).toBe(false);
    expect(itemReadyForInvoicing({ ...ready, job_approved: false }, chargeable)).toBe(false);
  });
  it("a chargeable type needs the workshop invoice number; a free one that needs approval needs it received", () => {
    expect(itemReadyForInvoicing({ ...ready, job_workshop_invoice_number: "" }, chargeable)).toBe(false);
    const free = { free_of_charge: true, approval_needed: true };
    expect(itemReadyForInvoicing({ ...ready, job_workshop_invoice_number: null }, free)).toBe(false);
    expect(itemReadyForInvoicing({ ...ready, job_workshop_invoice_number: null, approval_received: true }, free)).toBe(true);
    expect(itemReadyForInvoicing({ ...ready, job_workshop_invoice_number: null }, { free_of_charge: true, approval_needed: false })).toBe(true);
  });
  it("every part has an invoice number, is from stock, on backorder or has a backorder date", () => {
    for (const p of [{ from_stock: true }, { backorder: true }, { backorder_expected_date: "2030-01-01" }, { part_invoice_number: "X" }])
      expect(itemReadyForInvoicing({ ...ready, parts: [p] }, chargeable)).toBe(true);
    expect(itemReadyForInvoicing({ ...ready, parts: [{ part_invoice_number: "X" }, { to_be_ordered: true }] }, chargeable)).toBe(false);
  });
  it("approval lists the items not ready under 'Cannot Approve For Invoicing'", () => {
    const items = [ready, { ...ready, description: "Tyres", job: null }, { ...ready, description: "", job_approved: false }];
    const r = approvalRefusal(items, () => chargeable);
    expect(r).toMatchObject({ message: "Cannot Approve For Invoicing" });
    expect(r!.errors.estimated_work_items).toBe("The following items are not ready for invoicing: Tyres, Work Item 3");
    expect(r!.errors["estimated_work_items.1"]).toBe("Tyres");
    expect(approvalRefusal([ready], () => chargeable)).toBeNull();
    expect(approvalRefusal([], () => chargeable)?.message).toBe("Cannot Approve For Invoicing");
  });
});

describe("finalize warning, colours, removals (002 §2, §5)", () => {
  it("warns when any estimated labour or part cost or charge is 0", () => {
    const item = { estimated_labour_cost: 10, estimated_customer_labour_cost: 12, parts: [{ estimated_cost: 5, estimated_customer_cost: 6 }] };
    expect(hasZeroEstimate([item])).toBe(false);
    expect(hasZeroEstimate([{ ...item, estimated_labour_cost: 0 }])).toBe(true);
    expect(hasZeroEstimate([{ ...item, estimated_customer_labour_cost: null }])).toBe(true);
    expect(hasZeroEstimate([{ ...item, parts: [{ estimated_cost: 5, estimated_customer_cost: "0.00" }] }])).toBe(true);
    expect(QUOTE_MESSAGES.zeroEstimate).toBe("WARNING: One or more items has been estimated to have a cost/charge of £0. Please double check and confirm before approving!");
  });
  it("card: green when ready, red when the job does not match, amber when linked, none without a job", () => {
    expect(cardColour({ job: null }, false)).toBeNull();
    expect(cardColour({ job: 1, estimate_matches_job: true }, true)).toBe("green");
    expect(cardColour({ job: 1, estimate_matches_job: false }, false)).toBe("red");
    expect(cardColour({ job: 1, estimate_matches_job: true }, false)).toBe("amber");
  });
  it("row: green when ready for approval, red when finished and none started, orange with jobs", () => {
    expect(rowColour({ ready_for_approval: true, has_finished_and_not_started_jobs: false, has_jobs: true })).toBe("green");
    expect(rowColour({ ready_for_approval: false, has_finished_and_not_started_jobs: true, has_jobs: true })).toBe("red");
    expect(rowColour({ ready_for_approval: false, has_finished_and_not_started_jobs: false, has_jobs: true })).toBe("orange");
    expect(rowColour({ ready_for_approval: false, has_finished_and_not_started_jobs: false, has_jobs: false })).toBeNull();
  });
  it("job phases and the list fields", () => {
    const today = "2030-05-10";
    expect(jobPhase({ status: "IN_PROGRESS", workshop_date: "2030-05-10" }, today)).toBe("started");
    expect(jobPhase({ status: "IN_PROGRESS", workshop_date: "2030-05-11" }, today)).toBe("not_started");
    expect(jobPhase({ status: "IN_PROGRESS" }, today)).toBe("not_started");
    expect(jobPhase({ status: "COLLECTED" }, today)).toBe("finished");
    expect(jobPhase({ status: "IN_PROGRESS", approved: true }, today)).toBe("finished");
    const items = [
      { job: 1, ready_for_invoicing: false },
      { job: 2, ready_for_invoicing: false },
      { job: null, ready_for_invoicing: false },
    ];
    const s = quoteSummary({}, items, [{ id: 1, status: "COLLECTED", workshop_date: "2030-05-01" }, { id: 2, status: "IN_PROGRESS", workshop_date: "2030-06-01" }], today);
    expect(s).toEqual({ earliest_workshop_date: "2030-05-01", not_started_work_items: 2, has_jobs: true, ready_for_approval: false, has_finished_and_not_started_jobs: true, has_started_job: false });
    const done = quoteSummary({}, [{ job: 1, ready_for_invoicing: true }], [{ id: 1, status: "COLLECTED", approved: true }], today);
    expect(done.ready_for_approval).toBe(true);
    expect(quoteSummary({ approved: true }, [{ job: 1, ready_for_invoicing: true }], [], today).ready_for_approval).toBe(false);
  });
  it("refuses removing an item or part linked to a job card", () => {
    const stored = [
      { id: 1, job: 9, work: 90, parts: [{ id: 11, part: 900 }, { id: 12 }] },
      { id: 2, parts: [] },
    ];
    expect(removalRefusal(stored, [{ id: 1, parts: [{ id: 11 }] }])).toBeNull();
    expect(removalRefusal(stored, [{ id: 2 }])?.message).toBe("This item is linked to a job card. You must delete the work item on the job card first!");
    expect(removalRefusal(stored, [{ id: 1, parts: [{ id: 12 }] }, { id: 2 }])?.message).toBe("This Part is linked to a Job Card. You must delete the Part on the Job Card first!");
    expect(removalRefusal(stored, [{ id: 1 }])).toBeNull();
  });
  it("create job and conversions need their fields", () => {
    expect(createJobRefusal({ workshop: 1, bookInDate: "2030-01-01", startDate: "2030-01-02" })).toBeNull();
    expect(createJobRefusal({ workshop: 1, bookInDate: "", startDate: "2030-01-02" })).toMatchObject({ message: "You must specify a Workshop, Book In Date and Start Date", errors: { bookInDate: expect.any(String) } });
    expect(defectQuoteRefusal({})?.message).toBe("A customer is required");
    expect(defectQuoteRefusal({ customer2: 4 })).toBeNull();
    expect(enquiryQuoteRefusal({ vehicle: 1 })?.message).toBe("Vehicle and Customer 1 are required");
    expect(enquiryQuoteRefusal({ vehicle: 1, customer: 2 })).toBeNull();
  });
});

describe("quote locks (quoteLockRefusal, 002 §2 Quote editor)", () => {
  it("an approved quote, the vehicle of a saved quote, a customer once its invoice number is set", () => {
    const q = { vehicle: 1, customer: 2, customer2: 3, customer_invoice_number: null, customer2_invoice_number: "WO-2" };
    expect(quoteLockRefusal({ ...q, approved: true }, {})?.message).toBe(QUOTE_MESSAGES.approvedLocked);
    expect(quoteLockRefusal(q, { vehicle: { id: 9 } })?.errors).toEqual({ vehicle: QUOTE_MESSAGES.vehicleLocked });
    expect(quoteLockRefusal(q, { vehicle: { id: 1 }, customer: 5 })).toBeNull();
    expect(quoteLockRefusal(q, { customer2: null })?.errors).toEqual({ customer2: QUOTE_MESSAGES.customer2Locked });
    expect(quoteLockRefusal({ ...q, customer_invoice_number: "WO-1" }, { customer: 5 })?.errors).toEqual({ customer: QUOTE_MESSAGES.customerLocked });
    expect(quoteLockRefusal(q, { description: "x" })).toBeNull();
  });
});
