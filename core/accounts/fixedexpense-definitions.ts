import { answerExtras, defineFields } from "../platform/definition.js";

/**
 * The fixed expense of 003 §3 (id, department, name, yearly_amount), every
 * field declared once: core/accounts/fixedexpense.ts parses with its
 * schema, web/src/accounts/FixedExpensesPage.tsx draws the add panel and
 * the table from it.
 */

export const FIXED_EXPENSE_MESSAGES = {
  /** 003 §8, verbatim. */
  saveFailed: "There was an error saving",
  deleteFailed: "There was an error deleting",
  // Ours (003 names the fields, not their messages).
  nameRequired: "Name is required",
  amountRequired: "Yearly amount is required",
} as const;

export const fixedExpense = defineFields({
  name: { label: "Name", kind: "text", max: 200, required: FIXED_EXPENSE_MESSAGES.nameRequired },
  department: { label: "Department", kind: "ref" },
  yearly_amount: { label: "Yearly amount", kind: "money", required: FIXED_EXPENSE_MESSAGES.amountRequired },
});

/** What a fixed expense's answer carries besides its fields (its department's name): a save drops it. */
export const fixedExpenseExtras = answerExtras({ department_name: "text" });
