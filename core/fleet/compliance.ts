import * as z from "zod";
import { todayInLondon } from "../platform/dates.js";
import { ConflictError, ValidationError } from "../platform/errors.js";
import { defineRecordType, isFresh, lastSavedOf } from "../platform/records.js";
import { VehicleMake, VehicleModel, modelsOfMake } from "../settings/index.js";
import { RESOLUTION_NOTE_MAX, resolutionOf, warningListOf, warningLists } from "./compliance-rules.js";
import { dvlaConfigured, dvlaLookup } from "./dvla.js";
import { dvsaConfigured, dvsaLookup } from "./dvsa.js";
import {
  LOOKUP_MESSAGES,
  WARNING_KINDS,
  answerMessage,
  nameKey,
  registrationKey,
  suggestionsOf,
  testsNewestFirst,
  warningsOf,
  type DvlaVehicle,
  type DvsaVehicle,
  type MotTestAnswer,
  type ServiceAnswer,
  type Warning,
} from "./registration-rules.js";
import { tabList } from "./lists.js";
import { Vehicle } from "./vehicle.js";

/**
 * Registration first (issue 25; docs/compliance.md): the lookup behind the
 * vehicle screen's Look up button and the pickers, the MOT history kept per
 * vehicle (one item per MOT test), the compliance warnings (one item per
 * vehicle, kind and subject) and the nightly fleet check that records them.
 */

// ---- MOT tests --------------------------------------------------------------

const motTestFields = z.object({
  vehicle: z.number().int().positive(),
  registration: z.string().max(20),
  mot_test_number: z.string().min(1).max(30),
  completed_date: z.string().max(40),
  test_result: z.string().max(30),
  expiry_date: z.string().max(10).nullable().optional(),
  odometer_value: z.number().int().min(0).nullable().optional(),
  odometer_unit: z.string().max(10).nullable().optional(),
  odometer_result_type: z.string().max(30).nullable().optional(),
  defects: z.array(z.object({ text: z.string().max(2000), type: z.string().max(30), dangerous: z.boolean().optional() })).max(200),
  /** The workshop defect made from each advisory, by the advisory's index (bounded by the test's defects). */
  defect_jobs: z.record(z.string().max(4), z.number().int().positive()).optional(),
});

/** An MOT test as stored and answered (GET vehiclemothistory/{id}): the screens' row type (core/fleet/types.ts). */
export type MotTestRecord = z.infer<typeof motTestFields> & { id: number; last_saved: string | null };

/** One MOT test of a fleet vehicle as the DVSA answered it: never a growing list on the vehicle. */
export const MotTest = defineRecordType({
  type: "mottest",
  label: "MOT test",
  fields: motTestFields,
  lists: (r) => [{ list: `veh#${r.vehicle}`, sort: r.completed_date }],
  unique: (r) => [{ scope: "test", value: `${r.vehicle}#${r.mot_test_number}`, message: "This MOT test is already stored" }],
});

const testOf = (vehicle: number, registration: string, t: MotTestAnswer) => ({
  vehicle,
  registration,
  mot_test_number: t.motTestNumber,
  completed_date: t.completedDate,
  test_result: t.testResult,
  expiry_date: t.expiryDate ?? null,
  odometer_value: t.odometerValue,
  odometer_unit: t.odometerUnit,
  odometer_result_type: t.odometerResultType ?? null,
  defects: t.defects.map((d) => ({ text: d.text, type: d.type, ...(d.dangerous === undefined ? {} : { dangerous: d.dangerous }) })),
});

/** The MOT test numbers stored for a vehicle (its list's entries, then the items). */
async function storedTests(vehicle: number) {
  return MotTest.getMany(await MotTest.idsIn(`veh#${vehicle}`));
}

/** Stores the tests of an answer not stored yet (each by its own create; a second writer's is refused by the claim and skipped). */
export async function storeTests(vehicle: number, registration: string, tests: MotTestAnswer[], actor: string, known?: Set<string>): Promise<number> {
  const have = known ?? new Set((await storedTests(vehicle)).map((t) => String(t.mot_test_number)));
  let stored = 0;
  for (const t of tests) {
    if (have.has(t.motTestNumber)) continue;
    try {
      await MotTest.create(testOf(vehicle, registration, t), actor);
      stored++;
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
    }
    have.add(t.motTestNumber);
  }
  return stored;
}

/** GET vehicles/{id}/mothistory: the vehicle's stored MOT tests, newest first. */
export async function motHistory(vehicle: number) {
  const rows = await storedTests(vehicle);
  rows.sort((a, b) => String(b.completed_date).localeCompare(String(a.completed_date)));
  return { count: rows.length, results: rows };
}

/** PUT mottests/{id}/defect: the workshop defect made from an advisory (POST createdefect), kept on the test. */
export async function linkAdvisoryDefect(testId: number, index: number, job: number, actor: string) {
  const test = await MotTest.stored(testId);
  const d = test.defects[index];
  if (!d) throw new ValidationError("No such advisory on this MOT test", { index: "No such advisory on this MOT test" });
  const links = { ...(test.defect_jobs ?? {}), [String(index)]: job };
  await MotTest.update(testId, { defect_jobs: links }, actor, { partial: true, system: true, current: test });
  return { id: testId, defect_jobs: links };
}

// ---- Warnings ------------------------------------------------------------------

const warningFields = z.object({
  vehicle: z.number().int().positive(),
  registration: z.string().max(20),
  kind: z.enum(WARNING_KINDS),
  subject: z.string().max(60),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  source: z.enum(["DVLA", "DVSA"]),
  message: z.string().max(2500),
  raised_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** The vehicle's department when the warning was raised (the list's department filter). */
  department: z.number().int().positive().nullable().optional(),
  /** Resolved by staff: when, who, an optional note (null: open). */
  resolved_at: z.string().max(40).nullable().optional(),
  resolved_by: z.string().max(200).nullable().optional(),
  resolution_note: z.string().max(RESOLUTION_NOTE_MAX).nullable().optional(),
});

/** A compliance warning as GET compliance answers it: its record type's fields, with its id and last save. */
export type ComplianceWarningRecord = z.infer<typeof warningFields> & { id: number; last_saved: string | null };

/** A compliance warning the fleet check recorded: one per vehicle, kind and subject (the claim makes a second one impossible). */
export const ComplianceWarning = defineRecordType({
  type: "compliancewarning",
  label: "Compliance warning",
  fields: warningFields,
  lists: warningLists,
  // Open warnings counted by kind (the home panel, the summary): a resolve moves the count in its own transaction.
  facets: (r) => (r.resolved_at ? [] : [{ facet: "open", value: r.kind }]),
  // 2: the open lists, the department's lists and the open facet (the resolved state): stored warnings indexed again once.
  indexVersion: 2,
  unique: (r) => [{ scope: "key", value: `${r.vehicle}#${r.kind}#${r.subject}`, message: "This warning is already recorded" }],
});

/** Records the warnings not recorded yet; answers how many were new. */
export async function recordWarnings(vehicle: number, registration: string, warnings: Warning[], today: string, actor: string, department: number | null = null): Promise<number> {
  if (!warnings.length) return 0;
  const held = await ComplianceWarning.claimedBy("key", warnings.map((w) => `${vehicle}#${w.kind}#${w.subject}`));
  let recorded = 0;
  for (const w of warnings) {
    if (held.has(`${vehicle}#${w.kind}#${w.subject}`)) continue;
    try {
      await ComplianceWarning.create({ vehicle, registration, ...w, raised_on: today, department }, actor);
      recorded++;
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e; // taken meanwhile by another run: already recorded
    }
  }
  return recorded;
}

export const warningQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  kind: z.enum(WARNING_KINDS).optional(),
  vehicle: z.coerce.number().int().positive().optional(),
  department: z.coerce.number().int().positive().optional(),
  /** "true": resolved warnings too (the page's Show resolved); else the open ones only. */
  resolved: z.enum(["true", "false"]).optional(),
  order: z.enum(["asc", "desc"]).optional(),
});

/** GET compliance: the warnings, newest date first; open ones unless resolved=true; of a vehicle, a department, a kind (each its own list: one Query). */
export async function listWarnings(q: z.infer<typeof warningQuery>) {
  const list = warningListOf({ ...q, resolved: q.resolved === "true" });
  return ComplianceWarning.listIn(list, { page: q.page, page_size: q.page_size, order: q.order ?? "desc" });
}

export const resolveBody = z.object({
  last_saved: z.string().max(40).optional(),
  /** true: resolve; false: reopen. */
  resolved: z.boolean(),
  note: z.string().max(RESOLUTION_NOTE_MAX).nullable().optional(),
});

/**
 * PUT compliance/{id}: a warning resolved (who, when, an optional note) or
 * reopened, through the engine's save: a stale `last_saved` is 409, two
 * staff resolving at once, one lands and the other gets 409. It leaves the
 * open lists in the same transaction; its claim stays, so the fleet check
 * never records it again.
 */
export async function resolveWarning(id: number, body: z.infer<typeof resolveBody>, actor: string) {
  const current = await ComplianceWarning.stored(id);
  const sent = lastSavedOf(body);
  // Stale first: a warning resolved by someone else since it was loaded is "edited elsewhere" (409), not "already resolved".
  if (!isFresh(current.last_saved, sent)) throw new ConflictError();
  const change = resolutionOf(current, body, actor, new Date().toISOString());
  if ("refused" in change) throw new ValidationError(change.refused, { resolved: change.refused });
  return ComplianceWarning.update(id, { ...change, last_saved: sent }, actor, { partial: true, current });
}

/** GET compliance/summary: open warnings counted per kind (the facets: one BatchGet), the latest run. */
export async function complianceSummary() {
  const counts = await ComplianceWarning.facetCounts(WARNING_KINDS.map((k) => ({ facet: "open", value: k })));
  const [last] = await FleetCheckRun.entriesFrom("all", { search: "", limit: 1, order: "desc" });
  const run = last ? await FleetCheckRun.get(last.id) : null;
  return {
    counts: Object.fromEntries(WARNING_KINDS.map((k, i) => [k, counts[i] ?? 0])),
    last_run: run,
    set_up: { dvla: dvlaConfigured(), dvsa: dvsaConfigured() },
  };
}

// ---- Lookup --------------------------------------------------------------------

type Ref = { id: number | null; name: string; source: "DVLA" | "DVSA" } | null;

async function makeOf(name: string | undefined, source: "DVLA" | "DVSA"): Promise<Ref> {
  if (!name) return null;
  const makes = await VehicleMake.all();
  const found = makes.find((m) => nameKey(m.name) === nameKey(name));
  return { id: found?.id ?? null, name: found ? String(found.name) : name, source };
}

async function modelOf(make: number | null, name: string | undefined): Promise<Ref> {
  if (!name) return null;
  if (!make) return { id: null, name, source: "DVSA" };
  const entries = await VehicleModel.entriesIn(modelsOfMake(make));
  // The DVSA's model may carry more words than the product's ("TRANSIT CUSTOM 300"): an exact name first, then the longest the answer starts with.
  const want = nameKey(name);
  const exact = entries.find((e) => nameKey(e.sort) === want);
  const starts = entries.filter((e) => nameKey(e.sort) && want.startsWith(nameKey(e.sort))).sort((a, b) => b.sort.length - a.sort.length)[0];
  const hit = exact ?? starts;
  return { id: hit?.id ?? null, name: hit ? hit.sort : name, source: "DVSA" };
}

const status = (a: ServiceAnswer<unknown>) => a.status;

export type LookupAnswer = Awaited<ReturnType<typeof lookupRegistration>>;

/**
 * GET vehicles/lookup: both services read side by side, what each answered
 * (found, not found, not set up, busy...), the vehicle's fields they offer
 * each with its source, make and model mapped onto the product's own (id
 * null: missing, the screen offers to add it), the MOT tests, and the fleet
 * vehicle already holding the registration.
 */
export async function lookupRegistration(registration: string) {
  const reg = registrationKey(registration);
  if (!reg) throw new ValidationError(LOOKUP_MESSAGES.registration, { registration: LOOKUP_MESSAGES.registration });
  const [dvla, dvsa] = await Promise.all([dvlaLookup(reg), dvsaLookup(reg)]);
  const dvlaData: DvlaVehicle | null = dvla.status === "found" ? dvla.data : null;
  const dvsaData: DvsaVehicle | null = dvsa.status === "found" ? dvsa.data : null;
  const suggestions = suggestionsOf(dvlaData, dvsaData);
  const makeName = suggestions.find((s) => s.field === "make");
  const make = await makeOf(makeName ? String(makeName.value) : undefined, makeName?.source ?? "DVLA");
  const modelName = suggestions.find((s) => s.field === "model");
  const model = await modelOf(make?.id ?? null, modelName ? String(modelName.value) : undefined);
  const held = await Vehicle.claimedBy("reg", [reg]);
  return {
    registration: reg,
    dvla: { status: status(dvla), message: answerMessage("dvla", dvla, reg) },
    dvsa: { status: status(dvsa), message: answerMessage("dvsa", dvsa, reg) },
    fields: suggestions.filter((s) => s.field !== "make" && s.field !== "model"),
    make,
    model,
    mot_tests: testsNewestFirst(dvsaData?.motTests ?? []),
    vehicle: held.get(reg) ?? null,
  };
}

/** POST vehicles/{id}/mothistory: reads the DVSA now and stores the tests not stored yet (the vehicle screen's Read MOT history). */
export async function refreshMotHistory(vehicle: number, actor: string) {
  const v = await Vehicle.stored(vehicle);
  const reg = registrationKey(v.registration);
  const answer = await dvsaLookup(reg);
  if (answer.status !== "found") {
    const message = answerMessage("dvsa", answer, reg)!;
    throw new ValidationError(message, { registration: message });
  }
  const stored = await storeTests(vehicle, reg, answer.data.motTests, actor);
  return { stored, ...(await motHistory(vehicle)) };
}

// ---- The fleet check ---------------------------------------------------------------

const runFields = z.object({
  run_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  started_at: z.string().max(40),
  finished_at: z.string().max(40),
  checked: z.number().int().min(0),
  recorded: z.number().int().min(0),
  tests_stored: z.number().int().min(0),
  /** Where the next run starts: the active list entry (sort and id) after the last vehicle read; null: from the start. */
  cursor_sort: z.string().max(200).nullable(),
  cursor_id: z.number().int().nullable(),
  /** The run reached the end of the fleet. */
  pass_done: z.boolean(),
  /** Why it stopped early: rate-limited (429), unavailable (5xx, network), budget (the run's share of the limits), not-set-up. */
  stopped: z.enum(["rate-limited", "unavailable", "budget", "not-set-up"]).nullable(),
  retry_after: z.number().int().nullable().optional(),
  message: z.string().max(500).nullable().optional(),
});

/** One run of the fleet check (one item per run: where the next one resumes, what it did). */
export const FleetCheckRun = defineRecordType({
  type: "fleetcheckrun",
  label: "Fleet check run",
  fields: runFields,
  lists: (r) => [{ list: "all", sort: r.started_at }],
});

/** The active fleet (hire ready or not): the Active tab's list of every department and purchase type. */
export const ACTIVE_FLEET = tabList("ACTIVE", "ALL", "ALL");

export type FleetCheckOptions = {
  date?: string;
  /** Vehicles read per run at most (FLEET_CHECK_MAX, default 500: two calls each). */
  max?: number;
  /** Vehicles read per second at most (FLEET_CHECK_PER_SECOND, default 2; 0: no pause). */
  perSecond?: number;
  actor?: string;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One run of the nightly fleet check: from where the last run stopped, each
 * active fleet vehicle read from the DVLA and the DVSA (paced within the
 * services' limits, at most `max` a run: a large fleet takes several
 * nights), its new MOT tests stored and the warnings it raises recorded
 * (each once). A 429 or a service down stops the run before the vehicle
 * being read: the next run starts at that vehicle, so none is skipped.
 */
export async function runFleetCheck(opts: FleetCheckOptions = {}) {
  const today = opts.date ?? todayInLondon();
  const max = opts.max ?? Number(process.env.FLEET_CHECK_MAX ?? 500);
  const perSecond = opts.perSecond ?? Number(process.env.FLEET_CHECK_PER_SECOND ?? 2);
  const actor = opts.actor ?? "fleet-check";
  const started = new Date().toISOString();
  const base = { run_date: today, started_at: started, checked: 0, recorded: 0, tests_stored: 0, cursor_sort: null as string | null, cursor_id: null as number | null, pass_done: false, stopped: null as z.infer<typeof runFields>["stopped"], retry_after: null as number | null, message: null as string | null };

  const [lastEntry] = await FleetCheckRun.entriesFrom("all", { search: "", limit: 1, order: "desc" });
  const last = lastEntry ? await FleetCheckRun.stored(lastEntry.id) : null;
  const from = last && !last.pass_done && last.cursor_sort !== null ? { sort: last.cursor_sort, id: last.cursor_id ?? 0 } : null;
  const run = { ...base, cursor_sort: from?.sort ?? null, cursor_id: from?.id ?? null };

  if (!dvlaConfigured() && !dvsaConfigured()) {
    run.stopped = "not-set-up";
    run.message = "Neither the DVLA nor the DVSA is set up: nothing was read";
    return finish(run, actor);
  }

  const entries = (await Vehicle.entriesIn(ACTIVE_FLEET, from ? { from: from.sort } : {})).filter((e) => !from || e.sort > from.sort || (e.sort === from.sort && e.id > from.id));
  const gap = perSecond > 0 ? 1000 / perSecond : 0;
  let i = 0;
  for (; i < entries.length; i++) {
    if (run.checked >= max) {
      run.stopped = "budget";
      break;
    }
    const e = entries[i];
    const t0 = Date.now();
    const v = await Vehicle.stored(e.id).catch(() => null);
    if (v && v.registration) {
      const reg = registrationKey(v.registration);
      const [dvla, dvsa] = await Promise.all([dvlaLookup(reg), dvsaLookup(reg)]);
      const stop = [dvla, dvsa].find((a) => a.status === "rate-limited" || a.status === "unavailable");
      if (stop) {
        run.stopped = stop.status === "rate-limited" ? "rate-limited" : "unavailable";
        run.retry_after = stop.status === "rate-limited" ? stop.retryAfter : null;
        run.message = `${stop === dvla ? "DVLA" : "DVSA"} ${stop.status === "rate-limited" ? "asked to slow down (429)" : "did not answer"} at ${reg}: the next run resumes there`;
        break;
      }
      const dvlaData = dvla.status === "found" ? dvla.data : null;
      const dvsaData = dvsa.status === "found" ? dvsa.data : null;
      const known = new Set((await storedTests(e.id)).map((t) => String(t.mot_test_number)));
      const warnings = warningsOf({ today, dvla: dvlaData, dvsa: dvsaData, knownTests: known, mileage: typeof v.mileage === "number" ? v.mileage : null, mileageDate: v.mileage_last_updated ?? null });
      // Warnings before tests: a run stopped between the two reads the same tests as new next time, so no advisory is lost.
      run.recorded += await recordWarnings(e.id, reg, warnings, today, actor, typeof v.department === "number" ? v.department : null);
      if (dvsaData) run.tests_stored += await storeTests(e.id, reg, dvsaData.motTests, actor, known);
    }
    run.checked++;
    run.cursor_sort = e.sort;
    run.cursor_id = e.id;
    const spent = Date.now() - t0;
    if (gap > spent && i + 1 < entries.length) await sleep(gap - spent);
  }
  if (i >= entries.length) {
    run.pass_done = true;
    run.cursor_sort = null;
    run.cursor_id = null;
  }
  return finish(run, actor);
}

async function finish(run: Record<string, unknown>, actor: string) {
  const saved = await FleetCheckRun.create({ ...run, finished_at: new Date().toISOString() }, actor);
  return saved as z.infer<typeof runFields> & { id: number; last_saved: string };
}
