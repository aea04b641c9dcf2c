import { authRoutes } from "./auth/routes.js";
import { contactsRoutes } from "./contacts/routes.js";
import { fleetRoutes } from "./fleet/routes.js";
import { complianceRoutes } from "./compliance/routes.js";
import { capRoutes } from "./cap/routes.js";
import { hireRoutes } from "./hire/routes.js";
import { workshopRoutes } from "./workshop/routes.js";
import { quoteRoutes } from "./workshop/quotes.js";
import { partOrderRoutes } from "./workshop/partorders.js";
import { movementRoutes } from "./workshop/movements.js";
import { lookupRoutes } from "./workshop/lookups.js";
import { workTotalsRoutes } from "./workshop/work-totals.js";
import { accountsRoutes } from "./accounts/routes.js";
import { paymentRoutes } from "./accounts/payments.js";
import { diaryRoutes, fixedExpenseRoutes, transactionRoutes } from "./accounts/transactions.js";
import { xeroRoutes } from "./accounts/xero.js";
import { reportsRoutes } from "./reports/routes.js";
import { createApi, type AreaRoutes } from "./platform/app.js";
import { docsRoutes } from "./platform/openapi.js";
import { settingsRoutes } from "./settings/routes.js";
import type { AreaName } from "./areas.js";

/** Route groups served by one Lambda (functions/areas.ts `routes`), as one. */
export function combined(...groups: AreaRoutes[]): AreaRoutes {
  return (app) => {
    for (const group of groups) group(app);
  };
}

/**
 * Every area's routes, for the apps that compose them all: the local
 * server, the API tests and the docs Lambda (the API reference lists every
 * route). An area's own Lambda imports only its area's routes.
 */
export const areaRoutes: Record<AreaName, AreaRoutes> = {
  auth: authRoutes,
  settings: settingsRoutes,
  contacts: contactsRoutes,
  fleet: fleetRoutes,
  cap: capRoutes,
  compliance: complianceRoutes,
  hire: hireRoutes,
  workshop: workshopRoutes,
  quotes: quoteRoutes,
  partorders: partOrderRoutes,
  movements: movementRoutes,
  lookups: combined(lookupRoutes, workTotalsRoutes),
  accounts: accountsRoutes,
  payments: paymentRoutes,
  transactions: combined(transactionRoutes, fixedExpenseRoutes, diaryRoutes),
  xero: xeroRoutes,
  reports: reportsRoutes,
  docs: docsRoutes,
};

/** The whole API in one app (local server and API tests). */
export function createFullApi() {
  return createApi(Object.values(areaRoutes));
}
