import { authRoutes } from "./auth/routes.js";
import { contactsRoutes } from "./contacts/routes.js";
import { fleetRoutes } from "./fleet/routes.js";
import { complianceRoutes } from "./compliance/routes.js";
import { capRoutes } from "./cap/routes.js";
import { hireRoutes } from "./hire/routes.js";
import { workshopRoutes } from "./workshop/routes.js";
import { accountsRoutes } from "./accounts/routes.js";
import { reportsRoutes } from "./reports/routes.js";
import { createApi, type AreaRoutes } from "./platform/app.js";
import { docsRoutes } from "./platform/openapi.js";
import { settingsRoutes } from "./settings/routes.js";
import type { AreaName } from "./areas.js";
// A data upgrade no request needs, registered where the index upgrade runs (npm start, scripts/upgrade-indexes.ts, the API tests) and kept out of the Lambdas' bundles.
import "../core/workshop/movement-upgrade.js";

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
  accounts: accountsRoutes,
  reports: reportsRoutes,
  docs: docsRoutes,
};

/** The whole API in one app (local server and API tests). */
export function createFullApi() {
  return createApi(Object.values(areaRoutes));
}
