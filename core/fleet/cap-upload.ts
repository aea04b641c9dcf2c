import { VisibleError, ValidationError } from "../platform/errors.js";
import { capChanges, parseCapCsv, type CapRowResult, type CapUploadReport } from "./cap.js";
import { CapTotals } from "./captotals.js";
import { MESSAGES, capChangeTally } from "./rules.js";
import { Vehicle } from "./vehicle.js";

/** Unique claims looked up per BatchGet (DynamoDB's limit on one BatchGetItem). */
const CAP_BATCH = 100;
/** Vehicles saved at once by a CAP upload (each save is its own transaction). */
const CAP_WRITERS = 4;

/** Run `work` over `items`, at most `n` at a time. */
async function eachLimited<T>(items: T[], n: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/**
 * POST vehiclescap: apply a CAP valuation file (see core/fleet/cap.ts and
 * docs/cap-upload.md). A file that is not the CAP format is refused
 * whole (400) before anything is read or written. Registrations are
 * matched through the vehicles' unique registration claims (BatchGets
 * of 100, never a scan); each changed vehicle is saved through the
 * record's own update, so it gets its audit entry and its list
 * memberships (Cap 0s among them) move with the new values. A row whose
 * save is refused is reported with the reason; the others still apply.
 */
export async function uploadCap(text: string, actor: string): Promise<CapUploadReport> {
  const results = parseCapCsv(text);
  const rejected: CapUploadReport["rejected"] = [];
  const reject = (r: CapRowResult, reason: string) => rejected.push({ row: r.row, registration: r.registration, reason });
  const good = results.filter((r): r is Extract<CapRowResult, { ok: true }> => r.ok);
  for (const r of results) if (!r.ok) reject(r, r.reason);

  const idOf = new Map<string, number>();
  for (let i = 0; i < good.length; i += CAP_BATCH) {
    const found = await Vehicle.claimedBy("reg", good.slice(i, i + CAP_BATCH).map((r) => r.key));
    for (const [key, id] of found) idOf.set(key, id);
  }
  const matched = good.filter((r) => {
    if (idOf.has(r.key)) return true;
    reject(r, "No fleet vehicle has this registration");
    return false;
  });
  const current = new Map<number, Record<string, unknown>>();
  const ids = matched.map((r) => idOf.get(r.key)!);
  for (let i = 0; i < ids.length; i += CAP_BATCH) for (const v of await Vehicle.getMany(ids.slice(i, i + CAP_BATCH))) current.set(v.id, v);

  let updated = 0;
  let unchanged = 0;
  let found = 0;
  // Everything is worked out and checked before the first write (the
  // changes and the upload's record for the dashboard), so an upload
  // refused with a 400 has changed nothing.
  const saves: Array<{ r: Extract<CapRowResult, { ok: true }>; id: number; vehicle: Record<string, unknown>; changes: NonNullable<ReturnType<typeof capChanges>> }> = [];
  const planned = capChangeTally();
  for (const r of matched) {
    const id = idOf.get(r.key)!;
    const vehicle = current.get(id);
    if (!vehicle) {
      // Deleted between the claim and the read.
      reject(r, "No fleet vehicle has this registration");
      continue;
    }
    found++;
    const changes = capChanges(vehicle, r.values);
    if (!changes) {
      unchanged++;
      continue;
    }
    planned.add(vehicle, changes);
    saves.push({ r, id, vehicle, changes });
  }
  try {
    CapTotals.checkUpload({ rows: results.length, updated: saves.length, departments: planned.departments });
  } catch (e) {
    // Every failed upload answers the spec's message (000 §8); the reason goes in errors.
    if (e instanceof ValidationError) throw new ValidationError(MESSAGES.capUploadFailed, { file: e.message, ...e.errors });
    throw e;
  }

  const tally = capChangeTally();
  await eachLimited(saves, CAP_WRITERS, async ({ r, id, vehicle, changes }) => {
    try {
      await Vehicle.update(id, changes, actor, { partial: true, system: true });
      updated++;
      tally.add(vehicle, changes);
    } catch (e) {
      if (!(e instanceof VisibleError)) throw e;
      reject(r, e.message);
    }
  });
  rejected.sort((a, b) => a.row - b.row);
  // What the upload did to the fleet's CAP values, for the dashboard (GET captotalchange).
  await CapTotals.recordUpload({ rows: results.length, updated, departments: tally.departments }, actor);
  return { rows: results.length, matched: found, updated, unchanged, rejected };
}
