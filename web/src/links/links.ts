/** The links page groups of 003 §2, in order, with their targets. */
export type LinkGroup = { title: string; links: Array<{ label: string; to: string }> };

export const LINK_GROUPS: LinkGroup[] = [
  {
    title: "Part Links",
    links: [
      { label: "Part Orders", to: "/partorders" },
      { label: "Part History", to: "/partHistory" },
      { label: "Part Stock", to: "/partLookup" },
      { label: "Part Expenses", to: "/parts" },
    ],
  },
  {
    title: "Invoicing",
    links: [
      { label: "Workshop", to: "/invoicing" },
      { label: "Movement", to: "/invoices?activeView=movement" },
      { label: "Vehicle Sales", to: "/invoices?activeView=sales" },
      { label: "Parts", to: "/invoices?activeView=order" },
      { label: "Hire", to: "/invoices?activeView=hire" },
    ],
  },
  {
    title: "Vehicles",
    links: [
      { label: "Vehicles", to: "/vehicles" },
      { label: "Keys", to: "/keys" },
      { label: "Vehicle Trackers", to: "/trackers" },
    ],
  },
  {
    title: "Contacts",
    links: [
      { label: "All", to: "/contacts" },
      { label: "Customers", to: "/contacts?type=CC" },
      { label: "Suppliers", to: "/contacts?type=SP" },
      { label: "Customer Account Balance", to: "/accountbalance" },
    ],
  },
  {
    title: "Transactions",
    links: [
      { label: "Workshop Expenses", to: "/po" },
      { label: "Fixed Expenses", to: "/fixedexpense" },
      { label: "All Expenses", to: "/expenses" },
      { label: "All Income", to: "/income" },
    ],
  },
  {
    title: "Payments",
    links: [
      { label: "Sale Payments", to: "/payments" },
      { label: "Recurring Payments", to: "/recurringpayments" },
    ],
  },
];
