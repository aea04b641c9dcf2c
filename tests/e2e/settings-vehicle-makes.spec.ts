import { expect, test } from "@playwright/test";
import { openSettings, signIn, uniq } from "./helpers";
import { addEditDelete } from "./settings-helpers";

test("Vehicle Makes: the add box starts at 0.1 and 0.01 per mile", async ({ page }) => {
  await signIn(page);
  await openSettings(page, "Vehicle Makes");
  const form = page.getByRole("form", { name: "Add vehicle make" });
  await expect(form.getByLabel("Maintenance cost per mile (£)")).toHaveValue("0.1");
  await expect(form.getByLabel("Additional depreciation per mile (£)")).toHaveValue("0.01");
});

test("Vehicle Makes: add, edit + save, history, delete", async ({ page }) => {
  const n = `Iveco ${uniq()}`;
  await signIn(page);
  await addEditDelete(page, {
    title: "Vehicle Makes",
    singular: "vehicle make",
    add: [{ label: "Name", value: n }],
    key: n,
    shows: ["£0.10", "£0.01"],
    edit: [{ label: "Maintenance cost per mile (£)", value: "0.125" }],
    editedKey: n,
    editedShows: ["£0.125"],
  });
});
