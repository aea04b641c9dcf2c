import { expect, test, type Browser } from "@playwright/test";
import { DynamoDBClient, ScanCommand, UpdateItemCommand } from "@aws-sdk/client-dynamodb";
import { signIn, typeAndLeave, typeInto } from "./helpers";
import { apiOf, refsOf, type JobsApi } from "./workshop-jobs-helpers";

/**
 * The customer's quote approval link at 390x844 (issue 26 "Done when",
 * docs/quote-approval.md): staff send a quote for approval; the customer,
 * on a phone, declines one item, approves two and confirms; staff see the
 * answer on the quote and in the quotes list, and make a job card from the
 * approved items (preselected). An expired, a revoked and a reused link
 * each show a clear page and change nothing. The customer's page makes no
 * call but its own two and breaks no CSP rule.
 */

const PHONE = { width: 390, height: 844 };

async function newQuote(api: JobsApi, tag: string) {
  const refs = await refsOf(api, "YK23 HVC");
  const part = (name: string, cost: number) => ({ name, part_number: `${name.slice(0, 3).toUpperCase()}-1`, supplier: refs.workshop.id, estimated_cost: cost });
  const quote = await api.post("createquote", {
    vehicle: refs.vehicle.id,
    customer: refs.customer.id,
    department: refs.department.id,
    description: `Repairs before hire ${tag}`,
    provisional_start_date: "2031-07-01",
    estimated_work_items: [
      { key: "a", description: `Front brakes ${tag}`, work_type: refs.workType.id, estimated_labour_hours: 2, parts: [part("Brake pads", 50)] },
      { key: "b", description: `Wipers ${tag}`, work_type: refs.workType.id, estimated_labour_hours: 0.5, parts: [part("Wiper blades", 12.5)] },
      { key: "c", description: `Tyres ${tag}`, work_type: refs.workType.id, estimated_labour_hours: 1, parts: [part("Tyre", 80.1)] },
    ],
  });
  return { quote, refs };
}

/** A phone of the customer's: its own browser (no staff sign-in), recording its calls and any CSP report. */
async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, locale: "en-GB", timezoneId: "Europe/London", isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const calls: string[] = [];
  const csp: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/")) calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
  });
  return { page, calls, csp, close: () => context.close() };
}

async function sendByApi(api: JobsApi, id: number): Promise<{ token: string; url: string }> {
  return api.post(`quotes/approvallink/${id}`, undefined);
}

test("a customer declines one item and approves two on a phone; staff see the answer and make a job card from the approved items", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page);
  const api = await apiOf(page);
  const tag = Date.now().toString(36).slice(-5);
  const { quote } = await newQuote(api, tag);

  // Staff: Send for approval shows the link, the e-mail to paste, and that mail is not set up here.
  await page.goto(`/editquote/${quote.id}`);
  await page.getByRole("button", { name: "Send for approval" }).click();
  const dialog = page.getByRole("dialog", { name: "Send for approval" });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  const url = await dialog.getByLabel("Link").inputValue();
  expect(url).toMatch(/\/approve\/[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByLabel("E-mail text")).toHaveValue(new RegExp(url.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")));
  await expect(dialog).toContainText("E-mail is not set up");
  await expect(dialog.getByRole("button", { name: "Send e-mail" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(page.getByText("Sent for approval")).toBeVisible();

  // The customer, on a phone.
  const customer = await phone(browser);
  const p = customer.page;
  await p.goto(url);
  await expect(p.getByRole("heading", { name: "Your quote" })).toBeVisible({ timeout: 30_000 });
  await expect(p.getByText("Rentals Direct")).toBeVisible();
  await expect(p.getByText(quote.vehicle.registration)).toBeVisible();
  const totals = p.getByRole("region", { name: "Totals" });
  await expect(totals).toContainText("Total inc VAT");
  // Nothing wider than the phone.
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // Confirm with nothing chosen: the messages at their fields, nothing sent.
  await p.getByRole("button", { name: "Confirm" }).click();
  await expect(p.getByText("Please enter your name")).toBeVisible();
  await expect(p.getByRole("alert").filter({ hasText: "Please approve or decline every item" })).toBeVisible();
  expect(customer.calls.filter((c) => c.startsWith("POST"))).toEqual([]);

  const item = (n: number) => p.getByRole("region", { name: `Item ${n}` });
  await item(1).getByText("Decline").click();
  await item(2).getByText("Approve").click();
  await item(3).getByText("Approve").click();
  // Large tap targets: the toggles and Confirm at least 44 px high.
  for (const box of [await item(1).locator("label").filter({ hasText: "Decline" }).boundingBox(), await p.getByRole("button", { name: "Confirm" }).boundingBox()]) expect(box!.height).toBeGreaterThanOrEqual(44);
  // Typed key by key, as the customer types it on the phone.
  await typeInto(p.getByLabel("Your name"), "Pat Customer");
  await p.getByRole("button", { name: "Confirm" }).click();
  await expect(p.getByRole("heading", { name: "Thank you" })).toBeVisible();
  // Only its own two calls, and no CSP report.
  expect(new Set(customer.calls.map((c) => c.replace(/[A-Za-z0-9_-]{43}$/, "{token}")))).toEqual(new Set(["GET /api/public/quote-approval/{token}", "POST /api/public/quote-approval/{token}"]));
  expect(customer.csp).toEqual([]);
  await customer.close();

  // Staff: the answer on the quote, item by item.
  await page.goto(`/editquote/${quote.id}`);
  const answer = page.getByRole("region", { name: "Customer's answer" });
  await expect(answer).toContainText("Customer part approved");
  await expect(answer).toContainText("Pat Customer");
  const decisions = answer.getByRole("table", { name: "Customer's decisions" });
  await expect(decisions.getByRole("row", { name: new RegExp(`Front brakes ${tag}`) })).toContainText("Declined");
  await expect(decisions.getByRole("row", { name: new RegExp(`Wipers ${tag}`) })).toContainText("Approved");
  await expect(decisions.getByRole("row", { name: new RegExp(`Tyres ${tag}`) })).toContainText("Approved");

  // A job card from the approved items: they come preselected.
  await page.getByRole("button", { name: "Create Job Card From Selected Items" }).click();
  const modal = page.getByRole("dialog", { name: "Create Job Card From Selected Items" });
  await expect(modal.getByRole("checkbox", { name: `Select Front brakes ${tag}` })).not.toBeChecked();
  await expect(modal.getByRole("checkbox", { name: `Select Wipers ${tag}` })).toBeChecked();
  await expect(modal.getByRole("checkbox", { name: `Select Tyres ${tag}` })).toBeChecked();
  await page.getByRole("textbox", { name: "Workshop", exact: true }).pressSequentially("midland");
  await page.getByRole("option", { name: "Midland Commercial Repairs" }).first().click();
  // The dates as staff type them (DD/MM/YYYY, key by key).
  await typeAndLeave(page, modal.getByLabel("Workshop Date"), "02/07/2031");
  await typeAndLeave(page, modal.getByLabel("Book In Date"), "01/07/2031");
  await modal.getByRole("button", { name: "Create Job Card" }).click();
  await expect(page).toHaveURL(/\/editjob\/\d+$/, { timeout: 30_000 });
  const job = await api.get(`jobs/${page.url().match(/(\d+)$/)![1]}`);
  expect(job.work_items.map((w: { description: string }) => w.description).sort()).toEqual([`Tyres ${tag}`, `Wipers ${tag}`]);

  // The quotes list shows the marker.
  await page.goto(`/quotes?view=all&search=${quote.id}`);
  await expect(page.getByRole("row").filter({ has: page.getByRole("link", { name: String(quote.id), exact: true }) })).toContainText("Customer part approved");
});

/** The server's DynamoDB Local (npm start's PORT+1000): a link's expiry moved into the past, as seven days passing would. */
async function expireLink(quoteId: number) {
  const port = Number(process.env.E2E_PORT ?? 3900) + 1000;
  const db = new DynamoDBClient({ endpoint: `http://localhost:${port}`, region: "eu-west-2", credentials: { accessKeyId: "local", secretAccessKey: "local" } });
  const found = await db.send(new ScanCommand({ TableName: "backoffice", FilterExpression: "#id = :id AND attribute_exists(approval_link)", ExpressionAttributeNames: { "#id": "id" }, ExpressionAttributeValues: { ":id": { N: String(quoteId) } } }));
  expect(found.Items).toHaveLength(1);
  const key = { pk: found.Items![0].pk, sk: found.Items![0].sk };
  await db.send(new UpdateItemCommand({ TableName: "backoffice", Key: key, UpdateExpression: "SET approval_link.expires_at = :past", ExpressionAttributeValues: { ":past": { S: "2020-01-01T00:00:00.000Z" } } }));
}

async function expectClosed(browser: Browser, url: string, message: string) {
  const customer = await phone(browser);
  await customer.page.goto(url);
  await expect(customer.page.getByRole("heading", { name: message })).toBeVisible({ timeout: 30_000 });
  await expect(customer.page.getByText("Nothing has been changed")).toBeVisible();
  await expect(customer.page.getByRole("button", { name: "Confirm" })).toHaveCount(0);
  expect(customer.csp).toEqual([]);
  await customer.close();
}

test("an expired, a revoked and a reused link each show a clear page and change nothing", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page);
  const api = await apiOf(page);
  const tag = Date.now().toString(36).slice(-5);
  const origin = new URL(page.url()).origin;

  // Reused: answered once, the link shows "already used" and the quote keeps the first answer.
  const reused = (await newQuote(api, `r${tag}`)).quote;
  const r = await sendByApi(api, reused.id);
  const first = await page.request.post(`/api/public/quote-approval/${r.token}`, { data: { name: "First Answer", items: [1, 2, 3].map((id) => ({ id, decision: "approved" })) } });
  expect(first.status()).toBe(200);
  const afterFirst = await api.get(`quotes/${reused.id}`);
  await expectClosed(browser, `${origin}/approve/${r.token}`, "This link has already been used");
  expect(await api.get(`quotes/${reused.id}`)).toEqual(afterFirst);

  // Revoked by staff from the dialog.
  const revoked = (await newQuote(api, `v${tag}`)).quote;
  await page.goto(`/editquote/${revoked.id}`);
  await page.getByRole("button", { name: "Send for approval" }).click();
  const dialog = page.getByRole("dialog", { name: "Send for approval" });
  const url = await dialog.getByLabel("Link").inputValue();
  await dialog.getByRole("button", { name: "Revoke link" }).click();
  await expect(dialog).toContainText("This link has been revoked");
  const afterRevoke = await api.get(`quotes/${revoked.id}`);
  expect(afterRevoke.approval_link.state).toBe("revoked");
  await expectClosed(browser, url, "This link is no longer valid");
  expect(await api.get(`quotes/${revoked.id}`)).toEqual(afterRevoke);

  // Expired: seven days on.
  const expired = (await newQuote(api, `e${tag}`)).quote;
  const e = await sendByApi(api, expired.id);
  await expireLink(expired.id);
  const afterExpiry = await api.get(`quotes/${expired.id}`);
  await expectClosed(browser, `${origin}/approve/${e.token}`, "This link has expired");
  const late = await page.request.post(`/api/public/quote-approval/${e.token}`, { data: { name: "Too Late", items: [1, 2, 3].map((id) => ({ id, decision: "approved" })) } });
  expect(late.status()).toBe(410);
  expect(await api.get(`quotes/${expired.id}`)).toEqual(afterExpiry);
});
