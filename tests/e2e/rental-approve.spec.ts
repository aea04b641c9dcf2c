import { expect, test } from "@playwright/test";
import { expectToast, signIn, uniq } from "./helpers";
import { apiOf } from "./workshop-jobs-helpers";

/**
 * Approving a returned rental from the vehicle page (000 §1, §7 PUT rental/approve;
 * docs/rentals.md "Approving a rental"): a fresh van and its own rentals made through
 * the API, so no other test's data is relied on.
 */
test("a finished rental selected on the vehicle's rental record is approved, then on to /parts", async ({ page }) => {
  await signIn(page);
  const api = await apiOf(page);
  const tag = uniq().toUpperCase();
  const van = await api.post("createvehicle", { registration: `RA ${tag}`, variant: "L2H2", vin_number: `VINRA${tag}`, location: "Yard", fleet_number: `7${String(Date.now()).slice(-6)}`, vehicle_status: "ACTIVE" });
  const customer = (await api.get("customersearch?search=acme")).results[0];
  const booking = (start: string, finish: string, extra: Record<string, unknown> = {}) => ({
    status: "CONFIRMED", rental_type: "ST", start_date: start, finish_date: finish, vehicle: van.id, customer: customer.id,
    start_mileage: 15000, deposit: 200, deposit_paid_date: start, initial_payment: 100, initial_payment_date: start, first_day: 60, two_five_days: 45, ...extra,
  });
  const returned = await api.post("rentals", booking("2033-04-04", "2033-04-08", { off_hire_date: "2033-04-08", off_hire_mileage: 15420, off_hire_new_damage: 75, off_hire_missing_fuel: 20 }));
  const running = await api.post("rentals", booking("2033-05-02", "2033-05-20"));

  await page.goto(`/editvehicle/${van.id}`);
  const record = page.getByRole("group", { name: "Vehicle Rental Record" });
  const table = page.getByRole("table", { name: "Vehicle Rental Record" });
  const rowOf = (id: number) => table.getByRole("row").filter({ has: page.getByRole("link", { name: String(id), exact: true }) });
  await expect(rowOf(returned.id)).toContainText("08/04/2033");
  const approve = record.getByRole("button", { name: "Approve", exact: true });
  await expect(approve).toBeDisabled();

  // A rental still out (no off-hire date) is refused by the screen with the server's message, nothing sent.
  await table.getByRole("checkbox", { name: `Select rental ${running.id}` }).check();
  await approve.click();
  await expectToast(page, "Error", "Off Hire Date is required to approve a rental");
  await expect(page).toHaveURL(new RegExp(`/editvehicle/${van.id}$`));
  await table.getByRole("checkbox", { name: `Select rental ${running.id}` }).uncheck();

  await table.getByRole("checkbox", { name: `Select rental ${returned.id}` }).check();
  await approve.click();
  await expect(page).toHaveURL(/\/parts$/);
  await expectToast(page, "Success", "Data saved successfully.");

  const approved = await api.get(`rentals/${returned.id}`);
  expect(approved).toMatchObject({ approved: true, approving_user: { first_name: "Robin" }, off_hire_total_additional_charges: 95 });
  expect(approved.approved_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect((await api.get(`rentals/${running.id}`)).approved).toBe(false);

  // The rental form shows the approval and keeps the off-hire details read-only; the record shows it too.
  await page.goto(`/editrental/${returned.id}`);
  await expect(page.getByRole("status", { name: "Off-hire approval" })).toContainText("Off hire approved");
  await expect(page.getByRole("group", { name: "Off Hire" }).getByRole("textbox", { name: "New damage" })).toBeDisabled();
  await page.goto(`/editvehicle/${van.id}`);
  await expect(rowOf(returned.id)).toContainText("Approved");
  await expect(table.getByRole("checkbox", { name: `Select rental ${returned.id}` })).toBeDisabled();
});
