import { expect, test } from "@playwright/test";
import { signIn, uniq, openSettings, expectToast, rowWith, settingsTable, byLabel, typeInto } from "./helpers";
import { addEditDelete } from "./settings-helpers";

test("Quick Links: add, edit + save, history, delete", async ({ page }) => {
  const n = `Parts portal ${uniq()}`;
  await signIn(page);
  await addEditDelete(page, {
    title: "Quick Links",
    singular: "quick link",
    add: [
      { label: "Title", value: n },
      { label: "URL", value: "https://parts.example.co.uk/" },
    ],
    key: n,
    shows: ["https://parts.example.co.uk/"],
    edit: [{ label: "URL", value: "https://parts.example.co.uk/trade" }],
    editedKey: n,
    editedShows: ["https://parts.example.co.uk/trade"],
  });
});

test("Quick Links: a new link shows in the nav dropdown and opens in a new tab", async ({ page }) => {
  const n = `Supplier portal ${uniq()}`;
  await page.setViewportSize({ width: 1920, height: 900 }); // Quick Links on the bar itself, not under More
  await signIn(page);
  await openSettings(page, "Quick Links");
  const form = page.getByRole("form", { name: "Add quick link" });
  await typeInto(byLabel(form, "Title"), n);
  await typeInto(byLabel(form, "URL"), "not a url");
  await form.getByRole("button", { name: "Add" }).click();
  await expect(form).toContainText("Enter a full web address (https://...)");
  await typeInto(byLabel(form, "URL"), "https://supplier.example.com/");
  await form.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(rowWith(settingsTable(page, "Quick Links"), n)).toHaveCount(1);
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Quick Links" }).click();
  const item = page.getByRole("menu", { name: "Quick Links" }).getByRole("menuitem", { name: n });
  await expect(item).toHaveAttribute("href", "https://supplier.example.com/");
  await expect(item).toHaveAttribute("target", "_blank");
  await expect(item).toHaveAttribute("rel", /noopener/);
});
