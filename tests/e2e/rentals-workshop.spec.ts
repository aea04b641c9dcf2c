import { expect, test } from "@playwright/test";
import { byLabel, expectToast, signIn, typeAndLeave, typeInto, uniq } from "./helpers";

test("a van with an open NOT_DRIVEABLE defect is marked in the finder and warned beside the vehicle, and the rental still saves", async ({ page, request }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { Authorization: `Token ${token}` };
  // A registration starting "0" sorts first in the finder's page.
  const registration = `0WS ${uniq().slice(0, 5).toUpperCase()}`;
  const made = await request.post("/api/createvehicle", { headers, data: { registration, variant: "L2H2", vin_number: `VIN${uniq()}`, location: "Yard", fleet_number: `7${uniq().slice(0, 6)}`, vehicle_status: "ACTIVE" } });
  expect(made.status()).toBe(201);
  const van = await made.json();
  const dept = (await (await request.get("/api/departments?page_size=1000", { headers })).json()).results[0];
  const defect = await request.post("/api/createdefect", { headers, data: { vehicle: van.id, department: dept.id, defect_description: "Gearbox will not select reverse", defect_status: "NOT_DRIVEABLE" } });
  expect(defect.status()).toBe(201);
  const job = (await defect.json()).id;
  const warning = `Job ${job}: open defect, not driveable`;

  await page.goto("/editrental");
  await page.getByRole("radiogroup", { name: "Status" }).getByText("Confirmed").click();
  await typeAndLeave(page, byLabel(page, "Start date"), "02/05/2033");
  await typeAndLeave(page, byLabel(page, "End date"), "04/05/2033");
  await byLabel(page, "Department").selectOption({ label: "DIRECT VAN HIRE" });
  await byLabel(page, "Tracking option").selectOption({ label: "Department: DIRECT VAN HIRE" });
  const row = page.getByRole("table", { name: "Available vehicles" }).getByRole("row").filter({ hasText: registration });
  // Offered, and marked with the job.
  await expect(row.getByRole("status", { name: "Workshop warnings" })).toContainText(warning);
  await row.getByRole("button", { name: `Select ${registration}` }).click();
  await expect(page.getByLabel("Chosen vehicle")).toContainText(registration);
  const beside = page.getByRole("group", { name: "Vehicle", exact: true }).getByRole("status", { name: "Workshop warnings" });
  await expect(beside).toContainText(warning);
  await expect(beside.getByRole("link", { name: warning })).toHaveAttribute("href", `/editjob/${job}`);
  // A warning, never a block: the rental saves.
  await page.getByRole("textbox", { name: "Hirer", exact: true }).pressSequentially("acme");
  await page.getByRole("option", { name: "Acme Builders Ltd" }).click();
  await typeInto(byLabel(page, "Start mileage"), "15000");
  await typeInto(byLabel(page, "Deposit"), "0");
  await typeAndLeave(page, byLabel(page, "Deposit paid date"), "01/05/2033");
  await typeInto(byLabel(page, "Initial payment"), "0");
  await typeAndLeave(page, byLabel(page, "Initial payment date"), "01/05/2033");
  await page.getByRole("button", { name: "Save Rental" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(page).toHaveURL(/\/editrental\/\d+$/);
  await expect(page.getByRole("group", { name: "Vehicle", exact: true }).getByRole("status", { name: "Workshop warnings" })).toContainText(warning);
});
