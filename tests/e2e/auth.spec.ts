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
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeTruthy();
  await page.getByRole("button", { name: "Account: Casey" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
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
