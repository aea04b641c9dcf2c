import { expect as baseExpect, test, type Page } from "@playwright/test";
import { expectToast, signIn, typeInto, uniq } from "./helpers";
import { apiOf, makeJob, refsOf } from "./workshop-jobs-helpers";

/**
 * The fitter's phone (issue 26 Done-when, docs/fitter-phone.md) at 390x844:
 * a fitter picks who they are, opens today's job, ticks work done, adds a
 * note (kept through a save elsewhere's 409) and takes a photo whose first
 * upload drops after S3 took it (retried: one image); the status button;
 * then the office job card shows the tick, the note and the photo. Also:
 * another fitter's job is not listed, the note is shown as text (no stored
 * XSS), nothing breaks the CSP, one column with tap targets of 44 px.
 */
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 25_000 });

const EDITED = "It looks like the data has been edited elsewhere - fetching the latest update!";
const todayInLondon = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());

/** A real 3000x2000 JPEG drawn by the browser (the phone scales it to 2000 px on its long side). */
async function bigPhoto(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement("canvas");
    c.width = 3000;
    c.height = 2000;
    const ctx = c.getContext("2d")!;
    ctx.fillStyle = "#3a6";
    ctx.fillRect(0, 0, 3000, 2000);
    ctx.fillStyle = "#fff";
    ctx.fillRect(500, 500, 1000, 600);
    return c.toDataURL("image/jpeg", 0.95).split(",")[1];
  });
  return Buffer.from(b64, "base64");
}

test("a fitter works today's job from the phone; the office job card shows the tick, the note and the photo", async ({ page }) => {
  const cspViolations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) cspViolations.push(m.text());
  });
  await signIn(page);
  const api = await apiOf(page);
  const refs = await refsOf(api, "ld19 pxr");
  const today = todayInLondon();
  const me = await api.post("createfitter", { name: `Phone Fitter ${uniq()}` });
  const other = await api.post("createfitter", { name: `Other Fitter ${uniq()}` });
  const job = await makeJob(api, refs, { fitter: me.id, workshop_date: today });
  const othersJob = await makeJob(api, refs, { fitter: other.id, workshop_date: today, job_description: "Someone else's job" });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/fitter");
  // Picked once; the phone remembers it.
  await page.getByRole("button", { name: me.name }).click();
  const list = page.getByLabel("Today's jobs", { exact: true });
  await expect(list.getByRole("link", { name: new RegExp(`Job ${job.id} `) })).toBeVisible();
  await expect(list.getByRole("link", { name: new RegExp(`Job ${othersJob.id} `) })).toHaveCount(0);
  await page.reload();
  await expect(list.getByRole("link", { name: new RegExp(`Job ${job.id} `) })).toBeVisible();

  // Keyboard only: the job opens from the list with Enter.
  await list.getByRole("link", { name: new RegExp(`Job ${job.id} `) }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/fitter/jobs/${job.id}$`));
  await expect(page.getByLabel("Job description")).toHaveText("Front brakes and service");
  const item = page.getByLabel("Work item Replace front pads");
  await expect(item.getByText("Brake pads (BP-1)")).toBeVisible();

  // One column at 390 px: nothing wider than the screen; the buttons are at least 44 px tall.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const b of [item.getByRole("button", { name: "Done", exact: true }), page.getByRole("button", { name: "Take photo" }), page.getByRole("button", { name: "Returned From Workshop" })]) {
    const box = (await b.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  // The status button is at the foot of the screen, within the thumb's reach.
  expect((await page.getByRole("button", { name: "Returned From Workshop" }).boundingBox())!.y).toBeGreaterThan(844 - 120);

  // Done: one of the job card's saves (PUT jobs/{id}).
  const saved = page.waitForResponse((r) => r.request().method() === "PUT" && new URL(r.url()).pathname === `/api/jobs/${job.id}`);
  await item.getByRole("button", { name: "Done", exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(item.getByRole("button", { name: "Done", exact: true })).toHaveAttribute("aria-pressed", "true");

  // A save elsewhere meanwhile: the note is refused with the spec's message, the job reloads, the note stays typed.
  const note = `Pads fitted <img src=x onerror="window.__xss=1"> ${uniq()}`;
  await typeInto(page.getByLabel("New note"), note);
  await new Promise((r) => setTimeout(r, 1100));
  const current = await api.get(`jobs/${job.id}`);
  await api.put(`jobs/${job.id}`, { mileage: 12001, last_saved: current.last_saved });
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText(EDITED).first()).toBeVisible();
  await expect(page.getByLabel("New note")).toHaveValue(note);
  await page.getByRole("button", { name: "Add note" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(page.getByLabel("New note")).toHaveValue("");
  const notes = page.getByLabel("Notes", { exact: true });
  await expect(notes.getByText(note)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  // The photo: the first upload reaches S3 but its answer is lost; the phone sends it again under the same key.
  const posts: string[] = [];
  let dropped = false;
  await page.route(
    (url) => url.pathname.startsWith("/uploads"),
    async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      posts.push(new URL(route.request().url()).pathname);
      if (!dropped) {
        dropped = true;
        await route.fetch();
        return route.abort("connectionreset");
      }
      return route.continue();
    },
  );
  const photo = await bigPhoto(page);
  await page.getByLabel("Photo", { exact: true }).setInputFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: photo });
  await expectToast(page, "Success", "Image uploaded successfully");
  await expect(page.getByTestId("fitter-photo")).toHaveCount(1);
  expect(posts).toHaveLength(2);
  const images = await api.get(`images?job=${job.id}`);
  expect(images.count).toBe(1);
  // Scaled on the phone: 2000 px on the long side, JPEG, smaller than taken.
  expect(images.results[0].content_type).toBe("image/jpeg");
  expect(images.results[0].size).toBeLessThan(photo.length);
  const natural = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, images.results[0].url as string);
  expect(natural).toEqual([2000, 1333]);

  // Status: the job card's call and rules.
  await page.getByRole("button", { name: "Returned From Workshop" }).click();
  await expect(page.getByLabel("Job status")).toHaveText("RETURNED FROM WORKSHOP");
  await expect(page.getByRole("button", { name: "Ready For Collection" })).toBeVisible();

  // The office job card shows all three.
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`/editjob/${job.id}`);
  const office = page.locator(`[data-work-item="${(await api.get(`jobs/${job.id}`)).work_items[0].id}"]`);
  await expect(office.getByText("Complete", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Comments" }).getByText(note)).toBeVisible();
  await page.getByRole("button", { name: "Show Attached Images (1)" }).click();
  await expect(page.getByRole("dialog").getByTestId("job-image")).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(cspViolations).toEqual([]);
});
