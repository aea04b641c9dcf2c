import { expect, test } from "@playwright/test";
import { clearToasts, confirmDialog, expectToast, openSettings, signIn, uniq, typeInto } from "./helpers";

test("Tracking Categories: create with options, edit + save, history, delete", async ({ page }) => {
  const n = `Region ${uniq()}`;
  await signIn(page);
  await openSettings(page, "Tracking Categories");
  const form = page.getByRole("form", { name: "New tracking category" });
  await form.getByRole("button", { name: "Create category" }).click();
  await expect(form).toContainText("Name is required");
  await typeInto(form.getByLabel("Category name"), n);
  await typeInto(form.getByLabel("Option 1 name"), "North");
  await form.getByRole("button", { name: "Add option" }).click();
  await typeInto(form.getByLabel("Option 2 name"), "South");
  await form.getByRole("button", { name: "Add option" }).click();
  await form.getByRole("button", { name: "Remove option 3" }).click();
  await form.getByRole("button", { name: "Create category" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await clearToasts(page);

  const card = page.getByRole("region", { name: `Tracking category ${n}` });
  await expect(card.getByRole("table", { name: `${n} options` })).toContainText("North");
  await expect(card).toContainText("South");
  await expect(card).toContainText("ACTIVE");

  await card.getByRole("button", { name: "Edit" }).click();
  await typeInto(card.getByLabel("Option 2 name"), "South West");
  await card.getByRole("button", { name: "Add option" }).click();
  await typeInto(card.getByLabel("Option 3 name"), "Midlands");
  await card.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(card).toContainText("South West");
  await expect(card).toContainText("Midlands");

  await card.getByRole("button", { name: "History" }).click();
  await expect(page.getByRole("dialog").getByRole("table", { name: "History" })).toContainText("update");
  await page.keyboard.press("Escape");

  // The new options are offered on Movement Types.
  await openSettings(page, "Movement Types");
  await expect(page.getByRole("form", { name: "Add movement type" }).getByLabel("Tracking option").locator("option", { hasText: `${n}: Midlands` })).toHaveCount(1);

  await openSettings(page, "Tracking Categories");
  await page.getByRole("region", { name: `Tracking category ${n}` }).getByRole("button", { name: "Delete" }).click();
  await confirmDialog(page, "Delete");
  await expect(page.getByRole("region", { name: `Tracking category ${n}` })).toHaveCount(0);
});
