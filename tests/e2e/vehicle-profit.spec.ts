import { expect, test, type APIRequestContext } from "@playwright/test";
import { byLabel, companyContact as company, expectToast, signIn, uniq, typeInto } from "./helpers";

/** The vehicle profit line and the fleet league table (issue 27; docs/finance.md "Vehicle profit line"). */

async function post(request: APIRequestContext, token: string | null, path: string, data: unknown) {
  const res = await request.post(`/api/${path}`, { headers: { Authorization: `Token ${token}` }, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}


test("a vehicle's Profit links to its records; the league table sorts and filters", async ({ page, request }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const u = uniq();
  const dept = await post(request, token, "createdepartment", { name: `League ${u}` });
  const make = await post(request, token, "vehiclemake", { name: `Make ${u}` });
  const customer = await post(request, token, "contacts", company(`Hirer ${u}`));
  const van = (n: number, price: number, extra: Record<string, unknown> = {}) =>
    post(request, token, "createvehicle", {
      registration: `PR${n} ${u.slice(0, 3).toUpperCase()}`, variant: "L2H2", vin_number: `VIN${u}${n}`, location: "Yard", fleet_number: `7${n}${u.slice(0, 5)}`,
      vehicle_status: "ACTIVE", department: dept.id, purchase_date: "2025-01-10", mileage: 10000, ...extra,
      finance_agreements: [{ finance_type: "NONE", vehicle_purchase_price: price, invoice_date: "2025-01-10", depreciation_start_date: "2025-01-10" }],
    });
  const a = await van(1, 3000);
  await van(2, 1000, { make: make.id });
  const rental = await post(request, token, "rentals", {
    rental_type: "ST", status: "CONFIRMED", start_date: "2025-03-01", finish_date: "2025-03-10", vehicle: a.id, customer: customer.id, department: dept.id,
    start_mileage: 10000, first_day: 60, two_five_days: 45, six_twenty_seven_days: 35, twenty_eight_plus: 25, deposit: 250, deposit_paid_date: "2025-03-01",
    initial_payment: 100, initial_payment_date: "2025-03-01", cost_override: true, total: 500,
  });

  // The vehicle's Profit: the figures, the month table, and a link to the rental behind the hire income.
  await page.goto(`/editvehicle/${a.id}`);
  const profit = page.getByTestId("vehicle-profit");
  await expect(profit.getByText("Profit to date -£2,500.00")).toBeVisible();
  const line = profit.getByRole("table", { name: "Profit line" });
  const hire = line.getByRole("row").filter({ hasText: "Hire income" });
  await expect(hire).toContainText("£500.00");
  await expect(profit.getByRole("table", { name: "Income and cost by month", exact: true }).getByRole("row").filter({ hasText: "03/2025" })).toContainText("£500.00");
  // Its chart of income and cost by month draws the profit line's own months, figure for figure.
  const chart = profit.getByRole("region", { name: "Income and cost by month chart" });
  await expect(chart.locator(".recharts-surface").first()).toBeVisible();
  const answer = await (await request.get(`/api/vehicles/${a.id}/profit`, { headers: { Authorization: `Token ${token}` } })).json();
  const gbp = (n: number) => new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(n);
  const expected = (answer.months as Array<{ month: string; income: number; cost: number }>)
    .filter((m) => m.month.length === 7)
    .map((m) => [`${m.month.slice(5)}/${m.month.slice(0, 4)}`, gbp(m.income), gbp(m.cost)]);
  expect(expected.length).toBeGreaterThan(0);
  const figures = chart.getByRole("table", { includeHidden: true });
  await expect(figures.locator("tbody tr").first()).toBeAttached();
  expect(await figures.locator("tbody tr").evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll("td")).map((td) => td.textContent ?? "")))).toEqual(expected);
  expect(expected).toContainEqual(["03/2025", "£500.00", "£0.00"]);
  await hire.getByRole("link", { name: `Rental ${rental.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/editrental/${rental.id}$`));

  // The league table: the department's vehicles by profit before finance, best first; the order turned; a make filter.
  await page.goto(`/fleetleague?department=${dept.id}`);
  const table = page.getByRole("table", { name: "Fleet league" });
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`PR2 ${u.slice(0, 3).toUpperCase()}`);
  await expect(rows.nth(0)).toContainText("-£1,000.00");
  await expect(rows.nth(1)).toContainText("-£2,500.00");
  await page.getByRole("button", { name: /Sort by profit before finance/ }).click();
  await expect(rows.nth(0)).toContainText(`PR1 ${u.slice(0, 3).toUpperCase()}`);
  await page.getByLabel("Make").selectOption(String(make.id));
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText(`PR2 ${u.slice(0, 3).toUpperCase()}`);
  // Its CSV is the fleetleague report.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/fleet-league/);
});

test("the league sorts by utilisation from its column header, highest then lowest first, with the day its ranks are as of", async ({ page, request }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const u = uniq();
  const dept = await post(request, token, "createdepartment", { name: `Util ${u}` });
  const customer = await post(request, token, "contacts", company(`Util hirer ${u}`));
  const reg = (n: number) => `UT${n} ${u.slice(0, 3).toUpperCase()}`;
  const ids: number[] = [];
  // Van 1 on hire 20 days, van 2 on hire 3 days, van 3 never: profit the other way round (van 3 the cheapest bought).
  for (const [n, days, price] of [[1, 20, 3000], [2, 3, 2000], [3, 0, 1000]] as const) {
    const v = await post(request, token, "createvehicle", {
      registration: reg(n), variant: "L2H2", vin_number: `VINU${u}${n}`, location: "Yard", fleet_number: `8${n}${u.slice(0, 5)}`,
      vehicle_status: "ACTIVE", department: dept.id, purchase_date: "2025-01-10", mileage: 10000,
      finance_agreements: [{ finance_type: "NONE", vehicle_purchase_price: price, invoice_date: "2025-01-10", depreciation_start_date: "2025-01-10" }],
    });
    ids.push(v.id);
    if (days)
      await post(request, token, "rentals", {
        rental_type: "ST", status: "CONFIRMED", start_date: "2025-03-01", finish_date: `2025-03-${String(days).padStart(2, "0")}`, vehicle: v.id, customer: customer.id, department: dept.id,
        start_mileage: 10000, first_day: 60, two_five_days: 45, six_twenty_seven_days: 35, twenty_eight_plus: 25, deposit: 250, deposit_paid_date: "2025-03-01",
        initial_payment: 100, initial_payment_date: "2025-03-01", cost_override: true, total: 10,
      });
  }
  await page.goto(`/fleetleague?department=${dept.id}`);
  const rows = page.getByRole("table", { name: "Fleet league" }).locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(reg(3));
  await expect(page.getByTestId("league-ranked-on")).toContainText("Utilisation and cost per mile ranked as of");
  await page.getByRole("button", { name: "Sort by utilisation, highest first" }).click();
  await expect(page).toHaveURL(/sort=utilisation/);
  await expect(rows.nth(0)).toContainText(reg(1));
  await expect(rows.nth(1)).toContainText(reg(2));
  await expect(rows.nth(2)).toContainText(reg(3));
  await page.getByRole("button", { name: "Sort by utilisation, lowest first" }).click();
  await expect(rows.nth(0)).toContainText(reg(3));
  await expect(rows.nth(2)).toContainText(reg(1));
});

test("an expense typed with a vehicle (its registration typed as staff type) shows on the van's profit line with a link", async ({ page, request }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const u = uniq();
  const registration = `EX${u.slice(0, 2).toUpperCase()} ${u.slice(2, 5).toUpperCase()}`;
  const v = await post(request, token, "createvehicle", {
    registration, variant: "L2H2", vin_number: `VINX${u}`, location: "Yard", fleet_number: `9${u.slice(0, 6)}`, vehicle_status: "ACTIVE", purchase_date: "2025-01-10", mileage: 10000,
  });
  const tag = `e2e van expense ${u}`;
  await page.goto("/expenses");
  const panel = page.getByRole("form", { name: "Add transaction" });
  await typeInto(byLabel(panel, "Description"), tag);
  await typeInto(byLabel(panel, "Amount"), "84.50");
  const vehicle = panel.getByRole("textbox", { name: "Vehicle", exact: true });
  await vehicle.click();
  // Key by key, lower case, as staff type a registration.
  await page.keyboard.type(registration.toLowerCase().replace(" ", ""), { delay: 30 });
  await page.getByRole("option", { name: new RegExp(registration) }).click();
  await panel.getByRole("button", { name: "Add Transaction" }).click();
  await expectToast(page, "Success", "Data saved successfully.");

  await page.goto(`/editvehicle/${v.id}`);
  const line = page.getByTestId("vehicle-profit").getByRole("table", { name: "Profit line" });
  const other = line.getByRole("row").filter({ hasText: "Other costs" });
  await expect(other).toContainText("£84.50");
  await expect(other.getByRole("link", { name: /^Transaction \d+$/ })).toBeVisible();
  await other.getByRole("link", { name: /^Transaction \d+$/ }).click();
  await expect(page).toHaveURL(/\/expenses$/);
});
