import { expect as baseExpect, test, type Page } from "@playwright/test";
import { byLabel, expectToast, signIn, typeAndLeave, typeInto } from "./helpers";
import { apiOf, makeJob, refsOf } from "./workshop-jobs-helpers";

// Each test makes its jobs through the API and opens several screens: on a busy machine they take minutes, and a job card can take seconds to load.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 25_000 });

const SHOTS = process.env.SHOTS;

/** A typeahead in a panel or table: type key by key (the box stays focused, its list open), then choose the option. */
async function choose(page: Page, box: ReturnType<Page["getByRole"]>, text: string, option: string | RegExp) {
  await box.pressSequentially(text);
  await page.getByRole("option", { name: option }).first().click();
}

test("a new job with a work item and a part is saved through the API and opens as its job card", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  await page.goto("/editjob");
  await expect(page.getByRole("heading", { level: 1, name: "Job - New" })).toBeVisible();
  // The vehicle picker (with its in-progress check) takes the van.
  await choose(page, page.getByRole("textbox", { name: "Vehicle", exact: true }), "bv21", /BV21 KLM/);
  // A van with open jobs or quotes shows them first: continue with it.
  const inProgress = page.getByRole("dialog", { name: "Quotes/Jobs already in progress for this vehicle" });
  await expect(page.getByLabel("Job vehicle").or(inProgress)).toBeVisible();
  if (await inProgress.isVisible()) await inProgress.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByLabel("Job vehicle")).toContainText("BV21 KLM");
  await choose(page, page.getByRole("textbox", { name: "Workshop", exact: true }), "midl", "Midland Commercial Repairs");
  await choose(page, page.getByRole("textbox", { name: "Customer", exact: true }), "acme", "Acme Builders Ltd");
  await typeAndLeave(page, byLabel(page, "Booked In Date"), "02/01/2030");
  await typeAndLeave(page, byLabel(page, "Workshop Date"), "03/01/2030");
  await page.getByRole("button", { name: "Add Work Item" }).click();
  const item = page.getByRole("region", { name: "Work item 1" });
  await typeInto(item.getByLabel("Description of work item 1"), "Replace wiper blades");
  await item.getByLabel("Work Type of Replace wiper blades").selectOption({ label: "Repair" });
  await item.getByLabel("Supplier Tracking Option").selectOption({ index: 1 });
  await item.getByLabel("Customer Tracking Option").selectOption({ index: 1 });
  await typeInto(item.getByLabel("Labour Hours of Replace wiper blades", { exact: true }), "2");
  // The workshop's labour charge per hour (55) prices the labour: 2 x 55.
  await expect(item.getByLabel("Labour Cost of Replace wiper blades", { exact: true })).toHaveValue(/110/);
  await item.getByRole("button", { name: "Add Part" }).click();
  const parts = item.getByRole("table", { name: "Parts of Replace wiper blades" });
  // The field's (or its region's) label follows the typed name: typed, then left with Tab as staff do.
  await typeAndLeave(page, parts.getByLabel("Name of part 1"), "Wiper blade set");
  await choose(page, parts.getByRole("textbox", { name: "Supplier of Wiper blade set" }), "midl", "Midland Commercial Repairs");
  await typeInto(parts.getByLabel("Actual Cost of Wiper blade set"), "12.50");
  await parts.getByLabel("Supplier Tracking of Wiper blade set").selectOption({ index: 1 });
  await parts.getByLabel("Customer Tracking of Wiper blade set").selectOption({ index: 1 });
  await expect(page.getByRole("alert").filter({ hasText: "Warning: Data not yet saved!" })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/job-card-new.png`, fullPage: true });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(page).toHaveURL(/\/editjob\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Job - BV21 KLM" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Warning: Data not yet saved!" })).toHaveCount(0);
  // What the server stored comes back on a fresh load.
  await page.reload();
  const saved = page.getByRole("region", { name: "Work item 1" });
  await expect(saved.getByLabel("Description of work item 1")).toHaveValue("Replace wiper blades");
  await expect(saved.getByRole("table", { name: "Parts of Replace wiper blades" }).getByLabel("Name of Wiper blade set")).toHaveValue("Wiper blade set");
  await expect(page.getByLabel("Totals")).toContainText("£110.00");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/job-card-saved.png`, fullPage: true });
});

test("a job missing its required fields is refused on screen with the one combined message, before anything is sent", async ({ page }) => {
  await signIn(page);
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.method() !== "GET" && /\/api\/(createjob|jobs)/.test(r.url())) sent.push(r.url());
  });
  await page.goto("/editjob");
  await page.getByRole("button", { name: "Add Work Item" }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const message = "The following fields are missing: Booked In Date, Vehicle, Customer, Workshop";
  await expect(page.getByRole("alert").filter({ hasText: "Validation failed!" }).filter({ hasText: message }).first()).toBeVisible();
  expect(sent).toEqual([]);
  await expect(page).toHaveURL(/\/editjob$/);
});

test("status flow: Returned, Ready For Collection, Collected, then Approve with the open-items warning", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "yk23 hva");
  const other = await makeJob(api, refs, { job_description: "Other open job" });
  const job = await makeJob(api, refs);
  await page.goto(`/editjob/${job.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Job - YK23 HVA" })).toBeVisible();
  // A saved normal job shows its movements (GET movement?job=) with Create Movement.
  await expect(page.getByRole("region", { name: "Movements" }).getByRole("button", { name: "Create Movement" })).toBeVisible();
  const status = page.getByLabel("Job status");
  await page.getByRole("button", { name: "Returned From Workshop" }).click();
  await expect(status).toHaveText("RETURNED FROM WORKSHOP");
  await page.getByRole("button", { name: "Ready For Collection" }).click();
  await expect(status).toHaveText("READY FOR COLLECTION");
  await page.getByRole("button", { name: "Mark As Collected" }).click();
  await expect(status).toHaveText("COLLECTED");
  await page.getByRole("button", { name: "Approve Job" }).click();
  const warning = page.getByRole("dialog", { name: "This vehicle has other unfinished jobs and quotes" });
  await expect(warning.getByRole("table", { name: "Open items" })).toContainText(String(other.id));
  await expect(warning.getByRole("table", { name: "Open items" })).not.toContainText(new RegExp(`^${job.id}$`));
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/job-open-items.png` });
  await warning.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("dialog", { name: "Approve Job" }).getByRole("button", { name: "Approve" }).click();
  await expect(status).toHaveText("APPROVED");
  await expect(page.getByText("Approved by: Robin")).toBeVisible();
  // An approved job offers no more status moves.
  await expect(page.getByRole("button", { name: "Approve Job" })).toHaveCount(0);
});

test("approval is refused on screen without a mileage", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "mx72");
  const job = await makeJob(api, refs, { mileage: null });
  for (const status of ["RETURNED_FROM_WORKSHOP", "READY_FOR_COLLECTION"]) {
    const current = await api.get(`jobs/${job.id}`);
    await api.put(`jobs/returned/${job.id}`, { status, last_saved: current.last_saved });
  }
  await page.goto(`/editjob/${job.id}`);
  await page.getByRole("button", { name: "Approve Job" }).click();
  await expect(page.getByRole("dialog", { name: "Cannot approve" })).toContainText("You cannot approve this job until you specify a mileage!");
  await expect(page.getByRole("alert").filter({ hasText: "You must specify a mileage before approving!" }).first()).toBeVisible();
});

test("a defect reported on /defect opens read-only on its job card and is turned into a job", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  await page.goto("/defect");
  await expect(page.getByRole("heading", { level: 1, name: "New Defect" })).toBeVisible();
  await page.getByRole("button", { name: "Create Defect" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Vehicle and Department are required fields" }).first()).toBeVisible();
  await choose(page, page.getByRole("textbox", { name: "Vehicle", exact: true }), "yk23 hvb", /YK23 HVB/);
  await byLabel(page, "Department").selectOption({ index: 1 });
  await typeInto(byLabel(page, "Defect Description"), "Short");
  await page.getByRole("button", { name: "Create Defect" }).click();
  await expect(page.getByText("The defect description must be at least 10 characters").first()).toBeVisible();
  await typeInto(byLabel(page, "Defect Description"), "Nearside mirror glass cracked, housing loose");
  await byLabel(page, "Defect Status").selectOption("NOT_DRIVEABLE");
  await typeInto(byLabel(page, "Location Of Van"), "Birmingham depot bay 4");
  await typeInto(byLabel(page, "Driver Name"), "Lee Walker");
  await typeInto(byLabel(page, "Driver Number"), "07700 900123");
  await typeInto(byLabel(page, "Mileage"), "24500");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/defect-page.png`, fullPage: true });
  await page.getByRole("button", { name: "Create Defect" }).click();
  await expect(page).toHaveURL(/\/editjob\/\d+$/);
  const info = page.getByRole("group", { name: "Defect Information" });
  await expect(info).toContainText("Nearside mirror glass cracked");
  await expect(info).toContainText("Lee Walker");
  // Read-only: the job's own inputs and work items are locked.
  await expect(byLabel(page, "Booked In Date")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add Work Item" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Print Workshop Job Sheet" })).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/defect-job-card.png`, fullPage: true });
  await page.getByRole("button", { name: "Turn Into Job" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(page.getByRole("group", { name: "Defect Information" })).toHaveCount(0);
  await expect(byLabel(page, "Booked In Date")).toBeEnabled();
  await expect(page.getByRole("button", { name: "Add Work Item" })).toBeEnabled();
});

test("a stale job card is refused with the edited-elsewhere message and reloads the latest copy", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "ld19 pxr");
  const job = await makeJob(api, refs);
  await page.goto(`/editjob/${job.id}`);
  await expect(byLabel(page, "Job Description")).toHaveValue("Front brakes and service");
  // Someone else saves meanwhile.
  await new Promise((r) => setTimeout(r, 1100));
  const current = await api.get(`jobs/${job.id}`);
  await api.put(`jobs/${job.id}`, { job_description: "Changed elsewhere", last_saved: current.last_saved });
  await typeInto(byLabel(page, "Job Description"), "My edit");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "It looks like the data has been edited elsewhere - fetching the latest update!" }).first()).toBeVisible();
  await expect(byLabel(page, "Job Description")).toHaveValue("Changed elsewhere");
});

test("the works selector (with View Parts) and the parts selector add lookups to a job's work items", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "fh20");
  const job = await makeJob(api, refs);
  await page.goto(`/editjob/${job.id}`);
  await page.getByRole("button", { name: "Search Work Lookups" }).click();
  const works = page.getByRole("dialog", { name: "Search Work Lookups" });
  await typeInto(works.getByRole("searchbox", { name: "Search work" }), "minor");
  await works.getByRole("button", { name: "View Parts of Minor service" }).click();
  const parts = page.getByRole("dialog", { name: "Parts of Minor service" });
  await expect(parts.getByRole("table", { name: "Work lookup parts" })).toContainText("Oil Filter");
  await expect(parts.getByRole("table", { name: "Work lookup parts" })).toContainText("Air Filter");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/works-selector.png` });
  await parts.getByRole("button").first().click(); // close
  await works.getByRole("button", { name: "Select Minor service" }).click();
  const item = page.getByRole("region", { name: "Work item 2" });
  await expect(item.getByLabel("Description of work item 2")).toHaveValue("Minor service");
  const table = item.getByRole("table", { name: "Parts of Minor service" });
  await expect(table.getByLabel("Name of Oil Filter")).toHaveValue("Oil Filter");
  // The first item has tracking options: Search Parts adds a part lookup to it.
  const first = page.getByRole("region", { name: "Work item 1" });
  await first.getByRole("button", { name: "Search Parts" }).click();
  const picker = page.getByRole("dialog", { name: "Search Parts" });
  await typeInto(picker.getByRole("searchbox", { name: "Search parts" }), "wiper");
  await picker.getByRole("button", { name: "Select Wiper Blade Set" }).click();
  await expect(first.getByRole("table", { name: "Parts of Replace front pads" }).getByLabel("Name of Wiper Blade Set")).toHaveValue("Wiper Blade Set");
  // The new item needs its work type and tracking options before the save is sent.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "You must specify a work type for Minor service" }).first()).toBeVisible();
});

test("attached images: a job card uploads an image through the signed upload, lists it, refuses a text file and deletes it", async ({ page }) => {
  const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
  await signIn(page);
  const api = await apiOf(page);
  const job = await makeJob(api, await refsOf(api, "yk23 hva"));
  await page.goto(`/editjob/${job.id}`);
  await page.getByRole("button", { name: /Show Attached Images/ }).click();
  const dialog = page.getByRole("dialog", { name: "Attached images" });
  await dialog.locator("input[type=file]").setInputFiles({ name: "damage.png", mimeType: "image/png", buffer: PNG });
  await expectToast(page, "Success", "Image uploaded successfully");
  await expect(dialog.getByTestId("job-image")).toHaveCount(1);
  await dialog.locator("input[type=file]").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expectToast(page, "Error", "Not supported file format");
  await expect(dialog.getByTestId("job-image")).toHaveCount(1);
  await dialog.getByTestId("job-image").getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete" }).getByRole("button", { name: "Delete", exact: true }).click();
  await expect(dialog.getByTestId("job-image")).toHaveCount(0);
});
