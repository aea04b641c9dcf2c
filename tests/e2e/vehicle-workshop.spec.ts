import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";
import { apiOf, makeJob, refsOf } from "./workshop-jobs-helpers";

/**
 * What the vehicle page and the dashboard show of job cards (000 §2, 001 §2):
 * a job made through the API for a fresh van appears in the van's
 * 'Quotes/Jobs already in progress for this vehicle' modal and Service
 * Record (filter, print selected with totals), and in the dashboard's Jobs
 * Starting Today and Workshop panels.
 */
test("a van's job shows in its in-progress modal, service record and the dashboard's Jobs Starting Today", async ({ page }) => {
  await signIn(page);
  const jobsApi = await apiOf(page);
  const refs = await refsOf(jobsApi, "bv21");
  const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
  const reg = `WS ${tag}`;
  const van = await jobsApi.post("createvehicle", { registration: reg, variant: "L1H1", vin_number: `VIN${Date.now()}`, location: "Yard", fleet_number: `8${String(Date.now()).slice(-6)}`, vehicle_status: "ACTIVE" });
  const today = new Date().toLocaleDateString("en-CA", { timeZone: "Europe/London" });
  const job = await makeJob(jobsApi, { ...refs, vehicle: van }, { job_description: `Clutch and service ${tag}`, workshop_date: today });

  await page.goto(`/editvehicle/${van.id}`);
  await page.getByRole("button", { name: "Quotes/Jobs in progress (1)" }).click();
  const dialog = page.getByRole("dialog", { name: "Quotes/Jobs already in progress for this vehicle" });
  const row = dialog.getByRole("table", { name: "In progress" }).getByRole("row").filter({ hasText: `Clutch and service ${tag}` });
  await expect(row).toContainText("Midland Commercial Repairs");
  await expect(row.getByRole("link", { name: "Open" })).toHaveAttribute("href", `/editjob/${job.id}`);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Show service record" }).click();
  const record = page.getByRole("table", { name: "Service Record" });
  const workRow = record.getByRole("row").filter({ hasText: "Replace front pads" });
  await expect(workRow).toContainText(today.split("-").reverse().join("/"));
  await expect(workRow.getByRole("link", { name: String(job.id) })).toHaveAttribute("href", `/editjob/${job.id}`);
  // 1.5 h of labour plus the £40 part.
  const labour = (await workRow.locator("td").nth(5).innerText()).trim();
  expect(labour).not.toBe("£0.00");
  // The item is not billed to customer 2: Chargeable shows none, Non-Chargeable shows it.
  await page.locator("label").filter({ hasText: /^Chargeable$/ }).click();
  await expect(record).toContainText("No work recorded for this vehicle.");
  await page.locator("label").filter({ hasText: /^Non-Chargeable$/ }).click();
  await expect(workRow).toBeVisible();
  await workRow.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Print Selected (1)" }).click();
  const printed = page.getByRole("table", { name: "Printed service record" });
  await expect(printed).toContainText("Replace front pads");
  await expect(printed.locator("tfoot")).toContainText("Totals");
  await expect(printed.locator("tfoot")).toContainText("£40.00");
  await page.keyboard.press("Escape");

  await page.goto("/");
  const todayPanel = page.getByRole("region", { name: "Jobs Starting Today panel" });
  await expect(todayPanel.getByRole("table", { name: "Jobs Starting Today" }).getByRole("row").filter({ hasText: reg })).toContainText(`Clutch and service ${tag}`);
  await expect(page.getByTestId("jobs-today")).not.toHaveText("0");
  await expect(page.getByTestId("workshop-expenses")).not.toHaveText("£0.00");
});
