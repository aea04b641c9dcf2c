import { Department } from "../settings/index.js";
import { defineRecordType } from "../platform/records.js";
import { declareReferences } from "../platform/references.js";
import { fixedExpense, fixedExpenseExtras } from "./fixedexpense-definitions.js";

/**
 * Fixed expenses (003 §2 Fixed Expenses, §3, §7; docs/data-model.md §8.1):
 * reference-sized records in two lists each, by name: all departments and
 * the record's department (`d#<D>`), so GET fixedexpense?department pages
 * one list with its counter.
 */

type Row = Record<string, any>;

export const FixedExpense = defineRecordType({
  type: "fixedexpense",
  label: "Fixed expense",
  fields: fixedExpense.schema,
  validate: (r) => fixedExpense.checkRequired(r),
  lists: (r) => {
    const sort = String(r.name ?? "").toLowerCase() || "~";
    return [{ list: "d#ALL", sort }, ...(r.department ? [{ list: `d#${r.department}`, sort }] : [])];
  },
  expand: async (rows) => {
    const departments = new Map(((await Department.getMany(rows.map((r) => r.department).filter((d): d is number => typeof d === "number"))) as Row[]).map((d) => [d.id, d]));
    return rows.map((r) => ({ ...r, department_name: departments.get(r.department)?.name ?? null }));
  },
});

declareReferences(FixedExpense, () => ({ department: Department }));

/** Fields only answers carry (`fixedExpenseExtras`): a record sent back as it was given drops them (as transactions, payments and invoices do). */
const answerOnly: ReadonlySet<string> = new Set(fixedExpenseExtras.names);

function sentFields(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body as Row).filter(([k]) => !answerOnly.has(k)));
}

export const FixedExpenses = {
  /** POST fixedexpense. */
  create(body: unknown, actor: string) {
    return FixedExpense.create(sentFields(body), actor);
  },

  /** PUT fixedexpense/{id}: with last_saved; fields left out keep their values. */
  save(id: number, body: unknown, actor: string) {
    return FixedExpense.update(id, sentFields(body), actor, { partial: true });
  },

  /** GET fixedexpense?page&page_size=25&department: one department's list (or all), by name. */
  list(q: { page: number; page_size: number; department?: number }) {
    return FixedExpense.listIn(`d#${q.department ?? "ALL"}`, { page: q.page, page_size: q.page_size, order: "asc" });
  },
};
