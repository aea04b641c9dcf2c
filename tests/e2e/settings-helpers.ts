import { expect, type Locator, type Page } from "@playwright/test";
import { byLabel, clearToasts, confirmDialog, editingRow, expectToast, openSettings, rowWith, settingsTable, typeAndLeave, typeInto } from "./helpers";

/** A value to put in a labelled input: text/number by default (typed key by key as staff type; "" clears the field; a DD/MM/YYYY date is left with Tab), a select option label, or a checkbox. */
export type Fill = { label: string; value: string } | { label: string; select: string } | { label: string; check: boolean };

export async function fill(scope: Locator, fields: Fill[]) {
  for (const f of fields) {
    const input = byLabel(scope, f.label);
    if ("select" in f) await input.selectOption({ label: f.select });
    else if ("check" in f) await input.setChecked(f.check);
    else if (f.value === "") await input.fill("");
    else if (/^\d{2}\/\d{2}\/\d{4}$/.test(f.value)) await typeAndLeave(input.page(), input, f.value);
    else await typeInto(input, f.value);
  }
}

export type CrudCase = {
  /** Side-list entry and heading. */
  title: string;
  /** The add box is the form named 'Add <singular>'. */
  singular: string;
  add: Fill[];
  /** Text that identifies the new row, and other text the row must show. */
  key: string;
  shows?: string[];
  edit: Fill[];
  /** Text identifying the row after the save, and other text it must show. */
  editedKey: string;
  editedShows?: string[];
};

/**
 * Add, edit + save, history and delete on one generic settings screen,
 * checking the spec's toasts (003 §8) along the way.
 */
export async function addEditDelete(page: Page, c: CrudCase) {
  await openSettings(page, c.title);
  const table = settingsTable(page, c.title);
  await expect(table).toBeVisible();

  // Add
  const form = page.getByRole("form", { name: `Add ${c.singular}` });
  await fill(form, c.add);
  await form.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  // Lists run in id order: a new record is on the last page.
  await page.waitForLoadState("networkidle");
  const pages = page.getByRole("button", { name: /^Page \d+$/ });
  if (await pages.count()) await pages.last().click();
  const row = rowWith(table, c.key);
  await expect(row).toHaveCount(1);
  for (const t of c.shows ?? []) await expect(row).toContainText(t);
  await clearToasts(page);

  // Edit + save: the row turns into inputs, Save returns it to read-only.
  await row.getByRole("button", { name: "Edit" }).click();
  const editing = editingRow(table);
  await expect(editing).toHaveCount(1);
  await fill(editing, c.edit);
  await editing.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(editingRow(table)).toHaveCount(0);
  const edited = rowWith(table, c.editedKey);
  await expect(edited).toHaveCount(1);
  for (const t of c.editedShows ?? []) await expect(edited).toContainText(t);
  await clearToasts(page);

  // History shows the create and the update.
  await edited.getByRole("button", { name: "History" }).click();
  const dialog = page.getByRole("dialog");
  const history = dialog.getByRole("table", { name: "History" });
  await expect(history).toBeVisible();
  await expect(history.getByRole("row")).toHaveCount(3);
  await expect(history).toContainText("create");
  await expect(history).toContainText("update");
  await expect(history).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // Delete with a confirm.
  await edited.getByRole("button", { name: "Delete" }).click();
  await confirmDialog(page, "Delete");
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(rowWith(table, c.editedKey)).toHaveCount(0);
}
