import { expect, test } from "@playwright/test";
import { clearToasts, expectToast, signIn, typeInto } from "./helpers";

/** Inline edits of ordered_date, delivery_date and deposit_allocated_date on the list (000 §2). */

test("an inline date saves with PUT vehicles/{id}; emptied it saves null", async ({ page }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { authorization: `Token ${token}` };
  const found = await (await page.request.get("/api/vehiclesearch?search=GN24WLT", { headers })).json();
  const id = found.results.find((v: { registration: string }) => v.registration === "GN24 WLT").id;

  await page.goto("/vehicles?vehicle_status=ORDERED");
  const deposit = page.getByLabel("Deposit allocated date of GN24 WLT");
  await typeInto(deposit, "01/10/2026");
  await expectToast(page, "Success", "Data saved successfully.");
  expect((await (await page.request.get(`/api/vehicles/${id}`, { headers })).json()).deposit_allocated_date).toBe("2026-10-01");
  await page.reload();
  await expect(page.getByLabel("Deposit allocated date of GN24 WLT")).toHaveValue("01/10/2026");
  await clearToasts(page);
  await page.getByLabel("Deposit allocated date of GN24 WLT").fill("");
  await page.getByLabel("Deposit allocated date of GN24 WLT").blur();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect.poll(async () => (await (await page.request.get(`/api/vehicles/${id}`, { headers })).json()).deposit_allocated_date).toBeNull();

  // The delivery date on the Arriving sub-tab, the ordered date too.
  await page.goto("/vehicles?vehicle_status=ARRIVING");
  await clearToasts(page);
  const delivery = page.getByLabel("Delivery date of GN24 WLU");
  await delivery.click();
  await delivery.press("Control+A");
  // Typed short, as staff often do: a two-digit year is read as the field is left with Enter.
  await delivery.pressSequentially("15/1/31");
  await delivery.press("Enter");
  await expectToast(page, "Success", "Data saved successfully.");
  await page.reload();
  await expect(page.getByLabel("Delivery date of GN24 WLU")).toHaveValue("15/01/2031");
  await expect(page.getByLabel("Ordered date of GN24 WLU")).not.toHaveValue("");
});

test("an inline edit of a row changed elsewhere gets the 409 message and shows the stored date again", async ({ page }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { authorization: `Token ${token}` };
  await page.goto("/vehicles?vehicle_status=ORDERED");
  const ordered = page.getByLabel("Ordered date of GN24 WLT");
  const before = await ordered.inputValue();
  // Someone else saves the vehicle after the list was read.
  const found = await (await page.request.get("/api/vehiclesearch?search=GN24WLT", { headers })).json();
  const id = found.results.find((v: { registration: string }) => v.registration === "GN24 WLT").id;
  const current = await (await page.request.get(`/api/vehicles/${id}`, { headers })).json();
  const res = await page.request.put(`/api/vehicles/${id}`, { headers, data: { order_number: "ORD-5512B", last_saved: current.last_saved } });
  expect(res.status()).toBe(200);
  await typeInto(ordered, "09/09/2026");
  await expectToast(page, "Error", "This record was edited elsewhere since you opened it");
  await expect(ordered).toHaveValue(before);
});
