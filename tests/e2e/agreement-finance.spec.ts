import { expect, test } from "@playwright/test";
import { signIn, uniq, typeInto } from "./helpers";


test("a Fixed Rate HP purchase shows its finance figures as staff type; the supplier and sale customer are picked and kept", async ({ page, request }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  // Starting in 2090, so every figure is fixed whatever today is: nothing paid yet.
  const made = await request.post("/api/createvehicle", {
    headers: { Authorization: `Token ${token}` },
    data: {
      registration: `HP ${uniq().slice(0, 5).toUpperCase()}`, variant: "L2H2", vin_number: `VIN${uniq()}`, location: "Yard", fleet_number: `8${uniq().slice(0, 6)}`, vehicle_status: "ACTIVE",
      finance_agreements: [{
        finance_type: "REGULAR", vehicle_purchase_price: 30000, addons_purchase_price: 2000, deposit_amount: 5000, monthly_payment: 550, payment_term: 48, balloon_payment: 6000,
        finance_start_date: "2090-01-15", invoice_date: "2090-01-15", depreciation_start_date: "2090-01-15", annual_depreciation_rate: 20,
      }],
    },
  });
  expect(made.status()).toBe(201);
  const v = await made.json();
  await page.goto(`/editvehicle/${v.id}`);
  const card = page.getByRole("region", { name: "Agreement 1" });
  await expect(card.getByTestId("agreement-0-remaining_balance")).toHaveText("Remaining balance: £32,400.00");
  await expect(card.getByTestId("agreement-0-remaining_capital")).toHaveText("Remaining capital: £27,000.00");
  await expect(card.getByTestId("agreement-0-hp_remaining_interest")).toHaveText("Remaining HP interest: £5,400.00");
  await expect(card.getByTestId("agreement-0-estimated_value")).toHaveText("Estimated value: £32,000.00");
  await expect(card.getByTestId("agreement-0-hp_interest_rate")).toHaveText("Interest rate: 8.11%");
  await expect(card.getByLabel("Interest rate (%)")).toBeDisabled();
  await expect(card.getByLabel("Interest rate (%)")).toHaveValue("8.11");
  // The figures follow the typing: 60 instalments of 550 and no balloon.
  await typeInto(card.getByLabel("Payment term (months)"), "60");
  await typeInto(card.getByLabel("Balloon payment", { exact: true }), "0");
  await expect(card.getByTestId("agreement-0-remaining_balance")).toHaveText("Remaining balance: £33,000.00");
  await expect(card.getByTestId("agreement-0-hp_remaining_interest")).toHaveText("Remaining HP interest: £6,000.00");

  await card.getByRole("textbox", { name: "Supplier" }).pressSequentially("nor");
  await page.getByRole("option", { name: /^Northern/ }).first().click();
  await card.getByRole("textbox", { name: "Sale customer" }).pressSequentially("acme");
  await page.getByRole("option", { name: "Acme Builders Ltd" }).click();
  await page.getByRole("button", { name: "Save Vehicle" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Data saved successfully." }).first()).toBeVisible();
  await page.reload();
  const saved = page.getByRole("region", { name: "Agreement 1" });
  await expect(saved.getByRole("textbox", { name: "Sale customer" })).toHaveValue("Acme Builders Ltd");
  await expect(saved.getByRole("textbox", { name: "Supplier" })).toHaveValue(/^Northern/);
  await expect(saved.getByTestId("agreement-0-remaining_balance")).toHaveText("Remaining balance: £33,000.00");
  const stored = await (await request.get(`/api/vehicles/${v.id}`, { headers: { Authorization: `Token ${token}` } })).json();
  expect(stored.finance_agreements[0]).toMatchObject({ payment_term: 60, remaining_balance: 33000, sale_customer: { display_name: "Acme Builders Ltd" } });
  expect(stored.remaining_capital).toBe(27000);
});
