import { hireOffers } from "../hire/index.js";
import { workshopWarnings } from "./holds.js";

/**
 * What the workshop offers hire (core/hire/offers.ts,
 * core/platform/offers.ts): the workshop warnings on vans, read from the
 * jobs' open-list entries, carrying no job card code. Loaded by the routes
 * that answer rentals and the availability finder (functions/hire/routes.ts,
 * functions/fleet/routes.ts).
 */
hireOffers.offer({ workshopWarnings });
