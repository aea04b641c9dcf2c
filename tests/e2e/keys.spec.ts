import { expect, test } from "@playwright/test";
import { byLabel, clearToasts, editingRow, expectToast, rowWith, signIn, uniq, typeInto } from "./helpers";

/** /keys: the key finder (registration and key number, 500 a page) and the key hooks (000 §2, §3, §7). */

test("the key finder finds by registration or key number and pages 500 at a time", async ({ page }) => {
  await signIn(page);
  const finderCall = page.waitForRequest((r) => r.url().includes("/api/vehicles?") && r.url().includes("keys=true"));
  await page.goto("/keys");
  const call = new URL((await finderCall).url());
  expect(call.searchParams.get("page_size")).toBe("500");
  const finder = page.getByRole("table", { name: "Key finder" });
  await expect(finder).toContainText("YK23 HVA");
  await expect(finder).toContainText("LD19 PXS");
  // By registration: YK23 HVA with its key and its spare key.
  await page.getByLabel("Find a key").pressSequentially("yk23 hva");
  await expect(page).toHaveURL(/search=yk23/);
  await expect(finder.locator("tbody tr")).toHaveCount(1);
  const row = rowWith(finder, "YK23 HVA");
  await expect(row).toContainText("Office board 1");
  await expect(row).toContainText("Workshop board 13");
  // By key number: hook 3 is MX72 RFA's.
  await typeInto(page.getByLabel("Find a key"), "3");
  await expect(finder).toContainText("YK23 HVA"); // one character searches nothing (2+): every key
  await typeInto(page.getByLabel("Find a key"), "13");
  await expect(finder.locator("tbody tr")).toHaveCount(1);
  await expect(finder).toContainText("YK23 HVA");
  await finder.getByRole("link", { name: "YK23 HVA" }).click();
  await expect(page).toHaveURL(/\/editvehicle\/\d+$/);
});

test("key hooks are added and edited; a vehicle's key and spare key are cleared", async ({ page }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { authorization: `Token ${token}` };
  const tag = uniq().toUpperCase();
  await page.goto("/keys");

  // Add a hook, then edit its board.
  const add = page.getByRole("form", { name: "Add key hook" });
  await typeInto(byLabel(add, "Key number"), `K${tag}`);
  await typeInto(byLabel(add, "Board"), "Front desk");
  await add.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  const hooks = page.getByRole("table", { name: "Key hooks" });
  await expect(rowWith(hooks, `K${tag}`)).toContainText("Front desk");
  await clearToasts(page);
  await rowWith(hooks, `K${tag}`).getByRole("button", { name: "Edit" }).click();
  await typeInto(byLabel(editingRow(hooks), "Board"), "Back office");
  await editingRow(hooks).getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(rowWith(hooks, `K${tag}`)).toContainText("Back office");

  // A customer's van on that hook with a spare on another.
  const spare = await (await page.request.post("/api/keys", { headers, data: { key_number: `S${tag}`, board: "Spare board", spare: true } })).json();
  const hook = (await (await page.request.get(`/api/keys?search=K${tag}`, { headers })).json()).results[0];
  const reg = `KY${tag}`;
  const made = await page.request.post("/api/createvehicle", {
    headers,
    data: { registration: reg, fleet_number: null, vehicle_status: "CUSTOMER", variant: "Key test", vin_number: `VIN${tag}`, location: "Derby yard", key: hook.id, spare_key: spare.id, has_spare_key: true },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.goto(`/keys?search=${reg}`);
  const finder = page.getByRole("table", { name: "Key finder" });
  const row = rowWith(finder, reg);
  await expect(row).toContainText(`Back office K${tag}`);
  await expect(row).toContainText(`Spare board S${tag}`);
  await expect(rowWith(page.getByRole("table", { name: "Key hooks" }), `K${tag}`)).toContainText(reg);

  await clearToasts(page);
  await row.getByRole("button", { name: "Clear spare key" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(row).not.toContainText(`S${tag}`);
  await expect(row).toContainText(`K${tag}`);
  await clearToasts(page);
  await row.getByRole("button", { name: "Clear key" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  // With neither key the vehicle leaves the finder, and both hooks are free.
  await expect(finder).not.toContainText(reg);
  await expect(rowWith(page.getByRole("table", { name: "Key hooks" }), `K${tag}`)).not.toContainText(reg);
  const vehicle = (await (await page.request.get(`/api/vehiclesearch?search=${reg}`, { headers })).json()).results[0];
  const saved = await (await page.request.get(`/api/vehicles/${vehicle.id}`, { headers })).json();
  expect(saved.key).toBeNull();
  expect(saved.spare_key).toBeNull();
});
