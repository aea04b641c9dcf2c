import * as z from "zod";
import { Contact } from "../contacts/index.js";
import { Vehicle, vehicleSorts } from "../fleet/index.js";
import { transactionProfitFigures } from "../fleet/profit-rules.js";
import { ValidationError } from "../platform/errors.js";
import { toPence } from "../platform/money.js";
import { defineRecordType } from "../platform/records.js";
import { declareReferences, brief, lookUp } from "../platform/references.js";
import { CostCentre, Department, NominalCode, TrackingCategory } from "../settings/index.js";
import { TAX_TYPES } from "../settings/taxtypes.js";
import { transaction } from "./transaction-definitions.js";
import { invoiceTotal, transactionRuleResult, vatWarnings } from "./transaction-rules.js";

/**
 * The income and expense transaction (003 §3, §4; docs/data-model.md §8.1
 * Transaction). A repeating one (`repeating`) is a template: it is never
 * in the transaction lists or figures, only in the repeating panel, and
 * the scheduled run (functions/cron/repeating-transactions.ts) creates its
 * occurrences, each claiming `occ` = `<template>#<date>` so none is made twice.
 */

type Row = Record<string, any>;

/** What a search matches from its start (description, contact name, invoice number): kept on the record by the service. */
const searchTerms = z.array(z.string().max(200)).max(6).nullable().optional();

export const transactionFields = transaction.schema.extend({ search_terms: searchTerms });
export type TransactionFields = z.infer<typeof transactionFields>;

/** Invoice numbers as list names: lower case, letters and digits only. */
export const invoiceKey = (n: unknown) => String(n ?? "").toLowerCase().replace(/[^a-z0-9]/g, "");

const isTemplate = (r: { repeating?: boolean | null }) => r.repeating === true;

/** The list tags every transaction entry carries (lower case, whole values). */
function tagsOf(r: TransactionFields): string[] {
  return [`t=${r.type}`, `cc=${r.cost_centre ?? "~"}`, `a=${r.approved ? 1 : 0}`, `d=${r.department ?? "~"}`, `r=${r.template ? "g" : "nr"}`, `dt=${r.date ?? "~"}`];
}

/**
 * Indexed lists (docs/data-model.md §8.1 Transaction, A9): every
 * combination of the table's filters (cost centre, approved, department,
 * hide generated) is its own list by date; templates in the repeating
 * panel's lists and the scheduled run's `rep#due` by next date; one list
 * per invoice number; the search terms.
 */
export function transactionMemberships(r: TransactionFields) {
  const out: Array<{ list: string; sort: string; tags?: string[] }> = [];
  const ccs = ["ALL", ...(r.cost_centre ? [String(r.cost_centre)] : [])];
  if (isTemplate(r)) {
    for (const cc of ccs) out.push({ list: `rep#${r.type}#cc#${cc}`, sort: r.next_date ?? "~" });
    if (r.next_date) out.push({ list: "rep#due", sort: r.next_date });
    return out;
  }
  const sort = r.date ?? "~";
  const as = ["ALL", r.approved ? "1" : "0"];
  const ds = ["ALL", ...(r.department ? [String(r.department)] : [])];
  const rs = ["ALL", ...(r.template ? [] : ["NR"])];
  for (const cc of ccs) for (const a of as) for (const d of ds) for (const rr of rs) out.push({ list: `t#${r.type}#cc#${cc}#a#${a}#d#${d}#r#${rr}`, sort });
  if (r.invoice_number && invoiceKey(r.invoice_number)) out.push({ list: `inv#${invoiceKey(r.invoice_number)}`, sort: "0" });
  // Booked to a vehicle (ours): its profit line's backfill reads them (functions/cron/profit-rebuild.ts).
  if (r.vehicle) out.push({ list: `veh#${r.vehicle}`, sort });
  const tags = tagsOf(r);
  for (const term of new Set(r.search_terms ?? [])) if (term) out.push({ list: "search", sort: term, tags });
  return out;
}

/**
 * The figures (A8): per month and department (and ALL), each day's amount
 * by cost centre and type, in pence; templates never count, approved or
 * not the rest do.
 */
export function transactionFacets(r: TransactionFields) {
  if (isTemplate(r) || !r.date || !r.type) return [];
  const month = r.date.slice(0, 7);
  const value = `${r.date.slice(8, 10)}#${r.cost_centre ?? "~"}#${r.type}`;
  const amount = toPence(r.amount ?? 0);
  const out = [{ facet: `txfig#ALL#${month}`, value, amount }];
  if (r.department) out.push({ facet: `txfig#${r.department}#${month}`, value, amount });
  return out;
}

export const OCCURRENCE_TAKEN = "This repeating transaction already has its transaction of that date";

export const Transaction = defineRecordType({
  type: "transaction",
  label: "Transaction",
  fields: transactionFields,
  defaults: () => ({ approved: false, repeating: false }),
  searchOf: () => "",
  validate(r) {
    const refused = transactionRuleResult(r);
    if (refused) throw new ValidationError(refused.message, refused.errors);
  },
  lists: transactionMemberships,
  facets: transactionFacets,
  // One occurrence per template and date, whoever creates it (the scheduled run, twice, at once).
  unique: (r) => [{ scope: "occ", value: r.template && r.occurs ? `${r.template}#${r.occurs}` : null, message: OCCURRENCE_TAKEN }],
  // Any page of a long list starts at its month and day.
  listPositions: { coarse: 7, fine: 10, lists: (list) => list.startsWith("t#") },
  expand: (rows) => expandTransactions(rows),
  // Booked to a vehicle (ours): its amount, net, to the vehicle's profit line (docs/finance.md "Vehicle profit line").
  figures: (r) => transactionProfitFigures(r),
  figureSorts: vehicleSorts,
});

declareReferences(Transaction, () => ({ contact: Contact, department: Department, cost_centre: CostCentre, nominal_code: NominalCode, vehicle: Vehicle }));

/** Tracking options live inside their categories; the few categories are read once. */
export async function trackingOptions(): Promise<Map<number, { id: number; name: string; category: { id: number; name: string } }>> {
  const out = new Map();
  for (const c of (await TrackingCategory.all()) as Row[]) for (const o of c.options ?? []) out.set(o.id, { id: o.id, name: o.name, category: { id: c.id, name: c.name } });
  return out;
}

const RATE = new Map<string, number>(TAX_TYPES.map((t) => [t.tax_type, t.rate]));
/** The VAT rate (percent) of a nominal code's tax type. */
export const nominalRate = (n: Row | undefined | null): number | null => (n ? (RATE.get(String(n.tax_type ?? "OUTPUT2")) ?? 0) : null);

/** Transactions as every answer gives them: references as objects, the creator, the invoice total and the VAT warnings. */
export async function expandTransactions(rows: Row[]): Promise<Row[]> {
  if (!rows.length) return [];
  const [{ c, d, cc, n, v }, options] = await Promise.all([
    lookUp(rows, { c: [Contact, "contact"], d: [Department, "department"], cc: [CostCentre, "cost_centre"], n: [NominalCode, "nominal_code"], v: [Vehicle, "vehicle"] }),
    rows.some((r) => r.tracking_option) ? trackingOptions() : Promise.resolve(new Map()),
  ]);
  return rows.map((r) => {
    const { search_terms: _terms, ...rest } = r;
    const nominal = n.get(r.nominal_code);
    return {
      ...rest,
      contact: brief(c.get(r.contact), ["display_name", "partial_contact"]),
      department: brief(d.get(r.department), ["name"]),
      cost_centre: brief(cc.get(r.cost_centre), ["name"]),
      vehicle: brief(v.get(r.vehicle), ["registration", "fleet_number"]),
      nominal_code: nominal ? { ...brief(nominal, ["code", "name", "tax_type"]), rate: nominalRate(nominal) } : null,
      tracking_option: options.get(r.tracking_option) ?? (r.tracking_option ? { id: r.tracking_option, name: null, category: null } : null),
      invoice_total: r.invoice_total ?? invoiceTotal(r),
      creator: r.created_by ?? null,
      vat_warnings: vatWarnings(r, nominalRate(nominal)),
    };
  });
}
