import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { clearToasts, expectToast, signIn, uniq } from "./helpers";

/**
 * CAP upload on the vehicle list (000 §2, §4, §7 POST vehiclescap, §8):
 * the warning and disabled Upload with no file, an upload with its report,
 * the new CAP retail value on the For Sale tab, a bad file's toast and the
 * template download.
 */

const HEADER = "registration,cap_retail,cap_clean,cap_average,cap_below,cap_date";
const capBox = (page: Page) => page.getByTestId("cap-upload");

/** A For Sale van of this run, without a CAP value (made through the API). */
async function forSaleVan(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const id = uniq().toUpperCase().replace(/[^A-Z0-9]/g, "");
  const registration = `CU${id.slice(-6)}`;
  const res = await page.request.post("/api/createvehicle", {
    headers: { authorization: `Token ${token}` },
    data: {
      registration,
      variant: "2.0 EcoBlue 130ps Trend",
      vin_number: `WF0CAP${id}`,
      location: "Birmingham depot",
      fleet_number: `8${String(Date.now()).slice(-5)}`,
      vehicle_status: "FORSALE",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return registration;
}

test("with no file the warning shows and Upload is disabled; an upload shows its report and the For Sale tab the new CAP retail", async ({ page }) => {
  await signIn(page);
  const registration = await forSaleVan(page);
  await page.goto("/vehicles");
  await expect(capBox(page)).toContainText("No File was selected for upload");
  await expect(capBox(page).getByRole("button", { name: "Upload" })).toBeDisabled();

  // Lower case with a space: matched ignoring both. One unknown registration and one bad amount are reported.
  const spaced = `${registration.slice(0, 4)} ${registration.slice(4)}`.toLowerCase();
  const csv = [HEADER, `${spaced},"£15,250.00",14500,13900.50,13000,01/03/2026`, "ZZ99 ZZZ,1000,900,800,700,", "QQ11QQQ,12.345,1,1,1,"].join("\r\n");
  await page.getByLabel("CAP file").setInputFiles({ name: "cap.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(capBox(page)).not.toContainText("No File was selected for upload");
  await capBox(page).getByRole("button", { name: "Upload" }).click();

  const report = page.getByRole("dialog", { name: "CAP upload" });
  await expect(report).toBeVisible();
  await expect(report.getByTestId("cap-rows")).toHaveText("Rows: 3");
  await expect(report.getByTestId("cap-matched")).toHaveText("Matched: 1");
  await expect(report.getByTestId("cap-updated")).toHaveText("Updated: 1");
  await expect(report.getByTestId("cap-unchanged")).toHaveText("Unchanged: 0");
  const rejected = report.getByRole("table", { name: "Rejected rows" });
  await expect(rejected.getByRole("row").filter({ hasText: "ZZ99 ZZZ" })).toContainText("No fleet vehicle has this registration");
  await expect(rejected.getByRole("row").filter({ hasText: "QQ11QQQ" })).toContainText("CAP retail has more than 2 decimal places");
  await report.getByRole("button", { name: "Close" }).click();
  await expect(report).toBeHidden();
  // The input is cleared after an upload: the warning is back.
  await expect(capBox(page)).toContainText("No File was selected for upload");
  await expect(capBox(page).getByRole("button", { name: "Upload" })).toBeDisabled();

  // For Sale tab: the van's CAP retail.
  await page.getByRole("tablist", { name: "Fleet sub-tabs" }).getByRole("tab", { name: "For Sale", exact: true }).click();
  await page.getByRole("searchbox", { name: "Search" }).pressSequentially(registration);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const row = page.getByRole("table", { name: "Vehicles" }).getByRole("row").filter({ hasText: registration });
  await expect(row).toContainText("£15,250.00");

  // The vehicle page holds every CAP value.
  await row.getByRole("link", { name: registration }).click();
  await expect(page).toHaveURL(/\/editvehicle\/\d+/);
  const id = page.url().match(/editvehicle\/(\d+)/)![1];
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const saved = await (await page.request.get(`/api/vehicles/${id}`, { headers: { authorization: `Token ${token}` } })).json();
  expect(saved).toMatchObject({ cap_retail: 15250, cap_clean: 14500, cap_average: 13900.5, cap_below: 13000, cap_date: "2026-03-01" });
});

test("a bad file fails with the spec's message and the server's reason; the template downloads", async ({ page }) => {
  await signIn(page);
  await page.goto("/vehicles");
  await clearToasts(page);
  await page.getByLabel("CAP file").setInputFiles({ name: "cap.csv", mimeType: "text/csv", buffer: Buffer.from("reg,retail\nAB12CDE,100\n") });
  await capBox(page).getByRole("button", { name: "Upload" }).click();
  await expectToast(page, "Error", "There was an error uploading the cap data");
  await expectToast(page, "Error", /the first line must be the header registration,cap_retail/);
  await expect(page.getByRole("dialog", { name: "CAP upload" })).toHaveCount(0);

  const download = page.waitForEvent("download");
  await capBox(page).getByRole("button", { name: "Download template" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("cap-upload-template.csv");
  const text = readFileSync(await file.path(), "utf8");
  expect(text.split(/\r?\n/)[0]).toBe(HEADER);
});
