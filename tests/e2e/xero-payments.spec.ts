import { expect, test, type Page } from "@playwright/test";
import { expectToast, openSettings, signIn, uniq } from "./helpers";

/**
 * Issue 22, payments pushed to Xero, on screen: a PAID payment of one of our
 * invoices is held back while no Xero payments account is set, with the
 * reason on the Xero page's Held back tab; Settings > Defaults refuses a
 * nominal code Xero cannot take payments into and accepts the bank account;
 * the held payment then leaves Held back (queued).
 */

async function auth(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  return { Authorization: `Token ${token}` };
}

const REASON = "No Xero payments account is set (Settings > Defaults)";
const NOT_PAYABLE = "The Xero payments account must be a bank account (type BANK) or a nominal code with Enable payments to account";

test("a paid invoice's payment: held back without the Xero payments account, with the reason; the default refuses a non-bank code and, set, queues it", async ({ page, request }) => {
  await signIn(page);
  const headers = await auth(page);
  // Start from no payments account (a retry of this test may find one set).
  const defaults = await (await request.get("/api/appdefaults", { headers })).json();
  expect((await request.put("/api/appdefaults", { headers, data: { xero_payments_account: null, last_saved: defaults.last_saved } })).ok()).toBe(true);

  const tag = `e2e pay ${uniq()}`;
  const customer = (await (await request.get("/api/customersearch?search=acme", { headers })).json()).results[0].id as number;
  const nominal = (await (await request.get("/api/nominal?page_size=1000", { headers })).json()).results.find((n: { code: string }) => n.code === "200").id as number;
  const made = await request.post("/api/invoices", { headers, data: { customer, amount: 100, no_vat_amount: 0, vat_nominal_code: nominal, invoice_date: "2030-03-10", description: tag } });
  expect(made.status(), await made.text()).toBe(201);
  const inv = await made.json();
  const ready = (await (await request.put("/api/invoiceready", { headers, data: [{ id: inv.id, last_saved: inv.last_saved }] })).json()).results[0];
  const approved = await request.put("/api/invoiceapprove", { headers, data: [{ id: ready.id, last_saved: ready.last_saved }] });
  expect(approved.ok(), await approved.text()).toBe(true);
  const number = (await approved.json()).results[0].invoice_number as string;
  const paid = await request.post("/api/payments", { headers, data: { contact: customer, invoice_number: number, amount: 120, payment_date: "2030-03-15", date_paid: "2030-03-15" } });
  expect(paid.ok(), await paid.text()).toBe(true);
  const label = `Payment ${(await paid.json()).id} on ${number}`;

  // The Xero page: Held back lists the payment with its reason and no Retry.
  await page.goto("/xero");
  await expect(page.getByRole("alert", { name: "Held back" })).toBeVisible();
  await page.getByRole("tab", { name: "Held back" }).click();
  const pushes = page.getByRole("table", { name: "Xero pushes" });
  const held = pushes.getByRole("row").filter({ hasText: label });
  await expect(held).toContainText("Payment against its invoice");
  await expect(held.getByLabel("Why it is held back")).toContainText(REASON);
  await expect(held.getByRole("button", { name: "Retry" })).toHaveCount(0);

  // Settings > Defaults: a sales code is refused with the reason; the bank account is saved.
  await openSettings(page, "Defaults");
  const form = page.getByRole("form", { name: "Defaults" });
  const account = form.getByLabel("Xero payments account");
  await account.selectOption({ label: "200 Sales - Hire" });
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(NOT_PAYABLE).first()).toBeVisible();
  await account.selectOption({ label: "090 Business Bank Account (bank)" });
  await form.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await page.reload();
  await expect(page.getByRole("form", { name: "Defaults" }).getByLabel("Xero payments account")).toHaveValue(/\d+/);

  // The payment left Held back: it is queued for Xero.
  await page.goto("/xero");
  await page.getByRole("tab", { name: "Held back" }).click();
  await expect(pushes.getByRole("row").filter({ hasText: label })).toHaveCount(0);
  const row = await (await request.get(`/api/xero/pushes/source/payment/${(await paid.json()).id}`, { headers })).json();
  expect(row.results[0].status).not.toBe("HELD");
});
