import { expect, test } from "@playwright/test";
import { expectToast, openSettings, signIn, uniq, byLabel, typeInto } from "./helpers";
import { addEditDelete } from "./settings-helpers";

test("Rental Margins: add box starts at 0.1 and resets to 40 after an add (001 §5)", async ({ page }) => {
  await signIn(page);
  await openSettings(page, "Rental Margins");
  const form = page.getByRole("form", { name: "Add rental margin" });
  const margin = form.getByLabel("Margin (percent)");
  await expect(margin).toHaveValue("0.1");
  await typeInto(byLabel(form, "Name"), `Fleet ${uniq()}`);
  await typeInto(margin, "22");
  await form.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(margin).toHaveValue("40");
});

test("Rental Margins: add, edit + save, history, delete", async ({ page }) => {
  const n = `Charity ${uniq()}`;
  await signIn(page);
  await addEditDelete(page, {
    title: "Rental Margins",
    singular: "rental margin",
    add: [
      { label: "Name", value: n },
      { label: "Margin (percent)", value: "15" },
    ],
    key: n,
    shows: ["15%"],
    edit: [{ label: "Margin (percent)", value: "17.5" }],
    editedKey: n,
    editedShows: ["17.5%"],
  });
});
