import { expect, test, type Page } from "@playwright/test";
import { signIn, uniq } from "./helpers";

/** The vehicle list (000 §2): tabs, sub-tabs with their columns and order, filters, paging, links. */

const vehicles = (page: Page) => page.getByRole("table", { name: "Vehicles" });
const subTabs = (page: Page) => page.getByRole("tablist", { name: "Fleet sub-tabs" });

async function headers(page: Page): Promise<string[]> {
  const cells = vehicles(page).locator("thead th");
  await expect(cells.first()).toBeVisible();
  return (await cells.allInnerTexts()).map((t) => t.split("\n")[0].trim());
}

test("every fleet sub-tab and the customer tab open with their own columns, rows and order", async ({ page }) => {
  await signIn(page);
  await page.goto("/vehicles");
  await expect(page.getByRole("heading", { level: 1, name: "Vehicles" })).toBeVisible();
  // Default: tab Fleet, sub-tab Active, nothing in the URL.
  await expect(page.getByRole("tab", { name: "Fleet", exact: true })).toHaveAttribute("aria-selected", "true");
  await expect(subTabs(page).getByRole("tab", { name: "Active", exact: true })).toHaveAttribute("aria-selected", "true");
  await expect(vehicles(page)).toContainText("YK23 HVA");
  // The count box, from GET vehicles/statuscounts.
  for (const label of ["ACTIVE", "FOR SALE", "PROCESSING", "SOLD", "CUSTOMER", "ORDERED", "Cap 0s"])
    await expect(page.getByRole("group", { name: "Vehicle counts" })).toContainText(`${label}: `);
  await expect(page.getByTestId("count-ACTIVE")).toContainText(/ACTIVE: [1-9]/);
  await expect(page.getByTestId("count-cap_zero")).toContainText(/Cap 0s: [1-9]/); // BV21 KLM and the ordered vans have no CAP value

  const expected: Array<[string, string, string | null, string[]]> = [
    ["Equipment", "EQUIPMENT", "TRL 0042", ["Registration", "Fleet no.", "Make", "Model", "Type", "Department", "Location", "Key", "Owner"]],
    ["All", "all", "LD19 PXR", ["Registration", "Fleet no.", "Status", "Make", "Model", "Type", "Department", "Key", "Owner"]],
    ["Ordered", "ORDERED", "GN24 WLT", ["Registration", "Make", "Model", "Type", "Supplier", "Order no.", "Ordered", "Month due", "Delivery date", "Deposit allocated", "Reserved customer"]],
    ["Arriving", "ARRIVING", "GN24 WLU", ["Registration", "Make", "Model", "Type", "Supplier", "Ordered", "Month due", "Delivery date", "Deposit allocated", "Reserved customer"]],
    ["Hire Ready", "HIREREADY", "BV21 KLM", ["Registration", "Fleet no.", "Make", "Model", "Type", "Mileage", "Location", "Key", ""]],
    ["For Sale", "FORSALE", "LD19 PXR", ["Registration", "Fleet no.", "Make", "Model", "Type", "Mileage", "CAP retail", "Location", "Key", "Reserved customer"]],
    ["Processing Sale", "PROCESSING", "LD19 PXS", ["Registration", "Fleet no.", "Make", "Model", "Type", "Owner", "Reserved customer", "Key", "Date sold"]],
    ["Sold", "SOLD", "KP18 ZTA", ["Registration", "Fleet no.", "Make", "Model", "Type", "Owner", "Date sold"]],
    ["Active", "", "YK23 HVA", ["Registration", "Fleet no.", "Make", "Model", "Type", "Department", "Mileage", "Location", "Key", "Owner"]],
  ];
  for (const [tab, status, reg, columns] of expected) {
    await subTabs(page).getByRole("tab", { name: tab, exact: true }).click();
    if (status) await expect(page).toHaveURL(new RegExp(`vehicle_status=${status}(&|$)`));
    else await expect(page).not.toHaveURL(/vehicle_status/);
    if (reg) await expect(vehicles(page)).toContainText(reg);
    await expect.poll(() => headers(page)).toEqual(columns);
  }
  // Hire Ready leaves out vans on hire (YK23 HVB) and shows the Hire Contract button.
  await subTabs(page).getByRole("tab", { name: "Hire Ready", exact: true }).click();
  await expect(vehicles(page).getByRole("row").filter({ hasText: "BV21 KLM" }).getByRole("link", { name: "Hire Contract" })).toBeVisible();
  await expect(vehicles(page)).not.toContainText("YK23 HVB");
  // The Ordered sub-tab runs by month due (blanks last), Arriving holds only confirmed deliveries.
  await subTabs(page).getByRole("tab", { name: "Ordered", exact: true }).click();
  await expect(vehicles(page)).toContainText("GN24 WLU");
  const due = await vehicles(page).locator("tbody tr td:nth-child(8)").allInnerTexts();
  const iso = due.map((d) => d.trim().split("/").reverse().join("-")).map((d) => d || "9999");
  expect(iso.length).toBeGreaterThan(1);
  expect([...iso].sort()).toEqual(iso);
  await subTabs(page).getByRole("tab", { name: "Arriving", exact: true }).click();
  await expect(vehicles(page)).toContainText("GN24 WLU");
  await expect(vehicles(page)).not.toContainText("GN24 WLT");

  // External Customer Vehicles: its own columns and no sub-tabs.
  await page.getByRole("tab", { name: "External Customer Vehicles" }).click();
  await expect(page).toHaveURL(/tab=customer/);
  await expect(page).not.toHaveURL(/vehicle_status/);
  await expect(subTabs(page)).toHaveCount(0);
  await expect(vehicles(page)).toContainText("FH20 CUS");
  await expect.poll(() => headers(page)).toEqual(["Registration", "Make", "Model", "Type", "Owner", "Mileage", "Location"]);
  await page.getByRole("tab", { name: "Fleet", exact: true }).click();
  await expect(page).not.toHaveURL(/tab=/);
});

test("column typeahead filters with Only Blanks, search with Search and Clear, department and purchase type, all in the URL", async ({ page }) => {
  await signIn(page);
  await page.goto("/vehicles");
  const table = vehicles(page);
  await expect(table).toContainText("BV21 KLM");
  // A typeahead of the tab's makes (from filter_list): typing narrows the options.
  const make = page.getByRole("combobox", { name: "Filter Make" });
  await make.click();
  await make.pressSequentially("for");
  await expect(page.getByRole("option", { name: /^Vauxhall/ })).toHaveCount(0);
  await page.getByRole("option", { name: /^Ford \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/make=\d+/);
  await expect(table).toContainText("YK23 HVA");
  await expect(table).not.toContainText("BV21 KLM");
  // Only Blanks on the owner column (every column offers it).
  await page.getByRole("combobox", { name: "Filter Owner" }).click();
  await page.getByRole("option", { name: /^Only Blanks \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/owner=BLANK/);
  await expect(table).toContainText("YK23 HVA");
  // The state is in the URL: a reload keeps it.
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Filter Owner" })).toHaveValue(/^Only Blanks/);
  await expect(table).toContainText("YK23 HVA");
  await expect(table).not.toContainText("BV21 KLM");
  // Key column: Only Blanks leaves every van with a key out.
  await page.getByRole("combobox", { name: "Filter Key" }).click();
  await page.getByRole("option", { name: /^Only Blanks/ }).click();
  await expect(page).toHaveURL(/key=BLANK/);
  // The demo's Fords all have keys; a keyless Ford another spec added on this server (registration.spec.ts's vans) may stay.
  await expect(table).not.toContainText("YK23 HVA");
  await expect(table).not.toContainText("YK23 HVB");
  // Moving to a sub-tab without a Key column drops that filter, not the make.
  await subTabs(page).getByRole("tab", { name: "Sold", exact: true }).click();
  await expect(page).not.toHaveURL(/key=BLANK/);
  await expect(page).toHaveURL(/make=\d+/);
  await page.goto("/vehicles");

  // Search (the button searches at once) and Clear.
  await page.getByRole("searchbox", { name: "Search" }).pressSequentially("yk23");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/search=yk23/);
  await expect(table).toContainText("YK23 HVB");
  await expect(table).not.toContainText("MX72 RFA");
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await expect(page).not.toHaveURL(/search=/);
  await expect(table).toContainText("MX72 RFA");

  // Purchase type: the latest agreement's finance type.
  await page.getByLabel("Purchase type").selectOption({ label: "Hire Agreement" });
  await expect(page).toHaveURL(/purchaseType=HIRE_AGREEMENT/);
  await expect(table).toContainText("MX72 RFA");
  await expect(table).not.toContainText("YK23 HVA");
  await page.getByLabel("Purchase type").selectOption({ label: "All" });
  await expect(page).not.toHaveURL(/purchaseType/);
  // Department narrows the list and the count box.
  const activeAll = await page.getByTestId("count-ACTIVE").innerText();
  await page.getByLabel("Department").selectOption({ label: "RAPID FIT" });
  await expect(page).toHaveURL(/department=\d+/);
  // A search typed then cleared at once never comes back with a later filter (the typing's debounce is cancelled).
  await expect(page).not.toHaveURL(/search=/);
  await expect(table).toContainText("MX72 RFA");
  await expect(table).not.toContainText("YK23 HVA");
  await expect(page.getByTestId("count-ACTIVE")).not.toHaveText(activeAll);
});

test("25 a page; a tab, sub-tab or filter change goes back to page 1", async ({ page }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const tag = `PG${uniq()}`.toUpperCase();
  // 26 external customer vehicles sharing a registration prefix.
  for (let i = 1; i <= 26; i++) {
    const n = String(i).padStart(2, "0");
    const res = await page.request.post("/api/createvehicle", {
      headers: { authorization: `Token ${token}` },
      data: { registration: `${tag}${n}`, variant: "Customer van", vin_number: `VIN${tag}${n}`, location: "Customer site", vehicle_status: "CUSTOMER", fleet_number: null },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto(`/vehicles?tab=customer&search=${tag}`);
  const table = vehicles(page);
  await expect(page.getByText("26 vehicles")).toBeVisible();
  await expect(table.locator("tbody tr")).toHaveCount(25);
  await page.getByRole("button", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(table.locator("tbody tr")).toHaveCount(1);
  // A column filter goes back to page 1.
  await page.getByRole("combobox", { name: "Filter Owner" }).click();
  await page.getByRole("option", { name: /^Only Blanks/ }).click();
  await expect(page).toHaveURL(/owner=BLANK/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(table.locator("tbody tr")).toHaveCount(25);
  // So does the purchase type filter.
  await page.getByRole("button", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await page.getByLabel("Purchase type").selectOption({ label: "None" });
  await expect(page).not.toHaveURL(/page=2/);
  await page.getByLabel("Purchase type").selectOption({ label: "All" });
  // And a tab change.
  await page.getByRole("button", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await page.getByRole("tab", { name: "Fleet", exact: true }).click();
  await expect(page).not.toHaveURL(/page=/);
  // And a sub-tab change.
  await page.goto("/vehicles?vehicle_status=all&page=2");
  await subTabs(page).getByRole("tab", { name: "Sold", exact: true }).click();
  await expect(page).toHaveURL(/vehicle_status=SOLD/);
  await expect(page).not.toHaveURL(/page=/);
});

test("a row opens the vehicle, New Vehicle + opens a new one, Hire Contract opens the rental form", async ({ page }) => {
  await signIn(page);
  await page.goto("/vehicles");
  await vehicles(page).getByRole("row").filter({ hasText: "BV21 KLM" }).getByRole("cell").nth(5).click();
  await expect(page).toHaveURL(/\/editvehicle\/\d+$/);
  await page.goBack();
  await page.getByRole("link", { name: "New Vehicle +" }).click();
  await expect(page).toHaveURL(/\/editvehicle$/);
  await page.goto("/vehicles?vehicle_status=HIREREADY");
  const row = vehicles(page).getByRole("row").filter({ hasText: "BV21 KLM" });
  const id = (await row.getByRole("link", { name: "BV21 KLM" }).getAttribute("href"))!.split("/").pop();
  await row.getByRole("link", { name: "Hire Contract" }).click();
  await expect(page).toHaveURL(new RegExp(`/editrental\\?initVehicle=${id}$`));
});
