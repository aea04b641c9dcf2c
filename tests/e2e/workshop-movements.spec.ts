import { expect, test, type Page, type Route } from "@playwright/test";
import { byLabel, confirmDialog, expectToast, signIn, typeInto, uniq } from "./helpers";
import { apiOf, makeJob, refsOf } from "./workshop-jobs-helpers";

/** The movements table, narrowed to this run's movements by the search box. */
async function openMovements(page: Page, tag: string, view?: "Normal" | "Quote" | "Completed") {
  await page.goto("/movements");
  await expect(page.getByRole("heading", { level: 1, name: "Movements" })).toBeVisible();
  if (view) await page.getByRole("radiogroup", { name: "Status view" }).getByText(view, { exact: true }).click();
  await typeInto(page.getByRole("searchbox", { name: "Search" }), tag);
  return page.getByRole("table", { name: "Movements" });
}

const todayUk = () => new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London" }).format(new Date());

test("create a movement with the defaults, edit it, complete it with a tracking option", async ({ page }) => {
  await signIn(page);
  const tag = `e2e mv ${uniq()}`;
  await page.goto("/movements");
  await expect(page.getByRole("radiogroup", { name: "Status view" }).getByRole("radio", { name: "Normal" })).toBeChecked();
  await expect(page.getByLabel("Movement totals")).toContainText("Workshop costs");

  await page.getByRole("button", { name: "Create Movement" }).click();
  const modal = page.getByRole("dialog", { name: "Create Movement" });
  // 002 §5 defaults: today, NORMAL, first rate and type, department 1, miles and cost 0.
  await expect(byLabel(modal, "Delivery date")).toHaveValue(todayUk());
  await expect(byLabel(modal, "Status")).toHaveValue("NORMAL");
  await expect(byLabel(modal, "Movement rate").locator("option:checked")).toHaveText("Standard delivery");
  await expect(byLabel(modal, "Movement type").locator("option:checked")).toHaveText("Delivery");
  await expect(byLabel(modal, "Department").locator("option:checked")).toHaveText("DIRECT VAN HIRE");
  await expect(byLabel(modal, "Miles")).toHaveValue("0");

  await modal.getByRole("textbox", { name: "Customer", exact: true }).pressSequentially("acme");
  await page.getByRole("option", { name: "Acme Builders Ltd" }).click();
  await byLabel(modal, "Driver").selectOption({ label: "Lee Walker" });
  await typeInto(byLabel(modal, "Vehicle"), tag);
  await typeInto(byLabel(modal, "Start address"), "Birmingham depot");
  await typeInto(byLabel(modal, "End address"), "Acme site, Coventry");
  await typeInto(byLabel(modal, "Miles"), "10");
  // An end before the start is refused on screen with the server's message.
  // Times typed as staff type them, with or without the colon (the browser's own time input took no typed keys: TimeField).
  await typeInto(byLabel(modal, "Start time"), "10:30");
  await typeInto(byLabel(modal, "End time"), "0900");
  await expect(byLabel(modal, "End time")).toHaveValue("09:00");
  await modal.getByRole("button", { name: "Create Movement" }).click();
  await expect(modal.getByText("The end time must not be before the start time")).toBeVisible();
  await typeInto(byLabel(modal, "Start time"), "9.00");
  await expect(byLabel(modal, "Start time")).toHaveValue("09:00");
  await typeInto(byLabel(modal, "End time"), "10:30");
  // Standard delivery: £25 vehicle + 10 x £1.20 + 1.5 h x £20 + £45 callout = £112.00.
  await expect(modal.getByTestId("movement-cost")).toContainText("£112.00");
  await modal.getByRole("button", { name: "Create Movement" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(modal).toBeHidden();

  let table = await openMovements(page, tag);
  const row = table.getByRole("row").filter({ hasText: tag });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Acme Builders Ltd");
  await expect(row).toContainText("£112.00");
  // Not from a job, not on/off hire: dark red (002 §4).
  await expect(row).toHaveAttribute("data-colour", "darkred");

  // Edit: 20 miles is £12.00 more.
  await row.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: /Edit Movement \d+/ });
  await typeInto(byLabel(edit, "Miles"), "20");
  await expect(edit.getByTestId("movement-cost")).toContainText("£124.00");
  await edit.getByRole("button", { name: "Save Movement" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(row).toContainText("£124.00");

  // Complete: a tracking option is required.
  await row.getByRole("button", { name: "Complete" }).click();
  const complete = page.getByRole("dialog", { name: /Complete Movement \d+/ });
  await byLabel(complete, "Tracking option").selectOption({ label: "(choose)" });
  await complete.getByRole("button", { name: "Complete Movement" }).click();
  await expect(complete.getByText("A tracking option is required to complete a movement")).toBeVisible();
  await byLabel(complete, "Tracking option").selectOption({ label: "Department: DIRECT VAN HIRE" });
  await complete.getByRole("button", { name: "Complete Movement" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(table.getByRole("row").filter({ hasText: tag })).toHaveCount(0);

  // Completed view: locked, no Edit or Delete.
  table = await openMovements(page, tag, "Completed");
  const done = table.getByRole("row").filter({ hasText: tag });
  await expect(done).toContainText("Completed");
  await expect(done.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(done.getByRole("button", { name: "Delete" })).toHaveCount(0);
});

test("convert a quote movement, then print the selected movements", async ({ page }) => {
  await signIn(page);
  const tag = `e2e q ${uniq()}`;
  await page.goto("/movements");
  for (const [suffix, status] of [["one", "QUOTE"], ["two", "NORMAL"]] as const) {
    await page.getByRole("button", { name: "Create Movement" }).click();
    const modal = page.getByRole("dialog", { name: "Create Movement" });
    await byLabel(modal, "Status").selectOption(status);
    await byLabel(modal, "Movement type").selectOption({ label: "Collection" });
    await typeInto(byLabel(modal, "Vehicle"), `${tag} ${suffix}`);
    await typeInto(byLabel(modal, "Miles"), "5");
    await modal.getByRole("button", { name: "Create Movement" }).click();
    await expectToast(page, "Success", "Data saved successfully.");
    await expect(modal).toBeHidden();
  }

  let table = await openMovements(page, tag, "Quote");
  const quote = table.getByRole("row").filter({ hasText: `${tag} one` });
  await expect(quote).toContainText("Quote");
  await quote.getByRole("button", { name: "Convert" }).click();
  await page.getByRole("dialog", { name: "Convert Quote Movement" }).getByRole("button", { name: "Convert" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(table.getByRole("row").filter({ hasText: tag })).toHaveCount(0);

  table = await openMovements(page, tag, "Normal");
  await expect(table.getByRole("row").filter({ hasText: tag })).toHaveCount(2);
  const print = page.getByRole("button", { name: /Print Selected/ });
  await expect(print).toBeDisabled();
  for (const suffix of ["one", "two"]) await table.getByRole("row").filter({ hasText: `${tag} ${suffix}` }).getByRole("checkbox").check();
  await expect(print).toHaveText("Print Selected (2)");
  await print.click();
  const doc = page.getByRole("article", { name: "Movements" });
  const printed = doc.getByRole("table", { name: "Selected movements" });
  await expect(printed.getByRole("row").filter({ hasText: tag })).toHaveCount(2);
  // Standard delivery at 5 miles, no times, no markup: £25 + £6 + £45 = £76 each.
  await expect(printed.getByRole("row").filter({ hasText: "Total" })).toContainText("£152.00");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Back to Movements" })).toBeHidden();
  const pdf = await page.pdf({ format: "A4", printBackground: true });
  expect((pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length).toBe(1);
  await page.emulateMedia({ media: "screen" });
  await page.getByRole("button", { name: "Back to Movements" }).click();
  await expect(page.getByRole("table", { name: "Movements" })).toBeVisible();
});

test("a job's movement shows neutral and Open Source opens its job card", async ({ page, request }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { Authorization: `Token ${token}` };
  const get = async (path: string) => (await (await request.get(`/api/${path}`, { headers })).json()).results;
  const [van] = await get("vehiclesearch?search=yk23");
  const [acme] = await get("customersearch?search=acme");
  const [garage] = await get("suppliersearch?search=midland");
  const [dept] = await get("departments?page_size=1000");
  const [workType] = await get("worktype?page_size=1000");
  const job = await request.post("/api/createjob", {
    headers,
    data: { vehicle: van.id, customer: acme.id, workshop: garage.id, department: dept.id, book_in_date: "2031-01-10", workshop_date: "2031-01-11", job_description: "Recovered to the workshop", work_items: [] },
  });
  expect(job.status()).toBe(201);
  const jobId = (await job.json()).id;
  const tag = `e2e job mv ${uniq()}`;
  const made = await request.post("/api/movement", { headers, data: { job: jobId, work_type: workType.id, vehicle: tag, miles: 12 } });
  expect(made.status()).toBe(201);

  const table = await openMovements(page, tag);
  const row = table.getByRole("row").filter({ hasText: tag });
  await expect(row).toHaveAttribute("data-colour", "neutral");
  await row.getByRole("link", { name: "Open Source" }).click();
  await expect(page).toHaveURL(new RegExp(`/editjob/${jobId}$`));
});

test("a create, save or delete the server fails shows the 002 §8 movement messages and changes nothing", async ({ page, request }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { Authorization: `Token ${token}` };
  const [acme] = (await (await request.get("/api/customersearch?search=acme", { headers })).json()).results;
  const tag = `e2e mv fail ${uniq()}`;
  const made = await request.post("/api/movement", { headers, data: { customer: acme.id, vehicle: tag, miles: 5 } });
  expect(made.status(), await made.text()).toBe(201);
  const m = await made.json();

  // The server fails without a message of its own (not a 400 or 409): each call's own message.
  const fail = (route: Route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" });
  const collection = (url: URL) => url.pathname === "/api/movement";
  const one = (url: URL) => url.pathname === `/api/movement/${m.id}`;
  await page.route(collection, (route) => (route.request().method() === "POST" ? fail(route) : route.continue()));
  await page.route(one, (route) => (["PUT", "DELETE"].includes(route.request().method()) ? fail(route) : route.continue()));

  const table = await openMovements(page, tag);
  const row = table.getByRole("row").filter({ hasText: tag });
  await expect(row).toHaveCount(1);

  await page.getByRole("button", { name: "Create Movement" }).click();
  const create = page.getByRole("dialog", { name: "Create Movement" });
  await typeInto(byLabel(create, "Vehicle"), `${tag} new`);
  await create.getByRole("button", { name: "Create Movement" }).click();
  await expectToast(page, "Error", "There was an error creating the movement");
  await page.keyboard.press("Escape");
  await expect(create).toBeHidden();

  await row.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: /Edit Movement \d+/ });
  await typeInto(byLabel(edit, "Miles"), "50");
  await edit.getByRole("button", { name: "Save Movement" }).click();
  await expectToast(page, "Error", "There was an error saving the movement");
  await page.keyboard.press("Escape");
  await expect(edit).toBeHidden();

  await row.getByRole("button", { name: "Delete" }).click();
  await confirmDialog(page, "Delete");
  await expectToast(page, "Error", "There was an error deleting that movement");
  await page.unroute(collection);
  await page.unroute(one);

  // Nothing changed: the movement as it was, the new one never made.
  const stored = await (await request.get(`/api/movement/${m.id}`, { headers })).json();
  expect(stored).toMatchObject({ miles: 5, last_saved: m.last_saved });
  expect((await (await request.get(`/api/movement?search=${encodeURIComponent(tag)}`, { headers })).json()).count).toBe(1);
});

test("the job card's Create Movement: the job's movement needs a charge type, then is listed in the card's movements table", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "yk23 hva");
  const job = await makeJob(api, refs, { job_description: "Recovery to the workshop" });
  const tag = `e2e card mv ${uniq()}`;
  await page.goto(`/editjob/${job.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Job - YK23 HVA" })).toBeVisible();
  const region = page.getByRole("region", { name: "Movements" });
  const table = region.getByRole("table", { name: "Job movements" });
  await expect(table.getByRole("row").filter({ hasText: tag })).toHaveCount(0);

  await region.getByRole("button", { name: "Create Movement" }).click();
  const modal = page.getByRole("dialog", { name: "Create Movement" });
  await typeInto(byLabel(modal, "Vehicle"), tag);
  await typeInto(byLabel(modal, "Miles"), "10");
  // A job's movement owns a work item, so its charge type is required (002 §5), refused before sending.
  await modal.getByRole("button", { name: "Create Movement" }).click();
  await expect(modal.getByText("Workshop Expense Charge Type is required for work items created from a job").first()).toBeVisible();
  await byLabel(modal, "Workshop expense charge type").selectOption({ label: refs.workType.name });
  await modal.getByRole("button", { name: "Create Movement" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(modal).toBeHidden();

  const row = table.getByRole("row").filter({ hasText: tag });
  await expect(row).toHaveCount(1);
  await expect(region).toContainText("1 movement for this job.");
  // The server has it on this job, with its work item on the card.
  const listed = (await api.get(`movement?job=${job.id}`)).results as Array<{ id: number; vehicle: string; cost: number }>;
  expect(listed.map((m) => m.vehicle)).toEqual([tag]);
  await expect(row).toContainText(`£${listed[0].cost.toFixed(2)}`);
  const card = await api.get(`jobs/${job.id}`);
  expect((card.work_items as Array<{ movement?: number | null }>).filter((w) => w.movement === listed[0].id)).toHaveLength(1);
});
