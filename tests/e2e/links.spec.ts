import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

const GROUPS: Array<[string, Array<[string, string]>]> = [
  ["Part Links", [["Part Orders", "/partorders"], ["Part History", "/partHistory"], ["Part Stock", "/partLookup"], ["Part Expenses", "/parts"]]],
  ["Invoicing", [["Workshop", "/invoicing"], ["Movement", "/invoices?activeView=movement"], ["Vehicle Sales", "/invoices?activeView=sales"], ["Parts", "/invoices?activeView=order"], ["Hire", "/invoices?activeView=hire"]]],
  ["Vehicles", [["Vehicles", "/vehicles"], ["Keys", "/keys"], ["Vehicle Trackers", "/trackers"]]],
  ["Contacts", [["All", "/contacts"], ["Customers", "/contacts?type=CC"], ["Suppliers", "/contacts?type=SP"], ["Customer Account Balance", "/accountbalance"]]],
  ["Transactions", [["Workshop Expenses", "/po"], ["Fixed Expenses", "/fixedexpense"], ["All Expenses", "/expenses"], ["All Income", "/income"]]],
  ["Payments", [["Sale Payments", "/payments"], ["Recurring Payments", "/recurringpayments"]]],
];

test("/alllinks groups its buttons as 003 §2 says", async ({ page }) => {
  await signIn(page);
  await page.goto("/alllinks");
  await expect(page.getByRole("heading", { level: 1, name: "Links" })).toBeVisible();
  for (const [group, links] of GROUPS) {
    const section = page.getByRole("main").getByRole("region", { name: group, exact: true });
    const found = await section.getByRole("link").allInnerTexts();
    expect(found).toEqual(links.map(([l]) => l));
    for (const [label, to] of links) await expect(section.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", to);
  }
  await page.screenshot({ path: "/tmp/e2e-alllinks.png", fullPage: true });
});

test("home shows its heading, the quick links and the links grid", async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole("heading", { level: 1, name: "Rentals Direct App" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Rentals panel" })).toBeVisible();
  const quick = page.getByRole("region", { name: "Quick Links" });
  await expect(quick.getByRole("link", { name: "DVLA vehicle enquiry" })).toHaveAttribute("target", "_blank");
  await expect(page.getByRole("region", { name: "Part Links" })).toBeVisible();
});
