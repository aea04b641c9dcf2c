import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { clearToasts, expectToast, signIn, uniq } from "./helpers";

/**
 * The quotes list (002 §2 Quotes list): its five views (Active by
 * default), the Priced button of To Be Priced rows, search, the quote type
 * column filter, the Approver column of Approved, and the prints opened
 * from the editor (quote sheet as a PDF, pick list padded to 15 rows).
 */

async function auth(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  return { Authorization: `Token ${token}` };
}

async function firstId(request: APIRequestContext, headers: Record<string, string>, path: string) {
  const answer = await (await request.get(`/api/${path}`, { headers })).json();
  return answer.results[0].id as number;
}

async function makeQuote(request: APIRequestContext, headers: Record<string, string>, description: string, quote_type = "NONE") {
  const [vehicle, customer, department, workType, supplier] = await Promise.all([
    firstId(request, headers, "vehiclesearch?search=bv21"),
    firstId(request, headers, "customersearch?search=acme"),
    firstId(request, headers, "departments?page_size=1000"),
    firstId(request, headers, "worktype?page_size=1000"),
    firstId(request, headers, "suppliersearch?search=midland"),
  ]);
  const res = await request.post("/api/createquote", {
    headers,
    data: {
      vehicle,
      customer,
      department,
      quote_type,
      description,
      provisional_start_date: "2031-06-02",
      estimated_work_items: [
        {
          key: `w-${uniq()}`,
          description: "Replace rear tyres",
          work_type: workType,
          estimated_labour_hours: 1,
          parts: [{ key: `p-${uniq()}`, name: "Rear tyre", part_number: "RT-205", supplier, estimated_cost: 65 }],
        },
      ],
    },
  });
  expect(res.status()).toBeLessThan(300);
  return (await res.json()) as { id: number; estimated_work_items: Array<{ id: number }> };
}

test("quotes list: views, Priced, search, quote type filter, Approver column", async ({ page, request }) => {
  await signIn(page);
  const headers = await auth(page);
  const tag = uniq();
  const quote = await makeQuote(request, headers, `Tyres ${tag}`, "OFF HIRE");

  await page.goto("/quotes");
  await expect(page.getByRole("heading", { level: 1, name: "Quotes" })).toBeVisible();
  const view = page.getByRole("radiogroup", { name: "View" });
  await expect(view.getByRole("radio", { name: "Active" })).toBeChecked();
  const table = page.getByRole("table", { name: "Quotes" });
  for (const h of ["Job No.", "Registration", "Description", "Earliest Workshop Date", "Provisional Start Date", "Items Not Started", "Quote Type", "Comments", "Customer", "Customer2", "Customer Invoice Numbers", "Make", "Model"])
    await expect(table.getByRole("columnheader").filter({ hasText: h }).first()).toBeVisible();
  // A new quote has no job cards: not Active.
  await expect(table.getByRole("row").filter({ hasText: `Tyres ${tag}` })).toHaveCount(0);

  await view.getByText("To Be Priced").click();
  await expect(page).toHaveURL(/view=to_be_priced/);
  await page.getByRole("searchbox", { name: "Search" }).pressSequentially("BV21");
  // The typed search lands (debounced) before the row is acted on, as staff see the narrowed list first.
  await expect(page).toHaveURL(/search=BV21/);
  const row = table.getByRole("row").filter({ hasText: `Tyres ${tag}` });
  await expect(row).toContainText("BV21 KLM");
  await expect(row).toContainText("02/06/2031");
  await expect(row).toContainText("OFF HIRE");
  await expect(row).toContainText("Acme Builders Ltd");
  await expect(row).toContainText("Vauxhall");
  await expect(row).toContainText("Vivaro");
  await clearToasts(page);
  await row.getByRole("button", { name: `Priced ${quote.id}` }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(row).toHaveCount(0);

  await view.getByText("Quotes", { exact: true }).click();
  await expect(table.getByRole("row").filter({ hasText: `Tyres ${tag}` })).toBeVisible();
  // The quote type column filter narrows the view.
  await page.getByRole("combobox", { name: "Filter Quote Type" }).click();
  await page.getByRole("option", { name: "INSURANCE CLAIM" }).click();
  await expect(page).toHaveURL(/quote_type=INSURANCE/);
  await expect(table.getByRole("row").filter({ hasText: `Tyres ${tag}` })).toHaveCount(0);
  await page.getByRole("combobox", { name: "Filter Quote Type" }).click();
  await page.getByRole("option", { name: "OFF HIRE" }).click();
  await expect(table.getByRole("row").filter({ hasText: `Tyres ${tag}` })).toBeVisible();

  await view.getByText("All").click();
  await expect(table.getByRole("row").filter({ hasText: `Tyres ${tag}` })).toBeVisible();
  await view.getByText("Approved").click();
  await expect(table.getByRole("columnheader", { name: "Approver" })).toBeVisible();

  // A row opens its quote.
  await view.getByText("All").click();
  await table.getByRole("row").filter({ hasText: `Tyres ${tag}` }).getByRole("link", { name: String(quote.id) }).click();
  await expect(page).toHaveURL(new RegExp(`/editquote/${quote.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Quote BV21 KLM" })).toBeVisible();
});

test("prints: the workshop quote sheet (A4 PDF with its totals and terms) and the pick list padded to 15 rows", async ({ page, request }) => {
  await signIn(page);
  const headers = await auth(page);
  const tag = uniq();
  const quote = await makeQuote(request, headers, `Print ${tag}`);
  await page.goto(`/editquote/${quote.id}`);
  await page.getByRole("button", { name: "Print Workshop Quote Sheet" }).click();
  await page.getByRole("dialog", { name: "Print Workshop Quote Sheet" }).getByRole("button", { name: "Open Print" }).click();
  await expect(page).toHaveURL(new RegExp(`/printquote/${quote.id}$`));
  const sheet = page.getByRole("article", { name: "Quote sheet" });
  await expect(sheet.getByRole("img", { name: "Rentals Direct logo" })).toBeVisible();
  await expect(sheet.getByRole("heading", { name: "Quote - BV21 KLM" })).toBeVisible();
  await expect(sheet.getByRole("table", { name: "Vehicle" })).toContainText("VXEV7EHZ8MZ021007");
  await expect(sheet).toContainText(`Print ${tag}`);
  const totals = sheet.getByRole("table", { name: "Totals" });
  for (const label of ["Labour", "Parts", "Total", "Total inc VAT"]) await expect(totals.getByRole("rowheader", { name: label, exact: true })).toBeVisible();
  await expect(sheet.getByRole("table", { name: "Work and parts" })).toContainText("Rear tyre");
  await expect(sheet).toContainText("All prices are excluding VAT. Our standard terms and conditions apply. A copy of these can be found on our website.");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  const pdf = await page.pdf({ format: "A4", printBackground: true });
  expect(pdf.subarray(0, 4).toString()).toBe("%PDF");
  expect((pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length).toBe(1);
  await page.emulateMedia({ media: "screen" });

  await page.goto(`/printpicklist/${quote.id}`);
  const pick = page.getByRole("article", { name: "Pick list" });
  await expect(pick.getByRole("heading", { name: /Pick List - BV21 KLM \(VXEV7EHZ8MZ021007\)/ })).toBeVisible();
  await expect(pick.getByRole("table", { name: "Quote" })).toContainText("Acme Builders Ltd");
  await expect(pick.getByRole("table", { name: "Quote" })).toContainText(String(quote.id));
  const parts = pick.getByRole("table", { name: "Parts" });
  await expect(parts).toContainText("RT-205");
  await expect(parts).toContainText("Midland Commercial Repairs");
  // One part and 14 blank rows: 15 in all (002 §9).
  await expect(parts.locator("tbody tr")).toHaveCount(15);
  await page.emulateMedia({ media: "print" });
  const landscape = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  // One A4 landscape page: 842 x 595 points.
  const sizes = [...landscape.toString("latin1").matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => [Math.round(Number(m[1])), Math.round(Number(m[2]))]);
  expect(sizes).toEqual([[842, 595]]);
});

test("quotes list: row colours follow the quote's job cards (none without one, orange with one not started, red once it is back with none started)", async ({ page, request }) => {
  await signIn(page);
  const headers = await auth(page);
  const tag = uniq();
  const quote = await makeQuote(request, headers, `Colours ${tag}`);
  const [garage] = (await (await request.get("/api/suppliersearch?search=midland", { headers })).json()).results;
  const row = page.getByRole("table", { name: "Quotes" }).getByRole("row").filter({ hasText: `Colours ${tag}` });
  const openAll = async (search: string) => {
    await page.goto(`/quotes?view=all&search=${encodeURIComponent(search)}`);
    await expect(row).toHaveCount(1);
  };

  // No job card yet: no colour.
  await openAll(String(quote.id));
  await expect(row).toHaveAttribute("data-row-colour", "none");

  // A job card for its item, its workshop date still ahead: orange.
  const made = await request.post("/api/createquotejob", {
    headers,
    data: { quote: quote.id, items: [quote.estimated_work_items[0].id], customerInvoiceNumber: `COL-${tag}`, customer2InvoiceNumber: null, workshop: { id: garage.id, display_name: garage.display_name }, bookInDate: "2031-06-01", startDate: "2031-06-02" },
  });
  expect(made.status(), await made.text()).toBe(201);
  const jobId = (await made.json()).id as number;
  await openAll(String(quote.id));
  await expect(row).toHaveAttribute("data-row-colour", "orange");
  await expect(row).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  const orange = await row.evaluate((el) => getComputedStyle(el).backgroundColor);

  // The job back from the workshop, none started: red.
  const job = await (await request.get(`/api/jobs/${jobId}`, { headers })).json();
  const returned = await request.put(`/api/jobs/returned/${jobId}`, { headers, data: { status: "RETURNED_FROM_WORKSHOP", last_saved: job.last_saved } });
  expect(returned.status(), await returned.text()).toBe(200);
  await openAll(String(quote.id));
  await expect(row).toHaveAttribute("data-row-colour", "red");
  await expect(row).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  expect(await row.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(orange);
});
