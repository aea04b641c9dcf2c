/**
 * The API areas: one Hono app and one Lambda each. API Gateway routes every
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
    name: "workshop",
    handler: "functions/lambda/workshop.handler",
    prefixes: [
      "jobs", "createjob", "countdefect", "countenquiry", "jobstatuscount", "createdefect",
      "work", "parts", "images", "jobimageupload", "deleteimage", "deleteinternalimage", "service",
      "partlookup", "partlookups", "worklookup",
      "movement", "movementfigures", "movementcomplete", "movementquote",
      "quotes", "createquote", "createquotejob", "defectquote", "enquiryquote", "worktotals",
      "partorder", "createpartorder", "partorderapprove", "createpartenquiry",
      // The fitter's phone (docs/fitter-phone.md): a fitter's jobs of today.
      "fitterjobs",
      // The customer's approval link, public (docs/quote-approval.md): throttled on its own (stacks/Api.ts).
      "public/quote-approval",
    ],
  },
  {
    name: "accounts",
    handler: "functions/lambda/accounts.handler",
    prefixes: ["payments", "payment", "recurringpayments", "recurringpayment", "invoices", "invoiceready", "invoiceapprove", "credit", "creditready", "creditapprove", "financeagreements", "transactions", "fixedexpense", "diaryentries", "diaryentry", "xero"],
  },
  {
    // Reports read every area's records, so they have a Lambda of their own.
    name: "reports",
    handler: "functions/lambda/reports.handler",
    // `reports`: GET reports/fleet-league (issue 27).
    prefixes: ["report", "reportexport", "reports"],
  },
  {
    // The API reference lists every route, so its Lambda composes every area.
    name: "docs",
    handler: "functions/lambda/docs.handler",
    prefixes: ["openapi.json", "docs"],
  },
] as const;

export type AreaName = (typeof areas)[number]["name"];
