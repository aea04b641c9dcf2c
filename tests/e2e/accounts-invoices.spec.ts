import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { byLabel, clearToasts, expectToast, signIn, uniq } from "./helpers";

/**
 * Invoicing (003 §2 Invoicing page) and Credit Notes (003 §2): each
 * activeView opens with its views, an invoice goes not approved → ready →
 * approved through the screen and is credited, the credit note is made
 * ready and approved on /credit, and the /credit filters narrow the list.
 */

async function auth(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  return { Authorization: `Token ${token}` };
}

async function firstId(request: APIRequestContext, headers: Record<string, string>, path: string) {
  const answer = await (await request.get(`/api/${path}`, { headers })).json();
  return answer.results[0].id as number;
}

test("each activeView opens with its views and the demo invoices", async ({ page }) => {
  await signIn(page);
  for (const [view, title] of [
    ["hire", "Hire Invoices"],
    ["movement", "Movement Invoices"],
    ["sales", "Vehicle Sales Invoices"],
    ["order", "Parts Invoices"],
  ]) {
    await page.goto(`/invoices?activeView=${view}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const table = page.getByRole("table", { name: "Invoices" });
    await page.getByRole("radiogroup", { name: "View" }).getByText("Approved", { exact: true }).click();
    await expect(table.locator("tr[data-state='APPROVED']").first()).toBeVisible();
    await expect(table.locator("tr[data-state='READY']")).toHaveCount(0);
    await page.getByRole("radiogroup", { name: "View" }).getByText("Ready to Invoice", { exact: true }).click();
    await expect(table.locator("tr[data-state='READY']").first()).toBeVisible();
    await expect(table.locator("tr[data-state='APPROVED']")).toHaveCount(0);
  }
});

test("an invoice goes not approved → ready → approved on screen, is credited, and the credit note is approved", async ({ page, request }) => {
  await signIn(page);
  const headers = await auth(page);
  const tag = `e2e inv ${uniq()}`;
  const [customer, nominal] = await Promise.all([firstId(request, headers, "customersearch?search=acme"), firstId(request, headers, "nominal?page_size=1000")]);
  const made = await request.post("/api/invoices", { headers, data: { customer, amount: 100, no_vat_amount: 0, description: tag } });
  expect(made.status()).toBe(201);

  await page.goto("/invoices?activeView=sales");
  await page.getByRole("searchbox", { name: "Search" }).fill("acme");
  await page.getByRole("radiogroup", { name: "View" }).getByText("Not Approved", { exact: true }).click();
  const table = page.getByRole("table", { name: "Invoices" });
  const row = table.getByRole("row").filter({ hasText: tag });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("£120.00");

  // Approve is refused on screen while the VAT nominal code is missing (003 §5).
  await row.getByRole("button", { name: "Ready" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await page.getByRole("radiogroup", { name: "View" }).getByText("Ready to Invoice", { exact: true }).click();
  await expect(row).toHaveAttribute("data-state", "READY");
  await clearToasts(page);
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "A VAT nominal code is required when the amount is above 0" }).first()).toBeVisible();
  await clearToasts(page);

  // Edit: set the nominal code, then approve.
  await row.getByRole("button", { name: "Edit", exact: true }).click();
  const modal = page.getByRole("dialog");
  await byLabel(modal, "VAT nominal code").selectOption({ index: 1 });
  await modal.getByRole("button", { name: "Save Invoice" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(modal).toBeHidden();
  await clearToasts(page);
  await row.getByRole("button", { name: "Approve" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await page.getByRole("radiogroup", { name: "View" }).getByText("Approved", { exact: true }).click();
  await expect(row).toHaveAttribute("data-state", "APPROVED");
  await expect(row).toContainText(/IN\d{5}/);
  await expect(row.getByRole("button", { name: "Edit", exact: true })).toHaveCount(0);
  void nominal;

  // Credit it: £10 + VAT = £12 off the £120 outstanding.
  await clearToasts(page);
  await row.getByRole("button", { name: "Credit" }).click();
  const credit = page.getByRole("dialog");
  await byLabel(credit, "Amount (vatable)").fill("10");
  await byLabel(credit, "Description").fill(tag);
  await credit.getByRole("button", { name: "Create Credit Note" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(credit).toBeHidden();

  // /credit: not approved → ready → approved.
  await page.goto("/credit?approved=not_approved&view=SALE");
  const credits = page.getByRole("table", { name: "Credit notes" });
  const crow = credits.getByRole("row").filter({ hasText: tag });
  await expect(crow).toHaveCount(1);
  await clearToasts(page);
  await crow.getByRole("button", { name: "Ready" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await page.getByRole("radiogroup", { name: "Approved state" }).getByText("Ready to Approve", { exact: true }).click();
  await expect(crow).toHaveAttribute("data-state", "READY");
  await clearToasts(page);
  await crow.getByRole("button", { name: "Approve" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await page.getByRole("radiogroup", { name: "Approved state" }).getByText("Approved", { exact: true }).click();
  await expect(crow).toHaveAttribute("data-state", "APPROVED");
  await expect(crow.getByRole("button", { name: "Delete" })).toBeDisabled();
  // Other views do not hold it.
  await page.getByRole("radiogroup", { name: "View" }).getByText("Movement Invoice", { exact: true }).click();
  await expect(crow).toHaveCount(0);

  // The invoice now owes £108.
  await page.goto("/invoices?activeView=sales&view=approved");
  await page.getByRole("searchbox", { name: "Search" }).fill("acme");
  await expect(table.getByRole("row").filter({ hasText: tag })).toContainText("£108.00");
});
