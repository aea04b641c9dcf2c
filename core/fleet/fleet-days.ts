import { FLEET_DAYS_FACET, fleetDaysByWeek } from "./lists.js";
import { Vehicle } from "./vehicle.js";

/**
 * Vehicle-days on fleet in each of the weeks (oldest first), for a
 * department or the whole fleet: one Query of the fleet's moves from the
 * first week's start (and the `held` count beside them), whatever the size
 * of the fleet or of its history (docs/charts.md).
 */
export async function fleetDaysInWeeks(weeks: Array<{ start: string; end: string }>, department?: number | null): Promise<number[]> {
  if (!weeks.length) return [];
  const facet = FLEET_DAYS_FACET(department ? String(department) : "all");
  // "held" sorts after every date, so the one range from the first day on holds it.
  const sums = await Vehicle.facetSums(facet, { from: weeks[0].start });
  const held = sums.find((s) => s.value === "held")?.sum ?? 0;
  return fleetDaysByWeek(held, sums, weeks);
}
