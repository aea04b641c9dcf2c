import { expect, test } from "@playwright/test";
import { byLabel, confirmDialog, expectToast, signIn, typeAndLeave, typeInto, uniq } from "./helpers";

// A 1x1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

test("a new vehicle: required fields and save rules show before sending; fleet number generated; saved, edited, deleted", async ({ page }) => {
  await signIn(page);
  await page.goto("/editvehicle");
  await expect(page.getByRole("heading", { level: 1, name: "New" })).toBeVisible();
  await page.getByRole("button", { name: "Save Vehicle" }).click();
  await expect(page.getByText("Registration is required").first()).toBeVisible();
  const reg = `E2 ${uniq().slice(0, 5).toUpperCase()}`;
  await typeInto(byLabel(page, "Registration"), reg);
  await typeInto(byLabel(page, "Variant"), "2.0 EcoBlue 130ps Trend");
  await typeInto(byLabel(page, "VIN number"), `WF0XXXTTG${uniq()}`);
  await typeInto(byLabel(page, "Location"), "Birmingham depot");
  await byLabel(page, "Make").selectOption({ label: "Ford" });
  await byLabel(page, "Model").selectOption({ label: "Transit Custom" });
  // No fleet number yet: required of a fleet vehicle (marked, and named under the field with the others).
  await page.getByRole("button", { name: "Save Vehicle" }).click();
  await expect(page.getByText("Fleet number is required")).toBeVisible();
  await expect(byLabel(page, "Fleet number")).toBeFocused();
  // External customer vehicles must not have a fleet number (rule 1): the status change asks first.
  await typeInto(byLabel(page, "Fleet number"), "99999");
  await page.getByRole("group", { name: "Status" }).getByRole("button", { name: "External Customer Vehicle" }).click();
  await expect(page.getByRole("dialog")).toContainText("Make sure if any preparation needs to be done, the right job card has been raised.");
  await page.getByRole("button", { name: "Change Status" }).click();
  await page.getByRole("button", { name: "Save Vehicle" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "External Vehicles should not have a fleet number!" })).toBeVisible();
  await page.getByRole("group", { name: "Status" }).getByRole("button", { name: "Active" }).click();
  await page.getByRole("button", { name: "Change Status" }).click();
  // Generate the fleet number: it overwrites the fleet number and the delivery date.
  await page.getByRole("button", { name: "Generate fleet number" }).click();
  await typeAndLeave(page, page.getByRole("dialog").getByLabel("Date"), "14/03/2026");
  await page.getByRole("dialog").getByRole("button", { name: "Generate" }).click();
  await expect(byLabel(page, "Fleet number")).toHaveValue(/^26\d{3,}$/);
  await expect(byLabel(page, "Delivery date")).toHaveValue("14/03/2026");
  await typeInto(byLabel(page, "First day"), "60");
  await typeInto(byLabel(page, "2-5 days (per day)"), "45");
  await typeInto(byLabel(page, "6-27 days (per day)"), "35");
  await expect(page.getByText("Weekend: £105.00")).toBeVisible();
  await expect(page.getByText("1 week: £310.00")).toBeVisible();
  await page.getByRole("button", { name: "Add inspection" }).click();
  await page.getByLabel("Inspection 1 type").selectOption({ label: "MOT" });
  await typeAndLeave(page, page.getByLabel("Inspection 1 last completed"), "10/01/2026");
  await typeAndLeave(page, page.getByLabel("Inspection 1 expiry"), "10/01/2020");
  await expect(page.getByRole("table", { name: "Inspections" }).locator("tr[data-due='true']")).toHaveCount(1);
  await page.getByRole("button", { name: "Save Vehicle" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(page).toHaveURL(/\/editvehicle\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: `Vehicle - ${reg}` })).toBeVisible();
  await expect(page.getByLabel("Inspection 1 type")).toHaveValue(/\d+/);
  await expect(page.getByRole("table", { name: "Vehicle Rental Record" })).toBeVisible();

  // Upload a photo and see it listed; a text file is refused.
  await page.locator("input[type=file]").first().setInputFiles({ name: "front.png", mimeType: "image/png", buffer: PNG });
  await expectToast(page, "Success", "Image uploaded successfully");
  await expect(page.getByTestId("vehicle-image")).toHaveCount(1);
  await page.locator("input[type=file]").first().setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expectToast(page, "Error", "Not supported file format");

  await page.getByRole("button", { name: "Delete Vehicle" }).click();
  await expect(page.getByRole("dialog")).toContainText("Are you sure?");
  await confirmDialog(page, "Delete Vehicle");
  await expect(page).toHaveURL(/\/vehicles$/);
});

test("a stale save gets the edited-elsewhere message and keeps the edits; warranty colours", async ({ page, request }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { Authorization: `Token ${token}` };
  const made = await request.post("/api/createvehicle", {
    headers,
    data: { registration: `ST ${uniq().slice(0, 5).toUpperCase()}`, variant: "L2H2", vin_number: `VIN${uniq()}`, location: "Yard", fleet_number: `9${uniq().slice(0, 6)}`, vehicle_status: "ACTIVE", manufacturer_main_warranty_date: "2099-01-01", driveline_warranty_date: "2020-01-01" },
  });
  expect(made.status()).toBe(201);
  const v = await made.json();
  await page.goto(`/editvehicle/${v.id}`);
  await expect(page.getByTestId("manufacturer_main_warranty_date-colour")).toHaveText("In warranty");
  await expect(page.getByTestId("driveline_warranty_date-colour")).toHaveText("Expired");
  expect((await request.put(`/api/vehicles/${v.id}`, { headers, data: { location: "Moved elsewhere", last_saved: v.last_saved } })).status()).toBe(200);
  await typeInto(byLabel(page, "Location"), "My yard");
  await page.getByRole("button", { name: "Save Vehicle" }).click();
  await expectToast(page, "Error", /edited elsewhere/);
  await expect(byLabel(page, "Location")).toHaveValue("My yard");
});

test("the phone upload page takes several photos at once at phone width", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const made = await request.post("/api/createvehicle", {
    headers: { Authorization: `Token ${token}` },
    data: { registration: `PH ${uniq().slice(0, 5).toUpperCase()}`, variant: "L1", vin_number: `VIN${uniq()}`, location: "Yard", fleet_number: `8${uniq().slice(0, 6)}`, vehicle_status: "ACTIVE" },
  });
  const v = await made.json();
  await page.goto(`/vehicleupload/${v.id}`);
  await expect(page.getByRole("button", { name: "Take or choose photos" })).toBeVisible();
  await page.getByLabel("Photos").setInputFiles([
    { name: "side.png", mimeType: "image/png", buffer: PNG },
    { name: "rear.png", mimeType: "image/png", buffer: PNG },
  ]);
  await expect(page.getByLabel("Upload of rear.png")).toBeVisible();
  await expect(page.getByText("rear.png: 100%")).toBeVisible();
  await page.getByRole("link", { name: "Back to the vehicle" }).click();
  await expect(page.getByTestId("vehicle-image")).toHaveCount(2);
});

test("agreements: add one, Fixed Rate, read-only figures, the type-change warning and reset, save rules 2-3", async ({ page, request }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const made = await request.post("/api/createvehicle", {
    headers: { Authorization: `Token ${token}` },
    data: { registration: `AG ${uniq().slice(0, 5).toUpperCase()}`, variant: "L2H2", vin_number: `VIN${uniq()}`, location: "Yard", fleet_number: `7${uniq().slice(0, 6)}`, vehicle_status: "ACTIVE" },
  });
  const v = await made.json();
  await page.goto(`/editvehicle/${v.id}`);
  await page.getByRole("button", { name: "Add agreement" }).click();
  const card = page.getByRole("region", { name: "Agreement 1" });
  const type = card.getByLabel("Agreement 1 finance type");
  await expect(type.locator("option", { hasText: "Fixed Rate" })).toHaveCount(1);
  await expect(type.locator("option", { hasText: "Variable Rate" })).toHaveCount(1);
  await type.selectOption({ label: "Fixed Rate" }); // from None: at once
  await expect(card.getByLabel("Interest rate (%)")).toBeDisabled();
  await typeInto(card.getByLabel("Vehicle purchase price"), "21000");
  await typeInto(card.getByLabel("Addons purchase price"), "1500");
  await typeInto(card.getByLabel("Deposit", { exact: true }), "2500");
  await expect(card.getByTestId("agreement-0-purchase-price")).toHaveText("Purchase price: £22,500.00");
  await expect(card.getByTestId("agreement-0-borrowed")).toHaveText("Amount borrowed: £20,000.00");
  await typeInto(card.getByLabel("Agreement no."), "HP-77");
  // Rule 3: invoice and depreciation start dates are needed.
  await page.getByRole("button", { name: "Save Vehicle" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Vehicles must have a Delivery Date (Dep start date) and an Invoice Date" })).toBeVisible();
  await typeAndLeave(page, card.getByLabel("Invoice date"), "10/01/2026");
  await typeAndLeave(page, card.getByLabel("Depreciation start date"), "10/01/2026");
  // Rule 2: a settlement date needs a settlement amount.
  await typeAndLeave(page, card.getByLabel("Early settlement date"), "01/09/2026");
  await page.getByRole("button", { name: "Save Vehicle" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Vehicles must have a settlement figure and date!" })).toBeVisible();
  await typeInto(card.getByLabel("Early settlement amount paid"), "15000");
  await expect(card.getByText("Settled")).toBeVisible();
  await typeInto(card.getByLabel("Sold price"), "10000");
  await typeInto(card.getByLabel("Warranty cost"), "450");
  await typeAndLeave(page, card.getByLabel("Sold date"), "01/10/2026");
  // Entering a sold date opens Create Payment, amount defaulting to the total less the deposit.
  const payment = page.getByRole("dialog", { name: "Create Payment" });
  await expect(payment).toBeVisible();
  await expect(payment.getByLabel("Amount")).toHaveValue("12,450.00");
  await payment.getByRole("button", { name: "Cancel" }).click();
  await expect(card.getByTestId("agreement-0-pro-forma-total")).toHaveText("Pro forma total: £12,450.00");
  await page.getByRole("button", { name: "Save Vehicle" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Data saved successfully." }).first()).toBeVisible();
  await page.reload();
  const saved = page.getByRole("region", { name: "Agreement 1" });
  await expect(saved.getByLabel("Agreement no.")).toHaveValue("HP-77");
  await expect(saved.getByLabel("Pro forma date")).not.toHaveValue("");
  // Create Sale Invoice: 20% on the vatable amount plus the non-vatable amount; a real invoice.
  await saved.getByRole("button", { name: "Create Invoice" }).click();
  const invoice = page.getByRole("dialog", { name: "Create Sale Invoice" });
  await invoice.getByRole("textbox", { name: "Customer" }).pressSequentially("acme");
  await page.getByRole("option", { name: "Acme Builders Ltd" }).click();
  await expect(invoice.getByTestId("invoice-total")).toHaveText("Total: £12,450.00");
  await invoice.getByLabel("VAT", { exact: true }).selectOption("5");
  await expect(invoice.getByTestId("invoice-total")).toHaveText("Total: £10,950.00");
  // Its invoice number and tracking option (000 §3, §7): the options from GET trackingoption.
  const saleNumber = `SV${uniq().slice(0, 8).toUpperCase()}`;
  await typeInto(invoice.getByLabel("Invoice number"), saleNumber);
  await invoice.getByLabel("Tracking option").selectOption({ label: "Department: VAN SALES DIRECT" });
  const posted = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/invoices"));
  await invoice.getByRole("button", { name: "Create Invoice" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invoice Created Successfully" })).toBeVisible();
  // The invoice names its agreement by the agreement's own number.
  const sent = (await posted).postDataJSON();
  expect(sent.finance_agreement).toEqual(expect.any(Number));
  expect(sent).toMatchObject({ invoice_number: saleNumber, tracking_option: expect.any(Number) });
  await saved.getByRole("button", { name: "Create Payment" }).click();
  const pay = page.getByRole("dialog", { name: "Create Payment" });
  await pay.getByRole("textbox", { name: "Customer" }).pressSequentially("acme");
  await page.getByRole("option", { name: "Acme Builders Ltd" }).click();
  await pay.getByLabel("Payment type").selectOption("CARD");
  await pay.getByRole("button", { name: "Create Payment" }).click();
  await expect(pay).toBeHidden();
  // Changing the type of a financed agreement warns, then resets.
  await saved.getByLabel("Agreement 1 finance type").selectOption({ label: "Lease Agreement" });
  await expect(page.getByRole("dialog")).toContainText("overwrite");
  await page.getByRole("dialog").getByRole("button", { name: "Continue" }).click();
  await expect(saved.getByLabel("Agreement no.")).toHaveValue("");
  await expect(saved.getByLabel("Invoice date")).toHaveValue("");
  await expect(saved.getByLabel("Sold price")).toHaveValue(/10,?000/);
});

test("sale paperwork prints on A4 with the department's bank details and footer", async ({ page, request }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { Authorization: `Token ${token}` };
  const dept = await (await request.post("/api/createdepartment", { headers, data: { name: `SALES ${uniq()}`, bank_name: "Barclays", bank_sort_code: "20-00-00", bank_account_number: "12345678", registration_footer: "Registered in England No. 01234567" } })).json();
  const made = await request.post("/api/createvehicle", {
    headers,
    data: {
      registration: `PS ${uniq().slice(0, 5).toUpperCase()}`, variant: "L1H1", vin_number: `VIN${uniq()}`, location: "Yard", fleet_number: `6${uniq().slice(0, 6)}`, vehicle_status: "SOLD", department: dept.id,
      finance_agreements: [{ finance_type: "NONE", invoice_date: "2026-01-10", depreciation_start_date: "2026-01-10", vehicle_purchase_price: 15000, sold_date: "2026-10-01", sold_price: 10000, sale_warranty_cost: 450, sold_by: "Jo" }],
    },
  });
  expect(made.status()).toBe(201);
  const v = await made.json();
  await page.goto(`/editvehicle/${v.id}`);
  await page.getByRole("region", { name: "Agreement 1" }).getByRole("link", { name: "Print", exact: true }).click();
  const doc = page.getByRole("article", { name: "Pro Forma Invoice" });
  await expect(doc).toContainText("£12,450.00");
  await expect(doc.getByLabel("Department footer")).toContainText("Barclays");
  await expect(doc.getByLabel("Department footer")).toContainText("Registered in England No. 01234567");
  await page.emulateMedia({ media: "print" });
  const pdf = await page.pdf({ format: "A4" });
  expect((pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length).toBe(1);
  await page.emulateMedia({ media: "screen" });
  for (const [docType, title] of [["sheet", "Customer Collection/Delivery Sheet"], ["salespurchase", "Sales and Purchase Form"], ["quote", "Quote"]]) {
    await page.goto(`/printsale/${v.id}?agreement=0&doc=${docType}`);
    await expect(page.getByRole("article", { name: title })).toContainText(v.registration);
    const file = await page.pdf({ format: "A4" });
    expect((file.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length).toBeGreaterThanOrEqual(1);
  }
});
