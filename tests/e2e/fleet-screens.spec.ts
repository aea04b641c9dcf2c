import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

test("vehicle list: every sub-tab and the customer tab open with their columns; filters reset the page and live in the URL", async ({ page }) => {
  await signIn(page);
  await page.goto("/vehicles");
  await expect(page.getByRole("heading", { level: 1, name: "Vehicles" })).toBeVisible();
  const table = page.getByRole("table", { name: "Vehicles" });
  await expect(table).toContainText("YK23 HVA");
  await expect(page.getByTestId("count-ACTIVE")).toContainText(/ACTIVE: [1-9]/);
  await expect(page.getByTestId("count-cap_zero")).toContainText("Cap 0s");
  const subTabs = page.getByRole("tablist", { name: "Fleet sub-tabs" });
  const expected: Array<[string, string, string]> = [
    ["Equipment", "TRL 0042", "Owner"],
    ["All", "LD19 PXR", "Status"],
    ["Ordered", "GN24 WLT", "Month due"],
    ["Arriving", "", "Delivery date"],
    ["Hire Ready", "", "Key"],
    ["For Sale", "LD19 PXR", "CAP retail"],
    ["Processing Sale", "LD19 PXS", "Date sold"],
    ["Sold", "", "Date sold"],
    ["Active", "YK23 HVA", "Mileage"],
  ];
  for (const [tab, reg, column] of expected) {
    await subTabs.getByRole("tab", { name: tab, exact: true }).click();
    await expect(table.getByRole("columnheader").filter({ hasText: column }).first()).toBeVisible();
    if (reg) await expect(table).toContainText(reg);
  }
  await expect(page).not.toHaveURL(/vehicle_status/); // Active is the default
  await page.getByRole("tab", { name: "External Customer Vehicles" }).click();
  await expect(page).toHaveURL(/tab=customer/);
  await expect(table.getByRole("columnheader").filter({ hasText: "Owner" })).toBeVisible();
  await page.getByRole("tab", { name: "Fleet" }).click();
  // A column filter by make, then Only Blanks on the owner.
  await page.locator("input[aria-label='Filter Make']").click();
  await page.getByRole("option", { name: /^Ford/ }).click();
  await expect(page).toHaveURL(/make=\d+/);
  await expect(table).toContainText("YK23 HVA");
  await expect(table).not.toContainText("BV21 KLM");
  await page.locator("input[aria-label='Filter Owner']").click();
  await page.getByRole("option", { name: /^Only Blanks/ }).click();
  await expect(page).toHaveURL(/owner=BLANK/);
  await expect(table).toContainText("YK23 HVA");
  await page.getByLabel("Search").fill("yk23");
  await expect(page).toHaveURL(/search=yk23/);
  await expect(table).not.toContainText("MX72 RFA");
});

test("ordered vehicles: an inline date saves (empty as null)", async ({ page }) => {
  await signIn(page);
  await page.goto("/vehicles?vehicle_status=ORDERED");
  const input = page.getByLabel("Deposit allocated date of GN24 WLT");
  await input.fill("2026-10-01");
  await input.blur();
  await expect(page.getByRole("alert").filter({ hasText: "Data saved successfully." }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Deposit allocated date of GN24 WLT")).toHaveValue("2026-10-01");
});

test("key finder finds by registration and key number; hooks list", async ({ page }) => {
  await signIn(page);
  await page.goto("/keys");
  const finder = page.getByRole("table", { name: "Key finder" });
  await expect(finder).toContainText("YK23 HVA");
  await page.getByLabel("Find a key").fill("yk23 hva");
  await expect(finder.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("table", { name: "Key hooks" })).toContainText("Office board");
});

test("trackers: figures, views, assign an unused tracker", async ({ page }) => {
  await signIn(page);
  await page.goto("/trackers");
  await expect(page.getByTestId("active-count")).toContainText(/Active: \d+/);
  await expect(page.getByRole("table", { name: "Tracker costs" })).toContainText("Standard GPS");
  await page.getByRole("radiogroup", { name: "View" }).getByText("All").click();
  await expect(page).toHaveURL(/view=all/);
  const select = page.getByLabel("Unused tracker");
  const options = await select.locator("option").count();
  expect(options).toBeGreaterThan(1);
  await select.selectOption({ index: 1 });
  await page.getByLabel("Vehicle", { exact: true }).fill("bv21");
  await page.getByRole("option", { name: /BV21 KLM/ }).click();
  await page.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Data saved successfully." }).first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Vehicle Trackers" })).toContainText("BV21 KLM");
});

test("inspections: views, book in with the booked count, approve needs both dates", async ({ page }) => {
  await signIn(page);
  await page.goto("/inspections?view=booked");
  const table = page.getByRole("table", { name: "Inspections" });
  await expect(table).toContainText("YK23 HVB");
  // Booking another in on the same date warns how many are booked then.
  const booked = await page.getByLabel("Book in YK23 HVB").inputValue();
  await page.getByRole("radiogroup", { name: "View" }).getByText("Open").click();
  await expect(page).toHaveURL(/view=open/);
  // The count is of the same inspection type: YK23 HVA's PMI.
  await table.getByRole("row").filter({ hasText: "YK23 HVA" }).filter({ hasText: "Safety Inspection (PMI)" }).getByLabel("Book in YK23 HVA").fill(booked);
  await expect(page.getByText(/THERE ARE \d+ INSPECTIONS BOOKED ON THAT DATE/).first()).toBeVisible();
  await page.getByRole("radiogroup", { name: "View" }).getByText("Booked").click();
  await table.getByRole("row").filter({ hasText: "YK23 HVB" }).getByRole("button", { name: "Approve" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(dialog).toContainText("You must specify a new expiry and completion date before appriving!");
  await dialog.getByLabel("New completed date").fill("2026-11-20");
  await dialog.getByLabel("New expiry date").fill("2027-11-20");
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(dialog).toBeHidden();
  await expect(table).not.toContainText("YK23 HVB");
});

test("the vehicle picker finds a vehicle, shows its inspections and adds one", async ({ page }) => {
  await signIn(page);
  await page.goto("/inspections");
  const picker = page.getByRole("region", { name: "Vehicle picker" });
  await picker.getByLabel("Vehicle").fill("yk");
  await page.getByRole("option", { name: /YK23 HVC/ }).click();
  await expect(picker.getByText("Registration: YK23 HVC")).toBeVisible();
  await expect(picker.getByRole("table", { name: "Vehicle inspections" })).toContainText("MOT");
  await expect(picker.getByRole("link", { name: "Vehicle Details" })).toBeVisible();
  await page.getByLabel("Inspection type").selectOption({ label: "MOT" });
  await page.getByLabel("Last completed", { exact: true }).fill("2026-11-01");
  await page.getByLabel("Expiry", { exact: true }).fill("2027-11-01");
  await page.getByRole("button", { name: "Add inspection" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Data saved successfully." }).first()).toBeVisible();
});
