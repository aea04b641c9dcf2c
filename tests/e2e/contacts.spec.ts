import { expect, test } from "@playwright/test";
import { byLabel, confirmDialog, expectToast, signIn, uniq } from "./helpers";

const PARTIAL = "Display Name, Company Name, Company Phone, Company Email and at least 1 Account Code are required";
const CUSTOMER = "Display Name, Company Information, Payment Term Days and Account Codes are required";

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
  await page.getByLabel("Search").fill("ac");
  await expect(page).toHaveURL(/search=ac/);
  await expect(table).toContainText("Acme Builders Ltd");
  await expect(table.getByRole("row")).toHaveCount(2);
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
  await byLabel(page, "Display name").fill(name);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: PARTIAL })).toBeVisible();
  // A full customer needs company information, payment term days and an account code.
  await page.getByLabel("Partial (incomplete) contact").uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: CUSTOMER })).toBeVisible();
  await byLabel(page, "Company name").fill(name);
  await byLabel(page, "Company email").fill("office@harbourplumbing.co.uk");
  await byLabel(page, "Company phone").fill("496 0000");
  await byLabel(page, "Phone type").selectOption({ label: "Landline" });
  await byLabel(page, "Area code").fill("0117");
  await byLabel(page, "Country code").fill("+44");
  await byLabel(page, "Address line 1").fill("2 Quay Street");
  await byLabel(page, "Town").fill("Bristol");
  await byLabel(page, "Region").fill("Avon");
  await byLabel(page, "Postcode").fill("BS1 4DJ");
  await byLabel(page, "Country").fill("United Kingdom");
  await byLabel(page, "Payment term days").fill("30");
  await page.getByRole("button", { name: "Fill Hire account code" }).click();
  await expect(byLabel(page, "Hire account code")).toHaveValue("01");
  await page.getByRole("button", { name: "Add additional contact" }).click();
  await page.getByLabel("Additional contacts 1 Name").fill("Sam Pipe");
  // E-mails must look like e-mails, in the lists too.
  await page.getByLabel("Additional contacts 1 Email").fill("sam at harbour");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Email must be a valid e-mail address")).toBeVisible();
  await page.getByLabel("Additional contacts 1 Email").fill("sam@harbourplumbing.co.uk");
  // A customer's markups are required (0 is a value).
  await byLabel(page, "Labour rate markup (%)").fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Labour Rate Markup is required" })).toBeVisible();
  await byLabel(page, "Labour rate markup (%)").fill("5");
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

test("changing the type asks first; supplier clears the partial flag; a stale save gets 409 and keeps edits; delete", async ({ page, request }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const name = `Quick Parts ${uniq()}`;
  const made = await request.post("/api/contacts", {
    headers: { Authorization: `Token ${token}` },
    data: { display_name: name, company_name: name, company_phone: "0121 496 0000", company_email: "a@quickparts.co.uk", part_account_code: "05" },
  });
  expect(made.status()).toBe(201);
  const contact = await made.json();
  await page.goto(`/editcontact/${contact.id}`);
  await expect(page.getByLabel("Partial (incomplete) contact")).toBeChecked();
  await byLabel(page, "Contact type").selectOption("SP");
  await expect(page.getByRole("dialog")).toContainText("If a contact is both a supplier and a customer, you should create two separate contacts.");
  await confirmDialog(page, "Continue");
  await expect(page.getByLabel("Partial (incomplete) contact")).not.toBeChecked();
  await expect(page.getByRole("group", { name: "Supplier" })).toBeVisible();
  // Someone else saves meanwhile.
  const other = await request.put(`/api/contacts/${contact.id}`, { headers: { Authorization: `Token ${token}` }, data: { ...contact, free_text: "changed elsewhere" } });
  expect(other.status()).toBe(200);
  await byLabel(page, "Notes").fill("my note");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /The following fields are required|edited elsewhere/ }).first()).toBeVisible();
  await byLabel(page, "Contact type").selectOption("CC");
  await confirmDialog(page, "Continue");
  await page.getByLabel("Partial (incomplete) contact").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Error", /edited elsewhere/);
  await expect(byLabel(page, "Notes")).toHaveValue("my note");
  await page.reload();
  await page.getByRole("button", { name: "Delete" }).click();
  await confirmDialog(page);
  await expect(page).toHaveURL(/\/contacts$/);
  expect((await request.get(`/api/contacts/${contact.id}`, { headers: { Authorization: `Token ${token}` } })).status()).toBe(404);
});

test("customer account balance lists customers and opens one", async ({ page }) => {
  await signIn(page);
  await page.goto("/accountbalance");
  await expect(page.getByRole("heading", { level: 1, name: "Customer Account Balance" })).toBeVisible();
  const table = page.getByRole("table", { name: "Customer Account Balance" });
  await expect(table).toContainText("Acme Builders Ltd");
  await expect(table).toContainText("£");
  await table.getByRole("link", { name: "Acme Builders Ltd" }).click();
  await expect(page).toHaveURL(/\/editcontact\/\d+$/);
});
