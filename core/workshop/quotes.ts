import type { StaffUser } from "../auth/index.js";
import { Contact } from "../contacts/index.js";
import { Vehicle } from "../fleet/index.js";
import { compactRegistration } from "../fleet/rules.js";
import { todayInLondon } from "../platform/dates.js";
import { ValidationError } from "../platform/errors.js";
import { AppDefaults, Department, VehicleMake, VehicleModel, WorkType, withTrackingOptions } from "../settings/index.js";
import { ESTIMATED_ITEM_OUTPUT, ESTIMATED_ITEM_SERVER_FIELDS, QUOTE_OUTPUT, QUOTE_SERVER_FIELDS, estimatedWorkItem, quote as quoteDefinition } from "./quote-definitions.js";
import { part as partDefinition } from "./definitions.js";
import { Quote, QuoteLines, quoteTypeKey, storedQuote } from "./quote.js";
import { editedElsewhere, saveQuoteParts, withQuoteConflict } from "./quote-parts.js";
import {
  DEFAULT_QUOTE_VIEW,
  QUOTE_MESSAGES,
  QUOTE_VIEWS,
  approvalRefusal,
  billedCustomerOf,
  cardColour,
  hasZeroEstimate,
  idOf,
  itemReadyForInvoicing,
  quoteLockRefusal,
  quoteState,
  quoteSummary,
  removalRefusal,
  rowColour,
  type QuoteView,
} from "./quote-rules.js";
import { quoteJobLinks, type LinkedJob } from "./quote-links.js";
import { JobImageRecords } from "./image-records.js";
import "./quote-upgrade.js";
import { estimateQuoteItem } from "./quote-costs.js";
import { personOf } from "../platform/people.js";
import { brief } from "../platform/references.js";
import { rowsOfPage } from "../platform/paging.js";

type Row = Record<string, any>;

function refuse(r: { message: string; errors: Record<string, string> } | null) {
  if (r) throw new ValidationError(r.message, r.errors);
}

const staffName = (u: StaffUser) => [u.given_name, u.family_name].filter((x) => x && x.trim()).join(" ") || u.email;

/**
 * A quote as sent, made ready to store: server fields taken off (the
 * state, the approval, the links to job cards, the names the lists are
 * keyed by), parts given ids (a part keeps its link to a job card part),
 * new comments stamped with their creator, the estimate worked out
 * (docs/workshop.md "Quotes"), and the names its search matches set.
 */
async function prepareBody(body: Row, stored: Row | null, user: StaffUser): Promise<Row> {
  // Tracking options may be sent as bare ids: made the {id, name, category} the parts hold.
  const out: Row = { ...(await withTrackingOptions(body)) };
  for (const f of [...QUOTE_SERVER_FIELDS, ...QUOTE_OUTPUT]) delete out[f];
  // Removing customer 2 makes every item not chargeable (002 §4 Cost toggles).
  const customer2 = out.customer2 !== undefined ? idOf(out.customer2) : (stored?.customer2 ?? null);
  const storedItems = new Map<number, Row>(((stored?.estimated_work_items ?? []) as Row[]).map((i) => [i.id, i]));
  if (Array.isArray(out.estimated_work_items)) {
    const items = (out.estimated_work_items as unknown[]).map((raw) => (raw && typeof raw === "object" && !Array.isArray(raw) ? { ...(raw as Row) } : raw));
    for (const item of items) {
      if (!item || typeof item !== "object") continue;
      const i = item as Row;
      for (const f of [...ESTIMATED_ITEM_SERVER_FIELDS, ...ESTIMATED_ITEM_OUTPUT]) delete i[f];
      const before = storedItems.get(Number(i.id));
      if (!customer2) i.chargeable = false;
      else if (!before && i.chargeable === undefined) i.chargeable = true; // 002 §4: new items default to Customer 2
      if (Array.isArray(i.parts)) {
        const storedParts = new Map<number, Row>(((before?.parts ?? []) as Row[]).map((p) => [p.id, p]));
        const seen = new Set<number>();
        i.parts = (i.parts as unknown[]).map((raw) => {
          if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
          const p: Row = { ...(raw as Row) };
          delete p.last_saved;
          // Approval is Parts Expenses' (PUT parts/update): a quote save keeps the stored approval.
          delete p.approved;
          delete p.approver;
          const held = storedParts.get(Number(p.id));
          if (held && !seen.has(held.id)) {
            seen.add(held.id);
            p.id = held.id;
            p.part = held.part ?? null;
          } else {
            // A new part line: its id comes from the part counter as it is stored (core/platform/lines.ts).
            p.id = null;
            p.part = null;
          }
          return p;
        });
      }
    }
    out.estimated_work_items = items;
  }
  if (Array.isArray(out.comments_list)) {
    const storedComments = new Map<number, Row>(((stored?.comments_list ?? []) as Row[]).map((c) => [c.id, c]));
    out.comments_list = (out.comments_list as unknown[]).map((raw) => {
      if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
      const c: Row = { ...(raw as Row) };
      for (const f of ["created", "creator", "creator_name", "quote"]) delete c[f];
      if (!storedComments.has(Number(c.id))) Object.assign(c, { created: new Date().toISOString(), creator: user.email, creator_name: staffName(user) });
      return c;
    });
  }
  return out;
}

/** The vehicle registration and customer names the quote's search and list columns are keyed by, and the estimate. */
async function deriveBeforeSave(body: Row, stored: Row | null): Promise<Row> {
  const merged = { ...(stored ?? {}), ...body };
  const vehicle = idOf(merged.vehicle);
  const contacts = [idOf(merged.customer), idOf(merged.customer2)].filter((x): x is number => !!x);
  const [vehicles, people] = await Promise.all([vehicle ? Vehicle.getMany([vehicle]) : [], Contact.getMany(contacts)]);
  const nameOf = (id: number | null) => (id ? ((people as Row[]).find((c) => c.id === id)?.display_name ?? null) : null);
  const out: Row = {
    ...body,
    registration: (vehicles as Row[])[0]?.registration ?? null,
    customer_name: nameOf(idOf(merged.customer)),
    customer2_name: nameOf(idOf(merged.customer2)),
  };
  if (Array.isArray(out.estimated_work_items)) out.estimated_work_items = await estimateQuoteItems(out.estimated_work_items, merged);
  return out;
}

/**
 * The estimated labour cost and charge of each item not overridden, from
 * its hours, its work type's special labour rate, the default labour
 * estimate rate and the billed customer's labour rate markup; each part's
 * estimated charge from its estimated cost and the parts markup (the
 * quote's own, else the customer's, else the default): the formulas of
 * core/workshop/costs.ts, read through quote-costs.ts.
 */
async function estimateQuoteItems(items: unknown[], q: Row): Promise<unknown[]> {
  const objects = items.filter((i): i is Row => !!i && typeof i === "object" && !Array.isArray(i));
  const workTypeIds = objects.map((i) => idOf(i.work_type)).filter((x): x is number => !!x);
  const customerIds = [idOf(q.customer), idOf(q.customer2)].filter((x): x is number => !!x);
  const [workTypes, customers, defaults] = await Promise.all([WorkType.getMany(workTypeIds), Contact.getMany(customerIds), AppDefaults.get()]);
  const wt = new Map((workTypes as Row[]).map((w) => [w.id, w]));
  const cu = new Map((customers as Row[]).map((c) => [c.id, c]));
  const quoteIds = { ...q, customer: idOf(q.customer), customer2: idOf(q.customer2) };
  return items.map((raw) => {
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
    const item = raw as Row;
    const customer = cu.get(billedCustomerOf(quoteIds, item) ?? -1) ?? null;
    return estimateQuoteItem(item, { workType: wt.get(idOf(item.work_type) ?? -1) ?? null, customer, defaults: defaults, partsMarkup: q.parts_markup ?? null });
  });
}

/**
 * Links to a job card, or a job card item or part, deleted since (a job's
 * delete also unlinks its quote: `unlinkJob`), taken off the stored items
 * in memory, so the save that follows frees them.
 */
async function dropDanglingLinks(stored: Row) {
  const items = (stored.estimated_work_items ?? []) as Row[];
  const links = await quoteJobLinks(items.map((i) => i.job).filter(Boolean));
  for (const i of items) {
    if (!i.job) continue;
    const link = links.get(i.job);
    const work = link && i.work ? link.works.get(i.work) : undefined;
    if (!link || (i.work && !work)) {
      Object.assign(i, { job: null, work: null, parts: ((i.parts ?? []) as Row[]).map((p) => ({ ...p, part: null })) });
      continue;
    }
    const partIds = new Set(((work?.parts ?? []) as Row[]).map((p) => p.id));
    i.parts = ((i.parts ?? []) as Row[]).map((p) => (p.part && !partIds.has(p.part) ? { ...p, part: null } : p));
  }
}


const CONTACT_FIELDS = ["display_name", "address_line1", "town", "postcode", "company_phone", "email", "company_email", "labour_rate_markup", "parts_markup", "contact_type", "workshop_instructions"];

/**
 * Quotes as every answer gives them: references as objects (vehicle with
 * make and model, contacts, department, work types, suppliers), each item
 * with the mirrors of the job card made from it (read from the linked
 * jobs, never stored), its readiness and card colour, and the list fields
 * of 002 §3 (summary) with the row colour.
 */
export async function presentQuotes(rows: Row[]): Promise<Row[]> {
  if (!rows.length) return [];
  const items = rows.flatMap((r) => (r.estimated_work_items ?? []) as Row[]);
  const parts = items.flatMap((i) => (i.parts ?? []) as Row[]);
  const ids = (vals: unknown[]) => vals.map(idOf).filter((x): x is number => !!x);
  const [vehicles, contacts, departments, workTypes, links] = await Promise.all([
    Vehicle.getMany(ids(rows.map((r) => r.vehicle))),
    Contact.getMany(ids([...rows.flatMap((r) => [r.customer, r.customer2]), ...parts.map((p) => p.supplier)])),
    Department.getMany(ids(rows.map((r) => r.department))),
    WorkType.getMany(ids(items.map((i) => i.work_type))),
    quoteJobLinks(ids(items.map((i) => i.job))),
  ]);
  const [makes, models] = await Promise.all([
    VehicleMake.getMany(ids((vehicles as Row[]).map((v) => v.make))),
    VehicleModel.getMany(ids((vehicles as Row[]).map((v) => v.model))),
  ]);
  const byId = (list: Row[]) => new Map(list.map((x) => [x.id, x]));
  const [v, c, d, w, mk, md] = [vehicles, contacts, departments, workTypes, makes, models].map((l) => byId(l as Row[]));
  const today = todayInLondon();
  return rows.map((r) => {
    const veh = v.get(r.vehicle);
    const quoteItems = ((r.estimated_work_items ?? []) as Row[]).map((item) => presentItem(r, item, w.get(idOf(item.work_type) ?? -1), links, c));
    const linkedJobs = [...new Set(quoteItems.map((i) => i.job).filter(Boolean))].map((j) => links.get(j)?.job).filter((j) => !!j) as Row[];
    const summary = quoteSummary(r, quoteItems, linkedJobs, today);
    const comments = (r.comments_list ?? []) as Row[];
    return {
      ...r,
      vehicle: veh
        ? {
            ...brief(veh, ["registration", "vin_number", "variant", "first_registration_date", "vehicle_status"]),
            make: brief(mk.get(veh.make), ["name"]),
            model: brief(md.get(veh.model), ["name", "mileage_limit"]),
          }
        : null,
      customer: brief(c.get(r.customer), CONTACT_FIELDS),
      customer2: brief(c.get(r.customer2), CONTACT_FIELDS),
      department: brief(d.get(r.department), ["name"]),
      estimated_work_items: quoteItems,
      comments_list: comments,
      latest_comment: comments.length ? (comments[comments.length - 1].text ?? null) : null,
      qstate: r.qstate ?? quoteState(r),
      zero_estimate: hasZeroEstimate(quoteItems),
      ...summary,
      row_colour: rowColour(summary),
    };
  });
}

/** One item with its job mirrors (002 §3 Estimated work item), readiness and card colour. */
function presentItem(q: Row, item: Row, workType: Row | undefined, links: Map<number, LinkedJob>, contacts: Map<number, Row>): Row & { ready_for_invoicing: boolean } {
  const link = item.job ? links.get(item.job) : undefined;
  const work = link && item.work ? link.works.get(item.work) : undefined;
  const jobParts = new Map(((work?.parts ?? []) as Row[]).map((p) => [p.id, p]));
  // A quote part made into a job card part shows that part's invoicing and actuals.
  // Every field of 002 §3 Estimated work item and Part, null or false when unset (the definitions' `answered`).
  const parts = ((item.parts ?? []) as Row[]).map((raw) => {
    const p = partDefinition.answered(raw);
    const jp = p.part ? jobParts.get(p.part) : undefined;
    const mirrored = jp
      ? {
          cost: jp.cost ?? null, customer_cost: jp.customer_cost ?? null, part_invoice_number: jp.part_invoice_number ?? null, from_stock: jp.from_stock ?? null,
          backorder: jp.backorder ?? null, backorder_expected_date: jp.backorder_expected_date ?? null, to_be_ordered: jp.to_be_ordered ?? null, date_ordered: jp.date_ordered ?? null,
        }
      : {};
    return { ...p, ...mirrored, supplier: brief(contacts.get(idOf(p.supplier) ?? -1), ["display_name"]) ?? (p.supplier ? { id: idOf(p.supplier), display_name: null } : null) };
  });
  const mirrors = link
    ? {
        workshop: link.job.workshop ? (brief(contacts.get(link.job.workshop), ["display_name"]) ?? { id: link.job.workshop, display_name: link.workshopName ?? null }) : null,
        job_status: link.job.status ?? null,
        job_approved: !!link.job.approved,
        approval_received: !!work?.approval_received,
        job_workshop_invoice_number: link.job.workshop_invoice_number ?? null,
        estimate_matches_job: work ? link.matches(item, work) : false,
        labour_hours: work?.labour_hours ?? null,
        labour_cost: work?.labour_cost ?? null,
        customer_labour_cost: work?.customer_labour_cost ?? null,
      }
    : { workshop: null, job_status: null, job_approved: false, approval_received: false, job_workshop_invoice_number: null, estimate_matches_job: null, labour_hours: null, labour_cost: null, customer_labour_cost: null };
  const shown = { ...estimatedWorkItem.answered(item), job: item.job ?? null, work: item.work ?? null, quote: q.id ?? null, parts, ...mirrors };
  const ready = itemReadyForInvoicing(shown, workType ?? null);
  return {
    ...shown,
    work_type: workType ? brief(workType, ["name", "approval_needed", "special_labour_rate", "free_of_charge"]) : (item.work_type ?? null),
    ready_for_invoicing: ready,
    card_colour: cardColour(shown, ready),
  };
}

async function presentOne(row: Row): Promise<Row> {
  return (await presentQuotes([row]))[0];
}

export type QuoteListQuery = {
  page: number;
  page_size: number;
  view?: QuoteView;
  department?: number;
  search?: string;
  customer?: number;
  customer2?: number;
  quote_type?: string;
};

/** A page of ids from matched entries (newest first), read and presented in that order. */
async function pageOf(ids: number[], q: { page: number; page_size: number }) {
  const rows = await rowsOfPage(ids, q, async (page) => (await QuoteLines.attach(await Quote.getMany(page))) as Row[]);
  return { count: ids.length, results: await presentQuotes(rows) };
}

export const Quotes = {
  /** GET quotes/{id}: the quote with its items' job mirrors, list fields and colours. */
  async get(id: number) {
    return presentOne((await Quote.get(id)));
  },

  /** GET quotes/ (no id): a new quote as the editor starts it (002 §4: the first department; the app defaults). */
  async blank() {
    const [departments, defaults] = await Promise.all([Department.list({ page: 1, page_size: 1 }), AppDefaults.get()]);
    const first = departments.results[0] as Row | undefined;
    // The quote definition's blank (its defaults: quote type NONE, not priced), and what the server sets on a new quote.
    return {
      id: null,
      last_saved: null,
      ...quoteDefinition.blank(),
      department: first ? { id: first.id, name: first.name } : null,
      date_created: todayInLondon(),
      approved: false,
      approving_user: null,
      estimated_work_items: [],
      comments_list: [],
      qstate: "TOBEPRICED",
      default_labour_estimate_rate: (defaults as Row).default_labour_estimate_rate ?? null,
      default_parts_markup: (defaults as Row).default_parts_markup ?? null,
    };
  },

  /** POST createquote: the whole quote (pre-save rules of 002 §5). */
  async create(body: Row, user: StaffUser, extra: Row = {}) {
    const prepared = await deriveBeforeSave(await prepareBody(body, null, user), null);
    const row = await QuoteLines.create({ ...prepared, ...extra, date_created: todayInLondon() }, user.email);
    return presentOne(row);
  },

  /**
   * PUT quotes/{id}: the whole quote, sent with the last_saved it was
   * loaded with (409 with the editor's message when stale). Items and
   * parts linked to a job card cannot be removed. `priced: true` marks it
   * priced (Quote Priced).
   */
  async save(id: number, body: Row, user: StaffUser) {
    return withQuoteConflict(async () => {
      const stored = await storedQuote(id);
      refuse(quoteLockRefusal(stored, body));
      await dropDanglingLinks(stored);
      if (Array.isArray(body.estimated_work_items)) refuse(removalRefusal(stored.estimated_work_items ?? [], body.estimated_work_items.filter((i: unknown) => i && typeof i === "object") as Row[]));
      const prepared = await deriveBeforeSave(await prepareBody(body, stored, user), stored);
      // An item whose job card (or its work item) is gone is free again: its links go with this save.
      if (Array.isArray(prepared.estimated_work_items))
        for (const i of prepared.estimated_work_items as Row[]) {
          const held = ((stored.estimated_work_items ?? []) as Row[]).find((x) => x.id === Number(i?.id));
          if (held && i && typeof i === "object") Object.assign(i, { job: held.job ?? null, work: held.work ?? null });
        }
      // A save never unsets priced: Quote Priced is one way (002 §4).
      if (stored.priced) prepared.priced = true;
      const row = await QuoteLines.update(id, prepared, user.email);
      return presentOne(row);
    });
  },

  /** POST quotes/finalize/{id}: the quote as saved becomes priced (the editor saves it first and warns of £0 estimates). */
  async finalize(id: number, user: StaffUser) {
    return withQuoteConflict(async () => {
      await storedQuote(id);
      const row = await QuoteLines.update(id, { priced: true }, user.email, { partial: true, system: true });
      return presentOne(row);
    });
  },

  /**
   * POST quotes/approve/{id}: approve for invoicing, refused unless every
   * item is ready (002 §4), answering the not-ready items' descriptions.
   * The approver's first and last name are recorded.
   */
  async approve(id: number, user: StaffUser) {
    return withQuoteConflict(async () => {
      const current = await presentOne((await Quote.get(id)));
      if (current.approved) throw new ValidationError(QUOTE_MESSAGES.alreadyApproved, { approved: QUOTE_MESSAGES.alreadyApproved });
      const items = current.estimated_work_items as Row[];
      const byItem = new Map(items.map((i) => [i, i.work_type && typeof i.work_type === "object" ? i.work_type : null]));
      refuse(approvalRefusal(items, (i) => byItem.get(i) ?? null));
      const row = await QuoteLines.update(
        id,
        { approved: true, approving_user: personOf(user), approved_date: todayInLondon() },
        user.email,
        { partial: true, system: true },
      );
      return presentOne(row);
    });
  },

  /** PUT parts/update (Parts Expenses, Q rows): quote-parts.ts. */
  saveParts: saveQuoteParts,

  /** DELETE quotes/{id}: refused while any item is linked to a job card (W19). */
  async remove(id: number, user: StaffUser) {
    return withQuoteConflict(async () => {
      const stored = await storedQuote(id);
      if (((stored.estimated_work_items ?? []) as Row[]).some((i) => i.job || i.work)) throw new ValidationError(QUOTE_MESSAGES.itemLinked, { estimated_work_items: QUOTE_MESSAGES.itemLinked });
      await QuoteLines.remove(id, user.email);
      await JobImageRecords.removeForQuote(id, user.email);
      return { id };
    });
  },

  /**
   * GET quotes: a view (Active by default) of a department, newest first,
   * 25 a page; narrowed by search or a column filter (customer, customer2,
   * quote type). Each answers from its own list (docs/data-model.md §7.3).
   */
  async list(q: QuoteListQuery) {
    const view = q.view ?? DEFAULT_QUOTE_VIEW;
    const st = QUOTE_VIEWS[view];
    const dept = q.department ? String(q.department) : "ALL";
    const qt = q.quote_type ? quoteTypeKey(q.quote_type) : null;
    const tags = [...(st !== "ALL" ? [`st=${st}`] : []), ...(dept !== "ALL" ? [`d=${dept}`] : [])];
    const colTags = [...(q.customer ? [`c1=${q.customer}`] : []), ...(q.customer2 ? [`c2=${q.customer2}`] : []), ...(qt ? [`qt=${qt}`] : [])];
    const term = q.search?.trim().toLowerCase() ?? "";
    if (term) {
      // The start of a registration, customer name or invoice number; a number is also the quote no.
      const compact = compactRegistration(term).toLowerCase();
      const [byText, byReg] = await Promise.all([
        Quote.entriesIn("search", { search: term, tags: [...tags, ...colTags] }),
        compact && compact !== term ? Quote.entriesIn("search", { search: compact, tags: [...tags, ...colTags] }) : Promise.resolve([]),
      ]);
      const found = new Map<number, string>();
      for (const e of [...byText, ...byReg]) found.set(e.id, e.tags.find((t) => t.startsWith("date="))?.slice(5) ?? "");
      if (/^\d{1,12}$/.test(term)) {
        const [hit] = (await Quote.getMany([Number(term)])) as Row[];
        const key = (r: Row) => [`st=${r.qstate}`, `d=${r.department ?? "~"}`, `c1=${r.customer ?? "~"}`, `c2=${r.customer2 ?? "~"}`, `qt=${quoteTypeKey(r.quote_type)}`].map((t) => t.toLowerCase());
        if (hit && [...tags, ...colTags].every((t) => key(hit).includes(t.toLowerCase()))) found.set(hit.id, hit.date_created ?? "");
      }
      const ids = [...found].sort((a, b) => (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : b[0] - a[0])).map(([id]) => id);
      return pageOf(ids, q);
    }
    if (q.customer || q.customer2) {
      // A customer's quotes: not approved (live views) or approved, newest first.
      const list = q.customer ? `f#c1#${q.customer}` : `f#c2#${q.customer2}`;
      const group = view === "approved" ? "1#" : view === "all" ? undefined : "0#";
      const entries = await Quote.entriesIn(list, { search: group, tags: [...tags, ...colTags], order: "desc" });
      return pageOf(entries.map((e) => e.id), q);
    }
    const list = qt ? `qt#${qt}#s#${st}#d#${dept}` : `s#${st}#d#${dept}`;
    const page = await Quote.listIn(list, { page: q.page, page_size: q.page_size, order: "desc" });
    return { count: page.count, results: await presentQuotes(page.results) };
  },

  /** GET quotes?vehicle={id}&ready_for_customer_invoice=false: the vehicle's quotes not yet approved for invoicing. */
  async openForVehicle(vehicle: number, q: { page: number; page_size: number }) {
    const ids = await Quote.idsIn(`veh#${vehicle}#open`, { order: "desc" });
    return pageOf(ids, q);
  },
};

export { storedQuote, prepareBody, deriveBeforeSave, editedElsewhere, withQuoteConflict };
