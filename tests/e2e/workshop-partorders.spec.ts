import { expect, test, type Page } from "@playwright/test";
import { byLabel, clearToasts, expectToast, signIn, typeInto, uniq } from "./helpers";

/**
 * Part orders (002 §2): the list opens an order; a new order made on
 * screen with a part from the parts selector, refused before sending
 * until the customer vehicle and tracking options are given, saved,
 * completed through the tracking-option dialog and printed; a part
 * enquiry made on its form opens its part order.
 */

async function pick(page: Page, label: string, text: string, option: string | RegExp) {
  await page.getByRole("textbox", { name: label, exact: true }).pressSequentially(text);
  await page.getByRole("option", { name: option }).first().click();
}

test("the part orders list: views, and a row opens its order", async ({ page }) => {
  await signIn(page);
  await page.goto("/partorders");
  await expect(page.getByRole("heading", { level: 1, name: "Part Orders" })).toBeVisible();
  const table = page.getByRole("table", { name: "Part orders" });
  // Demo data: orders in every status.
  await expect(table).toContainText("ACME-1041");
  const view = page.getByRole("radiogroup", { name: "View" });
  await expect(view.getByRole("radio", { name: "Orders" })).toBeChecked();
  await view.getByText("Quotes", { exact: true }).click();
  await expect(table).toContainText("ACME-Q7");
  await expect(table).not.toContainText("ACME-1041");
  await view.getByText("Complete", { exact: true }).click();
  await expect(table).toContainText("ACME-1039");
  await table.getByRole("row").filter({ hasText: "ACME-1039" }).click();
  await expect(page).toHaveURL(/\/editpartorder\/\d+$/);
  // A completed order: the form is locked and Complete is off.
  await expect(byLabel(page, "Order Number")).toHaveValue("ACME-1039");
  await expect(page.getByRole("button", { name: "Complete", exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Delete" })).toBeDisabled();
});

test("a new part order: refused before sending, a part from the selector, saved, completed and printed", async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page);
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.method() !== "GET" && r.url().includes("/api/")) sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.goto("/partorders");
  await page.getByRole("link", { name: "New Part Order +" }).click();
  await expect(page).toHaveURL(/\/editpartorder$/);
  await expect(page.getByRole("heading", { level: 1, name: "Part Order New" })).toBeVisible();

  await pick(page, "Customer", "acme", "Acme Builders Ltd");
  await page.getByRole("button", { name: "Copy Contact Details" }).click();
  await expect(byLabel(page, "Delivery Email")).toHaveValue("accounts@acmebuilders.co.uk");
  await expect(byLabel(page, "Delivery Address")).toHaveValue(/3 Pride Park/);

  // No registration: refused with the spec's message, nothing sent.
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(page.getByRole("alert").filter({ hasText: "Customer Vehicle information is required" }).first()).toBeVisible();
  await typeInto(byLabel(page, "Customer Vehicle Registration"), "DE20 ABC");

  // A part from the parts selector; its charge from the customer's markup (15%).
  await page.getByRole("button", { name: "Search Parts" }).click();
  const picker = page.getByRole("dialog", { name: "Search Parts" });
  await typeInto(picker.getByRole("searchbox", { name: "Search parts" }), "oil");
  await picker.getByRole("button", { name: "Select Oil Filter" }).click();
  const parts = page.getByRole("table", { name: "Parts" });
  await expect(parts.getByLabel("Name of Oil Filter")).toHaveValue("Oil Filter");
  await expect(parts.getByLabel("VAT Rate of Oil Filter")).toHaveValue("20");
  await expect(parts.getByLabel("To Be Ordered of Oil Filter")).toBeChecked();
  await typeInto(parts.getByLabel("Actual Cost of Oil Filter"), "10");
  await expect(page.locator("[data-total=cost]")).toHaveText("£10.00");
  await expect(page.locator("[data-total=charge]")).toHaveText("£11.50");
  await expect(page.locator("[data-total=charge-inc-vat]")).toHaveText("£13.80");

  // Tracking options are required on every part.
  await clearToasts(page);
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(page.getByRole("alert").filter({ hasText: "Tracking Options on parts are required" }).first()).toBeVisible();
  expect(sent).toEqual([]);
  await parts.getByLabel("Part Expense Tracking Option of Oil Filter").selectOption({ index: 1 });
  await parts.getByLabel("Workshop Invoicing Tracking Option of Oil Filter").selectOption({ index: 1 });
  await clearToasts(page);
  await page.getByRole("button", { name: "Save" }).first().click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(page).toHaveURL(/\/editpartorder\/\d+$/);
  expect(sent.filter((s) => s.endsWith("/createpartorder"))).toHaveLength(1);
  const id = page.url().match(/(\d+)$/)![1];
  await expect(page.getByRole("heading", { level: 1, name: `Part Order ${id}` })).toBeVisible();
  // New orders go to the parts direct department (002 §9).
  await expect(byLabel(page, "Department")).toHaveValue("3");

  // Complete: the tracking-option dialog, then the order is reloaded, COMPLETE and locked.
  await page.getByRole("button", { name: "Complete", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Complete Part Order" });
  await dialog.getByRole("button", { name: "Complete" }).click();
  await expect(dialog).toContainText("Choose a tracking option to complete the part order");
  await dialog.getByLabel("Tracking Option").selectOption({ index: 1 });
  await clearToasts(page);
  await dialog.getByRole("button", { name: "Complete" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(dialog).toHaveCount(0);
  await expect(byLabel(page, "Status")).toHaveValue("COMPLETE");
  await expect(byLabel(page, "Status")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Complete", exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Save" }).first()).toBeDisabled();

  // The order's print: its parts and totals.
  await page.getByRole("button", { name: "Print Part Order", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/printpartorder/${id}\\?sheet=order$`));
  const sheet = page.getByRole("article", { name: "Part Order" });
  await expect(sheet).toContainText("Oil Filter");
  await expect(sheet.getByRole("table", { name: "Totals" })).toContainText("£13.80");
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
});

test("a part enquiry: description required, then its part order opens as an ENQUIRY", async ({ page }) => {
  await signIn(page);
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.method() !== "GET" && r.url().includes("/api/")) sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.goto("/jobs");
  await page.getByRole("link", { name: "New Part Enquiry" }).click();
  await expect(page).toHaveURL(/\/partenquiry$/);
  await typeInto(byLabel(page, "Registration"), "DE17 ENQ");
  await page.getByRole("button", { name: "Create Part Enquiry" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Description are required" }).first()).toBeVisible();
  expect(sent).toEqual([]);
  await typeInto(byLabel(page, "Description"), "Two rear mud flaps");
  await typeInto(byLabel(page, "Make"), "Ford");
  await page.getByRole("button", { name: "Create Part Enquiry" }).click();
  await expect(page).toHaveURL(/\/editpartorder\/\d+$/);
  await expect(byLabel(page, "Description")).toHaveValue("Two rear mud flaps");
  await expect(byLabel(page, "Customer Vehicle Registration")).toHaveValue("DE17 ENQ");
  await expect(byLabel(page, "Status")).toHaveValue("ENQUIRY");
  // 002 §2: Search Parts and Search Work are off for an enquiry; Copy Contact Details only in ORDER.
  await expect(page.getByRole("button", { name: "Search Parts" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Search Work" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Copy Contact Details" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Complete", exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Print Part Order", exact: true })).toBeDisabled();
});

test("the part order editor: unsaved edits warn until saved and before leaving; the form is covered while the save is sent", async ({ page, request }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { Authorization: `Token ${token}` };
  const [acme] = (await (await request.get("/api/customersearch?search=acme", { headers })).json()).results;
  const tag = `UNSAVED-${uniq()}`;
  const made = await request.post("/api/createpartorder", { headers, data: { customer: acme.id, customer_vehicle: "DE20 UNS", order_number: tag, description: "Filters", parts: [] } });
  expect(made.status(), await made.text()).toBe(201);
  const order = await made.json();

  // Opened from the list (a move inside the app, which the guard can hold).
  await page.goto("/partorders");
  await typeInto(page.getByRole("searchbox", { name: "Search" }), tag);
  await page.getByRole("table", { name: "Part orders" }).getByRole("row").filter({ hasText: tag }).click();
  await expect(page).toHaveURL(new RegExp(`/editpartorder/${order.id}$`));
  await expect(byLabel(page, "Order Number")).toHaveValue(tag);
  const notice = page.getByRole("alert").filter({ hasText: "Warning: Data not yet saved!" });
  await expect(notice).toHaveCount(0);
  await typeInto(byLabel(page, "Description"), "Filters and wipers");
  await expect(notice).toBeVisible();

  // Leaving asks first; staying keeps the edit.
  await page.evaluate(() => window.history.back());
  const guard = page.getByRole("dialog", { name: "Unsaved changes" });
  await expect(guard).toContainText("You have unsaved changes. Leave without saving them?");
  await guard.getByRole("button", { name: "Stay on this page" }).click();
  await expect(byLabel(page, "Description")).toHaveValue("Filters and wipers");

  // The save is held back by the test: the loading overlay covers the form until it answers.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const save = (url: URL) => url.pathname === `/api/partorder/${order.id}`;
  await page.route(save, async (route) => {
    if (route.request().method() !== "PUT") return route.continue();
    await held;
    await route.continue();
  });
  const overlay = page.getByRole("form", { name: "Part order" }).locator(".mantine-LoadingOverlay-root");
  await expect(overlay).toHaveCount(0);
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(overlay).toBeVisible();
  release();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(overlay).toHaveCount(0);
  await expect(notice).toHaveCount(0);
  await page.unroute(save);
  expect((await (await request.get(`/api/partorder/${order.id}`, { headers })).json()).description).toBe("Filters and wipers");
});
