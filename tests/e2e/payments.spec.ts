import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { clearToasts, expectToast, signIn, typeAndLeave, typeInto, uniq } from "./helpers";

/** Today and a few days on, as the London calendar has them (the staff's dates). */
const iso = (days = 0) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(Date.now() + days * 86_400_000));
const uk = (isoDate: string) => isoDate.split("-").reverse().join("/");

async function pickContact(page: Page, label: string, name: string) {
  const box = page.getByLabel(label, { exact: true });
  await box.pressSequentially(name.slice(0, 5));
  await page.getByRole("option", { name, exact: true }).click();
}

test("payments: views and colours, bulk new payments one row each, Select Filtered and Mark Paid", async ({ page }) => {
  await signIn(page);
  await page.goto("/payments");
  await expect(page.getByRole("heading", { level: 1, name: "Sale Payments" })).toBeVisible();
  const table = page.getByRole("table", { name: "Payments", exact: true });
  // Demo data: Acme's overdue hire payment is red, its direct debit in 3 days due soon, Brightside's sale balance green.
  await expect(table.getByRole("row").filter({ hasText: "Hire, October" })).toHaveAttribute("data-colour", "overdue");
  await expect(table.getByRole("row").filter({ hasText: "Long-term hire, weekly" })).toHaveAttribute("data-colour", "due");
  await expect(table.getByRole("row").filter({ hasText: "Balance for LD19 PXR" })).toHaveAttribute("data-colour", "green");
  // The paid one shows only under Paid.
  await expect(table.getByText("Excess mileage")).toHaveCount(0);
  await page.getByText("Paid", { exact: true }).click();
  await expect(table.getByRole("row").filter({ hasText: "Excess mileage" })).toBeVisible();
  await page.getByText("Unpaid", { exact: true }).click();

  // Bulk new payments: a row missing its amount stops the whole save with 'Please fill in all fields'.
  const note = `Bulk ${uniq()}`;
  const grid = page.getByRole("table", { name: "New payments" });
  await pickContact(page, "Contact of new payment 1", "Acme Builders Ltd");
  await typeAndLeave(page, grid.getByLabel("Payment date of new payment 1"), uk(iso(2)));
  await typeInto(grid.getByLabel("Amount of new payment 1"), "75.25");
  await typeInto(grid.getByLabel("Comments of new payment 1"), `${note} one`);
  await page.getByRole("button", { name: "Add Row" }).click();
  await pickContact(page, "Contact of new payment 2", "Brightside Cleaning");
  await typeAndLeave(page, grid.getByLabel("Payment date of new payment 2"), uk(iso(30)));
  await typeInto(grid.getByLabel("Comments of new payment 2"), `${note} two`);
  await expect(grid.getByLabel("Type of new payment 2")).toHaveValue("BACS");
  await page.getByRole("button", { name: "Save Payments" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please fill in all fields" }).first()).toBeVisible();
  await expect(table.getByText(`${note} one`)).toHaveCount(0);
  await clearToasts(page);
  await typeInto(grid.getByLabel("Amount of new payment 2"), "120");
  // A labelled overpayment (issue 22): the row says so in the list.
  await grid.getByLabel("Overpayment of new payment 2").check();
  await page.getByRole("button", { name: "Save Payments" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(table.getByRole("row").filter({ hasText: `${note} one` })).toHaveAttribute("data-colour", "due");
  await expect(table.getByRole("row").filter({ hasText: `${note} two` })).toHaveAttribute("data-colour", "green");
  await expect(table.getByRole("row").filter({ hasText: `${note} two` })).toContainText("£120.00 (overpayment)");
  await expect(table.getByRole("row").filter({ hasText: `${note} one` })).not.toContainText("overpayment");
  await expect(table.getByRole("row").filter({ hasText: `${note} one` })).toContainText("DIRECT VAN HIRE");

  // Select Filtered needs both bounds.
  await clearToasts(page);
  await typeAndLeave(page, page.getByLabel("Due date start"), uk(iso(-7)));
  await page.getByRole("button", { name: "Select Filtered" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please enter due date start and end" }).first()).toBeVisible();
  await typeAndLeave(page, page.getByLabel("Due date end"), uk(iso(2)));
  await page.getByRole("button", { name: "Select Filtered" }).click();
  // The range shows (and selects) the overdue hire and the new row due in 2 days, not the one due in 30.
  await expect(table.getByText(`${note} two`)).toHaveCount(0);
  const mine = table.getByRole("row").filter({ hasText: `${note} one` });
  await expect(mine.getByRole("checkbox")).toBeChecked();
  await expect(table.getByRole("row").filter({ hasText: "Hire, October" }).getByRole("checkbox")).toBeChecked();
  // Mark one paid from its row: it leaves the unpaid view and shows under Paid with today's date.
  await mine.getByRole("button", { name: "Mark Paid" }).click();
  await expect(table.getByText(`${note} one`)).toHaveCount(0);
  await page.getByRole("button", { name: "Clear due dates" }).click();
  await page.getByText("Paid", { exact: true }).click();
  await expect(table.getByRole("row").filter({ hasText: `${note} one` })).toContainText(uk(iso()));
  await expect(table.getByRole("row").filter({ hasText: `${note} one` })).toHaveAttribute("data-colour", "green");

  // Delete the paid one.
  await table.getByRole("row").filter({ hasText: `${note} one` }).getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(table.getByText(`${note} one`)).toHaveCount(0);
});

test("recurring payments: create with the 5-date preview and its rules, the job raises its payment, edit, filter, delete", async ({ page }) => {
  // One flow with two runs of the job in their own Node processes (a few seconds each on a busy machine).
  test.setTimeout(150_000);
  await signIn(page);
  await page.goto("/recurringpayments");
  await expect(page.getByRole("heading", { level: 1, name: "Recurring Payments" })).toBeVisible();
  const table = page.getByRole("table", { name: "Recurring payments", exact: true });
  await expect(table.getByText("Workshop bay rent")).toBeVisible();

  const note = `Lease ${uniq()}`;
  await page.getByRole("button", { name: "New Recurring Payment +" }).click();
  const modal = page.getByRole("dialog", { name: "New Recurring Payment" });
  // Nothing filled: 'Please fill in all fields'.
  await modal.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please fill in all fields" }).first()).toBeVisible();
  await pickContact(page, "Contact", "Acme Builders Ltd");
  await typeInto(modal.getByLabel(/^Amount/), "310");
  await typeInto(modal.getByLabel(/^Comments/), note);
  // Fixed duration: the days field appears; 6 days is refused and reset to 7.
  await modal.getByLabel(/^Interval type/).selectOption("FIXED_DURATION");
  const days = modal.getByLabel(/^Interval days/);
  await typeInto(days, "6");
  await clearToasts(page);
  await modal.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Minimum payment interval is 7 days" }).first()).toBeVisible();
  await expect(days).toHaveValue("7");
  // The preview: 5 dates a week apart from today.
  const preview = modal.getByRole("list", { name: "Preview dates" });
  await expect(preview.getByRole("listitem")).toHaveText([0, 7, 14, 21, 28].map((d) => uk(iso(d))));
  // A start date before today is refused and reset to today.
  await typeAndLeave(page, modal.getByLabel(/^Start date/), uk(iso(-1)));
  await clearToasts(page);
  await modal.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Minimum start date is today" }).first()).toBeVisible();
  await expect(modal.getByLabel(/^Start date/)).toHaveValue(uk(iso()));
  // Monthly clears the days field; an end date cuts the preview short.
  await modal.getByLabel(/^Interval type/).selectOption("MONTHLY");
  await expect(modal.getByLabel(/^Interval days/)).toHaveCount(0);
  await modal.getByRole("button", { name: "Create" }).click();
  await expect(modal).toHaveCount(0);
  const row = table.getByRole("row").filter({ hasText: note });
  await expect(row).toContainText("MONTHLY");
  await expect(row).toContainText("Indefinitely");
  await expect(row).toContainText(uk(iso()));

  // The scheduled job (npm run job -- recurring-payments) raises today's payment once, even run twice.
  const env = { ...process.env, PORT: String(Number(process.env.E2E_PORT ?? 3900)) };
  for (let i = 0; i < 2; i++) execFileSync(process.execPath, ["--import", "tsx", "scripts/job.ts", "recurring-payments"], { env, stdio: "pipe" });
  await page.goto("/payments");
  const payments = page.getByRole("table", { name: "Payments", exact: true });
  await expect(payments.getByRole("row").filter({ hasText: note })).toHaveCount(1);
  await expect(payments.getByRole("row").filter({ hasText: note })).toContainText("£310.00");
  await page.goto("/recurringpayments");

  // Edit: the amount and an end date.
  await row.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Recurring Payment" });
  await typeInto(edit.getByLabel(/^Amount/), "325");
  await edit.getByLabel(/^Payment type/).selectOption("CARD");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toHaveCount(0);
  await expect(row).toContainText("£325.00");
  await expect(row).toContainText("CARD");
  // The next payment is a month on (today's was raised).
  const nextMonth = new Date(`${iso()}T00:00:00Z`);
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  if (nextMonth.getUTCDate() === Number(iso().slice(8))) await expect(row).toContainText(uk(nextMonth.toISOString().slice(0, 10)));

  // Column filters and search.
  await page.getByRole("combobox", { name: "Filter Payment type" }).click();
  await page.getByRole("option", { name: "CARD" }).click();
  await expect(row).toBeVisible();
  await expect(table.getByText("Workshop bay rent")).toHaveCount(0);
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await page.getByLabel("Search").pressSequentially("acme");
  await expect(row).toBeVisible();
  await expect(table.getByText("Workshop bay rent")).toHaveCount(0);

  // Delete.
  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(table.getByText(note)).toHaveCount(0);
});
