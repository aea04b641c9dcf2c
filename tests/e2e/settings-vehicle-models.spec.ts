import { expect, test } from "@playwright/test";
import { byLabel, expectToast, openSettings, rowWith, settingsTable, signIn, uniq, typeInto } from "./helpers";
import { addEditDelete } from "./settings-helpers";

test("Vehicle Models: add (with make), edit + save, history, delete", async ({ page }) => {
  const n = `Boxer ${uniq()}`;
  await signIn(page);
  await addEditDelete(page, {
    title: "Vehicle Models",
    singular: "vehicle model",
    add: [
      { label: "Name", value: n },
      { label: "Make", select: "Vauxhall" },
      { label: "Mileage limit", value: "100000" },
      { label: "Day 1 rate", value: "70" },
      { label: "Day 2-5 rate", value: "60" },
      { label: "Day 6-27 rate", value: "50" },
      { label: "Day 28+ rate", value: "40" },
    ],
    key: n,
    shows: ["Vauxhall", "100,000", "£70.00", "£40.00"],
    edit: [
      { label: "Make", select: "Renault" },
      { label: "Day 1 rate", value: "72.5" },
    ],
    editedKey: n,
    editedShows: ["Renault", "£72.50"],
  });
});

test("Vehicle Models: the list is searchable and goes back to page 1", async ({ page }) => {
  await signIn(page);
  await openSettings(page, "Vehicle Models");
  const table = settingsTable(page, "Vehicle Models");
  await expect(rowWith(table, "Sprinter")).toHaveCount(1);
  await page.getByLabel("Search vehicle models").pressSequentially("transit");
  await expect(page).toHaveURL(/search=transit/);
  await expect(rowWith(table, "Sprinter")).toHaveCount(0);
  await expect(rowWith(table, "Transit Custom")).toHaveCount(1);
  await expect(page).not.toHaveURL(/page=/);
});

test("Vehicle Models: a day rate outside £0 to £10,000,000 is refused with the server's message before sending", async ({ page }) => {
  await signIn(page);
  await openSettings(page, "Vehicle Models");
  // The screen's fields come from the same definition as the server's schema (issue 10): same bounds, same message.
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname.startsWith("/api/vehiclemodel")) posts.push(r.url());
  });
  const form = page.getByRole("form", { name: "Add vehicle model" });
  await typeInto(byLabel(form, "Name"), `Bounds ${uniq()}`);
  const rate = byLabel(form, "Day 1 rate");
  const message = "Must be an amount from £0 to £10,000,000";
  for (const typed of ["-5", "20,000,000"]) {
    await rate.click();
    await rate.press("Control+A");
    await rate.press("Delete");
    await rate.pressSequentially(typed);
    await form.getByRole("button", { name: "Add" }).click();
    await expect(form.getByText(message)).toBeVisible();
  }
  // A rate within the bounds clears the message and is sent.
  await rate.click();
  await rate.press("Control+A");
  await rate.press("Delete");
  await rate.pressSequentially("10,000,000");
  await form.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(form.getByText(message)).toHaveCount(0);
  expect(posts).toHaveLength(1);
});
