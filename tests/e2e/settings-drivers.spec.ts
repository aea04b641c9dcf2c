import { test } from "@playwright/test";
import { signIn, uniq } from "./helpers";
import { addEditDelete } from "./settings-helpers";

test("Drivers: add, edit + save, history, delete", async ({ page }) => {
  const n = `Alex ${uniq()}`;
  await signIn(page);
  await addEditDelete(page, {
    title: "Drivers",
    singular: "driver",
    add: [{ label: "Name", value: n }],
    key: n,
    edit: [{ label: "Name", value: `${n} Green` }],
    editedKey: `${n} Green`,
  });
});
