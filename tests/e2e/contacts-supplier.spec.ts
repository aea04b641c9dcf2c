import { expect, test } from "@playwright/test";
import { byLabel, expectToast, signIn, uniq, typeInto } from "./helpers";

const REQUIRED = "The following fields are required: ";

test("a new supplier from the Suppliers list: the warning lists exactly what is missing before sending, then it saves", async ({ page }) => {
  await signIn(page);
  await page.goto("/contacts?type=SP");
  await expect(page.getByRole("heading", { level: 1, name: "Suppliers" })).toBeVisible();
  await page.getByRole("link", { name: "New" }).click();
  await expect(page).toHaveURL(/\/editcontact\?type=SP$/);
  await expect(page.getByRole("heading", { level: 1, name: "New contact" })).toBeVisible();
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/contacts") posts.push(r.url());
  });
  // The server's supplier defaults: never partial, labour rate 40, the supplier extras shown.
  await expect(byLabel(page, "Contact type")).toHaveValue("SP");
  await expect(page.getByLabel("Partial (incomplete) contact")).not.toBeChecked();
  await expect(page.getByLabel("Partial (incomplete) contact")).toBeDisabled();
  await expect(byLabel(page, "Supplier labour charge (£ per hour)")).toHaveValue("40.00");
  await expect(page.getByRole("group", { name: "Supplier" })).toBeVisible();

  const warning = page.getByRole("alert").filter({ hasText: REQUIRED });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(warning).toHaveText(
    new RegExp(`${REQUIRED}Company Phone, Phone Type, Address Line 1, Town, Region, Postcode, Country, Display Name, Company Email, Supplier Payment Terms$`),
  );
  const name = `Severn Commercials ${uniq()}`;
  await typeInto(byLabel(page, "Display name"), name);
  await typeInto(byLabel(page, "Company email"), "accounts@severncommercials.co.uk");
  await typeInto(byLabel(page, "Company phone"), "496 0101");
  // A landline needs an area code and a country code.
  await byLabel(page, "Phone type").selectOption({ label: "Landline" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(warning).toHaveText(new RegExp(`${REQUIRED}Area Code, Country Code, Address Line 1, Town, Region, Postcode, Country, Supplier Payment Terms$`));
  await expect(page.getByText("Area Code is required")).toBeVisible();
  // A fax needs neither.
  await byLabel(page, "Phone type").selectOption({ label: "Fax" });
  await typeInto(byLabel(page, "Address line 1"), "Unit 7, Quedgeley Trading Estate");
  await typeInto(byLabel(page, "Town"), "Gloucester");
  await typeInto(byLabel(page, "Region"), "Gloucestershire");
  await typeInto(byLabel(page, "Postcode"), "GL2 4PA");
  await typeInto(byLabel(page, "Country"), "United Kingdom");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(warning).toHaveText(new RegExp(`${REQUIRED}Supplier Payment Terms$`));
  await typeInto(byLabel(page, "Supplier payment terms (days)"), "30");
  await byLabel(page, "Payment terms start").selectOption({ label: "Month End" });
  // Rates cannot be negative.
  await typeInto(byLabel(page, "LCV rate"), "-5");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("LCV Rate cannot be negative")).toBeVisible();
  await typeInto(byLabel(page, "LCV rate"), "62.5");
  expect(posts).toHaveLength(0);

  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(page).toHaveURL(/\/editcontact\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  expect(posts).toHaveLength(1);
  await expect(byLabel(page, "Payment terms start")).toHaveValue("MONTH");
  await expect(byLabel(page, "LCV rate")).toHaveValue("62.50");

  // The supplier typeahead (2+ characters) finds it.
  await page.goto("/contacts?type=SP");
  await page.getByLabel("Search").pressSequentially(name.slice(0, 12));
  await expect(page.getByRole("table", { name: "Contacts" })).toContainText(name);
});
