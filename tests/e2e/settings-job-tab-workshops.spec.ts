import { expect, test, type Page } from "@playwright/test";
import { confirmDialog, expectToast, openSettings, signIn, uniq } from "./helpers";
import { apiOf } from "./workshop-jobs-helpers";

/** The contact save the screen sends (PUT contacts/{id}), answered. */
const contactSaved = (page: Page) => page.waitForResponse((r) => r.request().method() === "PUT" && /\/api\/contacts\/\d+$/.test(r.url()));

test("Job Tab Workshops: search suppliers from 2 characters, add, then remove", async ({ page }) => {
  await signIn(page);
  // A supplier of its own: the demo's workshops stay off the job tab for the
  // jobs list's EXTERNAL tab, even when a try of this test stops half way.
  const name = `Tabwork ${uniq()} Repairs`;
  const api = await apiOf(page);
  await api.post("contacts", {
    display_name: name, contact_type: "SP", company_email: "workshop@example.co.uk", company_phone: "0121 496 0001", company_phone_type: "Phone",
    company_phone_area_code: "0121", company_phone_country_code: "44", address_line1: "2 Trade Park", town: "Birmingham", region: "West Midlands",
    postcode: "B1 1AA", country: "United Kingdom", supplier_payment_terms: 30,
  }, 201);

  await openSettings(page, "Job Tab Workshops");
  const add = page.getByRole("button", { name: "Add workshop" });
  await expect(add).toBeDisabled();
  const search = page.getByRole("textbox", { name: "Workshop (supplier search)" });
  await search.pressSequentially("T");
  await expect(page.getByText("Type at least 2 characters")).toBeVisible();
  await search.pressSequentially(name.slice(1, 13));
  await page.getByRole("option", { name }).click();
  await expect(add).toBeEnabled();
  const added = contactSaved(page);
  await add.click();
  expect((await added).status()).toBe(200);
  await expectToast(page, "Success", "Data saved successfully.");
  const table = page.getByRole("table", { name: "Job Tab Workshops" });
  const row = table.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(add).toBeDisabled();

  const removed = contactSaved(page);
  await row.getByRole("button", { name: "Remove" }).click();
  await confirmDialog(page, "Remove");
  expect((await removed).status()).toBe(200);
  await expect(table.getByRole("row").filter({ hasText: name })).toHaveCount(0);
});
