import { test, type Page } from "@playwright/test";
import { byLabel, confirmDialog, deskDay, expectToast, signIn, typeAndLeave, uniq } from "./helpers";
import { apiOf, makeJob, refsOf } from "./workshop-jobs-helpers";

/**
 * Issue 24 (a workshop and accounts day without a fight with the screen),
 * items 3, 4, 5, 6, 10 and 11, walked at 1366x768 typing as staff type:
 * notifications never on a control, one save per double click, impossible
 * dates kept with a message at the field, required fields marked and named
 * as labelled, no live figure from a price with a letter, a deleted part
 * order not read again.
 */
const expect = deskDay();

/** Every control on screen that a shown notification overlaps (none is the rule). */
async function controlsUnderNotices(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const notices = [...document.querySelectorAll('[role="alert"]')].filter((n) => n.closest(".notice-bar, .mantine-Notifications-root")).map((n) => n.getBoundingClientRect());
    const out: string[] = [];
    // The part of a control that can be seen: the page's scroller (#root) clips what lies beyond it.
    const view = document.getElementById("root")!.getBoundingClientRect();
    const pageScrolls = getComputedStyle(document.getElementById("root")!).overflowY !== "visible";
    for (const el of document.querySelectorAll<HTMLElement>("button, input, select, textarea, a[href]")) {
      if (el.closest(".notice-bar, .mantine-Notifications-root")) continue;
      const b = el.getBoundingClientRect();
      const top = pageScrolls ? Math.max(b.top, view.top) : b.top;
      const bottom = pageScrolls ? Math.min(b.bottom, view.bottom) : b.bottom;
      const r = { left: b.left, right: b.right, top, bottom };
      if (b.width === 0 || b.height === 0 || bottom <= top || bottom < 0 || top > window.innerHeight) continue;
      if (notices.some((n) => r.left < n.right && r.right > n.left && r.top < n.bottom && r.bottom > n.top)) out.push(el.getAttribute("aria-label") || el.textContent?.trim() || el.tagName);
    }
    return out;
  });
}


test("item 3: the status change's Success notice covers no control of the job card and leaves after its time, pointer on it or not", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const job = await makeJob(api, await refsOf(api, "yk23 hva"));
  await page.goto(`/editjob/${job.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Job - YK23 HVA" })).toBeVisible();
  const returned = page.getByRole("button", { name: "Returned From Workshop" });
  await returned.scrollIntoViewIfNeeded();
  await returned.click();
  await expect(page.getByLabel("Job status")).toHaveText("RETURNED FROM WORKSHOP");
  const success = page.getByRole("alert").filter({ hasText: "Success" });
  await expect(success).toBeVisible();
  const ready = page.getByRole("button", { name: "Ready For Collection" });
  await expect(ready).toBeVisible();
  expect(await controlsUnderNotices(page)).toEqual([]);
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/notice-bar-job-card.png` });
  // Scrolled to the foot of the card: the notice still sits on nothing.
  await page.evaluate(() => document.getElementById("root")!.scrollTo(0, 100_000));
  expect(await controlsUnderNotices(page)).toEqual([]);
  // The next action is reachable at once, with no toast in the way (a trial click fails on a covered button).
  await ready.click({ trial: true, timeout: 3_000 });
  // The pointer resting on the notice does not keep it for good: it leaves after its 10 seconds.
  await success.hover();
  await expect(success).toHaveCount(0, { timeout: 14_000 });
});

test("item 3: the unsaved-data warning and a refused save's messages cover no work-item field", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const job = await makeJob(api, await refsOf(api, "yk23 hva"));
  await page.goto(`/editjob/${job.id}`);
  const item = page.getByRole("region", { name: "Work item 1" });
  const description = item.getByLabel("Description of work item 1");
  await description.click();
  await page.keyboard.press("End");
  await page.keyboard.type(" and discs");
  await expect(page.getByRole("alert").filter({ hasText: "Warning: Data not yet saved!" })).toBeVisible();
  for (const y of [0, 300, 600, 900, 1200]) {
    await page.evaluate((top) => document.getElementById("root")!.scrollTo(0, top), y);
    expect(await controlsUnderNotices(page)).toEqual([]);
  }
});

test("item 4: a double click on the job card's Save saves once, with no 'edited elsewhere'", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const job = await makeJob(api, await refsOf(api, "yk23 hva"));
  await page.goto(`/editjob/${job.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Job - YK23 HVA" })).toBeVisible();
  const puts: string[] = [];
  const conflicts: number[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT" && new URL(r.url()).pathname === `/api/jobs/${job.id}`) puts.push(r.url());
  });
  page.on("response", (r) => {
    if (r.status() === 409) conflicts.push(r.status());
  });
  const description = byLabel(page, "Job Description");
  await description.click();
  await page.keyboard.press("End");
  await page.keyboard.type(", checked twice");
  await page.getByRole("button", { name: "Save", exact: true }).dblclick();
  await expectToast(page, "Success", "Data saved successfully.");
  await page.waitForTimeout(1500);
  expect(puts).toHaveLength(1);
  expect(conflicts).toEqual([]);
  await expect(page.getByRole("alert").filter({ hasText: "edited elsewhere" })).toHaveCount(0);
  // A third click after the answer saves again without a stale refusal.
  await description.click();
  await page.keyboard.type(".");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect.poll(() => puts.length).toBe(2);
  await page.waitForTimeout(1000);
  expect(conflicts).toEqual([]);
  await expect(page.getByRole("alert").filter({ hasText: "edited elsewhere" })).toHaveCount(0);
});

test("item 5: 31/02/2026 typed into Workshop Date stays with a message at the field and the save is refused there", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const job = await makeJob(api, await refsOf(api, "yk23 hva"));
  await page.goto(`/editjob/${job.id}`);
  const workshopDate = byLabel(page, "Workshop Date");
  await expect(workshopDate).toHaveValue("03/01/2030");
  await typeAndLeave(page, workshopDate, "31/02/2026");
  await expect(workshopDate).toHaveValue("31/02/2026");
  await expect(page.getByText("Not a real date: enter DD/MM/YYYY")).toBeVisible();
  const puts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT" && new URL(r.url()).pathname === `/api/jobs/${job.id}`) puts.push(r.url());
  });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(workshopDate).toHaveAttribute("aria-invalid", "true");
  await page.waitForTimeout(1000);
  expect(puts).toEqual([]);
  expect((await api.get(`jobs/${job.id}`)).workshop_date).toBe("2030-01-03");
  // Fixed: the message goes and the date saves.
  await typeAndLeave(page, workshopDate, "28/02/2026");
  await expect(page.getByText("Not a real date: enter DD/MM/YYYY")).toHaveCount(0);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect.poll(async () => (await api.get(`jobs/${job.id}`)).workshop_date).toBe("2026-02-28");
});

test("item 6: a new job marks its required fields; a blank save names each at its field as labelled, never 'customer id'", async ({ page }) => {
  await signIn(page);
  await page.goto("/editjob");
  await expect(page.getByRole("heading", { level: 1, name: "Job - New" })).toBeVisible();
  for (const legend of ["Vehicle", "Workshop", "Customer"]) await expect(page.getByRole("group", { name: legend, exact: true })).toContainText(`${legend} *`);
  await expect(page.getByLabel("Booked In Date *")).toBeVisible();
  await expect(page.getByLabel("Department *")).toBeVisible();
  await expect(page.getByLabel("Workshop Date *")).toHaveCount(0);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The following fields are missing: Booked In Date, Vehicle, Customer, Workshop" }).first()).toBeVisible();
  for (const name of ["Vehicle", "Customer", "Workshop", "Booked In Date"]) await expect(page.getByText(`${name} is missing`, { exact: true })).toBeVisible();
  await expect(page.locator("body")).not.toContainText(/customer id|workshop id|vehicle registration/);
  // The date picker opens below its input, not over the messages above it.
  const booked = byLabel(page, "Booked In Date");
  await booked.click();
  const calendar = page.locator(".mantine-DateInput-dropdown, .mantine-Popover-dropdown").filter({ has: page.locator("table") }).first();
  await expect(calendar).toBeVisible();
  const inputBox = (await booked.boundingBox())!;
  const calBox = (await calendar.boundingBox())!;
  expect(calBox.y).toBeGreaterThanOrEqual(inputBox.y + inputBox.height - 1);
});

test("item 10: a part cost or labour hours typed with a letter O: the error at the field; neither the totals nor the row's own figures are worked out from it", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const job = await makeJob(api, await refsOf(api, "yk23 hva"));
  await page.goto(`/editjob/${job.id}`);
  const item = page.getByRole("region", { name: "Work item 1" });
  const parts = item.getByRole("table", { name: "Parts of Replace front pads" });
  const cost = parts.getByLabel("Actual Cost of Brake pads");
  const charge = parts.getByLabel("Actual Charge of Brake pads");
  await expect(cost).toHaveValue("40.00");
  await expect(charge).not.toHaveValue("");
  const totals = page.getByLabel("Totals");
  await expect(totals).toContainText("£40.00");
  // Typed as staff type: select all, then the figure key by key, with a letter O for a zero.
  await cost.click();
  await cost.press("Control+A");
  await cost.press("Delete");
  await cost.pressSequentially("1,25O.50");
  // While the figure is not a number, nothing is worked out from the "1" typed before the letter: not the
  // totals, not the part's own charge (it was, and stayed, while the rest was not a number).
  await expect(totals).toContainText("—");
  await expect(totals).not.toContainText("£1.00");
  await expect(charge).toHaveValue("");
  await page.keyboard.press("Tab");
  await expect(parts.getByText("Must be a number")).toBeVisible();
  await expect(totals).toContainText("—");
  await expect(charge).toHaveValue("");
  // Put right, the totals and the charge come back from the real figure.
  await cost.click();
  await cost.press("Control+A");
  await cost.pressSequentially("1,250.50");
  await page.keyboard.press("Tab");
  await expect(totals).toContainText("1,250.50");
  await expect(charge).not.toHaveValue("");
  expect(Number((await charge.inputValue()).replace(/,/g, ""))).toBeGreaterThanOrEqual(1250.5);

  // The work item's labour: hours typed with a letter leave its customer labour cost blank, not the figure from "2".
  const hours = item.getByLabel("Labour Hours of Replace front pads", { exact: true });
  const labourCharge = item.getByLabel("Customer Labour Cost of Replace front pads", { exact: true });
  await expect(labourCharge).not.toHaveValue("");
  await hours.click();
  await hours.press("Control+A");
  await hours.pressSequentially("2O");
  await expect(labourCharge).toHaveValue("");
  await hours.press("Backspace");
  await hours.pressSequentially(".5");
  await expect(labourCharge).not.toHaveValue("");
});

test("item 12: the job's Customer pickers offer customers only: not suppliers, not a business's supplier contact, not a customer since made a supplier", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const tag = `Quay${uniq().replace(/[^A-Za-z0-9]/g, "").slice(-6)}`;
  const contact = (display_name: string, contact_type: "CC" | "SP") =>
    api.post("contacts", {
      display_name, contact_type, partial_contact: false, company_name: display_name, company_email: "accounts@example.co.uk",
      company_phone: "0121 496 0000", company_phone_type: "Phone", company_phone_area_code: "0121", company_phone_country_code: "44",
      address_line1: "1 Trade Park", town: "Birmingham", region: "West Midlands", postcode: "B1 1AA", country: "United Kingdom",
      payment_term_days: 30, supplier_payment_terms: 30, workshop_account_code: "C001", labour_rate_markup: 0, parts_markup: 0,
    });
  // A business that is both (003 §3: two contacts, one of each type), a supplier only, and a customer made a supplier since.
  const asCustomer = await contact(`${tag} Motors`, "CC");
  await contact(`${tag} Motors`, "SP");
  await contact(`${tag} Parts`, "SP");
  const switched = await contact(`${tag} Haulage`, "CC");
  await api.put(`contacts/${switched.id}`, { ...switched, contact_type: "SP" });
  await page.goto("/editjob");
  await expect(page.getByRole("heading", { level: 1, name: "Job - New" })).toBeVisible();
  for (const name of ["Customer", "Customer 2"]) {
    const box = page.getByRole("textbox", { name, exact: true });
    if (!(await box.isVisible())) continue;
    await box.click();
    await box.pressSequentially(tag.toLowerCase());
    const listbox = page.getByRole("listbox");
    await expect(listbox.getByRole("option")).toHaveText([`${tag} Motors`]);
    await box.press("Control+A");
    await box.press("Delete");
    await box.press("Escape");
  }
  // The one offered is the customer contact of the business, not its supplier contact.
  const customer = page.getByRole("textbox", { name: "Customer", exact: true });
  await customer.pressSequentially(tag.toLowerCase());
  await page.getByRole("option", { name: `${tag} Motors` }).click();
  await expect(page.getByRole("group", { name: "Customer", exact: true }).getByRole("link", { name: `${tag} Motors` })).toHaveAttribute("href", `/editcontact/${asCustomer.id}`);
});

test("item 11: deleting a part order shows Success and never reads the deleted order again", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const [acme] = (await api.get("customersearch?search=acme")).results;
  const tag = `DEL-${uniq()}`;
  const order = await api.post("createpartorder", { customer: acme.id, customer_vehicle: "DE20 DEL", order_number: tag, description: "Filters", parts: [] });
  const reads: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "GET" && new URL(r.url()).pathname === `/api/partorder/${order.id}`) reads.push(r.url());
  });
  await page.goto(`/editpartorder/${order.id}`);
  await expect(byLabel(page, "Order Number")).toHaveValue(tag);
  const before = reads.length;
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await confirmDialog(page, "Delete");
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(page).toHaveURL(/\/partorders$/);
  await page.waitForTimeout(2000);
  await expect(page.getByRole("alert").filter({ hasText: "There was an error getting part order data" })).toHaveCount(0);
  expect(reads.length).toBe(before);
});

test("item 1: the dashboard's rentals-only total says what it totals, beside the Workshop, Part Orders and Misc figures", async ({ page }) => {
  await signIn(page);
  await page.goto("/");
  const totals = page.getByRole("region", { name: "Rental totals panel", exact: true });
  await expect(totals).toContainText("Rental income total");
  await expect(totals).toContainText("Rentals only: Workshop, Part Orders and Misc are not included.");
  await expect(totals).toContainText("Rental income vs target");
  await expect(page.getByText("Total income", { exact: true })).toHaveCount(0);
});

test("item 12: the movement's Cost input shows the cost worked out, the one written under it", async ({ page }) => {
  await signIn(page);
  await page.goto("/movements");
  await page.getByRole("button", { name: "Create Movement" }).click();
  const modal = page.getByRole("dialog", { name: "Create Movement" });
  const miles = byLabel(modal, "Miles");
  await miles.click();
  await miles.press("Control+A");
  await miles.pressSequentially("100");
  await page.keyboard.press("Tab");
  const shown = modal.getByTestId("movement-cost");
  await expect(shown).not.toContainText("Cost: £0.00");
  const worked = /Cost: £([\d,]+\.\d\d)/.exec((await shown.textContent()) ?? "")![1];
  await expect(byLabel(modal, "Cost")).toHaveValue(worked);
});

test("item 12: a part enquiry's make and model are shown on its part order", async ({ page }) => {
  await signIn(page);
  await page.goto("/partenquiry");
  const form = page.getByRole("form", { name: "Part enquiry" });
  await byLabel(form, "Description").pressSequentially("Tow bar for a Transit");
  await byLabel(form, "Registration").pressSequentially("AB12 CDE");
  await byLabel(form, "Make").pressSequentially("Ford");
  await byLabel(form, "Model").pressSequentially("Transit Custom");
  await form.getByRole("button", { name: "Create Part Enquiry" }).click();
  await expect(page).toHaveURL(/\/editpartorder\/\d+$/);
  await expect(byLabel(page, "Vehicle Make")).toHaveValue("Ford");
  await expect(byLabel(page, "Vehicle Model")).toHaveValue("Transit Custom");
});

test("item 12: the open-items warning shows a defect's own description", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "mx72");
  const text = `Cracked wing mirror ${uniq()}`;
  await api.post("createdefect", { vehicle: refs.vehicle.id, department: refs.department.id, defect_description: text });
  await page.goto("/editjob");
  await page.getByRole("textbox", { name: "Vehicle", exact: true }).pressSequentially("mx72");
  await page.getByRole("option", { name: /MX72/ }).first().click();
  const inProgress = page.getByRole("dialog", { name: "Quotes/Jobs already in progress for this vehicle" });
  await expect(inProgress).toContainText(text);
});

test("item 6: the contact and defect screens mark the fields their rules require", async ({ page }) => {
  await signIn(page);
  await page.goto("/editcontact");
  // A new customer (partial): the partial customer's required fields; a supplier: the supplier's.
  await expect(page.getByLabel("Display name *")).toBeVisible();
  await byLabel(page, "Contact type").selectOption("SP");
  await expect(page.getByLabel("Display name *")).toBeVisible();
  await expect(page.getByLabel("Company email *")).toBeVisible();
  await expect(page.getByLabel("Town *")).toBeVisible();
  await page.goto("/defect");
  await expect(page.getByLabel("Vehicle *")).toBeVisible();
  await expect(page.getByLabel("Department *")).toBeVisible();
  await expect(page.getByLabel("Defect Description *").or(page.getByLabel("Description *"))).toBeVisible();
});
