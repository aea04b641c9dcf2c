import { expect, test, type Page } from "@playwright/test";
import { byLabel, expectToast, signIn, typeAndLeave, typeInto, uniq } from "./helpers";
import { apiOf, refsOf } from "./workshop-jobs-helpers";

/** Parts Expenses (002 §2) and Part History: the screen, a view, inline edit, Edit Selected, the approve modal, Print Selected. */

async function jobWithParts(page: Page, tag: string) {
  const api = await apiOf(page);
  const refs = await refsOf(api, "bv21");
  const nominal = (await api.get("nominal?page_size=1000")).results[0];
  const part = (name: string, extra: Record<string, unknown> = {}) => ({
    key: name,
    name,
    part_number: `PN-${tag}`,
    supplier: refs.workshop.id,
    cost: 40,
    to_be_ordered: true,
    supplier_tracking_option: refs.tracking,
    customer_tracking_option: refs.tracking,
    ...extra,
  });
  const job = await api.post("createjob", {
    vehicle: refs.vehicle.id,
    customer: refs.customer.id,
    workshop: refs.workshop.id,
    department: refs.department.id,
    book_in_date: "2030-01-02",
    workshop_date: "2030-01-03",
    work_items: [
      {
        key: "w1",
        description: "Brakes",
        work_type: refs.workType.id,
        labour_hours: 1,
        supplier_tracking_option: refs.tracking,
        customer_tracking_option: refs.tracking,
        parts: [part(`Pads ${tag}`), part(`Discs ${tag}`, { cost: 60, to_be_ordered: false, date_ordered: "2030-01-02" })],
      },
    ],
  });
  return { job, nominal, refs };
}

const partsTable = (page: Page) => page.getByRole("table", { name: "Parts" });

test("Parts Expenses: views, inline edit, Edit Selected, approving a supplier invoice across two parts, Print Selected", async ({ page }) => {
  await signIn(page);
  const tag = uniq();
  const { job, nominal } = await jobWithParts(page, tag);
  await page.goto("/parts");
  await expect(page.getByRole("heading", { level: 1, name: "Parts Expenses" })).toBeVisible();
  await expect(page.getByRole("radiogroup", { name: "Parts view" }).getByRole("radio", { name: "Current" })).toBeChecked();
  await expect(page.getByLabel("Parts total")).toContainText("Total parts cost");
  await typeInto(page.getByRole("searchbox", { name: "Search" }), `pads ${tag}`);
  const pads = partsTable(page).getByRole("row").filter({ hasText: `Pads ${tag}` });
  await expect(pads).toHaveCount(1);
  await expect(pads.getByRole("link", { name: `J${job.id}` })).toHaveAttribute("href", `/editjob/${job.id}`);

  // To Be Ordered holds the pads, not the ordered discs.
  await page.getByRole("radiogroup", { name: "Parts view" }).getByText("To Be Ordered", { exact: true }).click();
  await typeInto(page.getByRole("searchbox", { name: "Search" }), `pn${tag}`);
  await expect(partsTable(page).getByRole("row").filter({ hasText: tag })).toHaveCount(1);
  await page.getByRole("radiogroup", { name: "Parts view" }).getByText("Current", { exact: true }).click();
  await typeInto(page.getByRole("searchbox", { name: "Search" }), `pn${tag}`);
  // The search as typed has landed (the rows before it are the same two, so the count alone could pass early).
  await expect(page).toHaveURL(new RegExp(`search=pn${tag}(&|$)`));
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(`pn${tag}`);
  await expect(partsTable(page).getByRole("row").filter({ hasText: tag })).toHaveCount(2);

  // Inline edit: the pads' invoice number saved.
  await partsTable(page).getByRole("row").filter({ hasText: `Pads ${tag}` }).getByRole("button", { name: "Edit" }).click();
  const editing = partsTable(page).getByRole("row", { name: /Editing part/ });
  await typeInto(editing.getByLabel("Invoice No"), `INV-${tag}`);
  await editing.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(partsTable(page).getByRole("row").filter({ hasText: `Pads ${tag}` })).toContainText(`INV-${tag}`);

  // Edit Selected: both parts get the invoice number and dates.
  await page.getByRole("checkbox", { name: "Select all" }).check();
  await page.getByRole("button", { name: /Edit Selected/ }).click();
  const modal = page.getByRole("dialog", { name: /Edit Selected/ });
  await typeInto(byLabel(modal, "Invoice Number"), `INV-${tag}`);
  await typeAndLeave(page, byLabel(modal, "Invoice Date"), "05/01/2030");
  await typeAndLeave(page, byLabel(modal, "Date Ordered"), "04/01/2030");
  await modal.getByRole("button", { name: "Save Selected" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(modal).toBeHidden();
  await expect(partsTable(page).getByRole("row").filter({ hasText: `INV-${tag}` })).toHaveCount(2);

  // Print Selected: the invoicing sheet with totals and the supplier summary.
  await page.getByRole("button", { name: "Print Selected" }).click();
  await expect(page.getByRole("table", { name: "Selected parts" })).toBeVisible();
  await expect(page.getByTestId("print-total-cost")).toHaveText("£100.00");
  await expect(page.getByRole("table", { name: "Supplier summary" })).toContainText(`INV-${tag}`);
  await page.getByRole("button", { name: "Back to Parts Expenses" }).click();

  // The approve modal: without a nominal code, 'Cannot approve parts' and nothing sent; with one, both approved.
  await typeInto(page.getByRole("searchbox", { name: "Search" }), `pn${tag}`);
  await partsTable(page).getByRole("row").filter({ hasText: `Pads ${tag}` }).getByRole("button", { name: "Approve" }).click();
  const approve = page.getByRole("dialog", { name: new RegExp(`Approve invoice INV-${tag}`) });
  await expect(approve.getByRole("row")).toHaveCount(3);
  await approve.getByRole("button", { name: "Approve Parts" }).click();
  await expect(approve.getByRole("alert")).toContainText("Cannot approve parts");
  await expect(approve.getByRole("alert")).toContainText("Nominal Code is required");
  for (const name of [`Pads ${tag}`, `Discs ${tag}`]) await approve.getByLabel(`Nominal code of ${name}`).selectOption(String(nominal.id));
  await approve.getByRole("button", { name: "Approve Parts" }).click();
  await expect(approve).toBeHidden();
  await page.getByRole("radiogroup", { name: "Parts view" }).getByText("Approved", { exact: true }).click();
  await typeInto(page.getByRole("searchbox", { name: "Search" }), `pn${tag}`);
  // The search as typed has landed (the rows before it are the same two, so the count alone could pass early).
  await expect(page).toHaveURL(new RegExp(`search=pn${tag}(&|$)`));
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(`pn${tag}`);
  await expect(partsTable(page).getByRole("row").filter({ hasText: tag })).toHaveCount(2);
  await expect(partsTable(page).getByRole("row").filter({ hasText: `Pads ${tag}` })).toContainText("Robin");
});

test("Part History opens with its views", async ({ page }) => {
  await signIn(page);
  const tag = uniq();
  await jobWithParts(page, tag);
  await page.goto("/partHistory");
  await expect(page.getByRole("heading", { level: 1, name: "Part History" })).toBeVisible();
  await expect(page.getByRole("radiogroup", { name: "Part history view" }).getByRole("radio", { name: "All" })).toBeChecked();
  await expect(page.getByRole("table", { name: "Part history" }).getByRole("row").filter({ hasText: `Pads ${tag}` })).toHaveCount(1);
  await page.getByRole("radiogroup", { name: "Part history view" }).getByText("Stock", { exact: true }).click();
  await expect(page.getByRole("table", { name: "Part history" }).getByRole("row").filter({ hasText: `Pads ${tag}` })).toHaveCount(0);
});

test("Create New Part Lookup from Parts Expenses: saved into Part Stock, the same part again is 'This part already exists!'", async ({ page }) => {
  await signIn(page);
  const name = `Track Rod End ${uniq()}`;
  await page.goto("/parts");
  await page.getByRole("button", { name: "Create New Part Lookup" }).click();
  let dialog = page.getByRole("dialog", { name: "Create New Part Lookup" });
  await typeInto(byLabel(dialog, "Name"), name);
  await typeInto(byLabel(dialog, "Part number"), "TRE-5");
  await typeInto(byLabel(dialog, "Make"), "Ford");
  await typeInto(byLabel(dialog, "Cost"), "18");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(dialog).toBeHidden();
  // Through the part lookup call: it is in Part Stock.
  const found = await (await apiOf(page)).get(`partlookup?name=${encodeURIComponent(name)}`);
  expect(found.results.map((r: { name: string; part_number: string }) => [r.name, r.part_number])).toEqual([[name, "TRE-5"]]);
  await expect(page.getByRole("heading", { level: 1, name: "Parts Expenses" })).toBeVisible();

  // The same name, part number and make again (case and punctuation aside): refused, nothing created.
  await page.getByRole("button", { name: "Create New Part Lookup" }).click();
  dialog = page.getByRole("dialog", { name: "Create New Part Lookup" });
  await typeInto(byLabel(dialog, "Name"), name.toUpperCase());
  await typeInto(byLabel(dialog, "Part number"), "tre 5");
  await typeInto(byLabel(dialog, "Make"), "FORD");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toContainText("This part already exists!");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  expect((await (await apiOf(page)).get(`partlookup?name=${encodeURIComponent(name)}`)).count).toBe(1);
});
