import { expect, test } from "@playwright/test";
import { expectToast, openSettings, signIn, typeInto } from "./helpers";

test("Defaults: one form, saved with PUT appdefaults and kept after reload", async ({ page }) => {
  await signIn(page);
  await openSettings(page, "Defaults");
  const form = page.getByRole("form", { name: "Defaults" });
  const rate = form.getByLabel("Default labour estimate rate (£ per hour)");
  await expect(rate).not.toHaveValue("");
  const value = String(50 + Math.floor(Math.random() * 40));
  await typeInto(rate, value);
  await typeInto(form.getByLabel("Default parts markup (percent)"), "27.5");
  await form.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await page.reload();
  await expect(page.getByRole("form", { name: "Defaults" }).getByLabel("Default labour estimate rate (£ per hour)")).toHaveValue(`${value}.00`);
  await expect(page.getByRole("form", { name: "Defaults" }).getByLabel("Default parts markup (percent)")).toHaveValue("27.5");
});
