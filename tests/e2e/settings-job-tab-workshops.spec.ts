import { expect, test } from "@playwright/test";
import { confirmDialog, expectToast, openSettings, signIn } from "./helpers";

test("Job Tab Workshops: search suppliers from 2 characters, add, then remove", async ({ page }) => {
  await signIn(page);
  await openSettings(page, "Job Tab Workshops");
  const add = page.getByRole("button", { name: "Add workshop" });
  await expect(add).toBeDisabled();
  const search = page.getByRole("textbox", { name: "Workshop (supplier search)" });
  await search.fill("M");
  await expect(page.getByText("Type at least 2 characters")).toBeVisible();
  await search.fill("Midland");
  await page.getByRole("option", { name: "Midland Commercial Repairs" }).click();
  await expect(add).toBeEnabled();
  await add.click();
  await expectToast(page, "Success", "Data saved successfully.");
  const table = page.getByRole("table", { name: "Job Tab Workshops" });
  const row = table.getByRole("row").filter({ hasText: "Midland Commercial Repairs" });
  await expect(row).toHaveCount(1);
  await expect(add).toBeDisabled();

  await row.getByRole("button", { name: "Remove" }).click();
  await confirmDialog(page, "Remove");
  await expect(table.getByRole("row").filter({ hasText: "Midland Commercial Repairs" })).toHaveCount(0);
});
