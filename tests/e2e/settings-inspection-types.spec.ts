import { test } from "@playwright/test";
import { signIn, uniq } from "./helpers";
import { addEditDelete } from "./settings-helpers";

test("Inspection Types: add, edit + save, history, delete", async ({ page }) => {
  const n = `Tail lift ${uniq()}`;
  await signIn(page);
  await addEditDelete(page, {
    title: "Inspection Types",
    singular: "inspection type",
    add: [
      { label: "Inspection type", value: n },
      { label: "Reminder days", value: "21" },
      { label: "Warning days", value: "7" },
    ],
    key: n,
    shows: ["21", "7"],
    edit: [
      { label: "Inspection type", value: `${n} LOLER` },
      { label: "Warning days", value: "10" },
    ],
    editedKey: `${n} LOLER`,
    editedShows: ["10"],
  });
});
