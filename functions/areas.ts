/**
 * The API areas: one Hono app and one Lambda each, or, for an area too big
 * for one (workshop, accounts), one Lambda per group of its routes
 * (`lambdas`). API Gateway routes every path prefix below (`/api/<prefix>`
 * and `/api/<prefix>/{proxy+}`) to the Lambda that lists it; locally all
 * areas are composed into one server. "docs" is
 * the API reference, whose Lambda composes every area to list every route.
 * Plain data, so the stacks can import it without pulling in handlers.
 */
/** The workshop's reports (core/workshop/reports.ts), served by the workshopreports Lambda: the names of their catalogue (functions/reports/workshop.ts). */
export const WORKSHOP_REPORT_NAMES = ["partlookupreport", "quotereport", "jobflowreport"] as const;

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
    // Served by several Lambdas, one a group of its routes, so none carries the whole area (docs/performance.md "Bundles").
    lambdas: [
      {
        // The job cards (002 §7), the `work` calls (job figures and flow, one work item and its save), photos.
        name: "workshop",
        prefixes: [
          "jobs", "createjob", "countdefect", "countenquiry", "jobstatuscount", "createdefect",
          "work", "images", "jobimageupload", "deleteimage", "deleteinternalimage", "service",
          // The fitter's phone (docs/fitter-phone.md): a fitter's jobs of today.
          "fitterjobs",
        ],
      },
      {
        // The work approvals (GET work: the approval lists and the vehicle's service record; PUT work/readytoapprove,
        // work/approve). `exact`: only `ANY /api/work` itself, the job card keeping `ANY /api/work/{proxy+}` (one work item).
        name: "workapprovals",
        prefixes: ["work/readytoapprove", "work/approve"],
        exact: ["work"],
      },
      // Parts Expenses and Part History, one part by its id.
      { name: "parts", prefixes: ["parts"] },
      {
        name: "quotes",
        // The customer's approval link, public (docs/quote-approval.md): throttled on its own (stacks/Api.ts).
        prefixes: ["quotes", "createquote", "defectquote", "enquiryquote", "public/quote-approval"],
      },
      // A job card made from quote items (it carries the job-card service).
      { name: "quotejobs", prefixes: ["createquotejob"] },
      { name: "partorders", prefixes: ["partorder", "createpartorder", "partorderapprove", "createpartenquiry"] },
      { name: "movements", prefixes: ["movement", "movementfigures", "movementcomplete", "movementquote"] },
      { name: "lookups", prefixes: ["partlookup", "partlookups", "worklookup", "worktotals"] },
    ],
  },
  {
    name: "accounts",
    lambdas: [
      // Invoices, credit notes and the dashboard's vehicle sales.
      { name: "accounts", prefixes: ["invoices", "invoiceready", "invoiceapprove", "credit", "creditready", "creditapprove", "financeagreements"] },
      { name: "payments", prefixes: ["payments", "payment", "recurringpayments", "recurringpayment"] },
      { name: "transactions", prefixes: ["transactions", "fixedexpense", "diaryentries", "diaryentry"] },
      { name: "xero", prefixes: ["xero"] },
    ],
  },
  {
    // Reports read every area's records, so they have Lambdas of their own: the workshop's reports apart, so neither
    // carries every area's report modules (docs/performance.md "Bundles", docs/reports.md "Routing").
    name: "reports",
    lambdas: [
      // `report/{name}` and `reportexport/{name}` of every other report (an unknown name too), GET reportexport/{exportId};
      // `reports`: GET reports/fleet-league (issue 27).
      { name: "reports", prefixes: ["report", "reportexport", "reports"] },
      // The workshop's reports (core/workshop/reports.ts): their two paths each, exactly, win over the prefixes above.
      { name: "workshopreports", prefixes: [], exact: WORKSHOP_REPORT_NAMES.flatMap((n) => [`report/${n}`, `reportexport/${n}`]) },
    ],
  },
  {
    // The API reference lists every route, so its Lambda composes every area.
    name: "docs",
    handler: "functions/lambda/docs.handler",
    prefixes: ["openapi.json", "docs"],
  },
] as const;

export type AreaName = (typeof areas)[number]["name"];

type Area = (typeof areas)[number];

/** An area's path prefixes, over all its Lambdas. */
export function prefixesOf(area: Area): readonly string[] {
  return "lambdas" in area ? area.lambdas.flatMap((l) => l.prefixes) : area.prefixes;
}

/**
 * One deployed Lambda of an area: its handler (functions/lambda/<name>.ts), the path prefixes API Gateway sends it
 * (`ANY /api/<prefix>` and `ANY /api/<prefix>/{proxy+}`; the longest prefix wins) and the exact paths (`ANY /api/<path>`
 * alone), which win over another Lambda's prefix.
 */
export type AreaLambda = { name: string; area: AreaName; handler: string; prefixes: readonly string[]; exact: readonly string[] };

/** Every area's Lambdas: an area's own, or each of its route groups' (stacks/Api.ts makes one function each). */
export const lambdas: AreaLambda[] = areas.flatMap((a): AreaLambda[] =>
  "lambdas" in a
    ? a.lambdas.map((l) => ({ name: l.name, area: a.name, handler: `functions/lambda/${l.name}.handler`, prefixes: l.prefixes, exact: "exact" in l ? l.exact : [] }))
    : [{ name: a.name, area: a.name, handler: a.handler, prefixes: a.prefixes, exact: [] }],
);

/** The Lambda API Gateway sends a path of the API to (`/api/work/approve`, `/api/jobs/:id`): an exact path, else the longest prefix. */
export function lambdaOf(path: string): string | undefined {
  const exact = lambdas.find((l) => l.exact.some((p) => path === `/api/${p}`));
  if (exact) return exact.name;
  const matches = lambdas.flatMap((l) => l.prefixes.filter((p) => path === `/api/${p}` || path.startsWith(`/api/${p}/`)).map((p) => ({ name: l.name, p })));
  return matches.sort((a, b) => b.p.length - a.p.length)[0]?.name;
}

/** The route keys API Gateway sends to a Lambda: its prefixes' two each, less the exact paths another Lambda takes, and its exact paths. */
export function routeKeysOf(lambda: AreaLambda): string[] {
  const taken = new Set(lambdas.filter((l) => l !== lambda).flatMap((l) => l.exact.map((p) => `ANY /api/${p}`)));
  return [...lambda.prefixes.flatMap((p) => [`ANY /api/${p}`, `ANY /api/${p}/{proxy+}`]).filter((k) => !taken.has(k)), ...lambda.exact.map((p) => `ANY /api/${p}`)];
}
