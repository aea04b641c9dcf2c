import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

test("every route but /login needs a token", async ({ page }) => {
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Rentals Direct App" })).toBeVisible();
});

test("local sign-in checks the form, signs in, shows the given name; log out clears storage", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
  await expect(page.getByText("Enter your first name")).toBeVisible();

  await signIn(page, "casey@vanco.co.uk", "Casey");
  const token = await page.evaluate(() => localStorage.getItem("token"));
  expect(token).toBeTruthy();
  await page.getByRole("button", { name: "Account: Casey" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel("Given name")).toBeVisible();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  // The server was told: the old token no longer works.
  expect((await page.request.get("/api/me", { headers: { authorization: `Token ${token}` } })).status()).toBe(401);
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
});

test("a token the server no longer accepts sends the user to /login", async ({ page }) => {
  await signIn(page);
  await page.evaluate(() => localStorage.setItem("token", "not-a-valid-token-at-all"));
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("alert").filter({ hasText: "Error" }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});

test("Google sign-in: the GIS script loads only then, and its ID token is exchanged for a product token", async ({ page }) => {
  // A real product token to hand back from the (stubbed) exchange.
  const local = await page.request.post("/api/auth/local", { data: { email: "gsi.user@vanco.co.uk", given_name: "Gwen" } });
  const { token } = await local.json();

  await page.route("**/api/auth/config", (r) => r.fulfill({ json: { local_sign_in: false, google_client_id: "test-client.apps.googleusercontent.com" } }));
  let scriptRequested = false;
  await page.route("https://accounts.google.com/gsi/client", (r) => {
    scriptRequested = true;
    return r.fulfill({
      contentType: "text/javascript",
      body: `window.google = { accounts: { id: {
        initialize(o) { window.__gsi = o; },
        renderButton(el) { const b = document.createElement('button'); b.textContent = 'Sign in with Google'; b.onclick = () => window.__gsi.callback({ credential: 'header.payload.signature' }); el.appendChild(b); }
      } } };`,
    });
  });
  let sent: unknown = null;
  await page.route("**/api/social/google-oauth2", async (r) => {
    sent = r.request().postDataJSON();
    await r.fulfill({ json: { token } });
  });

  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(scriptRequested).toBe(true);
  expect(sent).toEqual({ id_token: "header.payload.signature" });
  await expect(page.getByRole("button", { name: "Account: Gwen" })).toBeVisible();
});

test("local sign-in never loads the Google script", async ({ page }) => {
  let scriptRequested = false;
  await page.route("https://accounts.google.com/**", (r) => {
    scriptRequested = true;
    return r.abort();
  });
  await page.goto("/login");
  await expect(page.getByLabel("Given name")).toBeVisible();
  expect(scriptRequested).toBe(false);
});
