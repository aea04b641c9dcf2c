import * as z from "zod";
import { bool, int, markup, money, num, text } from "../platform/fields.js";
import { pounds } from "../platform/money.js";
import { defineRecordType } from "../platform/records.js";
import { LABELS, PAYMENT_TERMS_STARTS, PHONE_TYPES, checkContact, contactLists, isEmail, newContactDefaults } from "./rules.js";
import { declareReferences } from "../platform/references.js";
import { CostCentre } from "../settings/reference.js";

/**
 * Contacts (003 §3): customers (CC) and suppliers (SP). Every field of the
 * edit page is stored; the rules of 003 §5 run on every create and save
 * (see rules.ts), and each contact sits in a few indexed lists sorted by
 * display name, so every list view is one Query with its own count.
 */

/** Free text that must look like an e-mail address when given. */
const email = (label: string) =>
  text(200).refine((v) => v === null || v === undefined || isEmail(v), `${label} must be a valid e-mail address`);

/** A number that cannot be below zero (rates, limits, days). */
const notNegative = (label: string, whole = false) =>
  (whole ? int({ signed: true }) : num({ signed: true })).refine((v) => v === null || v === undefined || v >= 0, `${label} cannot be negative`);

/** Pounds: numeric input, stored to the penny. */
const pounds2 = (label: string, negativeAllowed = false) =>
  // Signed within the bounds, so a negative one gets the field's own message.
  money({ signed: true })
    .refine((v) => negativeAllowed || v === null || v === undefined || v >= 0, `${label} cannot be negative`)
    .transform((v) => (v === null || v === undefined ? v : pounds(v)));

const trimmed = (max: number) => z.preprocess((v) => (typeof v === "string" ? v.trim() : v), text(max));

const person = {
  name: text(150),
  role: text(100),
  contact_number: text(50),
  email: email("Email"),
  comments: text(2000),
};
/** A workshop or parts contact person. */
const contactPerson = z.strictObject(person);
/** Additional contacts also carry an address. */
const additionalContact = z.strictObject({ ...person, address: text(500) });

export const contactFields = z.object({
  // Identity
  display_name: trimmed(200),
  contact_type: z.enum(["CC", "SP"], { error: "Contact type must be CC (customer) or SP (supplier)" }).optional(),
  partial_contact: bool(),
  first_name: text(100),
  last_name: text(100),
  contact_number: text(50),
  email: email("Email"),
  accounts_active: z.enum(["Active", "Inactive"], { error: "Accounts must be Active or Inactive" }).nullable().optional(),
  deactivated: bool(),
  free_text: text(4000),
  // Company
  company_name: text(200),
  company_email: email(LABELS.company_email),
  company_phone: text(50),
  company_phone_type: z.enum(PHONE_TYPES, { error: "Phone Type must be Phone, Mobile or Fax" }).nullable().optional(),
  company_phone_area_code: text(10),
  company_phone_country_code: text(10),
  address_line1: text(300),
  town: text(100),
  postcode: text(20),
  region: text(100),
  country: text(100),
  company_registration_no: text(50),
  vat_no: text(50),
  // Credit and payment
  direct_van_hire_credit_limit: pounds2("Direct Van Hire Credit Limit"),
  rapid_fit_credit_limit: pounds2("Rapid Fit Credit Limit"),
  van_sales_direct_credit_limit: pounds2("Van Sales Direct Credit Limit"),
  credit_limit: pounds2("Credit Limit"),
  outstanding_balance: pounds2("Outstanding Balance", true),
  // Read-only: maintained by invoices and payments; a client's values are ignored.
  direct_van_hire_credit_usage: pounds2("Direct Van Hire Credit Usage", true),
  rapid_fit_credit_usage: pounds2("Rapid Fit Credit Usage", true),
  van_sales_direct_credit_usage: pounds2("Van Sales Direct Credit Usage", true),
  payment_terms: text(100),
  payment_term_days: notNegative(LABELS.payment_term_days, true),
  payment_method: text(50),
  overdue_payment: bool(),
  cost_centre_list: z.array(z.number({ error: "Cost centres must be record ids" }).int().positive()).max(50).nullable().optional(),
  // Customer account codes: the Fill codes (01-07) or any code the accounts use.
  workshop_account_code: text(20),
  deposit_account_code: text(20),
  hire_account_code: text(20),
  sale_account_code: text(20),
  loan_account_code: text(20),
  part_account_code: text(20),
  court_account_code: text(20),
  // Workshop and parts contacts
  workshop_name: text(150),
  workshop_contact_number: text(50),
  workshop_email: email("Workshop Email"),
  workshop_comments: text(2000),
  parts_name: text(150),
  parts_contact_number: text(50),
  parts_email: email("Parts Email"),
  parts_comments: text(2000),
  additional_contacts: z.array(additionalContact).max(50).optional(),
  workshop_contacts: z.array(contactPerson).max(50).optional(),
  part_contacts: z.array(contactPerson).max(50).optional(),
  // Instructions
  workshop_instructions: z.strictObject({ text: text(4000), on_completion: bool() }).nullable().optional(),
  rental_instructions: z.strictObject({ text: text(4000) }).nullable().optional(),
  // Supplier extras
  supplier_labour_charge: pounds2("Supplier Labour Charge"),
  lcv_rate: pounds2("LCV Rate"),
  labour_rate_affected_by_customer_markup: bool(),
  stock_kept_at_supplier: bool(),
  supplier_payment_terms: notNegative(LABELS.supplier_payment_terms, true),
  supplier_payment_terms_start: z.enum(PAYMENT_TERMS_STARTS, { error: "Payment terms start must be DATE (invoice date) or MONTH (month end)" }).nullable().optional(),
  // Customer extras (markups are percentages)
  labour_rate_markup: markup(),
  parts_markup: markup(),
  weekly_target: pounds2("Weekly Target"),
  display_job_cost_summary: bool(),
  internal_account: bool(),
  movement_markup: markup(),
  // Shown as a tab on the jobs screen (001 §2.6 Job Tab Workshops).
  job_tab: bool(),
});

export type ContactFields = z.infer<typeof contactFields>;

export const Contact = defineRecordType({
  type: "contact",
  label: "Contact",
  fields: contactFields,
  searchOf: (r) => (r.display_name ?? "").toLowerCase(),
  defaults: () => newContactDefaults("CC"),
  validate: (r) => {
    checkContact(r);
  },
  lists: (r) => contactLists(r),
  // Lists of tens of thousands: a deep page starts at its name prefix.
  listPositions: true,
});

declareReferences(Contact, () => ({ "cost_centre_list.*": CostCentre }));
