import { expect, test, type Page } from "@playwright/test";
import { byLabel, expectToast, openSettings, signIn, typeInto, uniq } from "./helpers";

// The one money input (issue 15): amounts are TYPED key by key, as staff
// do, never filled, because a number widget used to turn a typed thousands
// comma into a decimal point (24,500 saved as £24.50).

async function tokenOf(page: Page) {
  return (await page.evaluate(() => localStorage.getItem("token"))) as string;
}

async function apiGet(page: Page, path: string) {
  const res = await page.request.get(`/api/${path}`, { headers: { Authorization: `Token ${await tokenOf(page)}` } });
  expect(res.status()).toBe(200);
  return res.json();
}

async function apiPost(page: Page, path: string, data: unknown) {
  const res = await page.request.post(`/api/${path}`, { headers: { Authorization: `Token ${await tokenOf(page)}` }, data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}


test("vehicle: typed 24,500 and 1,250.50 save as £24,500.00 and £1,250.50; a lone '-' is not yet a number and crashes nothing", async ({ page }) => {
  await signIn(page);
  const v = await apiPost(page, "createvehicle", {
    registration: `MI ${uniq().slice(0, 5).toUpperCase()}`, variant: "L2H2", vin_number: `VIN${uniq()}`, location: "Yard", fleet_number: `7${uniq().slice(0, 6)}`, vehicle_status: "ACTIVE",
    finance_agreements: [{ finance_type: "NONE", invoice_date: "2033-01-15", depreciation_start_date: "2033-01-15" }],
  });
  await page.goto(`/editvehicle/${v.id}`);
  await expect(page.getByRole("heading", { level: 1, name: /^Vehicle - / })).toBeVisible();

  // Half-typed numbers: the page stays, the typing stays, the field says why once left.
  const retail = byLabel(page, "Retail price");
  await retail.click();
  await retail.pressSequentially("-");
  await expect(page.getByRole("heading", { level: 1, name: /^Vehicle - / })).toBeVisible();
  await expect(retail).toHaveValue("-");
  await retail.blur();
  await expect(page.getByText("Must be a number").first()).toBeVisible();
  const firstDay = byLabel(page, "First day");
  await typeInto(firstDay, ".");
  await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);

  await typeInto(retail, "24,500");
  await expect(retail).toHaveValue("24,500.00");
  await typeInto(firstDay, "1,250.50");
  await expect(firstDay).toHaveValue("1,250.50");
  // A comma in the wrong place is refused, not read as another amount.
  const extra = byLabel(page, "Extra cost");
  await typeInto(extra, "24,50");
  await page.getByRole("button", { name: "Save Vehicle" }).click();
  await expect(page.getByText("Use commas only between thousands (e.g. 24,500.50)").first()).toBeVisible();
  await typeInto(extra, "5,000");

  // The agreement's money fields are the same input.
  const card = page.getByRole("region", { name: "Agreement 1" });
  await typeInto(card.getByLabel("Vehicle purchase price"), "24,500");
  await page.getByRole("button", { name: "Save Vehicle" }).click();
  await expectToast(page, "Success", "Data saved successfully.");

  const stored = await apiGet(page, `vehicles/${v.id}`);
  expect(stored).toMatchObject({ retail_price: 24500, first_day: 1250.5, extra_cost: 5000 });
  expect(stored.finance_agreements[0].vehicle_purchase_price).toBe(24500);
  await page.reload();
  await expect(byLabel(page, "Retail price")).toHaveValue("24,500.00");
  await expect(page.getByRole("region", { name: "Agreement 1" }).getByLabel("Vehicle purchase price")).toHaveValue("24,500.00");
});

test("rental deposit and contact credit limit: typed 1,250.50 and 5,000 are saved as typed", async ({ page }) => {
  await signIn(page);
  const name = `Money Input ${uniq()}`;
  const contact = await apiPost(page, "contacts", { display_name: name, company_name: name, company_phone: "0121 496 0000", company_email: "a@moneyinput.co.uk", part_account_code: "05" });
  await page.goto(`/editcontact/${contact.id}`);
  const limit = byLabel(page, "Credit limit");
  await typeInto(limit, "5,000");
  await expect(limit).toHaveValue("5,000.00");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Success", /saved/i);
  expect((await apiGet(page, `contacts/${contact.id}`)).credit_limit).toBe(5000);

  const vans = await apiGet(page, "vehicles?vehicle_status=HIREREADY");
  const van = vans.results[0];
  const rental = await apiPost(page, "rentals", {
    rental_type: "ST", status: "QUOTE", start_date: "2033-02-01", finish_date: "2033-02-03", vehicle: van.id, customer: contact.id,
    start_mileage: 1000, first_day: 60, two_five_days: 45, six_twenty_seven_days: 35, twenty_eight_plus: 25,
    deposit: 250, deposit_paid_date: "2033-02-01", initial_payment: 100, initial_payment_date: "2033-02-01",
  });
  await page.goto(`/editrental/${rental.id}`);
  const deposit = byLabel(page, "Deposit");
  await expect(deposit).toHaveValue("250.00");
  await typeInto(deposit, "1,250.50");
  await page.getByRole("button", { name: "Save Rental" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  expect((await apiGet(page, `rentals/${rental.id}`)).deposit).toBe(1250.5);
});

test("a settings row's money field (vehicle model day rate) takes 1,250.50 and 2,000 typed", async ({ page }) => {
  await signIn(page);
  await openSettings(page, "Vehicle Models");
  const add = page.getByRole("form", { name: "Add vehicle model" });
  const name = `Money ${uniq()}`;
  await typeInto(byLabel(add, "Name"), name);
  await byLabel(add, "Make").selectOption({ label: "Vauxhall" });
  await typeInto(byLabel(add, "Day 1 rate"), "1,250.50");
  await typeInto(byLabel(add, "Day 2-5 rate"), "2,000");
  await add.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  const models = await apiGet(page, `vehiclemodel?search=${encodeURIComponent(name.toLowerCase())}&page_size=100`);
  const made = models.results.find((m: { name: string }) => m.name === name);
  expect(made).toMatchObject({ day1_rate: 1250.5, day2_5_rate: 2000 });
});

test("a modal's money fields (Create Sale Invoice) take 24,500 and 1,250.50 typed; the invoice is saved with them", async ({ page }) => {
  await signIn(page);
  const v = await apiPost(page, "createvehicle", {
    registration: `MM ${uniq().slice(0, 5).toUpperCase()}`, variant: "L2H2", vin_number: `VIN${uniq()}`, location: "Yard", fleet_number: `6${uniq().slice(0, 6)}`, vehicle_status: "ACTIVE",
    finance_agreements: [{ finance_type: "NONE", invoice_date: "2033-01-15", depreciation_start_date: "2033-01-15", sold_price: 100, sold_date: "2033-02-01" }],
  });
  await page.goto(`/editvehicle/${v.id}`);
  await page.getByRole("region", { name: "Agreement 1" }).getByRole("button", { name: "Create Invoice" }).click();
  const invoice = page.getByRole("dialog", { name: "Create Sale Invoice" });
  await invoice.getByRole("textbox", { name: "Customer" }).pressSequentially("acme");
  await page.getByRole("option", { name: "Acme Builders Ltd" }).click();
  await typeInto(invoice.getByLabel("Amount (vatable)"), "24,500");
  await typeInto(invoice.getByLabel("Non-vatable amount"), "1,250.50");
  // 24,500 + 20% VAT + 1,250.50.
  await expect(invoice.getByTestId("invoice-total")).toHaveText("Total: £30,650.50");
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/invoices"));
  await invoice.getByRole("button", { name: "Create Invoice" }).click();
  const res = await saved;
  expect(res.status()).toBe(201);
  const made = await res.json();
  expect(await apiGet(page, `invoices/${made.id}`)).toMatchObject({ amount: 24500, no_vat_amount: 1250.5 });
});
