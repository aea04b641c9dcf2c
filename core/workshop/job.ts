import * as z from "zod";
import { Contact } from "../contacts/index.js";
import { Key, Vehicle, vehicleSorts } from "../fleet/index.js";
import { bool, ref, text } from "../platform/fields.js";
import { defineLines } from "../platform/lines.js";
import { toPence } from "../platform/money.js";
import { defineRecordType } from "../platform/records.js";
import { jobProfitFigures } from "../fleet/profit-rules.js";
import { declareReferences, brief } from "../platform/references.js";
import { ValidationError } from "../platform/errors.js";
import { weekOf } from "../platform/dates.js";
import { Department, Fitter, PaymentType, VehicleMake, VehicleModel, WorkType, NominalCode } from "../settings/index.js";
import { jobTotals } from "./costs.js";
import { comment, job, part, workItem } from "./definitions.js";
import { holdTags } from "./holds.js";
import { partLineCollection } from "./part-lines.js";
import { jobState, type JobState } from "./rules.js";
import { WORK_LIST_POSITIONS, workItemBalanceFacets, workItemLists } from "./work-lines.js";
import { compactKey, searchKey } from "../platform/paging.js";

/**
 * The job card (002 §3 Job; docs/data-model.md §7.1): a parent with lines
 * (core/platform/lines.ts). Its work items, their parts and its comments
 * are line items under the job, so no item grows with them; the API nests
 * each item's parts under it (`work_items[i].parts`), stored flat with the
 * work item they belong to (`work`, from the item's key at save).
 */

/**
 * Copies of other records kept on the job for its lists (the jobs list's
 * workshop tab, column filters and search): rewritten on every save of the
 * job from the records as they are then. Never sent by a client.
 */
export const JOB_INDEX_COPIES = ["ws_tab", "registration", "vehicle_make", "vehicle_model", "customer_name", "customer2_name"] as const;

export const jobFields = job.schema.extend({
  ws_tab: bool(),
  registration: text(20),
  vehicle_make: ref(),
  vehicle_model: ref(),
  customer_name: text(300),
  customer2_name: text(300),
});
export type JobFields = z.infer<typeof jobFields>;

/** A part line: the part, and the key of the work item it belongs to (its `work` id is derived from it). */
export const partLine = part.schema.extend({ work_key: text(100) });

export const JobLines = defineLines("job", [
  // Work items and parts are also found by their own id (GET work/{id}, parts/update/{id}): the engine's locators, written with the line.
  {
    name: "work_items",
    idCounter: "work",
    label: "Work item",
    locator: true,
    fields: workItem.schema,
    max: { count: 100, message: "At most 100 work items on one job" },
    // Workshop Expenses and Workshop Invoicing (003): work-lines.ts.
    lists: workItemLists,
    // The billed customer's balance from invoicing approval (A3; core/accounts/balances.ts reads it).
    facets: workItemBalanceFacets,
    listPositions: WORK_LIST_POSITIONS,
    // 2: lists added; the index upgrade lists stored work items once (rebuildLineType).
    // 3: the balance facets of invoiced work items.
    indexVersion: 3,
  },
  // Parts: the shared `part` line type (part-lines.ts): Parts Expenses, Part History, the parts figures, found by id.
  { name: "parts", ...partLineCollection("job"), fields: partLine, max: { count: 400, message: "At most 400 parts on one job" } },
  { name: "comments_list", idCounter: "comment", fields: comment.schema, max: { count: 1000, message: "At most 1,000 comments on one job" } },
]);

const LIVE_STATES: ReadonlySet<JobState> = new Set(["ENQUIRY", "DEFECT", "OPEN", "RETURNED", "READY"]);
const NOT_IN_JOBS: ReadonlySet<JobState> = new Set(["ENQUIRY", "DEFECT", "CONVERTED"]);
const WASH_STATES: ReadonlySet<JobState> = new Set(["OPEN", "RETURNED", "READY"]);

/** Sort text of a job with no workshop date: after every date. */
export const NO_DATE = "~";


/** The job's workshop tabs (W): all; its workshop's tab or external; quote jobs. */
export function tabsOf(r: Partial<JobFields>): string[] {
  const out = ["all", r.ws_tab && r.workshop ? `w${r.workshop}` : "ext"];
  if (r.quote) out.push("quote");
  return out;
}
const departmentsOf = (r: Partial<JobFields>) => ["all", ...(r.department ? [String(r.department)] : [])];

/** The column filters' columns and the field each reads (W7). */
export const COLUMNS = { c1: "customer", c2: "customer2", ws: "workshop", fi: "fitter", mk: "vehicle_make", md: "vehicle_model" } as const;
export type Column = keyof typeof COLUMNS;

/**
 * The job's list entries (docs/data-model.md §7.1), from its stored fields:
 * - `s#<jstate>#w#<W>#d#<D>` by workshop date: the state views;
 * - `jobs#w#<W>#d#<D>` by workshop date: All, Today, Yesterday (not defects, enquiries);
 * - `wash#d#<D>` by workshop date, tagged with its tabs: Wash Needed (while on site);
 * - `mydef#<creator e-mail>`: My Defects;
 * - `veh#<vehicle>` by workshop date and `veh#<vehicle>#open`: a vehicle's jobs, its open ones
 *   (tagged with the job's hold on the van: state, defect status, workshop days; holds.ts);
 * - `f#<column>#<value>` by `<0 live|1 finished>#<workshop date>`: column filters;
 * - `search` by job registration and customer names.
 * Tags: `st` state, `w` tabs, `d` departments, `wd` workshop date, `v=jobs`
 * (in All), `wash=1`, and the column values (column filters combine).
 */
export function jobMemberships(r: Partial<JobFields>) {
  const st = (r.jstate ?? jobState(r)) as JobState;
  const s = st.toLowerCase();
  const wd = r.workshop_date ?? NO_DATE;
  const W = tabsOf(r);
  const D = departmentsOf(r);
  const inJobs = !NOT_IN_JOBS.has(st);
  const wash = !!r.wash_needed && WASH_STATES.has(st);
  const columnTags = (Object.keys(COLUMNS) as Column[]).filter((c) => r[COLUMNS[c]]).map((c) => `${c}=${r[COLUMNS[c]]}`);
  const tags = [`st=${s}`, ...W.map((w) => `w=${w}`), ...D.map((d) => `d=${d}`), `wd=${wd}`, ...(inJobs ? ["v=jobs"] : []), ...(wash ? ["wash=1"] : [])];
  const out: Array<{ list: string; sort: string; tags?: string[] }> = [];
  if (st !== "CONVERTED") for (const w of W) for (const d of D) out.push({ list: `s#${s}#w#${w}#d#${d}`, sort: wd });
  if (inJobs) for (const w of W) for (const d of D) out.push({ list: `jobs#w#${w}#d#${d}`, sort: wd });
  if (wash) for (const d of D) out.push({ list: `wash#d#${d}`, sort: wd, tags: W.map((w) => `w=${w}`) });
  if (st === "DEFECT" && r.defect_creator_email) {
    tags.push(`cr=${searchKey(r.defect_creator_email)}`);
    out.push({ list: `mydef#${searchKey(r.defect_creator_email)}`, sort: "", tags });
  }
  if (r.vehicle) {
    out.push({ list: `veh#${r.vehicle}`, sort: wd, tags });
    // Tagged with the job's hold on the van: the rental finder's workshop warnings read them (holds.ts).
    if (st !== "APPROVED" && st !== "CONVERTED") out.push({ list: `veh#${r.vehicle}#open`, sort: "", tags: holdTags(r, st) });
  }
  if (st !== "CONVERTED")
    for (const c of Object.keys(COLUMNS) as Column[]) {
      const v = r[COLUMNS[c]];
      if (v) out.push({ list: `f#${c}#${v}`, sort: `${LIVE_STATES.has(st) ? 0 : 1}#${wd}`, tags: [...tags, ...columnTags] });
    }
  for (const term of searchTermsOf(r)) out.push({ list: "search", sort: term, tags });
  return out;
}

/** What a search matches from its start (W8): registration (compact), customer and customer 2 names. */
export function searchTermsOf(r: Partial<JobFields>): string[] {
  const terms = [compactKey(r.registration ?? r.enquiry_registration), searchKey(r.customer_name), searchKey(r.customer2_name)].filter((t) => t.length >= 2);
  return [...new Set(terms)].map((t) => t.slice(0, 100));
}

/**
 * The dashboard's Workshop figures (data-model §7.1 `wsfig`): the job's
 * customer labour charge and labour cost on its workshop date, by month
 * partition, for jobs in the jobs list with a workshop date.
 */
export function jobFacets(r: Partial<JobFields>) {
  return [...workshopFigureFacets(r), ...jobFlowFacets(r)];
}

/** The facet of the jobs in and out per week (see `jobFlowFacets`), per department ("all" and the department's id). */
export const JOB_FLOW_FACET = (department: string) => `jobflow#${department}`;

/**
 * The workshop board's jobs in and out (issue 27, docs/charts.md): a job
 * of the jobs list (not a defect, enquiry or converted one) counts 1 "in"
 * in the Monday-Sunday week of its booked-in date (else its workshop
 * date), and, once collected (status COLLECTED, approved or not), 1 "out"
 * in the week of its finish date (else workshop date, else booked-in date).
 * Value `<week's Monday>#in|out`, so 12 weeks are one ranged Query.
 */
export function jobFlowFacets(r: Partial<JobFields>): Array<{ facet: string; value: string; amount: number }> {
  const st = (r.jstate ?? jobState(r)) as JobState;
  if (NOT_IN_JOBS.has(st)) return [];
  const inDate = r.book_in_date ?? r.workshop_date;
  const outDate = r.status === "COLLECTED" ? (r.finish_date ?? r.workshop_date ?? r.book_in_date) : null;
  return departmentsOf(r).flatMap((d) => [
    ...(inDate ? [{ facet: JOB_FLOW_FACET(d), value: `${weekOf(inDate).start}#in`, amount: 1 }] : []),
    ...(outDate ? [{ facet: JOB_FLOW_FACET(d), value: `${weekOf(outDate).start}#out`, amount: 1 }] : []),
  ]);
}

function workshopFigureFacets(r: Partial<JobFields>) {
  const st = (r.jstate ?? jobState(r)) as JobState;
  if (NOT_IN_JOBS.has(st) || !r.workshop_date) return [];
  const ym = r.workshop_date.slice(0, 7);
  const dd = r.workshop_date.slice(8, 10);
  return departmentsOf(r).flatMap((d) => [
    { facet: `wsfig#${d}#${ym}`, value: `${dd}#charge`, amount: toPence(r.labour_charge_total) },
    { facet: `wsfig#${d}#${ym}`, value: `${dd}#cost`, amount: toPence(r.labour_cost_total) },
  ]);
}

type Rec = Record<string, any>;

/** The flat stored lines as the API nests them: each work item with its parts. */
export function nestLines(lines: { work_items?: Rec[]; parts?: Rec[] }): Rec[] {
  const parts = lines.parts ?? [];
  return (lines.work_items ?? []).map((w) => ({ ...w, parts: parts.filter((p) => p.work === w.id).map(({ work_key: _k, ...p }) => p) }));
}

/**
 * Derived on every save (docs/data-model.md §7.1): the state, each part's
 * work item (from the key it was sent under), each item's job, the latest
 * comment and the summary box's totals.
 */
function deriveJob(r: Rec) {
  r.jstate = jobState(r);
  const items: Rec[] = r.work_items ?? [];
  const byKey = new Map<string, Rec>();
  for (const w of items) {
    if (w.key) byKey.set(String(w.key), w);
    byKey.set(`#${w.id}`, w);
  }
  // Only when the lines are in hand (a save; the bench's bulk load carries none).
  if (r.parts !== undefined) r.parts = (r.parts ?? []).map((p: Rec, i: number) => {
    const owner = byKey.get(String(p.work_key ?? "")) ?? items.find((w) => w.id === p.work);
    if (!owner) throw new ValidationError("Each part must belong to a work item of the job", { [`parts.${i}`]: "Each part must belong to a work item of the job" });
    return { ...p, work: owner.id, work_key: owner.key ?? `#${owner.id}` };
  });
  const comments: Rec[] = r.comments_list ?? [];
  const latest = [...comments].sort((a, b) => String(a.created ?? "").localeCompare(String(b.created ?? "")) || (a.id ?? 0) - (b.id ?? 0)).pop();
  r.latest_comment = latest?.text ?? null;
  Object.assign(r, jobTotals({ ...r, work_items: nestLines(r) }));
}

export const Job = defineRecordType({
  type: "job",
  label: "Job",
  fields: jobFields,
  defaults: () => ({ status: "IN_PROGRESS" as const, approved: false, is_defect: false, is_enquiry: false, vehicle_arrived: false, wash_needed: false, wash_complete: false }),
  validate: (r) => deriveJob(r as Rec),
  lists: (r) => jobMemberships(r),
  // 2: the vehicle's open-jobs entries carry the job's hold on the van (holds.ts), so jobs saved before are indexed again once.
  // 3: the jobs in and out per week (jobFlowFacets, the workshop board's chart).
  indexVersion: 3,
  facets: (r) => jobFacets(r),
  // An approved job's labour and parts cost, to its vehicle's figures (docs/finance.md "Vehicle profit line").
  figures: (r) => jobProfitFigures(r),
  figureSorts: vehicleSorts,
  // Any page of the long lists (All, Approved) starts from position counts by month and day.
  listPositions: { coarse: 7, fine: 10, lists: (l) => l.startsWith("jobs#") || l.startsWith("s#approved#") },
  outside: JobLines.outside,
  // Lists answer the jobs without their lines (a page reads no line partition); a job card attaches them (jobs.ts).
  expand: async (rows) => expandJobs(rows),
});
JobLines.bind(Job);

declareReferences(Job, () => ({
  vehicle: Vehicle,
  customer: Contact,
  customer2: Contact,
  workshop: Contact,
  department: Department,
  fitter: Fitter,
  "work_items.*.work_type": WorkType,
  "parts.*.supplier": Contact,
  "parts.*.payment_type": PaymentType,
  "parts.*.supplier_nominal_code": NominalCode,
}));

const CONTACT_BRIEF = [
  "display_name",
  "address_line1",
  "town",
  "postcode",
  "company_phone",
  "email",
  "company_email",
  "workshop_instructions",
  "labour_rate_markup",
  "parts_markup",
  "supplier_labour_charge",
  "lcv_rate",
  "labour_rate_affected_by_customer_markup",
  "stock_kept_at_supplier",
  "contact_type",
];

/**
 * References answered as objects (002 §3 Related records): vehicle with make,
 * model (mileage limit) and key; contacts; department; fitter; each item's
 * work type; each part's supplier. Joined on every read, so a renamed
 * contact shows on every job at once.
 */
export async function expandJobs(rows: Rec[]): Promise<Rec[]> {
  if (!rows.length) return [];
  const ids = (f: (r: Rec) => unknown[]) => rows.flatMap(f).filter((x): x is number => typeof x === "number");
  const vehicles = (await Vehicle.getMany(ids((r) => [r.vehicle]))) as Rec[];
  const [makes, models, keys, contacts, departments, fitters, workTypes] = await Promise.all([
    VehicleMake.getMany(vehicles.map((v) => v.make)),
    VehicleModel.getMany(vehicles.map((v) => v.model)),
    Key.getMany(vehicles.map((v) => v.key)),
    Contact.getMany(ids((r) => [r.customer, r.customer2, r.workshop, ...(r.parts ?? []).map((p: Rec) => p.supplier)])),
    Department.getMany(ids((r) => [r.department])),
    Fitter.getMany(ids((r) => [r.fitter])),
    WorkType.getMany(ids((r) => (r.work_items ?? []).map((w: Rec) => w.work_type))),
  ]);
  const by = <T extends { id: number }>(l: T[]) => new Map(l.map((x) => [x.id, x as Rec]));
  const [v, mk, md, k, c, d, f, wt] = [vehicles, makes, models, keys, contacts, departments, fitters, workTypes].map((l) => by(l as any));
  return rows.map((r) => {
    const veh = v.get(r.vehicle);
    const { parts: _flat, ...rest } = r;
    const withLines = Array.isArray(r.work_items);
    // Every field of 002 §3 Work item and Part answered, null or false when unset (the definitions' `answered`).
    const items = nestLines(r).map((w) => ({
      ...workItem.answered(w),
      job: r.id,
      work_type: w.work_type ? (brief(wt.get(w.work_type), ["name", "approval_needed", "special_labour_rate", "free_of_charge"]) ?? { id: w.work_type }) : null,
      parts: w.parts.map((p: Rec) => ({ ...part.answered(p), supplier: p.supplier ? (brief(c.get(p.supplier), ["display_name"]) ?? { id: p.supplier }) : null })),
    }));
    return {
      ...rest,
      vehicle: veh
        ? {
            ...brief(veh, ["registration", "vin_number", "variant", "first_registration_date", "mileage", "vehicle_status"]),
            make: brief(mk.get(veh.make), ["name", "maintenance_cost_per_mile", "additional_depreciation_per_mile"]),
            model: brief(md.get(veh.model), ["name", "mileage_limit", "day1_rate", "day2_5_rate", "day6_27_rate", "day28_plus_rate"]),
            key: brief(k.get(veh.key), ["key_number"]),
            type: veh.type ?? null,
          }
        : r.vehicle
          ? { id: r.vehicle }
          : null,
      customer: r.customer ? (brief(c.get(r.customer), CONTACT_BRIEF) ?? { id: r.customer }) : null,
      customer2: r.customer2 ? (brief(c.get(r.customer2), CONTACT_BRIEF) ?? { id: r.customer2 }) : null,
      workshop: r.workshop ? (brief(c.get(r.workshop), CONTACT_BRIEF) ?? { id: r.workshop }) : null,
      department: r.department ? (brief(d.get(r.department), ["name"]) ?? { id: r.department }) : null,
      fitter: r.fitter ? (brief(f.get(r.fitter), ["name"]) ?? { id: r.fitter }) : null,
      ...(withLines ? { work_items: items, comments_list: r.comments_list ?? [] } : {}),
    };
  });
}
