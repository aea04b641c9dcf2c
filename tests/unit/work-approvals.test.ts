import { describe, expect, it } from "vitest";
import { WORK_MESSAGES as M, batchRules, formatNumber, invoiceItemRule, mixedTypes, numbersNeeded, poItemRule, readyItemRule, sideOf, vatMismatch, type Candidate } from "../../core/accounts/work-rules.js";
import { billedCustomer, invoiceState, poState, withWorkTypeFlags, workItemLists } from "../../core/workshop/work-lines.js";

/** The rules of 003 §4-5 for Workshop Expenses and Workshop Invoicing, and the work items' lists (docs/data-model.md §7.1). */

const job = (extra: Record<string, unknown> = {}) => ({ id: 7, jstate: "OPEN", department: 2, customer: 10, workshop_date: "2030-03-02", workshop_invoice_number: "FF-1", workshop_invoice_date: "2030-03-05", ...extra });
const item = (extra: Record<string, unknown> = {}) => ({ id: 1, work_type: 3, labour_cost: 100, supplier_nominal_code: 5, customer_nominal_code: 6, parts: [], ...extra });
const cand = (i: Record<string, unknown>, j: Record<string, unknown> = {}, billed: Record<string, unknown> | null = { id: 10, partial_contact: false }, jobItems?: any[]): Candidate => {
  const it = item(i);
  return { item: it, job: job(j), jobItems: jobItems ?? [it], billed };
};

describe("PO approval of one item (003 §5)", () => {
  it("needs a work type, the approval when its type asks for it, then the invoice number, date and nominal codes", () => {
    expect(poItemRule(cand({ work_type: null }))).toBe(M.workType);
    expect(poItemRule(cand({ approval_needed: true }))).toBe(M.missingApproval);
    expect(poItemRule(cand({ approval_needed: true, approval_received: true }))).toBeNull();
    expect(poItemRule(cand({ free_of_charge: true, supplier_nominal_code: null }, { workshop_invoice_number: null }))).toBeNull();
    expect(poItemRule(cand({}, { workshop_invoice_number: null }))).toBe(M.poMissing);
    expect(poItemRule(cand({}, { workshop_invoice_date: null }))).toBe(M.poMissing);
    expect(poItemRule(cand({ supplier_nominal_code: null }))).toBe(M.poMissing);
    expect(poItemRule(cand({ parts: [{ id: 2, supplier_nominal_code: null }] }))).toBe(M.poMissing);
    expect(poItemRule(cand({ parts: [{ id: 2, supplier_nominal_code: { id: 5 } }] }))).toBeNull();
  });
  it("is not valid once approved or on a defect", () => {
    expect(poItemRule(cand({ po_approved: true }))).toBe(M.notValid);
    expect(poItemRule(cand({}, { jstate: "DEFECT" }))).toBe(M.notValid);
  });
});

describe("invoicing (003 §4-5)", () => {
  it("readies only items of an approved job not yet invoiced", () => {
    expect(readyItemRule(cand({}, { jstate: "READY" }))).toBe(M.notValid);
    expect(readyItemRule(cand({}, { jstate: "APPROVED" }))).toBeNull();
    expect(readyItemRule(cand({ invoice_approved: true }, { jstate: "APPROVED" }))).toBe(M.notValid);
  });
  it("approves a ready item with a complete customer and nominal codes, every item of its kind in the batch", () => {
    const ok = { ready_to_approve: true };
    const approved = { jstate: "APPROVED" };
    expect(invoiceItemRule(cand(ok, approved), new Set([1]))).toBeNull();
    expect(invoiceItemRule(cand({}, approved), new Set([1]))).toBe(M.notValid);
    expect(invoiceItemRule(cand(ok, approved, { id: 10, partial_contact: true }), new Set([1]))).toBe(M.customerIncomplete);
    expect(invoiceItemRule(cand(ok, approved, null), new Set([1]))).toBe(M.customerIncomplete);
    expect(invoiceItemRule(cand({ ...ok, customer_nominal_code: null }, approved), new Set([1]))).toBe(M.workNominal);
    expect(invoiceItemRule(cand({ ...ok, parts: [{ id: 3 }] }, approved), new Set([1]))).toBe(M.partsNominal);
    // Another invoice item of the job, not sent (or not ready): not all ready.
    const other = item({ id: 2, ready_to_approve: true });
    expect(invoiceItemRule(cand(ok, approved, undefined, [item({ id: 1, ...ok }), other]), new Set([1]))).toBe(M.notAllReady);
    expect(invoiceItemRule(cand(ok, approved, undefined, [item({ id: 1, ...ok }), other]), new Set([1, 2]))).toBeNull();
    // A credit item of the job is another kind: not needed with the invoices.
    const credit = item({ id: 3, labour_cost: -10 });
    expect(invoiceItemRule(cand(ok, approved, undefined, [item({ id: 1, ...ok }), credit]), new Set([1]))).toBeNull();
  });
});

describe("a batch", () => {
  it("is all credits or all invoices, else nothing else is said", () => {
    expect(mixedTypes([item(), item({ labour_cost: -5 })])).toBe(true);
    expect(mixedTypes([item({ labour_cost: -1 }), item({ labour_cost: "-2.50" })])).toBe(false);
    expect(batchRules("po", [cand({ approval_needed: true }), cand({ id: 2, labour_cost: -5 })])).toEqual({ message: M.mixed, errors: { items: M.mixed } });
    expect(batchRules("po", [])?.message).toBe(M.empty);
  });
  it("keys each refused item by its place in the batch, the first message leading", () => {
    const r = batchRules("po", [cand({}), cand({ id: 2, approval_needed: true }), cand({ id: 3, work_type: null })]);
    expect(r).toEqual({ message: M.missingApproval, errors: { "1": M.missingApproval, "2": M.workType } });
  });
  it("asks for one side: po_approved or invoice_approved on every item", () => {
    expect(sideOf([{ po_approved: true }, { po_approved: true }])).toBe("po");
    expect(sideOf([{ invoice_approved: true }])).toBe("invoice");
    expect(sideOf([{ po_approved: true }, { invoice_approved: true }])).toBeNull();
    expect(sideOf([{ po_approved: true, invoice_approved: true }])).toBeNull();
  });
});

describe("numbers (A1) and the VAT warning", () => {
  it("WO without a customer 2; J1 and J2 with one, by who each item is billed to", () => {
    expect(numbersNeeded(job(), [item()])).toEqual([{ prefix: "WO", field: "customer_invoice_number" }]);
    expect(numbersNeeded(job({ customer2: 11 }), [item(), item({ chargeable: true })])).toEqual([
      { prefix: "J1", field: "customer_invoice_number" },
      { prefix: "J2", field: "customer2_invoice_number" },
    ]);
    expect(numbersNeeded(job({ customer2: 11 }), [item({ chargeable: true })])).toEqual([{ prefix: "J2", field: "customer2_invoice_number" }]);
    // Chargeable without a customer 2: customer 1.
    expect(numbersNeeded(job(), [item({ chargeable: true })])).toEqual([{ prefix: "WO", field: "customer_invoice_number" }]);
    expect(formatNumber("WO", 42)).toBe("WO00042");
  });
  it("warns when the VAT entered is not the nominal code's rate", () => {
    expect(vatMismatch({ labour_cost_vat: "INPUT2" }, { tax_type: "EXEMPTINPUT" })).toBe(true);
    expect(vatMismatch({ labour_cost_vat: "input2" }, { tax_type: "OUTPUT2" })).toBe(false);
    expect(vatMismatch({ labour_cost_vat: null }, { tax_type: "OUTPUT2" })).toBe(false);
  });
});

describe("the work items' lists", () => {
  it("sit in the expenses views while the job is live, and the invoicing views once it is approved", () => {
    const lists = (w: Record<string, unknown>, j: Record<string, unknown>) => workItemLists(item(w), job(j)).map((m) => m.list);
    expect(lists({}, {})).toEqual(["po#current#d#all", "po#current#d#2"]);
    expect(lists({}, { jstate: "DEFECT" })).toEqual([]);
    expect(lists({ approval_needed: true }, {})).toEqual(["po#approval#d#all", "po#approval#d#2"]);
    expect(lists({ po_approved: true, ready_to_approve: true, labour_cost: -3 }, { jstate: "APPROVED", customer2: 11 })).toEqual([
      "po#approved#d#all",
      "neg#po#approved#d#all",
      "po#approved#d#2",
      "neg#po#approved#d#2",
      "inv#ready#d#all",
      "neg#inv#ready#d#all",
      "inv#ready#d#2",
      "neg#inv#ready#d#2",
      "cust#10#ready",
    ]);
    expect(workItemLists(item({ chargeable: true }), job({ jstate: "APPROVED", customer2: 11 })).at(-1)).toEqual({ list: "cust#11#current", sort: "2030-03-02" });
    expect(workItemLists(item(), job({ workshop_date: null }))[0].sort).toBe("~");
  });
  it("states, billed customer and the work type's flags", () => {
    expect(poState({ po_approved: true, approval_needed: true })).toBe("approved");
    expect(invoiceState({ ready_to_approve: true })).toBe("ready");
    expect(invoiceState({ ready_to_approve: true, invoice_approved: true })).toBe("approved");
    expect(billedCustomer({ chargeable: true }, { customer: 1, customer2: { id: 2 } })).toBe(2);
    expect(withWorkTypeFlags([{ work_type: 3 }, { work_type: 4 }], new Map([[3, { approval_needed: true, free_of_charge: true }]]))).toEqual([
      { work_type: 3, approval_needed: true, free_of_charge: true },
      { work_type: 4, approval_needed: false, free_of_charge: false },
    ]);
  });
});
