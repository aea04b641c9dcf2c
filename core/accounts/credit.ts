import * as z from "zod";
import { Contact } from "../contacts/index.js";
import { toPence } from "../platform/money.js";
import { defineRecordType } from "../platform/records.js";
import { declareReferences, lookUp } from "../platform/references.js";
import { ValidationError } from "../platform/errors.js";
import { Department, NominalCode } from "../settings/index.js";
import { credit, creditAmountResult, creditState, creditTotals } from "./credit-definitions.js";

/**
 * The credit note record (003 §3; docs/data-model.md §8 Credit note): one
 * per credited record, by kind, state and department; its balance facet
 * takes the credit off the customer's outstanding balance from approval
 * (A3).
 */

type Row = Record<string, any>;

export const creditFields = credit.schema.extend({ area: z.enum(["dvh", "rf", "vsd"]).nullable().optional() });
export type CreditFields = z.infer<typeof creditFields>;

const linkedId = (r: CreditFields) => r.invoice ?? r.transaction ?? r.work_item ?? r.part ?? null;

/** Lists: `k#<kind|ALL>#s#<state|ALL>#d#<dept|ALL>` by date issued (newest first), and the credited record's `of#`. */
export function creditMemberships(r: CreditFields) {
  const sort = r.date_issued ?? r.date ?? "~";
  const tags = [`k=${(r.kind ?? "~").toLowerCase()}`, `st=${creditState(r).toLowerCase()}`, `d=${r.department ?? "~"}`];
  const out: Array<{ list: string; sort: string; tags: string[] }> = [];
  for (const k of [r.kind ?? "~", "ALL"])
    for (const st of [creditState(r), "ALL"])
      for (const d of r.department ? [String(r.department), "ALL"] : ["ALL"]) out.push({ list: `k#${k}#s#${st}#d#${d}`, sort, tags });
  const id = linkedId(r);
  if (id && r.kind) out.push({ list: `of#${r.kind}#${id}`, sort: "0", tags });
  return out;
}

/** A sales credit, from approval, takes its total off the customer's balance (A3: the amount is negative). */
export function creditFacets(r: CreditFields) {
  // A transaction is not in the balance (money recorded as taken or spent), so neither is its credit.
  if (!r.approved || r.party !== "CUSTOMER" || !r.contact || r.kind === "TRANSACTION") return [];
  const amount = -toPence(creditTotals(r).total);
  const out = [{ facet: `bal#${r.contact}`, value: "total", amount }];
  if (r.area) out.push({ facet: `bal#${r.contact}`, value: r.area, amount });
  return out;
}

export const Credit = defineRecordType({
  type: "credit",
  label: "Credit note",
  fields: creditFields,
  defaults: () => ({ approved: false, ready_to_approve: false }),
  searchOf: () => "",
  validate(r) {
    const refused = creditAmountResult(r);
    if (refused) throw new ValidationError(refused.message, refused.errors);
  },
  lists: creditMemberships,
  facets: creditFacets,
  unique: (r) => [{ scope: "number", value: r.credit_note_number, message: `Credit note number ${r.credit_note_number} is already used` }],
  listPositions: { coarse: 7, fine: 10, lists: (list) => list.startsWith("k#") },
  expand: async (rows) => {
    const list = rows as Row[];
    const { c, d, n } = await lookUp(list, { c: [Contact, "contact"], d: [Department, "department"], n: [NominalCode, "vat_nominal_code", "no_vat_nominal_code"] });
    const name = (m: Map<unknown, Row>, id: unknown, f: string) => (typeof id === "number" && m.get(id) ? { id, [f]: m.get(id)![f] ?? null } : null);
    return list.map(({ area: _a, ...r }): Row => ({
      ...r,
      cstate: creditState(r),
      ...creditTotals(r),
      contact_detail: name(c, r.contact, "display_name"),
      department_detail: name(d, r.department, "name"),
      vat_nominal_code_detail: name(n, r.vat_nominal_code, "name"),
      no_vat_nominal_code_detail: name(n, r.no_vat_nominal_code, "name"),
    }));
  },
});

declareReferences(Credit, () => ({ contact: Contact, department: Department, vat_nominal_code: NominalCode, no_vat_nominal_code: NominalCode }));
