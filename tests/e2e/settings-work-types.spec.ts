import { test } from "@playwright/test";
import { signIn, uniq } from "./helpers";
import { addEditDelete } from "./settings-helpers";

test("Workshop Expense Charge Types: add, edit + save, history, delete", async ({ page }) => {
  const n = `Goodwill ${uniq()}`;
  await signIn(page);
  await addEditDelete(page, {
    title: "Workshop Expense Charge Types",
    singular: "charge type",
    add: [
      { label: "Name", value: n },
      { label: "Free of charge", check: true },
    ],
    key: n,
    shows: ["Yes", "No"],
    edit: [
      { label: "Free of charge", check: false },
      { label: "Approval needed", check: true },
    ],
    editedKey: n,
    editedShows: ["No", "Yes"],
  });
});
