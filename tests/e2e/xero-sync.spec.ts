import { expect, test } from "@playwright/test";
import { clearToasts, expectToast, signIn, uniq } from "./helpers";

/**
 * The Xero sync page against the fake Xero the local server starts
 * (XERO_FAKE=true, playwright.config.ts; docs/xero.md "Fake Xero"): one
 * nominal code Xero accepts and one it refuses, each pushed right after its
 * save; the page shows the sent one with Xero's id and the failed one with
 * Xero's own message; once the cause is fixed, Retry sends it.
 */
const fakeXero = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3900) + 2000}`;

test("Xero sync: a sent and a failed record, Xero's message, Retry and Send to Xero now", async ({ page, request }) => {
  const okCode = `X${uniq()}`.slice(0, 8);
  const badCode = `Y${uniq()}`.slice(0, 8);
  const refusal = `Account code ${badCode} is not allowed in this organisation.`;
  await request.delete(`${fakeXero}/fake/reject`);
  expect((await request.post(`${fakeXero}/fake/reject`, { data: { collection: "Accounts", field: "Code", value: badCode, message: refusal } })).ok()).toBe(true);

  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { authorization: `Token ${token}` };
  for (const code of [okCode, badCode]) {
    const res = await request.post("/api/nominal", { headers, data: { name: `Xero test ${code}`, code, type: "REVENUE", tax_type: "OUTPUT2" } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  // The stream consumer's run after each save (locally the dispatcher) has reached Xero: the accepted one is stored there.
  await expect
    .poll(async () => ((await (await request.get(`${fakeXero}/fake/store`)).json()) as { Accounts: { Code: string }[] }).Accounts.map((a) => a.Code))
    .toContain(okCode);

  await page.goto("/xero");
  await expect(page.getByRole("heading", { name: "Xero Sync" })).toBeVisible();
  // The connection alert, not the table's "Loading..." status that may show beside it.
  await expect(page.getByRole("status", { name: /Connected to Xero/ })).toBeVisible();
  const table = page.getByRole("table", { name: "Xero pushes" });

  // Failed: the refused code with Xero's own message and a link to its screen.
  await page.getByRole("tab", { name: "Failed" }).click();
  const failed = table.getByRole("row").filter({ hasText: badCode });
  await expect(failed).toContainText(refusal);
  await expect(failed).toContainText("Nominal code");
  await expect(failed.getByRole("link", { name: new RegExp(badCode) })).toHaveAttribute("href", "/settings?screen=nominal-codes");
  // Xero still refuses it: Retry says so.
  await failed.getByRole("button", { name: "Retry" }).click();
  await expectToast(page, "Error", "There was an error sending data to Xero");
  await clearToasts(page);

  // Sent: the accepted code with the id Xero gave it.
  await page.getByRole("tab", { name: "Sent" }).click();
  const sent = table.getByRole("row").filter({ hasText: okCode });
  const store = (await (await request.get(`${fakeXero}/fake/store`)).json()) as { Accounts: { Code: string; AccountID: string }[] };
  await expect(sent).toContainText(store.Accounts.find((a) => a.Code === okCode)!.AccountID);
  await expect(sent.getByRole("button", { name: "Retry" })).toHaveCount(0);

  // Send to Xero now: nothing else is due, so all is sent.
  await page.getByRole("button", { name: "Send to Xero now" }).click();
  await expectToast(page, "Success", "All data has been sent to Xero");
  await clearToasts(page);

  // A record's own screen shows its Xero state: a customer saved through the API is sent right after its save.
  const haulier = `Xero Haulage ${uniq()}`;
  const contact = await request.post("/api/contacts", {
    headers,
    data: {
      display_name: haulier, contact_type: "CC", partial_contact: false, company_name: haulier, company_email: "accounts@example.co.uk",
      company_phone: "0121 496 0000", company_phone_type: "Phone", company_phone_area_code: "0121", company_phone_country_code: "44",
      address_line1: "1 Trade Park", town: "Birmingham", region: "West Midlands", postcode: "B1 1AA", country: "United Kingdom",
      payment_term_days: 30, supplier_payment_terms: 30, workshop_account_code: "C001", labour_rate_markup: 0, parts_markup: 0,
    },
  });
  expect(contact.ok(), await contact.text()).toBe(true);
  // Sent by the stream consumer's run after the save (locally the dispatcher, functions/local/xero-dispatch.ts).
  await expect
    .poll(async () => ((await (await request.get(`${fakeXero}/fake/store`)).json()) as { Contacts: { Name: string }[] }).Contacts.map((c) => c.Name))
    .toContain(haulier);
  await page.goto(`/editcontact/${(await contact.json()).id}`);
  const state = page.getByLabel("Xero state");
  await expect(state).toContainText("Customer");
  await expect(state).toContainText("Sent");
  await expect(state.getByLabel("Xero id")).not.toBeEmpty();
  await page.goto("/xero");

  // The cause is fixed in Xero itself: Retry sends it again as a new version (Xero replays its refusal to
  // a key it has seen) and the item moves to Sent.
  await request.delete(`${fakeXero}/fake/reject`);
  await page.getByRole("tab", { name: "Failed" }).click();
  await table.getByRole("row").filter({ hasText: badCode }).getByRole("button", { name: "Retry" }).click();
  await expectToast(page, "Success", "Data has been sent to Xero");
  await page.reload();
  await page.getByRole("tab", { name: "Sent" }).click();
  await expect(table.getByRole("row").filter({ hasText: badCode })).toContainText("Sent");
  await page.getByRole("tab", { name: "Failed" }).click();
  await expect(table.getByRole("row").filter({ hasText: badCode })).toHaveCount(0);
});
