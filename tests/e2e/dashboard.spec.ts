import { expect, test } from "@playwright/test";
import { expectToast, signIn, typeInto } from "./helpers";

test("the dashboard opens weekly and monthly, with its glossary, homepage totals and the week's rentals", async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole("region", { name: "Rentals panel" })).toBeVisible();
  await expect(page.getByRole("radiogroup", { name: "Timeframe" }).getByRole("radio", { name: "Weekly" })).toBeChecked();
  await expect(page.getByTestId("rentals-st-income")).toContainText("£");
  const cal = page.getByRole("table", { name: "Weekly rentals calendar" });
  await expect(cal.getByRole("columnheader").nth(1)).toContainText("Mon");
  await expect(cal.getByRole("columnheader").nth(7)).toContainText("Sun");
  await page.getByRole("radiogroup", { name: "Timeframe" }).getByText("Monthly").click();
  await expect(page).toHaveURL(/timeframe=monthly/);
  await expect(page.getByRole("region", { name: "Rental totals panel", exact: true })).toContainText("Target (month)");
  await page.getByRole("button", { name: "Info" }).click();
  await expect(page.getByRole("dialog", { name: "Figure Details" })).toContainText("Rentals income");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("table", { name: "Incomplete Contacts" })).toContainText("Brightside Cleaning");
  await expect(page.getByRole("table", { name: "Courtesy Cars" })).toContainText("YK23 HVB");
  const totals = page.getByRole("region", { name: "Homepage totals panel" });
  await typeInto(totals.getByLabel("Short term"), "1500");
  await totals.getByRole("button", { name: "Save totals" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await page.reload();
  await expect(page.getByRole("region", { name: "Homepage totals panel" }).getByLabel("Short term")).toHaveValue("1500");
  // Courtesy car location edits inline.
  const loc = page.getByLabel("Location of YK23 HVB");
  await typeInto(loc, "Leeds branch");
  await page.reload();
  await expect(page.getByLabel("Location of YK23 HVB")).toHaveValue("Leeds branch");
});

test("Vehicle Sales lists the agreements sold in the period; Misc shows zero", async ({ page, request }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const reg = `VS ${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
  const made = await request.post("/api/createvehicle", {
    headers: { Authorization: `Token ${token}` },
    data: {
      registration: reg, variant: "L1H1", vin_number: `VIN${Date.now()}`, location: "Yard", fleet_number: `9${String(Date.now()).slice(-6)}`, vehicle_status: "SOLD",
      finance_agreements: [{ finance_type: "NONE", vehicle_purchase_price: 15000, sold_price: 12345.67, sold_date: "2023-02-14", invoice_date: "2022-01-10", depreciation_start_date: "2022-01-10" }],
    },
  });
  expect(made.status()).toBe(201);
  await page.goto("/?timeframe=monthly&date=2023-02-01");
  const sales = page.getByRole("region", { name: "Vehicle Sales panel" });
  await expect(sales.getByRole("table", { name: "Vehicle Sales" })).toContainText(reg);
  await expect(sales.getByRole("table", { name: "Vehicle Sales" })).toContainText("14/02/2023");
  await expect(sales.getByRole("table", { name: "Vehicle Sales" })).toContainText("£12,345.67");
  await expect(page.getByTestId("vehicle-sales-count")).not.toHaveText("0");
  await expect(page.getByTestId("vehicles-sold")).not.toHaveText("0");
  await expect(page.getByTestId("vehicles-sales-income")).toContainText("£");
  // The week before holds no sale of it.
  await page.goto("/?date=2023-02-06");
  await expect(sales.getByRole("table", { name: "Vehicle Sales" })).not.toContainText(reg);
  await expect(page.getByRole("region", { name: "Misc panel", exact: true })).toContainText("Income£0.00");
});

test("CAP values: the department's Active, Ordered and For Sale vehicles with their CAP totals, and what the last CAP upload changed", async ({ page, request }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { Authorization: `Token ${token}` };
  const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
  // A department of its own, so other tests' vehicles do not move these figures.
  const dept = await request.post("/api/createdepartment", { headers, data: { name: `CAP CHECK ${tag}` } });
  expect(dept.status()).toBe(201);
  const deptId = (await dept.json()).id;
  const reg = `CP${tag}`;
  const made = await request.post("/api/createvehicle", {
    headers,
    data: { registration: reg, variant: "L2H2", vin_number: `VINCAP${Date.now()}`, location: "Yard", fleet_number: `8${String(Date.now()).slice(-6)}`, vehicle_status: "ACTIVE", department: deptId, cap_retail: 11000, cap_clean: 10000, cap_average: 9000, cap_below: 8000 },
  });
  expect(made.status()).toBe(201);

  await page.goto(`/?department=${deptId}`);
  const panel = page.getByRole("region", { name: "CAP values panel" });
  await expect(panel.getByTestId("cap-active")).toContainText("Active1£10,000.00£11,000.00");
  await expect(panel.getByTestId("cap-total")).toContainText("Total1£10,000.00£11,000.00");
  await expect(panel.getByTestId("cap-last-upload")).toHaveText("None yet");

  // Revalue it through the CAP upload on the vehicle list's call.
  const csv = `registration,cap_retail,cap_clean,cap_average,cap_below,cap_date\r\n${reg},10400,9500,8600,7700,\r\n`;
  const up = await request.post("/api/vehiclescap", { headers, multipart: { file: { name: "cap.csv", mimeType: "text/csv", buffer: Buffer.from(csv) } } });
  expect(up.status()).toBe(200);
  await page.reload();
  await expect(panel.getByTestId("cap-active")).toContainText("Active1£9,500.00£10,400.00");
  await expect(panel.getByTestId("cap-last-upload")).toHaveText("-£500.00");
  await expect(panel).toContainText("(1 revalued)");
  await expect(panel.getByTestId("cap-since-start")).toHaveText("-£500.00");
  await page.getByRole("button", { name: "Info" }).click();
  await expect(page.getByRole("dialog", { name: "Figure Details" })).toContainText("Cap 0s");
});
