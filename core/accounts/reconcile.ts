import { money, pounds, toPence, type Amount, type Money } from "../platform/money.js";
import { taxRate } from "../settings/taxtypes.js";
import { Job, JobLines } from "../workshop/index.js";
import { isHidden } from "../workshop/part-rules.js";
import { PartOrderLines } from "../workshop/index.js";
import { partOrderTotals } from "../workshop/partorder-rules.js";
import { partsCharge, workItemChargePence } from "../workshop/index.js";
import { creditTotals } from "./credit-definitions.js";
import { Credit } from "./credit.js";
import { invoiceTotals } from "./invoice-definitions.js";
import { Invoice } from "./invoice.js";
import { Payment } from "./payment.js";
// The documents' body loaders (invoice, credit, workpo, workinvoice, part): what the outbox sends is built by them.
import "./xero-documents.js";
import "./xero-payments.js";
import { XeroPush, type PushRow } from "./xero-push.js";
import { SourceProblem, bodyOf } from "./xero-sync.js";

/**
 * The reconciliation check (issue 22, docs/accounts.md "Reconciliation"):
 * walks the invoices, credit notes, payments, invoiced work items and the
 * Xero outbox, each list a chunk at a time through Queries on its indexed
 * list (never a Scan), and names every document whose stored figures
 * disagree with:
 *
 * - its lines (`lines`): a part order's invoice against its order's parts
 *   (their customer charge); an invoiced work item's recorded parts charge
 *   and VAT against its parts now (the WO invoice's parts);
 * - its approved credits (`credited`): an invoice's `credited` against the
 *   sum of the approved credit notes naming it;
 * - its payments (`paid`): an invoice's `paid` against the sum of the PAID
 *   payments naming its number (any case);
 * - what is queued or sent to Xero (`xero`): the outbox item's body, built
 *   as the runner builds it, against the product's figures of its source
 *   (`xeroTotals` and `productFigures`: the one place to adapt when the
 *   payloads change).
 *
 * Read-only: it changes nothing. Run by `npm run job -- reconcile`
 * (functions/cron/reconcile.ts) and `GET xero/reconcile` (the Xero page's
 * Reconciliation section).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records cross the engine untyped (docs/decisions.md "The lint gate"), as in every service reading them.
type Rec = Record<string, any>;

export type ReconcileCheck = "lines" | "credited" | "paid" | "xero";

export type Difference = {
  /** What the document is: invoice, work_item, or an outbox item's source type (credit, workinvoice…). */
  document: string;
  id: number | string;
  /** What staff recognise: an invoice or credit number, a job and work item. */
  label: string;
  check: ReconcileCheck;
  /** The figure stored on the document (or sent to Xero). */
  stored: number | null;
  /** What its lines, credits, payments or the product say it should be. */
  expected: number | null;
  message: string;
};

export type ReconcileResult = {
  checked: { invoices: number; credits: number; payments: number; work_items: number; xero_items: number };
  differences: Difference[];
};

const CHUNK = 200;
const idOf = (v: unknown): number | null => (v && typeof v === "object" ? Number((v as Rec).id) || null : Number(v) || null);
const numberKey = (v: unknown) => String(v ?? "").trim().toUpperCase();
const samePence = (a: Amount, b: Amount) => toPence(a) === toPence(b);

/** Adds `amount` to the pence total kept under `key`. */
function addTo<K>(m: Map<K, number>, key: K, amount: Amount) {
  m.set(key, (m.get(key) ?? 0) + toPence(amount));
}

/** Approved credit notes by the invoice they credit (the approved credits list, all kinds). */
async function approvedCreditsByInvoice(seen: { credits: number }): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for await (const rows of Credit.rowsInChunks("k#ALL#s#APPROVED#d#ALL", {}, CHUNK)) {
    seen.credits += rows.length;
    for (const c of rows) {
      const invoice = idOf(c.invoice);
      if (invoice !== null && c.approved) addTo(out, invoice, creditTotals(c).total);
    }
  }
  return out;
}

/** PAID payments by the invoice number they name (upper case, trimmed; the payments' paid list). */
async function paidByInvoiceNumber(seen: { payments: number }): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for await (const rows of Payment.rowsInChunks("s#PAID#d#ALL", {}, CHUNK)) {
    seen.payments += rows.length;
    for (const p of rows) if (p.date_paid && numberKey(p.invoice_number)) addTo(out, numberKey(p.invoice_number), p.amount);
  }
  return out;
}

const invoiceLabel = (inv: Rec) => (inv.invoice_number ? String(inv.invoice_number) : `invoice ${inv.id}`);

/** Every invoice's credited and paid figures against its approved credits and PAID payments. */
async function checkInvoices(credits: Map<number, number>, paid: Map<string, number>, seen: { invoices: number }, out: Difference[]) {
  for await (const rows of Invoice.rowsInChunks("s#ALL#ALL#d#ALL", {}, CHUNK)) {
    seen.invoices += rows.length;
    // A part order's invoice (src ORDER) against its order's parts now: the customer charge it was raised for (partOrderTotals).
    const orderIds = [...new Set(rows.filter((r) => r.src === "ORDER").map((r) => idOf(r.part_order)).filter((x): x is number => x !== null))];
    const lines = orderIds.length ? await PartOrderLines.load(orderIds) : new Map<number, unknown>();
    const orders = new Map(orderIds.map((id) => [id, partOrderTotals((((lines.get(id) ?? {}) as Rec).parts ?? []) as Rec[])]));
    for (const inv of rows) {
      const creditedPence = credits.get(inv.id) ?? 0;
      if (toPence(inv.credited) !== creditedPence)
        out.push({ document: "invoice", id: inv.id, label: invoiceLabel(inv), check: "credited", stored: pounds(inv.credited), expected: pounds(money(creditedPence).div(100)), message: `${invoiceLabel(inv)}: credited ${pounds(inv.credited).toFixed(2)}, approved credit notes ${(creditedPence / 100).toFixed(2)}` });
      const order = orders.get(idOf(inv.part_order) ?? -1);
      if (order && !samePence(inv.amount, order.total_part_customer_charge))
        out.push({ document: "invoice", id: inv.id, label: invoiceLabel(inv), check: "lines", stored: pounds(inv.amount), expected: order.total_part_customer_charge, message: `${invoiceLabel(inv)}: amount ${pounds(inv.amount).toFixed(2)}, its part order's parts charge ${order.total_part_customer_charge.toFixed(2)}` });
      const paidPence = numberKey(inv.invoice_number) ? (paid.get(numberKey(inv.invoice_number)) ?? 0) : 0;
      if (toPence(inv.paid) !== paidPence)
        out.push({ document: "invoice", id: inv.id, label: invoiceLabel(inv), check: "paid", stored: pounds(inv.paid), expected: pounds(money(paidPence).div(100)), message: `${invoiceLabel(inv)}: paid ${pounds(inv.paid).toFixed(2)}, PAID payments naming it ${(paidPence / 100).toFixed(2)}` });
    }
  }
}

/** Every invoiced work item (Workshop Invoicing's approved list): its recorded parts charge and VAT against its parts now. */
async function checkWorkItems(seen: { work_items: number }, out: Difference[]) {
  for await (const items of JobLines.lineChunksIn("work_items", "inv#approved#d#all", {}, CHUNK)) {
    seen.work_items += items.length;
    const jobs = await JobLines.load([...new Set(items.map((w) => w.parent_id))]);
    for (const line of items) {
      const w = line as Rec;
      const parts = ((((jobs.get(w.parent_id) ?? {}) as Rec).parts ?? []) as Rec[]).filter((p) => p.work === w.id);
      const now = partsCharge(parts);
      const label = `Job ${w.parent_id} work item ${w.id}`;
      if (!samePence(w.invoiced_parts_charge, now.charge) || !samePence(w.invoiced_parts_vat, now.vat))
        out.push({
          document: "work_item",
          id: w.id,
          label,
          check: "lines",
          stored: pounds(money(w.invoiced_parts_charge).plus(money(w.invoiced_parts_vat))),
          expected: pounds(money(now.charge).plus(money(now.vat))),
          message: `${label}: parts invoiced at ${pounds(w.invoiced_parts_charge).toFixed(2)} + VAT ${pounds(w.invoiced_parts_vat).toFixed(2)}, its parts now ${now.charge.toFixed(2)} + VAT ${now.vat.toFixed(2)}`,
        });
    }
  }
}

/**
 * A Xero document body's figures: net = the lines' amounts (quantity x
 * unit amount, or the line amount), total = net plus each line's tax at
 * its tax type's rate (003 §3), rounded per line as Xero does for
 * Exclusive amounts. The one function to adapt when the payloads change
 * (another shape, a wrapper list): it reads the first document found.
 */
export function xeroTotals(body: unknown): { net: number; total: number } | null {
  // A payment (core/accounts/xero-client.ts PaymentBody): its amount; none when Xero is to hold no payment for it.
  const pay = body as { remove?: boolean; amount?: unknown; invoiceNumber?: unknown } | null;
  if (pay?.remove === true) return { net: 0, total: 0 };
  if (pay && typeof pay.amount === "number" && pay.invoiceNumber !== undefined) return { net: pounds(pay.amount), total: pounds(pay.amount) };
  const doc = (Array.isArray(body) ? body[0] : (body as Rec | null)?.invoices?.[0] ?? (body as Rec | null)?.creditNotes?.[0] ?? body) as Rec | null;
  const lines = (doc?.lineItems ?? doc?.LineItems) as Rec[] | undefined;
  if (!Array.isArray(lines)) return null;
  let net = money(0);
  let total = money(0);
  for (const l of lines) {
    const amount = l.lineAmount ?? l.LineAmount ?? money(l.quantity ?? l.Quantity ?? 1).times(money(l.unitAmount ?? l.UnitAmount));
    const tax = money(pounds(money(amount).times(taxRate(String(l.taxType ?? l.TaxType ?? "NONE"))).div(100)));
    net = net.plus(money(amount));
    total = total.plus(money(amount)).plus(tax);
  }
  return { net: pounds(net), total: pounds(total) };
}

/**
 * The product's figures of an outbox item's source, as the product shows
 * them (null where it keeps none to compare): an invoice's and a credit
 * note's net and total (003 §9); a job's sales invoice (WO), what the
 * customer is charged for its invoiced items, labour and parts with VAT
 * (the balance's figure); a job's purchase invoice, the PO-approved labour
 * cost (net); a supplier invoice's parts, their cost (net).
 */
export async function productFigures(item: Pick<PushRow, "source_type" | "source_id">): Promise<{ net?: number; total?: number; label: string } | null> {
  const sid = item.source_id;
  switch (item.source_type) {
    case "invoice": {
      const [inv] = (await Invoice.getMany([Number(sid)])) as Rec[];
      if (!inv) return null;
      return { net: pounds(money(inv.amount).plus(money(inv.no_vat_amount))), total: invoiceTotals(inv).total, label: invoiceLabel(inv) };
    }
    case "credit": {
      const [cr] = (await Credit.getMany([Number(sid)])) as Rec[];
      if (!cr) return null;
      return { net: pounds(money(cr.amount).abs().plus(money(cr.no_vat_amount).abs())), total: pounds(money(creditTotals(cr).total).abs()), label: String(cr.credit_note_number ?? `credit ${cr.id}`) };
    }
    case "workinvoice":
    case "workpo": {
      const [job] = (await Job.getMany([Number(sid)])) as Rec[];
      if (!job) return null;
      const lines = ((await JobLines.load([job.id])).get(job.id) ?? {}) as Rec;
      const items = ((lines.work_items ?? []) as Rec[]).filter((w) => (item.source_type === "workpo" ? w.po_approved : w.invoice_approved));
      if (item.source_type === "workpo") return { net: pounds(items.reduce<Money>((s, w) => s.plus(money(w.labour_cost)), money(0))), label: `Job ${job.id} purchase invoice` };
      const pence = items.reduce((s, w) => s + workItemChargePence(w), 0);
      const net = items.reduce<Money>((s, w) => s.plus(money(w.customer_labour_cost)).plus(money(w.invoiced_parts_charge)), money(0));
      return { net: pounds(net), total: pounds(money(pence).div(100)), label: String(job.customer_invoice_number ?? `Job ${job.id} sales invoice`) };
    }
    case "part": {
      const [supplier, invoice] = [sid.slice(0, sid.indexOf("#")), sid.slice(sid.indexOf("#") + 1)];
      const entries = await JobLines.lineEntriesIn("parts", `inv#${supplier}#${invoice}`);
      const parts = ((await JobLines.linesOf("parts", entries)) as Rec[]).filter((p) => p.approved && !isHidden(p.parent_type, p));
      return { net: pounds(parts.reduce<Money>((s, p) => s.plus(money(p.cost)), money(0))), label: `Parts invoice ${invoice}` };
    }
    case "payment": {
      // What Xero should hold for the payment: its amount when PAID naming one of our invoices, else nothing (deleted, unpaid, another system's invoice).
      const [p] = (await Payment.getMany([Number(sid)])) as Rec[];
      const number = numberKey(p?.invoice_number);
      const ours = !!p && !!p.date_paid && !!number && (await Invoice.claimedBy("number", [number])).has(number);
      const amount = ours ? pounds(p.amount) : 0;
      return { net: amount, total: amount, label: `Payment ${sid}${number ? ` on ${number}` : ""}` };
    }
    default:
      return null;
  }
}

/** The outbox items compared with the product: the documents, and the payments pushed against their invoices (issue 22). */
const DOCUMENT_TARGETS = new Set(["salesinvoice", "purchaseinvoice", "salescreditnote", "purchasecreditnote", "payment"]);

/** Every document item of the outbox: what it sends (or sent) against the product's figures of its source. */
async function checkXero(seen: { xero_items: number }, out: Difference[]) {
  for await (const rows of XeroPush.rowsInChunks("all", {}, CHUNK)) {
    for (const item of rows as PushRow[]) {
      if (!DOCUMENT_TARGETS.has(item.target)) continue;
      seen.xero_items += 1;
      const product = await productFigures(item);
      const label = product?.label ?? `${item.source_type} ${item.source_id}`;
      const base = { document: item.source_type, id: item.source_id, label, check: "xero" as const };
      if (!product) {
        out.push({ ...base, stored: null, expected: null, message: `${label}: queued for Xero (${item.target}) but the product holds no such document` });
        continue;
      }
      let sent: { net: number; total: number } | null;
      try {
        sent = xeroTotals(await bodyOf(item));
        // A payment Xero took and later deleted (SENT with no Xero id) holds nothing in Xero, whatever its body now says.
        if (item.target === "payment" && item.status === "SENT" && !item.xero_id) sent = { net: 0, total: 0 };
      } catch (e) {
        if (!(e instanceof SourceProblem)) throw e;
        out.push({ ...base, stored: null, expected: product.total ?? product.net ?? null, message: `${label}: its Xero ${item.target} cannot be built (${e.message})` });
        continue;
      }
      if (!sent) {
        out.push({ ...base, stored: null, expected: product.total ?? product.net ?? null, message: `${label}: its Xero ${item.target} has no lines` });
        continue;
      }
      for (const f of ["total", "net"] as const) {
        const want = product[f];
        if (want === undefined || samePence(sent[f], want)) continue;
        out.push({ ...base, stored: sent[f], expected: want, message: `${label}: Xero ${item.target} ${f} ${sent[f].toFixed(2)}, the product's ${want.toFixed(2)}` });
        break;
      }
    }
  }
}

/** The whole check (read-only). Zero differences on a correct database. */
export async function reconcile(): Promise<ReconcileResult> {
  const checked = { invoices: 0, credits: 0, payments: 0, work_items: 0, xero_items: 0 };
  const differences: Difference[] = [];
  const [credits, paid] = await Promise.all([approvedCreditsByInvoice(checked), paidByInvoiceNumber(checked)]);
  await checkInvoices(credits, paid, checked, differences);
  await checkWorkItems(checked, differences);
  await checkXero(checked, differences);
  return { checked, differences };
}
