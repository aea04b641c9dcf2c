import { expect, test } from "@playwright/test";
import { byLabel, signIn, typeInto } from "./helpers";

test("contact page: unsaved list edits warn before leaving; history opens; credit usage is read-only", async ({ page, request }) => {
  await signIn(page);
  await page.goto("/contacts");
  await page.getByRole("table", { name: "Contacts" }).getByRole("link", { name: "Acme Builders Ltd" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Acme Builders Ltd" })).toBeVisible();
  // The approved invoices, credits and payments for Acme move its balance (core/accounts/balances.ts): on the demo data alone,
  // opening £1,250.50 + hire £888.00 + movement £134.40 (Direct Van Hire) + sale £11,100.00 − credit £12.00 + parts £223.68
  // = £13,584.58; other browser tests may add Acme's invoices first, so the figures shown are checked against the API's.
  const id = Number(/\/editcontact\/(\d+)/.exec(page.url())![1]);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const acme = await (await request.get(`/api/contacts/${id}`, { headers: { Authorization: `Token ${token}` } })).json();
  const pounds = (n: number) => `£${n.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  expect(acme.outstanding_balance).toBeGreaterThanOrEqual(13_584.58);
  await expect(page.getByText(`Direct Van Hire credit usage: ${pounds(acme.direct_van_hire_credit_usage)}`)).toBeVisible();
  await expect(byLabel(page, "Opening balance")).toHaveValue("1,250.50");
  await expect(page.getByTestId("outstanding-balance")).toHaveText(pounds(acme.outstanding_balance));

  await page.getByRole("button", { name: "History" }).click();
  const history = page.getByRole("dialog", { name: "History: Acme Builders Ltd" });
  await expect(history.getByRole("table", { name: "History" })).toContainText("create");
  await page.keyboard.press("Escape");
  await expect(history).toBeHidden();

  // An edit outside the field inputs (a workshop contact) counts as unsaved.
  await page.getByRole("button", { name: "Add workshop contact" }).click();
  await typeInto(page.getByLabel("Workshop contacts 1 Name"), "Dev Patel");
  await page.evaluate(() => window.history.back());
  const guard = page.getByRole("dialog", { name: "Unsaved changes" });
  await expect(guard).toContainText("You have unsaved changes. Leave without saving them?");
  await guard.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page.getByLabel("Workshop contacts 1 Name")).toHaveValue("Dev Patel");
  await page.evaluate(() => window.history.back());
  await page.getByRole("dialog", { name: "Unsaved changes" }).getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/contacts$/);
});
