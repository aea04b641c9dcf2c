import { Contact } from "../contacts/index.js";
import { todayInLondon } from "../platform/dates.js";
import { nextId } from "../platform/ids.js";
import { NotFoundError, ValidationError } from "../platform/errors.js";
import { fromPence } from "../platform/money.js";
import { rowsOfPage } from "../platform/paging.js";
import { Facet } from "../platform/service.js";
import { onLatest, writeTogether, type WriteExtra } from "../platform/records.js";
import { Department, withTrackingOptions } from "../settings/index.js";
import { chargeAndCost } from "./figures.js";
import { workshopOffers, type OrderToInvoice } from "./offers.js";
import { orderPart } from "./partorder-definitions.js";
import { preparePartOrder, savePartOrderParts } from "./partorder-parts.js";
import { PartOrder, PartOrderLines, creatorKey, enquiryMoved, storedOrder } from "./partorder.js";
import { brief } from "../platform/references.js";
import {
  DEFAULT_PART_ORDER_VIEW,
  NEW_PART_ORDER_DEPARTMENT,
  PART_ORDER_MESSAGES,
  PART_ORDER_VIEWS,
  completionRules,
  orderLineOut,
  partEnquiryRules,
  partOrderSaveRules,
  partOrderTotals,
  type PartOrderView,
  type RuleResult,
} from "./partorder-rules.js";

/**
 * Part orders (002 §2, §4, §5, §7): the use cases behind the partorder
 * calls and POST createpartenquiry. Every save runs the rules of
 * partorder-rules.ts on the order as it will be (400 with the spec's
 * message), prices its parts from the customer's markup, and writes the
 * order with its lines through the engine: one unit, 409 when stale.
 */

export type Staff = { email: string; given_name?: string; family_name?: string };
type Rec = Record<string, any>;

const idOf = (v: unknown): number | null => (typeof v === "number" ? v : v && typeof v === "object" && typeof (v as Rec).id === "number" ? (v as Rec).id : null);
const refuse = (r: RuleResult) => {
  if (r) throw new ValidationError(r.message, r.errors);
};
const isObject = (v: unknown): v is Rec => !!v && typeof v === "object" && !Array.isArray(v);
const staffName = (u: Staff) => [u.given_name, u.family_name].filter((x) => x && x.trim()).join(" ") || u.email;

/** The order as it will be, for the rules: stored values with what was sent over them. */
function merged(stored: Rec | null, prepared: Rec): Rec {
  const out = { ...(stored ?? {}), ...prepared };
  if (Array.isArray(prepared.parts)) {
    const held = new Map<number, Rec>(((stored?.parts ?? []) as Rec[]).map((p) => [p.id, p]));
    out.parts = prepared.parts.map((p: Rec) => ({ ...(held.get(Number(p?.id)) ?? {}), ...p }));
  }
  return out;
}

const CONTACT_FIELDS = ["display_name", "address_line1", "address_line2", "town", "postcode", "company_phone", "company_email", "email", "contact_type", "parts_markup"];

/** Orders as every answer gives them: customer, department and suppliers as objects; each part under both names of its fields. */
export async function presentOrders(rows: Rec[]): Promise<Rec[]> {
  if (!rows.length) return [];
  const parts = rows.flatMap((r) => (r.parts ?? []) as Rec[]);
  const ids = (vals: unknown[]) => vals.map(idOf).filter((x): x is number => !!x);
  const [contacts, departments] = await Promise.all([
    Contact.getMany(ids([...rows.map((r) => r.customer), ...parts.map((p) => p.supplier)])),
    Department.getMany(ids(rows.map((r) => r.department))),
  ]);
  const c = new Map((contacts as Rec[]).map((x) => [x.id, x]));
  const d = new Map((departments as Rec[]).map((x) => [x.id, x]));
  return rows.map((r) => ({
    ...r,
    customer: r.customer ? (brief(c.get(r.customer), CONTACT_FIELDS) ?? { id: r.customer, display_name: r.customer_name ?? null }) : null,
    department: r.department ? (brief(d.get(r.department), ["name"]) ?? { id: r.department, name: null }) : null,
    creator: r.creator ? { name: r.creator.name ?? null, email: r.creator.email ?? null } : null,
    job: r.job ? { id: r.job } : null,
    ...(Array.isArray(r.parts)
      ? { parts: (r.parts as Rec[]).map((p) => orderLineOut({ ...orderPart.answered(p), supplier: p.supplier ? (brief(c.get(p.supplier), ["display_name"]) ?? { id: p.supplier, display_name: null }) : null })) }
      : {}),
  }));
}

async function present(id: number): Promise<Rec> {
  return (await presentOrders([(await PartOrder.get(id))]))[0];
}

/** The department a new order starts in (002 §9: parts direct, id 3), when it exists. */
async function newOrderDepartment(): Promise<number | null> {
  const [dept] = (await Department.getMany([NEW_PART_ORDER_DEPARTMENT])) as Rec[];
  return dept ? dept.id : null;
}

/** The engine's body: the order's fields and its lines as prepared, with the last_saved sent. */
function unitBody(prepared: Rec, lastSaved: unknown) {
  return { ...prepared, ...(lastSaved !== undefined ? { last_saved: lastSaved } : {}) };
}

export type PartOrderListQuery = { page: number; page_size: number; view?: PartOrderView; department?: number; search?: string; customer?: number; creator?: string };

/** A page of ids (already in list order), read and presented in that order, without their lines. */
async function pageOf(ids: number[], q: { page: number; page_size: number }) {
  const rows = await rowsOfPage(ids, q, (page) => PartOrder.getMany(page));
  return { count: ids.length, results: await presentOrders(rows) };
}

const newestFirst = (a: [number, string], b: [number, string]) => (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : b[0] - a[0]);

/**
 * POST partorderapprove (002 §4, §7): complete the order. Only from ORDER,
 * with the tracking option chosen in the completion dialog; the order as
 * sent is saved with it (the save rules run, 409 when stale), status
 * COMPLETE and the completion date, in ONE unit (the order and its lines).
 * The order's invoice (src ORDER, PA number at approval; core/accounts
 * invoices.ts `raiseOrderInvoice`) is raised in the same unit when the
 * order has a customer and a charge: the order never completes without it.
 * `also`: other writes for the unit instead (tests).
 */
export async function completePartOrder(id: number, body: unknown, user: Staff, { also }: { also?: WriteExtra } = {}) {
  const stored = await storedOrder(id);
  // Tracking options may be sent as bare ids: made the {id, name, category} the order holds.
  const sent = isObject(body) ? await withTrackingOptions(body) : {};
  refuse(completionRules(stored.status, sent.tracking_option));
  const { status: _status, ...rest } = sent;
  const prepared = await preparePartOrder(rest, stored);
  const order = merged(stored, prepared);
  refuse(partOrderSaveRules(order));
  const write = { ...prepared, status: "COMPLETE", tracking_option: sent.tracking_option, date_completed: todayInLondon() };
  const completed = { ...order, ...write, id } as Rec;
  if (completed.parts !== undefined) Object.assign(completed, partOrderTotals(completed.parts as Rec[]));
  also ??= workshopOffers.need("raiseOrderInvoice")(completed as OrderToInvoice, user.email);
  const system = sent.last_saved === undefined;
  await PartOrderLines.update(id, unitBody(write, sent.last_saved), user.email, { current: stored, also, ...(system ? { system: true } : {}) });
  return present(id);
}

export const PartOrders = {
  /** GET partorder/{id}: the order with its parts. */
  get: present,

  /**
   * POST createpartorder: a new order, ORDER in the parts direct department
   * unless the screen chose others (002 §4, §9); the save rules of 002 §5.
   */
  async create(body: unknown, user: Staff) {
    const prepared = await preparePartOrder(body, null);
    if (prepared.status === "COMPLETE") throw new ValidationError(PART_ORDER_MESSAGES.completeByButton, { status: PART_ORDER_MESSAGES.completeByButton });
    prepared.status ??= "ORDER";
    if (prepared.department === undefined || prepared.department === null || prepared.department === "") prepared.department = await newOrderDepartment();
    refuse(partOrderSaveRules(merged(null, prepared)));
    const row = await PartOrderLines.create(
      { ...prepared, parts: prepared.parts ?? [], date_created: todayInLondon(), creator: { name: staffName(user), email: user.email.toLowerCase() } },
      user.email,
    );
    return present((row as Rec).id);
  },

  /** PUT partorder/{id}: the whole order with the last_saved it was loaded with (409 when stale); a completed order is locked. */
  async save(id: number, body: unknown, user: Staff) {
    const stored = await storedOrder(id);
    if (stored.status === "COMPLETE") throw new ValidationError(PART_ORDER_MESSAGES.completedLocked, { status: PART_ORDER_MESSAGES.completedLocked });
    const prepared = await preparePartOrder(body, stored);
    if (prepared.status === "COMPLETE") throw new ValidationError(PART_ORDER_MESSAGES.completeByButton, { status: PART_ORDER_MESSAGES.completeByButton });
    refuse(partOrderSaveRules(merged(stored, prepared)));
    await PartOrderLines.update(id, unitBody(prepared, isObject(body) ? body.last_saved : undefined), user.email, { current: stored });
    return present(id);
  },

  /** PUT parts/update (Parts Expenses, P rows): partorder-parts.ts. */
  saveParts: savePartOrderParts,

  /** DELETE partorder/{id}: refused when COMPLETE (W19); an enquiry's job loses its link. */
  async remove(id: number, user: Staff) {
    const stored = await storedOrder(id);
    if (stored.status === "COMPLETE") throw new ValidationError(PART_ORDER_MESSAGES.deleteComplete, { status: PART_ORDER_MESSAGES.deleteComplete });
    await PartOrderLines.remove(id, user.email);
    if (stored.job) await unlinkJob(stored.job, id, user.email);
    return { id };
  },

  complete: completePartOrder,

  /**
   * GET partorder: a view (ORDERS by default) of a department, newest
   * first, 25 a page; narrowed by search or a column filter (customer,
   * creator), each from its own list (docs/data-model.md §7.3).
   */
  async list(q: PartOrderListQuery) {
    const view = q.view ?? DEFAULT_PART_ORDER_VIEW;
    const st = PART_ORDER_VIEWS[view];
    const dept = q.department ? String(q.department) : "ALL";
    const tags = [`st=${st.toLowerCase()}`, `d=${dept.toLowerCase()}`];
    const term = q.search?.trim().toLowerCase() ?? "";
    const filterList = async () => ({ creator: (await PartOrder.facetValues("creator")).filter((f) => f.value !== "~").map((f) => ({ value: f.value, label: f.value, count: f.count })) });
    if (term) {
      const compact = term.replace(/[^a-z0-9]/g, "");
      const [byText, byCompact] = await Promise.all([
        PartOrder.entriesIn("search", { search: term, tags }),
        compact && compact !== term ? PartOrder.entriesIn("search", { search: compact, tags }) : Promise.resolve([]),
      ]);
      const found = new Map<number, string>();
      for (const e of [...byText, ...byCompact]) found.set(e.id, e.tags.find((t) => t.startsWith("date="))?.slice(5) ?? "");
      // An order number is matched exactly (one GetItem), when it is in the view.
      if (/^\d{1,12}$/.test(term)) {
        const [hit] = (await PartOrder.getMany([Number(term)])) as Rec[];
        if (hit && hit.status === st && (dept === "ALL" || String(hit.department) === dept)) found.set(hit.id, hit.date_created ?? "");
      }
      let ids = [...found].sort(newestFirst).map(([id]) => id);
      if (q.customer || q.creator) {
        const rows = (await PartOrder.getMany(ids)) as Rec[];
        const keep = new Set(rows.filter((r) => (!q.customer || r.customer === q.customer) && (!q.creator || creatorKey(r) === q.creator.toLowerCase())).map((r) => r.id));
        ids = ids.filter((id) => keep.has(id));
      }
      return { ...(await pageOf(ids, q)), filter_list: await filterList() };
    }
    if (q.customer || q.creator) {
      // One value's orders (its list), narrowed to the view and department by their tags; both filters: the customer's, by creator.
      const list = q.customer ? `f#cust#${q.customer}` : `f#creator#${q.creator!.toLowerCase()}`;
      let entries = await PartOrder.entriesIn(list, { tags, order: "desc" });
      if (q.customer && q.creator) {
        const mine = new Set((await PartOrder.entriesIn(`f#creator#${q.creator.toLowerCase()}`, { tags })).map((e) => e.id));
        entries = entries.filter((e) => mine.has(e.id));
      }
      return { ...(await pageOf(entries.map((e) => e.id), q)), filter_list: await filterList() };
    }
    const page = await PartOrder.listIn(`s#${st}#d#${dept}`, { page: q.page, page_size: q.page_size, order: "desc" });
    return { count: page.count, results: await presentOrders(page.results), filter_list: await filterList() };
  },

  /**
   * GET partorder/figure (dashboard Part Orders panel, W18): income (the
   * customer charge) and expenses (the parts cost) of ORDER and COMPLETE
   * orders created in start..end, from the month facets `pofig#<D>#<yyyy-mm>`
   * (a week reads at most two small partitions, whatever the history).
   */
  async figure(q: { start: string; end: string; department?: number }) {
    const D = q.department ? String(q.department) : "ALL";
    const { charge, cost } = await chargeAndCost(q, async (m) => {
      const res: any = await Facet.query.byFacet({ facet: `partorder#pofig#${D}#${m}` }).go({ pages: "all" } as any);
      return (res.data as Array<{ value: string; live?: number }>).map((f) => ({ value: f.value, pence: f.live ?? 0 }));
    });
    return { income: fromPence(charge), expenses: fromPence(cost), start: q.start, end: q.end };
  },

  /**
   * POST createpartenquiry (002 §2 Part enquiry form, W12): a part order
   * (ENQUIRY) and a job (is_enquiry) linked both ways, written in ONE
   * transaction (the job's id is issued first, so each names the other);
   * answers the part order (its id opens /editpartorder/{id}).
   */
  async createEnquiry(body: unknown, user: Staff) {
    const sent = isObject(body) ? body : {};
    refuse(partEnquiryRules(sent));
    const textOf = (v: unknown) => (typeof v === "string" ? v.trim() || null : v === undefined ? null : v);
    const enquiry = { description: textOf(sent.description), registration: textOf(sent.registration), make: textOf(sent.make), model: textOf(sent.model) };
    const { Job } = await import("./job.js");
    const department = await newOrderDepartment();
    const jobId = await nextId("job");
    const jobFields = {
      is_enquiry: true,
      status: "IN_PROGRESS",
      department,
      enquiry_description: enquiry.description,
      enquiry_registration: enquiry.registration,
      enquiry_make: enquiry.make,
      enquiry_model: enquiry.model,
    };
    const also = writeTogether(async (saved) => [await Job.planCreate({ ...jobFields, part_order: saved.id }, user.email, { id: jobId, sameWrite: ["part_order"] })]);
    const row = await PartOrderLines.create(
      {
        status: "ENQUIRY",
        department,
        description: enquiry.description,
        customer_vehicle: enquiry.registration,
        customer_vehicle_make: enquiry.make,
        customer_vehicle_model: enquiry.model,
        job: jobId,
        parts: [],
        date_created: todayInLondon(),
        creator: { name: staffName(user), email: user.email.toLowerCase() },
      },
      user.email,
      { also },
    );
    return present((row as Rec).id);
  },

  /** An enquiry moved on from its job (W12): core/workshop/partorder.ts `enquiryMoved`. */
  enquiryMoved,
};

/** A deleted enquiry order's job no longer names it (links never dangle, W19): on the job as it then is (onLatest). */
async function unlinkJob(jobId: number, orderId: number, actor: string) {
  const { Job, JobLines } = await import("./job.js");
  await onLatest(
    async () => {
      const [job] = (await Job.getMany([jobId])) as Rec[];
      if (!job) throw new NotFoundError("Job");
      return job;
    },
    async (job) => {
      if (job.part_order === orderId) await JobLines.update(jobId, { part_order: null }, actor, { partial: true, system: true, current: job });
    },
  );
}

export { storedOrder };
