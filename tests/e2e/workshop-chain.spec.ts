import { expect as baseExpect, test, type Locator, type Page } from "@playwright/test";
import { byLabel, clearToasts, expectToast, signIn, typeAndLeave, typeInto } from "./helpers";
import { apiOf, makeJob, refsOf } from "./workshop-jobs-helpers";

/**
 * The workshop's chain in the browser (002 §2, §4, §5): a defect turned
 * into a quote (its image following it, the quote's own image uploaded
 * beside it), a job card made from the quote's item, taken through its
 * status flow to approval; a part enquiry turned into a quote; and typed
 * money and dates on the job card.
 */

// Several screens and saves each: minutes on a busy machine.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

/** A typeahead: type, then choose the option. */
async function choose(page: Page, box: Locator, text: string, option: string | RegExp) {
  await box.pressSequentially(text);
  await page.getByRole("option", { name: option }).first().click();
}


/** Upload one png through an open Attached images dialog. */
async function uploadImage(page: Page, dialog: Locator, name: string) {
  await dialog.locator("input[type=file]").setInputFiles({ name, mimeType: "image/png", buffer: PNG });
  await expectToast(page, "Success", "Image uploaded successfully");
}

test("defect -> quote (Turn Into Quote) -> job card (Create Job Card From Selected Items) -> approval, the defect's image following it", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "gn24 wlu");
  const defect = await api.post("createdefect", { vehicle: refs.vehicle.id, department: refs.department.id, defect_description: "Offside tail light smashed, lens missing", defect_status: "DRIVEABLE" });

  // The defect's job card: an image attached to it.
  await page.goto(`/editjob/${defect.id}`);
  await expect(page.getByRole("group", { name: "Defect Information" })).toContainText("Offside tail light smashed");
  await page.getByRole("button", { name: /Show Attached Images/ }).click();
  const defectImages = page.getByRole("dialog", { name: "Attached images" });
  await uploadImage(page, defectImages, "tail-light.png");
  await expect(defectImages.getByTestId("job-image")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(defectImages).toBeHidden();

  // Turn Into Quote: a customer is required, then the quote opens.
  await clearToasts(page);
  await page.getByRole("button", { name: "Turn Into Quote" }).click();
  const toQuote = page.getByRole("dialog", { name: "Turn defect into quote" });
  await toQuote.getByRole("button", { name: "Create Quote" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "A customer is required" }).first()).toBeVisible();
  await choose(page, toQuote.getByRole("textbox", { name: "Customer", exact: true }), "acme", "Acme Builders Ltd");
  await toQuote.getByRole("button", { name: "Create Quote" }).click();
  await expect(page).toHaveURL(/\/editquote\/\d+$/);
  const quoteId = Number(page.url().match(/(\d+)$/)![1]);
  await expect(page.getByRole("heading", { level: 1, name: "Quote GN24 WLU" })).toBeVisible();
  await expect(byLabel(page, "Quote Description")).toHaveValue("Offside tail light smashed, lens missing");

  // The quote's attached images: the defect's, then one of its own through the same upload; its own one deleted again.
  await clearToasts(page);
  await page.getByRole("button", { name: "Show Attached Images (1)" }).click();
  const quoteImages = page.getByRole("dialog", { name: "Attached images" });
  await expect(quoteImages.getByTestId("job-image")).toHaveCount(1);
  await uploadImage(page, quoteImages, "estimate.png");
  await expect(quoteImages.getByTestId("job-image")).toHaveCount(2);
  const listed = await api.get(`images?quote=${quoteId}`);
  expect(listed.results.map((r: { name: string }) => r.name).sort()).toEqual(["estimate.png", "tail-light.png"]);
  const own = listed.results.find((r: { name: string }) => r.name === "estimate.png");
  await quoteImages.getByTestId("job-image").filter({ has: page.getByRole("img", { name: `Quote image ${own.id}` }) }).getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete" }).getByRole("button", { name: "Delete", exact: true }).click();
  await expect(quoteImages.getByTestId("job-image")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Show Attached Images (1)" })).toBeVisible();
  expect((await api.get(`images?job=${defect.id}`)).count).toBe(1);

  // The quote's work: one item, saved.
  await page.getByRole("button", { name: "Add Work Item" }).click();
  // The field's (or its region's) label follows the typed name: typed, then left with Tab as staff do.
  await typeAndLeave(page, page.getByRole("region", { name: "Work item Work Item 1" }).getByLabel("Description"), "Replace tail light cluster");
  const item = page.getByRole("region", { name: "Work item Replace tail light cluster" });
  await item.getByLabel("Work Type").selectOption({ label: "Repair" });
  await typeInto(item.getByLabel("Estimated Labour Hours"), "1");
  await clearToasts(page);
  await page.getByRole("button", { name: "Save Quote" }).click();
  await expectToast(page, "Success", "Data saved successfully.");

  // A job card from the item: workshop and dates, then the job card opens.
  await clearToasts(page);
  await page.getByRole("button", { name: "Create Job Card From Selected Items" }).click();
  const create = page.getByRole("dialog", { name: "Create Job Card From Selected Items" });
  await create.getByRole("checkbox", { name: "Select Replace tail light cluster" }).check();
  await choose(page, create.getByRole("textbox", { name: "Workshop", exact: true }), "midland", "Midland Commercial Repairs");
  await typeAndLeave(page, create.getByLabel("Workshop Date"), "03/06/2031");
  await typeAndLeave(page, create.getByLabel("Book In Date"), "02/06/2031");
  await create.getByRole("button", { name: "Create Job Card" }).click();
  await expect(page).toHaveURL(/\/editjob\/\d+$/);
  const jobId = Number(page.url().match(/(\d+)$/)![1]);
  await expect(page.getByRole("heading", { level: 1, name: "Job - GN24 WLU" })).toBeVisible();
  expect(await api.get(`jobs/${jobId}`)).toMatchObject({ quote: quoteId, status: "IN_PROGRESS" });

  // Its first save asks for the tracking options the quote did not have; with a mileage for approval.
  const work = page.getByRole("region", { name: "Work item 1" });
  await work.getByLabel("Supplier Tracking Option").selectOption({ index: 1 });
  await work.getByLabel("Customer Tracking Option").selectOption({ index: 1 });
  await typeInto(byLabel(page, "Mileage"), "31000");
  await clearToasts(page);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Success", "Data saved successfully.");

  // The status flow to approval; the quote is still open on the van, so the open-items warning names it.
  const status = page.getByLabel("Job status");
  await clearToasts(page);
  await page.getByRole("button", { name: "Returned From Workshop" }).click();
  await expect(status).toHaveText("RETURNED FROM WORKSHOP");
  await clearToasts(page);
  await page.getByRole("button", { name: "Ready For Collection" }).click();
  await expect(status).toHaveText("READY FOR COLLECTION");
  // The van has no key: the change-key modal asks for one (002 §4); it is left as it is.
  const changeKey = page.getByRole("dialog", { name: "Change key" });
  await expect(changeKey).toContainText("GN24 WLU has no key");
  await changeKey.getByRole("button", { name: "Skip" }).click();
  await expect(changeKey).toBeHidden();
  await clearToasts(page);
  await page.getByRole("button", { name: "Mark As Collected" }).click();
  await expect(status).toHaveText("COLLECTED");
  await clearToasts(page);
  await page.getByRole("button", { name: "Approve Job" }).click();
  const warning = page.getByRole("dialog", { name: "This vehicle has other unfinished jobs and quotes" });
  await expect(warning.getByRole("table", { name: "Open items" })).toContainText(String(quoteId));
  await warning.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("dialog", { name: "Approve Job" }).getByRole("button", { name: "Approve" }).click();
  await expect(status).toHaveText("APPROVED");
  expect(await api.get(`jobs/${jobId}`)).toMatchObject({ approved: true, approving_user: { first_name: "Robin" } });

  // Back on the quote: the item's job card is approved.
  await page.goto(`/editquote/${quoteId}`);
  const linked = page.getByRole("region", { name: "Work item Replace tail light cluster" });
  await expect(linked.getByRole("link", { name: new RegExp(`Job Card ${jobId}`) })).toHaveAttribute("href", `/editjob/${jobId}`);
  await expect(linked.getByLabel("Job status")).toHaveText("COLLECTED");
});

test("a part enquiry (made through POST createjob) is turned into a quote: vehicle and customer 1 required", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "gn24 wlu");
  const enquiry = await api.post("createjob", { is_enquiry: true, department: refs.department.id, enquiry_description: "Price a tow bar and electrics", enquiry_registration: "GN24WLU" });
  await page.goto(`/editjob/${enquiry.id}`);
  await page.getByRole("button", { name: "Turn Into Quote" }).click();
  const toQuote = page.getByRole("dialog", { name: "Turn enquiry into quote" });
  await choose(page, toQuote.getByRole("textbox", { name: "Customer", exact: true }), "acme", "Acme Builders Ltd");
  await toQuote.getByRole("button", { name: "Create Quote" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Vehicle and Customer 1 are required" }).first()).toBeVisible();
  await choose(page, toQuote.getByRole("textbox", { name: "Vehicle", exact: true }), "gn24 wlu", /GN24 WLU/);
  await toQuote.getByRole("button", { name: "Create Quote" }).click();
  await expect(page).toHaveURL(/\/editquote\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Quote GN24 WLU" })).toBeVisible();
  const quoteId = Number(page.url().match(/(\d+)$/)![1]);
  expect(await api.get(`quotes/${quoteId}`)).toMatchObject({ vehicle: { id: refs.vehicle.id }, customer: { id: refs.customer.id }, source_job: enquiry.id });
  expect((await api.get(`jobs/${enquiry.id}`)).quote).toBe(quoteId);
});

test("typed money and dates on the job card: '24,500' saves as 24500.00, a lone '-' is refused with the field's message, Booked In Date is required", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "gn24 wlt");
  const job = await makeJob(api, refs);
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT" && r.url().includes(`/api/jobs/${job.id}`)) sent.push(r.url());
  });
  await page.goto(`/editjob/${job.id}`);
  const item = page.getByRole("region", { name: "Work item 1" });
  await expect(item.getByLabel("Description of work item 1")).toHaveValue("Replace front pads");

  // A lone '-': the field says why once left, and the save is refused with the same message, nothing sent.
  const partCost = item.getByLabel("Actual Cost of Brake pads");
  await typeInto(partCost, "-");
  await expect(partCost).toHaveValue("-");
  await expect(item.getByText("Must be a number").first()).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Must be a number" }).first()).toBeVisible();
  expect(sent).toEqual([]);
  expect((await api.get(`jobs/${job.id}`)).work_items[0].parts[0].cost).toBe(40);

  // '24,500' typed as staff type it, into the part's cost and (with Override Cost) the labour cost.
  await typeInto(partCost, "24,500");
  await expect(partCost).toHaveValue("24,500.00");
  await item.getByRole("checkbox", { name: "Override Cost", exact: true }).check();
  const labour = item.getByLabel("Labour Cost of Replace front pads", { exact: true });
  await typeInto(labour, "24,500");
  await expect(labour).toHaveValue("24,500.00");
  await clearToasts(page);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  const saved = await api.get(`jobs/${job.id}`);
  expect(saved.work_items[0]).toMatchObject({ labour_cost: 24500, cost_override: true });
  expect(saved.work_items[0].parts[0].cost).toBe(24500);
  expect(saved.parts_cost_total).toBe(24500);
  await page.reload();
  await expect(page.getByRole("region", { name: "Work item 1" }).getByLabel("Actual Cost of Brake pads")).toHaveValue("24,500.00");

  // Dates: Booked In Date is required (the combined message, nothing sent); an emptied workshop date saves as null.
  const before = sent.length;
  await byLabel(page, "Booked In Date").fill("");
  await byLabel(page, "Booked In Date").blur();
  await clearToasts(page);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The following fields are missing: Booked In Date" }).first()).toBeVisible();
  expect(sent.length).toBe(before);
  await typeAndLeave(page, byLabel(page, "Booked In Date"), "05/01/2030");
  await byLabel(page, "Workshop Date").fill("");
  await byLabel(page, "Workshop Date").blur();
  await clearToasts(page);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  expect(await api.get(`jobs/${job.id}`)).toMatchObject({ book_in_date: "2030-01-05", workshop_date: null });
});
