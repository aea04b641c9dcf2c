import { expect, test, type Locator, type Page } from "@playwright/test";

/** A short unique suffix so specs can run against a database that keeps data. */
export const uniq = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1000)}`;

/** Local sign-in through the login page (the server runs with LOCAL_SIGN_IN=true). */
export async function signIn(page: Page, email = "e2e.tester@vanco.co.uk", givenName = "Robin") {
  await page.goto("/login");
  await page.getByLabel("Email").pressSequentially(email);
  await page.getByLabel("Given name").pressSequentially(givenName);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: `Account: ${givenName}` })).toBeVisible();
}

/**
 * An input by its visible label. Required fields show ' *' after the label
 * text (hidden from screen readers), so it is allowed for.
 */
export function byLabel(scope: Locator | Page, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return scope.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

/** Open one settings screen by its side-list entry. */
export async function openSettings(page: Page, title: string) {
  await page.goto("/settings");
  await page.getByRole("navigation", { name: "Settings screens" }).getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
}

/** The toast of 003 §8 ('Success' / 'Error' with its message). */
export async function expectToast(page: Page, title: "Success" | "Error", message: string | RegExp) {
  const toast = page.getByRole("alert").filter({ hasText: title }).filter({ hasText: message });
  await expect(toast.first()).toBeVisible();
}

/** Close every toast so the next one can be asserted on its own. */
export async function clearToasts(page: Page) {
  // Always the first close button still there: a toast closing on its own
  // meanwhile must not leave a click waiting for one that has gone (that
  // wait, up to the test's timeout, was the settings specs' flake).
  const closers = page.getByRole("alert").getByRole("button");
  await expect(async () => {
    for (let guard = 0; guard < 12 && (await closers.count()) > 0; guard++) await closers.first().click({ force: true, timeout: 2_000 }).catch(() => undefined);
    // A pointer resting on a toast pauses its auto-close: a forced click that
    // missed (the toast moved as the one above it closed) left the pointer on
    // it, and the toast stayed for good on a busy machine. Move it off, then
    // try again.
    await page.mouse.move(0, 0);
    await expect(closers).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** The settings list table of a screen and one of its rows by text. */
export function settingsTable(page: Page, title: string): Locator {
  return page.getByRole("table", { name: title, exact: true });
}

export function rowWith(table: Locator, text: string): Locator {
  return table.getByRole("row").filter({ hasText: text });
}

/** The row being edited (one at a time in these specs). */
export function editingRow(table: Locator): Locator {
  return table.locator("tr[aria-label^='Editing']");
}

/** Confirm the shared delete dialog. */
export async function confirmDialog(page: Page, button = "Delete") {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: button, exact: true }).click();
}

/**
 * Empty a field as staff do (select all, Delete), and see it empty before
 * typing: a select-all that missed (the field just redrawn as a list's view
 * changed) left the old search in place, the typed one was added after it
 * ("pn1pn1"), and Parts Expenses' rows went as the doubled search landed.
 */
export async function clearByKeys(input: Locator) {
  for (let attempt = 0; attempt < 4; attempt++) {
    await input.click();
    await input.press("Control+A");
    await input.press("Delete");
    // A field that draws something when empty (a formatted amount) is left to the caller's own check.
    if ((await input.inputValue()) === "") return;
    await input.page().waitForTimeout(250);
  }
}

/** Clear a field and type into it key by key, then leave it (as staff type amounts: a typed thousands comma must stay one). */
export async function typeInto(input: Locator, text: string) {
  await clearByKeys(input);
  await input.pressSequentially(text);
  await input.blur();
}

/** Clear a field and type into it key by key, keeping the focus there (a typeahead's search: its options stay open). */
export async function typeToSearch(input: Locator, text: string) {
  await clearByKeys(input);
  await input.pressSequentially(text);
}

/** Clear a field and type into it as staff do (key by key), then leave it with Tab. */
export async function typeAndLeave(page: Page, input: Locator, text: string) {
  await clearByKeys(input);
  await page.keyboard.type(text);
  await page.keyboard.press("Tab");
}

/**
 * The desk-day specs' set-up (issue 24): a screen of 1366x768, minutes a
 * test on a busy machine; answers the spec's expect (25 s a step). Called
 * once at the top of the spec.
 */
export function deskDay() {
  test.describe.configure({ timeout: 240_000 });
  test.use({ viewport: { width: 1366, height: 768 } });
  return expect.configure({ timeout: 25_000 });
}

/** A credit note's row on /credit taken from not approved to Ready, then Approved, each with its Success and its approved-state view. */
export async function readyThenApprove(page: Page, row: Locator) {
  const states = page.getByRole("radiogroup", { name: "Approved state" });
  await clearToasts(page);
  await row.getByRole("button", { name: "Ready" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await states.getByText("Ready to Approve", { exact: true }).click();
  await expect(row).toHaveAttribute("data-state", "READY");
  await clearToasts(page);
  await row.getByRole("button", { name: "Approve" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await states.getByText("Approved", { exact: true }).click();
  await expect(row).toHaveAttribute("data-state", "APPROVED");
}

/** A company contact's body, complete enough for a hire, a job or a sale (a customer of the test's own, so no other test's records show beside it). */
export const companyContact = (display_name: string) => ({
  display_name, contact_type: "CC", partial_contact: false, company_name: display_name, company_email: "accounts@example.co.uk", company_phone: "0121 496 0000",
  company_phone_type: "Phone", company_phone_area_code: "0121", company_phone_country_code: "44", address_line1: "1 Trade Park", town: "Birmingham",
  region: "West Midlands", postcode: "B1 1AA", country: "United Kingdom", payment_term_days: 30, supplier_payment_terms: 30, workshop_account_code: "C001",
  labour_rate_markup: 0, parts_markup: 0,
});
