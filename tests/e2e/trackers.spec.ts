import { expect, test, type Page } from "@playwright/test";
import { byLabel, clearToasts, confirmDialog, editingRow, expectToast, rowWith, signIn, typeAndLeave, typeInto } from "./helpers";

/** /trackers (000 §3, §4, §7): figures, views all/active/inactive, add/edit/delete, assignment. */

const trackers = (page: Page) => page.getByRole("table", { name: "Vehicle Trackers" });
const unusedOptions = (page: Page) => page.getByLabel("Unused tracker").locator("option");

async function assign(page: Page, imei: string, search: string, reg: string) {
  await page.getByLabel("Unused tracker").selectOption({ label: imei });
  await page.getByLabel("Vehicle", { exact: true }).pressSequentially(search);
  await page.getByRole("option", { name: new RegExp(reg) }).click();
  await clearToasts(page);
  await page.getByRole("button", { name: "Assign" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
}

test("tracker figures for a range: active count, per type count and total cost", async ({ page }) => {
  await signIn(page);
  await page.goto("/trackers");
  // This month by default: the four active demo trackers.
  await expect(page.getByTestId("active-count")).toContainText(/Active: [4-9]/);
  const costs = page.getByRole("table", { name: "Tracker costs" });
  await expect(costs).toContainText("Standard GPS");
  await expect(costs).toContainText("Immobiliser GPS");
  // The first quarter of 2023: only the retired tracker (activated 10/01/2023): 3 months at £9.99 plus £50 upfront.
  await typeAndLeave(page, page.getByLabel("Start"), "01/01/2023");
  await typeAndLeave(page, page.getByLabel("End"), "31/03/2023");
  await expect(page.getByLabel("Start")).toHaveValue("01/01/2023");
  await expect(page.getByLabel("End")).toHaveValue("31/03/2023");
  await expect(page).toHaveURL(/start_date=2023-01-01/);
  await expect(page).toHaveURL(/end_date=2023-03-31/);
  await expect(page.getByTestId("active-count")).toHaveText("Active: 1");
  await expect(page.getByText("01/01/2023 to 31/03/2023")).toBeVisible();
  await expect(rowWith(costs, "Standard GPS").getByRole("cell")).toHaveText(["Standard GPS", "1", "£79.97"]);
  await expect(rowWith(costs, "Immobiliser GPS").getByRole("cell")).toHaveText(["Immobiliser GPS", "0", "£0.00"]);
});

test("views default to active; trackers are added, edited, assigned from the unused ones only, and deleted", async ({ page }) => {
  await signIn(page);
  await page.goto("/trackers");
  const view = page.getByRole("radiogroup", { name: "View" });
  await expect(view.getByRole("radio", { name: "Active", exact: true })).toBeChecked();
  await expect(trackers(page)).toContainText("356938035643801");
  await expect(trackers(page)).not.toContainText("356938035643799"); // retired
  await view.getByText("Inactive").click();
  await expect(page).toHaveURL(/view=inactive/);
  await expect(trackers(page)).toContainText("356938035643799");
  await expect(trackers(page)).not.toContainText("356938035643801");
  await view.getByText("All").click();
  await expect(page).toHaveURL(/view=all/);
  await expect(trackers(page)).toContainText("356938035643799");
  await expect(trackers(page)).toContainText("356938035643801");
  await view.getByText("Active", { exact: true }).click();
  await expect(page).not.toHaveURL(/view=/);

  // Two new trackers.
  const stamp = String(Date.now()).slice(-9);
  const [a, b] = [`991${stamp}1`, `991${stamp}2`];
  const add = page.getByRole("form", { name: "Add tracker" });
  for (const imei of [a, b]) {
    await typeInto(byLabel(add, "IMEI"), imei);
    await byLabel(add, "Type").selectOption({ label: "Standard GPS" });
    await typeAndLeave(page, byLabel(add, "Activated"), "01/11/2026");
    await expect(byLabel(add, "Activated")).toHaveValue("01/11/2026");
    await add.getByRole("button", { name: "Add" }).click();
    await expectToast(page, "Success", "Data saved successfully.");
    await clearToasts(page);
  }
  await expect(rowWith(trackers(page), a)).toContainText("Standard GPS");
  await expect(unusedOptions(page).filter({ hasText: a })).toHaveCount(1);
  // Edit: the type.
  await rowWith(trackers(page), b).getByRole("button", { name: "Edit" }).click();
  await byLabel(editingRow(trackers(page)), "Type").selectOption({ label: "Immobiliser GPS" });
  await editingRow(trackers(page)).getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(rowWith(trackers(page), b)).toContainText("Immobiliser GPS");

  // Assign A to BV21 KLM: it leaves the unused list.
  await assign(page, a, "bv21", "BV21 KLM");
  await expect(rowWith(trackers(page), a)).toContainText("BV21 KLM");
  await expect(unusedOptions(page).filter({ hasText: a })).toHaveCount(0);
  // Trackers in use (YK23 HVA's) are never offered.
  await expect(unusedOptions(page).filter({ hasText: "356938035643801" })).toHaveCount(0);
  // Assigning B to the same van frees A (its vehicle set to null).
  await assign(page, b, "bv21", "BV21 KLM");
  await expect(rowWith(trackers(page), b)).toContainText("BV21 KLM");
  await expect(rowWith(trackers(page), a)).not.toContainText("BV21 KLM");
  await expect(unusedOptions(page).filter({ hasText: a })).toHaveCount(1);

  // Delete A.
  await clearToasts(page);
  await rowWith(trackers(page), a).getByRole("button", { name: "Delete" }).click();
  await confirmDialog(page);
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(rowWith(trackers(page), a)).toHaveCount(0);
});
