import { test } from "@playwright/test";
import { signIn, uniq } from "./helpers";
import { addEditDelete } from "./settings-helpers";

test("Vehicle Types: add, edit + save, history, delete", async ({ page }) => {
  const n = `Crew cab ${uniq()}`;
  await signIn(page);
  await addEditDelete(page, {
    title: "Vehicle Types",
    singular: "vehicle type",
    add: [
      { label: "Name", value: n },
      { label: "Special labour rate", value: "62.5" },
      { label: "Fixed hire costs", value: "40" },
    ],
    key: n,
    shows: ["£62.50", "£40.00"],
    edit: [{ label: "Fixed hire costs", value: "44.25" }],
    editedKey: n,
    editedShows: ["£44.25"],
  });
});
