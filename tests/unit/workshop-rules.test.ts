import { describe, expect, it } from "vitest";
import {
  MESSAGES,
  addRules,
  afterReadyForCollection,
  approvalRules,
  approvedJobRules,
  defectRules,
  jobSaveRules,
  jobState,
  lockRules,
  mileageWarning,
  partIsOrdered,
  readOnlyRules,
  readyForInvoicing,
  statusChangeRules,
  withoutCustomer2Charges,
  workshopTabs,
} from "../../core/workshop/rules.js";
import { LINE_LOCKS, job as jobDefinition, part as partDefinition, workItem } from "../../core/workshop/definitions.js";

const TO = { id: 1, name: "Workshop" };
const item = (over: Record<string, unknown> = {}) => ({ description: "Brakes", work_type: 3, supplier_tracking_option: TO, customer_tracking_option: TO, parts: [], ...over });
const good = { book_in_date: "2030-03-01", department: 1, vehicle: 2, customer: 3, workshop: 4, work_items: [item()] };

describe("job save (002 §5)", () => {
  it("passes a complete job", () => {
    expect(jobSaveRules(good)).toBeNull();
  });
  it("names every missing field in one message, in the spec's order", () => {
    const r = jobSaveRules({ work_items: [] })!;
    expect(r.message).toBe("The following fields are missing: Booked In Date, Department, Vehicle, Customer, Workshop");
    expect(Object.keys(r.errors).sort()).toEqual(["book_in_date", "customer", "department", "vehicle", "workshop"]);
    // Issue 24 item 6: each field is marked with its own message, never the whole sentence nor an internal name.
    expect(r.errors).toMatchObject({ book_in_date: "Booked In Date is missing", vehicle: "Vehicle is missing", customer: "Customer is missing", workshop: "Workshop is missing" });
    expect(JSON.stringify(r)).not.toMatch(/customer id|workshop id|vehicle registration/);
    expect(jobSaveRules({ ...good, customer: null, workshop: { id: 4 } })!.message).toBe("The following fields are missing: Customer");
  });
  it("is skipped for defects and enquiries", () => {
    expect(jobSaveRules({ is_defect: true })).toBeNull();
    expect(jobSaveRules({ is_enquiry: true })).toBeNull();
  });
  it("needs a work type on each item, named by description or position", () => {
    expect(jobSaveRules({ ...good, work_items: [item({ work_type: null })] })!.message).toBe("You must specify a work type for Brakes");
    const r = jobSaveRules({ ...good, work_items: [item(), item({ description: "", work_type: null })] })!;
    expect(r.message).toBe("You must specify a work type for Work Item 2");
    expect(r.errors["work_items.1.work_type"]).toBe(r.message);
  });
  it("needs a supplier on each part", () => {
    expect(jobSaveRules({ ...good, work_items: [item({ parts: [{ name: "Pads", supplier_tracking_option: TO, customer_tracking_option: TO }] })] })!.message).toBe(
      "Part Pads is missing a supplier!",
    );
    expect(jobSaveRules({ ...good, work_items: [item({ parts: [{ supplier_tracking_option: TO, customer_tracking_option: TO }] })] })!.message).toBe(
      "Part Unnamed Part is missing a supplier!",
    );
  });
  it("needs both tracking options on each item and part", () => {
    expect(jobSaveRules({ ...good, work_items: [item({ customer_tracking_option: null })] })!.message).toBe("You must specify tracking options for Brakes");
    expect(jobSaveRules({ ...good, work_items: [item({ parts: [{ name: "Pads", supplier: 5, supplier_tracking_option: TO }] })] })!.message).toBe(
      "You must specify tracking options for part Pads",
    );
  });
  it("puts the combined message first when several rules fail", () => {
    expect(jobSaveRules({ ...good, department: null, work_items: [item({ work_type: null })] })!.message).toMatch(/^The following fields are missing: Department/);
  });
});

describe("job approval (002 §5)", () => {
  const ready = { status: "READY_FOR_COLLECTION", mileage: 12000, workshop_date: "2030-03-01", work_items: [item({ parts: [{ name: "Pads", date_ordered: "2030-03-01" }] })] };
  it("passes a ready job, and a collected one", () => {
    expect(approvalRules(ready)).toBeNull();
    expect(approvalRules({ ...ready, status: "COLLECTED" })).toBeNull();
  });
  it("needs a mileage", () => {
    expect(approvalRules({ ...ready, mileage: null })!.message).toBe("You must specify a mileage before approving!");
  });
  it("needs every part ordered", () => {
    expect(approvalRules({ ...ready, work_items: [item({ parts: [{ name: "Pads" }] })] })!.message).toBe("Part Pads needs to be ordered");
    for (const f of [{ to_be_ordered: true }, { backorder: true }, { backorder_expected_date: "2030-01-01" }, { date_ordered: "2030-01-01" }, { from_stock: true }])
      expect(partIsOrdered(f)).toBe(true);
    expect(partIsOrdered({})).toBe(false);
  });
  it("needs a workshop date", () => {
    expect(approvalRules({ ...ready, workshop_date: null })!.message).toBe("Workshop date is required before approval");
  });
  it("needs both new inspection dates when an inspection is named", () => {
    expect(approvalRules({ ...ready, inspection: { id: 5, new_completed_date: "2030-03-01" } })!.message).toBe(
      "New Completed Date and New Expiry Date are required before approval",
    );
    expect(approvalRules({ ...ready, inspection: { id: 5, new_completed_date: "2030-03-01", new_expiry_date: "2031-03-01" } })).toBeNull();
    expect(approvalRules({ ...ready, inspection: null })).toBeNull();
  });
  it("is offered only when ready for collection or collected, not yet approved, not a defect", () => {
    expect(approvalRules({ ...ready, status: "IN_PROGRESS" })!.message).toBe(MESSAGES.approveWhen);
    expect(approvalRules({ ...ready, approved: true })!.message).toBe(MESSAGES.alreadyApproved);
    expect(approvalRules({ ...ready, is_defect: true })!.message).toBe(MESSAGES.notDefectOrEnquiry);
  });
  it("lists every failure in errors", () => {
    const r = approvalRules({ status: "COLLECTED", work_items: [] })!;
    expect(Object.keys(r.errors).sort()).toEqual(["mileage", "workshop_date"]);
  });
});

describe("status flow (002 §4)", () => {
  const j = { id: 7, status: "IN_PROGRESS" };
  it("moves IN_PROGRESS -> RETURNED -> READY -> COLLECTED", () => {
    expect(statusChangeRules(j, "RETURNED_FROM_WORKSHOP")).toBeNull();
    expect(statusChangeRules({ ...j, status: "RETURNED_FROM_WORKSHOP" }, "READY_FOR_COLLECTION")).toBeNull();
    expect(statusChangeRules({ ...j, status: "READY_FOR_COLLECTION" }, "COLLECTED")).toBeNull();
  });
  it("refuses skips, moves back, approved jobs, defects and unsaved jobs", () => {
    expect(statusChangeRules(j, "COLLECTED")!.message).toBe("A job cannot go from IN PROGRESS to COLLECTED");
    expect(statusChangeRules({ ...j, status: "COLLECTED" }, "IN_PROGRESS")).not.toBeNull();
    expect(statusChangeRules({ ...j, approved: true }, "RETURNED_FROM_WORKSHOP")!.message).toBe(MESSAGES.approvedJob);
    expect(statusChangeRules({ ...j, is_enquiry: true }, "RETURNED_FROM_WORKSHOP")!.message).toBe(MESSAGES.notDefectOrEnquiry);
    expect(statusChangeRules({ status: "IN_PROGRESS" }, "RETURNED_FROM_WORKSHOP")!.message).toBe("Unable to change job status");
  });
  it("opens the instructions and change-key modals after Ready For Collection", () => {
    const r = afterReadyForCollection([{ workshop_instructions: { text: "Call first", on_completion: true } }, { workshop_instructions: { text: "x", on_completion: false } }], { key: null });
    expect(r).toEqual({ workshop_instructions: ["Call first"], change_key: true });
    expect(afterReadyForCollection([null], { key: { id: 3 } }).change_key).toBe(false);
  });
});

describe("job state and tabs (data-model §7.1)", () => {
  it("derives jstate", () => {
    expect(jobState({ is_enquiry: true })).toBe("ENQUIRY");
    expect(jobState({ is_defect: true })).toBe("DEFECT");
    expect(jobState({ is_defect: true, quote: 4 })).toBe("CONVERTED");
    expect(jobState({ approved: true, status: "COLLECTED" })).toBe("APPROVED");
    expect(jobState({ status: "IN_PROGRESS" })).toBe("OPEN");
    expect(jobState({})).toBe("OPEN");
    expect(jobState({ status: "RETURNED_FROM_WORKSHOP" })).toBe("RETURNED");
    expect(jobState({ status: "READY_FOR_COLLECTION" })).toBe("READY");
    expect(jobState({ status: "COLLECTED" })).toBe("COLLECTED");
  });
  it("puts a job in ALL, its workshop's tab or EXTERNAL, and QUOTE JOBS", () => {
    expect(workshopTabs({ workshop: 4 }, new Set([4]))).toEqual(["all", "w4"]);
    expect(workshopTabs({ workshop: 5, quote: 9 }, new Set([4]))).toEqual(["all", "ext", "quote"]);
    expect(workshopTabs({}, new Set())).toEqual(["all", "ext"]);
  });
});

describe("locks (002 §4)", () => {
  const stored = [{ id: 1, ...item(), labour_hours: 2, parts: [{ id: 10, name: "Pads", cost: 5, approved: true, supplier_tracking_option: TO }] }];
  it("lets an unlocked item change", () => {
    expect(lockRules(stored, [{ ...stored[0], labour_hours: 3 }], LINE_LOCKS)).toBeNull();
  });
  it("locks an invoice-approved item's fields, parts and removal", () => {
    const inv = [{ ...stored[0], invoice_approved: true }];
    expect(lockRules(inv, [{ ...inv[0], labour_hours: 3 }], LINE_LOCKS)!.message).toBe("Brakes has been approved for invoicing and cannot be changed");
    expect(lockRules(inv, [{ ...inv[0], parts: [] }], LINE_LOCKS)).not.toBeNull();
    expect(lockRules(inv, [], LINE_LOCKS)).not.toBeNull();
    expect(lockRules(inv, [{ ...inv[0], invoice_comments: "ok", complete: true }], LINE_LOCKS)).toBeNull();
  });
  it("locks a PO-approved item's supplier tracking option", () => {
    const po = [{ ...stored[0], po_approved: true }];
    expect(lockRules(po, [{ ...po[0], supplier_tracking_option: { id: 2 } }], LINE_LOCKS)!.message).toMatch(/supplier tracking option of Brakes/);
    expect(lockRules(po, [{ ...po[0], labour_hours: 5 }], LINE_LOCKS)).toBeNull();
  });
  it("locks a movement item's hours, override, completion, work type and removal", () => {
    const mv = [{ ...stored[0], movement: 3 }];
    for (const change of [{ labour_hours: 9 }, { cost_override: true }, { complete: true }, { work_type: 8 }])
      expect(lockRules(mv, [{ ...mv[0], ...change }], LINE_LOCKS)!.message).toMatch(/belongs to a movement/);
    expect(lockRules(mv, [], LINE_LOCKS)!.message).toMatch(/belongs to a movement/);
    expect(lockRules(mv, [{ ...mv[0], description: "Recovery" }], LINE_LOCKS)).toBeNull();
  });
  it("the lock on an invoice-approved item is its definition's lockedWhenApproved flag, field by field (issue 23)", () => {
    // Exactly the item's client fields but its key, completion, invoice comments and the work type's flags are locked.
    expect(workItem.lockedWhenApproved.every((f) => workItem.clientFields.includes(f as never))).toBe(true);
    expect(workItem.clientFields.filter((f) => !workItem.lockedWhenApproved.includes(f)).sort()).toEqual(["approval_needed", "complete", "free_of_charge", "invoice_comments", "key"]);
    expect(LINE_LOCKS.work).toEqual(workItem.lockedWhenApproved);
    expect(LINE_LOCKS.part).toEqual(partDefinition.lockedWhenApproved);
    expect([...partDefinition.lockedWhenApproved].sort()).toEqual(["supplier_nominal_code", "supplier_tracking_option"]);
    const inv = [{ ...stored[0], invoice_approved: true }];
    const changed = (f: string) => ({ ...inv[0], [f]: f === "description" || f === "key" || f === "invoice_comments" || f === "labour_cost_vat" ? "changed" : typeof (inv[0] as Record<string, unknown>)[f] === "boolean" ? !(inv[0] as Record<string, unknown>)[f] : 77 });
    for (const f of workItem.clientFields) {
      const r = lockRules(inv, [changed(f)], LINE_LOCKS);
      if (workItem.lockedWhenApproved.includes(f)) expect(r?.errors, f).toHaveProperty([`work_items.0.${f}`]);
      else expect(r, f).toBeNull();
    }
    // An approved part: each flagged field refused, the others not.
    for (const f of partDefinition.clientFields) {
      const sent = [{ ...stored[0], parts: [{ ...stored[0].parts[0], [f]: f === "supplier_tracking_option" ? { id: 9 } : 42 }] }];
      const r = lockRules(stored, sent, LINE_LOCKS);
      if (partDefinition.lockedWhenApproved.includes(f)) expect(r?.errors, f).toHaveProperty([`work_items.0.parts.0.${f}`]);
      else expect(r, f).toBeNull();
    }
    // The flag reaches the screens' field list too.
    expect(workItem.fields.filter((f) => f.lockedWhenApproved).map((f) => f.name)).toEqual(workItem.lockedWhenApproved);
  });
  it("locks an approved part's supplier tracking option", () => {
    expect(lockRules(stored, [{ ...stored[0], parts: [{ ...stored[0].parts[0], supplier_tracking_option: { id: 9 } }] }], LINE_LOCKS)!.message).toBe(
      "The supplier tracking option of part Pads cannot be changed: the part has been approved",
    );
  });
  it("refuses parts added to a quote item, an invoiced or movement item, or one without tracking options", () => {
    const add = (over: Record<string, unknown>) => {
      const s = [{ id: 1, ...item(), ...over, parts: [] }];
      return addRules({}, s, [{ ...s[0], parts: [{ name: "New" }] }]);
    };
    expect(add({})).toBeNull();
    expect(add({ quote: 4 })!.message).toBe("Parts cannot be added to Brakes");
    expect(add({ quote: 4, added_after_quote: true })).toBeNull();
    expect(add({ invoice_approved: true })).not.toBeNull();
    expect(add({ movement: 2 })).not.toBeNull();
    expect(add({ supplier_tracking_option: null, customer_tracking_option: null })).not.toBeNull();
  });
  it("refuses work items added to a defect or enquiry", () => {
    expect(addRules({ is_defect: true }, [], [item()])!.message).toBe(MESSAGES.defectWorkLocked);
  });
  it("keeps a defect read-only but for Turn Into Job and where the van is", () => {
    const d = { is_defect: true, defect_description: "Broken mirror glass", work_items: [] };
    expect(readOnlyRules(d, { defect_description: "changed text here", last_saved: "x" })!.message).toBe(MESSAGES.defectReadOnly);
    expect(readOnlyRules(d, { location_of_van: "Yard", defect_status: "NOT_DRIVEABLE", work_items: [] })).toBeNull();
    expect(readOnlyRules(d, { is_defect: false, customer: 3 })).toBeNull();
    expect(readOnlyRules(d, { work_items: [item()] })!.message).toBe(MESSAGES.defectReadOnly);
  });
  it("lets an enquiry change only its enquiry details", () => {
    const e = { is_enquiry: true, enquiry_description: "Wing mirror" };
    expect(readOnlyRules(e, { enquiry_description: "Two wing mirrors", enquiry_make: "Ford" })).toBeNull();
    expect(readOnlyRules(e, { customer: 3 })!.message).toBe(MESSAGES.enquiryReadOnly);
    expect(readOnlyRules(e, { customer: null, wash_needed: false })).toBeNull();
    expect(readOnlyRules(e, { is_enquiry: false, customer: 3 })).toBeNull();
  });
  it("sets every item not chargeable when customer 2 goes", () => {
    expect(withoutCustomer2Charges([{ chargeable: true }], null)).toEqual([{ chargeable: false }]);
    expect(withoutCustomer2Charges([{ chargeable: true }], 5)).toEqual([{ chargeable: true }]);
  });
});

describe("quote readiness (002 §4 Quote)", () => {
  const ready = { work_type: { id: 1, free_of_charge: false }, job: 5, job_approved: true, job_workshop_invoice_number: "INV1", parts: [{ part_invoice_number: "P1" }] };
  it("is ready when every condition holds", () => {
    expect(readyForInvoicing(ready)).toBe(true);
  });
  it("needs a work type, a job and its approval", () => {
    expect(readyForInvoicing({ ...ready, work_type: null })).toBe(false);
    expect(readyForInvoicing({ ...ready, job: null })).toBe(false);
    expect(readyForInvoicing({ ...ready, job_approved: false })).toBe(false);
  });
  it("needs a workshop invoice number unless free of charge; approval received when free and approval needed", () => {
    expect(readyForInvoicing({ ...ready, job_workshop_invoice_number: null })).toBe(false);
    const foc = { ...ready, job_workshop_invoice_number: null, work_type: { id: 1, free_of_charge: true, approval_needed: true } };
    expect(readyForInvoicing(foc)).toBe(false);
    expect(readyForInvoicing({ ...foc, approval_received: true })).toBe(true);
  });
  it("needs every part invoiced, from stock, on backorder or with a backorder date", () => {
    expect(readyForInvoicing({ ...ready, parts: [{}] })).toBe(false);
    for (const p of [{ from_stock: true }, { backorder: true }, { backorder_expected_date: "2030-01-01" }]) expect(readyForInvoicing({ ...ready, parts: [p] })).toBe(true);
  });
});

describe("defect creation (002 §5)", () => {
  const d = { vehicle: 1, department: 2, defect_description: "Nearside mirror cracked", mileage: "12000" };
  it("passes a complete defect", () => {
    expect(defectRules(d)).toBeNull();
  });
  it("needs vehicle and department", () => {
    expect(defectRules({ ...d, vehicle: null })!.message).toBe("Vehicle and Department are required fields");
    expect(defectRules({ ...d, department: null })!.message).toBe("Vehicle and Department are required fields");
  });
  it("needs a description of at least 10 characters and a numeric mileage", () => {
    expect(defectRules({ ...d, defect_description: "too short" })!.message).toBe(MESSAGES.defectDescription);
    expect(defectRules({ ...d, defect_description: "ten chars!" })).toBeNull();
    expect(defectRules({ ...d, mileage: "12k" })!.message).toBe(MESSAGES.defectMileage);
  });
});

describe("mileage warning (002 §5)", () => {
  it("warns at or above the model's limit", () => {
    expect(mileageWarning(100000, 100000)).toBe(true);
    expect(mileageWarning(99999, 100000)).toBe(false);
    expect(mileageWarning(100000, null)).toBe(false);
    expect(mileageWarning(null, 100000)).toBe(false);
  });
});

describe("definitions", () => {
  it("declares the job, work item and part fields once with labels", () => {
    expect(jobDefinition.fields.find((f) => f.name === "book_in_date")?.label).toBe("Booked In Date");
    expect(workItem.fields.find((f) => f.name === "work_type")?.label).toBe("Workshop Expense Charge Type");
    expect(partDefinition.fields.find((f) => f.name === "from_stock")?.label).toBe("Stock Accrual");
    expect(jobDefinition.schema.safeParse({ status: "collected" }).data?.status).toBe("COLLECTED");
    expect(jobDefinition.schema.safeParse({ defect_status: "BROKEN" }).success).toBe(false);
  });
});

describe("an approved job (approvedJobRules)", () => {
  const stored = { approved: true, job_description: "Service", mileage: 5000, work_items: [{ id: 1, description: "Oil", complete: false, parts: [{ id: 2, name: "Filter", cost: 10 }] }] };
  it("refuses a changed field, item or part, an added or removed line; passes the job as it was (unset and false flags alike)", () => {
    expect(approvedJobRules(stored, { ...stored, job_description: "Changed" }, ["job_description"])).toMatchObject({ message: MESSAGES.approvedJob, errors: { job_description: MESSAGES.approvedJob } });
    const item = stored.work_items[0];
    expect(approvedJobRules(stored, { ...stored, work_items: [{ ...item, description: "Oil change" }] }, [])?.errors).toEqual({ "work_items.0.description": MESSAGES.approvedJob });
    expect(approvedJobRules(stored, { ...stored, work_items: [{ ...item, parts: [{ ...item.parts[0], cost: 12 }] }] }, [])?.errors).toEqual({ "work_items.0.parts.0.cost": MESSAGES.approvedJob });
    expect(approvedJobRules(stored, { ...stored, work_items: [] }, [])).not.toBeNull();
    expect(approvedJobRules(stored, { ...stored, work_items: [item, { id: null, description: "New", parts: [] }] }, [])).not.toBeNull();
    expect(approvedJobRules(stored, { ...stored, mileage: 5000, work_items: [{ ...item, complete: null, chargeable: false, last_saved: "x" }] }, ["mileage"])).toBeNull();
    expect(approvedJobRules({ ...stored, approved: false }, { ...stored, job_description: "Changed" }, ["job_description"])).toBeNull();
  });
});
