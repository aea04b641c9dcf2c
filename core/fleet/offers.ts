import { offers } from "../platform/offers.js";

/** The availability finder's query (core/hire/availability.ts `AvailableQuery`). */
export type AvailableVehiclesQuery = { start_date: string; finish_date: string; type?: number; page: number; page_size: number; search?: string; except?: number };

/**
 * What hire offers the fleet (core/platform/offers.ts; hire depends on the
 * fleet, never the other way): GET vehicles with start and end answers
 * through the one availability mechanism the rental finder uses
 * (core/hire/availability.ts), which the hire area registers when it loads.
 */
export type FleetOffers = {
  availabilityDates: (start: string | null | undefined, finish: string | null | undefined, names?: { start: string; finish: string }) => { start_date: string; finish_date: string };
  availableVehicles: (q: AvailableVehiclesQuery) => Promise<{ count: number; results: unknown[] } & Record<string, unknown>>;
};

export const fleetOffers = offers<FleetOffers>("fleetOffers");
