import { expect, test, type Page } from "@playwright/test";
import { byLabel, clearToasts, confirmDialog, editingRow, expectToast, rowWith, signIn, typeAndLeave, typeInto, uniq } from "./helpers";

/** Income and expenses, fixed expenses and the diary (003 §2) driven in the browser against the demo data. */

const addPanel = (page: Page) => page.getByRole("form", { name: "Add transaction" });

test("income: add a transaction (VAT and invoice total as typed), approval refused without a nominal code, then approved and locked", async ({ page }) => {
  await signIn(page);
  const tag = `e2e income ${uniq()}`;
  await page.goto("/income");
  await expect(page.getByRole("heading", { level: 1, name: "Income" })).toBeVisible();
  const panel = addPanel(page);
  await typeInto(byLabel(panel, "Description"), tag);
  await typeInto(byLabel(panel, "Amount"), "100");
  // 003 §5: vat 20% of the amount; the invoice total follows.
  await expect(byLabel(panel, "VAT")).toHaveValue("20.00");
  await expect(panel.getByTestId("invoice-total")).toHaveText("Invoice total: £120.00");
  await panel.getByRole("textbox", { name: "Customer", exact: true }).pressSequentially("acme");
  await page.getByRole("option", { name: "Acme Builders Ltd" }).click();
  await panel.getByRole("button", { name: "Add Transaction" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await clearToasts(page);

  await page.getByRole("searchbox", { name: "Search" }).pressSequentially(tag);
  const table = page.getByRole("table", { name: "Income transactions" });
  const row = rowWith(table, tag);
  await expect(row).toContainText("£120.00");
  await expect(row).toContainText("Not approved");

  // Without a nominal code, invoice date and number the approval is refused on screen: nothing is sent.
  await row.getByRole("checkbox").check();
  await page.getByRole("button", { name: /Approve Selected/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Transaction Nominal Code is required" })).toBeVisible();
  await expect(row).toContainText("Not approved");

  // Fill them in through Edit, then approve.
  await row.getByRole("button", { name: "Edit" }).click();
  const modal = page.getByRole("dialog");
  await byLabel(modal, "Nominal code").selectOption({ label: "200 Sales - Hire" });
  await typeAndLeave(page, byLabel(modal, "Invoice date"), "02/11/2026");
  await typeInto(byLabel(modal, "Invoice number"), `INV-${tag.slice(-6)}`);
  await modal.getByRole("button", { name: "Save Transaction" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(modal).toHaveCount(0);
  await clearToasts(page);
  await row.getByRole("checkbox").check();
  await page.getByRole("button", { name: /Approve Selected/ }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(row).toContainText("Approved by Robin");
  // Approved: no edit, no delete, no selection.
  await expect(row.getByRole("button", { name: "Edit", exact: true })).toHaveCount(0);
  await expect(row.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await expect(row.getByRole("checkbox")).toHaveCount(0);

  // Approved transactions are creditable (003 §4): the shared credit modal, more than the amount refused by the server.
  await clearToasts(page);
  await row.getByRole("button", { name: "Credit" }).click();
  const credit = page.getByRole("dialog");
  await expect(credit).toContainText("Transaction amount £100.00");
  await typeInto(byLabel(credit, "Amount (vatable)"), "100.01");
  await credit.getByRole("button", { name: "Create Credit Note" }).click();
  await expect(credit).toContainText("The credit is more than is left to credit (£100.00)");
  await clearToasts(page);
  await typeInto(byLabel(credit, "Amount (vatable)"), "25");
  await typeInto(byLabel(credit, "Description"), `credit ${tag}`);
  await credit.getByRole("button", { name: "Create Credit Note" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(credit).toBeHidden();
  await page.goto("/credit?approved=not_approved&view=TRANSACTION");
  const credits = page.getByRole("table", { name: "Credit notes" });
  await expect(credits.getByRole("row").filter({ hasText: `credit ${tag}` })).toHaveCount(1);

  // The dashboard's Misc panel adds up the week's income.
  await page.goto("/");
  await expect(page.getByTestId("misc-income")).not.toHaveText("£0.00");
});

test("expenses: the week view shows this week's transactions and moves week by week; the figures follow", async ({ page }) => {
  await signIn(page);
  await page.goto("/expenses");
  await page.getByRole("radiogroup", { name: "View" }).getByText("Week", { exact: true }).click();
  await expect(page.getByTestId("week-range")).toContainText("Week");
  const table = page.getByRole("table", { name: "Expenses transactions" });
  // The demo data's expenses of this week.
  await expect(rowWith(table, "Diesel for delivery vans")).toHaveCount(1);
  await expect(page.getByTestId("figures-out")).not.toHaveText("£0.00");
  await page.getByRole("button", { name: "Next week" }).click();
  await expect(rowWith(table, "Diesel for delivery vans")).toHaveCount(0);
  await page.getByRole("button", { name: "Previous week" }).click();
  await expect(rowWith(table, "Diesel for delivery vans")).toHaveCount(1);
});

test("expenses: a repeating transaction goes to the repeating panel, not the table", async ({ page }) => {
  await signIn(page);
  const tag = `e2e rent ${uniq()}`;
  await page.goto("/expenses");
  const panel = addPanel(page);
  await typeInto(byLabel(panel, "Description"), tag);
  await typeInto(byLabel(panel, "Amount"), "750");
  await byLabel(panel, "Repeating").check();
  await byLabel(panel, "Frequency").selectOption({ label: "Monthly" });
  await panel.getByRole("button", { name: "Add Repeating Transaction" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  const repeating = page.getByRole("table", { name: "Repeating transactions" });
  await expect(rowWith(repeating, tag)).toContainText("Monthly");
  await expect(rowWith(repeating, tag)).toContainText("£750.00");
  await page.getByRole("searchbox", { name: "Search" }).pressSequentially(tag);
  await expect(page.getByRole("table", { name: "Expenses transactions" })).toContainText("No transactions found.");
});

test("fixed expenses: add, edit and delete", async ({ page }) => {
  await signIn(page);
  const name = `e2e lease ${uniq()}`;
  await page.goto("/fixedexpense");
  await expect(page.getByRole("heading", { level: 1, name: "Fixed Expenses" })).toBeVisible();
  const add = page.getByRole("form", { name: "Add fixed expense" });
  await typeInto(byLabel(add, "Name"), name);
  await byLabel(add, "Department").selectOption({ label: "RAPID FIT" });
  await typeInto(byLabel(add, "Yearly amount"), "1200");
  await add.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await clearToasts(page);
  const table = page.getByRole("table", { name: "Fixed Expenses" });
  await expect(rowWith(table, name)).toContainText("RAPID FIT");
  await expect(rowWith(table, name)).toContainText("£1,200.00");

  await rowWith(table, name).getByRole("button", { name: "Edit" }).click();
  await typeInto(byLabel(editingRow(table), "Yearly amount"), "1500");
  await editingRow(table).getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(rowWith(table, name)).toContainText("£1,500.00");
  await clearToasts(page);

  await rowWith(table, name).getByRole("button", { name: "Delete" }).click();
  await confirmDialog(page, "Delete");
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(rowWith(table, name)).toHaveCount(0);
});

test("fixed expenses: a save or delete the server fails shows 'There was an error saving' / 'There was an error deleting' and changes nothing", async ({ page }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { Authorization: `Token ${token}` };
  const department = ((await (await page.request.get("/api/departments?page_size=1000", { headers })).json()).results as Array<{ id: number; name: string }>).find((d) => d.name === "RAPID FIT")!;
  const name = `e2e failing lease ${uniq()}`;
  const made = await page.request.post("/api/fixedexpense", { headers, data: { name, department: department.id, yearly_amount: 900 } });
  expect(made.status(), await made.text()).toBe(201);
  const id = (await made.json()).id as number;

  // The server fails without a message of its own (not a 400 or 409): the screen's 003 §8 messages.
  const one = (url: URL) => url.pathname === `/api/fixedexpense/${id}`;
  await page.route(one, (route) => (["PUT", "DELETE"].includes(route.request().method()) ? route.fulfill({ status: 500, contentType: "application/json", body: "{}" }) : route.continue()));
  const failedAdd = (url: URL) => url.pathname === "/api/fixedexpense";
  await page.route(failedAdd, (route) => (route.request().method() === "POST" ? route.fulfill({ status: 500, contentType: "application/json", body: "{}" }) : route.continue()));
  await page.goto(`/fixedexpense?department=${department.id}`);
  const table = page.getByRole("table", { name: "Fixed Expenses" });
  await expect(rowWith(table, name)).toContainText("£900.00");

  const add = page.getByRole("form", { name: "Add fixed expense" });
  await typeInto(byLabel(add, "Name"), `${name} added`);
  await byLabel(add, "Department").selectOption({ label: "RAPID FIT" });
  await typeInto(byLabel(add, "Yearly amount"), "100");
  await add.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "Error", "There was an error saving");
  await clearToasts(page);

  await rowWith(table, name).getByRole("button", { name: "Edit" }).click();
  await typeInto(byLabel(editingRow(table), "Yearly amount"), "1500");
  await editingRow(table).getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Error", "There was an error saving");
  await clearToasts(page);

  await page.goto(`/fixedexpense?department=${department.id}`);
  await rowWith(table, name).getByRole("button", { name: "Delete" }).click();
  await confirmDialog(page, "Delete");
  await expectToast(page, "Error", "There was an error deleting");
  await page.unroute(one);
  await page.unroute(failedAdd);

  // Nothing changed: the expense is there at its amount, the added one was not made.
  await page.reload();
  await expect(rowWith(table, name).first()).toContainText("£900.00");
  await expect(rowWith(table, `${name} added`)).toHaveCount(0);
  const stored = await (await page.request.get(`/api/fixedexpense/${id}`, { headers })).json();
  expect(stored.yearly_amount).toBe(900);
});

test("diary: add an entry, the weekly view shows it, Mark As Completed hides it unless Show Completed", async ({ page }) => {
  await signIn(page);
  const task = `e2e task ${uniq()}`;
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  await page.goto("/diary");
  await expect(page.getByRole("heading", { level: 1, name: "Diary" })).toBeVisible();
  const add = page.getByRole("form", { name: "Add diary entry" });
  await typeInto(byLabel(add, "Task For"), task);
  await typeAndLeave(page, byLabel(add, "Start date"), today.split("-").reverse().join("/"));
  await typeInto(byLabel(add, "Time"), "09:15");
  await typeInto(byLabel(add, "Comments"), "Chase the MOT bookings");
  await add.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await clearToasts(page);

  await page.getByRole("radiogroup", { name: "Diary view" }).getByText("Weekly", { exact: true }).click();
  await expect(page).toHaveURL(/start_date=/);
  const table = page.getByRole("table", { name: "Diary" });
  const row = rowWith(table, task);
  await expect(row).toContainText("Chase the MOT bookings");

  await row.getByRole("button", { name: "Mark As Completed" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(rowWith(table, task)).toHaveCount(0);
  await page.getByLabel("Show Completed").check();
  await expect(rowWith(table, task)).toHaveCount(1);
  await expect(rowWith(table, task).getByRole("button", { name: "Mark As Completed" })).toHaveCount(0);
});

test("diary: the page says 'Fail' when the entries cannot be loaded", async ({ page }) => {
  await signIn(page);
  await page.route("**/api/diaryentries?**", (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "down" }) }));
  await page.goto("/diary");
  await expect(page.getByRole("table", { name: "Diary" })).toContainText("Fail");
});
