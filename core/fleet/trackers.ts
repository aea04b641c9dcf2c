import * as z from "zod";
import { ValidationError } from "../platform/errors.js";
import { defineRecordType } from "../platform/records.js";
import { monthOf, todayInLondon } from "../platform/dates.js";
import { TrackerType } from "../settings/index.js";
import { MESSAGES, NO_VALUE, trackerFigures } from "./rules.js";
import { Vehicle } from "./vehicle.js";
import { tracker as trackerDefinition, trackerExtras } from "./definitions.js";
import { checkReferences, declareReferences } from "../platform/references.js";
import { parseInput } from "../platform/validation.js";
import { blank } from "../platform/blank.js";

/**
 * A vehicle tracker (000 §3 Other records). Active means not deactivated.
 * The vehicle it sits on is a unique claim, so two trackers can never sit
 * on one vehicle, even when two assignments race.
 */
export const Tracker = defineRecordType({
  type: "vehicletracker",
  label: "Tracker",
  // The one definition (definitions.ts); an IMEI sent as a number is taken as its text.
  fields: trackerDefinition.schema.extend({ imei: z.preprocess((v) => (typeof v === "number" ? String(v) : v), trackerDefinition.schema.shape.imei) }),
  searchOf: (r) => r.imei.toLowerCase(),
  lists: (r) => {
    const active = blank(r.date_deactivated);
    const tags = [`t=${r.type ?? NO_VALUE}`, `a=${r.date_activated ?? NO_VALUE}`, `x=${r.date_deactivated ?? NO_VALUE}`];
    return [
      { list: "all", sort: r.imei },
      { list: active ? "state#active" : "state#inactive", sort: r.imei },
      ...(active && blank(r.vehicle) ? [{ list: "unused", sort: r.imei }] : []),
      // For the figures: active ones by activation date, inactive ones by deactivation date.
      active
        ? { list: "costing#active", sort: r.date_activated ?? NO_VALUE, tags }
        : { list: "costing#inactive", sort: r.date_deactivated!, tags },
    ];
  },
  unique: (r) => [
    { scope: "imei", value: r.imei, message: "A tracker with this IMEI already exists" },
    { scope: "vehicle", value: r.vehicle ? String(r.vehicle) : null, message: "That vehicle already has a tracker" },
  ],
  async expand(rows) {
    const [vehicles, types] = await Promise.all([
      Vehicle.getMany(rows.map((r) => r.vehicle as number)),
      TrackerType.getMany(rows.map((r) => r.type as number)),
    ]);
    const v = new Map(vehicles.map((x) => [x.id, x]));
    const t = new Map(types.map((x) => [x.id, x]));
    return rows.map((r) => {
      const vehicle = r.vehicle ? v.get(r.vehicle) : undefined;
      const type = r.type ? t.get(r.type) : undefined;
      return {
        ...r,
        active: blank(r.date_deactivated),
        vehicle: vehicle ? { id: vehicle.id, registration: vehicle.registration, fleet_number: vehicle.fleet_number } : null,
        type: type ? { id: type.id, name: type.name, cost: type.cost ?? null, upfront_cost: type.upfront_cost ?? null } : null,
      };
    });
  },
});

/** Fields the client may send back from a tracker it read (`trackerExtras`). */
function input(body: Record<string, unknown>) {
  const out = { ...body };
  for (const k of trackerExtras.names) delete out[k];
  return out;
}

/** Make the vehicle's own `tracker` field match the tracker that claims it (or none). */
async function syncVehicle(vehicleId: number | null | undefined, actor: string) {
  if (!vehicleId) return null;
  const [vehicle] = await Vehicle.getMany([vehicleId]);
  if (!vehicle) return null;
  const holder = (await Tracker.claimedBy("vehicle", [String(vehicleId)])).get(String(vehicleId)) ?? null;
  if ((vehicle.tracker ?? null) === holder) return { id: vehicle.id, registration: vehicle.registration, last_saved: vehicle.last_saved };
  // A system write: no last_saved is sent, so it lands atomically on the current version.
  const saved = (await Vehicle.update(vehicleId, { tracker: holder }, actor, { partial: true, system: true })) as Record<string, any>;
  return { id: saved.id, registration: saved.registration, last_saved: saved.last_saved };
}

export const Trackers = {
  /** Trackers list (000 §4): view all, active (default) or inactive; IMEI prefix search. */
  async list(q: { page: number; page_size: number; search?: string; view?: "all" | "active" | "inactive" }) {
    const list = q.view === "all" ? "all" : q.view === "inactive" ? "state#inactive" : "state#active";
    return Tracker.listIn(list, { page: q.page, page_size: q.page_size, search: q.search && q.search.length >= 2 ? q.search : undefined });
  },

  /**
   * Tracker figures for a range (default this month): see `trackerFigures`
   * for the formula. Reads the index entries of the active trackers and
   * of those deactivated since the start, never the tracker records.
   */
  async figures(start?: string | null, end?: string | null) {
    const month = monthOf(todayInLondon());
    const s = start ?? month.start;
    const e = end ?? month.end;
    if (e < s) throw new ValidationError("The end date must not be before the start date", { end_date: "Must not be before the start date" });
    const [active, inactive, types] = await Promise.all([
      Tracker.entriesIn("costing#active", { to: e }),
      Tracker.entriesIn("costing#inactive", { from: s }),
      TrackerType.all(),
    ]);
    const tag = (tags: string[], name: string) => {
      const v = tags.find((t) => t.startsWith(`${name}=`))?.slice(name.length + 1);
      return !v || v === NO_VALUE ? null : v;
    };
    const trackers = [...active, ...inactive].map((x) => ({
      type: tag(x.tags, "t") ? Number(tag(x.tags, "t")) : null,
      date_activated: tag(x.tags, "a"),
      date_deactivated: tag(x.tags, "x"),
    }));
    return trackerFigures(trackers, types, s, e);
  },

  /** Trackers that can be assigned: active and on no vehicle. */
  async unused() {
    return Tracker.listIn("unused", { page: 1, page_size: 1000 });
  },

  async create(body: Record<string, unknown>, actor: string) {
    const { vehicle, ...rest } = input(body);
    // The vehicle is checked before the tracker is written: a refused assignment leaves no tracker behind.
    await checkReferences(Tracker.type, { vehicle: parseInput(Tracker.fields.shape.vehicle, vehicle) });
    const created = (await Tracker.create({ ...rest, vehicle: null }, actor)) as Record<string, any>;
    if (!blank(vehicle)) return this.save(created.id, { vehicle, last_saved: created.last_saved }, actor);
    return created;
  },

  /**
   * Save a tracker. Giving it a vehicle assigns it (000 §4): only an
   * unused tracker can be assigned; the tracker already on that vehicle
   * is freed first, then this one is linked (its claim on the vehicle
   * makes a second tracker on one vehicle impossible), then both
   * vehicles' `tracker` fields are brought in line. The answer carries
   * the vehicle's new last_saved so an open edit screen can keep saving.
   */
  async save(id: number, body: Record<string, unknown>, actor: string) {
    const [current] = await Tracker.getMany([id]);
    if (!current) return Tracker.get(id); // 404
    const fields = input(body);
    const requested = fields.vehicle === undefined ? current.vehicle : fields.vehicle;
    const vehicleId = requested && typeof requested === "object" ? (requested as { id?: number }).id ?? null : requested === "" ? null : (requested as number | null);
    const previousVehicle = (current.vehicle as number | null) ?? null;
    if (vehicleId && vehicleId !== previousVehicle) {
      if (previousVehicle || !blank(current.date_deactivated) || !blank(fields.date_deactivated))
        throw new ValidationError(MESSAGES.unusedTrackersOnly, { vehicle: MESSAGES.unusedTrackersOnly });
      await checkReferences(Tracker.type, { vehicle: vehicleId }); // 400 for a vehicle that does not exist
      const holder = (await Tracker.claimedBy("vehicle", [String(vehicleId)])).get(String(vehicleId));
      if (holder && holder !== id) {
        await Tracker.update(holder, { vehicle: null, date_assigned: null }, actor, { partial: true, system: true });
      }
    }
    const assigning = !!vehicleId && vehicleId !== previousVehicle;
    let saved: Record<string, any>;
    try {
      saved = (await Tracker.update(
        id,
        {
          ...fields,
          vehicle: vehicleId ?? null,
          ...(assigning && blank(fields.date_assigned) ? { date_assigned: todayInLondon() } : {}),
          ...(!vehicleId ? { date_assigned: null } : {}),
        },
        actor,
        { partial: true },
      )) as Record<string, any>;
    } finally {
      // Whatever happened, each vehicle's field shows the tracker that really claims it.
      if (assigning) await syncVehicle(Number(vehicleId), actor);
      if (previousVehicle && previousVehicle !== vehicleId) await syncVehicle(previousVehicle, actor);
    }
    const vehicle = vehicleId ? await syncVehicle(Number(vehicleId), actor) : null;
    return { ...saved, vehicle: vehicle ?? saved.vehicle };
  },

  /** Delete a tracker, freeing its vehicle first. */
  async remove(id: number, actor: string) {
    const [current] = await Tracker.getMany([id]);
    if (!current) return Tracker.remove(id, actor); // 404
    if (current.vehicle) await Tracker.update(id, { vehicle: null }, actor, { partial: true, system: true });
    const res = await Tracker.remove(id, actor);
    await syncVehicle(current.vehicle, actor);
    return res;
  },

  /** A vehicle being deleted: its tracker goes back to the unused ones. */
  async freeVehicle(vehicleId: number, actor: string) {
    const holder = (await Tracker.claimedBy("vehicle", [String(vehicleId)])).get(String(vehicleId));
    if (holder) await Tracker.update(holder, { vehicle: null, date_assigned: null }, actor, { partial: true, system: true });
  },
};

declareReferences(Tracker, () => ({ vehicle: Vehicle, type: TrackerType }));
/** The vehicle's own `tracker` field, declared here so vehicle.ts need not import this module. */
declareReferences(Vehicle, () => ({ tracker: Tracker }));
