import { expect as baseExpect, test, type Page } from "@playwright/test";
import { byLabel, clearToasts, expectToast, signIn, typeInto } from "./helpers";
import { apiOf, makeJob, refsOf, type JobsApi } from "./workshop-jobs-helpers";

/**
 * The job card's remaining behaviours (002 §2, §4, §5) in the browser: the
 * delayed automatic save (and a save elsewhere stopping it), the mileage
 * warning on save, Go To Quote, Delete Job, the part enquiry details; and
 * on the quote editor, a customer locked once its invoice number is set.
 */

// Each test makes its records through the API and opens a card: minutes on a busy machine.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 25_000 });

const EDITED = "It looks like the data has been edited elsewhere - fetching the latest update!";
/** The card's delay before its automatic save (web/src/workshop/JobEditPage.tsx AUTO_SAVE_MS), and a second to spare. */
const PAST_AUTO_SAVE = 31_000;

/** The job's PUTs the page sends (saves, automatic or not). */
function jobSaves(page: Page, id: number) {
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT" && new URL(r.url()).pathname === `/api/jobs/${id}`) sent.push(r.url());
  });
  return sent;
}

/** Someone else saves the job (a second later, so its last_saved is more than a second from the card's). */
async function saveElsewhere(api: JobsApi, id: number, changes: Record<string, unknown>) {
  await new Promise((r) => setTimeout(r, 1100));
  const current = await api.get(`jobs/${id}`);
  return api.put(`jobs/${id}`, { ...changes, last_saved: current.last_saved });
}

/** A saved job's card opened with the page's clock under the test's hand (the automatic save's delay), and the PUTs it sends. */
async function openCardOnClock(page: Page) {
  await page.clock.install();
  await signIn(page);
  const api = await apiOf(page);
  const job = await makeJob(api, await refsOf(api, "ld19 pxr"));
  const sent = jobSaves(page, job.id);
  await page.goto(`/editjob/${job.id}`);
  await expect(byLabel(page, "Job Description")).toHaveValue("Front brakes and service");
  return { api, job, sent };
}

test("the delayed automatic save sends the card's edits while the stored copy still matches", async ({ page }) => {
  const { api, job, sent } = await openCardOnClock(page);
  await typeInto(byLabel(page, "Job Description"), "Saved without pressing Save");
  await expect(page.getByRole("alert").filter({ hasText: "Warning: Data not yet saved!" })).toBeVisible();
  // Nothing is sent before the delay.
  await page.clock.fastForward(25_000);
  expect(sent).toEqual([]);
  await page.clock.fastForward(PAST_AUTO_SAVE);
  await expectToast(page, "Success", "Data saved successfully.");
  expect(sent).toHaveLength(1);
  expect((await api.get(`jobs/${job.id}`)).job_description).toBe("Saved without pressing Save");
  await expect(page.getByRole("alert").filter({ hasText: "Warning: Data not yet saved!" })).toHaveCount(0);
  // Saved: no more automatic saves until the next edit.
  await page.clock.fastForward(PAST_AUTO_SAVE);
  expect(sent).toHaveLength(1);
});

test("a save elsewhere stops the automatic save: nothing is sent, the edited-elsewhere message shows and the latest copy loads", async ({ page }) => {
  const { api, job, sent } = await openCardOnClock(page);
  await typeInto(byLabel(page, "Job Description"), "My edit");
  await saveElsewhere(api, job.id, { job_description: "Changed elsewhere" });
  await page.clock.fastForward(PAST_AUTO_SAVE);
  await expect(page.getByRole("alert").filter({ hasText: EDITED }).first()).toBeVisible();
  await expect(byLabel(page, "Job Description")).toHaveValue("Changed elsewhere");
  expect(sent).toEqual([]);
  expect((await api.get(`jobs/${job.id}`)).job_description).toBe("Changed elsewhere");
});

test("the mileage warning opens on save when the job's mileage reaches the model's limit", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "ld19 pxr");
  // A van of a model with a mileage limit of 100,000.
  const make = (await api.get("vehiclemake?page_size=1000")).results[0];
  const model = await api.post("vehiclemodel", { name: `Limited ${Date.now()}`, make: make.id, mileage_limit: 100000 });
  const stamp = String(Date.now()).slice(-4);
  const van = await api.post("createvehicle", {
    registration: `ML${stamp.slice(0, 2)} L${stamp.slice(2)}`,
    variant: "L2H2",
    vin_number: `WF0MILEAGE${stamp}`,
    location: "Birmingham depot",
    fleet_number: `77${stamp}`,
    vehicle_status: "ACTIVE",
    make: make.id,
    model: model.id,
    department: refs.department.id,
  });
  const job = await makeJob(api, { ...refs, vehicle: van }, { mileage: 99000 });
  await page.goto(`/editjob/${job.id}`);
  const warning = page.getByRole("dialog", { name: "Vehicle mileage warning" });
  // Under the limit: saved, no warning.
  await typeInto(byLabel(page, "Job Description"), "Under the limit");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(warning).toHaveCount(0);
  // At or over it: saved, then the warning.
  await clearToasts(page);
  await typeInto(byLabel(page, "Mileage"), "100500");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(warning).toContainText("approaching its mileage limit");
  await expect(warning).toContainText("100000");
  expect((await api.get(`jobs/${job.id}`)).mileage).toBe(100500);
  await warning.getByRole("button", { name: "OK" }).click();
  await expect(warning).toBeHidden();
});

test("Go To Quote opens the quote a job card was made from; a job without a quote has no such button", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "fh20");
  const quote = await api.post("createquote", {
    vehicle: refs.vehicle.id,
    customer: refs.customer.id,
    department: refs.department.id,
    description: "Tail lift service",
    provisional_start_date: "2031-03-02",
    estimated_work_items: [{ key: "q1", description: "Service the tail lift", work_type: refs.workType.id, estimated_labour_hours: 1, parts: [] }],
  });
  const made = await api.post("createquotejob", {
    quote: quote.id,
    items: [quote.estimated_work_items[0].id],
    customerInvoiceNumber: null,
    customer2InvoiceNumber: null,
    workshop: { id: refs.workshop.id, display_name: refs.workshop.display_name },
    bookInDate: "2031-03-02",
    startDate: "2031-03-03",
  });
  const jobId = made.id ?? made.job?.id ?? made.job;
  expect(typeof jobId, JSON.stringify(made)).toBe("number");
  const plain = await makeJob(api, refs);
  await page.goto(`/editjob/${plain.id}`);
  await expect(page.getByRole("button", { name: "Delete Job" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go To Quote" })).toHaveCount(0);
  await page.goto(`/editjob/${jobId}`);
  await page.getByRole("link", { name: "Go To Quote" }).click();
  await expect(page).toHaveURL(new RegExp(`/editquote/${quote.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: /^Quote FH20/ })).toBeVisible();
  await expect(byLabel(page, "Quote Description")).toHaveValue("Tail lift service");
});

test("Delete Job asks first, then deletes the job through the API and goes back to the jobs list", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const job = await makeJob(api, await refsOf(api, "yk23 hva"), { job_description: "Job to delete" });
  await page.goto(`/editjob/${job.id}`);
  await expect(byLabel(page, "Job Description")).toHaveValue("Job to delete");
  const confirm = page.getByRole("dialog", { name: "Delete Job" });
  // Cancel keeps it.
  await page.getByRole("button", { name: "Delete Job" }).click();
  await expect(confirm).toContainText("Are you sure you want to delete this job?");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/editjob/${job.id}$`));
  expect((await api.get(`jobs/${job.id}`)).id).toBe(job.id);
  // Confirmed: gone, and the list opens.
  await page.getByRole("button", { name: "Delete Job" }).click();
  await confirm.getByRole("button", { name: "Delete Job" }).click();
  await expect(page).toHaveURL(/\/jobs(\?.*)?$/);
  await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  const gone = await page.request.get(`/api/jobs/${job.id}`, { headers: api.headers });
  expect(gone.status()).toBe(404);
});

test("a part enquiry shows its Part Enquiry Details (collapsible), the only part of the card it can edit, and saves them", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "gn24 wlu");
  const enquiry = await api.post("createjob", { is_enquiry: true, department: refs.department.id, enquiry_description: "Price a roof rack", enquiry_registration: "GN24WLU", enquiry_make: "Ford" });
  await page.goto(`/editjob/${enquiry.id}`);
  const details = page.getByRole("group", { name: "Part Enquiry Details" });
  await expect(byLabel(details, "Enquiry Description")).toHaveValue("Price a roof rack");
  await expect(byLabel(details, "Registration")).toHaveValue("GN24WLU");
  await expect(byLabel(details, "Make")).toHaveValue("Ford");
  // Collapsible.
  await details.getByRole("button", { name: "Hide enquiry details" }).click();
  await expect(byLabel(details, "Enquiry Description")).toBeHidden();
  await details.getByRole("button", { name: "Show enquiry details" }).click();
  await expect(byLabel(details, "Enquiry Description")).toBeVisible();
  // Only the enquiry details are editable.
  await expect(byLabel(details, "Enquiry Description")).toBeEnabled();
  await expect(byLabel(page, "Booked In Date")).toBeDisabled();
  await expect(byLabel(page, "Job Description")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add Work Item" })).toBeDisabled();
  await typeInto(byLabel(details, "Enquiry Description"), "Price a roof rack and ladder clamps");
  await typeInto(byLabel(details, "Model"), "Transit Custom");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  expect(await api.get(`jobs/${enquiry.id}`)).toMatchObject({ is_enquiry: true, enquiry_description: "Price a roof rack and ladder clamps", enquiry_model: "Transit Custom", enquiry_make: "Ford" });
  await page.reload();
  await expect(byLabel(page.getByRole("group", { name: "Part Enquiry Details" }), "Model")).toHaveValue("Transit Custom");
  // A normal job has no enquiry details.
  const job = await makeJob(api, refs);
  await page.goto(`/editjob/${job.id}`);
  await expect(byLabel(page, "Job Description")).toHaveValue("Front brakes and service");
  await expect(page.getByRole("group", { name: "Part Enquiry Details" })).toHaveCount(0);
});

test("a quote's customer is locked once its invoice number is saved; customer 2 stays open until its own is", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "yk23 hvb");
  const brightside = (await api.get("customersearch?search=brightside")).results[0];
  const quote = await api.post("createquote", {
    vehicle: refs.vehicle.id,
    customer: refs.customer.id,
    customer2: brightside.id,
    department: refs.department.id,
    description: "Bodywork after hire",
    provisional_start_date: "2031-05-04",
  });
  await page.goto(`/editquote/${quote.id}`);
  const customer = page.getByRole("textbox", { name: "Customer", exact: true });
  const customer2 = page.getByRole("textbox", { name: "Customer 2", exact: true });
  await expect(customer).toBeEnabled();
  await expect(customer2).toBeEnabled();
  // Typed but not saved: still open.
  await typeInto(byLabel(page, "Customer 1 Invoice Number"), "INV-7001");
  await expect(customer).toBeEnabled();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(customer).toBeDisabled();
  await expect(customer2).toBeEnabled();
  expect((await api.get(`quotes/${quote.id}`)).customer_invoice_number).toBe("INV-7001");
  // Customer 2's own invoice number locks it too, also after a fresh load.
  await clearToasts(page);
  await typeInto(byLabel(page, "Customer 2 Invoice Number"), "INV-7002");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Customer", exact: true })).toBeDisabled();
  await expect(page.getByRole("textbox", { name: "Customer 2", exact: true })).toBeDisabled();
  await expect(page.getByRole("textbox", { name: "Customer", exact: true })).toHaveValue(/Acme/);
});

test("typed money on the quote editor: a lone '-' in a part's estimated cost is refused with the field's message and nothing is sent; '24,500' saves as 24500.00", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "yk23 hvb");
  const quote = await api.post("createquote", {
    vehicle: refs.vehicle.id,
    customer: refs.customer.id,
    department: refs.department.id,
    description: "Typed figures",
    provisional_start_date: "2031-06-01",
    estimated_work_items: [{ description: "Front brake pads", work_type: refs.workType.id, estimated_labour_hours: 1, parts: [{ name: "Brake pads", supplier: refs.workshop.id, estimated_cost: 50 }] }],
  });
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT" && r.url().includes(`/api/quotes/${quote.id}`)) sent.push(r.url());
  });
  await page.goto(`/editquote/${quote.id}`);
  const item = page.getByRole("region", { name: "Work item Front brake pads" });
  const cost = item.getByLabel("Estimated Cost of Brake pads");
  await expect(cost).toHaveValue("50.00");

  await typeInto(cost, "-");
  await expect(cost).toHaveValue("-");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Must be a number" }).first()).toBeVisible();
  expect(sent).toEqual([]);
  expect((await api.get(`quotes/${quote.id}`)).estimated_work_items[0].parts[0].estimated_cost).toBe(50);

  await typeInto(cost, "24,500");
  await expect(cost).toHaveValue("24,500.00");
  await clearToasts(page);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  expect((await api.get(`quotes/${quote.id}`)).estimated_work_items[0].parts[0].estimated_cost).toBe(24500);
});

test("the card's textareas grow with their text in CSS, one row to six then scrolling; a picker's list is drawn only while open (issue 24 Speed)", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const job = await makeJob(api, await refsOf(api, "yk23 hva"), { job_description: "One line" });
  await page.goto(`/editjob/${job.id}`);
  const box = byLabel(page, "Job Description");
  await expect(box).toHaveValue("One line");
  // Sized by the browser (field-sizing: content), not measured by script (no autosize height set inline).
  expect(await box.evaluate((e) => [getComputedStyle(e).getPropertyValue("field-sizing"), (e as HTMLElement).style.height])).toEqual(["content", ""]);
  const height = () => box.evaluate((e) => e.getBoundingClientRect().height);
  const one = await height();
  await typeInto(box, "1\n2\n3");
  await expect.poll(height).toBeGreaterThan(one * 1.8);
  const three = await height();
  await typeInto(box, "1\n2\n3\n4\n5\n6\n7\n8\n9\n10");
  await expect.poll(height).toBeGreaterThan(three);
  const most = await height();
  // Six rows at most: the rest scrolls inside.
  expect(most).toBeLessThan(one * 6);
  expect(await box.evaluate((e) => e.scrollHeight > e.clientHeight)).toBe(true);
  // The pickers' lists: none in the page until one is opened.
  await expect(page.locator("[role=listbox]")).toHaveCount(0);
  await page.getByRole("textbox", { name: "Customer", exact: true }).click();
  await expect(page.getByRole("listbox", { name: "Customer results" })).toBeVisible();
  await expect(page.locator("[role=listbox]")).toHaveCount(1);
});
