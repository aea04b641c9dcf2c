import { expect, test } from "@playwright/test";
import { openSettings, signIn, uniq, byLabel, typeInto } from "./helpers";
import { addEditDelete } from "./settings-helpers";

test("Nominal Codes: 'Code Required' before sending; tax type defaults to OUTPUT2", async ({ page }) => {
  await signIn(page);
  await openSettings(page, "Nominal Codes");
  const form = page.getByRole("form", { name: "Add nominal code" });
  await expect(form.getByLabel("Tax type")).toHaveValue("OUTPUT2");
  let posted = false;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/nominal")) posted = true;
  });
  await typeInto(byLabel(form, "Name"), "No code");
  await form.getByRole("button", { name: "Add" }).click();
  await expect(form).toContainText("Code Required");
  expect(posted).toBe(false);
});

test("Nominal Codes: add, edit + save, history, delete", async ({ page }) => {
  const code = `9${uniq().replace(/\D/g, "").slice(0, 3)}`;
  const n = `Hire deposits ${uniq()}`;
  await signIn(page);
  await addEditDelete(page, {
    title: "Nominal Codes",
    singular: "nominal code",
    add: [
      { label: "Name", value: n },
      { label: "Code", value: code },
      { label: "Type", value: "CURRLIAB" },
      { label: "Bank account number", value: "55667788" },
      { label: "Description", value: "Deposits held" },
      { label: "Show in expense claims", check: true },
    ],
    key: n,
    shows: [code, "CURRLIAB", "OUTPUT2", "Deposits held"],
    edit: [{ label: "Tax type", select: "NONE (no VAT, 0%)" }],
    editedKey: n,
    editedShows: ["NONE"],
  });
});
