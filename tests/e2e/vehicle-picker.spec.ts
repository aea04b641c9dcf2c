import { expect, test } from "@playwright/test";
import { expectToast, signIn, typeAndLeave, typeToSearch } from "./helpers";
import { apiOf, makeJob, refsOf } from "./workshop-jobs-helpers";

/**
 * The vehicle picker (000 §2), shown on /inspections (docs/decisions.md):
 * search, details, inspections table, add new, and the in-progress
 * jobs/quotes list.
 */

test("the picker finds a vehicle, shows its details and inspections, and an inspection is added to it", async ({ page }) => {
  await signIn(page);
  const jobsCall = page.waitForResponse((r) => r.url().includes("/api/jobs?"));
  await page.goto("/inspections");
  const picker = page.getByRole("region", { name: "Vehicle picker" });
  await expect(picker.getByRole("link", { name: "Add a new Vehicle +" })).toHaveAttribute("href", "/editvehicle");
  await picker.getByRole("textbox", { name: "Vehicle", exact: true }).pressSequentially("yk");
  await page.getByRole("option", { name: /YK23 HVC/ }).click();
  // The van has no open jobs or quotes: the open-items check answers an empty list and the vehicle is taken directly.
  expect((await jobsCall).status()).toBe(200);
  await expect(picker.getByText("Registration: YK23 HVC")).toBeVisible();
  await expect(picker.getByText("Make: Volkswagen")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Error" })).toHaveCount(0);
  const table = picker.getByRole("table", { name: "Vehicle inspections" });
  await expect(table).toContainText("MOT");
  await expect(table).toContainText("Safety Inspection (PMI)");
  const before = await table.locator("tbody tr").count();
  await expect(picker.getByRole("link", { name: "Vehicle Details" })).toHaveAttribute("href", /\/editvehicle\/\d+$/);

  await page.getByLabel("Inspection type").selectOption({ label: "MOT" });
  await typeAndLeave(page, page.getByRole("textbox", { name: "Last completed", exact: true }), "01/11/2026");
  await typeAndLeave(page, page.getByRole("textbox", { name: "Expiry", exact: true }), "31/10/2027");
  await expect(page.getByRole("textbox", { name: "Expiry", exact: true })).toHaveValue("31/10/2027");
  await page.getByRole("button", { name: "Add inspection" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(table.locator("tbody tr")).toHaveCount(before + 1);
  await expect(table).toContainText("31/10/2027");
});

test("a vehicle with open jobs or quotes shows them first: open one, or continue", async ({ page }) => {
  await signIn(page);
  // A real open job and quote of the van, made through the API: the open-items check finds them.
  const jobsApi = await apiOf(page);
  const refs = await refsOf(jobsApi, "bv21");
  const tag = Math.random().toString(36).slice(2, 7);
  const job = await makeJob(jobsApi, refs, { job_description: `Replace front brake pads ${tag}`, workshop_date: "2026-12-01" });
  const quote = await jobsApi.post("createquote", { vehicle: refs.vehicle.id, customer: refs.customer.id, department: refs.department.id, quote_type: "NONE", description: `Body repair estimate ${tag}`, provisional_start_date: "2026-12-10",
    estimated_work_items: [{ key: `w-${tag}`, description: "Panel repair", work_type: refs.workType.id, estimated_labour_hours: 1 }],
  });
  const calls: string[] = [];
  page.on("request", (r) => {
    if (/\/api\/(jobs|quotes)\?/.test(r.url())) calls.push(r.url());
  });
  await page.goto("/inspections");
  const picker = page.getByRole("region", { name: "Vehicle picker" });
  await picker.getByRole("textbox", { name: "Vehicle", exact: true }).pressSequentially("bv21");
  await page.getByRole("option", { name: /BV21 KLM/ }).click();
  const dialog = page.getByRole("dialog", { name: "Quotes/Jobs already in progress for this vehicle" });
  await expect(dialog).toBeVisible();
  const list = dialog.getByRole("table", { name: "In progress" });
  await expect(list.getByRole("row").filter({ hasText: `Replace front brake pads ${tag}` })).toContainText("01/12/2026");
  await expect(list.getByRole("row").filter({ hasText: `Replace front brake pads ${tag}` })).toContainText("Midland Commercial Repairs");
  await expect(list.getByRole("row").filter({ hasText: `Body repair estimate ${tag}` })).toContainText("10/12/2026");
  await expect(list.getByRole("row").filter({ hasText: `Replace front brake pads ${tag}` }).getByRole("link", { name: "Open" })).toHaveAttribute("href", `/editjob/${job.id}`);
  expect(calls.some((u) => u.includes("view=not_finished") && u.includes("ws=all"))).toBe(true);
  expect(calls.some((u) => u.includes("ready_for_customer_invoice=false"))).toBe(true);
  // Not taken until the user continues.
  await expect(picker.getByText("Registration: BV21 KLM")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog).toBeHidden();
  await expect(picker.getByText("Registration: BV21 KLM")).toBeVisible();
  // Or open one.
  await typeToSearch(picker.getByRole("textbox", { name: "Vehicle", exact: true }), "bv21");
  await page.getByRole("option", { name: /BV21 KLM/ }).click();
  await dialog.getByRole("row").filter({ hasText: `Body repair estimate ${tag}` }).getByRole("link", { name: "Open" }).click();
  await expect(page).toHaveURL(new RegExp(`/editquote/${quote.id}$`));
});
