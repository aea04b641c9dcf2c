import { offers } from "../platform/offers.js";

/** A workshop warning on a rental's van (core/workshop/holds.ts `WorkshopWarning`). */
export type WorkshopWarning = { job: number; reason: "NOT_DRIVEABLE" | "IN_WORKSHOP"; from: string | null; to: string | null; message: string };

/**
 * What the workshop offers hire (core/platform/offers.ts; the workshop
 * sits above hire, never the other way): the workshop warnings on a
 * rental's or a finder's vans, read from the jobs' open-list entries
 * (core/workshop/holds.ts, registered by core/workshop/hire-offers.ts).
 */
export type HireOffers = {
  workshopWarnings: (vehicles: number[], window: { start_date: string; finish_date: string }) => Promise<Map<number, WorkshopWarning[]>>;
};

export const hireOffers = offers<HireOffers>("hireOffers");
