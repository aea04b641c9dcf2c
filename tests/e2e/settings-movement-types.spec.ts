import { test } from "@playwright/test";
import { signIn, uniq } from "./helpers";
import { addEditDelete } from "./settings-helpers";

test("Movement Types: add (invoice address, tracking option), edit + save, history, delete", async ({ page }) => {
  const n = `Transfer ${uniq()}`;
  await signIn(page);
  await addEditDelete(page, {
    title: "Movement Types",
    singular: "movement type",
    add: [
      { label: "Name", value: n },
      { label: "Invoice address", select: "End" },
      { label: "Tracking option", select: "Department: RAPID FIT" },
    ],
    key: n,
    shows: ["End", "RAPID FIT"],
    edit: [
      { label: "Invoice address", select: "Start" },
      { label: "Tracking option", select: "(none)" },
    ],
    editedKey: n,
    editedShows: ["Start"],
  });
});
