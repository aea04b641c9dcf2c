import { expect as baseExpect, test } from "@playwright/test";
import { signIn, uniq, typeAndLeave } from "./helpers";
import { apiOf, makeJob, refsOf } from "./workshop-jobs-helpers";

// Each test makes its jobs through the API and opens several screens: on a busy machine they take minutes, and a job card can take seconds to load.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 25_000 });

test("jobs list: views with their counts, workshop tabs, search, 25 a page, COLLECTED, rows open the job", async ({ page }) => {
  // 27 jobs are made through the API first (each a job with its lines).
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "bv21");
  // A customer of its own, so the search finds exactly these jobs: 26 of them, 25 a page.
  const tag = `Jl${uniq()}`;
  const customer = await api.post("contacts", { display_name: `${tag} Haulage`, company_name: `${tag} Haulage`, company_phone: "0117 496 0000", company_email: `${tag.toLowerCase()}@example.co.uk`, hire_account_code: "01" }, 201);
  const jobs = [];
  for (let i = 0; i < 26; i++) jobs.push(await makeJob(api, { ...refs, customer }, { workshop_date: "2020-06-01", job_description: `List job ${i + 1}` }));
  const ready = await makeJob(api, refs, { job_description: "Ready to go" });
  for (const status of ["RETURNED_FROM_WORKSHOP", "READY_FOR_COLLECTION"]) {
    const current = await api.get(`jobs/${ready.id}`);
    await api.put(`jobs/returned/${ready.id}`, { status, last_saved: current.last_saved });
  }

  await page.goto("/jobs");
  await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  const views = page.getByRole("tablist", { name: "Job views" });
  // Started is the default view; each toggle carries its count.
  await expect(views.getByRole("tab", { name: /^Started \(\d+\)$/ })).toHaveAttribute("aria-selected", "true");
  const readyTab = views.getByRole("tab", { name: /^Ready For Collection \(\d+\)$/ });
  await expect(readyTab).toBeVisible();
  const readyBefore = Number(/\((\d+)\)/.exec((await readyTab.textContent()) ?? "")?.[1]);
  expect(readyBefore).toBeGreaterThanOrEqual(1);
  for (const name of ["Part Enquiries", "My Defects", "Defects", "Yesterday", "Today", "Upcoming", "Upcoming Not Booked", "Returned From Workshop", "Wash Needed", "Approved", "All"])
    await expect(views.getByRole("tab", { name: new RegExp(`^${name}( \\(\\d+\\))?$`) })).toBeVisible();
  const tabs = page.getByRole("tablist", { name: "Workshop tabs" });
  for (const name of ["ALL", "QUOTE JOBS", "EXTERNAL"]) await expect(tabs.getByRole("tab", { name, exact: true })).toBeVisible();

  // Search: the customer's 26 started jobs, 25 on the first page.
  await page.getByRole("searchbox", { name: "Search" }).pressSequentially(tag);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  const table = page.getByRole("table", { name: "Jobs", exact: true });
  await expect(page.getByText("26 jobs")).toBeVisible();
  await expect(table.locator("tbody tr")).toHaveCount(25);
  await page.getByRole("button", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(table.locator("tbody tr")).toHaveCount(1);
  // Columns of the row: job no., registration, customer, status by workshop date.
  await expect(table.locator("tbody tr").first()).toContainText("BV21 KLM");
  await expect(table.locator("tbody tr").first()).toContainText(`${tag} Haulage`);
  await expect(table.locator("tbody tr").first()).toContainText("In Progress");
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/jobs-list.png`, fullPage: true });

  // EXTERNAL tab: Midland is not a job-tab workshop, so its jobs are external.
  await tabs.getByRole("tab", { name: "EXTERNAL", exact: true }).click();
  await expect(page).toHaveURL(/ws=external/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByText("26 jobs")).toBeVisible();
  await tabs.getByRole("tab", { name: "QUOTE JOBS", exact: true }).click();
  await expect(page.getByText("0 jobs")).toBeVisible();
  await tabs.getByRole("tab", { name: "ALL", exact: true }).click();

  // Ready For Collection: the COLLECTED button moves the job on.
  await page.getByRole("searchbox", { name: "Search" }).fill("");
  await views.getByRole("tab", { name: /^Ready For Collection/ }).click();
  await expect(page).toHaveURL(/view=ready/);
  const row = table.locator(`tr[data-job="${ready.id}"]`);
  await expect(row).toContainText("READY FOR COLLECTION");
  await row.getByRole("button", { name: `COLLECTED ${ready.id}` }).click();
  await expect(row).toHaveCount(0);
  await expect(views.getByRole("tab", { name: `Ready For Collection (${readyBefore - 1})` })).toBeVisible();

  // All view: the Approver column; a row opens its job card.
  await views.getByRole("tab", { name: /^All/ }).click();
  await expect(table.getByRole("columnheader", { name: "Approver" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search" }).pressSequentially(String(jobs[0].id));
  await table.locator(`tr[data-job="${jobs[0].id}"]`).getByText("List job 1").click();
  await expect(page).toHaveURL(new RegExp(`/editjob/${jobs[0].id}$`));
});

test("wash needed view: the wash list date, Wash Completed column and the printed wash list padded to 15 rows", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "yk23 hvc");
  const job = await makeJob(api, refs, { wash_needed: true, workshop_date: "2031-04-07" });
  await page.goto("/jobs?view=wash");
  await expect(page.getByRole("table", { name: "Jobs", exact: true }).getByRole("columnheader", { name: "Wash Completed" })).toBeVisible();
  await typeAndLeave(page, page.getByLabel("Wash list date"), "07/04/2031");
  await expect(page.getByLabel("Wash list date")).toHaveValue("07/04/2031");
  await expect(page).toHaveURL(/date=2031-04-07/);
  await expect(page.getByRole("table", { name: "Jobs", exact: true }).locator(`tr[data-job="${job.id}"]`)).toBeVisible();
  await page.getByRole("link", { name: "Print Wash List" }).click();
  const list = page.getByRole("table", { name: "Wash list" });
  await expect(list.locator("tbody tr")).toHaveCount(15);
  await expect(list.locator("tbody tr").first()).toContainText("YK23 HVC");
});
