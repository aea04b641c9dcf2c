/** The navigation bar of 001 §2.2, in its order, as data. */

export type NavLinkItem = { label: string; to: string; external?: boolean };
export type NavEntry = { label: string; to: string } | { label: string; items: NavLinkItem[]; emptyText?: string };

export type NamedRecord = { id: number; name?: string | null; title?: string | null; url?: string | null };

export function buildNav(opts: { costCentres: NamedRecord[]; quickLinks: NamedRecord[]; showContacts: boolean }): NavEntry[] {
  const byCentre = (base: "/income" | "/expenses") => [
    { label: "Workshop Expenses", to: "/po" },
    { label: "Fixed Expenses", to: "/fixedexpense" },
    { label: "All", to: base },
    ...opts.costCentres.map((c) => ({ label: c.name ?? `Cost centre ${c.id}`, to: `${base}?cost_centre=${c.id}` })),
  ];
  const entries: Array<NavEntry | null> = [
    { label: "Home", to: "/" },
    { label: "Jobs", to: "/jobs" },
    { label: "Quotes", to: "/quotes" },
    { label: "Inspections", to: "/inspections" },
    {
      label: "Parts",
      items: [
        { label: "Part Orders", to: "/partorders" },
        { label: "Part History", to: "/parthistory" },
        { label: "Part Stock", to: "/partLookup" },
        { label: "Parts Expenses", to: "/parts" },
      ],
    },
    { label: "Work Lookups", to: "/workLookup" },
    {
      label: "Invoicing",
      items: [
        { label: "Workshop", to: "/invoicing" },
        { label: "Movement", to: "/invoices?activeView=movement" },
        { label: "Vehicle Sales", to: "/invoices?activeView=sales" },
        { label: "Parts", to: "/invoices?activeView=order" },
        { label: "Hire", to: "/invoices?activeView=hire" },
      ],
    },
    { label: "Rentals", to: "/rentals" },
    {
      label: "Vehicles",
      items: [
        { label: "Vehicles", to: "/vehicles" },
        { label: "Keys", to: "/keys" },
        { label: "Vehicle Trackers", to: "/trackers" },
        // Beyond 001 §2.2: the fleet check's compliance warnings (issue 25, docs/compliance.md).
        { label: "Compliance", to: "/compliance" },
        { label: "Fleet League", to: "/fleetleague" },
      ],
    },
    { label: "Movements", to: "/movements" },
    // 001 §2.2: contact dropdowns render only when the user profile exists.
    opts.showContacts
      ? {
          label: "Contacts",
          items: [
            { label: "All Contacts", to: "/contacts" },
            { label: "Suppliers", to: "/contacts?type=SP" },
            { label: "Customers", to: "/contacts?type=CC" },
            { label: "Customer Account Balance", to: "/accountbalance" },
          ],
        }
      : null,
    { label: "Income", items: byCentre("/income") },
    { label: "Expenses", items: byCentre("/expenses") },
    { label: "Credit Note", to: "/credit" },
    {
      label: "Sale Payments",
      items: [
        { label: "Sale Payments", to: "/payments" },
        { label: "Recurring Payments", to: "/recurringpayments" },
      ],
    },
    { label: "Diary", to: "/diary" },
    { label: "Reports", to: "/reports" },
    {
      label: "Quick Links",
      items: opts.quickLinks.filter((q) => q.url).map((q) => ({ label: q.title ?? q.url ?? "", to: q.url ?? "", external: true })),
      emptyText: "No quick links yet (add them in Settings)",
    },
    { label: "Links", to: "/alllinks" },
    { label: "Settings", to: "/settings" },
  ];
  return entries.filter((e): e is NavEntry => e !== null);
}

const pathOf = (to: string) => to.split("?")[0].toLowerCase();

/** The active tab follows the current path (001 §2.2). */
export function isActive(entry: NavEntry, pathname: string): boolean {
  const here = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  const matches = (to: string) => {
    const p = pathOf(to);
    return p === "/" ? here === "/" : here === p || here.startsWith(`${p}/`);
  };
  if ("items" in entry) return entry.items.some((i) => !i.external && matches(i.to));
  if (matches(entry.to)) return true;
  return false;
}
