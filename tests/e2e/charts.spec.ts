import { expect as baseExpect, test, type Locator, type Page } from "@playwright/test";
import { companyContact, signIn, uniq } from "./helpers";
import { apiOf, type JobsApi } from "./workshop-jobs-helpers";

/**
 * Issue 27 charts (docs/charts.md): each chart is drawn, and the figures
 * table beside it holds the numbers of the report that carries the same
 * figures (read through the API here), week by week.
 */
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** A figure as a number: "£1,280.00", "57.1%", "4" -> 1280, 57.1, 4; a blank cell -> null. */
const num = (s: string) => (s.trim() === "" ? null : Number(s.replace(/[£,%\s]/g, "")));

/** The CSV of a report through the API, as rows by header. */
async function report(page: Page, api: JobsApi, name: string, query: string) {
  const res = await page.request.get(`/api/report/${name}?${query}`, { headers: api.headers });
  expect(res.ok(), await res.text()).toBeTruthy();
  const [header, ...rows] = (await res.text()).replace(/^\uFEFF/, "").trim().split(/\r?\n/).map((l) => l.split(","));
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

/** The figures table of a chart: one array of cells a week. */
async function figuresOf(chart: Locator) {
  const table = chart.getByRole("table", { includeHidden: true });
  await expect(table.locator("tbody tr").first()).toBeAttached();
  return table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll("td")).map((td) => td.textContent ?? "")));
}

/** DD/MM/YYYY of an ISO date. */
const uk = (iso: string) => iso.split("-").reverse().join("/");

async function expectDrawn(chart: Locator) {
  await expect(chart.locator(".recharts-surface").first()).toBeVisible();
  // The drawing leaves no skeleton behind, and the figures are there for a screen reader.
  await expect(chart.locator(".mantine-Skeleton-root")).toHaveCount(0);
}

test("the dashboard's income and utilisation charts and the workshop board's jobs chart draw their reports' numbers", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page);
  const api = await apiOf(page);
  const dept = await api.post("createdepartment", { name: `CHARTS ${uniq()}` });
  // A customer of its own: rentals of the shared demo customer would crowd its rental record (rentals.spec).
  const customer = await api.post("contacts", companyContact(`Charts Hirer ${uniq()}`));
  const workshop = (await api.get("suppliersearch?search=midland")).results[0];
  const n = uniq().toUpperCase().replace(/[^A-Z0-9]/g, "").slice(-4).padStart(4, "0");
  const vanBody = (i: number, extra: Record<string, unknown>) => ({
    registration: `CH${i}${n.slice(0, 1)} ${String.fromCharCode(65 + i)}${n.slice(1, 3).replace(/\d/g, "Q")}`,
    variant: "2.0 EcoBlue 130ps Trend",
    vin_number: `WF0CHART${n}${i}`,
    location: "Birmingham depot",
    fleet_number: `C${n}${i}`,
    vehicle_status: "ACTIVE",
    department: dept.id,
    ...extra,
  });
  const a = await api.post("createvehicle", vanBody(1, { purchase_date: "2034-01-10" }));
  const b = await api.post("createvehicle", vanBody(2, { purchase_date: "2034-03-22" }));
  const rental = (vehicle: number, start: string, finish: string) => ({
    status: "CONFIRMED", rental_type: "ST", start_date: start, finish_date: finish, vehicle, customer: customer.id, department: dept.id,
    first_day: 70, two_five_days: 70, six_twenty_seven_days: 70, twenty_eight_plus: 70, start_mileage: 1000, deposit: 0, deposit_paid_date: start, initial_payment: 0, initial_payment_date: start,
  });
  await api.post("rentals", rental(a.id, "2034-03-16", "2034-03-21"));
  await api.post("rentals", rental(b.id, "2034-03-24", "2034-03-27"));
  await api.post("targetlatest", { weekly_target: 1200, active_from: "2034-02-01", active_to: "2034-12-31" });

  // ---- the dashboard: the 12 weeks up to the week of 29/03/2034, the department's
  await page.goto(`/?date=2034-03-29&department=${dept.id}`);
  const income = page.getByRole("region", { name: "Rental income against target chart" });
  const utilisation = page.getByRole("region", { name: "Fleet utilisation by week chart" });
  await expectDrawn(income);
  await expectDrawn(utilisation);
  const hire = await report(page, api, "weeklyhirereport", `start=2034-01-09&end=2034-04-02&department=${dept.id}`);
  expect(hire).toHaveLength(12);
  const incomeRows = await figuresOf(income);
  expect(incomeRows.map((r) => [r[0], num(r[1]), num(r[2])])).toEqual(hire.map((w) => [w["Week Commencing"], num(w["Rental Income"]), num(w["Weekly Target"])]));
  const utilRows = await figuresOf(utilisation);
  expect(utilRows.map((r) => [r[0], num(r[1])])).toEqual(hire.map((w) => [w["Week Commencing"], num(w["Utilisation (%)"])]));
  // Not an empty chart: the weeks of the rentals carry their income (280, 350, 70) and utilisation.
  expect(incomeRows.slice(-3).map((r) => num(r[1]))).toEqual([280, 350, 70]);
  expect(utilRows.slice(-3).map((r) => num(r[1]))).toEqual([57.1, 41.7, 7.1]); // van B is not sold here: 14 vehicle-days in the last week
  // At 1366x768 the dashboard's first panels stay where they were: the charts come after them.
  await expect(page.getByRole("region", { name: "Rentals panel" })).toBeInViewport();
  // "Show figures" puts the table on screen for checking.
  await income.getByRole("button", { name: "Show figures" }).click();
  await expect(income.getByRole("table", { name: "Rental income against target figures" })).toBeVisible();

  // ---- the workshop board: the 12 weeks up to this one
  const flow = await api.get(`work/flow?department=${dept.id}`);
  const weeks: Array<{ start: string; end: string }> = flow.weeks;
  const thisWeek = weeks[11].start;
  const lastWeek = weeks[10].start;
  const vehicle = a.id;
  const job = (book: string, extra: Record<string, unknown> = {}) =>
    api.post("createjob", { vehicle, customer: customer.id, workshop: workshop.id, department: dept.id, book_in_date: book, workshop_date: book, job_description: "Service", ...extra });
  await job(lastWeek);
  await job(thisWeek);
  let done = await job(lastWeek, { finish_date: thisWeek });
  for (const status of ["RETURNED_FROM_WORKSHOP", "READY_FOR_COLLECTION", "COLLECTED"]) done = await api.put(`jobs/returned/${done.id}`, { status, last_saved: done.last_saved });
  await page.goto(`/jobs?view=all&department=${dept.id}`);
  await expect(page.getByRole("table", { name: "Jobs", exact: true }).locator("tbody tr").first()).toBeVisible();
  const jobs = page.getByRole("region", { name: "Jobs in and out by week chart" });
  await expectDrawn(jobs);
  const flowReport = await report(page, api, "jobflowreport", `start=${weeks[0].start}&end=${weeks[11].end}&department=${dept.id}`);
  const jobRows = await figuresOf(jobs);
  expect(jobRows.map((r) => [r[0], num(r[1]), num(r[2])])).toEqual(flowReport.map((w) => [w["Week Commencing"], num(w["Jobs In"]), num(w["Jobs Out"])]));
  expect(jobRows.map((r) => r[0])).toEqual(weeks.map((w) => uk(w.start)));
  expect(jobRows.slice(-2).map((r) => [num(r[1]), num(r[2])])).toEqual([[2, 0], [1, 1]]);
  // The list's first rows stay in view at 1366x768: the chart is below the pager.
  await expect(page.getByRole("table", { name: "Jobs", exact: true }).locator("tbody tr").first()).toBeInViewport();
});
