import { expect, test } from "@playwright/test";
import { byLabel, clearToasts, expectToast, readyThenApprove, signIn, uniq } from "./helpers";

/**
 * Crediting an invoiced work item from where it lives (issue 22 finding 15;
 * 003 §4 "Approved invoice items can be credited"): Workshop Invoicing >
 * Approved > View shows Credit on the invoiced item, which opens the shared
 * credit modal; the credit note then goes through /credit as every other.
 * Against the demo job whose MOT preparation is invoiced (core/demo/work-approvals.ts).
 */

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("Workshop Invoicing > Approved > View: Credit an invoiced item through the credit modal, then ready and approve it on /credit", async ({ page }) => {
  const tag = `MOT goodwill ${uniq()}`;
  await page.goto("/invoicing");
  const table = page.getByRole("table", { name: "Workshop invoicing" });
  await page.getByText("Approved", { exact: true }).click();
  const row = table.getByRole("row").filter({ hasText: "MOT preparation" });
  await expect(row).toContainText(/WO\d{5}/);
  // The row itself offers Credit; so does the job's modal (View).
  await expect(row.getByRole("button", { name: /^Credit MOT preparation/ })).toBeVisible();
  await row.getByRole("button", { name: /Approve job/ }).click();
  const modal = page.getByRole("dialog");
  const item = modal.getByRole("row", { name: "Work item MOT preparation" });
  await expect(item).toContainText("Approved by");
  await item.getByRole("button", { name: "Credit MOT preparation" }).click();

  const credit = page.getByRole("dialog", { name: /Credit Work Item MOT preparation/ });
  await expect(credit).toContainText(/Invoice WO\d{5}, labour charge/);
  // Typed as staff type, key by key.
  const amount = byLabel(credit, "Amount (vatable)");
  await amount.click();
  await amount.pressSequentially("12.50");
  const description = byLabel(credit, "Description");
  await description.fill("");
  await description.pressSequentially(tag);
  await expect(credit.getByTestId("credit-totals")).toContainText("Total: £15.00");
  await clearToasts(page);
  await credit.getByRole("button", { name: "Create Credit Note" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(credit).toBeHidden();

  // /credit, Work Items: not approved -> ready -> approved.
  await page.goto("/credit?approved=not_approved&view=WORK");
  const credits = page.getByRole("table", { name: "Credit notes" });
  const crow = credits.getByRole("row").filter({ hasText: tag });
  await expect(crow).toHaveCount(1);
  await expect(crow).toContainText(/CN\d{5}/);
  await readyThenApprove(page, crow);
});
