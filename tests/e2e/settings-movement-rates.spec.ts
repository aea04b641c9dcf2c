import { test } from "@playwright/test";
import { signIn, uniq } from "./helpers";
import { addEditDelete } from "./settings-helpers";

test("Movement Rates: add, edit + save, history, delete", async ({ page }) => {
  const n = `Overnight ${uniq()}`;
  await signIn(page);
  await addEditDelete(page, {
    title: "Movement Rates",
    singular: "movement rate",
    add: [
      { label: "Name", value: n },
      { label: "Cost per mile", value: "1.45" },
      { label: "Vehicle cost", value: "30" },
      { label: "Additional time cost", value: "22" },
      { label: "Callout cost", value: "55" },
      { label: "Comments", value: "Out of hours" },
    ],
    key: n,
    shows: ["£1.45", "£30.00", "£22.00", "£55.00", "Out of hours"],
    edit: [
      { label: "Callout cost", value: "60" },
      { label: "Comments", value: "" },
    ],
    editedKey: n,
    editedShows: ["£60.00"],
  });
});
