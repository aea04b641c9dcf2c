import { expect, test } from "@playwright/test";
import { openSettings, settingsTable, signIn, uniq } from "./helpers";

test("lists page 25 at a time from the URL; a search goes back to page 1", async ({ page }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { authorization: `Token ${token}` };
  // Make sure there are more than 25 nominal codes.
  const count = (await (await page.request.get("/api/nominal?page_size=1", { headers })).json()).count as number;
  const tag = uniq();
  for (let i = count; i < 30; i++) await page.request.post("/api/nominal", { headers, data: { code: `P${tag}${i}`, name: `Paging ${tag} ${i}` } });
  const total = Math.max(count, 30);

  await openSettings(page, "Nominal Codes");
  const table = settingsTable(page, "Nominal Codes");
  await expect(table.getByRole("row")).toHaveCount(26); // header + 25
  await expect(page.getByText(`${total} records`)).toBeVisible();
  await expect(page.getByRole("button", { name: `Page ${Math.ceil(total / 25)}` })).toBeVisible();
  await page.getByRole("button", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(table.getByRole("row")).toHaveCount(1 + (total - 25 > 25 ? 25 : total - 25));

  await page.getByLabel("Search nominal codes").pressSequentially("200");
  await expect(page).toHaveURL(/search=200/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(table).toContainText("Sales - Hire");
});
