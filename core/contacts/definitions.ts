import * as z from "zod";
import { bool, text } from "../platform/fields.js";
import { defineFields } from "../platform/definition.js";
import { CONTACT_TYPES, MESSAGES, PAYMENT_TERMS_STARTS, PHONE_TYPES, isEmail } from "./rules.js";

/**
 * The contact (003 §3), each field declared once (docs/decisions.md "One
 * definition per record type"): contact.ts parses with the schema,
 * web/src/contacts/fields.ts draws the edit page's inputs from the fields.
 * Labels are the edit page's. No field has a plain required rule of its
 * own: what a contact must have depends on its kind (rules.ts
 * `contactRuleResult`), as do the e-mail and "cannot be negative" checks
 * (rules.ts `fieldRuleError`), which the screen and the server share.
 *
 * Limits, rates, terms and the weekly target are signed within their
 * bounds, so a negative one gets its own message ("Credit Limit cannot be
 * negative") rather than the bounds'; the outstanding balance and credit
 * usage may be negative (a customer in credit).
 */

const email = (v: string | null | undefined) => v === null || v === undefined || isEmail(v);
const person = {
  name: text(150),
  role: text(100),
  contact_number: text(50),
  email: text(200).refine(email, "Email must be a valid e-mail address"),
  comments: text(2000),
};
/** A workshop or parts contact person. */
const contactPerson = z.strictObject(person);
/** Additional contacts also carry an address. */
const additionalContact = z.strictObject({ ...person, address: text(500) });

const signedMoney = (label: string) => ({ label, kind: "money", signed: true }) as const;
const code = (label: string) => ({ label, kind: "text", max: 20 }) as const;

export const contact = defineFields({
  // Identity
  display_name: { label: "Display name", kind: "text", max: 200 },
  contact_type: { label: "Contact type", kind: "choice", options: CONTACT_TYPES, message: MESSAGES.contactType },
  partial_contact: { label: "Partial (incomplete) contact", kind: "boolean" },
  first_name: { label: "First name", kind: "text", max: 100 },
  last_name: { label: "Last name", kind: "text", max: 100 },
  contact_number: { label: "Contact number", kind: "text", max: 50 },
  email: { label: "Email", kind: "text", max: 200 },
  accounts_active: { label: "Accounts", kind: "choice", options: ["Active", "Inactive"], message: "Accounts must be Active or Inactive" },
  deactivated: { label: "Deactivated", kind: "boolean" },
  free_text: { label: "Notes", kind: "textarea", max: 4000 },
  // Company
  company_name: { label: "Company name", kind: "text", max: 200 },
  company_email: { label: "Company email", kind: "text", max: 200 },
  company_phone: { label: "Company phone", kind: "text", max: 50 },
  company_phone_type: { label: "Phone type", kind: "choice", options: PHONE_TYPES, message: "Phone Type must be Phone, Mobile or Fax" },
  company_phone_area_code: { label: "Area code", kind: "text", max: 10 },
  company_phone_country_code: { label: "Country code", kind: "text", max: 10 },
  address_line1: { label: "Address line 1", kind: "text", max: 300 },
  town: { label: "Town", kind: "text", max: 100 },
  region: { label: "Region", kind: "text", max: 100 },
  postcode: { label: "Postcode", kind: "text", max: 20 },
  country: { label: "Country", kind: "text", max: 100 },
  company_registration_no: { label: "Company registration no.", kind: "text", max: 50 },
  vat_no: { label: "VAT no.", kind: "text", max: 50 },
  // Credit and payment
  direct_van_hire_credit_limit: signedMoney("Direct Van Hire credit limit"),
  rapid_fit_credit_limit: signedMoney("Rapid Fit credit limit"),
  van_sales_direct_credit_limit: signedMoney("Van Sales Direct credit limit"),
  credit_limit: signedMoney("Credit limit"),
  // The balance staff enter when the account is opened (A3); the outstanding balance is it plus the money records' balance facets (core/accounts/balances.ts).
  opening_balance: signedMoney("Opening balance"),
  // Read-only: maintained by invoices, credits and payments; a client's values are ignored (service.ts).
  // A contact saved before balances were kept holds its opening balance here (core/accounts/balances.ts openingOf).
  outstanding_balance: signedMoney("Outstanding balance"),
  direct_van_hire_credit_usage: signedMoney("Direct Van Hire credit usage"),
  rapid_fit_credit_usage: signedMoney("Rapid Fit credit usage"),
  van_sales_direct_credit_usage: signedMoney("Van Sales Direct credit usage"),
  payment_terms: { label: "Payment terms", kind: "text", max: 100 },
  payment_term_days: { label: "Payment term days", kind: "integer", signed: true },
  payment_method: { label: "Payment method", kind: "text", max: 50 },
  overdue_payment: { label: "Overdue payment", kind: "boolean" },
  cost_centre_list: {
    label: "Cost centres",
    kind: "object",
    schema: z.array(z.number({ error: "Cost centres must be record ids" }).int().positive()).max(50).nullable().optional(),
  },
  // Customer account codes: the Fill codes (01-07) or any code the accounts use.
  workshop_account_code: code("Workshop account code"),
  deposit_account_code: code("Deposit account code"),
  hire_account_code: code("Hire account code"),
  sale_account_code: code("Sale account code"),
  loan_account_code: code("Loan account code"),
  part_account_code: code("Part account code"),
  court_account_code: code("Court account code"),
  // Workshop and parts contacts
  workshop_name: { label: "Workshop contact name", kind: "text", max: 150 },
  workshop_contact_number: { label: "Workshop contact number", kind: "text", max: 50 },
  workshop_email: { label: "Workshop email", kind: "text", max: 200 },
  workshop_comments: { label: "Workshop comments", kind: "textarea", max: 2000 },
  parts_name: { label: "Parts contact name", kind: "text", max: 150 },
  parts_contact_number: { label: "Parts contact number", kind: "text", max: 50 },
  parts_email: { label: "Parts email", kind: "text", max: 200 },
  parts_comments: { label: "Parts comments", kind: "textarea", max: 2000 },
  additional_contacts: { label: "Additional contacts", kind: "object", schema: z.array(additionalContact).max(50).optional() },
  workshop_contacts: { label: "Workshop contacts", kind: "object", schema: z.array(contactPerson).max(50).optional() },
  part_contacts: { label: "Part contacts", kind: "object", schema: z.array(contactPerson).max(50).optional() },
  // Instructions
  workshop_instructions: { label: "Workshop instructions", kind: "object", schema: z.strictObject({ text: text(4000), on_completion: bool() }).nullable().optional() },
  rental_instructions: { label: "Rental instructions", kind: "object", schema: z.strictObject({ text: text(4000) }).nullable().optional() },
  // Supplier extras
  supplier_labour_charge: signedMoney("Supplier labour charge (£ per hour)"),
  lcv_rate: signedMoney("LCV rate"),
  labour_rate_affected_by_customer_markup: { label: "Labour rate affected by customer markup", kind: "boolean" },
  stock_kept_at_supplier: { label: "Stock kept at supplier", kind: "boolean" },
  supplier_payment_terms: { label: "Supplier payment terms (days)", kind: "integer", signed: true },
  supplier_payment_terms_start: {
    label: "Payment terms start",
    kind: "choice",
    options: PAYMENT_TERMS_STARTS,
    message: "Payment terms start must be DATE (invoice date) or MONTH (month end)",
  },
  // Customer extras (markups are percentages)
  labour_rate_markup: { label: "Labour rate markup (%)", kind: "markup" },
  parts_markup: { label: "Parts markup (%)", kind: "markup" },
  weekly_target: signedMoney("Weekly target"),
  display_job_cost_summary: { label: "Display job cost summary", kind: "boolean" },
  internal_account: { label: "Internal account", kind: "boolean" },
  movement_markup: { label: "Movement markup (%)", kind: "markup" },
  // Shown as a tab on the jobs screen (001 §2.6 Job Tab Workshops), set from that screen.
  job_tab: { label: "Job tab", kind: "boolean" },
});
