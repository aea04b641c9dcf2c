import { expect, test, type Page } from "@playwright/test";
import { byLabel, clearToasts, expectToast, signIn, typeInto, uniq } from "./helpers";
import { apiOf, refsOf } from "./workshop-jobs-helpers";

/**
 * Input typed key by key as staff type it, on the parts screens (002 §2
 * Part orders, Movements page): a part order line's cost with a thousands
 * comma is saved as that amount, a lone '-' is refused before anything is
 * sent, and the movements date range narrows the list to typed UK dates.
 */

async function orderWithLine(page: Page, name: string) {
  const api = await apiOf(page);
  const refs = await refsOf(api, "bv21");
  const order = await api.post("createpartorder", {
    customer: refs.customer.id,
    customer_vehicle: "TY21 PED",
    description: "Typed input",
    parts: [{ name, part_number: "TI-1", supplier: refs.workshop.id, cost: 1, supplier_tracking_option: refs.tracking, customer_tracking_option: refs.tracking }],
  });
  return { api, order };
}

test("a part order line's cost typed as '24,500' is saved as 24500.00; a lone '-' is refused and nothing is sent", async ({ page }) => {
  await signIn(page);
  const name = `Gearbox ${uniq()}`;
  const { api, order } = await orderWithLine(page, name);
  await page.goto(`/editpartorder/${order.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Part Order ${order.id}` })).toBeVisible();
  const parts = page.getByRole("table", { name: "Parts" });
  const cost = parts.getByLabel(`Actual Cost of ${name}`);
  await typeInto(cost, "24,500");
  await expect(page.locator("[data-total=cost]")).toHaveText("£24,500.00");
  await clearToasts(page);
  await page.getByRole("button", { name: "Save" }).first().click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(cost).toHaveValue("24,500.00");
  expect((await api.get(`partorder/${order.id}`)).parts[0].cost).toBe(24500);

  // A lone minus is not a number yet: the screen names it and sends nothing.
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.method() !== "GET" && r.url().includes("/api/")) sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await typeInto(cost, "-");
  await clearToasts(page);
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(page.getByText("Must be a number").first()).toBeVisible();
  expect(sent).toEqual([]);
  expect((await api.get(`partorder/${order.id}`)).parts[0].cost).toBe(24500);
});

test("the movements date range narrows the list to typed start and end dates (DD/MM/YYYY)", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const tag = `typed mv ${uniq()}`;
  const customer = (await api.get("customersearch?search=acme")).results[0];
  for (const [date, where] of [
    ["2031-02-03", "early"],
    ["2031-02-20", "late"],
  ])
    await api.post("movement", { customer: customer.id, delivery_date: date, vehicle: `${tag} ${where}`, start_address: "Depot", end_address: "Site" });
  await page.goto("/movements");
  await page.getByRole("searchbox", { name: "Search" }).pressSequentially(tag);
  const table = page.getByRole("table", { name: "Movements" });
  await expect(table.getByRole("row").filter({ hasText: tag })).toHaveCount(2);
  await typeInto(byLabel(page, "Start date"), "01/02/2031");
  await typeInto(byLabel(page, "End date"), "10/02/2031");
  await expect(page).toHaveURL(/start=2031-02-01/);
  await expect(page).toHaveURL(/end=2031-02-10/);
  await expect(table.getByRole("row").filter({ hasText: `${tag} early` })).toHaveCount(1);
  await expect(table.getByRole("row").filter({ hasText: `${tag} late` })).toHaveCount(0);
  // The end moved past the second: both again.
  await typeInto(byLabel(page, "End date"), "28/02/2031");
  await expect(table.getByRole("row").filter({ hasText: tag })).toHaveCount(2);
});
