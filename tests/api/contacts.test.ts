import { beforeAll, describe, expect, it } from "vitest";
import { call, client, signIn } from "../support/api.js";

let api: ReturnType<typeof client>;
beforeAll(async () => {
  api = client(await signIn("jo@vanco.co.uk", "Jo"));
});

/** Contacts that pass each rule of 003 §5. */
const landline = { company_phone: "496 0000", company_phone_type: "Phone", company_phone_area_code: "0121", company_phone_country_code: "+44" };
const address = { address_line1: "1 High Street", town: "Derby", region: "Derbyshire", postcode: "DE1 1AA", country: "United Kingdom" };
const supplier = (display_name: string, extra: Record<string, unknown> = {}) => ({
  display_name, contact_type: "SP", company_email: "accounts@supplier.co.uk", ...landline, ...address, supplier_payment_terms: 30, ...extra,
});
const partialCustomer = (display_name: string, extra: Record<string, unknown> = {}) => ({
  display_name, contact_type: "CC", company_name: `${display_name} Ltd`, company_phone: "01332 496000", company_email: "office@customer.co.uk", hire_account_code: "01", ...extra,
});
const fullCustomer = (display_name: string, extra: Record<string, unknown> = {}) => ({
  display_name, contact_type: "CC", partial_contact: false, company_email: "accounts@customer.co.uk", ...landline, ...address, payment_term_days: 30, workshop_account_code: "02", ...extra,
});

const names = (res: { body: { results: Array<{ display_name: string }> } }) => res.body.results.map((r) => r.display_name);
/** How many contacts exist at all (every type, deactivated too). */
const total = async () => (await api.get("contacts?contact_type=ALL&show_deactive=true&page_size=1")).body.count as number;

const PARTIAL = "Display Name, Company Name, Company Phone, Company Email and at least 1 Account Code are required";
const CUSTOMER = "Display Name, Company Information, Payment Term Days and Account Codes are required";
const LOCKED = "The display name cannot be changed once the contact is saved.";

describe("a new contact (003 §3 defaults)", () => {
  it("is a partial customer with labour rate 40, markups 0 and empty lists", async () => {
    const made = await api.post("contacts", { display_name: "Defaults Co", company_name: "Defaults Co Ltd", company_phone: "0115 496 0000", company_email: "hi@defaults.co.uk", sale_account_code: "04" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      contact_type: "CC", partial_contact: true, supplier_labour_charge: 40, labour_rate_markup: 0, parts_markup: 0, movement_markup: 0,
      additional_contacts: [], workshop_contacts: [], part_contacts: [], deactivated: false, job_tab: false, accounts_active: "Active",
      outstanding_balance: 0, direct_van_hire_credit_usage: 0, rapid_fit_credit_usage: 0, van_sales_direct_credit_usage: 0,
    });
    expect(made.body.id).toEqual(expect.any(Number));
    expect(made.body.created_by).toBe("jo@vanco.co.uk");
    const got = await api.get(`contacts/${made.body.id}`);
    expect(got.status).toBe(200);
    // GET adds the balance the money records keep (core/accounts/balances.ts, A3) to the stored contact.
    expect(got.body).toEqual({ ...made.body, opening_balance: 0, outstanding_balance: 0, overdue_payment: false });
  });

  it("a new supplier is never partial; the defaults call says what the form starts with", async () => {
    const made = await api.post("contacts", supplier("Defaults Supplier"));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.partial_contact).toBe(false);
    const sp = await api.get("contacts/defaults?contact_type=SP");
    expect(sp.status).toBe(200);
    expect(sp.body.contact).toMatchObject({ contact_type: "SP", partial_contact: false, supplier_labour_charge: 40, labour_rate_markup: 0, parts_markup: 0 });
    expect((await api.get("contacts/defaults")).body.contact).toMatchObject({ contact_type: "CC", partial_contact: true });
    expect(sp.body.account_code_fills).toEqual({
      hire_account_code: "01", workshop_account_code: "02", deposit_account_code: "03", sale_account_code: "04", part_account_code: "05", loan_account_code: "06", court_account_code: "07",
    });
    expect(sp.body.phone_types).toEqual(["Phone", "Mobile", "Fax"]);
    expect(sp.body.supplier_payment_terms_starts).toEqual(["DATE", "MONTH"]);
    expect(sp.body.search_min_chars).toBe(2);
  });
});

describe("contact rules (003 §5), enforced on create and save", () => {
  it("partial contact: display name, company name, phone, e-mail and an account code", async () => {
    const before = await total();
    const none = await api.post("contacts", { display_name: "Partial Nobody" });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(PARTIAL);
    expect(Object.keys(none.body.errors).sort()).toEqual(["account_codes", "company_email", "company_name", "company_phone"]);
    expect(none.body.errors.account_codes).toBe("At least 1 Account Code is required");
    expect(none.body.errors.company_email).toBe("Company Email is required");

    const noName = await api.post("contacts", partialCustomer("Partial X", { display_name: "  " }));
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe(PARTIAL);
    expect(noName.body.errors).toEqual({ display_name: "Display Name is required" });

    const noCode = await api.post("contacts", partialCustomer("Partial No Code", { hire_account_code: "" }));
    expect(noCode.body.message).toBe(PARTIAL);
    expect(noCode.body.errors).toEqual({ account_codes: "At least 1 Account Code is required" });

    // Any one of the seven codes will do; a free-text code is accepted too.
    const court = await api.post("contacts", partialCustomer("Partial Court", { hire_account_code: null, court_account_code: "07" }));
    expect(court.status).toBe(201);
    const custom = await api.post("contacts", partialCustomer("Partial Custom", { hire_account_code: "HIRE-ACME" }));
    expect(custom.status).toBe(201);
    expect(custom.body.hire_account_code).toBe("HIRE-ACME");
    expect(await total()).toBe(before + 2);

    // Saving drops the phone: refused with the same message, nothing changed.
    const saved = await api.put(`contacts/${court.body.id}`, { ...court.body, company_phone: "" });
    expect(saved.status).toBe(400);
    expect(saved.body.message).toBe(PARTIAL);
    expect((await api.get(`contacts/${court.body.id}`)).body.company_phone).toBe("01332 496000");
  });

  it("supplier: the warning lists exactly the missing fields, in order", async () => {
    const before = await total();
    const bare = await api.post("contacts", { display_name: "Bare Supplier", contact_type: "SP" });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe(
      "The following fields are required: Company Phone, Phone Type, Address Line 1, Town, Region, Postcode, Country, Company Email, Supplier Payment Terms",
    );
    expect(Object.keys(bare.body.errors)).toEqual([
      "company_phone", "company_phone_type", "address_line1", "town", "region", "postcode", "country", "company_email", "supplier_payment_terms",
    ]);
    expect(bare.body.errors.company_phone_type).toBe("Phone Type is required");

    const phone = await api.post("contacts", supplier("Landline Supplier", { company_phone_area_code: null, company_phone_country_code: "" }));
    expect(phone.body.message).toBe("The following fields are required: Area Code, Country Code");
    expect(phone.body.errors).toEqual({ company_phone_area_code: "Area Code is required", company_phone_country_code: "Country Code is required" });

    const mobile = await api.post("contacts", supplier("Mobile Supplier", { company_phone_type: "Mobile", company_phone_area_code: null, company_phone_country_code: null }));
    expect(mobile.body.message).toBe("The following fields are required: Country Code");

    const fax = await api.post("contacts", supplier("Fax Supplier", { company_phone_type: "Fax", company_phone_area_code: null, company_phone_country_code: null }));
    expect(fax.status, JSON.stringify(fax.body)).toBe(201);

    const noName = await api.post("contacts", supplier("x", { display_name: "", town: "" }));
    expect(noName.body.message).toBe("The following fields are required: Town, Display Name");

    // No account code needed for a supplier.
    const ok = await api.post("contacts", supplier("Complete Supplier"));
    expect(ok.status).toBe(201);
    expect(await total()).toBe(before + 2);
  });

  it("full customer: name, company information, payment term days and account codes", async () => {
    const missing = await api.post("contacts", { display_name: "Full Nobody", contact_type: "CC", partial_contact: false });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(CUSTOMER);
    expect(Object.keys(missing.body.errors)).toEqual([
      "company_email", "company_phone", "company_phone_type", "address_line1", "town", "region", "postcode", "country", "payment_term_days", "account_codes",
    ]);
    const noDays = await api.post("contacts", fullCustomer("Full No Days", { payment_term_days: "" }));
    expect(noDays.body.message).toBe(CUSTOMER);
    expect(noDays.body.errors).toEqual({ payment_term_days: "Payment Term Days is required" });
    const noCountry = await api.post("contacts", fullCustomer("Full Mobile", { company_phone_type: "Mobile", company_phone_country_code: null }));
    expect(noCountry.body.errors).toEqual({ company_phone_country_code: "Country Code is required" });
    const noPostcode = await api.post("contacts", fullCustomer("Full No Postcode", { postcode: null }));
    expect(noPostcode.body.message).toBe(CUSTOMER);
    // Company name is not part of a full customer's rule; 0 days is a value.
    const ok = await api.post("contacts", fullCustomer("Full Customer", { payment_term_days: 0 }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.partial_contact).toBe(false);

    // Completing a partial contact: the full rule applies from then on.
    const partial = await api.post("contacts", partialCustomer("Becoming Full"));
    const tooSoon = await api.put(`contacts/${partial.body.id}`, { ...partial.body, partial_contact: false });
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body.message).toBe(CUSTOMER);
    const done = await api.put(`contacts/${partial.body.id}`, { ...partial.body, ...fullCustomer("Becoming Full") });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.partial_contact).toBe(false);
  });

  it("customers need the labour and parts markups; suppliers do not", async () => {
    const one = await api.post("contacts", fullCustomer("No Labour Markup", { labour_rate_markup: null }));
    expect(one.status).toBe(400);
    expect(one.body.message).toBe("Labour Rate Markup is required");
    expect(one.body.errors).toEqual({ labour_rate_markup: "Labour Rate Markup is required" });
    const both = await api.post("contacts", partialCustomer("No Markups", { labour_rate_markup: "", parts_markup: "" }));
    expect(both.body.message).toBe("Labour Rate Markup and Parts Markup are required");
    // With another rule failing, its message leads and the markups are keyed too.
    const mixed = await api.post("contacts", partialCustomer("Mixed", { company_email: null, parts_markup: null }));
    expect(mixed.body.message).toBe(PARTIAL);
    expect(mixed.body.errors).toEqual({ company_email: "Company Email is required", parts_markup: "Parts Markup is required" });
    const sp = await api.post("contacts", supplier("Markupless Supplier", { labour_rate_markup: null, parts_markup: null }));
    expect(sp.status).toBe(201);
    const numeric = await api.post("contacts", partialCustomer("Numeric Markups", { labour_rate_markup: "12.5", parts_markup: 20 }));
    expect(numeric.body).toMatchObject({ labour_rate_markup: 12.5, parts_markup: 20 });
  });

  it("switching to supplier clears the partial flag; a customer is never on the job tab", async () => {
    const c = await api.post("contacts", partialCustomer("Switcher"));
    expect(c.body.partial_contact).toBe(true);
    const sp = await api.put(`contacts/${c.body.id}`, { ...c.body, ...supplier("Switcher"), partial_contact: true, job_tab: true });
    expect(sp.status, JSON.stringify(sp.body)).toBe(200);
    expect(sp.body).toMatchObject({ contact_type: "SP", partial_contact: false, job_tab: true });
    const back = await api.put(`contacts/${c.body.id}`, { ...sp.body, ...fullCustomer("Switcher") });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ contact_type: "CC", partial_contact: false, job_tab: false });
  });

  it("the display name is locked once saved", async () => {
    const c = await api.post("contacts", partialCustomer("Locked Name"));
    const renamed = await api.put(`contacts/${c.body.id}`, { ...c.body, display_name: "Another Name" });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toBe(LOCKED);
    expect(renamed.body.errors).toEqual({ display_name: LOCKED });
    expect((await api.put(`contacts/${c.body.id}`, { ...c.body, display_name: null })).body.message).toBe(LOCKED);
    expect((await api.get(`contacts/${c.body.id}`)).body.display_name).toBe("Locked Name");
    // Sending it unchanged (even padded) or leaving it out is a normal save.
    const same = await api.put(`contacts/${c.body.id}`, { ...c.body, display_name: " Locked Name ", town: "Leicester" });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const { display_name: _, ...rest } = same.body;
    const without = await api.put(`contacts/${c.body.id}`, { ...rest, town: "Loughborough" });
    expect(without.status).toBe(200);
    expect(without.body).toMatchObject({ display_name: "Locked Name", town: "Loughborough" });
  });

  it("e-mail fields must look like e-mail addresses", async () => {
    const before = await total();
    const bad = await api.post("contacts", partialCustomer("Bad Email", { company_email: "office at customer" }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Company Email must be a valid e-mail address");
    expect(bad.body.errors.company_email).toBe("Company Email must be a valid e-mail address");
    for (const field of ["email", "workshop_email", "parts_email"]) {
      const res = await api.post("contacts", partialCustomer("Bad Email", { [field]: "nobody@" }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty(field);
    }
    const person = await api.post("contacts", partialCustomer("Bad Email", { additional_contacts: [{ name: "Sam", email: "sam" }] }));
    expect(person.status).toBe(400);
    expect(person.body.errors).toHaveProperty("additional_contacts.0.email");
    expect(await total()).toBe(before);
    const good = await api.post("contacts", partialCustomer("Good Email", {
      email: "jo@customer.co.uk", workshop_email: "", additional_contacts: [{ name: "Sam", role: "Fleet", contact_number: "07700 900000", email: "sam@customer.co.uk", comments: "", address: "Yard 2" }],
      workshop_contacts: [{ name: "Lee", email: "lee@customer.co.uk" }], workshop_instructions: { text: "Call before starting", on_completion: true }, rental_instructions: { text: "ID at collection" },
    }));
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    expect(good.body.workshop_email).toBeNull();
    expect(good.body.additional_contacts[0]).toMatchObject({ name: "Sam", address: "Yard 2", comments: null });
  });
});

describe("bad input writes nothing", () => {
  it("unknown fields and wrong types are 400s", async () => {
    const before = await total();
    const unknown = await api.post("contacts", partialCustomer("Unknown Field", { surprise: 1 }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty("surprise");
    const cases: Array<Record<string, unknown>> = [
      { credit_limit: "lots" },
      { credit_limit: -5 },
      { payment_term_days: 2.5 },
      { deactivated: "maybe" },
      { contact_type: "XX" },
      { company_phone_type: "Pager" },
      { supplier_payment_terms_start: "WEEK" },
      { accounts_active: "Maybe" },
      { additional_contacts: "Sam" },
      { workshop_contacts: [{ name: "Lee", address: "not for workshop contacts" }] },
      { cost_centre_list: ["Workshop"] },
      { display_name: { first: "A" } },
      { company_name: "x".repeat(201) },
    ];
    for (const c of cases) {
      const res = await api.post("contacts", partialCustomer("Wrong Type", c));
      expect(res.status, JSON.stringify(c)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
      expect(Object.keys(res.body.errors).length, JSON.stringify(c)).toBeGreaterThan(0);
    }
    expect((await call("POST", "contacts", { token: (await signIn()), raw: "{not json" })).status).toBe(400);
    expect((await api.post("contacts", [partialCustomer("Array")])).status).toBe(400);
    expect(await total()).toBe(before);
    expect((await api.get("contacts?search=wrong&show_deactive=true")).body.count).toBe(0);
  });

  it("a bad save changes nothing; numbers may come as strings; money is kept to the penny", async () => {
    const c = await api.post("contacts", partialCustomer("Numbers", { credit_limit: "2500.456", rapid_fit_credit_limit: 100, weekly_target: "750" }));
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    expect(c.body).toMatchObject({ credit_limit: 2500.46, rapid_fit_credit_limit: 100, weekly_target: 750 });
    const bad = await api.put(`contacts/${c.body.id}`, { ...c.body, credit_limit: "lots", town: "Changed" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("credit_limit");
    const unknown = await api.put(`contacts/${c.body.id}`, { ...c.body, surprise: true });
    expect(unknown.status).toBe(400);
    const stored = await api.get(`contacts/${c.body.id}`);
    expect(stored.body.last_saved).toBe(c.body.last_saved);
    expect(stored.body.town).toBeNull();
  });

  it("bad list queries are 400s", async () => {
    expect((await api.get("contacts?contact_type=XX")).status).toBe(400);
    expect((await api.get("contacts?partial_view=maybe")).status).toBe(400);
    expect((await api.get("contacts?page=0")).status).toBe(400);
    expect((await api.get("contacts/abc")).status).toBe(400);
    expect((await api.get("contacts/999999")).status).toBe(404);
    expect((await call("GET", "contacts")).status).toBe(401);
  });
});

describe("saves and deletes", () => {
  it("a stale save is a 409 and loses nothing; credit usage is read-only", async () => {
    const c = await api.post("contacts", partialCustomer("Stale", { direct_van_hire_credit_usage: 999 }));
    expect(c.body.direct_van_hire_credit_usage).toBe(0);
    const first = await api.put(`contacts/${c.body.id}`, { ...c.body, town: "Derby", rapid_fit_credit_usage: 500 });
    expect(first.status).toBe(200);
    expect(first.body.rapid_fit_credit_usage).toBe(0);
    const stale = await api.put(`contacts/${c.body.id}`, { ...c.body, town: "Nottingham" });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^An error occurred!/);
    expect((await api.get(`contacts/${c.body.id}`)).body.town).toBe("Derby");
    const fresh = await api.put(`contacts/${c.body.id}`, { ...first.body, town: "Nottingham" });
    expect(fresh.status).toBe(200);
    const history = await api.get(`history/contact/${c.body.id}`);
    expect(history.body.results.map((h: { action: string }) => h.action)).toEqual(["update", "update", "create"]);
  });

  it("delete removes the contact and its list memberships", async () => {
    const c = await api.post("contacts", supplier("Deleted Supplier", { job_tab: true }));
    expect((await api.get("suppliers?search=deleted supp")).body.count).toBe(1);
    const tabs = (await api.get("contacts?job_tab=true")).body.count;
    const before = await total();
    const del = await api.del(`contacts/${c.body.id}`);
    expect(del.status).toBe(200);
    expect((await api.get(`contacts/${c.body.id}`)).status).toBe(404);
    expect(await total()).toBe(before - 1);
    expect((await api.get("suppliers?search=deleted supp")).body.count).toBe(0);
    expect((await api.get("contacts?job_tab=true")).body.count).toBe(tabs - 1);
    expect((await api.del(`contacts/${c.body.id}`)).status).toBe(404);
  });
});

describe("contacts list views", () => {
  type Counts = Record<string, number>;
  const views: Record<string, string> = {
    all: "contacts",
    allWithDeactivated: "contacts?show_deactive=true",
    customers: "contacts?contact_type=CC",
    customersWithDeactivated: "contacts?contact_type=CC&show_deactive=true",
    suppliers: "contacts?contact_type=SP",
    suppliersWithDeactivated: "contacts?contact_type=SP&show_deactive=true",
    incomplete: "contacts?partial_view=YES",
    incompleteWithDeactivated: "contacts?partial_view=true&show_deactive=true",
    incompleteCustomers: "contacts?partial_view=YES&contact_type=CC",
    incompleteSuppliers: "contacts?partial_view=YES&contact_type=SP",
    jobTab: "contacts?job_tab=true",
    jobTabWithDeactivated: "contacts?job_tab=true&show_deactive=true",
    jobTabCustomers: "contacts?job_tab=true&contact_type=CC",
  };
  const counts = async (): Promise<Counts> => {
    const out: Counts = {};
    for (const [k, path] of Object.entries(views)) out[k] = (await api.get(path)).body.count;
    return out;
  };
  let before: Counts;
  const made: Record<string, any> = {};

  beforeAll(async () => {
    before = await counts();
    const rows: Array<[string, Record<string, unknown>]> = [
      ["Foxtrot Old Supplier", supplier("Lst Foxtrot Old Supplier", { deactivated: true, job_tab: true })],
      ["bravo", fullCustomer("Lst bravo builders")],
      ["Alpha", partialCustomer("Lst Alpha Hire")],
      ["Delta", supplier("Lst Delta Parts")],
      ["Echo", partialCustomer("Lst Echo Deactivated", { deactivated: true })],
      ["Charlie", supplier("Lst Charlie Motors", { job_tab: true })],
    ];
    for (const [key, body] of rows) {
      const res = await api.post("contacts", body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      made[key] = res.body;
    }
  });

  it("each filter is its own list with its own count", async () => {
    const after = await counts();
    const delta = Object.fromEntries(Object.keys(views).map((k) => [k, after[k] - before[k]]));
    expect(delta).toEqual({
      all: 4, allWithDeactivated: 6, customers: 2, customersWithDeactivated: 3, suppliers: 2, suppliersWithDeactivated: 3,
      incomplete: 1, incompleteWithDeactivated: 2, incompleteCustomers: 1, incompleteSuppliers: 0,
      jobTab: 1, jobTabWithDeactivated: 2, jobTabCustomers: 0,
    });
    expect(after.incompleteSuppliers).toBe(0);
    expect(after.jobTabCustomers).toBe(0);
    // contact_type=ALL and an empty type are the default list.
    expect((await api.get("contacts?contact_type=ALL")).body.count).toBe(after.all);
    expect((await api.get("contacts?contact_type=&partial_view=&show_deactive=false&job_tab=false")).body.count).toBe(after.all);
  });

  it("sorted by display name, case-insensitively; search is a display-name prefix from 2 characters", async () => {
    expect(names(await api.get("contacts?search=lst&show_deactive=true"))).toEqual([
      "Lst Alpha Hire", "Lst bravo builders", "Lst Charlie Motors", "Lst Delta Parts", "Lst Echo Deactivated", "Lst Foxtrot Old Supplier",
    ]);
    expect(names(await api.get("contacts?search=LST"))).toEqual(["Lst Alpha Hire", "Lst bravo builders", "Lst Charlie Motors", "Lst Delta Parts"]);
    expect(names(await api.get("contacts?search=lst&contact_type=CC&show_deactive=true"))).toEqual(["Lst Alpha Hire", "Lst bravo builders", "Lst Echo Deactivated"]);
    expect(names(await api.get("contacts?search=lst&contact_type=SP"))).toEqual(["Lst Charlie Motors", "Lst Delta Parts"]);
    expect(names(await api.get("contacts?search=lst&partial_view=YES&show_deactive=true"))).toEqual(["Lst Alpha Hire", "Lst Echo Deactivated"]);
    expect(names(await api.get("contacts?search=lst&job_tab=true&show_deactive=true"))).toEqual(["Lst Charlie Motors", "Lst Foxtrot Old Supplier"]);
    expect(names(await api.get("contacts?search=%20lst%20b&searchFresh=1732000000"))).toEqual(["Lst bravo builders"]);
    // One character finds nothing; neither does the middle of a name.
    const one = await api.get("contacts?search=l");
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ count: 0, results: [] });
    expect((await api.get("contacts?search=alpha")).body.count).toBe(0);
    // Paging within a search: count is every match.
    const page2 = await api.get("contacts?search=lst&show_deactive=true&page=2&page_size=2");
    expect(page2.body.count).toBe(6);
    expect(names(page2)).toEqual(["Lst Charlie Motors", "Lst Delta Parts"]);
    expect((await api.get("contacts?search=lst&show_deactive=true&page=4&page_size=2")).body.results).toEqual([]);
  });

  it("pages of 25 by default, in display-name order across pages", async () => {
    const first = await api.get("contacts?show_deactive=true");
    expect(first.body.results.length).toBe(Math.min(25, first.body.count));
    const everything = await api.get("contacts?show_deactive=true&page_size=1000");
    const lower = names(everything).map((n) => n.toLowerCase());
    expect(lower).toEqual([...lower].sort());
    const second = await api.get("contacts?show_deactive=true&page=2");
    expect(names(second)).toEqual(names(everything).slice(25, 50));
  });

  it("saves move contacts between lists", async () => {
    const base = await counts();
    // Deactivate a customer: out of the active lists, still under show deactivated.
    const off = await api.put(`contacts/${made.bravo.id}`, { ...made.bravo, deactivated: true });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    let now = await counts();
    expect([now.all - base.all, now.customers - base.customers, now.allWithDeactivated - base.allWithDeactivated]).toEqual([-1, -1, 0]);
    // Complete a partial customer: out of the incomplete lists.
    const done = await api.put(`contacts/${made.Alpha.id}`, { ...made.Alpha, ...fullCustomer("Lst Alpha Hire") });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    now = await counts();
    expect([now.incomplete - base.incomplete, now.incompleteWithDeactivated - base.incompleteWithDeactivated]).toEqual([-1, -1]);
    // Take a supplier off the job tab (PUT with job_tab false, as the settings screen does).
    const offTab = await api.put(`contacts/${made.Charlie.id}`, { ...made.Charlie, job_tab: false });
    expect(offTab.status).toBe(200);
    now = await counts();
    expect(now.jobTab - base.jobTab).toBe(-1);
    expect(names(await api.get("contacts?search=lst&job_tab=true&show_deactive=true"))).toEqual(["Lst Foxtrot Old Supplier"]);
    // Back on again.
    await api.put(`contacts/${made.Charlie.id}`, { ...offTab.body, job_tab: true });
    expect((await counts()).jobTab).toBe(base.jobTab);
    await api.put(`contacts/${made.bravo.id}`, { ...off.body, deactivated: false });
    expect((await counts()).all).toBe(base.all);
  });
});

describe("typeaheads (from 2 characters, active contacts of one type)", () => {
  beforeAll(async () => {
    for (const body of [
      partialCustomer("Tpa Customer One"),
      partialCustomer("Tpa Customer Gone", { deactivated: true }),
      supplier("Tpa Supplier One"),
      supplier("Tpa Supplier Gone", { deactivated: true }),
    ])
      expect((await api.post("contacts", body)).status).toBe(201);
  });

  it("customersearch, suppliersearch, suppliers and contacts?contact_type=&search=", async () => {
    for (const path of ["customersearch", "suppliersearch", "suppliers"]) {
      expect((await api.get(`${path}?search=t`)).body, path).toEqual({ count: 0, results: [] });
      expect((await api.get(`${path}`)).body, path).toEqual({ count: 0, results: [] });
    }
    expect(names(await api.get("customersearch?search=tp"))).toEqual(["Tpa Customer One"]);
    expect(names(await api.get("suppliersearch?search=TPA"))).toEqual(["Tpa Supplier One"]);
    expect(names(await api.get("suppliers?search=tpa s&searchFresh=1"))).toEqual(["Tpa Supplier One"]);
    expect(names(await api.get("contacts?contact_type=SP&search=tp"))).toEqual(["Tpa Supplier One"]);
    expect(names(await api.get("contacts?contact_type=CC&search=tpa"))).toEqual(["Tpa Customer One"]);
    expect((await api.get("contacts?contact_type=CC&search=t")).body).toEqual({ count: 0, results: [] });
    const typed = await api.get("suppliers?search=tpa");
    expect(typed.body.results[0]).toMatchObject({ id: expect.any(Number), display_name: "Tpa Supplier One", contact_type: "SP", job_tab: false });
  });
});

describe("customer account balance", () => {
  it("active customers by display name, 25 a page, with the table's columns", async () => {
    const before = (await api.get("accountbalance")).body.count;
    const made = [];
    for (let i = 27; i >= 1; i--) {
      const res = await api.post("contacts", partialCustomer(`Bal ${String(i).padStart(2, "0")}`, { credit_limit: 1000 + i, opening_balance: i * 10.5 }));
      expect(res.status).toBe(201);
      made.push(res.body);
    }
    await api.post("contacts", partialCustomer("Bal Gone", { deactivated: true }));
    await api.post("contacts", supplier("Bal Supplier"));
    const first = await api.get("accountbalance");
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(before + 27);
    expect(first.body.results).toHaveLength(25);
    const bal = await api.get("accountbalance?search=bal&page_size=25");
    expect(bal.body.count).toBe(27);
    expect(bal.body.results.map((r: { display_name: string }) => r.display_name).slice(0, 3)).toEqual(["Bal 01", "Bal 02", "Bal 03"]);
    expect(bal.body.results[0]).toEqual({
      id: made[26].id, display_name: "Bal 01", company_phone: "01332 496000", credit_limit: 1001, opening_balance: 10.5, outstanding_balance: 10.5, partial_contact: true,
      direct_van_hire_credit_usage: 0, rapid_fit_credit_usage: 0, van_sales_direct_credit_usage: 0,
    });
    const page2 = await api.get("accountbalance?search=bal&page=2");
    expect(page2.body.results.map((r: { display_name: string }) => r.display_name)).toEqual(["Bal 26", "Bal 27"]);
  });
});

describe("demo data", () => {
  it("the demo contacts pass the contact rules and fill the lists", async () => {
    const { seedDemoData } = await import("../../core/demo/seed.js");
    expect(await seedDemoData()).toBe(true);
    expect(names(await api.get("suppliers?search=midland"))).toEqual(["Midland Commercial Repairs"]);
    expect(names(await api.get("contacts?partial_view=YES&search=br"))).toEqual(["Brightside Cleaning"]);
    expect(names(await api.get("accountbalance?search=acme")).length).toBe(1);
    expect((await api.get("contacts?search=old mill")).body.count).toBe(0);
    expect((await api.get("contacts?search=old mill&show_deactive=true")).body.count).toBe(1);
    // The job-tab screen's flow on a demo supplier: the whole record sent back with job_tab switched.
    const mcr = (await api.get("suppliers?search=midland")).body.results[0];
    const saved = await api.put(`contacts/${mcr.id}`, { ...mcr, job_tab: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
});

describe("bounds (issue 15)", () => {
  it("refuses credit limits DynamoDB could not store or no business means, naming the field, and writes nothing", async () => {
    const before = await total();
    for (const credit_limit of [2 ** 53, 1e17, 10_000_000.01]) {
      const res = await api.post("contacts", partialCustomer(`Huge ${credit_limit}`, { credit_limit }));
      expect(res.status, String(credit_limit)).toBe(400);
      expect(res.body.errors).toEqual({ credit_limit: "Must be an amount from -£10,000,000 to £10,000,000" });
    }
    const negative = await api.post("contacts", partialCustomer("Negative Ltd", { credit_limit: -5 }));
    expect(negative.body.errors).toEqual({ credit_limit: "Credit Limit cannot be negative" });
    expect(await total()).toBe(before);
    // An opening balance may be negative (a customer in credit).
    const inCredit = await api.post("contacts", partialCustomer("In Credit Ltd", { opening_balance: -120.5, credit_limit: 10_000_000 }));
    expect(inCredit.status, JSON.stringify(inCredit.body)).toBe(201);
  });

  it("refuses a cost centre that does not exist", async () => {
    const res = await api.post("contacts", partialCustomer("Centres Ltd", { cost_centre_list: [999999] }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ "cost_centre_list.0": "Cost centre 999999 does not exist" });
  });
});
