import { expect, test } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { signIn, typeAndLeave } from "./helpers";

test("reports: department first, years from this year down to 2019, a finance report prepared on the server and saved as CSV while 'Preparing Report' shows", async ({ page }) => {
  await signIn(page);
  await page.goto("/reports");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  const dept = page.getByLabel("Department");
  await expect(dept).toHaveValue("ALL");
  const thisYear = new Date().getFullYear();
  const years = page.getByLabel("Fleet value year");
  const options = await years.locator("option").allTextContents();
  expect(options[0]).toBe(String(thisYear));
  expect(options.at(-1)).toBe("2019");
  expect(options).toHaveLength(thisYear - 2019 + 1);

  // Scope to a department: it lives in the URL and goes with the download.
  await dept.selectOption({ index: 1 });
  await expect(page).toHaveURL(/department=\d+/);
  const deptId = new URL(page.url()).searchParams.get("department");
  // Slow the answer down a little so the modal can be seen.
  await page.route("**/api/reportexport/**", async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  const asked = page.waitForRequest((r) => r.method() === "POST" && r.url().includes("/api/reportexport/fleetvaluereport"));
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download Fleet value" }).click();
  await expect(page.getByText("Preparing Report")).toBeVisible();
  const url = new URL((await asked).url());
  expect(url.searchParams.get("year")).toBe(String(thisYear));
  expect(url.searchParams.get("department")).toBe(deptId);
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^fleet-value-${thisYear}-dept${deptId}\\.csv$`));
  const text = await readFile((await file.path()), "utf8");
  expect(text.replace(/^\uFEFF/, "").split(/\r?\n/)[0]).toContain("Registration,Fleet No,Make,Model,Department,Status,Finance Type");
  await expect(page.getByText("Preparing Report")).toBeHidden();

  // A monthly report with a month picked asks for that month.
  await page.getByLabel("Monthly HP interest (Fixed Rate) year").selectOption("2025");
  await page.getByLabel("Monthly HP interest (Fixed Rate) month").selectOption({ label: "March" });
  const monthly = page.waitForRequest((r) => r.url().includes("/api/reportexport/monthlyfinancehpinterestreport"));
  const monthlyFile = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download Monthly HP interest (Fixed Rate)" }).click();
  const m = new URL((await monthly).url());
  expect([m.searchParams.get("year"), m.searchParams.get("month")]).toEqual(["2025", "3"]);
  const header = (await readFile((await (await monthlyFile).path()), "utf8")).replace(/^\uFEFF/, "").split(/\r?\n/)[0];
  expect(header).toContain("Mar 2025");
  expect(header).not.toContain("Apr 2025");
});

test("reports: a date-range report asks for both dates first (the spec's message), then downloads the period's rows", async ({ page }) => {
  await signIn(page);
  await page.goto("/reports");
  const section = page.getByRole("region", { name: "Date-range reports" });
  let asked = 0;
  page.on("request", (r) => r.url().includes("/api/reportexport/inspectionreport") && asked++);
  await section.getByRole("button", { name: "Download Inspections due" }).click();
  await expect(section.getByRole("alert")).toHaveText("Please specify a valid report range");
  await typeAndLeave(page, section.getByLabel("Inspections due start"), "01/01/2019");
  await expect(section.getByLabel("Inspections due start")).toHaveValue("01/01/2019");
  await section.getByRole("button", { name: "Download Inspections due" }).click();
  await expect(section.getByRole("alert")).toHaveText("Please specify a valid report range");
  expect(asked).toBe(0);
  await typeAndLeave(page, section.getByLabel("Inspections due end"), "31/12/2040");
  await expect(section.getByLabel("Inspections due end")).toHaveValue("31/12/2040");
  const download = page.waitForEvent("download");
  await section.getByRole("button", { name: "Download Inspections due" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("inspections-2019-01-01-to-2040-12-31.csv");
  const lines = (await readFile((await file.path()), "utf8")).replace(/^\uFEFF/, "").trim().split(/\r?\n/);
  expect(lines[0]).toBe("Registration,Fleet No,Make,Model,Department,Vehicle Status,Inspection Type,Last Completed,Expiry Date,Booked In,Workshop,Comments");
  // The demo fleet's inspections.
  expect(lines.length).toBeGreaterThan(1);
  expect(asked).toBe(1);
});

test("reports: a failure shows the spec's error modal", async ({ page }) => {
  await signIn(page);
  await page.goto("/reports");
  await page.route("**/api/reportexport/**", (route) => route.fulfill({ status: 500, body: "{}" }));
  await page.getByRole("button", { name: "Download CAP details" }).click();
  const dialog = page.getByRole("dialog", { name: "An Error has occured!" });
  await expect(dialog).toContainText("An error occured while preparing your report");
});
