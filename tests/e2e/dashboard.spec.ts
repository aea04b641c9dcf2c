import { expect, test } from "@playwright/test";
import { expectToast, signIn } from "./helpers";

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
  await expect(page.getByRole("region", { name: "Totals panel", exact: true })).toContainText("Target (month)");
  await page.getByRole("button", { name: "Info" }).click();
  await expect(page.getByRole("dialog", { name: "Figure Details" })).toContainText("Rentals income");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("table", { name: "Incomplete Contacts" })).toContainText("Brightside Cleaning");
  await expect(page.getByRole("table", { name: "Courtesy Cars" })).toContainText("YK23 HVB");
  const totals = page.getByRole("region", { name: "Homepage totals panel" });
  await totals.getByLabel("Short term").fill("1500");
  await totals.getByRole("button", { name: "Save totals" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await page.reload();
  await expect(page.getByRole("region", { name: "Homepage totals panel" }).getByLabel("Short term")).toHaveValue("1500");
  // Courtesy car location edits inline.
  const loc = page.getByLabel("Location of YK23 HVB");
  await loc.fill("Leeds branch");
  await loc.blur();
  await page.reload();
  await expect(page.getByLabel("Location of YK23 HVB")).toHaveValue("Leeds branch");
});

test("Vehicle Sales lists the agreements sold in the period; Workshop, Part Orders and Misc show zero", async ({ page, request }) => {
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
  for (const panel of ["Workshop panel", "Part Orders panel", "Misc panel"]) await expect(page.getByRole("region", { name: panel, exact: true })).toContainText("Income£0.00");
  await expect(page.getByRole("region", { name: "Jobs Starting Today panel" })).toContainText("Jobs0");
});
