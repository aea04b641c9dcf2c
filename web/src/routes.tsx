import { Anchor, Text } from "@mantine/core";
import { lazy, type ComponentType } from "react";
import { createBrowserRouter, Link, useLocation, type RouteObject } from "react-router-dom";
import { LoginPage } from "./auth/LoginPage";
import { AppLayout } from "./platform/layout/AppLayout";
import { LaterRelease, Page } from "./platform/page";

/**
 * A screen whose code loads on its first visit: each area's screens are
 * their own scripts, so the first load carries the platform (layout, nav
 * bar, sign-in) and the screen opened, not the whole app. While a screen's
 * script loads, AppLayout's Suspense shows the shared Loading state.
 */
function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Screen = lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
  return <Screen />;
}

/**
 * Every route of 003 §2 and 001 §2.1. Screens not built yet share one plain
 * page; the title may depend on the query (contact type, invoice view).
 */
type Later = { path: string; title: string | ((q: URLSearchParams) => string) };

const INVOICE_VIEWS: Record<string, string> = { movement: "Movement Invoices", sales: "Vehicle Sales Invoices", order: "Parts Invoices", hire: "Hire Invoices" };

export const LATER_ROUTES: Later[] = [
  { path: "/partenquiry", title: "Part Enquiry" },
  { path: "/partorders", title: "Part Orders" },
  { path: "/editpartorder/:partorder?", title: "Part Order" },
  { path: "/invoicing", title: "Workshop Invoicing" },
  { path: "/po", title: "Workshop Expenses" },
  { path: "/income", title: "Income" },
  { path: "/expenses", title: "Expenses" },
  { path: "/fixedexpense", title: "Fixed Expenses" },
  { path: "/payments", title: "Sale Payments" },
  { path: "/recurringpayments", title: "Recurring Payments" },
  { path: "/diary", title: "Diary" },
  { path: "/invoices", title: (q) => INVOICE_VIEWS[q.get("activeView") ?? ""] ?? "Invoices" },
  { path: "/credit", title: "Credit Notes" },
];

function LaterRoute({ title }: { title: Later["title"] }) {
  const { search } = useLocation();
  return <LaterRelease title={typeof title === "function" ? title(new URLSearchParams(search)) : title} />;
}

function NotFound() {
  return (
    <Page title="Page not found">
      <Text>
        There is no screen at this address.{" "}
        <Anchor component={Link} to="/">
          Go to the home page
        </Anchor>
        .
      </Text>
    </Page>
  );
}

export const routes: RouteObject[] = [
  { path: "/login", element: <LoginPage /> },
  {
    element: <AppLayout />,
    children: [
      { index: true, element: lazyScreen(() => import("./home/HomePage"), "HomePage") },
      { path: "/alllinks", element: lazyScreen(() => import("./links/AllLinksPage"), "AllLinksPage") },
      { path: "/settings", element: lazyScreen(() => import("./settings/SettingsPage"), "SettingsPage") },
      { path: "/contacts", element: lazyScreen(() => import("./contacts/ContactsListPage"), "ContactsListPage") },
      { path: "/editcontact/:contact?", element: lazyScreen(() => import("./contacts/ContactEditPage"), "ContactEditPage") },
      { path: "/accountbalance", element: lazyScreen(() => import("./contacts/AccountBalancePage"), "AccountBalancePage") },
      { path: "/editvehicle/:vehicle?", element: lazyScreen(() => import("./fleet/edit/VehicleEditPage"), "VehicleEditPage") },
      { path: "/vehicleupload/:vehicle", element: lazyScreen(() => import("./fleet/upload/PhoneUploadPage"), "PhoneUploadPage") },
      { path: "/vehicles", element: lazyScreen(() => import("./fleet/list/VehiclesListPage"), "VehiclesListPage") },
      { path: "/keys", element: lazyScreen(() => import("./fleet/keys/KeysPage"), "KeysPage") },
      { path: "/trackers", element: lazyScreen(() => import("./fleet/trackers/TrackersPage"), "TrackersPage") },
      { path: "/inspections", element: lazyScreen(() => import("./fleet/inspections/InspectionsPage"), "InspectionsPage") },
      { path: "/rentals", element: lazyScreen(() => import("./hire/RentalsListPage"), "RentalsListPage") },
      { path: "/editrental/:rental?", element: lazyScreen(() => import("./hire/RentalEditPage"), "RentalEditPage") },
      { path: "/printrental/:rental", element: lazyScreen(() => import("./hire/PrintRentalPage"), "PrintRentalPage") },
      { path: "/printsale/:vehicle", element: lazyScreen(() => import("./agreements/PrintSalePage"), "PrintSalePage") },
      { path: "/quotes", element: lazyScreen(() => import("./workshop/QuotesListPage"), "QuotesListPage") },
      { path: "/editquote/:quote?", element: lazyScreen(() => import("./workshop/QuoteEditPage"), "QuoteEditPage") },
      { path: "/printquote/:quote", element: lazyScreen(() => import("./workshop/QuotePrintPages"), "PrintQuotePage") },
      { path: "/printpicklist/:quote", element: lazyScreen(() => import("./workshop/QuotePrintPages"), "PrintPickListPage") },
      { path: "/reports", element: lazyScreen(() => import("./accounts/ReportsPage"), "ReportsPage") },
      { path: "/parts", element: lazyScreen(() => import("./parts/PartsExpensesPage"), "PartsExpensesPage") },
      { path: "/partHistory", element: lazyScreen(() => import("./parts/PartHistoryPage"), "PartHistoryPage") },
      { path: "/partLookup", element: lazyScreen(() => import("./parts/PartStockPage"), "PartStockPage") },
      { path: "/workLookup", element: lazyScreen(() => import("./parts/WorkStockPage"), "WorkStockPage") },
      { path: "/detailWorkLookup/:workLookup?", element: lazyScreen(() => import("./parts/WorkLookupDetailPage"), "WorkLookupDetailPage") },
      { path: "/jobs", element: lazyScreen(() => import("./workshop/JobsListPage"), "JobsListPage") },
      { path: "/editjob/:job?", element: lazyScreen(() => import("./workshop/JobEditPage"), "JobEditPage") },
      { path: "/defect/:job?", element: lazyScreen(() => import("./workshop/DefectPage"), "DefectPage") },
      { path: "/printjob/:job", element: lazyScreen(() => import("./workshop/PrintJobPage"), "PrintJobPage") },
      { path: "/printjobs", element: lazyScreen(() => import("./workshop/PrintJobsPage"), "PrintJobsPage") },
      { path: "/movements", element: lazyScreen(() => import("./workshop/movements/MovementsPage"), "MovementsPage") },
      ...LATER_ROUTES.map((r) => ({ path: r.path, element: <LaterRoute title={r.title} /> })),
      { path: "*", element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
