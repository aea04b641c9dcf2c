import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

/**
 * The Xero page's Reconciliation section (issue 22; docs/accounts.md
 * "Reconciliation"): run on demand, it says what it checked and lists any
 * difference (the API test seeds them: tests/api/reconcile.test.ts).
 */

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("Xero page: Check the books runs the reconciliation and says what it checked", async ({ page }) => {
  await page.goto("/xero");
  const section = page.getByLabel("Reconciliation");
  await expect(section.getByRole("heading", { name: "Reconciliation" })).toBeVisible();
  await section.getByRole("button", { name: "Check the books" }).click();
  const result = section.getByRole("status");
  await expect(result).toContainText(/Checked \d+ invoices, \d+ approved credit notes, \d+ paid payments, \d+ invoiced work items and \d+ Xero documents\./);
  await expect(result).toContainText(/No differences|differences? found/);
});
