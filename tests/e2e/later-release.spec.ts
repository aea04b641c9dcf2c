import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

const ROUTES: Array<[string, string]> = [
];

test("routes whose screens come later show one plain page", async ({ page }) => {
  await signIn(page);
  for (const [path, title] of ROUTES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: title, exact: true })).toBeVisible();
    await expect(page.getByText("This screen arrives in a later release.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  }
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});
