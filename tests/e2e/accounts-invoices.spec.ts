import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { byLabel, clearToasts, expectToast, readyThenApprove, signIn, typeInto, uniq } from "./helpers";

/**
 * Invoicing (003 §2 Invoicing page) and Credit Notes (003 §2): each
 * activeView opens with its views, an invoice goes not approved → ready →
 * approved through the screen and is credited, the credit note is made
 * ready and approved on /credit, and the /credit filters narrow the list.
 */

async function auth(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  return { Authorization: `Token ${token}` };
}

async function firstId(request: APIRequestContext, headers: Record<string, string>, path: string) {
  const answer = await (await request.get(`/api/${path}`, { headers })).json();
  return answer.results[0].id as number;
}

test("each activeView opens with its views and the demo invoices", async ({ page }) => {
  await signIn(page);
  for (const [view, title] of [
    ["hire", "Hire Invoices"],
    ["movement", "Movement Invoices"],
    ["sales", "Vehicle Sales Invoices"],
    ["order", "Parts Invoices"],
  ]) {
    await page.goto(`/invoices?activeView=${view}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const table = page.getByRole("table", { name: "Invoices" });
    await page.getByRole("radiogroup", { name: "View" }).getByText("Approved", { exact: true }).click();
    await expect(table.locator("tr[data-state='APPROVED']").first()).toBeVisible();
    await expect(table.locator("tr[data-state='READY']")).toHaveCount(0);
    await page.getByRole("radiogroup", { name: "View" }).getByText("Ready to Invoice", { exact: true }).click();
    await expect(table.locator("tr[data-state='READY']").first()).toBeVisible();
    await expect(table.locator("tr[data-state='APPROVED']")).toHaveCount(0);
  }
});

test("an invoice goes not approved → ready → approved on screen, is credited, and the credit note is approved", async ({ page, request }) => {
  await signIn(page);
  const headers = await auth(page);
  const tag = `e2e inv ${uniq()}`;
  const [customer, nominal] = await Promise.all([firstId(request, headers, "customersearch?search=acme"), firstId(request, headers, "nominal?page_size=1000")]);
  const made = await request.post("/api/invoices", { headers, data: { customer, amount: 100, no_vat_amount: 0, description: tag } });
  expect(made.status()).toBe(201);

  await page.goto("/invoices?activeView=sales");
  await page.getByRole("searchbox", { name: "Search" }).pressSequentially("acme");
  await page.getByRole("radiogroup", { name: "View" }).getByText("Not Approved", { exact: true }).click();
  const table = page.getByRole("table", { name: "Invoices" });
  const row = table.getByRole("row").filter({ hasText: tag });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("£120.00");

  // Approve is refused on screen while the VAT nominal code is missing (003 §5).
  await row.getByRole("button", { name: "Ready" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await page.getByRole("radiogroup", { name: "View" }).getByText("Ready to Invoice", { exact: true }).click();
  await expect(row).toHaveAttribute("data-state", "READY");
  await clearToasts(page);
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "A VAT nominal code is required when the amount is above 0" }).first()).toBeVisible();
  await clearToasts(page);

  // Edit: set the nominal code, then approve.
  await row.getByRole("button", { name: "Edit", exact: true }).click();
  const modal = page.getByRole("dialog");
  await byLabel(modal, "VAT nominal code").selectOption({ index: 1 });
  await modal.getByRole("button", { name: "Save Invoice" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(modal).toBeHidden();
  await clearToasts(page);
  await row.getByRole("button", { name: "Approve" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await page.getByRole("radiogroup", { name: "View" }).getByText("Approved", { exact: true }).click();
  await expect(row).toHaveAttribute("data-state", "APPROVED");
  await expect(row).toContainText(/IN\d{5}/);
  await expect(row.getByRole("button", { name: "Edit", exact: true })).toHaveCount(0);
  void nominal;

  // Credit it: £10 + VAT = £12 off the £120 outstanding.
  await clearToasts(page);
  await row.getByRole("button", { name: "Credit" }).click();
  const credit = page.getByRole("dialog");
  await typeInto(byLabel(credit, "Amount (vatable)"), "10");
  await typeInto(byLabel(credit, "Description"), tag);
  await credit.getByRole("button", { name: "Create Credit Note" }).click();
  await expectToast(page, "Success", "Data saved successfully.");
  await expect(credit).toBeHidden();

  // /credit: not approved → ready → approved.
  await page.goto("/credit?approved=not_approved&view=SALE");
  const credits = page.getByRole("table", { name: "Credit notes" });
  const crow = credits.getByRole("row").filter({ hasText: tag });
  await expect(crow).toHaveCount(1);
  await readyThenApprove(page, crow);
  await expect(crow.getByRole("button", { name: "Delete" })).toBeDisabled();
  // Other views do not hold it.
  await page.getByRole("radiogroup", { name: "View" }).getByText("Movement Invoice", { exact: true }).click();
  await expect(crow).toHaveCount(0);

  // The invoice now owes £108.
  await page.goto("/invoices?activeView=sales&view=approved");
  await page.getByRole("searchbox", { name: "Search" }).pressSequentially("acme");
  await expect(table.getByRole("row").filter({ hasText: tag })).toContainText("£108.00");
});

test("a parts invoice opens its part list: the completed part order's parts, costs and charges as GET partorder/{id} answers them", async ({ page, request }) => {
  await signIn(page);
  const headers = await auth(page);
  const get = async (path: string) => {
    const res = await request.get(`/api/${path}`, { headers });
    expect(res.ok(), `GET ${path}: ${res.status()}`).toBe(true);
    return res.json();
  };
  const post = async (path: string, data: unknown) => {
    const res = await request.post(`/api/${path}`, { headers, data });
    expect(res.ok(), `POST ${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return res.json();
  };
  const tag = uniq();
  // A customer of its own (parts markup 50%), so the search finds this invoice alone.
  const name = `Parts List Haulage ${tag}`;
  const customer = await post("contacts", {
    display_name: name, contact_type: "CC", partial_contact: false, company_name: name, company_email: "accounts@example.co.uk",
    company_phone: "0121 496 0000", company_phone_type: "Phone", company_phone_area_code: "0121", company_phone_country_code: "44",
    address_line1: "1 Trade Park", town: "Birmingham", region: "West Midlands", postcode: "B1 1AA", country: "United Kingdom",
    payment_term_days: 30, supplier_payment_terms: 30, workshop_account_code: "C001", labour_rate_markup: 0, parts_markup: 50,
  });
  const supplier = (await get("suppliersearch?search=midland")).results[0];
  const category = (await get("trackingcategory?page_size=1000")).results[0];
  const tracking = { id: category.options[0].id, name: category.options[0].name, category: category.id };
  const line = (name: string, part_number: string, cost: number) => ({ name, part_number, cost, supplier: supplier.id, supplier_tracking_option: tracking, customer_tracking_option: tracking });
  const order = await post("createpartorder", {
    customer: customer.id,
    customer_vehicle: "DE20 PLM",
    order_number: `PL-${tag}`,
    description: "Clutch for the customer's van",
    parts: [line(`Clutch kit ${tag}`, "CK-410", 120), line(`Flywheel ${tag}`, "FW-88", 80.5)],
  });
  // Completing it raises its ORDER invoice (not approved) in the same unit.
  await post("partorderapprove", { ...order, tracking_option: tracking });
  const stored = await get(`partorder/${order.id}`);
  expect(stored.status).toBe("COMPLETE");
  const parts = stored.parts as Array<{ name: string; part_number: string; cost: number; customer_cost: number }>;
  expect(parts.map((p) => [p.name, p.part_number, p.cost, p.customer_cost])).toEqual([
    [`Clutch kit ${tag}`, "CK-410", 120, 180],
    [`Flywheel ${tag}`, "FW-88", 80.5, 120.75],
  ]);
  const invoices = await get(`invoices?activeView=order&view=not_approved&search=${encodeURIComponent(name)}`);
  expect(invoices.results.filter((i: { part_order: number | null }) => i.part_order === order.id)).toHaveLength(1);

  await page.goto("/invoices?activeView=order");
  await expect(page.getByRole("heading", { level: 1, name: "Parts Invoices" })).toBeVisible();
  await page.getByRole("radiogroup", { name: "View" }).getByText("Not Approved", { exact: true }).click();
  await page.getByRole("searchbox", { name: "Search" }).pressSequentially(name);
  const row = page.getByRole("table", { name: "Invoices" }).getByRole("row").filter({ hasText: `Part order PL-${tag}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText("£300.75"); // the order's charge: 180 + 120.75
  await row.getByRole("button", { name: "Parts", exact: true }).click();

  const modal = page.getByRole("dialog", { name: `Part Order PL-${tag}` });
  await expect(modal).toBeVisible();
  const list = modal.getByRole("table", { name: "Part list" });
  await expect(list.getByRole("columnheader")).toHaveText(["Part", "Part number", "Cost", "Charge"]);
  const money = (n: number) => `£${n.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const rows = list.locator("tbody tr");
  await expect(rows).toHaveCount(parts.length);
  for (const [i, p] of parts.entries()) await expect(rows.nth(i).getByRole("cell")).toHaveText([p.name, p.part_number, money(p.cost), money(p.customer_cost)]);
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
});

test("Approve straight after Save Invoice sends the version just saved, while the list's refetch is still held back", async ({ page, request }) => {
  await signIn(page);
  const headers = await auth(page);
  const tag = `e2e inv ${uniq()}`;
  const [customer, nominal] = await Promise.all([firstId(request, headers, "customersearch?search=acme"), firstId(request, headers, "nominal?page_size=1000")]);
  // Ready to invoice, its VAT nominal code set: Approve passes the screen's rules, so the version alone decides.
  const made = await request.post("/api/invoices", { headers, data: { customer, amount: 100, no_vat_amount: 0, description: tag, vat_nominal_code: nominal } });
  expect(made.status(), await made.text()).toBe(201);
  const invoice = await made.json();
  const ready = await request.put("/api/invoiceready", { headers, data: [{ id: invoice.id, last_saved: invoice.last_saved }] });
  expect(ready.status(), await ready.text()).toBe(200);

  await page.goto("/invoices?activeView=sales");
  await page.getByRole("searchbox", { name: "Search" }).pressSequentially("acme");
  await page.getByRole("radiogroup", { name: "View" }).getByText("Ready to Invoice", { exact: true }).click();
  const row = page.getByRole("table", { name: "Invoices" }).getByRole("row").filter({ hasText: tag });
  await expect(row).toHaveAttribute("data-state", "READY");

  // From the save on, the list's GETs wait (a slow refetch): the rows shown are the cached ones.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  let holding = false;
  await page.route(
    (url) => url.pathname === "/api/invoices",
    async (route) => {
      if (holding && route.request().method() === "GET") await held;
      await route.continue().catch(() => undefined);
    },
  );
  await row.getByRole("button", { name: "Edit", exact: true }).click();
  const modal = page.getByRole("dialog");
  await typeInto(byLabel(modal, "Comments"), `Saved then approved ${tag}`);
  holding = true;
  const saved = page.waitForResponse((r) => r.request().method() === "PUT" && new URL(r.url()).pathname === `/api/invoices/${invoice.id}`);
  await modal.getByRole("button", { name: "Save Invoice" }).click();
  const savedBody = await (await saved).json();
  await expect(modal).toBeHidden();
  await clearToasts(page);
  const approved = page.waitForResponse((r) => r.request().method() === "PUT" && new URL(r.url()).pathname === "/api/invoiceapprove");
  await row.getByRole("button", { name: "Approve" }).click();
  const answer = await approved;
  // The row sent the version the save answered, not the one the list was fetched with: no 409.
  expect(answer.request().postDataJSON()).toEqual([{ id: invoice.id, last_saved: savedBody.last_saved }]);
  expect(answer.status()).toBe(200);
  await expectToast(page, "Success", "Data saved successfully.");
  holding = false;
  release();
  await page.getByRole("radiogroup", { name: "View" }).getByText("Approved", { exact: true }).click();
  await expect(row).toHaveAttribute("data-state", "APPROVED");
});
