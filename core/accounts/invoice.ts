import * as z from "zod";
import { Contact } from "../contacts/index.js";
import { Vehicle } from "../fleet/index.js";
import { todayInLondon } from "../platform/dates.js";
import { ValidationError } from "../platform/errors.js";
import { toPence } from "../platform/money.js";
import { defineRecordType } from "../platform/records.js";
import { declareReferences, brief, lookUp } from "../platform/references.js";
import { Department, NominalCode } from "../settings/index.js";
import { INVOICE_MESSAGES, invoice, invoiceState, invoiceTotals, outstandingOf, type InvoiceSource } from "./invoice-definitions.js";

/**
 * The invoice record (003 §3; docs/data-model.md §8 Invoice): hire,
 * movement, vehicle sale and part order invoices in one type, told apart
 * by `src`. Its lists answer every view of /invoices, a customer's
 * invoices, the customer's and department's unpaid invoices by due date
 * (A4) and the invoices of a source record; its balance facets keep the
 * customer's outstanding balance (A3).
 */

type Row = Record<string, any>;

/**
 * Kept on the record by the service, never sent by a client: the search
 * terms (invoice number, customer name: the names live on other records)
 * and the trading area of its department (the credit usage it counts in).
 */
export const invoiceFields = invoice.schema.extend({
  search_terms: z.array(z.string().max(200)).max(8).nullable().optional(),
  area: z.enum(["dvh", "rf", "vsd"]).nullable().optional(),
});
export type InvoiceFields = z.infer<typeof invoiceFields>;

/** Invoices stored before sources existed are vehicle sale invoices. */
export const sourceOf = (r: { src?: string | null }): InvoiceSource => (r.src as InvoiceSource | null) ?? "SALES";

function tagsOf(r: InvoiceFields) {
  return [`src=${sourceOf(r).toLowerCase()}`, `st=${invoiceState(r).toLowerCase()}`, `d=${r.department ?? "~"}`, `c=${r.customer ?? "~"}`];
}

/** The source record an invoice was raised from, as the `of#` list names it. */
function sourceLink(r: InvoiceFields): string | null {
  if (r.movement) return `movement#${r.movement}`;
  if (r.part_order) return `partorder#${r.part_order}`;
  if (r.rental) return `rental#${r.rental}`;
  if (r.finance_agreement) return `agreement#${r.finance_agreement}`;
  return null;
}

/** Approved and still owed (or over-credited): in the unpaid lists (A4). */
export const isUnpaid = (r: InvoiceFields) => !!r.approved && toPence(outstandingOf(r)) !== 0;

/**
 * Indexed lists (docs/data-model.md §8 Invoice): the views by source (and
 * all sources), state (and all states) and department (and all), newest
 * invoice date first; the customer's by source and state; the unpaid ones by due date for the
 * customer and the department; the source record's; the search terms.
 */
export function invoiceMemberships(r: InvoiceFields) {
  const sort = r.invoice_date ?? "~";
  const tags = tagsOf(r);
  const out: Array<{ list: string; sort: string; tags: string[] }> = [];
  for (const src of [sourceOf(r), "ALL"])
    for (const st of [invoiceState(r), "ALL"])
      for (const d of r.department ? [String(r.department), "ALL"] : ["ALL"]) out.push({ list: `s#${src}#${st}#d#${d}`, sort, tags });
  // One customer's invoices by source and state (and all of each): the customer filter of every view reads its own list.
  if (r.customer) for (const src of [sourceOf(r), "ALL"]) for (const st of [invoiceState(r), "ALL"]) out.push({ list: `cust#${r.customer}#${src}#${st}`, sort, tags });
  if (isUnpaid(r)) {
    const due = r.payment_date ?? r.invoice_date ?? "~";
    const owed = [...tags, `g=${toPence(outstandingOf(r))}`];
    if (r.customer) out.push({ list: `unpaid#c#${r.customer}`, sort: due, tags: owed });
    for (const d of r.department ? [String(r.department), "ALL"] : ["ALL"]) out.push({ list: `unpaid#d#${d}`, sort: due, tags: owed });
  }
  const link = sourceLink(r);
  if (link) out.push({ list: `of#${link}`, sort: "0", tags });
  for (const term of new Set(r.search_terms ?? [])) if (term) out.push({ list: "search", sort: term, tags });
  return out;
}

/**
 * The customer's balance (A3): from approval an invoice adds its total to
 * `bal#<customer>` (value `total`, and its trading area for the credit
 * usage). Credits and payments subtract in their own facets.
 */
export function invoiceFacets(r: InvoiceFields) {
  if (!r.approved || !r.customer) return [];
  const amount = toPence(invoiceTotals(r).total);
  const out = [{ facet: `bal#${r.customer}`, value: "total", amount }];
  if (r.area) out.push({ facet: `bal#${r.customer}`, value: r.area, amount });
  return out;
}

/** POST invoices (000 §7) and every invoice: a customer and an amount. */
export function checkInvoice(r: { customer?: number | null; amount?: number | null }) {
  if (!r.customer) throw new ValidationError(INVOICE_MESSAGES.createFailed, { customer: INVOICE_MESSAGES.customerRequired });
  if (r.amount === null || r.amount === undefined) throw new ValidationError(INVOICE_MESSAGES.createFailed, { amount: INVOICE_MESSAGES.amountRequired });
}

export const Invoice = defineRecordType({
  type: "invoice",
  label: "Invoice",
  fields: invoiceFields,
  defaults: () => ({ src: "SALES" as const, vat_rate: 20 as const, invoice_date: todayInLondon(), date: todayInLondon(), approved: false, ready_to_invoice: false, credited: 0, paid: 0 }),
  searchOf: () => "",
  validate: (r) => checkInvoice(r),
  lists: invoiceMemberships,
  facets: invoiceFacets,
  // Staff quote invoice numbers: never two the same, even when raised at once.
  // A hire period is invoiced once, however many runs (core/accounts/hire-invoices.ts).
  unique: (r) => [
    { scope: "number", value: r.invoice_number, message: `Invoice number ${r.invoice_number} is already used` },
    { scope: "hire", value: sourceOf(r) === "HIRE" && r.rental && r.period_start ? `${r.rental}#${r.period_start}` : null, message: "This rental's invoice for that period has already been raised" },
  ],
  // Any page of a long view starts at its month and day (core/platform/records/positions.ts).
  listPositions: { coarse: 7, fine: 10, lists: (list) => list.startsWith("s#") },
  // 2: sources, states, customers, unpaid lists and balance facets (the vehicle sale invoices stored before are indexed once).
  // 3: a customer's invoices by source and state (`cust#<c>#<src>#<state>`).
  indexVersion: 3,
  expand: (rows) => expandInvoices(rows as Row[]),
});

declareReferences(Invoice, () => ({ customer: Contact, vehicle: Vehicle, department: Department, vat_nominal_code: NominalCode, no_vat_nominal_code: NominalCode }));

/** Invoices as every answer gives them: references as ids (000 §7 keeps them so), with their names, state and totals beside them. */
export async function expandInvoices(rows: Row[]): Promise<Row[]> {
  if (!rows.length) return [];
  const { c, d, n } = await lookUp(rows, { c: [Contact, "customer"], d: [Department, "department"], n: [NominalCode, "vat_nominal_code", "no_vat_nominal_code"] });
  return rows.map((r) => {
    const { search_terms: _t, area: _a, ...rest } = r;
    return {
      ...rest,
      src: sourceOf(r),
      istate: invoiceState(r),
      ...invoiceTotals(r),
      outstanding: outstandingOf(r),
      customer_detail: brief(c.get(r.customer), ["display_name", "partial_contact", "payment_term_days", "payment_terms"]),
      department_detail: brief(d.get(r.department), ["name"]),
      vat_nominal_code_detail: brief(n.get(r.vat_nominal_code), ["name", "code"]),
      no_vat_nominal_code_detail: brief(n.get(r.no_vat_nominal_code), ["name", "code"]),
    };
  });
}
