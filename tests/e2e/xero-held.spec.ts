import { expect, test, type Page } from "@playwright/test";
import { clearToasts, expectToast, signIn, uniq } from "./helpers";

/**
 * Issue 22 finding 14 on screen: an invoice of a department without a Xero
 * mapping is approved on the Invoices screen: the approval warns that it is
 * not sent to Xero and why; the Xero page lists it under Held back with the
 * reason; once the department's mapping is saved it leaves Held back and is
 * queued (then sent to the fake Xero).
 */

async function auth(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  return { Authorization: `Token ${token}` };
}

test("an unmapped department's approved invoice: warned at approval, held back on the Xero page with the reason, queued once mapped", async ({ page, request }) => {
  await signIn(page);
  const headers = await auth(page);
  const tag = `e2e held ${uniq()}`;
  const deptName = `HELD ${uniq()}`.toUpperCase();
  const dept = await (await request.post("/api/createdepartment", { headers, data: { name: deptName } })).json();
  const customer = (await (await request.get("/api/customersearch?search=acme", { headers })).json()).results[0].id as number;
  const nominal = (await (await request.get("/api/nominal?page_size=1000", { headers })).json()).results[0].id as number;
  const made = await request.post("/api/invoices", { headers, data: { customer, department: dept.id, amount: 100, no_vat_amount: 0, vat_nominal_code: nominal, invoice_date: "2030-03-10", description: tag } });
  expect(made.status(), await made.text()).toBe(201);

  await page.goto("/invoices?activeView=sales");
  await page.getByRole("searchbox", { name: "Search" }).pressSequentially("acme");
  await page.getByRole("radiogroup", { name: "View" }).getByText("Not Approved", { exact: true }).click();
  const table = page.getByRole("table", { name: "Invoices" });
  const row = table.getByRole("row").filter({ hasText: tag });
  await row.getByRole("button", { name: "Ready" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await page.getByRole("radiogroup", { name: "View" }).getByText("Ready to Invoice", { exact: true }).click();
  await expect(row).toHaveAttribute("data-state", "READY");
  await clearToasts(page);
  await row.getByRole("button", { name: "Approve" }).click();
  // The approval lands, and says it is not sent to Xero and why.
  await expectToast(page, "Success", "Data saved successfully.");
  const reason = `Not sent to Xero: department ${deptName} has no Xero mapping (Settings > Departments). It is sent once the department is mapped.`;
  await expect(page.getByRole("alert").filter({ hasText: "Warning!" }).filter({ hasText: reason }).first()).toBeVisible();
  await page.getByRole("radiogroup", { name: "View" }).getByText("Approved", { exact: true }).click();
  await expect(row).toHaveAttribute("data-state", "APPROVED");
  const number = (await row.textContent())!.match(/IN\d{5}/)![0];
  await clearToasts(page);

  // The Xero page: the Held back alert and tab list it with the reason, and offer no Retry.
  await page.goto("/xero");
  await expect(page.getByRole("alert", { name: "Held back" })).toBeVisible();
  await page.getByRole("tab", { name: "Held back" }).click();
  const pushes = page.getByRole("table", { name: "Xero pushes" });
  const held = pushes.getByRole("row").filter({ hasText: number });
  await expect(held).toContainText("Held back");
  await expect(held.getByLabel("Why it is held back")).toContainText(reason);
  await expect(held.getByRole("button", { name: "Retry" })).toHaveCount(0);

  // The department is mapped: what was held back for it is queued (and the sync sends it to the fake Xero).
  const stored = await (await request.get(`/api/departments/${dept.id}`, { headers })).json();
  const saved = await request.put(`/api/departments/${dept.id}`, { headers, data: { ...stored, xero_tracking_category: "Department", xero_tracking_option: deptName } });
  expect(saved.ok(), await saved.text()).toBe(true);
  await page.reload();
  await page.getByRole("tab", { name: "Held back" }).click();
  await expect(pushes.getByRole("row").filter({ hasText: number })).toHaveCount(0);
  await page.getByRole("button", { name: "Send to Xero now" }).click();
  await page.getByRole("tab", { name: "Sent" }).click();
  await expect(pushes.getByRole("row").filter({ hasText: number })).toContainText("Sent");
});
