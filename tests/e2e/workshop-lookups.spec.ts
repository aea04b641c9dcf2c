import { expect, test, type Locator, type Page } from "@playwright/test";
import { byLabel, clearToasts, expectToast, signIn, typeInto, uniq } from "./helpers";
import { apiOf } from "./workshop-jobs-helpers";

/**
 * Part Stock, Work Lookups and the work lookup detail (002 §2 "Work and
 * part lookups"), against the demo data (core/demo/seed.ts seedLookups).
 */

async function chooseSupplier(scope: Locator, page: Page, typed: string, name: string) {
  await scope.getByRole("textbox", { name: "Supplier" }).pressSequentially(typed);
  await page.getByRole("option", { name }).click();
}

test("Part Stock: a new part, the duplicate warning, Edit Selected", async ({ page }) => {
  await signIn(page);
  await page.goto("/partLookup");
  await expect(page.getByRole("heading", { level: 1, name: "Part Stock" })).toBeVisible();
  const table = page.getByRole("table", { name: "Part Stock" });
  await expect(table.getByRole("row").filter({ hasText: "Brake Pads Front" })).toBeVisible();

  const name = `Glow Plug ${uniq()}`;
  await page.getByRole("button", { name: "New Part +" }).click();
  let dialog = page.getByRole("dialog", { name: "New Part" });
  await typeInto(byLabel(dialog, "Name"), name);
  await typeInto(byLabel(dialog, "Part number"), "GP-77");
  await typeInto(byLabel(dialog, "Make"), "Ford");
  await typeInto(byLabel(dialog, "Model"), "Transit Custom");
  await typeInto(byLabel(dialog, "Vehicle type"), "L1");
  await chooseSupplier(dialog, page, "mid", "Midland Commercial Repairs");
  await typeInto(byLabel(dialog, "Cost"), "20");
  await typeInto(byLabel(dialog, "Stock volume"), "3");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(dialog).toBeHidden();
  await typeInto(page.getByRole("searchbox", { name: "Search" }), name.toLowerCase());
  const row = table.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  // The customer cost is worked out from the cost with the default parts markup in force
  // (25% in the demo data; the Defaults browser test may have set another).
  const defaults = await (await apiOf(page)).get("appdefaults");
  const pence = Math.round(2000 * (100 + Number(defaults.default_parts_markup ?? 0)));
  await expect(row).toContainText(`£${Math.floor(pence / 10000)}.${String(Math.round((pence % 10000) / 100)).padStart(2, "0")}`);
  await expect(row).toContainText("Midland Commercial Repairs");
  await clearToasts(page);

  // The same name, part number, make, model and vehicle type again: 'This part already exists!'.
  await page.getByRole("button", { name: "New Part +" }).click();
  dialog = page.getByRole("dialog", { name: "New Part" });
  await typeInto(byLabel(dialog, "Name"), name.toUpperCase());
  await typeInto(byLabel(dialog, "Part number"), "gp-77");
  await typeInto(byLabel(dialog, "Make"), "FORD");
  await typeInto(byLabel(dialog, "Model"), "Transit Custom");
  await typeInto(byLabel(dialog, "Vehicle type"), "L1");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toContainText("This part already exists!");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(table.getByRole("row").filter({ hasText: name })).toHaveCount(1);

  // Edit Selected: two demo filters get a new stock volume.
  await page.getByRole("button", { name: "Clear" }).click();
  await table.getByRole("checkbox", { name: "Select Oil Filter" }).check();
  await table.getByRole("checkbox", { name: "Select Air Filter" }).check();
  await page.getByRole("button", { name: "Edit Selected (2)" }).click();
  const bulk = page.getByRole("dialog", { name: /Edit Selected/ });
  await typeInto(byLabel(bulk, "Stock volume"), "42");
  await bulk.getByRole("button", { name: "Save Selected" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(bulk).toBeHidden();
  await expect(table.getByRole("row").filter({ hasText: "Oil Filter" })).toContainText("42");
  await expect(table.getByRole("row").filter({ hasText: "Air Filter" })).toContainText("42");
  await expect(page.getByRole("button", { name: "Edit Selected" })).toBeDisabled();
});

test("Work Lookups: new work with a new part and a stock part, the detail screen, the duplicate warning, a row edited in place", async ({ page }) => {
  await signIn(page);
  await page.goto("/workLookup");
  await expect(page.getByRole("heading", { level: 1, name: "Work Lookups" })).toBeVisible();
  const table = page.getByRole("table", { name: "Work Stock" });
  await expect(table.getByRole("row", { name: "Work Minor service" })).toBeVisible();

  const description = `Timing belt ${uniq()}`;
  await page.getByRole("button", { name: "New Work +" }).click();
  const dialog = page.getByRole("dialog", { name: "New Work" });
  await typeInto(byLabel(dialog, "Description"), description);
  await typeInto(byLabel(dialog, "Labour hours"), "3");
  await typeInto(byLabel(dialog, "Labour cost"), "165");
  await typeInto(byLabel(dialog, "Customer labour cost"), "225");
  await chooseSupplier(dialog, page, "mid", "Midland Commercial Repairs");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/detailWorkLookup\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: `Work Lookup: ${description}` })).toBeVisible();
  await expect(byLabel(page, "Labour cost")).toHaveValue("165.00");
  await clearToasts(page);

  // Add Part: every field is required.
  await page.getByRole("button", { name: "Add Part" }).click();
  const add = page.getByRole("dialog", { name: "Add Part" });
  await typeInto(byLabel(add, "Name"), "Timing Belt Kit");
  await typeInto(byLabel(add, "Part number"), `TB-${uniq()}`);
  await typeInto(byLabel(add, "Cost"), "80");
  await add.getByRole("button", { name: "Add" }).click();
  await expect(add.getByRole("alert").first()).toContainText("All fields are required");
  await chooseSupplier(add, page, "mid", "Midland Commercial Repairs");
  await typeInto(byLabel(add, "Customer cost"), "110");
  await add.getByRole("button", { name: "Add" }).click();
  await expect(add).toBeHidden();
  const parts = page.getByRole("table", { name: "Parts" });
  await expect(parts.getByRole("row").filter({ hasText: "Timing Belt Kit" })).toContainText("new");

  // Search Parts: a part from stock.
  await page.getByRole("button", { name: "Search Parts" }).click();
  const search = page.getByRole("dialog", { name: "Search Parts" });
  await typeInto(search.getByRole("searchbox", { name: "Search" }), "wiper");
  await search.getByRole("button", { name: "Select Wiper Blade Set" }).click();
  await expect(search.getByRole("button", { name: "Select Wiper Blade Set" })).toHaveText("Added");
  await page.keyboard.press("Escape");
  await expect(search).toBeHidden();

  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(parts.getByRole("row").filter({ hasText: "Timing Belt Kit" })).not.toContainText("new");
  await page.reload();
  await expect(parts.getByRole("row").filter({ hasText: "Timing Belt Kit" })).toContainText("£110.00");
  await expect(parts.getByRole("row").filter({ hasText: "Wiper Blade Set" })).toContainText("Midland Commercial Repairs");

  // The new part is in Part Stock now.
  await page.goto("/partLookup?search=timing belt kit");
  await expect(page.getByRole("table", { name: "Part Stock" }).getByRole("row").filter({ hasText: "Timing Belt Kit" })).toBeVisible();

  // The same work again: 'This work already exists!'.
  await page.goto("/workLookup");
  await page.getByRole("button", { name: "New Work +" }).click();
  const again = page.getByRole("dialog", { name: "New Work" });
  await typeInto(byLabel(again, "Description"), description.toLowerCase());
  await typeInto(byLabel(again, "Labour hours"), "3");
  await typeInto(byLabel(again, "Labour cost"), "165");
  await again.getByRole("button", { name: "Create" }).click();
  await expect(again.getByRole("alert")).toContainText("This work already exists!");
  await again.getByRole("button", { name: "Cancel" }).click();

  // Column filter and a row edited in place.
  await typeInto(page.getByRole("textbox", { name: "Filter Description" }), description.slice(0, 14));
  const row = table.getByRole("row", { name: `Work ${description}` });
  await expect(row).toBeVisible();
  await expect(table.getByRole("row", { name: "Work Minor service" })).toHaveCount(0);
  await typeInto(row.getByRole("textbox", { name: "Customer labour cost" }), "240");
  await row.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(row.getByRole("button", { name: "Save" })).toHaveCount(0);
  await row.getByRole("link", { name: "View" }).click();
  await expect(byLabel(page, "Customer labour cost")).toHaveValue("240.00");
});

/** A work lookup made through the API (a unique description), for the tests that start from one. */
async function newWorkLookup(page: Page) {
  const api = await apiOf(page);
  const supplier = (await api.get("suppliersearch?search=midland")).results[0];
  return api.post("worklookup", { description: `Gearbox oil ${uniq()}`, labour_hours: 1, labour_cost: 55, customer_labour_cost: 75, supplier: supplier.id }) as Promise<{ id: number; description: string }>;
}

test("Work lookup detail: a save that fails on the server shows 'There was an error!' and keeps what was typed", async ({ page }) => {
  await signIn(page);
  const work = await newWorkLookup(page);
  await page.goto(`/detailWorkLookup/${work.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Work Lookup: ${work.description}` })).toBeVisible();
  await typeInto(byLabel(page, "Customer labour cost"), "80");
  // The server fails without a message of its own (not a 400 or 409): the screen's 002 §8 message.
  const save = (url: URL) => url.pathname === `/api/worklookup/update/${work.id}`;
  await page.route(save, (route) => (route.request().method() === "PUT" ? route.fulfill({ status: 500, contentType: "application/json", body: "{}" }) : route.continue()));
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Error", "There was an error!");
  await expect(byLabel(page, "Customer labour cost")).toHaveValue("80.00");
  // Nothing was saved.
  const api = await apiOf(page);
  expect((await api.get(`worklookup/update/${work.id}`)).customer_labour_cost).toBe(75);
  await page.unroute(save);
});

test("Work lookup detail: a work lookup that does not exist throws to the page's error boundary", async ({ page }) => {
  await signIn(page);
  // An id that existed once: made, then deleted.
  const work = await newWorkLookup(page);
  const api = await apiOf(page);
  const gone = await page.request.delete(`/api/worklookup/update/${work.id}`, { headers: api.headers });
  expect(gone.status()).toBe(200);
  expect((await page.request.get(`/api/worklookup/update/${work.id}`, { headers: api.headers })).status()).toBe(404);

  await page.goto(`/detailWorkLookup/${work.id}`);
  const boundary = page.getByRole("alert", { name: "This screen could not be shown" });
  await expect(boundary.getByRole("heading", { level: 1, name: "This screen could not be shown" })).toBeVisible();
  await expect(boundary).toContainText("Nothing has been saved or changed by it.");
  await expect(boundary.getByRole("button", { name: "Go back" })).toBeVisible();
  await expect(boundary.getByRole("link", { name: "Go to the home page" })).toBeVisible();
  // No editor behind it, and the navigation bar stays.
  await expect(page.getByRole("heading", { level: 1, name: /^Work Lookup:/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});
