import { addDays } from "../platform/dates.js";
import { money, pounds, type Amount } from "../platform/money.js";

/**
 * Pure builders: a source record (with what it refers to, read by the
 * runner) -> the xero-node model object Xero receives (Account,
 * TrackingCategory, Contact, Invoice, CreditNote), property names as
 * xero-node's models spell them. The mapping of every field is in
 * docs/xero.md. Invoices and credit notes always go as DRAFT (003 §4).
 */

type Rec = Record<string, any>;
export type NominalRef = { code: string; tax_type?: string | null; name?: string | null } | null | undefined;
/** A department's mapping to a Xero tracking option (department fields `xero_tracking_category`, `xero_tracking_option`). */
export type TrackingMapping = { category: string; option: string } | null;
/** The contact as Xero knows it: its Xero id once pushed, else its name (Xero matches contacts by name). */
export type ContactRef = { xeroId?: string | null; name: string };

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v).trim());
const orUndefined = (v: unknown) => text(v) || undefined;

/** A department's mapping, or null when it has none (then its invoices and credits are not pushed). */
export function trackingOf(department: Rec | null | undefined): TrackingMapping {
  const category = text(department?.xero_tracking_category);
  const option = text(department?.xero_tracking_option);
  return category && option ? { category, option } : null;
}

/** Xero's account types; a nominal code whose `type` is not one of them goes by its tax type (income: REVENUE, else EXPENSE). */
const ACCOUNT_TYPES = ["BANK", "CURRENT", "CURRLIAB", "DEPRECIATN", "DIRECTCOSTS", "EQUITY", "EXPENSE", "FIXED", "INVENTORY", "LIABILITY", "NONCURRENT", "OTHERINCOME", "OVERHEADS", "PREPAYMENT", "REVENUE", "SALES", "TERMLIAB"];
const INCOME_TAX_TYPES = ["OUTPUT2", "RROUTPUT", "EXEMPTOUTPUT", "ECZROUTPUT", "ECZROUTPUTSERVICES", "ZERORATEDOUTPUT"];

/** Nominal code -> Account. */
export function accountPayload(n: Rec) {
  const given = text(n.type).toUpperCase().replace(/\s+/g, "");
  const type = ACCOUNT_TYPES.includes(given) ? given : INCOME_TAX_TYPES.includes(text(n.tax_type)) ? "REVENUE" : "EXPENSE";
  return {
    code: text(n.code),
    name: text(n.name) || text(n.code),
    type,
    taxType: text(n.tax_type) || "OUTPUT2",
    description: orUndefined(n.description),
    bankAccountNumber: type === "BANK" ? orUndefined(n.bank_account_number) : undefined,
    enablePaymentsToAccount: !!n.enable_payments_to_account,
    showInExpenseClaims: !!n.show_in_expense_claims,
  };
}

const TRACKING_STATUS: Record<string, string> = { ACTIVE: "ACTIVE", ARCHIVED: "ARCHIVED", DELETED: "DELETED" };

/** Tracking category (with its options) -> TrackingCategory. */
export function trackingCategoryPayload(c: Rec) {
  return {
    trackingCategoryID: orUndefined(c.xero_id),
    name: text(c.name),
    status: TRACKING_STATUS[text(c.status).toUpperCase()] ?? "ACTIVE",
    options: ((c.options as Rec[] | null) ?? []).map((o) => ({
      trackingOptionID: orUndefined(o.xero_id),
      name: text(o.name),
      status: TRACKING_STATUS[text(o.status).toUpperCase()] ?? "ACTIVE",
    })),
  };
}

const PHONE_TYPES: Record<string, string> = { Phone: "DEFAULT", Mobile: "MOBILE", Fax: "FAX" };

/** The name a contact goes by in Xero (its display name, else its company name). */
export const contactName = (c: Rec) => text(c.display_name) || text(c.company_name) || `Contact ${c.id}`;

/** Contact -> Contact (the same body for the customer and the supplier push: Xero marks a contact customer or supplier by its documents). */
export function contactPayload(c: Rec) {
  const phone = text(c.company_phone);
  return {
    name: contactName(c),
    contactNumber: `C${c.id}`,
    firstName: orUndefined(c.first_name),
    lastName: orUndefined(c.last_name),
    emailAddress: orUndefined(c.company_email) ?? orUndefined(c.email),
    companyNumber: orUndefined(c.company_registration_no),
    taxNumber: orUndefined(c.vat_no),
    contactStatus: c.accounts_active === "Inactive" || c.deactivated ? "ARCHIVED" : "ACTIVE",
    addresses: text(c.address_line1) || text(c.postcode)
      ? [{ addressType: "POBOX", addressLine1: orUndefined(c.address_line1), city: orUndefined(c.town), region: orUndefined(c.region), postalCode: orUndefined(c.postcode), country: orUndefined(c.country) }]
      : [],
    phones: phone
      ? [{ phoneType: PHONE_TYPES[text(c.company_phone_type)] ?? "DEFAULT", phoneNumber: phone, phoneAreaCode: orUndefined(c.company_phone_area_code), phoneCountryCode: orUndefined(c.company_phone_country_code) }]
      : [],
    paymentTerms: paymentTermsOf(c),
  };
}

/**
 * A contact's payment terms where Xero keeps them: a supplier's (SP) terms
 * are `bills` (supplier_payment_terms, from the bill's date or the end of its
 * month), a customer's are `sales` (payment_term_days after the invoice date).
 */
export function paymentTermsOf(c: Rec): { sales?: { day: number; type: string }; bills?: { day: number; type: string } } | undefined {
  if (c.contact_type === "SP") {
    const days = c.supplier_payment_terms ?? c.payment_term_days;
    if (days === null || days === undefined || days === "") return undefined;
    return { bills: { day: Number(days), type: c.supplier_payment_terms_start === "MONTH" ? "DAYSAFTERBILLMONTH" : "DAYSAFTERBILLDATE" } };
  }
  return c.payment_term_days ? { sales: { day: Number(c.payment_term_days), type: "DAYSAFTERBILLDATE" } } : undefined;
}

/** One line of a document: an amount (net of VAT) booked to a nominal code; `tracking`, when given, the line's own (else the document's). */
export type DocLine = { description: string; amount: Amount; nominal: NominalRef; tracking?: TrackingMapping };

/**
 * Line items: one per line with a non-zero amount, quantity 1, the amount
 * to 2 dp (money.ts), the nominal code as account code and its tax type
 * (003 §3 tax types), the department's tracking option. Amounts are net:
 * line amount type Exclusive, Xero adds the tax of each tax type.
 */
export function lineItems(lines: DocLine[], tracking: TrackingMapping, sign: 1 | -1 = 1) {
  return lines
    // A line whose amount rounds to £0.00 is not sent (Xero would show an empty line).
    .filter((l) => pounds(l.amount) !== 0)
    .map((l) => ({
      description: text(l.description).slice(0, 4000) || "-",
      quantity: 1,
      unitAmount: pounds(money(l.amount).times(sign)),
      accountCode: l.nominal?.code ? text(l.nominal.code) : undefined,
      taxType: l.nominal?.tax_type ? text(l.nominal.tax_type) : "NONE",
      tracking: trackingLine(l.tracking === undefined ? tracking : l.tracking),
    }));
}

const trackingLine = (t: TrackingMapping) => (t ? [{ name: t.category, option: t.option }] : []);

const contactOf = (c: ContactRef) => (c.xeroId ? { contactID: c.xeroId } : { name: c.name });

export type DocumentInput = {
  contact: ContactRef;
  number?: string | null;
  reference?: string | null;
  date?: string | null;
  dueDate?: string | null;
  lines: DocLine[];
  tracking: TrackingMapping;
};

/**
 * Sales (ACCREC) or purchase (ACCPAY) invoice, always DRAFT. Xero keeps
 * `Reference` on ACCREC only (xero-node's Invoice: "ACCREC only"); a bill's
 * reference is its `InvoiceNumber`, so an ACCPAY without the supplier's
 * number carries the reference text there and sends no `reference`.
 */
export function invoicePayload(type: "ACCREC" | "ACCPAY", d: DocumentInput) {
  const bill = type === "ACCPAY";
  return {
    type,
    status: "DRAFT",
    contact: contactOf(d.contact),
    date: orUndefined(d.date),
    dueDate: orUndefined(d.dueDate) ?? orUndefined(d.date),
    invoiceNumber: bill ? (orUndefined(d.number) ?? orUndefined(d.reference)) : orUndefined(d.number),
    reference: bill ? undefined : orUndefined(d.reference),
    lineAmountTypes: "Exclusive",
    lineItems: lineItems(d.lines, d.tracking),
  };
}

/** Sales (ACCRECCREDIT) or purchase (ACCPAYCREDIT) credit note, always DRAFT; amounts as positive values (a credit note credits by its type). */
export function creditNotePayload(type: "ACCRECCREDIT" | "ACCPAYCREDIT", d: DocumentInput) {
  // Xero keeps `Reference` on ACCRECCREDIT only; a supplier's credit note is known by its number.
  const bill = type === "ACCPAYCREDIT";
  return {
    type,
    status: "DRAFT",
    contact: contactOf(d.contact),
    date: orUndefined(d.date),
    creditNoteNumber: bill ? (orUndefined(d.number) ?? orUndefined(d.reference)) : orUndefined(d.number),
    reference: bill ? undefined : orUndefined(d.reference),
    lineAmountTypes: "Exclusive",
    lineItems: lineItems(
      d.lines.map((l) => ({ ...l, amount: money(l.amount).abs() })),
      d.tracking,
    ),
  };
}

/** Reference carrying the 003 §7 document code: `IN <number>`, `CNS <number>`, `CNP <number>`. */
export const referenceOf = (code: "IN" | "CNS" | "CNP", number: string | null | undefined, fallbackId: number | string) => `${code} ${text(number) || fallbackId}`;

/** An approved invoice (003 §3 Invoice: amount vatable, no_vat_amount and their nominal codes) -> ACCREC. */
export function salesInvoicePayload(inv: Rec, r: { contact: ContactRef; vatNominal: NominalRef; noVatNominal: NominalRef; tracking: TrackingMapping }) {
  const description = text(inv.description) || `Invoice ${text(inv.invoice_number) || inv.id}`;
  return invoicePayload("ACCREC", {
    contact: r.contact,
    number: inv.invoice_number,
    reference: referenceOf("IN", inv.invoice_number, inv.id),
    date: inv.invoice_date,
    dueDate: inv.payment_date,
    tracking: r.tracking,
    lines: [
      { description, amount: inv.amount, nominal: r.vatNominal },
      { description: `${description} (no VAT)`, amount: inv.no_vat_amount, nominal: r.noVatNominal },
    ],
  });
}

/** An approved credit note -> ACCRECCREDIT (CNS, a customer's) or ACCPAYCREDIT (CNP, a supplier's). */
export function creditPayload(cr: Rec, r: { contact: ContactRef; vatNominal: NominalRef; noVatNominal: NominalRef; tracking: TrackingMapping }) {
  const purchase = cr.party === "SUPPLIER";
  const code = purchase ? "CNP" : "CNS";
  const description = text(cr.description) || `Credit note ${text(cr.credit_note_number) || cr.id}`;
  return creditNotePayload(purchase ? "ACCPAYCREDIT" : "ACCRECCREDIT", {
    contact: r.contact,
    number: cr.credit_note_number,
    reference: referenceOf(code, cr.credit_note_number, cr.id),
    date: cr.date_issued ?? cr.date,
    tracking: r.tracking,
    lines: [
      { description, amount: cr.amount, nominal: r.vatNominal },
      { description: `${description} (no VAT)`, amount: cr.no_vat_amount, nominal: r.noVatNominal },
    ],
  });
}

/**
 * A supplier invoice's approved parts -> one ACCPAY (invoice number = the
 * supplier's, one line per part at its actual cost). The parts may be held
 * by several records (jobs, quotes, part orders): a part's `tracking` is
 * its holder's department's, else the document's.
 */
export function partsPurchaseInvoicePayload(
  invoiceNumber: string,
  parts: Array<{ part: Rec; nominal: NominalRef; tracking?: TrackingMapping }>,
  r: { contact: ContactRef; tracking: TrackingMapping; date: string | null; dueDate?: string | null },
) {
  return invoicePayload("ACCPAY", {
    contact: r.contact,
    number: invoiceNumber,
    date: r.date,
    dueDate: r.dueDate ?? null,
    tracking: r.tracking,
    lines: parts.map(({ part, nominal, tracking }) => ({
      description: [text(part.part_number), text(part.name) || text(part.description)].filter(Boolean).join(" ") || `Part ${part.id}`,
      amount: part.cost,
      nominal,
      tracking,
    })),
  });
}

/**
 * A job's approved work items -> the workshop's purchase invoice (PO side:
 * labour cost, supplier nominal code) or the customer's sales invoice
 * (invoice side: the customer labour charge with the customer nominal code,
 * and a line per part of the item at its customer charge with the part's
 * customer nominal code: the whole of what the product bills). The invoice
 * side falls due the customer's payment terms after its date.
 */
export function workInvoicePayload(
  side: "po" | "invoice",
  job: Rec,
  items: Array<{ item: Rec; nominal: NominalRef; parts?: Array<{ part: Rec; nominal: NominalRef }> }>,
  r: { contact: ContactRef; tracking: TrackingMapping; paymentTermDays?: number | null },
) {
  const po = side === "po";
  const number = po ? job.workshop_invoice_number : job.customer_invoice_number;
  const date: string | null = po ? (job.workshop_invoice_date ?? job.workshop_date ?? null) : (job.workshop_date ?? null);
  const terms = Number(r.paymentTermDays ?? 0) || 0;
  const body = {
    contact: r.contact,
    number,
    reference: po ? `Job ${job.id}` : referenceOf("IN", number, `job ${job.id}`),
    date,
    dueDate: po ? (job.workshop_invoice_payment_date ?? job.job_workshop_payment_date) : date ? addDays(String(date).slice(0, 10), terms) : null,
    tracking: r.tracking,
    lines: items.flatMap(({ item, nominal, parts }) => [
      {
        description: text(item.description) || `Job ${job.id} work ${item.id}`,
        amount: po ? item.labour_cost : item.customer_labour_cost,
        nominal,
      },
      ...(po
        ? []
        : (parts ?? []).map(({ part, nominal: partNominal }) => ({
            description: [text(part.part_number), text(part.name) || text(part.description)].filter(Boolean).join(" ") || `Part ${part.id}`,
            amount: part.customer_cost,
            nominal: partNominal,
          }))),
    ]),
  };
  return invoicePayload(po ? "ACCPAY" : "ACCREC", body);
}
