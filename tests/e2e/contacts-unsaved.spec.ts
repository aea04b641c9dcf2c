import { expect, test } from "@playwright/test";
import { byLabel, signIn } from "./helpers";

test("contact page: unsaved list edits warn before leaving; history opens; credit usage is read-only", async ({ page }) => {
  await signIn(page);
  await page.goto("/contacts");
  await page.getByRole("table", { name: "Contacts" }).getByRole("link", { name: "Acme Builders Ltd" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Acme Builders Ltd" })).toBeVisible();
  // The demo's approved invoices and credit for Acme move its balance (core/accounts/balances.ts): opening £1,250.50
  // + hire £888.00 + movement £134.40 (Direct Van Hire) + sale £11,100.00 − credit £12.00 + parts £223.68.
  await expect(page.getByText("Direct Van Hire credit usage: £1,022.40")).toBeVisible();
  await expect(byLabel(page, "Opening balance")).toHaveValue("1,250.50");
  await expect(page.getByTestId("outstanding-balance")).toHaveText("£13,584.58");

  await page.getByRole("button", { name: "History" }).click();
  const history = page.getByRole("dialog", { name: "History: Acme Builders Ltd" });
  await expect(history.getByRole("table", { name: "History" })).toContainText("create");
  await page.keyboard.press("Escape");
  await expect(history).toBeHidden();

  // An edit outside the field inputs (a workshop contact) counts as unsaved.
  await page.getByRole("button", { name: "Add workshop contact" }).click();
  await page.getByLabel("Workshop contacts 1 Name").fill("Dev Patel");
  await page.evaluate(() => window.history.back());
  const guard = page.getByRole("dialog", { name: "Unsaved changes" });
  await expect(guard).toContainText("You have unsaved changes. Leave without saving them?");
  await guard.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page.getByLabel("Workshop contacts 1 Name")).toHaveValue("Dev Patel");
  await page.evaluate(() => window.history.back());
  await page.getByRole("dialog", { name: "Unsaved changes" }).getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/contacts$/);
});
