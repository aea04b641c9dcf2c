import { authRoutes } from "./auth/routes.js";
import { contactsRoutes } from "./contacts/routes.js";
import { fleetRoutes } from "./fleet/routes.js";
import { hireRoutes } from "./hire/routes.js";
import { accountsRoutes } from "./accounts/routes.js";
import { createApi, type AreaRoutes } from "./platform/app.js";
import { settingsRoutes } from "./settings/routes.js";
import type { AreaName } from "./areas.js";

/** Each area's routes; a Lambda serves one area, the local server all. */
export const areaRoutes: Record<AreaName, AreaRoutes> = {
  auth: authRoutes,
  settings: settingsRoutes,
  contacts: contactsRoutes,
  fleet: fleetRoutes,
  hire: hireRoutes,
  accounts: accountsRoutes,
};

/** The whole API in one app (local server and API tests). */
export function createFullApi() {
  return createApi(Object.values(areaRoutes));
}
