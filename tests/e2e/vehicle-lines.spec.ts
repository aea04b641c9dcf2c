import { expect, test } from "@playwright/test";
import { byLabel, clearToasts, expectToast, signIn, uniq, typeAndLeave, typeInto } from "./helpers";

/**
 * The vehicle's agreements and inspections are lines of the vehicle, held
 * with its fields in one form state (useRecordEditor `lines`): saving
 * again and again without reloading never sends a saved row as new.
 */
test("saving a vehicle three times with a new inspection and a new agreement keeps exactly one of each", async ({ page, request }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { Authorization: `Token ${token}` };
  const made = await request.post("/api/createvehicle", {
    headers,
    data: { registration: `LN ${uniq().slice(0, 5).toUpperCase()}`, variant: "L2H2", vin_number: `VIN${uniq()}`, location: "Yard", fleet_number: `6${uniq().slice(0, 6)}`, vehicle_status: "ACTIVE" },
  });
  expect(made.status()).toBe(201);
  const v = await made.json();
  await page.goto(`/editvehicle/${v.id}`);

  await page.getByRole("button", { name: "Add inspection" }).click();
  await page.getByLabel("Inspection 1 type").selectOption({ label: "MOT" });
  await typeAndLeave(page, page.getByLabel("Inspection 1 last completed"), "10/01/2026");
  await typeAndLeave(page, page.getByLabel("Inspection 1 expiry"), "10/01/2027");
  await expect(page.getByLabel("Inspection 1 expiry")).toHaveValue("10/01/2027");
  await page.getByRole("button", { name: "Add agreement" }).click();
  const card = page.getByRole("region", { name: "Agreement 1" });
  await typeInto(card.getByLabel("Agreement no."), "LN-1");
  await typeAndLeave(page, card.getByLabel("Invoice date"), "10/01/2026");
  await typeAndLeave(page, card.getByLabel("Depreciation start date"), "10/01/2026");
  await expect(card.getByLabel("Depreciation start date")).toHaveValue("10/01/2026");

  for (let save = 1; save <= 3; save++) {
    if (save === 3) await typeInto(byLabel(page, "Location"), "Front yard");
    await page.getByRole("button", { name: "Save Vehicle" }).click();
    await expectToast(page, "Success", "Data saved successfully.");
    await clearToasts(page);
  }
  // On screen, without a reload: one of each, and nothing left unsaved.
  await expect(page.getByRole("region", { name: /^Agreement \d+$/ })).toHaveCount(1);
  await expect(page.getByLabel(/^Inspection \d+ type$/)).toHaveCount(1);

  const stored = await (await request.get(`/api/vehicles/${v.id}`, { headers })).json();
  expect(stored.location).toBe("Front yard");
  expect(stored.finance_agreements).toHaveLength(1);
  expect(stored.finance_agreements[0].agreement_no).toBe("LN-1");
  expect(stored.inspections).toHaveLength(1);

  // The saved rows are the form's new baseline: leaving does not ask about unsaved changes.
  await page.getByRole("link", { name: "Hire Contract" }).click();
  await expect(page).toHaveURL(/\/editrental\?initVehicle=/);
  await expect(page.getByRole("dialog", { name: "Unsaved changes" })).toHaveCount(0);
});

test("a new row makes the form unsaved until it is saved or removed", async ({ page, request }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const made = await request.post("/api/createvehicle", {
    headers: { Authorization: `Token ${token}` },
    data: { registration: `LU ${uniq().slice(0, 5).toUpperCase()}`, variant: "L2H2", vin_number: `VIN${uniq()}`, location: "Yard", fleet_number: `5${uniq().slice(0, 6)}`, vehicle_status: "ACTIVE" },
  });
  const v = await made.json();
  await page.goto(`/editvehicle/${v.id}`);
  await page.getByRole("button", { name: "Add inspection" }).click();
  await page.getByRole("link", { name: "Hire Contract" }).click();
  const dialog = page.getByRole("dialog", { name: "Unsaved changes" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await page.getByRole("table", { name: "Inspections" }).getByRole("button", { name: "Remove" }).click();
  await page.getByRole("link", { name: "Hire Contract" }).click();
  await expect(page).toHaveURL(/\/editrental\?initVehicle=/);
});
