import { Anchor, Text } from "@mantine/core";
import { lazy, Suspense, type ComponentType } from "react";
import { createBrowserRouter, Link, type RouteObject } from "react-router-dom";
import { LoginPage } from "./auth/LoginPage";
import { AppLayout } from "./platform/layout/AppLayout";
import { Page } from "./platform/page";
import { startFrame, startScreen, type ScreenData } from "./platform/prefetch";
import { homeQueries } from "./home/queries";
import { invoicesQueries } from "./accounts/invoices/queries";
import { jobCardQueries, jobsListQueries, quoteQueries } from "./workshop/queries";

/**
 * A screen whose code loads on its first visit: each area's screens are
 * their own scripts, so the first load carries the platform (layout, nav
 * bar, sign-in) and the screen opened, not the whole app. While a screen's
 * script loads, AppLayout's Suspense shows the shared Loading state. The
 * route's loader starts the script, and the calls of the screen's first
 * paint (`data`), at once with the identity check (platform/prefetch.ts,
 * docs/performance.md "First paint"): one wave of calls, not two.
 */
function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, data?: ScreenData): Pick<RouteObject, "element" | "loader"> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it: m[name] of a generic module map is no ComponentType without it
  const Screen = lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
  return { element: <Screen />, loader: startScreen(load, data) };
}

/** A screen outside the signed-in frame (whose Suspense shows the loading state): its own. */
function publicScreen(screen: Pick<RouteObject, "element" | "loader">): Pick<RouteObject, "element" | "loader"> {
  return { ...screen, element: <Suspense fallback={null}>{screen.element}</Suspense> };
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
  // The customer's quote approval page: public, outside the signed-in frame (no staff call: docs/quote-approval.md).
  { path: "/approve/:token", ...publicScreen(lazyScreen(() => import("./workshop/approval/ApprovePage"), "ApprovePage")) },
  {
    element: <AppLayout />,
    loader: startFrame,
    children: [
      { index: true, ...lazyScreen(() => import("./home/HomePage"), "HomePage", (_p, sp) => homeQueries(sp)) },
      { path: "/alllinks", ...lazyScreen(() => import("./links/AllLinksPage"), "AllLinksPage") },
      { path: "/settings", ...lazyScreen(() => import("./settings/SettingsPage"), "SettingsPage") },
      { path: "/contacts", ...lazyScreen(() => import("./contacts/ContactsListPage"), "ContactsListPage") },
      { path: "/editcontact/:contact?", ...lazyScreen(() => import("./contacts/ContactEditPage"), "ContactEditPage") },
      { path: "/po", ...lazyScreen(() => import("./accounts/WorkApprovalsPage"), "WorkApprovalsPage") },
      { path: "/invoicing", ...lazyScreen(() => import("./accounts/WorkApprovalsPage"), "WorkApprovalsPage") },
      { path: "/accountbalance", ...lazyScreen(() => import("./contacts/AccountBalancePage"), "AccountBalancePage") },
      { path: "/payments", ...lazyScreen(() => import("./accounts/payments/PaymentsPage"), "PaymentsPage") },
      { path: "/recurringpayments", ...lazyScreen(() => import("./accounts/payments/RecurringPaymentsPage"), "RecurringPaymentsPage") },
      { path: "/invoices", ...lazyScreen(() => import("./accounts/invoices/InvoicesPage"), "InvoicesPage", invoicesQueries) },
      { path: "/credit", ...lazyScreen(() => import("./accounts/invoices/CreditNotesPage"), "CreditNotesPage") },
      { path: "/editvehicle/:vehicle?", ...lazyScreen(() => import("./fleet/edit/VehicleEditPage"), "VehicleEditPage") },
      { path: "/vehicleupload/:vehicle", ...lazyScreen(() => import("./fleet/upload/PhoneUploadPage"), "PhoneUploadPage") },
      // The fitter's phone (issue 26, docs/fitter-phone.md): today's jobs, one job.
      { path: "/fitter", ...lazyScreen(() => import("./workshop/fitter/FitterTodayPage"), "FitterTodayPage") },
      { path: "/fitter/jobs/:job", ...lazyScreen(() => import("./workshop/fitter/FitterJobPage"), "FitterJobPage") },
      { path: "/vehicles", ...lazyScreen(() => import("./fleet/list/VehiclesListPage"), "VehiclesListPage") },
      { path: "/keys", ...lazyScreen(() => import("./fleet/keys/KeysPage"), "KeysPage") },
      { path: "/trackers", ...lazyScreen(() => import("./fleet/trackers/TrackersPage"), "TrackersPage") },
      { path: "/inspections", ...lazyScreen(() => import("./fleet/inspections/InspectionsPage"), "InspectionsPage") },
      { path: "/fleetleague", ...lazyScreen(() => import("./fleet/league/FleetLeaguePage"), "FleetLeaguePage") },
      { path: "/compliance", ...lazyScreen(() => import("./fleet/compliance/CompliancePage"), "CompliancePage") },
      { path: "/rentals", ...lazyScreen(() => import("./hire/RentalsListPage"), "RentalsListPage") },
      { path: "/editrental/:rental?", ...lazyScreen(() => import("./hire/RentalEditPage"), "RentalEditPage") },
      { path: "/printrental/:rental", ...lazyScreen(() => import("./hire/PrintRentalPage"), "PrintRentalPage") },
      { path: "/printsale/:vehicle", ...lazyScreen(() => import("./agreements/PrintSalePage"), "PrintSalePage") },
      { path: "/quotes", ...lazyScreen(() => import("./workshop/QuotesListPage"), "QuotesListPage") },
      { path: "/editquote/:quote?", ...lazyScreen(() => import("./workshop/QuoteEditPage"), "QuoteEditPage", quoteQueries) },
      { path: "/printquote/:quote", ...lazyScreen(() => import("./workshop/QuotePrintPages"), "PrintQuotePage") },
      { path: "/printpicklist/:quote", ...lazyScreen(() => import("./workshop/QuotePrintPages"), "PrintPickListPage") },
      { path: "/reports", ...lazyScreen(() => import("./accounts/ReportsPage"), "ReportsPage") },
      { path: "/xero", ...lazyScreen(() => import("./accounts/XeroSyncPage"), "XeroSyncPage") },
      { path: "/parts", ...lazyScreen(() => import("./parts/PartsExpensesPage"), "PartsExpensesPage") },
      { path: "/partHistory", ...lazyScreen(() => import("./parts/PartHistoryPage"), "PartHistoryPage") },
      { path: "/partLookup", ...lazyScreen(() => import("./parts/PartStockPage"), "PartStockPage") },
      { path: "/workLookup", ...lazyScreen(() => import("./parts/WorkStockPage"), "WorkStockPage") },
      { path: "/partorders", ...lazyScreen(() => import("./parts/PartOrdersListPage"), "PartOrdersListPage") },
      { path: "/editpartorder/:partorder?", ...lazyScreen(() => import("./parts/PartOrderEditPage"), "PartOrderEditPage") },
      { path: "/printpartorder/:partorder", ...lazyScreen(() => import("./parts/PartOrderPrintPage"), "PartOrderPrintPage") },
      { path: "/partenquiry", ...lazyScreen(() => import("./parts/PartEnquiryPage"), "PartEnquiryPage") },
      { path: "/detailWorkLookup/:workLookup?", ...lazyScreen(() => import("./parts/WorkLookupDetailPage"), "WorkLookupDetailPage") },
      { path: "/jobs", ...lazyScreen(() => import("./workshop/JobsListPage"), "JobsListPage", jobsListQueries) },
      { path: "/editjob/:job?", ...lazyScreen(() => import("./workshop/JobEditPage"), "JobEditPage", jobCardQueries) },
      { path: "/defect/:job?", ...lazyScreen(() => import("./workshop/DefectPage"), "DefectPage") },
      { path: "/printjob/:job", ...lazyScreen(() => import("./workshop/PrintJobPage"), "PrintJobPage") },
      { path: "/printjobs", ...lazyScreen(() => import("./workshop/PrintJobsPage"), "PrintJobsPage") },
      { path: "/income", ...lazyScreen(() => import("./accounts/transactions/TransactionsPage"), "TransactionsPage") },
      { path: "/expenses", ...lazyScreen(() => import("./accounts/transactions/TransactionsPage"), "TransactionsPage") },
      { path: "/fixedexpense", ...lazyScreen(() => import("./accounts/FixedExpensesPage"), "FixedExpensesPage") },
      { path: "/diary", ...lazyScreen(() => import("./accounts/DiaryPage"), "DiaryPage") },
      { path: "/movements", ...lazyScreen(() => import("./workshop/movements/MovementsPage"), "MovementsPage") },
      { path: "*", element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
