import { expect, test, type Page } from "@playwright/test";
import { byLabel, expectToast, signIn, uniq, typeInto } from "./helpers";

/**
 * Issue 15 "On screen": no answer crashes a screen, a refused save shows
 * where, required markers follow the rules, impossible rental dates give no
 * figures, Clear clears every filter, one success toast at a time, no
 * internal file names, prints show the document only, and the vehicle
 * screen's buttons as 000 §2 lists them.
 */

async function apiHeaders(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  return { Authorization: `Token ${token}` };
}

async function vehicleId(page: Page, registration: string): Promise<number> {
  const headers = await apiHeaders(page);
  const found = await (await page.request.get(`/api/vehiclesearch?search=${encodeURIComponent(registration)}`, { headers })).json();
  const v = (found.results as Array<{ id: number; registration: string }>).find((r) => r.registration === registration);
  expect(v, `demo vehicle ${registration}`).toBeTruthy();
  return v!.id;
}

/** A fresh fleet vehicle with no agreements, made through the API. */
async function newVehicle(page: Page): Promise<{ id: number; registration: string }> {
  const headers = await apiHeaders(page);
  const registration = `HD ${uniq().slice(0, 5).toUpperCase()}`;
  const res = await page.request.post("/api/createvehicle", {
    headers,
    data: { registration, variant: "Hardening test van", vin_number: `VIN${uniq()}`, location: "Yard", fleet_number: `9${uniq().slice(0, 6)}`, vehicle_status: "ACTIVE" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: (await res.json()).id, registration };
}

test("a screen that fails to draw shows a plain message and a way back, not a stack trace; the bar stays", async ({ page }) => {
  await signIn(page);
  // An answer of a shape the screen does not expect (a name that is not text) makes it fail to draw.
  const contactsList = (url: URL) => url.pathname === "/api/contacts";
  await page.route(contactsList, (route) => route.fulfill({ json: { count: 1, results: [{ id: 1, display_name: { first: "Odd" }, contact_type: "CC" }] } }));
  await page.goto("/contacts");
  await expect(page.getByRole("heading", { level: 1, name: "This screen could not be shown" })).toBeVisible();
  await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);
  await expect(page.locator("pre")).toHaveCount(0); // no stack trace
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.unroute(contactsList);
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "This screen could not be shown" })).toHaveCount(0);
  // Another address draws afresh: the list opens normally now its answer is right.
  await page.goto("/contacts?contact_type=CC");
  await expect(page.getByRole("heading", { level: 1, name: "This screen could not be shown" })).toHaveCount(0);
});

test("a section that fails to draw keeps the rest of the form and what was typed, which still saves", async ({ page }) => {
  await signIn(page);
  const v = await newVehicle(page);
  // The vehicle's rental record answers late and in a shape the section cannot draw.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const rentalRecord = (url: URL) => url.pathname === "/api/rentals" && url.searchParams.get("vehicle") === String(v.id);
  await page.route(
    rentalRecord,
    async (route) => {
      await released;
      await route.fulfill({ json: { count: 1, results: [{ id: 99999, status: { code: "ODD" }, start_date: "2031-01-01", finish_date: null, total: 0, customer: null }] } });
    },
  );
  await page.goto(`/editvehicle/${v.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Vehicle - ${v.registration}` })).toBeVisible();
  await typeInto(byLabel(page, "Variant"), "Typed before the failure");
  await typeInto(byLabel(page, "Location"), "Typed depot");
  release();
  await expect(page.getByRole("alert").filter({ hasText: "Vehicle Rental Record could not be shown" })).toBeVisible();
  await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);
  await expect(byLabel(page, "Variant")).toHaveValue("Typed before the failure");
  await expect(byLabel(page, "Location")).toHaveValue("Typed depot");
  await page.getByRole("button", { name: "Save Vehicle" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await page.unroute(rentalRecord);
  await page.reload();
  await expect(byLabel(page, "Variant")).toHaveValue("Typed before the failure");
  await expect(page.getByRole("table", { name: "Vehicle Rental Record" })).toBeVisible();
});

test("a refused save brings its first error into view and puts the cursor there (screen check and server 400)", async ({ page }) => {
  await signIn(page);
  await page.goto("/editvehicle");
  await expect(page.getByRole("heading", { level: 1, name: "New" })).toBeVisible();
  const save = page.getByRole("button", { name: "Save Vehicle" });
  await save.scrollIntoViewIfNeeded();
  await expect(byLabel(page, "Registration")).not.toBeInViewport();
  await save.click();
  await expect(byLabel(page, "Registration")).toBeFocused();
  await expect(byLabel(page, "Registration")).toBeInViewport();
  await expect(byLabel(page, "Registration")).toHaveAttribute("aria-invalid", "true");

  // The server's own refusal of a field (a location longer than it keeps): marked, in view, focused.
  const v = await newVehicle(page);
  await page.goto(`/editvehicle/${v.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Vehicle - ${v.registration}` })).toBeVisible();
  await typeInto(byLabel(page, "Location"), "L".repeat(201));
  await save.scrollIntoViewIfNeeded();
  await expect(byLabel(page, "Location")).not.toBeInViewport();
  await save.click();
  await expect(byLabel(page, "Location")).toBeFocused();
  await expect(byLabel(page, "Location")).toBeInViewport();
  await expect(byLabel(page, "Location")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("At most 200 characters").first()).toBeVisible();
});

test("the fleet number carries its required marker while the rules require it, and an empty save says so at once", async ({ page }) => {
  await signIn(page);
  await page.goto("/editvehicle");
  // A required field's label ends in the marker ' *'.
  const label = (text: string) => page.locator("main label").filter({ hasText: new RegExp(`^${text}( \\*)?$`) });
  const marked = (text: string) => expect(label(text), text).toHaveText(new RegExp(`^${text}\\s*\\*$`));
  for (const text of ["Registration", "Variant", "VIN number", "Location", "Fleet number"]) await marked(text);
  await page.getByRole("button", { name: "Save Vehicle" }).click();
  // Every required field is named on the first attempt, the fleet number with them.
  await expect(page.getByText("Registration is required")).toBeVisible();
  await expect(page.getByText("Fleet number is required")).toBeVisible();
  await expect(byLabel(page, "Fleet number")).toHaveAttribute("aria-invalid", "true");
  // An external customer's vehicle has no fleet number (rule 1): no marker, no message.
  await page.getByRole("group", { name: "Status" }).getByRole("button", { name: "External Customer Vehicle" }).click();
  await page.getByRole("button", { name: "Change Status" }).click();
  await expect(label("Fleet number")).toHaveText("Fleet number");
  await marked("Registration");
  await page.getByRole("button", { name: "Save Vehicle" }).click();
  await expect(page.getByText("Registration is required")).toBeVisible();
  await expect(page.getByText("Fleet number is required")).toHaveCount(0);
});

test("a rental whose end date is before its start says so as soon as both are in, with no figures", async ({ page }) => {
  await signIn(page);
  await page.goto("/editrental");
  await typeInto(byLabel(page, "1 day"), "60");
  await typeInto(byLabel(page, "2-5 days (per day)"), "45");
  await typeInto(byLabel(page, "6-27 days (per day)"), "35");
  // Typed as staff type them, key by key, in UK order.
  await byLabel(page, "Start date").pressSequentially("08/06/2031");
  await byLabel(page, "End date").pressSequentially("02/06/2031");
  await byLabel(page, "End date").blur();
  await expect(page.getByText("The end date must not be before the start date")).toBeVisible();
  await expect(byLabel(page, "End date")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Days: —")).toBeVisible();
  await expect(page.getByText(/Days: \d/)).toHaveCount(0);
  await expect(page.getByText(/Total: £/)).toHaveCount(0);
  // Put right, the message goes and the figures come.
  await typeInto(byLabel(page, "End date"), "14/06/2031");
  await expect(byLabel(page, "End date")).toHaveValue("14/06/2031");
  await expect(page.getByText("The end date must not be before the start date")).toHaveCount(0);
  await expect(page.getByText("Days: 7")).toBeVisible();
  await expect(page.getByText("Total: £310.00")).toBeVisible();
});

test("the vehicle list's Clear clears the search and every filter, and keeps the tab", async ({ page }) => {
  await signIn(page);
  await page.goto("/vehicles?vehicle_status=all&make=BLANK&purchaseType=HP&department=1&search=zz");
  await expect(page.getByRole("combobox", { name: "Filter Make" })).toHaveValue("Only Blanks");
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await expect(page).toHaveURL(/\/vehicles\?vehicle_status=all$/);
  await expect(page.getByRole("combobox", { name: "Filter Make" })).toHaveValue("");
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("");
  await expect(page.getByRole("table", { name: "Vehicles" })).toContainText("LD19 PXR");
});

test("four saves in a row leave one success toast", async ({ page }) => {
  await signIn(page);
  const v = await newVehicle(page);
  await page.goto(`/editvehicle/${v.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Vehicle - ${v.registration}` })).toBeVisible();
  const successes = page.getByRole("alert").filter({ hasText: "Success" });
  for (let i = 1; i <= 4; i++) {
    await typeInto(byLabel(page, "Location"), `Bay ${i}`);
    await page.getByRole("button", { name: "Save Vehicle" }).click();
    await expectToast(page, "Success", "Data saved successfully.");
    // Toasts stay 10 s: a short wait, so the earlier ones cannot simply have timed out.
    await expect(successes).toHaveCount(1, { timeout: 2_000 });
  }
});

test("no screen names the product's internal files", async ({ page }) => {
  await signIn(page);
  await page.goto("/");
  await page.getByRole("button", { name: "Info" }).click();
  await expect(page.getByRole("table", { name: "Figure Details" })).toBeVisible();
  await expect(page.getByRole("dialog")).not.toContainText(/docs\/|\.md\b/);
  await page.keyboard.press("Escape");
  await page.goto(`/editvehicle/${await vehicleId(page, "YK23 HVA")}`);
  await expect(page.getByRole("group", { name: "Agreement 1 finance figures" })).toBeVisible();
  await expect(page.locator("main")).not.toContainText(/docs\/|\.md\b/);
});

test("the vehicle screen offers Print Sale and Purchase Form on every saved vehicle and Hire Contract on hire-ready ones only", async ({ page }) => {
  await signIn(page);
  // Hire Contract: a hire-ready van has it; a sold one and one out on hire do not.
  await page.goto(`/editvehicle/${await vehicleId(page, "BV21 KLM")}`);
  await expect(page.getByRole("link", { name: "Hire Contract" })).toBeVisible();
  await page.goto(`/editvehicle/${await vehicleId(page, "KP18 ZTA")}`);
  await expect(page.getByRole("heading", { level: 1, name: "Vehicle - KP18 ZTA" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Print Sale and Purchase Form" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Hire Contract" })).toHaveCount(0);
  await page.goto(`/editvehicle/${await vehicleId(page, "YK23 HVB")}`);
  await expect(page.getByRole("heading", { level: 1, name: "Vehicle - YK23 HVB" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Hire Contract" })).toHaveCount(0);
});

test("a print shows the document only, not the screen's heading above it", async ({ page }) => {
  await signIn(page);
  const v = await newVehicle(page);
  // The hire agreement.
  const headers = await apiHeaders(page);
  const acme = (await (await page.request.get("/api/customersearch?search=acme", { headers })).json()).results[0];
  const rental = await page.request.post("/api/rentals", {
    headers,
    data: { status: "QUOTE", rental_type: "ST", start_date: "2033-02-01", finish_date: "2033-02-03", vehicle: v.id, customer: acme.id, start_mileage: 1, deposit: 0, deposit_paid_date: "2033-02-01", initial_payment: 0, initial_payment_date: "2033-02-01" },
  });
  expect(rental.status(), await rental.text()).toBe(201);
  await page.goto(`/printrental/${(await rental.json()).id}`);
  const agreement = page.getByRole("article", { name: "Hire Agreement" });
  await expect(agreement).toContainText(v.registration);
  await expect(page.getByRole("heading", { level: 1, name: "Hire Agreement", exact: true })).toBeVisible();
  // On paper: the document only, not the screen's heading above it.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("heading", { level: 1, name: "Hire Agreement", exact: true })).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(agreement.getByRole("heading", { level: 1 })).toContainText(`Hire Agreement: Acme Builders Ltd - ${v.registration}`);
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await page.emulateMedia({ media: "screen" });

  // The Sales and Purchase Form likewise; a vehicle without any agreement still prints it.
  await page.goto(`/printsale/${v.id}?agreement=0&doc=salespurchase`);
  const doc = page.getByRole("article", { name: "Sales and Purchase Form" });
  await expect(doc).toContainText(v.registration);
  await page.emulateMedia({ media: "print" });
  await expect(doc.getByRole("heading", { level: 1, name: "Sales and Purchase Form" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
});
