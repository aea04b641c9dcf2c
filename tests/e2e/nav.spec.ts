import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers";

const LINKS: Array<[string, string]> = [
  ["Home", "/"],
  ["Jobs", "/jobs"],
  ["Quotes", "/quotes"],
  ["Inspections", "/inspections"],
  ["Work Lookups", "/workLookup"],
  ["Rentals", "/rentals"],
  ["Movements", "/movements"],
  ["Credit Note", "/credit"],
  ["Diary", "/diary"],
  ["Reports", "/reports"],
  ["Links", "/alllinks"],
  ["Settings", "/settings"],
];

const DROPDOWNS: Array<[string, Array<[string, string]>]> = [
  ["Parts", [["Part Orders", "/partorders"], ["Part History", "/parthistory"], ["Part Stock", "/partLookup"], ["Parts Expenses", "/parts"]]],
  ["Invoicing", [["Workshop", "/invoicing"], ["Movement", "/invoices?activeView=movement"], ["Vehicle Sales", "/invoices?activeView=sales"], ["Parts", "/invoices?activeView=order"], ["Hire", "/invoices?activeView=hire"]]],
  // Compliance: beyond 001 §2.2 (issue 25, docs/compliance.md).
  ["Vehicles", [["Vehicles", "/vehicles"], ["Keys", "/keys"], ["Vehicle Trackers", "/trackers"], ["Compliance", "/compliance"], ["Fleet League", "/fleetleague"]]],
  ["Contacts", [["All Contacts", "/contacts"], ["Suppliers", "/contacts?type=SP"], ["Customers", "/contacts?type=CC"], ["Customer Account Balance", "/accountbalance"]]],
  ["Income", [["Workshop Expenses", "/po"], ["Fixed Expenses", "/fixedexpense"], ["All", "/income"]]],
  ["Expenses", [["Workshop Expenses", "/po"], ["Fixed Expenses", "/fixedexpense"], ["All", "/expenses"]]],
  ["Sale Payments", [["Sale Payments", "/payments"], ["Recurring Payments", "/recurringpayments"]]],
];

const ENTRIES = [
  "Home", "Jobs", "Quotes", "Inspections", "Parts", "Work Lookups", "Invoicing", "Rentals", "Vehicles", "Movements",
  "Contacts", "Income", "Expenses", "Credit Note", "Sale Payments", "Diary", "Reports", "Quick Links", "Links", "Settings",
];

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const barEntries = async (page: Page) => (await nav(page).getByRole("link").or(nav(page).getByRole("button")).allInnerTexts()).map((n) => n.trim());

// A wide screen: every entry on the bar itself (narrower ones put the last entries under More, tested below).
const WIDE = { width: 1920, height: 900 };

test("the bar lists every entry of 001 §2.2 in order", async ({ page }) => {
  await page.setViewportSize(WIDE);
  await signIn(page);
  expect(await barEntries(page)).toEqual(ENTRIES);
  await expect(page.getByRole("button", { name: "Account: Robin" })).toBeVisible();
});

test("at 1366 x 768 the bar is one row; the entries that do not fit are under More, in order, and reachable", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page);
  const home = await nav(page).getByRole("link", { name: "Home", exact: true }).boundingBox();
  const bar = await nav(page).boundingBox();
  const header = await page.locator("header").boundingBox();
  // One row: the bar is as high as one of its entries, and the whole header stays one line high.
  expect(bar!.height).toBeLessThanOrEqual(home!.height + 2);
  expect(header!.height).toBeLessThan(2 * home!.height);

  const onBar = await barEntries(page);
  expect(onBar.at(-1)).toBe("More");
  const shown = onBar.slice(0, -1);
  expect(shown.length).toBeGreaterThanOrEqual(10);
  await nav(page).getByRole("button", { name: "More", exact: true }).click();
  const more = page.getByRole("menu", { name: "More", exact: true });
  // Plain entries are items, dropdowns are labelled groups of their items: together, in the spec's order.
  const rest = ENTRIES.slice(shown.length);
  expect([...shown, ...rest]).toEqual(ENTRIES);
  for (const label of rest) {
    const plain = LINKS.some(([l]) => l === label);
    await expect(plain ? more.getByRole("menuitem", { name: label, exact: true }) : more.getByRole("group", { name: label, exact: true })).toBeVisible();
  }
  await more.getByRole("menuitem", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
  // The active entry is under More, so More is the highlighted tab.
  await expect(nav(page).getByRole("button", { name: "More", exact: true })).toHaveAttribute("aria-current", "page");
  await nav(page).getByRole("button", { name: "More", exact: true }).click();
  await expect(more.getByRole("group", { name: "Quick Links" }).getByRole("menuitem", { name: "DVLA vehicle enquiry" })).toHaveAttribute("target", "_blank");
});

test("plain entries go to their targets and the active tab follows the path", async ({ page }) => {
  await page.setViewportSize(WIDE);
  await signIn(page);
  for (const [label, to] of LINKS) {
    await nav(page).getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${to.replace(/[?]/g, "\\?")}$`));
    await expect(nav(page).getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
  }
});

test("dropdown entries go to their targets; cost centres follow All", async ({ page }) => {
  await page.setViewportSize(WIDE);
  await signIn(page);
  for (const [menu, items] of DROPDOWNS) {
    for (const [label, to] of items) {
      await nav(page).getByRole("button", { name: menu, exact: true }).click();
      await page.getByRole("menu", { name: menu, exact: true }).getByRole("menuitem", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${to.replace(/[?]/g, "\\?")}$`));
      await expect(nav(page).getByRole("button", { name: menu, exact: true })).toHaveAttribute("aria-current", "page");
    }
  }
  for (const menu of ["Income", "Expenses"]) {
    await nav(page).getByRole("button", { name: menu, exact: true }).click();
    const dropdown = page.getByRole("menu", { name: menu, exact: true });
    // Read the entries once the menu is open and the cost centres have arrived.
    await expect(dropdown.getByRole("menuitem", { name: "Misc", exact: true })).toBeVisible();
    const items = await dropdown.getByRole("menuitem").allInnerTexts();
    expect(items.slice(0, 3)).toEqual(["Workshop Expenses", "Fixed Expenses", "All"]);
    expect(items.slice(3)).toEqual(expect.arrayContaining(["Workshop", "Rentals", "Part Orders", "Vehicles", "Misc"]));
    await dropdown.getByRole("menuitem", { name: "Misc" }).click();
    await expect(page).toHaveURL(new RegExp(`/${menu.toLowerCase()}\\?cost_centre=\\d+$`));
  }
  await nav(page).getByRole("button", { name: "Quick Links" }).click();
  const dvla = page.getByRole("menu", { name: "Quick Links" }).getByRole("menuitem", { name: "DVLA vehicle enquiry" });
  await expect(dvla).toHaveAttribute("target", "_blank");
  await expect(dvla).toHaveAttribute("rel", /noopener/);
});

test("small screens get a burger that opens the menu", async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 900 });
  await signIn(page);
  await expect(nav(page)).toBeHidden();
  await page.getByRole("button", { name: "Open navigation" }).click();
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.screenshot({ path: "/tmp/e2e-mobile-settings.png", fullPage: false });
});
