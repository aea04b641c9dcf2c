import { expect, test } from "@playwright/test";
import { expectToast, openSettings, signIn, byLabel, typeAndLeave, typeInto } from "./helpers";
import { addEditDelete } from "./settings-helpers";

test("Weekly Targets: add, edit + save, history, delete", async ({ page }) => {
  await signIn(page);
  await addEditDelete(page, {
    title: "Weekly Targets",
    singular: "weekly target",
    add: [
      { label: "Weekly target", value: "31234.5" },
      { label: "Active from", value: "03/03/2031" },
      { label: "Active to", value: "09/03/2031" },
    ],
    key: "£31,234.50",
    shows: ["03/03/2031", "09/03/2031"],
    edit: [{ label: "Weekly target", value: "32000" }],
    editedKey: "£32,000.00",
    editedShows: ["03/03/2031"],
  });
});

test("Weekly Targets: shows the target in force today and checks dates before sending", async ({ page }) => {
  await signIn(page);
  await openSettings(page, "Weekly Targets");
  await expect(page.getByRole("region", { name: "Target in force today" })).toContainText(/Target in force today|No weekly target is in force today/);
  const form = page.getByRole("form", { name: "Add weekly target" });
  await typeInto(byLabel(form, "Weekly target"), "1000");
  await form.getByRole("button", { name: "Add" }).click();
  await expect(form).toContainText("Active from date is required");
  // Typed short, as staff often do: the two-digit year is read as the field is left.
  await typeAndLeave(page, byLabel(form, "Active from"), "10/5/31");
  await typeAndLeave(page, byLabel(form, "Active to"), "01/05/2031");
  await expect(byLabel(form, "Active from")).toHaveValue("10/05/2031");
  await expect(byLabel(form, "Active to")).toHaveValue("01/05/2031");
  await form.getByRole("button", { name: "Add" }).click();
  await expect(form).toContainText("Active to must not be before active from");
  // A target from today with no end becomes the one in force.
  const today = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London" }).format(new Date());
  await typeAndLeave(page, byLabel(form, "Active from"), today);
  await expect(byLabel(form, "Active from")).toHaveValue(today);
  await byLabel(form, "Active to").fill("");
  await typeInto(byLabel(form, "Weekly target"), "98765");
  await form.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(page.getByRole("region", { name: "Target in force today" })).toContainText("£98,765.00");
});
