import * as z from "zod";
import { Contact } from "../contacts/index.js";
import { ConflictError, NotFoundError, ValidationError } from "../platform/errors.js";
import { LAST_SAVED_ERROR, LAST_SAVED_MISSING, isFresh, defineRecordType, writeTogether, type PlannedWrite, type WriteExtra } from "../platform/records.js";
import { todayInLondon } from "../platform/dates.js";
import { InspectionType } from "../settings/index.js";
import { NO_VALUE, approveInspection, checkInspectionLock, compactRegistration, dueFrom, isDue } from "./rules.js";
import { Vehicle } from "./vehicle.js";
import { inspection as inspectionDefinition, inspectionExtras } from "./definitions.js";
import { checkReferences, declareReferences } from "../platform/references.js";
import { blank } from "../platform/blank.js";
import { pageRows } from "../platform/paging.js";

/** Every field of an inspection, from its one definition (definitions.ts). */
export const inspectionFields = inspectionDefinition.schema;

/**
 * An inspection of a vehicle (MOT, service, PMI...; 000 §3). Lists: by
 * vehicle, all by expiry, open ones by the date they turn red, booked ones
 * by booking date, and a counted list per type and booking date for
 * "THERE ARE {n} INSPECTIONS BOOKED ON THAT DATE".
 */
export const Inspection = defineRecordType({
  type: "inspection",
  label: "Inspection",
  fields: inspectionFields,
  // Vehicle, type and last completed date, in that order, with the definition's messages.
  validate: (r) => inspectionDefinition.checkRequired(r),
  lists: (r) => {
    const tags = [`t=${r.inspection_type ?? NO_VALUE}`];
    const booked = !blank(r.booked_in_date);
    return [
      { list: `vehicle#${r.vehicle}`, sort: r.expiry_date ?? NO_VALUE },
      { list: "all", sort: r.expiry_date ?? NO_VALUE, tags },
      booked ? { list: "booked", sort: r.booked_in_date!, tags } : { list: "open", sort: dueFrom(r.expiry_date, r.warning_days) ?? NO_VALUE, tags },
      ...(booked
        ? [
            { list: `booked#${r.inspection_type ?? NO_VALUE}#${r.booked_in_date}`, sort: "" },
            { list: `booked#ALL#${r.booked_in_date}`, sort: "" },
          ]
        : []),
    ];
  },
  async expand(rows) {
    const [types, vehicles, workshops] = await Promise.all([
      InspectionType.getMany(rows.map((r) => r.inspection_type as number)),
      Vehicle.getMany(rows.map((r) => r.vehicle as number)),
      Contact.getMany(rows.map((r) => r.inspection_workshop as number)),
    ]);
    const t = new Map(types.map((x) => [x.id, x]));
    const v = new Map(vehicles.map((x) => [x.id, x]));
    const w = new Map(workshops.map((x) => [x.id, x]));
    const today = todayInLondon();
    return rows.map((r) => {
      const type = t.get(r.inspection_type as number);
      const vehicle = v.get(r.vehicle as number);
      const workshop = w.get(r.inspection_workshop as number);
      return {
        ...r,
        inspection_type: type ? { id: type.id, inspection_type: type.inspection_type, reminder_days: type.reminder_days ?? null, warning_days: type.warning_days ?? null } : null,
        vehicle: vehicle ? { id: vehicle.id, registration: vehicle.registration, fleet_number: vehicle.fleet_number } : null,
        inspection_workshop: workshop ? { id: workshop.id, display_name: workshop.display_name } : null,
        due: isDue(r.expiry_date, r.warning_days, today),
      };
    });
  },
});

export type InspectionPlan = {
  creates: Record<string, unknown>[];
  updates: Array<{ id: number; fields: Record<string, unknown> }>;
  deletes: number[];
};

type Row = z.infer<typeof inspectionFields> & { id: number; last_saved: string };

/** What a client may send back from an inspection it read, besides the fields (`inspectionExtras`). */
const answerOnly: readonly string[] = inspectionExtras.names;
export function inspectionInput(body: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (!answerOnly.includes(k)) out[k] = v;
  return out;
}

/** A new inspection without warning days takes its type's (so the due date is known when it is indexed). */
async function withWarningDays(fields: Record<string, unknown>) {
  if (!blank(fields.warning_days) || blank(fields.inspection_type)) return fields;
  const typeId = typeof fields.inspection_type === "object" ? (fields.inspection_type as { id: number }).id : Number(fields.inspection_type);
  const [type] = await InspectionType.getMany([typeId]);
  return { ...fields, warning_days: type?.warning_days ?? 0 };
}

export const Inspections = {
  async ofVehicle(vehicleId: number) {
    return Inspection.listIn(`vehicle#${vehicleId}`, { page: 1, page_size: 1000 });
  },

  /**
   * The /inspections screen (003): view `all` (by expiry), `due` (not
   * booked and due today: red rows, soonest first), `open` (not booked,
   * by the date they turn red), `booked` (by booking date); optional
   * inspection type; search by registration or fleet number prefix.
   */
  async list(q: { page: number; page_size: number; view?: "all" | "due" | "open" | "booked"; type?: number; search?: string }) {
    const view = q.view ?? "all";
    const list = view === "booked" ? "booked" : view === "due" || view === "open" ? "open" : "all";
    const tags = q.type ? [`t=${q.type}`] : [];
    const to = view === "due" ? todayInLondon() : undefined;
    const term = q.search?.trim();
    if (term && term.length >= 2) {
      // Vehicles matching the term (bounded by the matches), then their inspections.
      const vehicleIds = (await Vehicle.idsIn("search", { search: compactRegistration(term) || term })).slice(0, 100);
      const rows: Row[] = [];
      for (const vid of vehicleIds) {
        const ids = await Inspection.idsIn(`vehicle#${vid}`, {});
        rows.push(...((await Inspection.getMany(ids)) as unknown as Row[]));
      }
      const today = todayInLondon();
      const kept = rows
        .filter((r) => (q.type ? r.inspection_type === q.type : true))
        .filter((r) => (view === "booked" ? !blank(r.booked_in_date) : view === "all" ? true : blank(r.booked_in_date)))
        .filter((r) => (view === "due" ? isDue(r.expiry_date, r.warning_days, today) : true))
        .sort((a, b) => String(a.expiry_date ?? NO_VALUE).localeCompare(String(b.expiry_date ?? NO_VALUE)) || a.id - b.id);
      return { count: kept.length, results: await Inspection.present(pageRows(kept, q) as any) };
    }
    return Inspection.listIn(list, { page: q.page, page_size: q.page_size, tags, to });
  },

  /** Inspections booked on a date (of a type, or of any type): one counter read. */
  async bookedCount(type: number | null | undefined, date: string) {
    const list = `booked#${type ?? "ALL"}#${date}`;
    return { count: (await Inspection.counts([list]))[list] };
  },

  async get(id: number) {
    return Inspection.get(id);
  },

  /** Save one inspection: fields locked while it is booked in (000 §4). */
  async save(id: number, body: Record<string, unknown>, actor: string) {
    const [stored] = (await Inspection.getMany([id])) as unknown as Row[];
    if (!stored) throw new NotFoundError("Inspection");
    const fields = inspectionInput(body);
    checkInspectionLock(stored, normaliseRefs(fields));
    return Inspection.update(id, fields, actor, { partial: true });
  },

  async create(body: Record<string, unknown>, actor: string) {
    return Inspection.create(await withWarningDays(inspectionInput(body)), actor);
  },

  /**
   * Approve one or more booked inspections (003 §5): each needs a new
   * completion and expiry date (from the body, else the ones stored on
   * it); every one is checked before any is saved.
   */
  async approve(items: Array<{ id: number; new_completed_date?: string | null; new_expiry_date?: string | null }>, actor: string) {
    if (!items.length) throw new ValidationError("No inspection selected", { id: "No inspection selected" });
    const stored = (await Inspection.getMany(items.map((i) => i.id))) as unknown as Row[];
    const byId = new Map(stored.map((r) => [r.id, r]));
    const plans = items.map((i) => {
      const r = byId.get(i.id);
      if (!r) throw new NotFoundError("Inspection");
      const dates = {
        new_completed_date: i.new_completed_date === undefined ? r.new_completed_date : i.new_completed_date,
        new_expiry_date: i.new_expiry_date === undefined ? r.new_expiry_date : i.new_expiry_date,
      };
      return { id: i.id, set: approveInspection(dates) };
    });
    const out = [];
    // An action on the stored inspections (no form was loaded): on the version read.
    for (const p of plans) out.push(await Inspection.update(p.id, p.set, actor, { partial: true, system: true }));
    return out;
  },

  /**
   * The inspections sent with a vehicle save: new rows are created, sent
   * rows saved (when changed), stored rows left out are deleted. Checked
   * (locks, freshness) before anything is written.
   */
  async planForVehicle(vehicleId: number | null, sent: unknown): Promise<InspectionPlan | null> {
    if (sent === undefined || sent === null) return null;
    if (!Array.isArray(sent)) throw new ValidationError("Inspections must be a list", { inspections: "Must be a list" });
    const stored = vehicleId ? ((await Inspection.getMany(await Inspection.idsIn(`vehicle#${vehicleId}`))) as unknown as Row[]) : [];
    const byId = new Map(stored.map((r) => [r.id, r]));
    const creates: Record<string, unknown>[] = [];
    const updates: Array<{ id: number; fields: Record<string, unknown> }> = [];
    const keep = new Set<number>();
    const references: Array<{ i: number; fields: Record<string, unknown>; before?: Record<string, unknown> }> = [];
    sent.forEach((raw, i) => {
      if (!raw || typeof raw !== "object") throw new ValidationError("Each inspection must be an object", { [`inspections.${i}`]: "Must be an object" });
      const body = inspectionInput(raw as Record<string, unknown>);
      const { id: rawId, last_saved, created_by: _c, updated_by: _u, created_at: _a, ...fields } = body;
      const parsed = inspectionFields.partial().strict().safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const key = issue.code === "unrecognized_keys" ? (issue as any).keys[0] : issue.path.join(".");
        throw new ValidationError(issue.code === "unrecognized_keys" ? `Unknown field: inspections.${i}.${key}` : issue.message, { [`inspections.${i}.${key}`]: issue.message });
      }
      const next = parsed.data as Record<string, unknown>;
      const id = typeof rawId === "number" ? rawId : typeof rawId === "string" && /^\d+$/.test(rawId) ? Number(rawId) : null;
      const current = id ? byId.get(id) : undefined;
      const value = (f: string) => (next[f] === undefined && current ? (current as any)[f] : next[f]);
      references.push({ i, fields: { ...next, vehicle: undefined }, before: current });
      // Required as the definition says (the vehicle is this one).
      for (const f of inspectionDefinition.fields)
        if (f.required && f.name !== "vehicle" && blank(value(f.name))) throw new ValidationError(f.required, { [`inspections.${i}.${f.name}`]: f.required });
      if (current) {
        keep.add(current.id);
        const changed = Object.keys(inspectionFields.shape).some((f) => f !== "vehicle" && next[f] !== undefined && String(next[f] ?? null) !== String((current as any)[f] ?? null));
        if (!changed) return;
        checkInspectionLock(current, next);
        // A changed row is a save of that inspection: it carries the last_saved it was loaded with.
        if (typeof last_saved !== "string" || Number.isNaN(Date.parse(last_saved)))
          throw new ValidationError(LAST_SAVED_MISSING, { [`inspections.${i}.last_saved`]: LAST_SAVED_ERROR });
        if (!isFresh(current.last_saved, last_saved)) throw new ConflictError();
        updates.push({ id: current.id, fields: { ...next, vehicle: vehicleId } });
      } else creates.push(next);
    });
    // Checked here, before the vehicle is saved: an inspection type or workshop that does not exist leaves nothing written.
    for (const r of references)
      try {
        await checkReferences(Inspection.type, r.fields, r.before);
      } catch (e) {
        if (!(e instanceof ValidationError)) throw e;
        throw new ValidationError(e.message, Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [`inspections.${r.i}.${k}`, v])));
      }
    const deletes = stored.filter((r) => !keep.has(r.id)).map((r) => r.id);
    return { creates, updates, deletes };
  },

  /**
   * The inspections of a vehicle save as writes in the vehicle's own
   * transaction (`also` of VehicleLines): each checked once the vehicle is
   * validated and its id known, then the vehicle and its changed
   * inspections land together or not at all.
   */
  forVehicleSave(plan: InspectionPlan | null, actor: string): WriteExtra | undefined {
    if (!plan || plan.creates.length + plan.updates.length + plan.deletes.length === 0) return undefined;
    return writeTogether((vehicle) => this.writesOf(plan, vehicle.id, actor));
  },

  /**
   * The inspections sent with a vehicle's save, planned (checked) in the
   * save's `prepare`: once the vehicle has passed its own rules, so the
   * first message is the vehicle's first rule broken and its rules run
   * once. `planned()` is the plan made (for `applyAfter`).
   */
  forVehicleSent(vehicleId: number | null, sent: unknown, actor: string): { extra: WriteExtra; planned: () => InspectionPlan | null } {
    let plan: InspectionPlan | null = null;
    const extra = writeTogether(async (vehicle) => {
      plan = await this.planForVehicle(vehicleId, sent);
      return plan ? this.writesOf(plan, vehicle.id, actor) : [];
    });
    return { extra, planned: () => plan };
  },

  /** A plan's writes, for the vehicle's transaction. */
  async writesOf(plan: InspectionPlan, vehicleId: number, actor: string): Promise<PlannedWrite[]> {
    const out: PlannedWrite[] = [];
    for (const id of plan.deletes) out.push(await Inspection.planRemove(id, actor));
    // Freshness was checked when the vehicle's save was planned; the write is on the version read.
    for (const u of plan.updates) out.push(await Inspection.planUpdate(u.id, { ...u.fields, vehicle: vehicleId }, actor, { partial: true, system: true }));
    for (const c of plan.creates) out.push(await Inspection.planCreate(await withWarningDays({ ...c, vehicle: vehicleId }), actor, { sameWrite: ["vehicle"] }));
    return out;
  },

  /**
   * A vehicle whose save with its inspections would not fit one
   * transaction (a new van entered with many inspections at once): the
   * vehicle is saved first, then its inspections one by one, each already
   * checked when the save was planned, so what can still refuse them is
   * only someone else saving the same inspection meanwhile.
   */
  async applyAfter(vehicleId: number, plan: InspectionPlan, actor: string) {
    for (const id of plan.deletes) await Inspection.remove(id, actor);
    for (const u of plan.updates) await Inspection.update(u.id, { ...u.fields, vehicle: vehicleId }, actor, { partial: true, system: true });
    for (const c of plan.creates) await Inspection.create(await withWarningDays({ ...c, vehicle: vehicleId }), actor);
  },

  /** A vehicle being deleted: its inspections go with it. */
  async removeForVehicle(vehicleId: number, actor: string) {
    for (const id of await Inspection.idsIn(`vehicle#${vehicleId}`)) {
      try {
        await Inspection.remove(id, actor);
      } catch (e) {
        if (!(e instanceof NotFoundError)) throw e;
      }
    }
  },
};

/** References may arrive as objects ({id, ...}); compare them by id. */
function normaliseRefs(fields: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...fields };
  for (const k of ["inspection_type", "vehicle", "inspection_workshop"])
    if (out[k] && typeof out[k] === "object") out[k] = (out[k] as { id?: unknown }).id ?? null;
  for (const k of ["expiry_date", "date_completed", "start_date", "booked_in_date", "new_completed_date", "new_expiry_date"])
    if (out[k] === "") out[k] = null;
  return out;
}

declareReferences(Inspection, () => ({ inspection_type: InspectionType, vehicle: Vehicle, inspection_workshop: Contact }));
