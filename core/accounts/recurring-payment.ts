import * as z from "zod";
import { Contact } from "../contacts/index.js";
import { defineRecordType } from "../platform/records.js";
import { declareReferences, brief, lookUp } from "../platform/references.js";
import { CostCentre, Department } from "../settings/index.js";
import { recurringPayment } from "./recurring-payment-definitions.js";

/**
 * The recurring payment record (003 §3; docs/data-model.md §8.1 Recurring
 * payment). Besides 003's fields the server keeps `next_date`, the next
 * date the schedule raises a payment for (none once it has ended), and
 * `contact_name`, the contact's display name the lists sort and search by.
 */

type Row = Record<string, any>;

/** The fields the server keeps (`server: true` on the definition). */
export const RECURRING_SERVER_FIELDS = recurringPayment.serverFields;

export const recurringPaymentFields = recurringPayment.schema;
export type RecurringPaymentFields = z.infer<typeof recurringPaymentFields>;

const part = (v: unknown) => String(v ?? "~").replace(/\s+/g, "_");

/** Tags every entry carries, so a column filter's list narrows by the other filter and the department. */
function tagsOf(r: RecurringPaymentFields) {
  return [`d=${r.department ?? "~"}`, `pt=${part(r.payment_type)}`, `it=${r.interval_type ?? "~"}`];
}

/**
 * Lists (§8.1): by department (and all) sorted by contact name (the
 * screen's list and its search: a name prefix); one list per payment
 * type and per interval type (the column filters); `due`, by next date,
 * for the scheduled run.
 */
export function recurringMemberships(r: RecurringPaymentFields) {
  const sort = (r.contact_name ?? "").toLowerCase() || "~";
  const tags = tagsOf(r);
  const out: Array<{ list: string; sort: string; tags?: string[] }> = [{ list: "d#ALL", sort, tags }];
  if (r.department) out.push({ list: `d#${r.department}`, sort, tags });
  if (r.payment_type) out.push({ list: `f#pt#${part(r.payment_type)}`, sort, tags });
  if (r.interval_type) out.push({ list: `f#it#${r.interval_type}`, sort, tags });
  if (r.next_date) out.push({ list: "due", sort: r.next_date });
  return out;
}

export const RecurringPayment = defineRecordType({
  type: "recurringpayment",
  label: "Recurring payment",
  fields: recurringPaymentFields,
  searchOf: (r) => String(r.contact_name ?? "").toLowerCase(),
  lists: recurringMemberships,
  listPositions: { lists: (list) => list.startsWith("d#") },
  expand: (rows) => expandRecurring(rows),
});

declareReferences(RecurringPayment, () => ({ contact: Contact, department: Department, cost_centre: CostCentre }));

/** Recurring payments as every answer gives them: references as objects. */
export async function expandRecurring(rows: Row[]): Promise<Row[]> {
  if (!rows.length) return [];
  const { c, d, cc } = await lookUp(rows, { c: [Contact, "contact"], d: [Department, "department"], cc: [CostCentre, "cost_centre"] });
  return rows.map((r) => {
    const { contact_name, ...rest } = r;
    return {
      ...rest,
      contact: brief(c.get(r.contact), ["display_name"]) ?? (r.contact ? { id: r.contact, display_name: contact_name ?? null } : null),
      department: brief(d.get(r.department), ["name"]) ?? (r.department ? { id: r.department, name: null } : null),
      cost_centre: brief(cc.get(r.cost_centre), ["name"]) ?? (r.cost_centre ? { id: r.cost_centre, name: null } : null),
    };
  });
}
