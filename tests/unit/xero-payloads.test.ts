import { describe, expect, it } from "vitest";
import {
  accountPayload,
  contactPayload,
  creditPayload,
  partsPurchaseInvoicePayload,
  salesInvoicePayload,
  trackingCategoryPayload,
  trackingOf,
  workInvoicePayload,
} from "../../core/accounts/xero-payloads.js";
import { idempotencyKey, dueAt } from "../../core/accounts/xero-push.js";
import { validateXero } from "../support/xero-models.js";

const tracking = { category: "Department", option: "Direct Van Hire" };
const vat = { code: "200", tax_type: "OUTPUT2" };
const noVat = { code: "260", tax_type: "EXEMPTOUTPUT" };

describe("Xero payloads (docs/xero.md mapping table)", () => {
  it("nominal code -> Account: code, name, tax type as stored, Xero type from the code's type or its tax type", () => {
    expect(accountPayload({ code: "200", name: "Sales", type: "Revenue", tax_type: "OUTPUT2", description: "Hire" })).toMatchObject({ code: "200", name: "Sales", type: "REVENUE", taxType: "OUTPUT2", description: "Hire" });
    expect(accountPayload({ code: "429", name: "General", type: "", tax_type: "INPUT2" }).type).toBe("EXPENSE");
    expect(accountPayload({ code: "201", name: "Other", type: "whatever", tax_type: "ZERORATEDOUTPUT" }).type).toBe("REVENUE");
  });

  it("tracking category -> TrackingCategory with its options and statuses", () => {
    expect(trackingCategoryPayload({ name: "Department", status: "ACTIVE", options: [{ name: "DVH", status: "ACTIVE" }, { name: "Old", status: "ARCHIVED", xero_id: "opt-1" }] })).toEqual({
      trackingCategoryID: undefined,
      name: "Department",
      status: "ACTIVE",
      options: [
        { trackingOptionID: undefined, name: "DVH", status: "ACTIVE" },
        { trackingOptionID: "opt-1", name: "Old", status: "ARCHIVED" },
      ],
    });
  });

  it("contact -> Contact: name, number, email, address, phone type, status", () => {
    const c = contactPayload({ id: 7, display_name: "Acme Ltd", company_email: "a@acme.test", address_line1: "1 High St", town: "Leeds", postcode: "LS1 1AA", country: "UK", company_phone: "0113 000", company_phone_type: "Mobile", vat_no: "GB1", accounts_active: "Inactive" });
    expect(c).toMatchObject({ name: "Acme Ltd", contactNumber: "C7", emailAddress: "a@acme.test", taxNumber: "GB1", contactStatus: "ARCHIVED" });
    expect(c.addresses[0]).toMatchObject({ addressType: "POBOX", addressLine1: "1 High St", city: "Leeds", postalCode: "LS1 1AA" });
    expect(c.phones[0]).toMatchObject({ phoneType: "MOBILE", phoneNumber: "0113 000" });
  });

  it("approved invoice -> ACCREC DRAFT: number, IN reference, two lines with the nominal codes' tax types, tracking", () => {
    const p = salesInvoicePayload(
      { id: 3, invoice_number: "IN00012", invoice_date: "2026-11-20", payment_date: "2026-12-20", description: "Hire", amount: 100.1, no_vat_amount: 20.2 },
      { contact: { xeroId: "c-1", name: "Acme" }, vatNominal: vat, noVatNominal: noVat, tracking },
    );
    expect(p).toMatchObject({ type: "ACCREC", status: "DRAFT", invoiceNumber: "IN00012", reference: "IN IN00012", date: "2026-11-20", dueDate: "2026-12-20", lineAmountTypes: "Exclusive", contact: { contactID: "c-1" } });
    expect(p.lineItems).toEqual([
      { description: "Hire", quantity: 1, unitAmount: 100.1, accountCode: "200", taxType: "OUTPUT2", tracking: [{ name: "Department", option: "Direct Van Hire" }] },
      { description: "Hire (no VAT)", quantity: 1, unitAmount: 20.2, accountCode: "260", taxType: "EXEMPTOUTPUT", tracking: [{ name: "Department", option: "Direct Van Hire" }] },
    ]);
  });

  it("a zero amount makes no line; a contact not yet in Xero goes by name", () => {
    const p = salesInvoicePayload({ id: 3, invoice_number: "IN1", amount: 50, no_vat_amount: 0 }, { contact: { name: "Acme" }, vatNominal: vat, noVatNominal: null, tracking: null });
    expect(p.lineItems).toHaveLength(1);
    expect(p.lineItems[0].tracking).toEqual([]);
    expect(p.contact).toEqual({ name: "Acme" });
  });

  it("customer credit -> ACCRECCREDIT with CNS; supplier credit -> ACCPAYCREDIT with CNP; amounts positive", () => {
    const base = { id: 9, credit_note_number: "CN00004", date_issued: "2026-11-21", amount: -40, no_vat_amount: 0, description: "Refund" };
    const r = { contact: { name: "Acme" }, vatNominal: vat, noVatNominal: noVat, tracking };
    expect(creditPayload({ ...base, party: "CUSTOMER" }, r)).toMatchObject({ type: "ACCRECCREDIT", status: "DRAFT", creditNoteNumber: "CN00004", reference: "CNS CN00004", date: "2026-11-21" });
    const p = creditPayload({ ...base, party: "SUPPLIER" }, r);
    expect(p).toMatchObject({ type: "ACCPAYCREDIT", creditNoteNumber: "CN00004", reference: undefined });
    expect(p.lineItems[0].unitAmount).toBe(40);
  });

  it("approved parts of a supplier invoice -> one ACCPAY, a line per part at its cost (money.ts, no float drift)", () => {
    const p = partsPurchaseInvoicePayload(
      "SUP-77",
      [
        { part: { id: 1, part_number: "BP1", name: "Brake pads", cost: 0.1 }, nominal: { code: "310", tax_type: "INPUT2" } },
        { part: { id: 2, name: "Filter", cost: 0.2 }, nominal: { code: "310", tax_type: "INPUT2" } },
      ],
      { contact: { name: "Parts Co" }, tracking, date: "2026-11-22" },
    );
    expect(p).toMatchObject({ type: "ACCPAY", status: "DRAFT", invoiceNumber: "SUP-77", date: "2026-11-22" });
    expect(p.lineItems.map((l) => [l.description, l.unitAmount, l.taxType])).toEqual([
      ["BP1 Brake pads", 0.1, "INPUT2"],
      ["Filter", 0.2, "INPUT2"],
    ]);
    expect(p.lineItems[0].tracking).toEqual([{ name: "Department", option: "Direct Van Hire" }]);
  });

  it("parts of one supplier invoice held by records of several departments: each line carries its own holder's tracking (none when unmapped)", () => {
    const p = partsPurchaseInvoicePayload(
      "SUP-78",
      [
        { part: { id: 1, name: "Pads", cost: 10 }, nominal: { code: "310", tax_type: "INPUT2" }, tracking },
        { part: { id: 2, name: "Cap", cost: 5 }, nominal: { code: "310", tax_type: "INPUT2" }, tracking: { category: "Department", option: "Counter" } },
        { part: { id: 3, name: "Flap", cost: 4 }, nominal: { code: "310", tax_type: "INPUT2" }, tracking: null },
      ],
      { contact: { name: "Parts Co" }, tracking, date: "2026-11-22" },
    );
    expect(p.lineItems.map((l) => l.tracking)).toEqual([[{ name: "Department", option: "Direct Van Hire" }], [{ name: "Department", option: "Counter" }], []]);
  });

  it("work approval: PO side -> ACCPAY of labour cost; invoice side -> ACCREC of the customer charge", () => {
    const job = { id: 5, workshop_invoice_number: "W-1", customer_invoice_number: "WO00003", workshop_invoice_date: "2026-11-01", workshop_date: "2026-10-30" };
    const items = [{ item: { id: 8, description: "Service", labour_cost: 80, customer_labour_cost: 120 }, nominal: { code: "320", tax_type: "INPUT2" } }];
    const po = workInvoicePayload("po", job, items, { contact: { name: "Garage" }, tracking });
    expect(po).toMatchObject({ type: "ACCPAY", status: "DRAFT", invoiceNumber: "W-1", date: "2026-11-01" });
    expect(po.lineItems[0].unitAmount).toBe(80);
    const inv = workInvoicePayload("invoice", job, items, { contact: { name: "Acme" }, tracking });
    expect(inv).toMatchObject({ type: "ACCREC", invoiceNumber: "WO00003", reference: "IN WO00003" });
    expect(inv.lineItems[0].unitAmount).toBe(120);
  });

  it("a department maps to a tracking option only with both names", () => {
    expect(trackingOf({ xero_tracking_category: "Department", xero_tracking_option: "DVH" })).toEqual({ category: "Department", option: "DVH" });
    expect(trackingOf({ xero_tracking_category: "Department", xero_tracking_option: "" })).toBeNull();
    expect(trackingOf(null)).toBeNull();
  });
});

describe("push items", () => {
  it("the idempotency key is stable per source and version", () => {
    const r = { target: "salesinvoice" as const, source_type: "invoice", source_id: "12", version: 2 };
    expect(idempotencyKey(r)).toBe("salesinvoice-invoice-12-v2");
    expect(idempotencyKey(r)).toBe(idempotencyKey({ ...r }));
    expect(idempotencyKey({ ...r, source_type: "part", source_id: "4#INV 9" })).toBe("salesinvoice-part-4_INV_9-v2");
  });
  it("is due by queue time, retry time (transient failures only) or lease end", () => {
    expect(dueAt({ status: "PENDING", queued_at: "a" })).toBe("a");
    expect(dueAt({ status: "FAILED", queued_at: "a", error_kind: "transient", retry_at: "b" })).toBe("b");
    expect(dueAt({ status: "FAILED", queued_at: "a", error_kind: "validation", retry_at: null })).toBeNull();
    expect(dueAt({ status: "SENDING", queued_at: "a", lease_until: "c" })).toBe("c");
    expect(dueAt({ status: "SENT", queued_at: "a" })).toBeNull();
  });
});

describe("issue 22 finding 10: Xero gets the same money as the product", () => {
  const job = { id: 5, workshop_invoice_number: "W-1", customer_invoice_number: "WO00003", workshop_invoice_date: "2026-11-01", workshop_date: "2026-10-30" };
  const labour = { code: "4000", tax_type: "OUTPUT2" };
  const partsNominal = { code: "4010", tax_type: "OUTPUT2" };

  it("a workshop customer invoice (WO) carries the parts' customer charge beside the labour: £130 + £87.50 = £217.50", () => {
    const items = [{ item: { id: 8, description: "Brakes", labour_cost: 80, customer_labour_cost: 130 }, nominal: labour, parts: [{ part: { id: 3, part_number: "BP-1", name: "Brake pads", cost: 50, customer_cost: 87.5 }, nominal: partsNominal }] }];
    const inv = workInvoicePayload("invoice", job, items, { contact: { name: "Acme" }, tracking, paymentTermDays: 30 });
    expect(inv.lineItems.map((l) => [l.description, l.unitAmount, l.accountCode])).toEqual([
      ["Brakes", 130, "4000"],
      ["BP-1 Brake pads", 87.5, "4010"],
    ]);
    expect(inv.lineItems.reduce((t, l) => t + Math.round(l.unitAmount * 100), 0)).toBe(21750);
  });

  it("a workshop customer invoice falls due the customer's payment terms after its date", () => {
    const items = [{ item: { id: 8, customer_labour_cost: 130 }, nominal: labour }];
    expect(workInvoicePayload("invoice", job, items, { contact: { name: "Acme" }, tracking, paymentTermDays: 30 })).toMatchObject({ date: "2026-10-30", dueDate: "2026-11-29" });
    expect(workInvoicePayload("invoice", job, items, { contact: { name: "Acme" }, tracking, paymentTermDays: null })).toMatchObject({ dueDate: "2026-10-30" });
  });

  it("a parts bill (ACCPAY) carries its invoice date and due date, not the order date", () => {
    const p = partsPurchaseInvoicePayload("SUP-1", [{ part: { id: 1, name: "Pads", cost: 10 }, nominal: null }], { contact: { name: "Parts Co" }, tracking, date: "2026-11-10", dueDate: "2026-12-10" });
    expect(p).toMatchObject({ date: "2026-11-10", dueDate: "2026-12-10" });
  });

  it("a supplier's terms go as PaymentTerms.Bills, a customer's as Sales", () => {
    expect(contactPayload({ id: 1, display_name: "Parts Co", contact_type: "SP", supplier_payment_terms: 30, payment_term_days: 14 }).paymentTerms).toEqual({ bills: { day: 30, type: "DAYSAFTERBILLDATE" } });
    expect(contactPayload({ id: 1, display_name: "Parts Co", contact_type: "SP", supplier_payment_terms: 10, supplier_payment_terms_start: "MONTH" }).paymentTerms).toEqual({ bills: { day: 10, type: "DAYSAFTERBILLMONTH" } });
    expect(contactPayload({ id: 2, display_name: "Acme", contact_type: "CC", payment_term_days: 14 }).paymentTerms).toEqual({ sales: { day: 14, type: "DAYSAFTERBILLDATE" } });
  });

  it("no Reference on ACCPAY invoices or ACCPAYCREDIT notes: the text goes where Xero keeps it (the number)", () => {
    const po = workInvoicePayload("po", { ...job, workshop_invoice_number: null }, [{ item: { id: 8, labour_cost: 80 }, nominal: labour }], { contact: { name: "Garage" }, tracking });
    expect(po.reference).toBeUndefined();
    expect(po.invoiceNumber).toBe("Job 5");
    expect(workInvoicePayload("po", job, [{ item: { id: 8, labour_cost: 80 }, nominal: labour }], { contact: { name: "Garage" }, tracking })).toMatchObject({ invoiceNumber: "W-1", reference: undefined });
    expect(partsPurchaseInvoicePayload("SUP-1", [{ part: { id: 1, name: "Pads", cost: 10 }, nominal: null }], { contact: { name: "P" }, tracking, date: null }).reference).toBeUndefined();
    const cnp = creditPayload({ id: 9, party: "SUPPLIER", credit_note_number: "CN4", amount: -40 }, { contact: { name: "P" }, vatNominal: vat, noVatNominal: noVat, tracking });
    expect(cnp).toMatchObject({ type: "ACCPAYCREDIT", creditNoteNumber: "CN4", reference: undefined });
    expect(creditPayload({ id: 9, party: "CUSTOMER", credit_note_number: "CN4", amount: -40 }, { contact: { name: "P" }, vatNominal: vat, noVatNominal: noVat, tracking }).reference).toBe("CNS CN4");
  });

  it("a line whose amount rounds to £0.00 is not sent", () => {
    const p = salesInvoicePayload({ id: 3, invoice_number: "IN1", amount: 50, no_vat_amount: 0.004 }, { contact: { name: "Acme" }, vatNominal: vat, noVatNominal: noVat, tracking: null });
    expect(p.lineItems).toHaveLength(1);
  });
});

describe("every body the builders make matches xero-node's models (tests/support/xero-models.ts)", () => {
  const job = { id: 5, workshop_invoice_number: "W-1", customer_invoice_number: "WO00003", workshop_invoice_date: "2026-11-01", workshop_date: "2026-10-30", workshop_invoice_payment_date: "2026-12-01" };
  const r = { contact: { xeroId: "c-1", name: "Acme" }, vatNominal: vat, noVatNominal: noVat, tracking };
  const bodies: Array<[string, unknown]> = [
    ["Account", accountPayload({ code: "200", name: "Sales", type: "Revenue", tax_type: "OUTPUT2", bank_account_number: "1" })],
    ["TrackingCategory", trackingCategoryPayload({ name: "Department", status: "ACTIVE", options: [{ name: "DVH" }] })],
    ["Contact", contactPayload({ id: 7, display_name: "Acme", contact_type: "SP", supplier_payment_terms: 30, company_phone: "0113", address_line1: "1 High St" })],
    ["Contact", contactPayload({ id: 8, display_name: "Bob", contact_type: "CC", payment_term_days: 14 })],
    ["Invoice", salesInvoicePayload({ id: 3, invoice_number: "IN1", invoice_date: "2026-11-20", payment_date: "2026-12-20", amount: 100, no_vat_amount: 5 }, r)],
    ["CreditNote", creditPayload({ id: 9, party: "SUPPLIER", credit_note_number: "CN4", date_issued: "2026-11-21", amount: -40 }, r)],
    ["Invoice", workInvoicePayload("invoice", job, [{ item: { id: 8, customer_labour_cost: 130 }, nominal: vat, parts: [{ part: { id: 2, name: "Pads", customer_cost: 87.5 }, nominal: vat }] }], { contact: r.contact, tracking, paymentTermDays: 30 })],
    ["Invoice", workInvoicePayload("po", job, [{ item: { id: 8, labour_cost: 80 }, nominal: vat }], { contact: r.contact, tracking })],
    ["Invoice", partsPurchaseInvoicePayload("SUP-1", [{ part: { id: 1, name: "Pads", cost: 10 }, nominal: vat }], { contact: r.contact, tracking, date: "2026-11-10", dueDate: "2026-12-10" })],
  ];
  it.each(bodies.map(([model, body], i) => [i, model, body] as const))("body %i as %s: names, types, enums and dates as xero-node declares them", (_i, model, body) => {
    expect(validateXero(body, model, "model")).toEqual([]);
  });
  it("the validator names what is wrong", () => {
    expect(validateXero({ type: "ACCREC", lineItems: [{ unitAmount: "12" }], dueDate: "27/11/2026", reference2: "x" }, "Invoice", "model")).toEqual([
      "Invoice.lineItems[0].unitAmount: expected a number, got \"12\"",
      "Invoice.dueDate: expected a date (YYYY-MM-DD), got \"27/11/2026\"",
      "Invoice.reference2: Invoice has no property reference2",
    ]);
    expect(validateXero({ Type: "ACCRECX" }, "Invoice")).toEqual(["Invoice.Type: \"ACCRECX\" is not one of Invoice.TypeEnum (ACCPAY, ACCPAYCREDIT, APOVERPAYMENT, APPREPAYMENT, ACCREC, ACCRECCREDIT, AROVERPAYMENT, ARPREPAYMENT)"]);
  });
});
