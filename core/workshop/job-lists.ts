import { namedChoice } from "../platform/choices.js";
import { Vehicle } from "../fleet/index.js";
import { addDays, todayInLondon } from "../platform/dates.js";
import { ValidationError } from "../platform/errors.js";
import { rowsOfPage, type Page, compactKey, searchKey } from "../platform/paging.js";
import { Job, NO_DATE, jobMemberships, type Column } from "./job.js";
import type { Staff } from "./jobs.js";

/**
 * The jobs list (002 §2 Jobs list, §7): its views, search, column filters
 * and counts, read from the job's lists. Reads only: apart from the job
 * card's saves (jobs.ts), so a Lambda that saves job cards without listing
 * them (parts, quotejobs) carries none of it (docs/performance.md "Bundles").
 */

/** A job as the list answers it. */
type Row = Record<string, unknown>;
/** A stored job as the list reads it. */
type Rec = Record<string, unknown> & { id: number; workshop_date?: string | null };

/** The jobs list's views (002 §2 Jobs list) and the open-items check. */
export const JOB_VIEWS = [
  "enquiries",
  "mydefects",
  "defects",
  "yesterday",
  "today",
  "started",
  "upcoming",
  "upcoming_not_booked",
  "returned",
  "wash",
  "ready",
  "approved",
  "all",
  "not_finished",
] as const;
export type JobView = (typeof JOB_VIEWS)[number];

/** The snake_case of 002 §2's view toggle labels, where it is not already the view's name. */
export const JOB_VIEW_ALIASES: Readonly<Record<string, JobView>> = {
  part_enquiries: "enquiries",
  my_defects: "mydefects",
  returned_from_workshop: "returned",
  wash_needed: "wash",
  ready_for_collection: "ready",
};

/** A view as a client names it ("Ready For Collection", "ready_for_collection", "ready"): the view's own name. */
export const jobViewOf = namedChoice(JOB_VIEW_ALIASES);

export type JobListQuery = {
  page: number;
  page_size: number;
  view?: JobView;
  ws?: string;
  department?: number;
  date?: string;
  search?: string;
  vehicle?: number;
  key?: number;
} & Partial<Record<"customer" | "customer2" | "workshop" | "fitter" | "make" | "model", number>>;

/** The workshop tab (W) of `ws`: all, quote, external or a workshop id. */
export function tabOf(ws: string | undefined): string {
  const w = (ws ?? "all").trim().toLowerCase();
  if (!w || w === "all") return "all";
  if (w === "quote") return "quote";
  if (w === "external" || w === "ext") return "ext";
  if (/^\d+$/.test(w)) return `w${Number(w)}`;
  throw new ValidationError("ws must be all, quote, external or a workshop id", { ws: "Must be all, quote, external or a workshop id" });
}

/** How one view reads: its list, range, order, and the tags that narrow shared lists (search, column filters). */
function viewPlan(view: JobView, W: string, D: string, today: string, date: string | undefined, me: string) {
  const s = (st: string) => `s#${st}#w#${W}#d#${D}`;
  const yesterday = addDays(today, -1);
  const tomorrow = addDays(today, 1);
  switch (view) {
    case "enquiries":
      return { list: s("enquiry"), order: "desc" as const, st: "enquiry", live: true };
    case "defects":
      return { list: s("defect"), order: "desc" as const, st: "defect", live: true };
    case "mydefects":
      return { list: `mydef#${me}`, order: "desc" as const, st: "defect", live: true, tags: [`w=${W}`, `d=${D}`], extra: [`cr=${me}`] };
    case "yesterday":
    case "today": {
      const day = view === "today" ? today : yesterday;
      return { list: `jobs#w#${W}#d#${D}`, from: day, to: day, order: "asc" as const, v: true, wd: day };
    }
    case "started":
      return { list: s("open"), to: today, order: "desc" as const, st: "open", live: true, range: ["0000-00-00", today] as const };
    case "upcoming":
      return { list: s("open"), from: tomorrow, to: "9999-12-31", order: "asc" as const, st: "open", live: true, range: [tomorrow, "9999-12-31"] as const };
    case "upcoming_not_booked":
      return { list: s("open"), from: NO_DATE, to: NO_DATE, order: "asc" as const, st: "open", live: true, range: [NO_DATE, NO_DATE] as const };
    case "returned":
      return { list: s("returned"), order: "asc" as const, st: "returned", live: true };
    case "ready":
      return { list: s("ready"), order: "asc" as const, st: "ready", live: true };
    case "wash":
      return { list: `wash#d#${D}`, tags: [`w=${W}`], ...(date ? { from: date, to: date, wd: date } : {}), order: "asc" as const, wash: true, live: true };
    case "approved":
      return { list: s("approved"), order: "desc" as const, st: "approved", live: false };
    case "all":
    default:
      return { list: `jobs#w#${W}#d#${D}`, order: "desc" as const, v: true };
  }
}

type Plan = ReturnType<typeof viewPlan> & Partial<{ from: string; to: string; tags: string[]; st: string; v: boolean; wd: string; wash: boolean; live: boolean; range: readonly [string, string]; extra: string[] }>;

/** The tags that say a job is in the view, for lists shared by every view (search, column filters). */
function viewTags(p: Plan, W: string, D: string): string[] {
  return [`w=${W}`, `d=${D}`, ...(p.st ? [`st=${p.st}`] : []), ...(p.v ? ["v=jobs"] : []), ...(p.wash ? ["wash=1"] : []), ...(p.wd ? [`wd=${p.wd}`] : []), ...(p.extra ?? [])];
}

async function pageOf(ids: number[], q: { page: number; page_size: number }): Promise<Page<Row>> {
  const rows = await rowsOfPage(ids, q, (page) => Job.getMany(page));
  return { count: ids.length, results: (await Job.present(rows)) };
}

const wdOf = (tags: string[]) => tags.find((t) => t.startsWith("wd="))?.slice(3) ?? NO_DATE;

export const JobLists = {
  /** GET jobs (002 §2 Jobs list, §7): a view of a workshop tab and department, searched or filtered by a column. */
  async list(q: JobListQuery, me: Staff): Promise<Page<Row>> {
    const W = tabOf(q.ws);
    const D = q.department ? String(q.department) : "all";
    const today = todayInLondon();
    const email = me.email.toLowerCase();
    if (q.vehicle && (q.view === "not_finished" || !q.view)) {
      const list = q.view === "not_finished" ? `veh#${q.vehicle}#open` : `veh#${q.vehicle}`;
      return Job.listIn(list, { page: q.page, page_size: q.page_size, order: "desc" });
    }
    const view: JobView = q.view && q.view !== "not_finished" ? q.view : "started";
    const plan = viewPlan(view, W, D, today, q.date, email) as Plan;
    const term = q.search?.trim();
    if (term) return JobLists.search(term, plan, W, D, q);
    const column = (Object.entries({ c1: q.customer, c2: q.customer2, ws: q.workshop, fi: q.fitter, mk: q.make, md: q.model }) as Array<[Column, number | undefined]>).filter(([, v]) => v);
    if (column.length) {
      const [[col, value], ...others] = column;
      const tags = [...viewTags(plan, W, D), ...others.map(([c, v]) => `${c}=${v}`)];
      const g = plan.live === false ? "1" : "0";
      const live = plan.live !== undefined;
      const range = plan.range ? { from: `0#${plan.range[0]}`, to: `0#${plan.range[1]}` } : live ? { from: `${g}#`, to: `${g}#~` } : {};
      const order = view === "all" ? ("asc" as const) : plan.order;
      return Job.listIn(`f#${col}#${value}`, { page: q.page, page_size: q.page_size, tags, ...range, order });
    }
    if (q.key) {
      const held = await Vehicle.claimedBy("key", [q.key]);
      const vehicle = held.get(String(q.key));
      if (!vehicle) return { count: 0, results: [] };
      const entries = (await Job.entriesIn(`veh#${vehicle}`, { tags: viewTags(plan, W, D), order: "desc" })).filter((e) => inRange(plan, wdOf(e.tags)));
      return pageOf(
        entries.map((e) => e.id),
        q,
      );
    }
    return Job.listIn(plan.list, { page: q.page, page_size: q.page_size, order: plan.order, ...(plan.tags ? { tags: plan.tags } : {}), ...(plan.from ? { from: plan.from } : {}), ...(plan.to ? { to: plan.to } : {}) });
  },

  /** Search (W8): job number exactly; registration, customer or customer 2 name from its start; within the view. */
  async search(term: string, plan: Plan, W: string, D: string, q: { page: number; page_size: number }) {
    const tags = viewTags(plan, W, D);
    const words = [...new Set([searchKey(term), compactKey(term)].filter((t) => t.length >= 2))];
    const found = new Map<number, string>();
    for (const w of words) for (const e of await Job.entriesIn("search", { search: w, tags })) if (inRange(plan, wdOf(e.tags))) found.set(e.id, wdOf(e.tags));
    if (/^\d+$/.test(term.trim())) {
      // A job number: that job, when it is in the view.
      const [row] = (await Job.getMany([Number(term.trim())])) as Rec[];
      if (row && inView(plan, row)) found.set(row.id, row.workshop_date ?? NO_DATE);
    }
    const ids = [...found.keys()].sort((a, b) => b - a);
    return pageOf(ids, q);
  },

  /** GET countdefect / countenquiry: one counter read (of the department's list when one is asked for, as jobstatuscount). */
  async count(state: "defect" | "enquiry", q: { ws?: string; department?: number } = {}) {
    const list = `s#${state}#w#${tabOf(q.ws)}#d#${q.department ? String(q.department) : "all"}`;
    return { count: (await Job.counts([list]))[list] };
  },

  /** GET jobstatuscount: the count of every view toggle (W3: date views read, the rest counters). */
  async statusCounts(q: { ws?: string; department?: number }, me: Staff) {
    const W = tabOf(q.ws);
    const D = q.department ? String(q.department) : "all";
    const today = todayInLondon();
    const s = (st: string) => `s#${st}#w#${W}#d#${D}`;
    const lists = [s("enquiry"), s("defect"), s("returned"), s("ready"), s("approved"), `jobs#w#${W}#d#${D}`];
    const email = me.email.toLowerCase();
    const [counts, open, todays, yesterdays, wash, mine] = await Promise.all([
      Job.counts(lists),
      Job.entriesIn(s("open")),
      Job.idsIn(`jobs#w#${W}#d#${D}`, { from: today, to: today }),
      Job.idsIn(`jobs#w#${W}#d#${D}`, { from: addDays(today, -1), to: addDays(today, -1) }),
      Job.idsIn(`wash#d#${D}`, { tags: [`w=${W}`] }),
      Job.idsIn(`mydef#${email}`, { tags: [`w=${W}`, `d=${D}`] }),
    ]);
    const day = (e: { sort: string }) => e.sort.split("#")[0];
    return {
      enquiries: counts[s("enquiry")],
      mydefects: mine.length,
      defects: counts[s("defect")],
      yesterday: yesterdays.length,
      today: todays.length,
      started: open.filter((e) => day(e) !== NO_DATE && day(e) <= today).length,
      upcoming: open.filter((e) => day(e) !== NO_DATE && day(e) > today).length,
      upcoming_not_booked: open.filter((e) => day(e) === NO_DATE).length,
      returned: counts[s("returned")],
      wash: wash.length,
      ready: counts[s("ready")],
      approved: counts[s("approved")],
      all: counts[`jobs#w#${W}#d#${D}`],
    };
  },
};

/** Whether a stored job is in a view's list (its own entries, worked out from its fields). */
function inView(plan: Plan, row: Rec) {
  const entry = jobMemberships(row).find((m) => m.list === plan.list);
  if (!entry) return false;
  if (plan.tags && !plan.tags.every((t) => (entry.tags ?? []).includes(t))) return false;
  const wd = row.workshop_date ?? NO_DATE;
  if (plan.from && wd < plan.from) return false;
  if (plan.to && wd > plan.to) return false;
  return inRange(plan, wd);
}

/** Whether a workshop date is inside the view's date range (search and key lists share entries across views). */
function inRange(plan: Plan, wd: string) {
  if (!plan.range) return true;
  if (plan.range[0] === NO_DATE) return wd === NO_DATE;
  return wd !== NO_DATE && wd >= plan.range[0] && wd <= plan.range[1];
}

