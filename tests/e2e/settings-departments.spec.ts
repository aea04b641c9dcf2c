import { expect, test } from "@playwright/test";
import { expectToast, rowWith, settingsTable, signIn, uniq, openSettings, byLabel, typeInto } from "./helpers";
import { addEditDelete } from "./settings-helpers";

test("Departments: add, edit + save (bank details), history, delete", async ({ page }) => {
  const n = `TRUCK HIRE ${uniq()}`;
  await signIn(page);
  await addEditDelete(page, {
    title: "Departments",
    singular: "department",
    add: [{ label: "Name", value: n }],
    key: n,
    edit: [
      { label: "Bank name", value: "Lloyds Bank" },
      { label: "Sort code", value: "30-90-89" },
      { label: "Account number", value: "12345678" },
      { label: "Registration footer", value: "Registered in England No. 0123" },
    ],
    editedKey: n,
    editedShows: ["Lloyds Bank", "30-90-89", "12345678", "Registered in England No. 0123"],
  });
});

test("Departments: the Hide checkbox saves immediately", async ({ page }) => {
  const n = `HIDE ME ${uniq()}`;
  await signIn(page);
  await openSettings(page, "Departments");
  const form = page.getByRole("form", { name: "Add department" });
  await typeInto(byLabel(form, "Name"), n);
  await form.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  const hide = rowWith(settingsTable(page, "Departments"), n).getByRole("checkbox", { name: `Hide ${n}` });
  await expect(hide).not.toBeChecked();
  await hide.check();
  await expectToast(page, "Success", "Data saved successfully.");
  await page.reload();
  await expect(rowWith(settingsTable(page, "Departments"), n).getByRole("checkbox", { name: `Hide ${n}` })).toBeChecked();
});
