import { test } from "@playwright/test";
import { signIn, uniq } from "./helpers";
import { addEditDelete } from "./settings-helpers";

test("Vehicle Tracker Types: add, edit + save, history, delete", async ({ page }) => {
  const n = `Dashcam ${uniq()}`;
  await signIn(page);
  await addEditDelete(page, {
    title: "Vehicle Tracker Types",
    singular: "tracker type",
    add: [
      { label: "Name", value: n },
      { label: "Cost", value: "12.99" },
      { label: "Upfront cost", value: "150" },
    ],
    key: n,
    shows: ["£12.99", "£150.00"],
    edit: [{ label: "Cost", value: "13.49" }],
    editedKey: n,
    editedShows: ["£13.49"],
  });
});
