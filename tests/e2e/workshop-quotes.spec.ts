import { expect, test, type Page } from "@playwright/test";
import { byLabel, clearToasts, confirmDialog, expectToast, signIn, typeAndLeave, typeInto } from "./helpers";

/**
 * The quote editor (002 §2): a quote made on screen with a work item and a
 * part, the pre-save messages of 002 §5 shown before anything is sent,
 * priced, refused approval with the items named, and a job card made from
 * the selected item through the create-job modal.
 */

async function pick(page: Page, label: string, text: string, option: string | RegExp) {
  await page.getByRole("textbox", { name: label, exact: true }).pressSequentially(text);
  await page.getByRole("option", { name: option }).first().click();
}

test("a new quote: pre-save messages, an item and a part, priced, approval refused, a job card from the selected item", async ({ page }) => {
  // A long flow through several saves and a job card made in steps.
  test.setTimeout(180_000);
  await signIn(page);
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.method() !== "GET" && r.url().includes("/api/")) sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.goto("/editquote");
  await expect(page.getByRole("heading", { level: 1, name: "Quote New" })).toBeVisible();
  // A new quote starts in the first department (002 §4), created today.
  await expect(byLabel(page, "Department")).not.toHaveValue("");

  // Nothing chosen: the required fields are marked, nothing is sent.
  await typeAndLeave(page, byLabel(page, "Provisional Start Date"), "12/05/2031");
  await typeInto(byLabel(page, "Quote Description"), "Brakes and a service before going back on hire");
  await page.getByRole("button", { name: "Save Quote" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "You must specify a vehicle" }).first()).toBeVisible();
  expect(sent).toEqual([]);

  await pick(page, "Vehicle", "yk23 hvc", /YK23 HVC/);
  // Other specs may have left jobs or quotes open on this van: the picker lists them first.
  const inProgress = page.getByRole("dialog", { name: "Quotes/Jobs already in progress for this vehicle" });
  const chosen = page.getByLabel("Chosen vehicle");
  await expect(chosen.or(inProgress)).toBeVisible();
  if (await inProgress.isVisible()) await inProgress.getByRole("button", { name: "Continue" }).click();
  await expect(chosen).toContainText("YK23 HVC");
  await page.getByRole("button", { name: "Save Quote" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "You must specify a customer" }).first()).toBeVisible();
  await pick(page, "Customer", "acme", "Acme Builders Ltd");

  // An item without a work type and a part without a supplier: refused with their names.
  await page.getByRole("button", { name: "Add Work Item" }).click();
  const card = page.getByRole("region", { name: "Work item Work Item 1" });
  await expect(card).toContainText("No Job Card has been created for this item!");
  await card.getByRole("button", { name: "Add Part" }).click();
  // The field's (or its region's) label follows the typed name: typed, then left with Tab as staff do.
  await typeAndLeave(page, card.getByLabel("Name of part 1"), "Front brake pads");
  await page.getByRole("button", { name: "Save Quote" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Part Front brake pads is missing a supplier!" }).first()).toBeVisible();
  await card.getByRole("textbox", { name: "Supplier of Front brake pads" }).pressSequentially("midland");
  await page.getByRole("option", { name: "Midland Commercial Repairs" }).click();
  await clearToasts(page);
  await page.getByRole("button", { name: "Save Quote" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Missing Work Type" }).filter({ hasText: "You must specify a work type for Work Item 1" }).first()).toBeVisible();
  expect(sent).toEqual([]);

  // The field's (or its region's) label follows the typed name: typed, then left with Tab as staff do.
  await typeAndLeave(page, card.getByLabel("Description"), "Replace front brake pads");
  const item = page.getByRole("region", { name: "Work item Replace front brake pads" });
  await item.getByLabel("Work Type").selectOption({ label: "Repair" });
  await typeInto(item.getByLabel("Estimated Labour Hours"), "2");
  await typeInto(item.getByLabel("Estimated Cost of Front brake pads"), "40");
  await clearToasts(page);
  await page.getByRole("button", { name: "Save Quote" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(page).toHaveURL(/\/editquote\/\d+$/);
  const quoteId = page.url().match(/(\d+)$/)![1];
  await expect(page.getByRole("heading", { level: 1, name: "Quote YK23 HVC" })).toBeVisible();
  expect(sent.filter((s) => s.endsWith("/createquote"))).toHaveLength(1);
  // Saved: the vehicle can no longer be changed.
  await expect(page.getByLabel("Quote vehicle")).toContainText("YK23 HVC");
  await expect(page.getByRole("textbox", { name: "Vehicle", exact: true })).toHaveCount(0);

  // Quote Priced: confirm, then the button goes (it shows only while not priced).
  await page.getByRole("button", { name: "Quote Priced" }).click();
  const finalize = page.getByRole("dialog", { name: "Quote Priced" });
  await finalize.getByRole("button", { name: "Confirm" }).click();
  await expect(finalize).toBeHidden();
  await expect(page.getByRole("button", { name: "Quote Priced" })).toHaveCount(0);
  await expect(page.getByText("Priced", { exact: true })).toBeVisible();

  // Approve for invoicing: the item has no approved job card yet, so it is named.
  await page.getByRole("button", { name: "Approve for Invoicing" }).click();
  const refused = page.getByRole("dialog", { name: "Cannot Approve For Invoicing" });
  await expect(refused).toContainText("The following items are not ready for invoicing:");
  await expect(refused.getByRole("listitem")).toHaveText(["Replace front brake pads"]);
  await refused.getByRole("button", { name: "Close" }).click();

  // Create a job card from the selected item: workshop and both dates are required.
  // (Toasts are closed first: a click outside the modal would close it.)
  await clearToasts(page);
  await page.getByRole("button", { name: "Create Job Card From Selected Items" }).click();
  const modal = page.getByRole("dialog", { name: "Create Job Card From Selected Items" });
  await modal.getByRole("checkbox", { name: "Select Replace front brake pads" }).check();
  await modal.getByRole("button", { name: "Create Job Card" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Missing Data" }).filter({ hasText: "You must specify a Workshop, Book In Date and Start Date" }).first()).toBeVisible();
  expect(sent.filter((s) => s.endsWith("/createquotejob"))).toHaveLength(0);
  await pick(page, "Workshop", "midland", "Midland Commercial Repairs");
  await typeAndLeave(page, modal.getByLabel("Workshop Date"), "12/05/2031");
  await typeAndLeave(page, modal.getByLabel("Book In Date"), "11/05/2031");
  await modal.getByRole("button", { name: "Create Job Card" }).click();
  await expect(page).toHaveURL(/\/editjob\/\d+$/, { timeout: 30_000 });
  const jobId = page.url().match(/(\d+)$/)![1];

  // Back on the quote: the item links to its job card. The new job has no actual labour yet, so it
  // does not match the estimate: red border and the spec's message (cardColour, quote-rules).
  await page.goto(`/editquote/${quoteId}`);
  const linked = page.getByRole("region", { name: "Work item Replace front brake pads" });
  await expect(linked.getByRole("link", { name: new RegExp(`Job Card ${jobId}`) })).toHaveAttribute("href", `/editjob/${jobId}`);
  await expect(linked).toHaveAttribute("data-card-colour", "red");
  await expect(linked).toContainText("This work item doesn't match the quote!");
  await expect(linked).toContainText("Not ready for invoicing");
  await expect(linked.getByLabel("Job status")).toHaveText("IN PROGRESS");
  // Linked to a job card: it cannot be removed here.
  await linked.getByRole("button", { name: "Remove Work" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This item is linked to a job card. You must delete the work item on the job card first!" }).first()).toBeVisible();
  await expect(linked).toBeVisible();
});

test("unsaved edits warn until saved; a stale save is refused and the latest copy loads; delete goes back to the list", async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { Authorization: `Token ${token}` };
  const first = async (path: string) => (await (await request.get(`/api/${path}`, { headers })).json()).results[0].id as number;
  const made = await request.post("/api/createquote", {
    headers,
    data: { vehicle: await first("vehiclesearch?search=ld19 pxr"), customer: await first("customersearch?search=brightside"), department: await first("departments?page_size=1000"), description: "Valet before sale", provisional_start_date: "2031-07-01" },
  });
  expect(made.status()).toBeLessThan(300);
  const quote = await made.json();
  await page.goto(`/editquote/${quote.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Quote LD19 PXR" })).toBeVisible();

  // An edit: the persistent warning (002 §4 Unsaved changes).
  await typeInto(byLabel(page, "Quote Description"), "Valet and polish before sale");
  await expect(page.getByRole("alert").filter({ hasText: "Warning: Data not yet saved!" })).toBeVisible();

  // Someone else saves the quote meanwhile: this save is refused with the spec's message, and the latest copy loads.
  const stored = await (await request.get(`/api/quotes/${quote.id}`, { headers })).json();
  const elsewhere = await request.put(`/api/quotes/${quote.id}`, { headers, data: { ...stored, description: "Changed in the office" } });
  expect(elsewhere.status()).toBe(200);
  await page.getByRole("button", { name: "Save Quote" }).click();
  await expectToast(page, "Error", "It looks like the data has been edited elsewhere - fetching the latest update!");
  await expect(byLabel(page, "Quote Description")).toHaveValue("Changed in the office");
  await expect(page.getByRole("alert").filter({ hasText: "Warning: Data not yet saved!" })).toHaveCount(0);

  // Saved again: the warning goes; then delete, confirmed, back to the list.
  await typeInto(byLabel(page, "Quote Description"), "Valet and polish before sale");
  await page.getByRole("button", { name: "Save Quote" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(page.getByRole("alert").filter({ hasText: "Warning: Data not yet saved!" })).toHaveCount(0);
  await page.getByRole("button", { name: "Delete Quote" }).click();
  await confirmDialog(page);
  await expect(page).toHaveURL(/\/quotes$/);
  expect((await request.get(`/api/quotes/${quote.id}`, { headers })).status()).toBe(404);
});
