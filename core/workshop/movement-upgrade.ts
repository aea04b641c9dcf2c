// Index version 2 of movements: each movement saved before issue 27 given its fleet van (`fleet_vehicle`) by the engine's own save.
import { ConflictError, ValidationError } from "../platform/errors.js";
import { ENGINE_INDEX_VERSION } from "../platform/records/define.js";
import { inParallel } from "../platform/records/bulk.js";
import { dataUpgrades } from "../platform/upgrades.js";
import { Movement, fleetVehicleOf } from "./movements.js";

/** Movements read a page at a time, and the vans of a page resolved this many at once. */
export const MOVEMENT_UPGRADE_PAGE = 100;
const AT_ONCE = 4;

/**
 * A movement saved before issue 27 has no `fleet_vehicle` (the van it is
 * of is resolved at each save: docs/finance.md "Which van a movement is
 * of"), so its internal charge is missing from its van's profit line until
 * it is saved again. This upgrade resolves each such movement's van as a
 * save does (`fleetVehicleOf`: its job's vehicle, else its vehicle text as
 * a fleet registration, one read by key) and writes it through the
 * engine's update (a system write on the version read), so the van's
 * figures, rank and sorts move in the movement's own transaction, as for a
 * normal save. Batched (pages of `MOVEMENT_UPGRADE_PAGE`, a few saves at
 * once); idempotent and resumable (a movement that has its van is passed
 * by, so a second run, or a run after a crash, writes nothing twice); a
 * movement saved meanwhile (409) was resolved by that save; one the
 * current rules refuse is logged and left as it was.
 */
export async function resolveMovementVans(log: (line: string) => void = () => undefined): Promise<number> {
  let resolved = 0;
  let refused = 0;
  let cursor: string | null = null;
  do {
    const page: { data: Array<Record<string, unknown>>; cursor: string | null } = await Movement.entity.query
      .byId({ record_type: "movement" })
      .go({ cursor, limit: MOVEMENT_UPGRADE_PAGE, attributes: ["id", "fleet_vehicle", "job", "vehicle"] });
    cursor = page.cursor;
    const old = page.data
      .filter((m) => m.fleet_vehicle === null || m.fleet_vehicle === undefined)
      .map((m) => ({ id: Number(m.id), job: typeof m.job === "number" ? m.job : null, vehicle: typeof m.vehicle === "string" ? m.vehicle : null }));
    await inParallel(old, AT_ONCE, async (m) => {
      const van = await fleetVehicleOf(m);
      if (van === null) return;
      try {
        await Movement.update(m.id, { fleet_vehicle: van }, "index upgrade", { partial: true, system: true });
        resolved++;
      } catch (e) {
        if (e instanceof ConflictError) return;
        if (!(e instanceof ValidationError)) throw e;
        refused++;
        log(`Movement ${m.id} left without its van: ${e.message}`);
      }
    });
  } while (cursor);
  log(`Gave ${resolved} movements their fleet van${refused ? ` (${refused} refused by the current rules, left as they were)` : ""}.`);
  return resolved;
}

// The movement's own index version 2, as the upgrade counts it (the engine's versions added: core/platform/records/define.ts).
dataUpgrades.push({ type: "movement", version: 2 + ENGINE_INDEX_VERSION - 1, run: resolveMovementVans });
