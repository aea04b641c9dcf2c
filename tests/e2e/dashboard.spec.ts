import { expect, test } from "@playwright/test";
import { expectToast, signIn } from "./helpers";

test("the dashboard opens weekly and monthly, with its glossary, homepage totals and the week's rentals", async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole("region", { name: "Rentals panel" })).toBeVisible();
  await expect(page.getByRole("radiogroup", { name: "Timeframe" }).getByRole("radio", { name: "Weekly" })).toBeChecked();
  await expect(page.getByTestId("rentals-st-income")).toContainText("£");
  const cal = page.getByRole("table", { name: "Weekly rentals calendar" });
  await expect(cal.getByRole("columnheader").nth(1)).toContainText("Mon");
  await expect(cal.getByRole("columnheader").nth(7)).toContainText("Sun");
  await page.getByRole("radiogroup", { name: "Timeframe" }).getByText("Monthly").click();
  await expect(page).toHaveURL(/timeframe=monthly/);
  await expect(page.getByRole("region", { name: "Totals panel", exact: true })).toContainText("Target (month)");
  await page.getByRole("button", { name: "Info" }).click();
  await expect(page.getByRole("dialog", { name: "Figure Details" })).toContainText("Rentals income");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("table", { name: "Incomplete Contacts" })).toContainText("Brightside Cleaning");
  await expect(page.getByRole("table", { name: "Courtesy Cars" })).toContainText("YK23 HVB");
  const totals = page.getByRole("region", { name: "Homepage totals panel" });
  await totals.getByLabel("Short term").fill("1500");
  await totals.getByRole("button", { name: "Save totals" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await page.reload();
  await expect(page.getByRole("region", { name: "Homepage totals panel" }).getByLabel("Short term")).toHaveValue("1500");
  // Courtesy car location edits inline.
  const loc = page.getByLabel("Location of YK23 HVB");
  await loc.fill("Leeds branch");
  await loc.blur();
  await page.reload();
  await expect(page.getByLabel("Location of YK23 HVB")).toHaveValue("Leeds branch");
});
