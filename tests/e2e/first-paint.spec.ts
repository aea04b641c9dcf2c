import { expect as baseExpect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers";
import { apiOf, makeJob, refsOf } from "./workshop-jobs-helpers";

/**
 * Issue 24 Speed (docs/performance.md "First paint"): a screen's first paint
 * takes one wave of API calls. Every call the screen made before its first
 * row / field showed started before any call had answered: the route starts
 * the screen's calls with the identity check (/api/me), not after it. Not a
 * timed test: it reads the order of the calls (the browser's resource
 * timings), not how long they took; bench/first-paint.ts measures the time.
 */
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** How long the calls of one loop (the route's, up to 20) may take to start, on a busy machine. */
const SAME_LOOP_MS = 25;

/** The API calls the page made before `shownAt` (ms on the page's clock): when each started and when its answer ended. */
async function callsBefore(page: Page, shownAt: number) {
  return page.evaluate((until) => {
    return (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((e) => e.name.includes("/api/") && e.startTime <= until)
      .map((e) => ({ path: e.name.replace(/^.*\/api\//, ""), start: Math.round(e.startTime), end: Math.round(e.responseEnd) }));
  }, shownAt);
}

/** Open a screen afresh (a full load, as a bookmark or a new tab) and wait for its first row or field. */
async function openAndTime(page: Page, path: string, shown: { rowsOf: string } | { value: string }) {
  await page.goto(path);
  const handle = await page.waitForFunction(
    (m) => {
      const found =
        "rowsOf" in m
          ? document.querySelector(`table[aria-label='${m.rowsOf}'] tbody tr:not(:has(td[colspan]))`) !== null
          : Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")).some((e) => e.value === m.value);
      return found ? performance.now() : false;
    },
    shown,
    { timeout: 60_000 },
  );
  return Number(await handle.jsonValue());
}

test("the jobs list, a job card, a quote, the invoices list and the dashboard ask for their first paint in one wave of calls", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "yk23 hvb");
  const job = await makeJob(api, refs);
  const quote = await api.post("createquote", { vehicle: refs.vehicle.id, customer: refs.customer.id, department: refs.department.id, description: "Valet before sale", provisional_start_date: "2031-07-01" });

  // No exception: the quote's answer carries its customers' markups, so the quote asks for no contact after it.
  const screens: Array<[string, { rowsOf: string } | { value: string }]> = [
    ["/jobs?view=all", { rowsOf: "Jobs" }],
    [`/editjob/${job.id}`, { value: "Front brakes and service" }],
    [`/editquote/${quote.id}`, { value: "Valet before sale" }],
    ["/invoices", { rowsOf: "Invoices" }],
    ["/", { rowsOf: "Weekly rentals calendar" }],
  ];
  const late: string[] = [];
  for (const [path, shown] of screens) {
    await openAndTime(page, path, shown);
    // Every call the screen makes as it opens, not only those before its first field: a call that
    // waited for an answer (the quote's customers, before issue 24's fix) can start just after the field shows.
    await page.waitForLoadState("networkidle");
    const calls = await callsBefore(page, Number.MAX_SAFE_INTEGER);
    expect(calls.map((c) => c.path), `${path}: the identity check is among its first calls`).toContain("me");
    const firstAnswer = Math.min(...calls.map((c) => c.end));
    // The routes' loaders mark when their loop had sent every call (platform/prefetch.ts): a call started
    // before that is one of the loop's, however long a busy machine took to send it.
    const loopsSent = await page.evaluate(() => Math.max(0, ...performance.getEntriesByName("screen-calls-sent").map((m) => m.startTime)));
    const waveEnds = Math.max(firstAnswer, loopsSent);
    // A call that needs an answer starts after the page has read it (a task later, then a render): the
    // screen's first calls, sent in one loop, can still be starting as the fastest answer arrives.
    for (const c of calls) if (c.start >= waveEnds + SAME_LOOP_MS) late.push(`${path}: ${c.path} started at ${c.start} ms, after the first answer at ${firstAnswer} ms`);
  }
  expect(late, late.join("\n")).toEqual([]);
});
