import { expect, test } from "@playwright/test";
import { editingRow, expectToast, openSettings, rowWith, settingsTable, signIn, uniq, byLabel, typeInto } from "./helpers";
import { addEditDelete } from "./settings-helpers";

test("Fitters: add, edit + save, history, delete", async ({ page }) => {
  const n = `Kim ${uniq()}`;
  await signIn(page);
  await addEditDelete(page, {
    title: "Fitters",
    singular: "fitter",
    add: [{ label: "Name", value: n }],
    key: n,
    edit: [{ label: "Name", value: `${n} Jones` }],
    editedKey: `${n} Jones`,
  });
});

test("Fitters: hidden fitters show only with 'Show hidden'", async ({ page }) => {
  const n = `Hidden fitter ${uniq()}`;
  await signIn(page);
  await openSettings(page, "Fitters");
  const form = page.getByRole("form", { name: "Add fitter" });
  await typeInto(byLabel(form, "Name"), n);
  await form.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  const table = settingsTable(page, "Fitters");
  await rowWith(table, n).getByRole("button", { name: "Edit" }).click();
  await byLabel(editingRow(table), "Hidden").check();
  await editingRow(table).getByRole("button", { name: "Save" }).click();
  await expect(rowWith(table, n)).toHaveCount(0);
  await page.getByLabel("Show hidden").check();
  await expect(page).toHaveURL(/show_hide=true/);
  await expect(rowWith(table, n)).toContainText("Yes");
});
