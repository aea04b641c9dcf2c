import { Anchor, Text } from "@mantine/core";
import { createBrowserRouter, Link, useLocation, type RouteObject } from "react-router-dom";
import { LoginPage } from "./auth/LoginPage";
import { HomePage } from "./home/HomePage";
import { AllLinksPage } from "./links/AllLinksPage";
import { AppLayout } from "./platform/layout/AppLayout";
import { LaterRelease, Page } from "./platform/page";
import { SettingsPage } from "./settings/SettingsPage";
import { ReportsPage } from "./accounts/ReportsPage";
import { AccountBalancePage } from "./contacts/AccountBalancePage";
import { ContactEditPage } from "./contacts/ContactEditPage";
import { ContactsListPage } from "./contacts/ContactsListPage";
import { VehicleEditPage } from "./fleet/edit/VehicleEditPage";
import { PhoneUploadPage } from "./fleet/upload/PhoneUploadPage";
import { InspectionsPage } from "./fleet/inspections/InspectionsPage";
import { KeysPage } from "./fleet/keys/KeysPage";
import { VehiclesListPage } from "./fleet/list/VehiclesListPage";
import { TrackersPage } from "./fleet/trackers/TrackersPage";
import { PrintRentalPage } from "./hire/PrintRentalPage";
import { PrintSalePage } from "./agreements/PrintSalePage";
import { RentalEditPage } from "./hire/RentalEditPage";
import { RentalsListPage } from "./hire/RentalsListPage";

/**
 * Every route of 003 §2 and 001 §2.1. Screens not built yet share one plain
 * page; the title may depend on the query (contact type, invoice view).
 */
type Later = { path: string; title: string | ((q: URLSearchParams) => string) };

const INVOICE_VIEWS: Record<string, string> = { movement: "Movement Invoices", sales: "Vehicle Sales Invoices", order: "Parts Invoices", hire: "Hire Invoices" };

export const LATER_ROUTES: Later[] = [
  { path: "/movements", title: "Movements" },
  { path: "/editjob/:job?", title: "Job" },
  { path: "/defect/:job?", title: "Defect" },
  { path: "/partenquiry", title: "Part Enquiry" },
  { path: "/detailWorkLookup/:workLookup?", title: "Work Lookup" },
  { path: "/jobs", title: "Jobs" },
  { path: "/quotes", title: "Quotes" },
  { path: "/editquote/:quote?", title: "Quote" },
  { path: "/parts", title: "Parts Expenses" },
  { path: "/partHistory", title: "Part History" },
  { path: "/partLookup", title: "Part Stock" },
  { path: "/workLookup", title: "Work Lookups" },
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
      { index: true, element: <HomePage /> },
      { path: "/alllinks", element: <AllLinksPage /> },
      { path: "/settings", element: <SettingsPage /> },
      { path: "/contacts", element: <ContactsListPage /> },
      { path: "/editcontact/:contact?", element: <ContactEditPage /> },
      { path: "/accountbalance", element: <AccountBalancePage /> },
      { path: "/editvehicle/:vehicle?", element: <VehicleEditPage /> },
      { path: "/vehicleupload/:vehicle", element: <PhoneUploadPage /> },
      { path: "/vehicles", element: <VehiclesListPage /> },
      { path: "/keys", element: <KeysPage /> },
      { path: "/trackers", element: <TrackersPage /> },
      { path: "/inspections", element: <InspectionsPage /> },
      { path: "/rentals", element: <RentalsListPage /> },
      { path: "/editrental/:rental?", element: <RentalEditPage /> },
      { path: "/printrental/:rental", element: <PrintRentalPage /> },
      { path: "/printsale/:vehicle", element: <PrintSalePage /> },
      { path: "/reports", element: <ReportsPage /> },
      ...LATER_ROUTES.map((r) => ({ path: r.path, element: <LaterRoute title={r.title} /> })),
      { path: "*", element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
