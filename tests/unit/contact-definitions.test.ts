import { describe, expect, it } from "vitest";
import * as z from "zod";
import { Contact } from "../../core/contacts/contact.js";
import { contact } from "../../core/contacts/definitions.js";
import { EMAIL_FIELDS, NOT_NEGATIVE_FIELDS, checkContact, contactRuleResult, type ContactFacts } from "../../core/contacts/rules.js";
import { LIMITS } from "../../core/platform/limits.js";
import { validateValues } from "../../web/src/platform/form/fields";
import { CONTACT_FIELDS, NOT_INPUTS } from "../../web/src/contacts/fields";

/**
 * One definition per record type (issue 10), contacts: the edit page's
 * inputs and the record type's schema come from core/contacts/definitions.ts,
 * so they agree on names, labels, bounds and each field's own rule.
 */

const schema = Contact.fields as z.ZodObject<any>;
const phone = { company_phone: "496 0000", company_phone_type: "Phone", company_phone_area_code: "0121", company_phone_country_code: "+44" };
const address = { address_line1: "1 High St", town: "Derby", region: "Derbyshire", postcode: "DE1 1AA", country: "UK" };
const customer: ContactFacts = { display_name: "Customer", contact_type: "CC", partial_contact: false, company_email: "a@b.co.uk", ...phone, ...address, payment_term_days: 30, hire_account_code: "01", labour_rate_markup: 0, parts_markup: 0 };

/** The first message the server's schema gives for this value of one field. */
function serverMessage(name: string, value: unknown): string | undefined {
  const r = schema.shape[name].safeParse(value);
  return r.success ? undefined : r.error.issues[0].message;
}

/** What the server answers a customer with this one value: the schema's message, else the record's rules'. */
function serverRefusal(name: string, value: unknown): string | undefined {
  const parsed = schema.safeParse({ ...customer, [name]: value });
  if (!parsed.success) return parsed.error.issues[0].message;
  try {
    checkContact(parsed.data as ContactFacts);
  } catch (e) {
    return (e as Error).message;
  }
  return undefined;
}

const screenField = (name: string) => CONTACT_FIELDS.find((f) => f.name === name)!;

describe("the contact edit page and the contact record type share one definition", () => {
  it("the record type parses with the definition's schema", () => {
    expect(Contact.fields).toBe(contact.schema);
  });

  it("the page has an input for every field but those it edits otherwise, in the definition's words", () => {
    const names = CONTACT_FIELDS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names, ...NOT_INPUTS].sort()).toEqual(Object.keys(schema.shape).sort());
    for (const f of CONTACT_FIELDS) {
      const meta = contact.fields.find((m) => m.name === f.name)!;
      expect({ label: f.label, kind: f.kind }, f.name).toEqual({ label: meta.label, kind: meta.input });
    }
    expect(screenField("company_email").label).toBe("Company email");
    expect(screenField("display_name").label).toBe("Display name");
  });

  it("no input carries a required message of its own: what a contact needs depends on its kind (the combined rules)", () => {
    for (const f of CONTACT_FIELDS) expect(f.required, f.name).toBeUndefined();
    for (const m of contact.fields) expect(m.required, m.name).toBeUndefined();
    // The kind's rules keep the spec's messages.
    expect(contactRuleResult({ ...customer, payment_term_days: null })?.message).toBe("Display Name, Company Information, Payment Term Days and Account Codes are required");
    expect(contactRuleResult({ contact_type: "SP", display_name: "S" })?.message).toMatch(/^The following fields are required: Company Phone, Phone Type, /);
  });

  it("bounds: the page refuses just outside them with the server's message and takes the bounds themselves", () => {
    const bounded = CONTACT_FIELDS.filter((f) => f.max !== undefined);
    expect(bounded.map((f) => f.name)).toContain("credit_limit");
    for (const f of bounded) {
      expect(f.boundsMessage, f.name).toMatch(/^Must be /);
      for (const outside of [f.min! - 1, f.max! + 1]) {
        expect(serverMessage(f.name, outside), `${f.name} ${outside}`).toBe(f.boundsMessage);
        expect(validateValues([f], { [f.name]: outside })[f.name], `${f.name} ${outside}`).toBe(f.boundsMessage);
      }
      expect(serverMessage(f.name, f.max)).toBeUndefined();
      expect(validateValues([f], { [f.name]: f.max! })).toEqual({});
    }
    // Every bounded field of the schema that the page has an input for is bounded on the page.
    for (const [name, field] of Object.entries(schema.shape)) {
      const tooBig = (field as z.ZodType).safeParse(LIMITS.quantity + 1);
      const input = CONTACT_FIELDS.find((f) => f.name === name);
      if (input && !tooBig.success && /^Must be .* from /.test(tooBig.error.issues[0].message)) expect(input.boundsMessage, name).toBe(tooBig.error.issues[0].message);
    }
  });

  it("money is signed within its bounds: the balance may be negative, a limit is refused with its own message on both sides", () => {
    const message = "Must be an amount from -£10,000,000 to £10,000,000";
    for (const name of ["opening_balance", "credit_limit", "weekly_target"]) expect(screenField(name)).toMatchObject({ kind: "money", min: -10_000_000, max: 10_000_000, boundsMessage: message });
    // The outstanding balance and the credit usages are read-only (core/accounts/balances.ts), signed within the same bounds.
    for (const name of ["outstanding_balance", "direct_van_hire_credit_usage", "rapid_fit_credit_usage", "van_sales_direct_credit_usage"])
      expect(contact.fields.find((m) => m.name === name)).toMatchObject({ kind: "money", min: -10_000_000, boundsMessage: message });
    expect(validateValues([screenField("opening_balance")], { opening_balance: -120.5 })).toEqual({});
    expect(serverRefusal("opening_balance", -120.5)).toBeUndefined();
    expect(validateValues([screenField("credit_limit")], { credit_limit: -5 })).toEqual({ credit_limit: "Credit Limit cannot be negative" });
    expect(serverRefusal("credit_limit", -5)).toBe("Credit Limit cannot be negative");
  });

  it("each field's own rule: the page and the server refuse with the same message", () => {
    for (const [name, label] of Object.entries(NOT_NEGATIVE_FIELDS)) {
      const message = `${label} cannot be negative`;
      expect(validateValues([screenField(name)], { [name]: -1 })[name], name).toBe(message);
      expect(serverRefusal(name, -1), name).toBe(message);
      expect(validateValues([screenField(name)], { [name]: 0 }), name).toEqual({});
      expect(serverRefusal(name, 0), name).toBeUndefined();
    }
    for (const [name, label] of Object.entries(EMAIL_FIELDS)) {
      const message = `${label} must be a valid e-mail address`;
      expect(validateValues([screenField(name)], { [name]: "nobody@" })[name], name).toBe(message);
      expect(serverRefusal(name, "nobody@"), name).toBe(message);
      expect(validateValues([screenField(name)], { [name]: "a@b.co.uk" }), name).toEqual({});
      expect(serverRefusal(name, "a@b.co.uk"), name).toBeUndefined();
    }
  });

  it("the choices the page offers are the schema's", () => {
    for (const name of ["contact_type", "accounts_active", "company_phone_type", "supplier_payment_terms_start"]) {
      const options = screenField(name).options as Array<{ apiValue: unknown }>;
      for (const o of options) expect(serverMessage(name, o.apiValue), `${name} ${String(o.apiValue)}`).toBeUndefined();
      expect(serverMessage(name, "Other"), name).toBeDefined();
    }
    // Sent as null, the type is refused with its own message; left out, the defaults make a customer.
    expect(serverRefusal("contact_type", null)).toBe("Contact type must be CC (customer) or SP (supplier)");
  });

  it("the display name is kept without surrounding spaces; blank is no name", () => {
    const c = checkContact({ ...customer, display_name: "  Acme  " });
    expect(c.display_name).toBe("Acme");
    expect(contactRuleResult({ ...customer, display_name: "   " })?.errors).toHaveProperty("display_name");
  });
});
