import { ValidationError } from "../platform/errors.js";
import { blank } from "../platform/blank.js";

/**
 * Contact rules of 003 §3-§5 as pure functions: what a new contact starts
 * with, which fields each kind of contact must have, and which indexed
 * lists a contact belongs to. The record type runs them on every create
 * and save, so the server refuses what the edit page would warn about,
 * with the same words.
 */

export const CONTACT_TYPES = ["CC", "SP"] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** Phone types offered on the edit page: Landline is stored as "Phone". */
export const PHONE_TYPES = ["Phone", "Mobile", "Fax"] as const;
/** Supplier payment terms start: invoice date or month end. */
export const PAYMENT_TERMS_STARTS = ["DATE", "MONTH"] as const;

/** The seven customer account codes, in the order the edit page shows them. */
export const ACCOUNT_CODE_FIELDS = [
  "workshop_account_code",
  "deposit_account_code",
  "hire_account_code",
  "sale_account_code",
  "loan_account_code",
  "part_account_code",
  "court_account_code",
] as const;
export type AccountCodeField = (typeof ACCOUNT_CODE_FIELDS)[number];

/** The Fill buttons' fixed codes (003 §2). Any other text is accepted too. */
export const ACCOUNT_CODE_FILLS: Record<AccountCodeField, string> = {
  hire_account_code: "01",
  workshop_account_code: "02",
  deposit_account_code: "03",
  sale_account_code: "04",
  part_account_code: "05",
  loan_account_code: "06",
  court_account_code: "07",
};

/** Outstanding balance, overdue payment and credit usage per trading area: kept by invoices, credits and payments (core/accounts/balances.ts), never taken from a client. */
export const READ_ONLY_FIELDS = ["outstanding_balance", "overdue_payment", "direct_van_hire_credit_usage", "rapid_fit_credit_usage", "van_sales_direct_credit_usage"] as const;

/** Typeaheads and list searches start at 2 characters (003 §5, §9). */
export const SEARCH_MIN_CHARS = 2;

/** 003 §3 / §9: the labour rate a new contact starts with (pounds per hour). */
export const DEFAULT_LABOUR_RATE = 40;

export const MESSAGES = {
  partial: "Display Name, Company Name, Company Phone, Company Email and at least 1 Account Code are required",
  customer: "Display Name, Company Information, Payment Term Days and Account Codes are required",
  supplierPrefix: "The following fields are required: ",
  displayNameLocked: "The display name cannot be changed once the contact is saved.",
  accountCodes: "At least 1 Account Code is required",
  contactType: "Contact type must be CC (customer) or SP (supplier)",
} as const;

/** What staff call each field in messages. */
export const LABELS: Record<string, string> = {
  display_name: "Display Name",
  company_name: "Company Name",
  company_email: "Company Email",
  company_phone: "Company Phone",
  company_phone_type: "Phone Type",
  company_phone_area_code: "Area Code",
  company_phone_country_code: "Country Code",
  address_line1: "Address Line 1",
  town: "Town",
  region: "Region",
  postcode: "Postcode",
  country: "Country",
  supplier_payment_terms: "Supplier Payment Terms",
  payment_term_days: "Payment Term Days",
  labour_rate_markup: "Labour Rate Markup",
  parts_markup: "Parts Markup",
  account_codes: "Account Code",
};

/** Fields that must look like an e-mail address when given, with the name their message uses. */
export const EMAIL_FIELDS: Record<string, string> = {
  email: "Email",
  company_email: "Company Email",
  workshop_email: "Workshop Email",
  parts_email: "Parts Email",
};

/** Limits, rates, terms and the weekly target cannot be below zero (markups and the balance can). */
export const NOT_NEGATIVE_FIELDS: Record<string, string> = {
  direct_van_hire_credit_limit: "Direct Van Hire Credit Limit",
  rapid_fit_credit_limit: "Rapid Fit Credit Limit",
  van_sales_direct_credit_limit: "Van Sales Direct Credit Limit",
  credit_limit: "Credit Limit",
  payment_term_days: "Payment Term Days",
  supplier_labour_charge: "Supplier Labour Charge",
  lcv_rate: "LCV Rate",
  supplier_payment_terms: "Supplier Payment Terms",
  weekly_target: "Weekly Target",
};

/**
 * One field's own rule (an e-mail that is not one, a negative limit), with
 * its message; undefined when it passes or is empty. The edit page checks
 * each input with it, the record type every field (`checkContact`).
 */
export function fieldRuleError(name: string, value: unknown): string | undefined {
  if (blank(value)) return undefined;
  const emailLabel = EMAIL_FIELDS[name];
  if (emailLabel && !isEmail(String(value))) return `${emailLabel} must be a valid e-mail address`;
  const numberLabel = NOT_NEGATIVE_FIELDS[name];
  const n = Number(value);
  if (numberLabel && Number.isFinite(n) && n < 0) return `${numberLabel} cannot be negative`;
  return undefined;
}

/** The fields' own rules over a whole contact, keyed by field. */
export function fieldRuleErrors(c: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const name of [...Object.keys(EMAIL_FIELDS), ...Object.keys(NOT_NEGATIVE_FIELDS)]) {
    const message = fieldRuleError(name, c[name]);
    if (message) errors[name] = message;
  }
  return errors;
}

/** The fields the rules read; every other contact field is free. */
export type ContactFacts = {
  display_name?: string | null;
  contact_type?: ContactType | null;
  partial_contact?: boolean | null;
  deactivated?: boolean | null;
  job_tab?: boolean | null;
  company_name?: string | null;
  company_email?: string | null;
  company_phone?: string | null;
  company_phone_type?: string | null;
  company_phone_area_code?: string | null;
  company_phone_country_code?: string | null;
  address_line1?: string | null;
  town?: string | null;
  region?: string | null;
  postcode?: string | null;
  country?: string | null;
  payment_term_days?: number | null;
  supplier_payment_terms?: number | null;
  labour_rate_markup?: number | null;
  parts_markup?: number | null;
} & Partial<Record<AccountCodeField, string | null>>;

/** The values a new contact starts with (003 §3): a customer unless the type says otherwise. */
export function newContactDefaults(type: ContactType = "CC") {
  return {
    contact_type: type,
    partial_contact: type === "CC",
    deactivated: false,
    accounts_active: "Active" as const,
    job_tab: false,
    supplier_labour_charge: DEFAULT_LABOUR_RATE,
    labour_rate_markup: 0,
    parts_markup: 0,
    movement_markup: 0,
    opening_balance: 0,
    outstanding_balance: 0,
    direct_van_hire_credit_usage: 0,
    rapid_fit_credit_usage: 0,
    van_sales_direct_credit_usage: 0,
    additional_contacts: [],
    workshop_contacts: [],
    part_contacts: [],
  };
}

/**
 * Flags that follow from the type: switching to supplier clears the
 * partial flag (003 §2); the job tab lists workshops, which are suppliers
 * (001 §2.6 picks them from a supplier search), so a customer is never on it.
 */
export function normaliseContact<T extends ContactFacts>(c: T): T {
  // The display name sorts every list: kept without surrounding spaces.
  if (typeof c.display_name === "string") c.display_name = c.display_name.trim() || null;
  if (c.contact_type === "SP") c.partial_contact = false;
  if (c.contact_type === "CC") c.job_tab = false;
  if (c.partial_contact === null || c.partial_contact === undefined) c.partial_contact = false;
  if (c.deactivated === null || c.deactivated === undefined) c.deactivated = false;
  return c;
}

/** Phone details: number and type always; area code for a landline; country code for a landline or mobile. */
export function missingPhoneDetails(c: ContactFacts): string[] {
  const missing: string[] = [];
  if (blank(c.company_phone)) missing.push("company_phone");
  if (blank(c.company_phone_type)) missing.push("company_phone_type");
  if (c.company_phone_type === "Phone" && blank(c.company_phone_area_code)) missing.push("company_phone_area_code");
  if ((c.company_phone_type === "Phone" || c.company_phone_type === "Mobile") && blank(c.company_phone_country_code))
    missing.push("company_phone_country_code");
  return missing;
}

const ADDRESS_FIELDS = ["address_line1", "town", "region", "postcode", "country"] as const;

export function hasAccountCode(c: ContactFacts): boolean {
  return ACCOUNT_CODE_FIELDS.some((f) => !blank(c[f]));
}

/** Partial contact: name, company name, phone, e-mail, and an account code unless a supplier. */
export function missingForPartial(c: ContactFacts): string[] {
  const missing = (["display_name", "company_name", "company_phone", "company_email"] as const).filter((f) => blank(c[f]));
  if (c.contact_type !== "SP" && !hasAccountCode(c)) missing.push("account_codes" as never);
  return missing;
}

/** Supplier: in the order the warning lists them (003 §5). */
export function missingForSupplier(c: ContactFacts): string[] {
  const phone = missingPhoneDetails(c);
  return [
    ...phone,
    ...ADDRESS_FIELDS.filter((f) => blank(c[f])),
    ...(["display_name", "company_email", "supplier_payment_terms"] as const).filter((f) => blank(c[f])),
  ];
}

/** Full customer: name, company information (e-mail, phone details, full address), payment term days, account codes. */
export function missingForCustomer(c: ContactFacts): string[] {
  const missing: string[] = [];
  if (blank(c.display_name)) missing.push("display_name");
  if (blank(c.company_email)) missing.push("company_email");
  missing.push(...missingPhoneDetails(c));
  missing.push(...ADDRESS_FIELDS.filter((f) => blank(c[f])));
  if (blank(c.payment_term_days)) missing.push("payment_term_days");
  if (!hasAccountCode(c)) missing.push("account_codes");
  return missing;
}

/** Customers carry a labour rate markup and a parts markup (0 is a value). */
export function missingMarkups(c: ContactFacts): string[] {
  if (c.contact_type !== "CC") return [];
  return (["labour_rate_markup", "parts_markup"] as const).filter((f) => blank(c[f]));
}

export type RuleResult = { message: string; errors: Record<string, string> } | null;

const fieldError = (f: string) => (f === "account_codes" ? MESSAGES.accountCodes : `${LABELS[f] ?? f} is required`);

/**
 * The fields the rule below requires of a contact of this kind (customer,
 * partial customer or supplier): what it would name were they all empty.
 * The contact screen draws them with the required marker (issue 24 item 6).
 */
export function requiredContactFields(c: Pick<ContactFacts, "contact_type" | "partial_contact">): string[] {
  return Object.keys(contactRuleResult({ contact_type: c.contact_type, partial_contact: c.partial_contact })?.errors ?? {});
}

/**
 * The rule a contact must pass, by kind, with the spec's message and the
 * missing fields keyed for the form; null when it passes.
 */
export function contactRuleResult(c: ContactFacts): RuleResult {
  const partial = c.contact_type !== "SP" && c.partial_contact === true;
  const missing =
    c.contact_type === "SP" ? missingForSupplier(c) : partial ? missingForPartial(c) : missingForCustomer(c);
  const markups = missingMarkups(c);
  if (!missing.length && !markups.length) return null;
  const errors: Record<string, string> = {};
  for (const f of [...missing, ...markups]) errors[f] = fieldError(f);
  let message: string;
  if (missing.length)
    message =
      c.contact_type === "SP"
        ? MESSAGES.supplierPrefix + missing.map((f) => LABELS[f]).join(", ")
        : partial
          ? MESSAGES.partial
          : MESSAGES.customer;
  else message = `${markups.map((f) => LABELS[f]).join(" and ")} ${markups.length > 1 ? "are" : "is"} required`;
  return { message, errors };
}

/**
 * Normalise, then refuse with a 400 when a rule fails: the type, each
 * field's own rule, then the kind's required fields. Used by the record
 * type's validate.
 */
export function checkContact<T extends ContactFacts>(c: T): T {
  // Left out, a new contact is a customer (the defaults); sent as null, it is refused.
  if (c.contact_type === null) throw new ValidationError(MESSAGES.contactType, { contact_type: MESSAGES.contactType });
  normaliseContact(c);
  const errors = fieldRuleErrors(c);
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  const result = contactRuleResult(c);
  if (result) throw new ValidationError(result.message, result.errors);
  return c;
}

/**
 * A save may not change the display name once the contact has an id
 * (the edit page locks it). `sent` is the raw value of the request body;
 * leaving it out keeps the stored name.
 */
export function displayNameChange(stored: string | null | undefined, sent: unknown): boolean {
  if (sent === undefined) return false;
  const now = typeof sent === "string" ? sent.trim() : sent;
  return now !== (stored ?? "").trim();
}

export function assertDisplayNameKept(stored: string | null | undefined, sent: unknown) {
  if (displayNameChange(stored, sent)) throw new ValidationError(MESSAGES.displayNameLocked, { display_name: MESSAGES.displayNameLocked });
}

/** Looks like an e-mail address: something@domain.tld, no spaces. */
export function isEmail(v: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim());
}

/**
 * The indexed lists a contact belongs to, each sorted by display name
 * (see docs/data-model.md §3.3). Dimensions: type (own and ALL) x scope
 * (active: not deactivated; all) for every contact; the same again under
 * `partial#` for an incomplete customer; `jobtab#` for a job-tab supplier.
 * At most 8 memberships (a partial, active customer); a supplier 6.
 */
export function contactLists(c: ContactFacts): Array<{ list: string; sort: string }> {
  const sort = (c.display_name ?? "").trim();
  const active = c.deactivated !== true;
  const partial = c.contact_type === "CC" && c.partial_contact === true;
  const out: string[] = [];
  for (const t of [c.contact_type ?? "CC", "ALL"]) {
    out.push(`type#${t}#all`);
    if (active) out.push(`type#${t}#active`);
    if (partial) {
      out.push(`partial#${t}#all`);
      if (active) out.push(`partial#${t}#active`);
    }
  }
  if (c.contact_type === "SP" && c.job_tab === true) {
    out.push("jobtab#all");
    if (active) out.push("jobtab#active");
  }
  return out.map((list) => ({ list, sort }));
}

export type ContactListQuery = {
  contact_type?: "CC" | "SP" | "ALL";
  partial_view?: boolean;
  show_deactive?: boolean;
  job_tab?: boolean;
};

/**
 * The one list a contacts list view reads, or null when the combination
 * can match nothing (a customer is never on the job tab; a supplier is
 * never partial). `job_tab=false` and `partial_view=false` mean "no such
 * filter", like an unticked box.
 */
export function listFor(q: ContactListQuery): string | null {
  const type = q.contact_type ?? "ALL";
  const scope = q.show_deactive ? "all" : "active";
  if (q.job_tab) return type === "CC" || q.partial_view ? null : `jobtab#${scope}`;
  if (q.partial_view) return type === "SP" ? null : `partial#${type}#${scope}`;
  return `type#${type}#${scope}`;
}

/** A search shorter than 2 characters finds nothing (typeaheads start at 2). */
export function searchTooShort(search: string | undefined): boolean {
  const s = (search ?? "").trim();
  return s.length > 0 && s.length < SEARCH_MIN_CHARS;
}
