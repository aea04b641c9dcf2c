/**
 * The API areas: one Hono app and one Lambda each (an area whose Lambda
 * would be too large is split along its route groups, each group a Lambda
 * of its own named here with its route modules). API Gateway routes every
 * path prefix below (`/api/<prefix>` and `/api/<prefix>/{proxy+}`) to the
 * area's Lambda; locally all areas are composed into one server. "docs" is
 * the API reference, whose Lambda composes every area to list every route.
 * Plain data, so the stacks can import it without pulling in handlers.
 */
export const areas = [
  {
    name: "auth",
    handler: "functions/lambda/auth.handler",
    prefixes: ["social", "auth", "me", "health", "history"],
  },
  {
    name: "settings",
    handler: "functions/lambda/settings.handler",
    prefixes: [
      "targetlatest", "target", "inspectiontype", "vehicletype", "appdefaults", "costcentre",
      "quicklink", "createdepartment", "departments", "createfitter", "fitter",
      "vehicletrackertype", "vehiclemodel", "vehiclemake", "rentalmargin", "worktype",
      "movementrate", "movementtype", "paymenttype", "drivers", "fitters", "nominal",
      "createtrackingcategory", "trackingcategory", "trackingoption", "taxtypes",
    ],
  },
  {
    name: "contacts",
    handler: "functions/lambda/contacts.handler",
    prefixes: ["contacts", "suppliers", "customersearch", "suppliersearch", "accountbalance"],
  },
  {
    name: "fleet",
    handler: "functions/lambda/fleet.handler",
    prefixes: [
      "vehicles", "createvehicle", "vehiclesearch", "keys", "vehicletracker",
      "vehicleinspections", "inspections", "inspectioncount", "uploadimage", "vehicleimages",
      "captotalchange",
    ],
  },
  {
    // The CAP valuation upload and its template (docs/cap-upload.md): apart from fleet so the fleet Lambda does not
    // carry the CSV reader (docs/performance.md "Bundles").
    name: "cap",
    handler: "functions/lambda/cap.handler",
    prefixes: ["vehiclescap"],
  },
  {
    // Registration first (docs/compliance.md): the DVLA and DVSA look-ups, MOT history, compliance warnings, the
    // fleet check run now. Apart from fleet so the fleet Lambda does not carry the two clients (docs/performance.md).
    name: "compliance",
    handler: "functions/lambda/compliance.handler",
    prefixes: ["vehiclelookup", "vehiclemothistory", "mottests", "compliance", "compliancesummary", "fleetcheck"],
  },
  {
    name: "hire",
    handler: "functions/lambda/hire.handler",
    // `rental`: PUT rental/approve (000 §7 names it so).
    prefixes: ["rentals", "rental", "homepagetotal"],
  },
  {
    // The job cards with their work items, parts (Parts Expenses), photos and the work approvals (`work` and `parts`
    // answer job-card paths too, so they stay together). The workshop's other route groups have Lambdas of their own
    // below, so no workshop Lambda carries all of them (docs/performance.md "Bundles"; issue 23).
    name: "workshop",
    handler: "functions/lambda/workshop.handler",
    prefixes: [
      "jobs", "createjob", "countdefect", "countenquiry", "jobstatuscount", "createdefect",
      "work", "parts", "images", "jobimageupload", "deleteimage", "deleteinternalimage", "service",
      // A quote made into a job card, a defect or enquiry into a quote (functions/workshop/quote-jobs.ts): the job-card service.
      "createquotejob", "defectquote", "enquiryquote",
    ],
  },
  {
    name: "quotes",
    handler: "functions/lambda/quotes.handler",
    routes: ["functions/workshop/quotes.ts"],
    prefixes: ["quotes", "createquote"],
  },
  {
    name: "partorders",
    handler: "functions/lambda/partorders.handler",
    routes: ["functions/workshop/partorders.ts"],
    prefixes: ["partorder", "createpartorder", "partorderapprove", "createpartenquiry"],
  },
  {
    // Vehicle movements (a chargeable one's completion raises its invoice).
    name: "movements",
    handler: "functions/lambda/movements.handler",
    routes: ["functions/workshop/movements.ts"],
    prefixes: ["movement", "movementfigures", "movementcomplete", "movementquote"],
  },
  {
    // The part and work lookups and a job's work totals.
    name: "lookups",
    handler: "functions/lambda/lookups.handler",
    routes: ["functions/workshop/lookups.ts", "functions/workshop/work-totals.ts"],
    prefixes: ["partlookup", "partlookups", "worklookup", "worktotals"],
  },
  {
    // Invoices and credit notes, and the agreements sold. Payments, transactions and the Xero calls have Lambdas of
    // their own below (docs/performance.md "Bundles"; issue 23).
    name: "accounts",
    handler: "functions/lambda/accounts.handler",
    prefixes: ["invoices", "invoiceready", "invoiceapprove", "credit", "creditready", "creditapprove", "financeagreements"],
  },
  {
    name: "payments",
    handler: "functions/lambda/payments.handler",
    routes: ["functions/accounts/payments.ts"],
    prefixes: ["payments", "payment", "recurringpayments", "recurringpayment"],
  },
  {
    // Transactions, fixed expenses and the diary.
    name: "transactions",
    handler: "functions/lambda/transactions.handler",
    routes: ["functions/accounts/transactions.ts"],
    prefixes: ["transactions", "fixedexpense", "diaryentries", "diaryentry"],
  },
  {
    // The Xero page's calls: status, pushes, retry, sync now, the reconcile check.
    name: "xero",
    handler: "functions/lambda/xero.handler",
    routes: ["functions/accounts/xero.ts"],
    prefixes: ["xero"],
  },
  {
    // Reports read every area's records, so they have a Lambda of their own.
    name: "reports",
    handler: "functions/lambda/reports.handler",
    prefixes: ["report", "reportexport"],
  },
  {
    // The API reference lists every route, so its Lambda composes every area.
    name: "docs",
    handler: "functions/lambda/docs.handler",
    prefixes: ["openapi.json", "docs"],
  },
] as const;

export type AreaName = (typeof areas)[number]["name"];
export type Area = (typeof areas)[number];

/**
 * The route modules a Lambda serves: an area's `functions/<name>/routes.ts`,
 * or, for a Lambda serving some of an area's route groups, those modules.
 */
export function routeModules(area: Area): readonly string[] {
  return "routes" in area ? area.routes : [`functions/${area.name}/routes.ts`];
}
