import { test } from "@playwright/test";
import { byLabel, deskDay, signIn, typeAndLeave, uniq, typeInto } from "./helpers";
import { apiOf } from "./workshop-jobs-helpers";

/**
 * Issue 24 on the accounts screens at 1366x768, typing as staff type:
 * item 2 (no "null" for a missing family name on an approved row) and
 * item 5 (an impossible date kept with a message at the field on the income
 * and diary forms; a past recurring start date reset to today with
 * 'Minimum start date is today' at the field).
 */
const expect = deskDay();


test("item 2: an income row approved by staff without a family name says 'Approved by Ursula', never 'null'", async ({ page }) => {
  await signIn(page, "ursula.day@vanco.co.uk", "Ursula");
  const api = await apiOf(page);
  const tag = `e2e ursula ${uniq()}`;
  const nominal = (await api.get("nominal?page_size=1000")).results.find((n: { code: string }) => n.code === "200");
  const [acme] = (await api.get("customersearch?search=acme")).results;
  const made = await api.post("transactions", { type: "IN", contact: acme.id, date: "2026-11-02", description: tag, amount: 100, nominal_code: nominal.id, invoice_date: "2026-11-02", invoice_number: `U-${uniq()}` });
  await page.goto("/income?view=all");
  await page.getByRole("searchbox", { name: "Search" }).pressSequentially(tag);
  const row = page.getByRole("table", { name: "Income transactions" }).getByRole("row").filter({ hasText: tag });
  await expect(row).toContainText("Not approved");
  await row.getByRole("checkbox").check();
  await page.getByRole("button", { name: /Approve Selected/ }).click();
  await expect(row).toContainText("Approved by Ursula");
  await expect(row).not.toContainText("null");
  // The record keeps no "null" text either: the missing family name is simply absent.
  const stored = await api.get(`transactions/update/${made.id}`);
  expect(stored.approver.first_name).toBe("Ursula");
  expect(stored.approver.last_name ?? "").toBe("");
});

test("item 5: 31/02/2026 typed as an income Date stays with a message at the field; nothing is added", async ({ page }) => {
  await signIn(page);
  const tag = `e2e baddate ${uniq()}`;
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/transactions") posts.push(r.url());
  });
  await page.goto("/income");
  const panel = page.getByRole("form", { name: "Add transaction" }).or(page.getByRole("region", { name: "Add transaction" }).getByRole("form")).first();
  await typeInto(byLabel(panel, "Description"), tag);
  await byLabel(panel, "Amount").pressSequentially("100");
  const date = byLabel(panel, "Date");
  await typeAndLeave(page, date, "31/02/2026");
  await expect(date).toHaveValue("31/02/2026");
  await expect(panel.getByText("Not a real date: enter DD/MM/YYYY")).toBeVisible();
  await panel.getByRole("button", { name: "Add Transaction" }).click();
  await expect(date).toHaveAttribute("aria-invalid", "true");
  await expect(date).toHaveValue("31/02/2026");
  await page.waitForTimeout(1000);
  expect(posts).toEqual([]);
});

test("item 5: 31/02/2026 typed as a diary Start date stays with a message at the field", async ({ page }) => {
  await signIn(page);
  await page.goto("/diary");
  const add = page.getByRole("form", { name: "Add diary entry" });
  await typeInto(byLabel(add, "Task For"), `e2e diary ${uniq()}`);
  const start = byLabel(add, "Start date");
  await typeAndLeave(page, start, "31/02/2026");
  await expect(start).toHaveValue("31/02/2026");
  await expect(add.getByText("Not a real date: enter DD/MM/YYYY")).toBeVisible();
  await add.getByRole("button", { name: "Add" }).click();
  await expect(start).toHaveValue("31/02/2026");
  await expect(add.getByText("Not a real date: enter DD/MM/YYYY")).toBeVisible();
});

test("item 5: a past recurring start date is reset to today with 'Minimum start date is today' at the field", async ({ page }) => {
  await signIn(page);
  await page.goto("/recurringpayments");
  await page.getByRole("button", { name: "New Recurring Payment +" }).click();
  const modal = page.getByRole("dialog", { name: "New Recurring Payment" });
  await modal.getByRole("textbox", { name: "Contact", exact: true }).pressSequentially("acme");
  await page.getByRole("option", { name: "Acme Builders Ltd" }).click();
  await byLabel(modal, "Amount").pressSequentially("50");
  await byLabel(modal, "Payment type").selectOption({ index: 1 });
  await byLabel(modal, "Interval type").selectOption({ index: 1 });
  await byLabel(modal, "Department").selectOption({ index: 1 });
  const start = byLabel(modal, "Start date");
  await typeAndLeave(page, start, "01/01/2020");
  await modal.getByRole("button", { name: "Create", exact: true }).click();
  const today = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London" }).format(new Date());
  await expect(start).toHaveValue(today);
  await expect(modal.getByText("Minimum start date is today", { exact: true })).toBeVisible();
});

test("item 9: invoice approval names and marks the nominal codes missing, shows the invoice total and asks before approving", async ({ page }) => {
  await signIn(page);
  const approvals: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT" && new URL(r.url()).pathname === "/api/work/approve") approvals.push(r.url());
  });
  await page.goto("/invoicing");
  const table = page.getByRole("table", { name: "Workshop invoicing" });
  await page.getByText("Ready To Invoice", { exact: true }).click();
  await table.getByRole("row").filter({ hasText: "Clutch replacement" }).getByRole("button", { name: /Approve job/ }).click();
  const modal = page.getByRole("dialog", { name: /approve for invoicing/ });
  await expect(modal.getByLabel("Invoice total")).toContainText(/Invoice total \(ticked items, before VAT\): £[\d,]+\.\d\d/);
  await expect(modal.getByLabel("Invoice total")).not.toContainText("£0.00");
  await modal.getByRole("button", { name: "Approve", exact: true }).click();
  // The spec's message, and each missing code named and marked at its select.
  await expect(modal.getByRole("status")).toContainText("All work items need a nominal code");
  await expect(modal.getByRole("list", { name: "Nominal codes missing" })).toContainText("Nominal code needed for Clutch replacement");
  const select = modal.getByLabel("Nominal code of Clutch replacement");
  await expect(select).toHaveAttribute("aria-invalid", "true");
  expect(approvals).toEqual([]);
  await select.selectOption({ label: "201 Sales - Workshop" });
  await expect(select).not.toHaveAttribute("aria-invalid", "true");
  // Approve asks first (the shared confirm), naming the total; Cancel sends nothing.
  await modal.getByRole("button", { name: "Approve", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Approve invoice" });
  await expect(confirm).toContainText(/Invoice total £[\d,]+\.\d\d before VAT/);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(approvals).toEqual([]);
});
