import { Contact } from "../contacts/index.js";
import { Department, NominalCode } from "../settings/index.js";
// The workshop's index brings every holder of parts (job, quote, part order): their line declarations let the `part` source read a supplier invoice's quote and part-order parts too.
import { Job, JobLines } from "../workshop/index.js";
import { isHidden } from "../workshop/part-rules.js";
import { Credit } from "./credit.js";
import { Invoice } from "./invoice.js";
import {
  contactName,
  creditPayload,
  partsPurchaseInvoicePayload,
  salesInvoicePayload,
  trackingOf,
  workInvoicePayload,
  type ContactRef,
  type NominalRef,
} from "./xero-payloads.js";
import { pushOf } from "./xero-push.js";
import { SourceNotReady, SourceProblem, one, registerSources } from "./xero-sync.js";
import { creditTotals } from "./credit-definitions.js";
import { money, pounds } from "../platform/money.js";

/**
 * The documents' bodies for the runner (core/accounts/xero-sync.ts): sales
 * invoices, credit notes, a job's work invoices and a supplier invoice's
 * parts, each read from its source now. Importing this module registers
 * them (the accounts and workshop Lambdas and the cron import it).
 */

type Rec = Record<string, any>;
const idOf = (v: unknown): number | null => (v && typeof v === "object" ? Number((v as Rec).id) || null : Number(v) || null);

/** A contact as the documents name it: its Xero id from its push item once sent, else its name. */
async function contactRef(contactId: unknown, as: "customer" | "supplier"): Promise<ContactRef> {
  const id = idOf(contactId);
  if (!id) throw new SourceProblem("The document has no contact");
  const [c] = (await Contact.getMany([id])) as Rec[];
  if (!c) throw new SourceProblem("The document's contact no longer exists");
  const pushed = (await pushOf(as, "contact", id)) ?? (await pushOf(as === "customer" ? "supplier" : "customer", "contact", id));
  return { xeroId: pushed?.xero_id ?? null, name: contactName(c) };
}

async function nominals(ids: unknown[]): Promise<Map<number, NominalRef>> {
  const wanted = ids.map(idOf).filter((x): x is number => x !== null);
  return new Map(((await NominalCode.getMany(wanted)) as Rec[]).map((n) => [n.id, { code: n.code, tax_type: n.tax_type, name: n.name }]));
}

async function trackingOfDepartment(department: unknown) {
  const id = idOf(department);
  const [dept] = id ? ((await Department.getMany([id])) as Rec[]) : [];
  return trackingOf(dept);
}

/** A job's work invoice: PO side (the workshop's purchase invoice) or invoice side (the customer's sales invoice, with each item's parts at their customer charge). */
async function workBody(sid: string, po: boolean) {
  const job = await one(Job.getMany([Number(sid)]) as Promise<Rec[]>, "job");
  const lines = ((await JobLines.load([job.id])).get(job.id) ?? {}) as Rec;
  const items = ((lines.work_items as Rec[] | undefined) ?? []).filter((w) => (po ? w.po_approved : w.invoice_approved));
  if (!items.length) throw new SourceProblem("The job has no approved work items");
  const partsOf = (w: Rec) => ((lines.parts as Rec[] | undefined) ?? []).filter((p) => p.work === w.id);
  const noms = await nominals([...items.map((w) => (po ? w.supplier_nominal_code : w.customer_nominal_code)), ...(po ? [] : items.flatMap(partsOf).map((p) => p.customer_nominal_code))]);
  const nominalOf = (v: unknown) => noms.get(idOf(v) ?? -1);
  const contactId = po ? job.workshop : job.customer;
  const [contact] = idOf(contactId) ? ((await Contact.getMany([idOf(contactId)!])) as Rec[]) : [];
  return workInvoicePayload(
    po ? "po" : "invoice",
    job,
    items.map((w) => ({
      item: w,
      nominal: nominalOf(po ? w.supplier_nominal_code : w.customer_nominal_code),
      parts: po ? [] : partsOf(w).map((p) => ({ part: p, nominal: nominalOf(p.customer_nominal_code) })),
    })),
    { contact: await contactRef(contactId, po ? "supplier" : "customer"), tracking: await trackingOfDepartment(job.department), paymentTermDays: contact?.payment_term_days ?? null },
  );
}

registerSources({
  invoice: async (sid) => {
    const inv = await one(Invoice.getMany([Number(sid)]) as Promise<Rec[]>, "invoice");
    const noms = await nominals([inv.vat_nominal_code, inv.no_vat_nominal_code]);
    return salesInvoicePayload(inv, {
      contact: await contactRef(inv.customer, "customer"),
      vatNominal: noms.get(idOf(inv.vat_nominal_code) ?? -1),
      noVatNominal: noms.get(idOf(inv.no_vat_nominal_code) ?? -1),
      tracking: await trackingOfDepartment(inv.department),
    });
  },
  credit: async (sid) => {
    const cr = await one(Credit.getMany([Number(sid)]) as Promise<Rec[]>, "credit note");
    const noms = await nominals([cr.vat_nominal_code, cr.no_vat_nominal_code]);
    return creditPayload(cr, {
      contact: await contactRef(cr.contact, cr.party === "SUPPLIER" ? "supplier" : "customer"),
      vatNominal: noms.get(idOf(cr.vat_nominal_code) ?? -1),
      noVatNominal: noms.get(idOf(cr.no_vat_nominal_code) ?? -1),
      tracking: await trackingOfDepartment(cr.department),
    });
  },
  // A customer's credit note allocated to the invoice it credits: the credited amount (its total with VAT, as the invoice's `credited` rises), on its date.
  allocation: async (sid) => {
    const cr = await one(Credit.getMany([Number(sid)]) as Promise<Rec[]>, "credit note");
    const invoiceId = idOf(cr.invoice);
    if (!invoiceId) throw new SourceProblem("The credit note credits no invoice");
    const [note, invoice] = await Promise.all([pushOf("salescreditnote", "credit", cr.id), pushOf("salesinvoice", "invoice", invoiceId)]);
    if (!note?.xero_id) throw new SourceNotReady("Waiting for the credit note to reach Xero");
    if (!invoice?.xero_id) throw new SourceNotReady("Waiting for the invoice it credits to reach Xero");
    return { creditNoteID: note.xero_id, invoiceID: invoice.xero_id, amount: pounds(money(creditTotals(cr).total).abs()), date: String(cr.date_issued ?? cr.date ?? "").slice(0, 10) || undefined };
  },
  workpo: (sid) => workBody(sid, true),
  workinvoice: (sid) => workBody(sid, false),
  // `<supplier>#<invoice no., compacted>`: that supplier invoice's approved parts (the `inv#` line list), whichever records hold them (jobs, quotes, part orders).
  part: async (sid) => {
    const [supplier, invoice] = [sid.slice(0, sid.indexOf("#")), sid.slice(sid.indexOf("#") + 1)];
    const entries = await JobLines.lineEntriesIn("parts", `inv#${supplier}#${invoice}`);
    // With each part its holder (`parent`): its department gives the line's tracking. A hidden quote part is the job card part's copy (W11), no line of its own.
    const parts = ((await JobLines.linesOf("parts", entries, { parents: true })) as Rec[]).filter((p) => p.approved && !isHidden(p.parent_type, p));
    if (!parts.length) throw new SourceProblem("The supplier invoice has no approved parts");
    const noms = await nominals(parts.map((p) => p.supplier_nominal_code));
    const departments = new Map(((await Department.getMany([...new Set(parts.map((p) => idOf(p.parent?.department)).filter((x): x is number => x !== null))])) as Rec[]).map((d) => [d.id, d]));
    const trackingOfPart = (p: Rec) => trackingOf(departments.get(idOf(p.parent?.department) ?? -1));
    // The supplier invoice's own date and due date (part-lines.ts derives due_date from the supplier's terms); the order date only when no invoice date is set.
    const latest = (field: string) => parts.map((p) => p[field]).filter(Boolean).map(String).sort().at(-1) ?? null;
    return partsPurchaseInvoicePayload(
      String(parts[0].part_invoice_number ?? invoice),
      parts.map((p) => ({ part: p, nominal: noms.get(idOf(p.supplier_nominal_code) ?? -1), tracking: trackingOfPart(p) })),
      { contact: await contactRef(Number(supplier), "supplier"), tracking: trackingOfPart(parts[0]), date: latest("invoice_date") ?? latest("date_ordered"), dueDate: latest("due_date") ?? latest("payment_date") },
    );
  },
});
