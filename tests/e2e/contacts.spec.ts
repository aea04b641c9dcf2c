import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { byLabel, confirmDialog, expectToast, signIn, typeInto, uniq } from "./helpers";

const PARTIAL = "Display Name, Company Name, Company Phone, Company Email and at least 1 Account Code are required";
const CUSTOMER = "Display Name, Company Information, Payment Term Days and Account Codes are required";
const TYPE_CHANGE = "If a contact is both a supplier and a customer, you should create two separate contacts.";

test("contacts list: type filter, search, incomplete and deactivated filters live in the URL", async ({ page }) => {
  await signIn(page);
  await page.goto("/contacts");
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  const table = page.getByRole("table", { name: "Contacts" });
  await expect(table).toContainText("Acme Builders Ltd");
  await expect(table).not.toContainText("Old Mill Joinery"); // deactivated: hidden by default
  await page.getByLabel("Show deactivated").click(); // bound to the URL: it ticks once the URL has changed
  await expect(page).toHaveURL(/show_deactive=true/);
  await expect(table).toContainText("Old Mill Joinery");
  await page.getByRole("radiogroup", { name: "Contact type" }).getByText("Supplier").click();
  await expect(page).toHaveURL(/type=SP/);
  await expect(page.getByRole("heading", { level: 1, name: "Suppliers" })).toBeVisible();
  await expect(table).not.toContainText("Acme Builders Ltd");
  await page.getByRole("radiogroup", { name: "Contact type" }).getByText("Customer").click();
  await page.getByLabel("Only incomplete contacts").click();
  await expect(page).toHaveURL(/partial_view=YES/);
  await expect(table).toContainText("Brightside Cleaning");
  await expect(table).not.toContainText("Acme Builders Ltd");
  await page.getByLabel("Only incomplete contacts").click();
  await expect(page).not.toHaveURL(/partial_view/);
  // A search starts at 2 characters.
  await typeInto(page.getByLabel("Search"), "a");
  await expect(page).toHaveURL(/search=a(&|$)/);
  await expect(table).toContainText("Type at least 2 characters to search.");
  await typeInto(page.getByLabel("Search"), "ac");
  await expect(page).toHaveURL(/search=ac/);
  await expect(table).toContainText("Acme Builders Ltd");
  await expect(table).not.toContainText("Brightside Cleaning");
  await table.getByRole("link", { name: "Acme Builders Ltd" }).click();
  await expect(page).toHaveURL(/\/editcontact\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Acme Builders Ltd" })).toBeVisible();
  await expect(byLabel(page, "Display name")).toBeDisabled();
});

test("a new customer: each rule's message shows before sending, then it saves and moves to its id", async ({ page }) => {
  await signIn(page);
  await page.goto("/contacts");
  await page.getByRole("link", { name: "New" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New contact" })).toBeVisible();
  // Nothing is sent until every rule passes.
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/contacts") posts.push(r.url());
  });
  // The server's defaults: a partial customer, markups 0.
  await expect(byLabel(page, "Contact type")).toHaveValue("CC");
  await expect(page.getByLabel("Partial (incomplete) contact")).toBeChecked();
  await expect(byLabel(page, "Labour rate markup (%)")).toHaveValue("0");
  const name = `Harbour Plumbing ${uniq()}`;
  // A new contact is a partial customer: the partial rule applies.
  await typeInto(byLabel(page, "Display name"), name);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: PARTIAL })).toBeVisible();
  // A full customer needs company information, payment term days and an account code.
  await page.getByLabel("Partial (incomplete) contact").uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: CUSTOMER })).toBeVisible();
  await typeInto(byLabel(page, "Company name"), name);
  await typeInto(byLabel(page, "Company email"), "office@harbourplumbing.co.uk");
  await typeInto(byLabel(page, "Company phone"), "496 0000");
  await byLabel(page, "Phone type").selectOption({ label: "Landline" });
  await typeInto(byLabel(page, "Area code"), "0117");
  await typeInto(byLabel(page, "Country code"), "+44");
  await typeInto(byLabel(page, "Address line 1"), "2 Quay Street");
  await typeInto(byLabel(page, "Town"), "Bristol");
  await typeInto(byLabel(page, "Region"), "Avon");
  await typeInto(byLabel(page, "Postcode"), "BS1 4DJ");
  await typeInto(byLabel(page, "Country"), "United Kingdom");
  await typeInto(byLabel(page, "Payment term days"), "30");
  await page.getByRole("button", { name: "Fill Hire account code" }).click();
  await expect(byLabel(page, "Hire account code")).toHaveValue("01");
  await page.getByRole("button", { name: "Add additional contact" }).click();
  await typeInto(page.getByLabel("Additional contacts 1 Name"), "Sam Pipe");
  // E-mails must look like e-mails, in the lists too.
  await typeInto(page.getByLabel("Additional contacts 1 Email"), "sam at harbour");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Email must be a valid e-mail address")).toBeVisible();
  await typeInto(page.getByLabel("Additional contacts 1 Email"), "sam@harbourplumbing.co.uk");
  // A customer's markups are required (0 is a value).
  await byLabel(page, "Labour rate markup (%)").fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Labour Rate Markup is required" })).toBeVisible();
  await typeInto(byLabel(page, "Labour rate markup (%)"), "5");
  expect(posts).toHaveLength(0);
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(page).toHaveURL(/\/editcontact\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(byLabel(page, "Display name")).toBeDisabled();
  expect(posts).toHaveLength(1);
  await page.reload();
  await expect(page.getByLabel("Additional contacts 1 Name")).toHaveValue("Sam Pipe");
  await expect(page.getByLabel("Partial (incomplete) contact")).not.toBeChecked();
  await expect(byLabel(page, "Hire account code")).toHaveValue("01");
});

/** A partial customer made through the API, for the edit-page tests. */
async function partialCustomer(page: Page, request: APIRequestContext, prefix: string) {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { Authorization: `Token ${token}` };
  const name = `${prefix} ${uniq()}`;
  const made = await request.post("/api/contacts", {
    headers,
    data: { display_name: name, company_name: name, company_phone: "0121 496 0000", company_email: "a@quickparts.co.uk", part_account_code: "05" },
  });
  expect(made.status()).toBe(201);
  return { contact: await made.json(), headers, name };
}

test("changing the type asks first; switching to supplier clears the partial flag and the supplier rule applies", async ({ page, request }) => {
  await signIn(page);
  const { contact, headers } = await partialCustomer(page, request, "Quick Parts");
  await page.goto(`/editcontact/${contact.id}`);
  await expect(page.getByLabel("Partial (incomplete) contact")).toBeChecked();
  // Cancel keeps the type.
  await byLabel(page, "Contact type").selectOption("SP");
  await expect(page.getByRole("dialog")).toContainText(TYPE_CHANGE);
  await confirmDialog(page, "Cancel");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(byLabel(page, "Contact type")).toHaveValue("CC");
  await expect(page.getByRole("group", { name: "Customer", exact: true })).toBeVisible();
  // Continue switches it and clears the partial flag.
  await byLabel(page, "Contact type").selectOption("SP");
  await expect(page.getByRole("dialog")).toContainText(TYPE_CHANGE);
  await confirmDialog(page, "Continue");
  await expect(byLabel(page, "Contact type")).toHaveValue("SP");
  await expect(page.getByLabel("Partial (incomplete) contact")).not.toBeChecked();
  await expect(page.getByLabel("Partial (incomplete) contact")).toBeDisabled();
  await expect(page.getByRole("group", { name: "Supplier" })).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The following fields are required: Phone Type, Address Line 1, Town, Region, Postcode, Country, Supplier Payment Terms" })).toBeVisible();
  await byLabel(page, "Phone type").selectOption({ label: "Mobile" });
  await typeInto(byLabel(page, "Country code"), "+44");
  await typeInto(byLabel(page, "Address line 1"), "1 Mill Lane");
  await typeInto(byLabel(page, "Town"), "Walsall");
  await typeInto(byLabel(page, "Region"), "West Midlands");
  await typeInto(byLabel(page, "Postcode"), "WS1 1AA");
  await typeInto(byLabel(page, "Country"), "United Kingdom");
  await typeInto(byLabel(page, "Supplier payment terms (days)"), "14");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  const saved = await (await request.get(`/api/contacts/${contact.id}`, { headers })).json();
  expect(saved).toMatchObject({ contact_type: "SP", partial_contact: false, supplier_payment_terms: 14 });
});

test("a stale save shows the server's edited-elsewhere message and keeps the edits; delete asks first", async ({ page, request }) => {
  await signIn(page);
  const { contact, headers } = await partialCustomer(page, request, "Stale Motors");
  await page.goto(`/editcontact/${contact.id}`);
  await expect(byLabel(page, "Notes")).toHaveValue("");
  // Someone else saves meanwhile, more than the 1-second freshness window (003 §9) after the copy on screen.
  const age = Date.now() - Date.parse(contact.last_saved);
  if (age < 1200) await page.waitForTimeout(1200 - age);
  const other = await request.put(`/api/contacts/${contact.id}`, { headers, data: { free_text: "changed elsewhere", last_saved: contact.last_saved } });
  expect(other.status()).toBe(200);
  await typeInto(byLabel(page, "Notes"), "my note");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Error", "An error occurred! This record was edited elsewhere since you opened it: reload to see the latest version.");
  await expect(byLabel(page, "Notes")).toHaveValue("my note");
  expect((await (await request.get(`/api/contacts/${contact.id}`, { headers })).json()).free_text).toBe("changed elsewhere");
  // Delete: cancel keeps it, confirm removes it and goes back to the list.
  await page.getByRole("button", { name: "Delete" }).click();
  await confirmDialog(page, "Cancel");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/editcontact/${contact.id}$`));
  await page.getByRole("button", { name: "Delete" }).click();
  await confirmDialog(page);
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(page).toHaveURL(/\/contacts$/);
  expect((await request.get(`/api/contacts/${contact.id}`, { headers })).status()).toBe(404);
});

test("customer account balance lists active customers with their figures and opens one", async ({ page, request }) => {
  await signIn(page);
  await page.goto("/accountbalance");
  await expect(page.getByRole("heading", { level: 1, name: "Customer Account Balance" })).toBeVisible();
  const table = page.getByRole("table", { name: "Customer Account Balance" });
  for (const h of ["Display name", "Company phone", "Credit limit", "Outstanding balance", "Partial contact"]) await expect(table.getByRole("columnheader", { name: h })).toBeVisible();
  const acme = table.getByRole("row").filter({ hasText: "Acme Builders Ltd" });
  await expect(acme).toContainText("07700 900123");
  await expect(acme).toContainText("£5,000.00");
  // The outstanding balance: the opening balance plus the demo's invoices, credits and payments (core/accounts/balances.ts), as the API answers it.
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const found = await (await request.get("/api/contacts?contact_type=CC&search=acme", { headers: { Authorization: `Token ${token}` } })).json();
  const acmeId = found.results.find((c: { display_name: string }) => c.display_name === "Acme Builders Ltd").id;
  const balance = (await (await request.get(`/api/contacts/${acmeId}`, { headers: { Authorization: `Token ${token}` } })).json()).outstanding_balance as number;
  expect(balance).not.toBe(1250.5); // more than the opening balance: the demo invoices count
  await expect(acme).toContainText(`£${balance.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  await expect(acme.getByRole("cell").last()).toHaveText("No");
  await expect(table.getByRole("row").filter({ hasText: "Brightside Cleaning" }).getByRole("cell").last()).toHaveText("Yes");
  // Suppliers and deactivated customers are not on it.
  await expect(table).not.toContainText("Midland Commercial Repairs");
  await expect(table).not.toContainText("Old Mill Joinery");
  await typeInto(page.getByLabel("Search"), "br");
  await expect(page).toHaveURL(/search=br/);
  await expect(table).not.toContainText("Acme Builders Ltd");
  await table.getByRole("link", { name: "Brightside Cleaning" }).click();
  await expect(page).toHaveURL(/\/editcontact\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Brightside Cleaning" })).toBeVisible();
});
