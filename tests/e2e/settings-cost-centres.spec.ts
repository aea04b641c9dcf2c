import { expect, test } from "@playwright/test";
import { signIn, uniq } from "./helpers";
import { addEditDelete } from "./settings-helpers";

test("Reporting Category/Cost Centres: add, edit + save, history, delete; the nav lists them", async ({ page }) => {
  const n = `Bodyshop ${uniq()}`;
  await signIn(page);
  await addEditDelete(page, {
    title: "Reporting Category/Cost Centres",
    singular: "cost centre",
    add: [{ label: "Name", value: n }],
    key: n,
    edit: [{ label: "Name", value: `${n} & Paint` }],
    editedKey: `${n} & Paint`,
  });
  // The seeded centres appear in the Income dropdown with their ?cost_centre= link.
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Income" }).click();
  await expect(page.getByRole("menu", { name: "Income" }).getByRole("menuitem", { name: "Workshop", exact: true })).toHaveAttribute("href", /\/income\?cost_centre=\d+$/);
});
