import { expect, test } from "@playwright/test";
import { signIn, uniq } from "./helpers";

test("contacts list pages 25 at a time with the page in the URL; a filter change goes back to page 1", async ({ page }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { authorization: `Token ${token}` };
  const tag = `Pg${uniq()}`;
  // 26 partial customers sharing a display-name prefix.
  for (let i = 1; i <= 26; i++) {
    const n = String(i).padStart(2, "0");
    const res = await page.request.post("/api/contacts", {
      headers,
      data: { display_name: `${tag} ${n}`, company_name: `${tag} ${n}`, company_phone: "0117 496 0000", company_email: `c${n}@example.co.uk`, hire_account_code: "01" },
    });
    expect(res.status()).toBe(201);
  }

  await page.goto(`/contacts?type=CC&search=${tag}`);
  const table = page.getByRole("table", { name: "Contacts" });
  await expect(table.getByRole("row")).toHaveCount(26); // header + 25
  await expect(page.getByText("26 contacts")).toBeVisible();
  await expect(table.getByRole("row").nth(1)).toContainText(`${tag} 01`);
  await expect(table.getByRole("row").nth(25)).toContainText(`${tag} 25`);
  await page.getByRole("button", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText(`${tag} 26`);
  // The whole state is in the URL: a reload keeps the page, search and type.
  await page.reload();
  await expect(table).toContainText(`${tag} 26`);
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  // A filter change goes back to page 1.
  await page.getByLabel("Only incomplete contacts").click(); // bound to the URL: it ticks once the URL has changed
  await expect(page).toHaveURL(/partial_view=YES/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(table.getByRole("row")).toHaveCount(26);
  // Suppliers are never incomplete.
  await page.locator("label").filter({ hasText: /^Supplier$/ }).click();
  await expect(page).toHaveURL(/type=SP/);
  await expect(table).toContainText("No contacts found.");
});
