import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

test("an address with no screen shows 'Page not found' inside the app, with the nav bar and a way home", async ({ page }) => {
  await signIn(page);
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
});
