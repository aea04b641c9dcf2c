import { Vehicle, activeVehicleIdsWith, fleetOffers, lapseWarnings, tabList } from "../fleet/index.js";
import { ValidationError } from "../platform/errors.js";
import { inParallel } from "../platform/records/bulk.js";
import { rangesMeeting } from "../platform/records/ranges.js";
import { hireOffers } from "./offers.js";
import { MESSAGES, datesOverlap } from "./rules.js";
import { pageRows } from "../platform/paging.js";

/**
 * The one availability mechanism (001 §7 "Dashboard and finder"): active
 * fleet vehicles (of a type) with no confirmed rental meeting the dates.
 * Served by GET rentals/available (the hire Lambda) and GET vehicles with
 * start and end (the fleet Lambda), so it reads the rentals' bookings
 * through the engine's date ranges (`rental#vehicle#<v>`, the scope the
 * rental's `exclusive` declares in core/hire/rental.ts), carrying none of
 * the rental record's code (tests/stacks/bundles.test.ts SHARED). Per van,
 * a Query of the few bookings that can meet the dates; never the table.
 */
export type AvailableQuery = { start_date: string; finish_date: string; type?: number; page: number; page_size: number; search?: string; except?: number };

/** The range scope of a vehicle's confirmed bookings (core/hire/rental.ts `exclusive`). */
const bookingScope = (vehicle: number) => `rental#vehicle#${vehicle}`;

/** Both dates present and in order, else the rental form's messages (400). */
export function availabilityDates(start: string | null | undefined, finish: string | null | undefined, names = { start: "start_date", finish: "finish_date" }) {
  if (!start) throw new ValidationError(MESSAGES.startRequired, { [names.start]: MESSAGES.startRequired });
  if (!finish) throw new ValidationError(MESSAGES.endRequired, { [names.finish]: MESSAGES.endRequired });
  if (finish < start) throw new ValidationError(MESSAGES.finishBeforeStart, { [names.finish]: MESSAGES.finishBeforeStart });
  return { start_date: start, finish_date: finish };
}

export async function availableVehicles(q: AvailableQuery) {
  availabilityDates(q.start_date, q.finish_date);
  // Of a type: the active vehicles with that type from the column list, not the whole active list.
  const ids = q.type ? await activeVehicleIdsWith("type", String(q.type)) : await Vehicle.idsIn(tabList("ACTIVE", "ALL", "ALL"));
  const window = { from: q.start_date, to: q.finish_date };
  const held = new Map<number, Array<{ id: number; from: string; to: string | null }>>();
  await inParallel([...new Set(ids)], 32, async (id) => {
    held.set(id, await rangesMeeting(bookingScope(id), window, false));
  });
  const free = [...new Set(ids)].filter((id) =>
    (held.get(id) ?? []).every((r) => r.id === q.except || !datesOverlap({ start_date: r.from, finish_date: r.to }, { start_date: window.from, finish_date: window.to })),
  );
  let rows = (await Vehicle.getMany(free)) as Array<Record<string, any>>;
  const term = q.search?.replace(/\s+/g, "").toLowerCase();
  if (term) rows = rows.filter((v) => String(v.registration ?? "").replace(/\s+/g, "").toLowerCase().startsWith(term) || String(v.fleet_number ?? "").toLowerCase().startsWith(term));
  rows.sort((a, b) => String(a.registration ?? "").localeCompare(String(b.registration ?? "")));
  const shown = pageRows(rows, q);
  // The page's vans only: a van in the workshop is marked, never left out (docs/rentals.md "Workshop warnings").
  const [results, warnings] = await Promise.all([Vehicle.present(shown as any), hireOffers.need("workshopWarnings")(shown.map((v) => v.id), q)]);
  // A van whose MOT or tax runs out before the hire ends is flagged the same way (issue 25, docs/compliance.md).
  return {
    count: rows.length,
    results: (results as Array<Record<string, any>>).map((v) => ({ ...v, workshop_warnings: warnings.get(v.id) ?? [], compliance_warnings: lapseWarnings(v, q) })),
  };
}

// GET vehicles with start and end answers through this mechanism (core/fleet/offers.ts).
fleetOffers.offer({ availabilityDates, availableVehicles });
