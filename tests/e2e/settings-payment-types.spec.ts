import { test } from "@playwright/test";
import { signIn, uniq } from "./helpers";
import { addEditDelete } from "./settings-helpers";

test("Payment Types: add, edit + save, history, delete", async ({ page }) => {
  const n = `Cheque ${uniq()}`;
  await signIn(page);
  await addEditDelete(page, {
    title: "Payment Types",
    singular: "payment type",
    add: [{ label: "Name", value: n }],
    key: n,
    edit: [{ label: "Name", value: `${n} (trade)` }],
    editedKey: `${n} (trade)`,
  });
});
