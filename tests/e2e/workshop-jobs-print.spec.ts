import { expect as baseExpect, test } from "@playwright/test";
import { signIn } from "./helpers";
import { apiOf, makeJob, refsOf } from "./workshop-jobs-helpers";

// Each test makes its jobs through the API and opens several screens: on a busy machine they take minutes, and a job card can take seconds to load.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 25_000 });

/** The size of each page of a PDF (points): A4 is 595 x 842 portrait, 842 x 595 landscape. */
function pageSizes(pdf: Buffer): Array<[number, number]> {
  const text = pdf.toString("latin1");
  return [...text.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

test("the workshop job sheet prints landscape A4 with parts padded to 15 and items to 10; the check-in sheet portrait", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "yk23 hvb");
  const job = await makeJob(api, refs, { custom_label_1: "PO", custom_value_1: "PO-7781" });

  // From the jobs list: the job's Print button opens its sheet.
  await page.goto(`/jobs?view=all&search=${job.id}`);
  await page.getByRole("link", { name: `Print job ${job.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/printjob/${job.id}$`));
  const sheet = page.getByRole("article", { name: "Workshop Job Sheet" });
  await expect(sheet).toContainText("Midland Commercial Repairs");
  await expect(sheet).toContainText("YK23 HVB");
  await expect(sheet).toContainText("03/01/2030");
  await expect(sheet.getByRole("table", { name: "Parts picklist" }).locator("tbody tr")).toHaveCount(15);
  await expect(sheet.getByRole("table", { name: "Parts picklist" }).locator("tbody tr").first()).toContainText("Brake pads");
  const items = sheet.getByRole("table", { name: "Work items" });
  await expect(items.locator("tbody tr")).toHaveCount(10);
  for (const h of ["Done", "Not Done", "QC"]) await expect(items.getByRole("columnheader", { name: h, exact: true })).toBeVisible();
  await expect(sheet.getByRole("table", { name: "Job details" })).toContainText("Front brakes and service");
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/job-sheet.png`, fullPage: true });

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const sizes = pageSizes(pdf);
  expect(sizes.length).toBeGreaterThanOrEqual(1);
  for (const [w, h] of sizes) {
    expect(Math.round(w)).toBe(842);
    expect(Math.round(h)).toBe(595);
  }
  await page.emulateMedia({ media: "screen" });

  // The check-in sheet: portrait, with the terms block and signature boxes.
  await page.getByRole("link", { name: "Vehicle Check-In Sheet" }).click();
  const checkIn = page.getByRole("article", { name: "Vehicle Check-In Sheet" });
  await expect(checkIn.getByLabel("Terms")).toContainText("charges exclude VAT at 20%");
  await expect(checkIn.getByRole("img", { name: "Damage diagram" })).toBeVisible();
  await expect(checkIn.getByLabel("Instructions")).toContainText("Replace front pads");
  await expect(checkIn.getByRole("table", { name: "Customer" })).toContainText("Acme Builders Ltd");
  await page.emulateMedia({ media: "print" });
  const portrait = pageSizes(await page.pdf({ preferCSSPageSize: true }));
  for (const [w, h] of portrait) expect(w).toBeLessThan(h);
});

test("Print Job List prints every job of the view", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "mx72");
  const job = await makeJob(api, refs, { workshop_date: "2031-05-05" });
  await page.goto("/jobs?view=upcoming");
  await page.getByRole("link", { name: "Print Job List" }).click();
  await expect(page).toHaveURL(/\/printjobs\?.*view=upcoming/);
  const list = page.getByRole("table", { name: "Job list" });
  const row = list.locator("tbody tr").filter({ has: page.locator("td:first-child", { hasText: new RegExp(`^${job.id}$`) }) });
  await expect(row).toContainText("MX72 RFA");
});
