import { contact } from "../../../core/contacts/definitions";
import { ACCOUNT_CODE_FIELDS, EMAIL_FIELDS, NOT_NEGATIVE_FIELDS, fieldRuleError } from "../../../core/contacts/rules";
import { fieldsFrom, type FieldDef, type FieldOverride } from "../platform/form/fields";

/**
 * The contact edit page's inputs by section (003 §2), from the contact's
 * definition (core/contacts/definitions.ts): labels, kinds and bounds are
 * the server's. The overrides add what only the page knows: the choices'
 * wording, and each field's own rule (rules.ts `fieldRuleError`: an e-mail
 * that is not one, a negative limit), checked with the server's message.
 */

const opt = (value: string, label: string) => ({ value, label, apiValue: value });

const overrides: Partial<Record<(typeof contact.fields)[number]["name"], FieldOverride>> = {
  contact_type: { options: [opt("CC", "Customer"), opt("SP", "Supplier")] },
  company_phone_type: { options: [opt("Phone", "Landline"), opt("Mobile", "Mobile"), opt("Fax", "Fax")] },
  supplier_payment_terms_start: { options: [opt("DATE", "Invoice Date"), opt("MONTH", "Month End")] },
};
for (const name of [...Object.keys(EMAIL_FIELDS), ...Object.keys(NOT_NEGATIVE_FIELDS)] as Array<keyof typeof overrides>)
  overrides[name] = { ...overrides[name], check: (v) => fieldRuleError(name, v) };

const ALL = fieldsFrom(contact, overrides);
const pick = (names: readonly string[]): FieldDef[] => names.map((n) => ALL.find((f) => f.name === n)!);

export const IDENTITY = pick(["display_name", "contact_type", "partial_contact", "first_name", "last_name", "contact_number", "email", "accounts_active", "deactivated", "free_text"]);
export const COMPANY = pick([
  "company_name",
  "company_email",
  "company_phone",
  "company_phone_type",
  "company_phone_area_code",
  "company_phone_country_code",
  "address_line1",
  "town",
  "region",
  "postcode",
  "country",
  "company_registration_no",
  "vat_no",
]);
export const CREDIT = pick([
  "direct_van_hire_credit_limit",
  "rapid_fit_credit_limit",
  "van_sales_direct_credit_limit",
  "credit_limit",
  "opening_balance",
  "payment_terms",
  "payment_term_days",
  "payment_method",
]);
export const CODES = pick(ACCOUNT_CODE_FIELDS);
export const WORKSHOP_PARTS = pick(["workshop_name", "workshop_contact_number", "workshop_email", "workshop_comments", "parts_name", "parts_contact_number", "parts_email", "parts_comments"]);
export const SUPPLIER = pick(["supplier_labour_charge", "lcv_rate", "labour_rate_affected_by_customer_markup", "stock_kept_at_supplier", "supplier_payment_terms", "supplier_payment_terms_start"]);
export const CUSTOMER = pick(["labour_rate_markup", "parts_markup", "movement_markup", "weekly_target", "display_job_cost_summary", "internal_account"]);

/** Every input of the page; the lists, instructions and cost centres are edited outside them, the credit usage is shown read-only. */
export const CONTACT_FIELDS = [...IDENTITY, ...COMPANY, ...CREDIT, ...CODES, ...WORKSHOP_PARTS, ...SUPPLIER, ...CUSTOMER];

/** Contact fields the page has no input for (edited otherwise, or read-only, or set from the job tab screen). */
export const NOT_INPUTS = [
  // Read-only: the balance and the overdue flag follow invoices, credits and payments (core/accounts/balances.ts).
  "outstanding_balance",
  "overdue_payment",
  "direct_van_hire_credit_usage",
  "rapid_fit_credit_usage",
  "van_sales_direct_credit_usage",
  "cost_centre_list",
  "additional_contacts",
  "workshop_contacts",
  "part_contacts",
  "workshop_instructions",
  "rental_instructions",
  "job_tab",
] as const;
