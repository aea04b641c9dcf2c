import { expect, test, type Page } from "@playwright/test";
import { expectToast, signIn, uniq } from "./helpers";

/**
 * The browser side of the hardening (docs/security.md): the page carries the
 * security headers, and the app works under its Content-Security-Policy
 * (sign-in, screens, a photo sent to the bucket and shown from it) without
 * a single violation; a file over 15 MB is refused before it is sent.
 */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

/** Every CSP violation the page reports (the event, and Chromium's console message). */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  return seen;
}

test("the app is served with CSP, X-Frame-Options, X-Content-Type-Options and Referrer-Policy", async ({ request }) => {
  for (const path of ["/", "/editvehicle/1", "/api/health"]) {
    const res = await request.get(path);
    const h = res.headers();
    expect(h["content-security-policy"], path).toContain("default-src 'self'");
    expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(h["x-frame-options"]).toBe("DENY");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  }
});

test("sign-in, screens and a photo upload work under the CSP with no violation; over 15 MB is refused before sending", async ({ page, request }) => {
  const violations = await watchViolations(page);
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const made = await request.post("/api/createvehicle", {
    headers: { Authorization: `Token ${token}` },
    data: { registration: `CS ${uniq().slice(0, 5).toUpperCase()}`, variant: "L1", vin_number: `VIN${uniq()}`, location: "Yard", fleet_number: `7${uniq().slice(0, 6)}`, vehicle_status: "ACTIVE" },
  });
  const v = await made.json();
  for (const path of ["/", "/vehicles", "/rentals", "/settings", "/reports"]) {
    await page.goto(path);
    await expect(page.getByRole("button", { name: "Account: Robin" })).toBeVisible();
  }
  await page.goto(`/editvehicle/${v.id}`);
  await page.locator("input[type=file]").first().setInputFiles({ name: "front.png", mimeType: "image/png", buffer: PNG });
  await expectToast(page, "Success", "Image uploaded successfully");
  // Shown from the bucket (img-src allows it): the image really loaded.
  const img = page.getByTestId("vehicle-image").locator("img");
  await expect(img).toHaveCount(1);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);

  await page.locator("input[type=file]").first().setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(15 * 1024 * 1024 + 1) });
  await expectToast(page, "Error", "The file is larger than 15 MB");
  await expect(page.getByTestId("vehicle-image")).toHaveCount(1);
  expect(violations).toEqual([]);
});

test("another site cannot frame the app", async ({ page, baseURL }) => {
  // A document of another origin framing the app: frame-ancestors 'none' (and X-Frame-Options) block it.
  await page.goto("about:blank");
  await page.setContent(`<iframe id="app" src="${baseURL}/login"></iframe>`); // waits for the frame's load too
  const framed = page.frames().find((f) => f !== page.mainFrame())!;
  expect(framed).toBeDefined();
  expect(await framed.getByRole("button", { name: "Sign in" }).count()).toBe(0);
  expect(framed.url()).not.toContain("/login"); // Chromium shows its own error page instead
});
