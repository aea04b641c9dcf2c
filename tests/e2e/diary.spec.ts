import { expect, test } from "@playwright/test";
import { byLabel, clearToasts, editingRow, expectToast, rowWith, signIn, typeAndLeave, typeInto, uniq } from "./helpers";

/**
 * The diary's time (003 §3 Diary entry `time`): the one TimeField of the
 * screens (web/src/platform/form/TimeField.tsx, the definition's `kind:
 * "time"`), typed as staff type it and read as 24-hour HH:MM on leaving;
 * the server's rule is TIME_OF_DAY (core/accounts/diary-rules.ts), whose
 * message the field shows for a time that is none.
 */
test("diary: a time typed as staff type it ('930') is saved as 09:30; a wrong one is refused at the field with the message", async ({ page }) => {
  await signIn(page);
  const task = `e2e time ${uniq()}`;
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  await page.goto("/diary");
  const add = page.getByRole("form", { name: "Add diary entry" });
  await typeInto(byLabel(add, "Task For"), task);
  await typeAndLeave(page, byLabel(add, "Start date"), today.split("-").reverse().join("/"));

  // No time of day: kept as typed, refused at the field with the server's message, nothing saved.
  await typeInto(byLabel(add, "Time"), "2575");
  await expect(byLabel(add, "Time")).toHaveValue("2575");
  await add.getByRole("button", { name: "Add" }).click();
  await expect(add.getByText("Must be a time of day (HH:MM)")).toBeVisible();

  // As staff type it: read as 24-hour HH:MM on leaving the field.
  await typeInto(byLabel(add, "Time"), "930");
  await expect(byLabel(add, "Time")).toHaveValue("09:30");
  await add.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "Success", "Data saved successfully.");

  // Read back: the table's row, and the stored entry.
  const table = page.getByRole("table", { name: "Diary" });
  const row = rowWith(table, task);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("09:30");
  await clearToasts(page);

  // The table's row edits the time with the same field: '9:75' refused there, '14.05' read as 14:05.
  await row.getByRole("button", { name: "Edit" }).click();
  await typeInto(byLabel(editingRow(table), "Time"), "9:75");
  await editingRow(table).getByRole("button", { name: "Save" }).click();
  await expect(editingRow(table).getByText("Must be a time of day (HH:MM)")).toBeVisible();
  await typeInto(byLabel(editingRow(table), "Time"), "14.05");
  await expect(byLabel(editingRow(table), "Time")).toHaveValue("14:05");
  await editingRow(table).getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(rowWith(table, task)).toContainText("14:05");
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const list = await (await page.request.get(`/api/diaryentries?start_date=${today}&end_date=${today}`, { headers: { Authorization: `Token ${token}` } })).json();
  expect(list.results.find((e: { task_for: string }) => e.task_for === task)?.time).toBe("14:05");
});
