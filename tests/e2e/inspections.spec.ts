import { expect, test, type Page } from "@playwright/test";
import { clearToasts, expectToast, rowWith, signIn, typeAndLeave, typeInto } from "./helpers";

/** /inspections (003 §2, §5, §7): views, type filter, search, book in with the booked count, approve. */

const inspections = (page: Page) => page.getByRole("table", { name: "Inspections" });

test("views, the type filter and search narrow the list; due rows are marked", async ({ page }) => {
  await signIn(page);
  await page.goto("/inspections");
  const table = inspections(page);
  await expect(table).toContainText("YK23 HVC");
  // Due: MX72 RFA's MOT ran out three days ago.
  await page.getByRole("radiogroup", { name: "View" }).getByText("Due").click();
  await expect(page).toHaveURL(/view=due/);
  const mx = rowWith(table, "MX72 RFA");
  await expect(mx).toHaveAttribute("data-due", "true");
  await expect(table.locator("tbody tr[data-due='false']")).toHaveCount(0);
  await page.getByRole("radiogroup", { name: "View" }).getByText("All").click();
  await expect(page).not.toHaveURL(/view=/);
  // Type: MOT only.
  await page.getByLabel("Type", { exact: true }).selectOption({ label: "MOT" });
  await expect(page).toHaveURL(/type=\d+/);
  await expect(table).toContainText("MOT");
  await expect(table).not.toContainText("Safety Inspection (PMI)");
  // Search by registration.
  await page.getByRole("searchbox", { name: "Search" }).pressSequentially("mx72");
  await expect(page).toHaveURL(/search=mx72/);
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table).toContainText("MX72 RFA");
});

test("booking in warns how many are booked that date; approving needs both new dates", async ({ page }) => {
  await signIn(page);
  await page.goto("/inspections?view=booked");
  const table = inspections(page);
  await expect(table).toContainText("YK23 HVB");
  const booked = await page.getByLabel("Book in YK23 HVB").inputValue();
  // Dates show as DD/MM/YYYY; the API gets them as ISO.
  expect(booked).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  const bookedIso = booked.split("/").reverse().join("-");

  // YK23 HVA's PMI on the same date: the warning from GET inspectioncount (same type, same date).
  const counted = page.waitForRequest((r) => r.url().includes("/api/inspectioncount?"));
  await page.getByRole("radiogroup", { name: "View" }).getByText("Open").click();
  await expect(page).toHaveURL(/view=open/);
  const row = table.getByRole("row").filter({ hasText: "YK23 HVA" }).filter({ hasText: "Safety Inspection (PMI)" });
  await typeInto(row.getByLabel("Book in YK23 HVA"), booked);
  const call = new URL((await counted).url());
  expect(call.searchParams.get("date")).toBe(bookedIso);
  expect(call.searchParams.get("type")).toMatch(/^\d+$/);
  await expect(row.getByText(/^THERE ARE [1-9]\d* INSPECTIONS BOOKED ON THAT DATE$/)).toBeVisible();
  await clearToasts(page);
  await row.getByRole("button", { name: "Book in" }).click();
  await expectToast(page, "Success", "Data saved successfully.");

  // Approve it from the Booked view.
  await page.getByRole("radiogroup", { name: "View" }).getByText("Booked").click();
  const bookedRow = table.getByRole("row").filter({ hasText: "YK23 HVA" }).filter({ hasText: "Safety Inspection (PMI)" });
  await bookedRow.getByRole("button", { name: "Approve" }).click();
  const dialog = page.getByRole("dialog");
  await typeAndLeave(page, dialog.getByLabel("New completed date"), "20/11/2026");
  await expect(dialog.getByLabel("New completed date")).toHaveValue("20/11/2026");
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(dialog).toContainText("You must specify a new expiry and completion date before appriving!");
  await typeAndLeave(page, dialog.getByLabel("New expiry date"), "01/01/2027");
  await expect(dialog.getByLabel("New expiry date")).toHaveValue("01/01/2027");
  await clearToasts(page);
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(dialog).toBeHidden();
  await expect(bookedRow).toHaveCount(0);
  // The new dates are the inspection's now, shown DD/MM/YYYY.
  await page.goto("/inspections?search=yk23hva");
  const approved = table.getByRole("row").filter({ hasText: "Safety Inspection (PMI)" });
  await expect(approved).toContainText("20/11/2026");
  await expect(approved).toContainText("01/01/2027");
});
