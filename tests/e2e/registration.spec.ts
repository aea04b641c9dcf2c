import { expect, test } from "@playwright/test";
import { AA19AAA_DVLA, AA19AAA_DVSA } from "../support/fake-registration";
import { byLabel, expectToast, signIn, uniq, typeAndLeave, typeInto } from "./helpers";

/**
 * Registration first (issue 25, docs/compliance.md) in the browser, against
 * the fakes of the DVLA and the DVSA the test server starts (REG_FAKE,
 * playwright.config.ts): a new van entered by registration, its MOT
 * history with Make defect, the home page's compliance panel and the
 * rental finder's MOT flag.
 */
const fake = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3900) + 5}`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const uk = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** A registration of our own in both fakes: the DVLA's AA19AAA answer, its MOT due in 10 days, its tax in 60. */
async function fakeVan(request: import("@playwright/test").APIRequestContext) {
  const reg = `AA${uniq().replace(/[^a-z0-9]/gi, "").slice(0, 5).toUpperCase()}`;
  const mot = day(10);
  await request.post(`${fake}/fake/dvla/${reg}`, { data: { ...AA19AAA_DVLA, registrationNumber: reg, motExpiryDate: mot, taxDueDate: day(60) } });
  await request.post(`${fake}/fake/dvsa/${reg}`, { data: { ...AA19AAA_DVSA, registration: reg } });
  return { reg, mot };
}

test("a new van entered by registration: Look up, accept, save; the saved record carries the DVLA values; its MOT history and Make defect", async ({ page, request }) => {
  const { reg, mot } = await fakeVan(request);
  await signIn(page);
  await page.goto("/editvehicle");
  await expect(page.getByRole("heading", { level: 1, name: "New" })).toBeVisible();
  await typeInto(byLabel(page, "Registration"), reg);
  await page.getByRole("button", { name: "Look up", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Look up ${reg}` });
  await expect(dialog).toBeVisible();
  // What came from where: each value with its source, ticked to take (the form's fields are empty).
  const offers = dialog.getByRole("table", { name: "Looked-up values" });
  await expect(offers.getByRole("row").filter({ hasText: "Colour" })).toContainText("White");
  await expect(offers.getByRole("row").filter({ hasText: "Colour" })).toContainText("DVLA");
  await expect(offers.getByRole("row").filter({ hasText: "First used date" })).toContainText("DVSA");
  await expect(dialog.getByLabel("Use Colour")).toBeChecked();
  // Staff may leave one out: the CO2 figure is not taken.
  await dialog.getByLabel("Use CO2 emissions (g/km)").uncheck();
  await dialog.getByRole("button", { name: "Accept" }).click();
  await expect(dialog).toBeHidden();
  await expect(byLabel(page, "Colour")).toHaveValue("White");
  await expect(byLabel(page, "MOT expiry")).toHaveValue(uk(mot));
  await expect(byLabel(page, "Engine capacity (cc)")).toHaveValue(/^1,?995$/);
  await expect(byLabel(page, "CO2 emissions (g/km)")).toHaveValue("");
  await expect(byLabel(page, "Make").locator("option:checked")).toHaveText("Ford");
  await expect(byLabel(page, "Model").locator("option:checked")).toHaveText("Transit Custom");
  // The rest by hand, then save.
  await typeInto(byLabel(page, "Variant"), "2.0 EcoBlue 130ps Trend");
  await typeInto(byLabel(page, "VIN number"), `WF0XXXTTG${uniq()}`);
  await typeInto(byLabel(page, "Location"), "Birmingham depot");
  await byLabel(page, "Department").selectOption({ label: "DIRECT VAN HIRE" });
  await page.getByRole("button", { name: "Generate fleet number" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Generate" }).click();
  await page.getByRole("button", { name: "Save Vehicle" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(page).toHaveURL(/\/editvehicle\/\d+$/);
  // Read back from the server: the DVLA's values are on the record.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: `Vehicle - ${reg}` })).toBeVisible();
  await expect(byLabel(page, "Colour")).toHaveValue("White");
  await expect(byLabel(page, "Fuel type")).toHaveValue("Diesel");
  await expect(byLabel(page, "Tax status")).toHaveValue("Taxed");
  await expect(byLabel(page, "MOT expiry")).toHaveValue(uk(mot));
  await expect(byLabel(page, "Revenue weight (kg)")).toHaveValue(/^3,?200$/);
  await expect(byLabel(page, "First registration date")).toHaveValue("01/03/2019");

  // The MOT history: read from the DVSA, the tests, the odometer chart with its figures, Make defect on an advisory.
  const history = page.getByRole("group", { name: "MOT history and compliance" });
  await history.getByRole("button", { name: "Read MOT history" }).click();
  const tests = history.getByRole("table", { name: "MOT tests" });
  await expect(tests.getByRole("row")).toHaveCount(4);
  await expect(history.getByTestId("odometer-chart")).toBeVisible();
  await expect(history.getByRole("table", { name: "Odometer readings" })).toContainText("61234");
  await history.getByRole("button", { name: /Make defect: Nearside Front Tyre/ }).click();
  await expect(history.getByRole("link", { name: /^Defect \d+$/ })).toBeVisible();
});

/** A van of our own on the fleet (its details from the look-up, in DIRECT VAN HIRE), then the fleet checked now until the whole fleet is read. */
async function checkedFleetVan(page: import("@playwright/test").Page, request: import("@playwright/test").APIRequestContext) {
  const van = await fakeVan(request);
  await signIn(page);
  await page.goto("/editvehicle");
  await typeInto(byLabel(page, "Registration"), van.reg);
  await page.getByRole("button", { name: "Look up", exact: true }).click();
  await page.getByRole("dialog", { name: `Look up ${van.reg}` }).getByRole("button", { name: "Accept" }).click();
  await typeInto(byLabel(page, "Variant"), "2.0 EcoBlue 130ps Trend");
  await typeInto(byLabel(page, "VIN number"), `WF0XXXTTG${uniq()}`);
  await typeInto(byLabel(page, "Location"), "Birmingham depot");
  await byLabel(page, "Department").selectOption({ label: "DIRECT VAN HIRE" });
  await page.getByRole("button", { name: "Generate fleet number" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Generate" }).click();
  await page.getByRole("button", { name: "Save Vehicle" }).click();
  await expectToast(page, "Success", "Data saved successfully.");

  // Check the fleet now (the nightly job's run, one batch at a time): the MOT due in 10 days is recorded.
  await page.goto("/compliance");
  for (let i = 0; i < 5; i++) {
    await page.getByRole("button", { name: "Check the fleet now" }).click();
    const status = page.getByRole("status").filter({ hasText: "vehicles read" });
    await expect(status).toBeVisible();
    if (/the whole fleet read/.test((await status.textContent()) ?? "")) break;
  }
  return van;
}

test("the fleet check's warnings on the home page's compliance panel, the compliance list and the rental finder's MOT flag", async ({ page, request }) => {
  const { reg, mot } = await checkedFleetVan(page, request);
  const list = page.getByRole("table", { name: "Compliance warnings" });
  await page.getByRole("combobox", { name: "Filter Warning" }).click();
  await page.getByRole("option", { name: /^MOT due/ }).click();
  // The filtered list replaces the whole one: wait until the van's only row is its MOT due (its advisories gone).
  await expect(list.getByRole("row").filter({ hasText: reg })).toHaveCount(1);
  await expect(list.getByRole("row").filter({ hasText: reg })).toContainText(uk(mot));
  await expect(list.getByRole("row").filter({ hasText: reg })).toContainText("DVLA");

  // The home page's panel: due within 30 days, the latest warnings with vehicle, date and source.
  await page.goto("/");
  const panel = page.getByRole("region", { name: "Compliance panel" });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("compliance-due")).not.toHaveText("0");
  await expect(panel.getByRole("table", { name: "Latest compliance warnings" })).toBeVisible();

  // The rental finder: a hire running past the MOT expiry flags the van, as workshop holds are.
  await page.goto("/editrental");
  await typeAndLeave(page, byLabel(page, "Start date"), uk(day(5)));
  await typeAndLeave(page, byLabel(page, "End date"), uk(day(20)));
  await expect(byLabel(page, "End date")).toHaveValue(uk(day(20)));
  await byLabel(page, "Department").selectOption({ label: "DIRECT VAN HIRE" });
  await byLabel(page, "Tracking option").selectOption({ label: "Department: DIRECT VAN HIRE" });
  const finder = page.getByRole("table", { name: "Available vehicles" });
  const row = finder.getByRole("row").filter({ hasText: reg });
  await expect(row.getByRole("status", { name: "MOT and tax warnings" })).toContainText(`MOT runs out on ${uk(mot)}, during the hire`);
});

test("the compliance list from the nav: filtered, a warning resolved leaves it and comes back under Show resolved; the vehicle's warnings too", async ({ page, request }) => {
  const { reg, mot } = await checkedFleetVan(page, request);
  // Opened from the nav bar: Vehicles, Compliance.
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Vehicles", exact: true }).click();
  await page.getByRole("menu", { name: "Vehicles" }).getByRole("menuitem", { name: "Compliance", exact: true }).click();
  await expect(page).toHaveURL(/\/compliance$/);
  await expect(page.getByRole("heading", { level: 1, name: "Compliance" })).toBeVisible();
  const list = page.getByRole("table", { name: "Compliance warnings" });
  const rows = list.getByRole("row").filter({ hasText: reg });
  await expect(rows.first()).toBeVisible();

  // Filtered by department and kind, the filters in the URL (a reload keeps them).
  await byLabel(page, "Department").selectOption({ label: "DIRECT VAN HIRE" });
  await expect(page).toHaveURL(/department=\d+/);
  await page.getByRole("combobox", { name: "Filter Warning" }).click();
  await page.getByRole("option", { name: /^MOT due/ }).click();
  await expect(page).toHaveURL(/kind=MOT_DUE/);
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Filter Warning" })).toHaveValue(/^MOT due/);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(uk(mot));

  // Resolved with a note: it leaves the list.
  await rows.getByRole("button", { name: `Resolve MOT due of ${reg} (${uk(mot)})` }).click();
  const dialog = page.getByRole("dialog", { name: "Resolve warning" });
  await typeInto(dialog.getByLabel("Note (optional)"), "MOT booked at the Birmingham depot");
  await dialog.getByRole("button", { name: "Resolve", exact: true }).click();
  await expectToast(page, "Success", "Warning resolved");
  await expect(rows).toHaveCount(0);

  // Show resolved: back, with who, when and the note, and Reopen.
  await page.getByLabel("Show resolved").click(); // bound to the URL: it ticks once the URL has changed
  await expect(page).toHaveURL(/resolved=true/);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("by e2e.tester@vanco.co.uk: MOT booked at the Birmingham depot");
  await expect(rows.getByRole("button", { name: `Reopen MOT due of ${reg} (${uk(mot)})` })).toBeVisible();

  // The vehicle lists its open warnings with Resolve: the resolved MOT due is not among them.
  await rows.getByRole("link", { name: reg }).click();
  const warnings = page.getByRole("list", { name: "Compliance warnings" });
  await expect(warnings.getByRole("listitem").first()).toBeVisible();
  await expect(warnings.getByRole("listitem").filter({ hasText: "MOT due" })).toHaveCount(0);
  const advisory = warnings.getByRole("listitem").filter({ hasText: "MOT advisory" }).first();
  await advisory.getByRole("button", { name: /^Resolve MOT advisory of / }).click();
  await page.getByRole("dialog", { name: "Resolve warning" }).getByRole("button", { name: "Resolve", exact: true }).click();
  await expectToast(page, "Success", "Warning resolved");
  await expect(warnings.getByRole("listitem").filter({ hasText: "MOT advisory" })).toHaveCount(1);
});

test("a van not on the fleet looked up from a vehicle picker: its DVLA and DVSA details and MOT tests", async ({ page, request }) => {
  const { reg, mot } = await fakeVan(request);
  await signIn(page);
  await page.goto("/inspections");
  const picker = page.getByRole("region", { name: "Vehicle picker" });
  await picker.getByRole("textbox", { name: "Vehicle", exact: true }).pressSequentially(reg.toLowerCase());
  await picker.getByRole("button", { name: `Look up ${reg}` }).click();
  const dialog = page.getByRole("dialog", { name: `Look up ${reg}` });
  await expect(dialog.getByText("Make: Ford")).toBeVisible();
  await expect(dialog.getByText(`MOT expiry: ${uk(mot)}`)).toBeVisible();
  await expect(dialog.getByRole("table", { name: "MOT tests" }).getByRole("row")).toHaveCount(4);
  await expect(dialog.getByRole("link", { name: /Add as a new vehicle/ })).toHaveAttribute("href", "/editvehicle");
});
