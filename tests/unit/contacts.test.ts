import { describe, expect, it } from "vitest";
import {
  ACCOUNT_CODE_FIELDS,
  MESSAGES,
  assertDisplayNameKept,
  checkContact,
  contactLists,
  contactRuleResult,
  displayNameChange,
  hasAccountCode,
  isEmail,
  listFor,
  missingForCustomer,
  missingForPartial,
  missingForSupplier,
  missingMarkups,
  missingPhoneDetails,
  newContactDefaults,
  normaliseContact,
  searchTooShort,
  type ContactFacts,
} from "../../core/contacts/rules.js";
import { ValidationError } from "../../core/platform/errors.js";

const phone = { company_phone: "496 0000", company_phone_type: "Phone", company_phone_area_code: "0121", company_phone_country_code: "+44" };
const address = { address_line1: "1 High St", town: "Derby", region: "Derbyshire", postcode: "DE1 1AA", country: "UK" };
const supplier: ContactFacts = { display_name: "Supplier", contact_type: "SP", company_email: "a@b.co.uk", ...phone, ...address, supplier_payment_terms: 30 };
const customer: ContactFacts = { display_name: "Customer", contact_type: "CC", partial_contact: false, company_email: "a@b.co.uk", ...phone, ...address, payment_term_days: 30, hire_account_code: "01", labour_rate_markup: 0, parts_markup: 0 };
const partial: ContactFacts = { display_name: "Partial", contact_type: "CC", partial_contact: true, company_name: "Partial Ltd", company_phone: "1", company_email: "a@b.co.uk", court_account_code: "07", labour_rate_markup: 0, parts_markup: 0 };

describe("new contact defaults (003 §3)", () => {
  it("type CC, labour rate 40, markups 0, empty lists, partial only for a customer", () => {
    expect(newContactDefaults()).toMatchObject({ contact_type: "CC", partial_contact: true, supplier_labour_charge: 40, labour_rate_markup: 0, parts_markup: 0, movement_markup: 0, additional_contacts: [], workshop_contacts: [], part_contacts: [] });
    expect(newContactDefaults("SP")).toMatchObject({ contact_type: "SP", partial_contact: false });
  });
});

describe("phone details", () => {
  it("number and type always; area code for Phone; country code for Phone or Mobile", () => {
    expect(missingPhoneDetails({})).toEqual(["company_phone", "company_phone_type"]);
    expect(missingPhoneDetails({ company_phone: "1", company_phone_type: "Phone" })).toEqual(["company_phone_area_code", "company_phone_country_code"]);
    expect(missingPhoneDetails({ company_phone: "1", company_phone_type: "Mobile" })).toEqual(["company_phone_country_code"]);
    expect(missingPhoneDetails({ company_phone: "1", company_phone_type: "Fax" })).toEqual([]);
    expect(missingPhoneDetails({ ...phone, company_phone_area_code: "  " })).toEqual(["company_phone_area_code"]);
  });
});

describe("the three rules", () => {
  it("partial: name, company name, phone, e-mail, an account code unless a supplier", () => {
    expect(missingForPartial(partial)).toEqual([]);
    expect(missingForPartial({ contact_type: "CC" })).toEqual(["display_name", "company_name", "company_phone", "company_email", "account_codes"]);
    expect(missingForPartial({ ...partial, contact_type: "SP", court_account_code: null })).toEqual([]);
    expect(contactRuleResult({ ...partial, company_name: "" })).toEqual({ message: MESSAGES.partial, errors: { company_name: "Company Name is required" } });
  });

  it("any one of the seven account codes counts", () => {
    expect(ACCOUNT_CODE_FIELDS).toHaveLength(7);
    for (const f of ACCOUNT_CODE_FIELDS) expect(hasAccountCode({ [f]: "X1" })).toBe(true);
    expect(hasAccountCode({ hire_account_code: " " })).toBe(false);
  });

  it("supplier: lists exactly the missing fields in the spec's order", () => {
    expect(missingForSupplier(supplier)).toEqual([]);
    expect(missingForSupplier({ contact_type: "SP", company_phone_type: "Phone" })).toEqual([
      "company_phone", "company_phone_area_code", "company_phone_country_code", "address_line1", "town", "region", "postcode", "country", "display_name", "company_email", "supplier_payment_terms",
    ]);
    const r = contactRuleResult({ ...supplier, region: null, company_email: "" });
    expect(r).toEqual({ message: "The following fields are required: Region, Company Email", errors: { region: "Region is required", company_email: "Company Email is required" } });
    // 0 days is a value, not a gap.
    expect(missingForSupplier({ ...supplier, supplier_payment_terms: 0 })).toEqual([]);
  });

  it("full customer: company information, payment term days, account codes", () => {
    expect(missingForCustomer(customer)).toEqual([]);
    expect(missingForCustomer({ ...customer, company_phone_type: "Mobile", company_phone_country_code: null })).toEqual(["company_phone_country_code"]);
    expect(missingForCustomer({ ...customer, hire_account_code: null, payment_term_days: null })).toEqual(["payment_term_days", "account_codes"]);
    expect(contactRuleResult({ ...customer, town: "" })!.message).toBe(MESSAGES.customer);
    // Company name is not part of it.
    expect(contactRuleResult({ ...customer, company_name: null })).toBeNull();
  });

  it("customer markups are required; 0 counts; suppliers need none", () => {
    expect(missingMarkups({ ...customer, labour_rate_markup: null })).toEqual(["labour_rate_markup"]);
    expect(missingMarkups({ ...supplier })).toEqual([]);
    expect(contactRuleResult({ ...customer, parts_markup: null })).toEqual({ message: "Parts Markup is required", errors: { parts_markup: "Parts Markup is required" } });
    expect(contactRuleResult({ ...customer, parts_markup: null, labour_rate_markup: null })!.message).toBe("Labour Rate Markup and Parts Markup are required");
  });

  it("checkContact normalises, then throws a ValidationError with the message and field errors", () => {
    expect(() => checkContact({ ...customer, payment_term_days: null })).toThrow(ValidationError);
    try {
      checkContact({ ...customer, payment_term_days: null });
    } catch (e) {
      expect((e as ValidationError).message).toBe(MESSAGES.customer);
      expect((e as ValidationError).errors).toEqual({ payment_term_days: "Payment Term Days is required" });
    }
    // A supplier saved as partial is a supplier: the partial rule does not apply.
    expect(checkContact({ ...supplier, partial_contact: true }).partial_contact).toBe(false);
  });
});

describe("normaliseContact", () => {
  it("switching to supplier clears partial; a customer leaves the job tab; missing flags are false", () => {
    expect(normaliseContact({ contact_type: "SP", partial_contact: true, job_tab: true })).toMatchObject({ partial_contact: false, job_tab: true, deactivated: false });
    expect(normaliseContact({ contact_type: "CC", partial_contact: true, job_tab: true })).toMatchObject({ partial_contact: true, job_tab: false });
    expect(normaliseContact({ contact_type: "CC", partial_contact: null })).toMatchObject({ partial_contact: false });
  });
});

describe("display name lock", () => {
  it("a sent name that differs is a change; left out or padded is not", () => {
    expect(displayNameChange("Acme", undefined)).toBe(false);
    expect(displayNameChange("Acme", " Acme ")).toBe(false);
    expect(displayNameChange("Acme", "ACME")).toBe(true);
    expect(displayNameChange("Acme", null)).toBe(true);
    expect(() => assertDisplayNameKept("Acme", "Acme Ltd")).toThrow(MESSAGES.displayNameLocked);
    expect(() => assertDisplayNameKept("Acme", "Acme")).not.toThrow();
  });
});

describe("e-mail", () => {
  it("looks like name@domain.tld", () => {
    for (const ok of ["jo@vanco.co.uk", "a.b+c@d.io", " x@y.z "]) expect(isEmail(ok), ok).toBe(true);
    for (const bad of ["jo", "jo@", "@vanco.co.uk", "jo@vanco", "jo @vanco.co.uk", "jo@@vanco.co.uk"]) expect(isEmail(bad), bad).toBe(false);
  });
});

describe("list memberships", () => {
  const lists = (c: ContactFacts) => contactLists(c).map((m) => m.list).sort();
  it("every contact: own type and ALL, active and all, sorted by display name", () => {
    expect(contactLists({ ...customer, display_name: " Acme " })).toEqual(
      ["type#CC#all", "type#CC#active", "type#ALL#all", "type#ALL#active"].map((list) => ({ list, sort: "Acme" })),
    );
  });
  it("a partial, active customer has the most: 8", () => {
    expect(lists(partial)).toEqual(["partial#ALL#active", "partial#ALL#all", "partial#CC#active", "partial#CC#all", "type#ALL#active", "type#ALL#all", "type#CC#active", "type#CC#all"]);
  });
  it("deactivated contacts leave the active lists; job-tab suppliers join the job tab", () => {
    expect(lists({ ...partial, deactivated: true })).toEqual(["partial#ALL#all", "partial#CC#all", "type#ALL#all", "type#CC#all"]);
    expect(lists({ ...supplier, job_tab: true })).toEqual(["jobtab#active", "jobtab#all", "type#ALL#active", "type#ALL#all", "type#SP#active", "type#SP#all"]);
    expect(lists({ ...supplier, job_tab: true, deactivated: true })).toEqual(["jobtab#all", "type#ALL#all", "type#SP#all"]);
    expect(lists({ ...customer, job_tab: true })).not.toContain("jobtab#active");
  });
  it("never more than 8", () => {
    for (const contact_type of ["CC", "SP"] as const)
      for (const partial_contact of [true, false])
        for (const deactivated of [true, false])
          for (const job_tab of [true, false]) expect(contactLists({ display_name: "x", contact_type, partial_contact, deactivated, job_tab }).length).toBeLessThanOrEqual(8);
  });
});

describe("which list a view reads", () => {
  it("maps the filters to one list, or none when nothing can match", () => {
    expect(listFor({})).toBe("type#ALL#active");
    expect(listFor({ contact_type: "CC", show_deactive: true })).toBe("type#CC#all");
    expect(listFor({ contact_type: "SP" })).toBe("type#SP#active");
    expect(listFor({ partial_view: true })).toBe("partial#ALL#active");
    expect(listFor({ partial_view: true, contact_type: "CC", show_deactive: true })).toBe("partial#CC#all");
    expect(listFor({ partial_view: true, contact_type: "SP" })).toBeNull();
    expect(listFor({ job_tab: true })).toBe("jobtab#active");
    expect(listFor({ job_tab: true, show_deactive: true, contact_type: "SP" })).toBe("jobtab#all");
    expect(listFor({ job_tab: true, contact_type: "CC" })).toBeNull();
    expect(listFor({ job_tab: false, partial_view: false })).toBe("type#ALL#active");
  });
  it("a search of 1 character is too short; empty is no search", () => {
    expect(searchTooShort("m")).toBe(true);
    expect(searchTooShort(" m ")).toBe(true);
    expect(searchTooShort("mi")).toBe(false);
    expect(searchTooShort("")).toBe(false);
    expect(searchTooShort(undefined)).toBe(false);
  });
});
