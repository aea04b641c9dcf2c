import { expect as baseExpect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { signIn, uniq } from "./helpers";
import { apiOf, makeJob, refsOf } from "./workshop-jobs-helpers";

/**
 * Issue 24 items 7 and 8 (docs/layout.md): at 1366x768 no table or toolbar of
 * any routed screen or print is wider than the window (a table may scroll
 * inside its own box when its key columns are pinned), no two cells run
 * together, and the prints the spec shows as one page print on one A4 page.
 */
test.describe.configure({ timeout: 420_000 });
const expect = baseExpect.configure({ timeout: 25_000 });
const VIEWPORT = { width: 1366, height: 768 };

type Fault = string;

/** Everything on the screen that is wider than the window, in words (empty when it all fits). */
async function widthFaults(page: Page): Promise<Fault[]> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const faults: string[] = [];
    const name = (el: Element) => el.getAttribute("aria-label") ?? el.closest("[aria-label]")?.getAttribute("aria-label") ?? el.tagName.toLowerCase();
    if (document.documentElement.scrollWidth > vw + 1) faults.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
    // #root is the page's scroller (the notice bar keeps the foot of the window): it must not scroll sideways either.
    const root = document.getElementById("root");
    if (root && root.scrollWidth > root.clientWidth + 1) faults.push(`the page scrolls sideways in #root (${root.scrollWidth} px)`);
    /** The nearest ancestor that scrolls sideways (a table's own box). */
    const scrollBox = (el: Element): Element | null => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === "auto" || o === "scroll") return p;
      }
      return null;
    };
    for (const table of Array.from(document.querySelectorAll("table"))) {
      const r = table.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const box = scrollBox(table);
      const boxRight = box ? box.getBoundingClientRect().right : vw;
      if (box && boxRight > vw + 1) faults.push(`table "${name(table)}" scrolls in a box wider than the window (${Math.round(boxRight)} px)`);
      if (r.right <= Math.min(vw, boxRight) + 1) continue;
      // Wider than what shows it: allowed only inside its own scrolling box with its key columns pinned.
      const pinned = Array.from(table.querySelectorAll("th, td")).some((c) => getComputedStyle(c).position === "sticky");
      if (!box) faults.push(`table "${name(table)}" is ${Math.round(r.width)} px wide, past the window`);
      else if (!pinned) faults.push(`table "${name(table)}" is ${Math.round(r.width)} px wide in its box, with no column pinned`);
    }
    // Neighbouring cells must not run together ("£100.00£100.00"): every cell keeps room on both sides.
    for (const table of Array.from(document.querySelectorAll("table"))) {
      const cells = Array.from(table.querySelectorAll("tbody td")).filter((c) => (c.textContent ?? "").trim() !== "");
      const tight = cells.find((c) => {
        const s = getComputedStyle(c);
        return parseFloat(s.paddingLeft) + parseFloat(s.paddingRight) < 4;
      });
      if (tight) faults.push(`table "${name(table)}": cells without padding run together ("${(tight.textContent ?? "").trim().slice(0, 20)}")`);
    }
    for (const bar of Array.from(document.querySelectorAll("[data-list-toolbar], [data-page-heading]"))) {
      const r = bar.getBoundingClientRect();
      if (r.width > 0 && r.right > vw + 1) faults.push(`toolbar "${name(bar)}" reaches ${Math.round(r.right)} px`);
      for (const child of Array.from(bar.querySelectorAll("button, a, input"))) {
        const c = child.getBoundingClientRect();
        if (c.width > 0 && c.right > vw + 1) {
          faults.push(`toolbar control "${child.textContent?.trim() || child.getAttribute("aria-label") || child.tagName}" off screen at ${Math.round(c.right)} px`);
          break;
        }
      }
    }
    return faults;
  });
}

/** Pages of a PDF (its /Type /Page objects). */
function pageCount(pdf: Buffer): number {
  return [...pdf.toString("latin1").matchAll(/\/Type\s*\/Page[^s]/g)].length;
}

/** Every path of web/src/routes.tsx, so a new screen cannot be left out of the check. */
function routedPaths(): string[] {
  const src = readFileSync("web/src/routes.tsx", "utf8");
  return [...src.matchAll(/path: "([^"]+)"/g)].map((m) => m[1]).filter((p) => p !== "*" && p !== "/login");
}

async function settle(page: Page) {
  await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toHaveCount(0);
  await page.waitForLoadState("networkidle");
}

test("every routed screen and print fits 1366 px: no table or toolbar past the window, no cells running together", async ({ page }) => {
  await page.setViewportSize(VIEWPORT);
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "yk23 hvb");
  const long = "Replace front brake pads, discs and sensors; check the calipers and the handbrake cable";
  const job = await makeJob(api, refs, { job_description: long });
  const tracking = refs.tracking;
  const order = await api.post("createpartorder", {
    customer: refs.customer.id,
    customer_vehicle: "YK23 HVB",
    order_number: `W-${uniq()}`,
    description: long,
    parts: [{ name: "Brake pads front axle set", part_number: "BP-1234567", supplier: refs.workshop.id, cost: 100, customer_charge: 100, supplier_tracking_option: tracking, customer_tracking_option: tracking }],
  });
  const quote = await api.post("createquote", { vehicle: refs.vehicle.id, customer: refs.customer.id, department: refs.department.id, description: long, provisional_start_date: "2031-07-01" });
  const contact = refs.customer.id;
  const vehicle = refs.vehicle.id;
  const workLookup = (await api.get("worklookup?page_size=1").catch(() => ({ results: [] }))).results?.[0]?.id ?? "";

  const fill: Record<string, string> = {
    "/editcontact/:contact?": `/editcontact/${contact}`,
    "/editvehicle/:vehicle?": `/editvehicle/${vehicle}`,
    "/vehicleupload/:vehicle": `/vehicleupload/${vehicle}`,
    "/editrental/:rental?": "/editrental",
    "/printrental/:rental": "",
    "/printsale/:vehicle": `/printsale/${vehicle}`,
    "/editquote/:quote?": `/editquote/${quote.id}`,
    "/printquote/:quote": `/printquote/${quote.id}`,
    "/printpicklist/:quote": `/printpicklist/${quote.id}`,
    "/editpartorder/:partorder?": `/editpartorder/${order.id}`,
    "/printpartorder/:partorder": `/printpartorder/${order.id}`,
    "/detailWorkLookup/:workLookup?": `/detailWorkLookup/${workLookup}`,
    "/editjob/:job?": `/editjob/${job.id}`,
    "/fitter/jobs/:job": `/fitter/jobs/${job.id}`,
    "/defect/:job?": "/defect",
    "/printjob/:job": `/printjob/${job.id}`,
    "/jobs": "/jobs?view=all",
  };
  const visits = routedPaths().map((p) => (p in fill ? fill[p] : p)).filter((p) => p !== "");
  visits.push(`/printjob/${job.id}?sheet=checkin`);

  const faults: string[] = [];
  for (const path of visits) {
    await page.goto(path);
    await settle(page);
    for (const f of await widthFaults(page)) faults.push(`${path}: ${f}`);
  }
  expect(faults, faults.join("\n")).toEqual([]);
});

test("the job sheet, the check-in sheet and the part order print on one A4 page", async ({ page }) => {
  await page.setViewportSize(VIEWPORT);
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "yk23 hvb");
  const job = await makeJob(api, refs, { job_description: "Front brakes and service, check the handbrake cable and the rear discs" });
  const order = await api.post("createpartorder", {
    customer: refs.customer.id,
    customer_vehicle: "YK23 HVB",
    description: "Filters",
    parts: [{ name: "Oil filter", supplier: refs.workshop.id, cost: 10, customer_charge: 12, supplier_tracking_option: refs.tracking, customer_tracking_option: refs.tracking }],
  });
  const counts: Record<string, number> = {};
  for (const [label, path, article] of [
    ["job sheet", `/printjob/${job.id}`, "Workshop Job Sheet"],
    ["check-in sheet", `/printjob/${job.id}?sheet=checkin`, "Vehicle Check-In Sheet"],
    ["part order", `/printpartorder/${order.id}`, null],
  ] as const) {
    await page.emulateMedia({ media: "screen" });
    await page.goto(path);
    if (article) await expect(page.getByRole("article", { name: article })).toBeVisible();
    await settle(page);
    await page.emulateMedia({ media: "print" });
    counts[label] = pageCount(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  }
  expect(counts).toEqual({ "job sheet": 1, "check-in sheet": 1, "part order": 1 });
});
