import { randomUUID } from "node:crypto";
import * as z from "zod";
import { Contact } from "../contacts/index.js";
import { Vehicle } from "../fleet/index.js";
import { Inspection } from "../fleet/index.js";
import { approveInspection } from "../fleet/rules.js";
import { todayInLondon } from "../platform/dates.js";
import { ConflictError, NotFoundError, ValidationError } from "../platform/errors.js";
import { META_FIELDS, isFresh, lastSavedOf, writeTogether, type WriteExtra } from "../platform/records.js";
import { workshopOffers } from "./offers.js";
import { approvedSupplierInvoices } from "./part-rules.js";
import { parseInput } from "../platform/validation.js";
import { AppDefaults, Department, VehicleModel, WorkType, withTrackingOptions } from "../settings/index.js";
import { JobImageRecords } from "./image-records.js";
import { enquiryMoved } from "./partorder.js";
import { unlinkJob } from "./quote-links.js";
import { withDueDates } from "./part-lines.js";
import { withWorkTypeFlags } from "./work-lines.js";
import { priceJobItems, type PricingContext } from "./costs.js";
import { JOB_DERIVED, LINE_LOCKS, jobExtras, comment as commentDefinition, job as jobDefinition, part as partDefinition, workItem as workDefinition, PART_SERVER_FIELDS, WORK_SERVER_FIELDS } from "./definitions.js";
import { JOB_INDEX_COPIES, Job, JobLines, expandJobs, jobFields, nestLines } from "./job.js";
import {
  MESSAGES,
  addRules,
  afterReadyForCollection,
  approvalRules,
  approvedJobMoneyRules,
  approvedJobRules,
  defectRules,
  jobSaveRules,
  lockRules,
  mileageWarning,
  readOnlyRules,
  statusChangeRules,
  withStoredMoney,
  withoutCustomer2Charges,
  type RuleResult,
} from "./rules.js";
import { personOf } from "../platform/people.js";

/**
 * Job cards (002): the use cases behind the workshop's job calls. Every
 * save runs the rules of rules.ts (002 §4-5) on the job as it will be,
 * prices it with costs.ts from the records as they are now, and writes it
 * with its lines through the engine (one transaction, or steps past 100
 * items). Handlers call these; nothing here knows HTTP.
 */

export type Staff = { email: string; given_name?: string; family_name?: string };
type Rec = Record<string, any>;

const idOf = (v: unknown): number | null => (typeof v === "number" ? v : v && typeof v === "object" && typeof (v as Rec).id === "number" ? (v as Rec).id : null);
const refuse = (r: RuleResult) => {
  if (r) throw new ValidationError(r.message, r.errors);
};

/** What an answer carries that is never stored (the engine's meta fields but `last_saved`, and the job's answer extras): a client may send it back. */
const answerOnly: readonly string[] = [...META_FIELDS.filter((f) => f !== "last_saved"), ...jobExtras.names];
const META: readonly string[] = META_FIELDS;

type SentLine = { id: number | null; last_saved?: string; fields: Rec };
type SentItem = SentLine & { parts: SentLine[] | undefined };

function isObject(v: unknown): v is Rec {
  return !!v && typeof v === "object" && !Array.isArray(v);
}

/** Parse one line with its schema; errors keyed by the line's path. */
function parseLine(schema: z.ZodObject<any>, raw: unknown, path: string, drop: readonly string[] = []): SentLine {
  if (!isObject(raw)) throw new ValidationError(`Each of ${path.replace(/\.\d+$/, "")} must be an object`, { [path]: "Must be an object" });
  const rest: Rec = {};
  for (const [k, v] of Object.entries(raw)) if (!META.includes(k) && !drop.includes(k) && k !== "parts") rest[k] = v;
  const parsed = schema.safeParse(rest);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ValidationError(issue.message, { [`${path}.${issue.path.join(".")}`]: issue.message });
  }
  const fields = Object.fromEntries(Object.entries(parsed.data as Rec).filter(([, v]) => v !== undefined));
  const id = typeof raw.id === "number" && Number.isInteger(raw.id) && raw.id > 0 ? raw.id : typeof raw.id === "string" && /^\d+$/.test(raw.id) ? Number(raw.id) : null;
  return { id, last_saved: typeof raw.last_saved === "string" ? raw.last_saved : undefined, fields };
}

/** A job body as sent: its own fields (parsed), and its work items with their parts and its comments when sent. */
function parseJobBody(body: unknown) {
  if (!isObject(body)) throw new ValidationError("The request body must be a JSON object.");
  const own: Rec = {};
  for (const [k, v] of Object.entries(body))
    if (!answerOnly.includes(k) && !(JOB_DERIVED as readonly string[]).includes(k) && !(JOB_INDEX_COPIES as readonly string[]).includes(k) && k !== "work_items" && k !== "comments_list" && k !== "last_saved")
      own[k] = v;
  // Strict: an unknown field is a 400 naming it, never silently dropped.
  const fields = stripUndefined(parseInput(jobDefinition.schema.partial().strict(), own));
  let items: SentItem[] | undefined;
  if (body.work_items !== undefined && body.work_items !== null) {
    if (!Array.isArray(body.work_items)) throw new ValidationError("work_items must be a list", { work_items: "Must be a list" });
    items = body.work_items.map((raw: unknown, i: number) => {
      const line = parseLine(workDefinition.schema, raw, `work_items.${i}`, ["job", "estimate_matches_job"]);
      const sentParts = (raw as Rec).parts;
      if (sentParts !== undefined && sentParts !== null && !Array.isArray(sentParts)) throw new ValidationError("parts must be a list", { [`work_items.${i}.parts`]: "Must be a list" });
      const parts = Array.isArray(sentParts) ? sentParts.map((p: unknown, k: number) => parseLine(partDefinition.schema, p, `work_items.${i}.parts.${k}`, ["work", "work_key"])) : undefined;
      return { ...line, parts };
    });
  }
  let comments: SentLine[] | undefined;
  if (body.comments_list !== undefined && body.comments_list !== null) {
    if (!Array.isArray(body.comments_list)) throw new ValidationError("comments_list must be a list", { comments_list: "Must be a list" });
    comments = body.comments_list.map((c: unknown, i: number) => parseLine(commentDefinition.schema, c, `comments_list.${i}`, ["job"]));
  }
  return { fields, items, comments };
}

function stripUndefined(o: Rec): Rec {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/** A job as stored, with its lines nested as the rules see them. */
type Loaded = { row: Rec; lines: { work_items: Rec[]; parts: Rec[]; comments_list: Rec[] }; nested: Rec };

async function load(id: number): Promise<Loaded> {
  const row = (await Job.stored(id)) as Rec;
  const lines = ((await JobLines.load([id])).get(id) ?? {}) as Loaded["lines"];
  lines.work_items ??= [];
  lines.parts ??= [];
  lines.comments_list ??= [];
  return { row, lines, nested: { ...row, work_items: nestLines(lines), comments_list: lines.comments_list } };
}

/** The job as it will be: stored values, what was sent over them, the server's own fields kept. */
function mergeJob(stored: Loaded | null, sent: ReturnType<typeof parseJobBody>, actor: Staff, now: string): Rec {
  const base = stored ? { ...stored.nested } : {};
  const job: Rec = { ...base, ...sent.fields };
  if (sent.items) {
    const storedItems = new Map<number, Rec>((stored?.nested.work_items ?? []).map((w: Rec) => [w.id, w]));
    const used = new Set<number>();
    job.work_items = sent.items.map((s) => {
      const old = s.id !== null && !used.has(s.id) ? storedItems.get(s.id) : undefined;
      if (old) used.add(old.id);
      const item: Rec = { ...(old ? stripMeta(old) : {}), ...s.fields, id: old?.id ?? null, last_saved: old ? (s.last_saved ?? old.last_saved) : undefined };
      for (const f of WORK_SERVER_FIELDS) item[f] = old ? (old[f] ?? null) : null;
      if (!item.key) item.key = old?.key ?? `k${randomUUID().slice(0, 12)}`;
      const storedParts = new Map<number, Rec>((old?.parts ?? []).map((p: Rec) => [p.id, p]));
      const partsSent = s.parts;
      item.parts = partsSent
        ? partsSent.map((ps) => {
            const op = ps.id !== null ? storedParts.get(ps.id) : undefined;
            const p: Rec = { ...(op ? stripMeta(op) : {}), ...ps.fields, id: op?.id ?? null, last_saved: op ? (ps.last_saved ?? op.last_saved) : undefined };
            for (const f of PART_SERVER_FIELDS) if (f !== "work") p[f] = op ? (op[f] ?? null) : null;
            return p;
          })
        : (old?.parts ?? []);
      return item;
    });
  }
  if (sent.comments) {
    const storedComments = new Map<number, Rec>((stored?.nested.comments_list ?? []).map((c: Rec) => [c.id, c]));
    const name = [actor.given_name, actor.family_name].filter(Boolean).join(" ") || actor.email;
    job.comments_list = sent.comments.map((c) => {
      const old = c.id !== null ? storedComments.get(c.id) : undefined;
      // Who wrote a comment and when is the server's to say.
      if (old) return { ...stripMeta(old), ...c.fields, created: old.created, creator: old.creator, creator_name: old.creator_name, id: old.id, last_saved: c.last_saved ?? old.last_saved };
      return { ...c.fields, created: now, creator: actor.email, creator_name: name, id: null };
    });
  }
  job.work_items = withoutCustomer2Charges(job.work_items ?? [], job.customer2);
  return job;
}

function stripMeta(l: Rec): Rec {
  const { id: _i, last_saved: _l, created_by: _c, updated_by: _u, created_at: _a, ...rest } = l;
  return rest;
}

/** The records pricing and the index copies read: contacts, work types, workshop, department, app defaults, vehicle. */
async function contextOf(job: Rec) {
  const items: Rec[] = job.work_items ?? [];
  const contactIds = [job.customer, job.customer2, job.workshop].map(idOf).filter((x): x is number => x !== null);
  const [contacts, workTypes, departments, defaults, vehicles] = await Promise.all([
    Contact.getMany(contactIds),
    WorkType.getMany(items.map((w) => idOf(w.work_type)).filter((x): x is number => x !== null)),
    Department.getMany([idOf(job.department)].filter((x): x is number => x !== null)),
    AppDefaults.get(),
    Vehicle.getMany([idOf(job.vehicle)].filter((x): x is number => x !== null)),
  ]);
  const c = new Map((contacts as Rec[]).map((x) => [x.id, x]));
  const ctx: PricingContext = {
    contacts: c,
    workTypes: new Map((workTypes as Rec[]).map((x) => [x.id, x])),
    workshop: c.get(idOf(job.workshop) ?? -1) ?? null,
    departmentName: (departments[0] as Rec | undefined)?.name ?? null,
    defaults: defaults,
  };
  const vehicle = (vehicles[0] as Rec | undefined) ?? null;
  return { ctx, vehicle, contacts: c };
}

/** The job's fields, lines flattened as stored (parts under the key of their item), for the engine. */
function flatten(job: Rec, lastSaved: string | null) {
  const own: Rec = {};
  // Derived fields go too: the job's validate works them out again from the lines.
  for (const k of Object.keys(jobFields.shape)) if (k in job) own[k] = job[k];
  const work_items = (job.work_items ?? []).map((w: Rec) => {
    const { parts: _p, job: _j, ...rest } = w;
    return rest.id ? rest : { ...rest, id: undefined };
  });
  const parts = (job.work_items ?? []).flatMap((w: Rec) => (w.parts ?? []).map((p: Rec) => ({ ...p, work_key: w.key, ...(p.id ? {} : { id: undefined }) })));
  const comments_list = (job.comments_list ?? []).map((c: Rec) => (c.id ? c : { ...c, id: undefined }));
  return { ...own, ...(lastSaved ? { last_saved: lastSaved } : {}), work_items, parts, comments_list };
}

/**
 * The job a work item or part belongs to: the engine's locator of the line
 * (core/platform/lines.ts `getLine`), which also checks the job still holds
 * it; 404 ("Work item", "Part") when it does not.
 */
async function jobOfLine(collection: "work_items" | "parts", id: number): Promise<number> {
  const line = await JobLines.getLine(collection, id);
  // A quote's or part order's part shares the part ids: it is no job's.
  if (line.parent_type !== "job") throw new NotFoundError(collection === "parts" ? "Part" : "Work item");
  return line.parent_id;
}

/** The index copies (jobs list tabs, column filters, search) from the records as they are now. */
function indexCopies(job: Rec, vehicle: Rec | null, contacts: Map<number, Rec>) {
  return {
    ws_tab: !!contacts.get(idOf(job.workshop) ?? -1)?.job_tab,
    registration: vehicle?.registration ?? null,
    vehicle_make: vehicle?.make ?? null,
    vehicle_model: vehicle?.model ?? null,
    customer_name: contacts.get(idOf(job.customer) ?? -1)?.display_name ?? null,
    customer2_name: contacts.get(idOf(job.customer2) ?? -1)?.display_name ?? null,
  };
}

/** The mileage-limit warning (002 §5): the vehicle model's limit reached by the job's mileage. */
async function withWarning(job: Rec): Promise<Rec> {
  let limit = job.vehicle?.model?.mileage_limit ?? null;
  if (limit === null && job.vehicle?.model?.id) limit = ((await VehicleModel.getMany([job.vehicle.model.id]))[0] as Rec | undefined)?.mileage_limit ?? null;
  return { ...job, mileage_warning: mileageWarning(job.mileage, limit) };
}

/** A job card as answered: the job, its lines, the mileage warning and its image count. */
async function present(id: number): Promise<Rec> {
  const [row, images] = await Promise.all([Job.stored(id), JobImageRecords.count(id)]);
  const [job] = await expandJobs(await JobLines.attach([row as Rec & { id: number }]));
  return { ...(await withWarning(job)), image_count: images };
}

/** A refusal without its tracking-option errors (a job card made from quote items is given them on its first save). */
function withoutTrackingOptions(r: RuleResult): RuleResult {
  if (!r) return r;
  const left = Object.entries(r.errors).filter(([k]) => !k.endsWith("tracking_option"));
  if (!left.length) return null;
  return { message: left.some(([, m]) => m === r.message) ? r.message : left[0][1], errors: Object.fromEntries(left) };
}

/**
 * `server`: fields only the server sets (a defect's creator), laid over the job as sent.
 * `client`: the client's PUT jobs/{id}, where an approved job refuses changes (the
 * internal saves of parts approval, movements and quote jobs pass through).
 */
type SaveOptions = { client?: boolean; linesOnly?: boolean; checkFresh?: boolean; server?: Rec; fromQuote?: boolean; partsServer?: Map<number, Rec>; also?: WriteExtra };

/**
 * Save a job (create when `id` is null): parse, freshness (409), the rules
 * of 002 §4-5 (400 with the spec's message), pricing, then the engine's
 * write of the job and its lines (their locators written with them).
 */
async function saveJob(id: number | null, body: unknown, actor: Staff, { client = false, linesOnly = false, checkFresh = true, server = {}, fromQuote = false, partsServer, also }: SaveOptions = {}): Promise<Rec> {
  // Tracking options may be sent as bare ids (002 §3): made the {id, name, category} the lines hold.
  body = await withTrackingOptions(body);
  const stored = id === null ? null : await load(id);
  if (stored && checkFresh) {
    const sent = lastSavedOf(body);
    if (!isFresh(stored.row.last_saved, sent)) throw new ConflictError();
  }
  const sent = parseJobBody(body);
  const now = new Date().toISOString();
  const job = { ...mergeJob(stored, sent, actor, now), ...server };
  // Fields the parts approval owns (approved, approver), laid over the parts it approves (core/workshop/parts.ts).
  if (partsServer) for (const w of job.work_items ?? []) for (const p of w.parts ?? []) if (p.id && partsServer.has(p.id)) Object.assign(p, partsServer.get(p.id));
  if (stored) {
    refuse(readOnlyRules(stored.nested, { ...sent.fields, ...(sent.items ? { work_items: sent.items.map((s) => ({ id: s.id, parts: (s.parts ?? []).map((p) => ({ id: p.id })) })) } : {}) }));
    refuse(lockRules(stored.nested.work_items, job.work_items, LINE_LOCKS));
    // After the line locks, whose messages name the item: anything else an approved job refuses as a whole.
    if (client) refuse(approvedJobRules(stored.nested, job, Object.keys(sent.fields)));
    // Every other save of an approved job (parts approval and edits, part removal, quote job cards): its money stays put.
    refuse(approvedJobMoneyRules(stored.nested, job));
  }
  refuse(addRules(stored?.nested ?? job, stored?.nested.work_items ?? [], job.work_items));
  // Turn Into Job converts the job as it stands; the job-save rules apply from its next save.
  const turning = !!stored && ((stored.row.is_defect && job.is_defect === false) || (stored.row.is_enquiry && job.is_enquiry === false));
  // A job card made from quote items (createquotejob) has no tracking options yet: the job card asks for them on its first save.
  if (!turning) refuse(fromQuote ? withoutTrackingOptions(jobSaveRules(job, { linesOnly })) : jobSaveRules(job, { linesOnly }));
  const { ctx, vehicle, contacts } = await contextOf(job);
  // An approved job's lines keep their stored amounts (never priced again from today's rates).
  job.work_items = withWorkTypeFlags(await withDueDates(stored ? withStoredMoney(stored.nested, priceJobItems(job, ctx)) : priceJobItems(job, ctx)), ctx.workTypes);
  Object.assign(job, indexCopies(job, vehicle, contacts));
  const flat = flatten(job, stored ? (checkFresh ? lastSavedOf(body) : stored.row.last_saved) : null);
  const row = stored ? await JobLines.update(stored.row.id, flat, actor.email, { current: stored.row, also }) : await JobLines.create(flat, actor.email);
  // An enquiry turned into a job makes its part order an ORDER (W12).
  if (turning && stored.row.is_enquiry && stored.row.part_order) await enquiryMoved(stored.row.part_order, "ORDER", actor.email);
  return present((row as Rec).id as number);
}

export const Jobs = {
  get: present,

  create: (body: unknown, actor: Staff) => saveJob(null, body, actor),
  /** POST createquotejob (core/workshop/quote-jobs.ts): a job card with copies of quote items; tracking options are asked for on its first save. */
  createFromQuote: (body: unknown, actor: Staff) => saveJob(null, body, actor, { fromQuote: true }),
  save: (id: number, body: unknown, actor: Staff) => saveJob(id, body, actor, { client: true }),

  /** PUT jobs/returned/{id}: Returned From Workshop, Ready For Collection, Collected (002 §4); only the status is saved. */
  async changeStatus(id: number, body: unknown, actor: Staff) {
    const stored = await load(id);
    const sentAt = lastSavedOf(body);
    if (!isFresh(stored.row.last_saved, sentAt)) throw new ConflictError();
    const to = String((body as Rec)?.status ?? "").trim().toUpperCase();
    refuse(statusChangeRules(stored.row, to));
    await JobLines.update(id, { status: to, last_saved: sentAt }, actor.email, { partial: true, current: stored.row });
    const job = await present(id);
    if (to !== "READY_FOR_COLLECTION") return job;
    return { ...job, after_ready: afterReadyForCollection([job.customer, job.customer2], job.vehicle) };
  },

  /**
   * POST jobs/approve/{id} (002 §5 Job approval): the approval modal may send
   * mileage, workshop date and the inspection's new dates with last_saved.
   * The approver's first and last name are recorded; with an inspection,
   * the vehicle's inspection takes the new completed and expiry dates in
   * the same transaction.
   */
  async approve(id: number, body: unknown, actor: Staff) {
    const stored = await load(id);
    const b = isObject(body) ? body : {};
    if (b.last_saved !== undefined && !isFresh(stored.row.last_saved, lastSavedOf(b))) throw new ConflictError();
    const sentFields = stripUndefined(
      parseInput(jobDefinition.schema.pick({ mileage: true, workshop_date: true, inspection: true }).partial(), {
        ...(b.mileage !== undefined ? { mileage: b.mileage } : {}),
        ...(b.workshop_date !== undefined ? { workshop_date: b.workshop_date } : {}),
        ...(b.inspection !== undefined ? { inspection: b.inspection } : {}),
      }),
    );
    const job = { ...stored.nested, ...sentFields };
    refuse(approvalRules(job));
    const inspectionId = idOf(job.inspection?.id);
    if (inspectionId !== null) {
      const [insp] = (await Inspection.getMany([inspectionId])) as Rec[];
      if (!insp || insp.vehicle !== stored.row.vehicle) throw new ValidationError("That inspection is not one of this vehicle's", { inspection: "That inspection is not one of this vehicle's" });
    }
    const set = {
      ...sentFields,
      approved: true,
      approving_user: personOf(actor),
      approved_date: todayInLondon(),
      last_saved: stored.row.last_saved,
    };
    const also =
      inspectionId !== null
        ? writeTogether(async () => [
            await Inspection.planUpdate(inspectionId, approveInspection({ new_completed_date: job.inspection.new_completed_date, new_expiry_date: job.inspection.new_expiry_date }), actor.email, {
              partial: true,
              system: true,
            }),
          ])
        : undefined;
    await JobLines.update(id, set, actor.email, { partial: true, current: stored.row, also });
    return present(id);
  },

  /** DELETE jobs/{id} (W19): refused once the job or any line is approved; its lines, locators and images go. */
  async remove(id: number, actor: Staff) {
    const stored = await load(id);
    if (stored.row.approved) throw new ValidationError(MESSAGES.approvedJob, { id: MESSAGES.approvedJob });
    const approved = stored.lines.work_items.some((w) => w.invoice_approved || w.po_approved) || stored.lines.parts.some((p) => p.approved);
    if (approved) throw new ValidationError(MESSAGES.deleteApproved, { id: MESSAGES.deleteApproved });
    await JobLines.remove(id, actor.email);
    // The quote items it was made from are free again (core/workshop/quote-jobs.ts).
    if (stored.row.quote && !stored.row.is_defect && !stored.row.is_enquiry) await unlinkJob(stored.row.quote, id, actor.email);
    await JobImageRecords.removeForJob(id, actor.email);
    return { id };
  },

  /** POST createdefect (002 §2 Defect creation page, §5): a job flagged is_defect, created by the signed-in user. */
  async createDefect(body: unknown, actor: Staff) {
    if (!isObject(body)) throw new ValidationError("The request body must be a JSON object.");
    refuse(defectRules(body));
    const allowed = ["vehicle", "department", "defect_description", "defect_status", "location_of_van", "defect_driver_name", "defect_driver_number", "mileage"];
    const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
    if (unknown.length) throw new ValidationError(`Unknown field: ${unknown[0]}`, { [unknown[0]]: "Unknown field" });
    const [department] = (await Department.getMany([idOf(body.department) ?? Number(body.department)])) as Rec[];
    return saveJob(
      null,
      { ...body, defect_status: body.defect_status || "DRIVEABLE", is_defect: true, status: "IN_PROGRESS", work_items: [], comments_list: [] },
      actor,
      {
        // The creator is the server's to record (defect_creator, and the e-mail for My Defects).
        server: {
          defect_department: department?.name ?? null,
          defect_creator: personOf(actor),
          defect_creator_email: actor.email.toLowerCase(),
        },
      },
    );
  },

  /** GET work/{id}: one work item with its parts (its job's last_saved beside it). */
  async getWork(id: number) {
    const jobId = await jobOfLine("work_items", id);
    const job = await present(jobId).catch((e) => {
      if (e instanceof NotFoundError) throw new NotFoundError("Work item");
      throw e;
    });
    const item = (job.work_items as Rec[]).find((w) => w.id === id);
    if (!item) throw new NotFoundError("Work item");
    return { ...item, job: jobId, job_last_saved: job.last_saved };
  },

  /**
   * PUT work/update/{id}: save one work item by its id (its last_saved: 409
   * when stale), through the engine's `saveLine` with the job's rules and
   * locks (`lineSaveRules` below): only the item (and its parts when their
   * prices follow) is written, never the job's other lines.
   */
  async saveWork(id: number, body: unknown, actor: Staff) {
    if (!isObject(body)) throw new ValidationError("The request body must be a JSON object.");
    const sent: Rec = await withTrackingOptions(body);
    const { line } = await JobLines.saveLine("work_items", id, lineBody(sent, ["parts", "job", "job_last_saved", ...WORK_SERVER_FIELDS]), actor.email);
    const jobId = line.parent_id;
    const job = await present(jobId);
    return { ...(job.work_items as Rec[]).find((w) => w.id === id), job: jobId, job_last_saved: job.last_saved };
  },

  /** GET parts/update/{id}: one job part. */
  async getPart(id: number) {
    const jobId = await jobOfLine("parts", id);
    const job = await present(jobId);
    for (const w of job.work_items as Rec[]) {
      const p = (w.parts as Rec[]).find((x) => x.id === id);
      if (p) return { ...p, work: w.id, job: jobId, origin: "job", job_last_saved: job.last_saved };
    }
    throw new NotFoundError("Part");
  },

  /** PUT parts/update/{id}: save one job part by its id (its last_saved; the customer cost priced by the server), as `saveWork`. */
  async savePart(id: number, body: unknown, actor: Staff) {
    if (!isObject(body)) throw new ValidationError("The request body must be a JSON object.");
    const sent: Rec = await withTrackingOptions(body);
    await JobLines.saveLine("parts", id, lineBody(sent, ["job", "origin", "job_last_saved", "work_key", ...PART_SERVER_FIELDS]), actor.email);
    return Jobs.getPart(id);
  },

  /**
   * PUT parts/update (bulk, core/workshop/parts.ts): several parts of one
   * job saved in one unit: `changes` the fields sent per part id (already
   * checked fresh), `server` the approval's own fields per part id.
   */
  async saveParts(jobId: number, changes: Map<number, Rec>, server: Map<number, Rec>, actor: Staff) {
    const stored = await load(jobId);
    const items = stored.nested.work_items.map((w: Rec) => ({
      ...w,
      parts: (w.parts as Rec[]).map((p) => (changes.has(p.id) ? { ...p, ...changes.get(p.id), id: p.id, last_saved: p.last_saved } : p)),
    }));
    // The Xero purchase invoice of each supplier invoice whose parts this save approves, in the job's unit (docs/xero.md; as a quote's and a part order's).
    const also = workshopOffers.need("partsPush")(approvedSupplierInvoices("job", items.flatMap((w: Rec) => w.parts as Rec[]), server), actor.email);
    return saveJob(jobId, { work_items: items, last_saved: stored.row.last_saved }, actor, { linesOnly: true, partsServer: server, also });
  },

  /** DELETE parts/update/{id}: remove a job part (refused on a locked item or an approved part). */
  async removePart(id: number, actor: Staff) {
    const { jobId, stored, item } = await partHolder(id);
    const items = stored.nested.work_items.map((w: Rec) => (w.id === item.id ? { ...w, parts: w.parts.filter((p: Rec) => p.id !== id) } : w));
    await saveJob(jobId, { work_items: items, last_saved: stored.row.last_saved }, actor, { linesOnly: true });
    return { id };
  },
};

/** 002 §5: a stale save reads 'It looks like the data has been edited elsewhere - fetching the latest update!'. */
export function editedElsewhere(): ConflictError {
  const e = new ConflictError();
  e.message = MESSAGES.edited;
  return e;
}
for (const [name, fn] of Object.entries(Jobs) as Array<[keyof typeof Jobs, (...a: any[]) => Promise<unknown>]>)
  (Jobs as any)[name] = async function (this: unknown, ...args: any[]) {
    try {
      return await fn.apply(Jobs, args);
    } catch (e) {
      throw e instanceof ConflictError && e.message !== MESSAGES.edited ? editedElsewhere() : e;
    }
  };

/** A line body as sent to PUT work/update or parts/update: the answer's own fields (and the server's) left out. */
function lineBody(body: Rec, drop: readonly string[]): Rec {
  return Object.fromEntries(Object.entries(body).filter(([k]) => !drop.includes(k) && !answerOnly.filter((f) => f !== "id").includes(k)));
}

/**
 * The job's rules and locks on a work item or part saved by its id
 * (core/platform/lines.ts `onLineSave`): the job as it will be with that
 * line changed goes through the same checks as a job save (read-only
 * defects and enquiries, the locks of 002 §4, Add Part, the lines' rules
 * of 002 §5), then is priced; the saved line is written with the prices
 * and the server-owned fields it had, and a work item's parts with it
 * when their prices follow the item. Other lines are not rewritten.
 */
JobLines.onLineSave(async ({ parent, lines, collection, lineId, line }) => {
  const storedLines = { work_items: lines.work_items ?? [], parts: lines.parts ?? [] };
  const stored: Rec = { ...parent, work_items: nestLines(storedLines), comments_list: lines.comments_list ?? [] };
  // Fields only the server sets keep their stored values.
  const before = (storedLines[collection as "work_items" | "parts"] as Rec[]).find((l) => l.id === lineId)!;
  const kept = collection === "work_items" ? WORK_SERVER_FIELDS : PART_SERVER_FIELDS;
  const next: Rec = { ...line };
  for (const f of kept) if (f in before || f in next) next[f] = before[f] ?? null;
  if (collection === "parts") next.work_key = before.work_key;
  const after = { ...storedLines, [collection]: (storedLines[collection as "work_items" | "parts"] as Rec[]).map((l) => (l.id === lineId ? next : l)) };
  const job: Rec = { ...stored, work_items: withoutCustomer2Charges(nestLines(after), parent.customer2) };
  refuse(readOnlyRules(stored, { work_items: job.work_items }));
  refuse(lockRules(stored.work_items, job.work_items, LINE_LOCKS));
  refuse(addRules(stored, stored.work_items, job.work_items));
  refuse(jobSaveRules(job, { linesOnly: true }));
  // An approved job: Accounts' non-money fields go, its amounts stay as stored (the write is on the job's version read, so an approval meanwhile is a 409).
  refuse(approvedJobMoneyRules(stored, job));
  const { ctx } = await contextOf(job);
  // A part's due date follows its invoice date and supplier's terms, as every save of the job works it out (withDueDates).
  const priced = await withDueDates(withStoredMoney(stored, priceJobItems(job, ctx)));
  const workId = collection === "work_items" ? lineId : (next.work as number);
  const item = priced.find((w) => w.id === workId)!;
  const { parts: pricedParts, ...pricedItem } = item;
  const flatPart = (p: Rec) => ({ ...p, work_key: storedLines.parts.find((x: Rec) => x.id === p.id)?.work_key ?? before.work_key });
  if (collection === "parts") return [{ collection, line: flatPart((pricedParts as Rec[]).find((p) => p.id === lineId)!) }];
  // A work item's parts are priced from it (its customer, its Charge Customer 2): they follow it; unchanged ones write nothing.
  return [{ collection, line: pricedItem }, ...(pricedParts as Rec[]).map((p) => ({ collection: "parts", line: flatPart(p) }))];
});

async function partHolder(id: number) {
  const jobId = await jobOfLine("parts", id);
  const stored = await load(jobId);
  const item = stored.nested.work_items.find((w: Rec) => (w.parts as Rec[]).some((p) => p.id === id));
  if (!item) throw new NotFoundError("Part");
  return { jobId, stored, item };
}
