import { Anchor, Text } from "@mantine/core";
import { lazy, type ComponentType } from "react";
import { createBrowserRouter, Link, type RouteObject } from "react-router-dom";
import { LoginPage } from "./auth/LoginPage";
import { AppLayout } from "./platform/layout/AppLayout";
import { Page } from "./platform/page";

/**
 * A screen whose code loads on its first visit: each area's screens are
 * their own scripts, so the first load carries the platform (layout, nav
 * bar, sign-in) and the screen opened, not the whole app. While a screen's
 * script loads, AppLayout's Suspense shows the shared Loading state.
 */
function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it: m[name] of a generic module map is no ComponentType without it
  const Screen = lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
  return <Screen />;
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
      { path: "/po", element: lazyScreen(() => import("./accounts/WorkApprovalsPage"), "WorkApprovalsPage") },
      { path: "/invoicing", element: lazyScreen(() => import("./accounts/WorkApprovalsPage"), "WorkApprovalsPage") },
      { path: "/accountbalance", element: lazyScreen(() => import("./contacts/AccountBalancePage"), "AccountBalancePage") },
      { path: "/payments", element: lazyScreen(() => import("./accounts/payments/PaymentsPage"), "PaymentsPage") },
      { path: "/recurringpayments", element: lazyScreen(() => import("./accounts/payments/RecurringPaymentsPage"), "RecurringPaymentsPage") },
      { path: "/invoices", element: lazyScreen(() => import("./accounts/invoices/InvoicesPage"), "InvoicesPage") },
      { path: "/credit", element: lazyScreen(() => import("./accounts/invoices/CreditNotesPage"), "CreditNotesPage") },
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
      { path: "/xero", element: lazyScreen(() => import("./accounts/XeroSyncPage"), "XeroSyncPage") },
      { path: "/parts", element: lazyScreen(() => import("./parts/PartsExpensesPage"), "PartsExpensesPage") },
      { path: "/partHistory", element: lazyScreen(() => import("./parts/PartHistoryPage"), "PartHistoryPage") },
      { path: "/partLookup", element: lazyScreen(() => import("./parts/PartStockPage"), "PartStockPage") },
      { path: "/workLookup", element: lazyScreen(() => import("./parts/WorkStockPage"), "WorkStockPage") },
      { path: "/partorders", element: lazyScreen(() => import("./parts/PartOrdersListPage"), "PartOrdersListPage") },
      { path: "/editpartorder/:partorder?", element: lazyScreen(() => import("./parts/PartOrderEditPage"), "PartOrderEditPage") },
      { path: "/printpartorder/:partorder", element: lazyScreen(() => import("./parts/PartOrderPrintPage"), "PartOrderPrintPage") },
      { path: "/partenquiry", element: lazyScreen(() => import("./parts/PartEnquiryPage"), "PartEnquiryPage") },
      { path: "/detailWorkLookup/:workLookup?", element: lazyScreen(() => import("./parts/WorkLookupDetailPage"), "WorkLookupDetailPage") },
      { path: "/jobs", element: lazyScreen(() => import("./workshop/JobsListPage"), "JobsListPage") },
      { path: "/editjob/:job?", element: lazyScreen(() => import("./workshop/JobEditPage"), "JobEditPage") },
      { path: "/defect/:job?", element: lazyScreen(() => import("./workshop/DefectPage"), "DefectPage") },
      { path: "/printjob/:job", element: lazyScreen(() => import("./workshop/PrintJobPage"), "PrintJobPage") },
      { path: "/printjobs", element: lazyScreen(() => import("./workshop/PrintJobsPage"), "PrintJobsPage") },
      { path: "/income", element: lazyScreen(() => import("./accounts/transactions/TransactionsPage"), "TransactionsPage") },
      { path: "/expenses", element: lazyScreen(() => import("./accounts/transactions/TransactionsPage"), "TransactionsPage") },
      { path: "/fixedexpense", element: lazyScreen(() => import("./accounts/FixedExpensesPage"), "FixedExpensesPage") },
      { path: "/diary", element: lazyScreen(() => import("./accounts/DiaryPage"), "DiaryPage") },
      { path: "/movements", element: lazyScreen(() => import("./workshop/movements/MovementsPage"), "MovementsPage") },
      { path: "*", element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
