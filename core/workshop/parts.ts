import { Contact } from "../contacts/index.js";
import { ConflictError, NotFoundError, ValidationError } from "../platform/errors.js";
import { isFresh, lastSavedOf } from "../platform/records.js";
import { fromPence } from "../platform/money.js";
import { compactKey, pageRows, searchKey, type Page } from "../platform/paging.js";
import { parseInput } from "../platform/validation.js";
import { Facet } from "../platform/service.js";
import { NominalCode, withTrackingOptions } from "../settings/index.js";
import { part as partDefinition } from "./definitions.js";
import { Job, JobLines } from "./job.js";
import { PartOrder } from "./partorder.js";
import { Jobs, type Staff } from "./jobs.js";
import { savePartOrderParts } from "./partorder-parts.js";
import { saveQuoteParts } from "./quote-parts.js";
import { chargeAndCost } from "./figures.js";
import { PART_LINE_TYPE } from "./part-lines.js";
import {
  approvalRefusal,
  approvedPartLocks,
  dueRangeRefusal,
  lockedPartMoney,
  partApprovalCheck,
  partRowId,
  type PartOrigin,
  type PartView,
} from "./part-rules.js";
import { personOf } from "../platform/people.js";

/**
 * Parts Expenses and Part History (002 §2, §4 Part (expenses), §5 Part
 * approval, §7 parts calls; 003 §5 "Part approval"): the use cases behind
 * `GET parts`, `PUT parts/update` (bulk) and `GET parts/figures`. Every
 * list answers from the `part` line type's lists (core/workshop/part-lines.ts)
 * through the job card's lines (`JobLines`: a line list is shared by every
 * parent type holding parts, so part orders' and quotes' parts arrive in
 * the same lists once their collections declare the line type).
 */

type Rec = Record<string, any>;
const idOf = (v: unknown): number | null => (typeof v === "number" ? v : v && typeof v === "object" && typeof (v as Rec).id === "number" ? (v as Rec).id : null);

/** The views of GET parts as the screen names them (002 §9 default Current), and Part History's. */
export const PARTS_QUERY_VIEWS = ["current", "to_be_ordered", "tbo", "approved", "stock", "backorder", "history_all", "history_hidden", "history_stock"] as const;
export type PartsQueryView = (typeof PARTS_QUERY_VIEWS)[number];

export type PartsQuery = {
  page: number;
  page_size: number;
  view?: PartsQueryView;
  invoice_number?: boolean;
  department?: number;
  search?: string;
  startDate?: string;
  endDate?: string;
  supplier?: number;
  inv_num?: string;
  negative?: boolean;
  due_start?: string;
  due_end?: string;
};

const viewOf = (v: PartsQueryView | undefined): PartView => (v === "to_be_ordered" ? "tbo" : v && !v.startsWith("history_") ? (v as PartView) : "current");
const tagsOf = (tags: string[] | undefined, name: string) => (tags ?? []).find((t) => t.startsWith(`${name}=`))?.slice(name.length + 1);
const penceOfEntries = (entries: Array<{ tags: string[] }>) => entries.reduce((t, e) => t + (Number(tagsOf(e.tags, "c")) || 0), 0);

/** How each parent type's parts are saved by PUT parts/update: a job's (J rows), a quote's (Q rows) and a part order's (P rows), each in one unit of its parent. */
export type PartHolder = { saveParts: (parentId: number, changes: Map<number, Rec>, server: Map<number, Rec>, actor: Staff) => Promise<unknown> };
export const partHolders = new Map<string, PartHolder>([
  ["job", { saveParts: (id, changes, server, actor) => Jobs.saveParts(id, changes, server, actor) }],
  // The quote's and the part order's saves beside their records, not their services (the parts Lambda carries neither service).
  ["quote", { saveParts: saveQuoteParts }],
  ["partorder", { saveParts: savePartOrderParts }],
]);

/** A part as Parts Expenses shows it: the line, where it comes from (origin, row id P/J/Q + parent id), its supplier and parent's columns. */
async function present(rows: Rec[]): Promise<Rec[]> {
  const suppliers = new Map(((await Contact.getMany([...new Set(rows.map((r) => idOf(r.supplier)).filter((x): x is number => x !== null))])) as Rec[]).map((c) => [c.id, c]));
  return rows.map((r) => {
    const origin = r.parent_type as PartOrigin;
    const parent: Rec = r.parent ?? {};
    const s = suppliers.get(idOf(r.supplier) ?? -1);
    const { parent: _p, work_key: _k, ...line } = r;
    return {
      // Every field of 002 §3 Part, null or false when unset.
      ...partDefinition.answered(line),
      origin,
      row_id: partRowId(origin, r.parent_id),
      [origin]: r.parent_id,
      supplier: s ? { id: s.id, display_name: s.display_name ?? null, partial_contact: !!s.partial_contact } : r.supplier ? { id: idOf(r.supplier) } : null,
      department: parent.department ?? null,
      registration: parent.registration ?? parent.customer_vehicle ?? null,
      parent_date: parent.workshop_date ?? parent.date_created ?? null,
    };
  });
}

/** The stored parents of some parts (a job's approval, an order's status), by "<type>#<id>": one BatchGet per parent type. */
async function parentsOf(lines: Array<{ parent_type: string; parent_id: number }>): Promise<Map<string, Rec>> {
  const ids = (type: string) => [...new Set(lines.filter((l) => l.parent_type === type).map((l) => l.parent_id))];
  const [jobs, orders] = await Promise.all([Job.getMany(ids("job")), PartOrder.getMany(ids("partorder"))]);
  return new Map([...(jobs as Rec[]).map((r) => [`job#${r.id}`, r] as const), ...(orders as Rec[]).map((r) => [`partorder#${r.id}`, r] as const)]);
}

async function page(list: string, q: PartsQuery, extra: Rec = {}): Promise<Page<Rec>> {
  const res = await JobLines.linesIn("parts", list, { page: q.page, page_size: q.page_size, order: "desc", ...extra }, { parents: true });
  return { count: res.count, results: await present(res.results) };
}

/** A page of entries read whole by a bounded query (a search, a date or due range, a supplier, an invoice), with its cost total from the entries' tags. */
async function pageOfEntries(entries: Array<{ id: number; parent?: string; tags: string[] }>, q: PartsQuery) {
  const seen = new Set<number>();
  const unique = entries.filter((e) => !seen.has(e.id) && seen.add(e.id));
  const rows = await JobLines.linesOf("parts", pageRows(unique, q), { parents: true });
  return { count: unique.length, results: await present(rows), total_cost: fromPence(penceOfEntries(unique)) };
}

async function facetTotal(facet: string, value: string): Promise<number> {
  const res: any = await Facet.get({ facet: `${PART_LINE_TYPE}#${facet}`, value }).go();
  return fromPence(res.data?.live ?? 0);
}

export const PartsExpenses = {
  /**
   * GET parts (002 §7): a view of a department (`view` current, to_be_ordered,
   * approved, stock, backorder; Part History history_all, history_hidden,
   * history_stock), searched, narrowed to a date-ordered range, to parts
   * with an invoice number (`invoice_number=true`, W14), to a supplier
   * (column filter), or the parts due in a range (Select Filtered); or
   * `inv_num` + `supplier` (+ `negative`): one supplier invoice's parts.
   * Answers `{count, results, total_cost}` (the banner: the view's total
   * from its facet, a range's or search's from its entries).
   */
  async list(q: PartsQuery): Promise<Page<Rec> & { total_cost?: number }> {
    if (q.inv_num !== undefined) return this.invoice(q);
    const D = q.department ? String(q.department) : "all";
    if (q.view?.startsWith("history_")) return page(`hist#${q.view.slice("history_".length)}`, q);
    const V = viewOf(q.view);
    const tags = [`v=${V}`, `d=${D}`];
    if (q.due_start !== undefined || q.due_end !== undefined) {
      const refused = dueRangeRefusal(q.due_start, q.due_end);
      if (refused) throw new ValidationError(refused, { due_start: refused });
      return pageOfEntries(await JobLines.lineEntriesIn("parts", `due#d#${D}`, { from: q.due_start, to: q.due_end, tags }), q);
    }
    const term = q.search?.trim();
    if (term) {
      const words = [...new Set([searchKey(term), compactKey(term)].filter((t) => t.length >= 1))];
      const found = (await Promise.all(words.map((w) => JobLines.lineEntriesIn("parts", "search", { search: w, tags })))).flat();
      // Bounded by the term: narrowed to the date-ordered range and the invoice toggle by the entries' tags.
      const dated = found.filter((e) => {
        const dt = tagsOf(e.tags, "dt") ?? "~";
        if ((q.startDate || q.endDate) && (!e.tags.includes("o=1") || dt < (q.startDate ?? "") || dt > (q.endDate ?? "~"))) return false;
        return !q.invoice_number || V === "approved" || e.tags.includes("i=1");
      });
      return pageOfEntries(dated, q);
    }
    if (q.supplier) {
      const g = V === "approved" ? "1" : "0";
      const range = { from: `${g}#${q.startDate ?? ""}`, to: `${g}#${q.endDate ?? "~"}` };
      return pageOfEntries(await JobLines.lineEntriesIn("parts", `f#sup#${q.supplier}`, { ...range, tags: [...tags, ...(q.startDate || q.endDate ? ["o=1"] : []), ...(q.invoice_number && V !== "approved" ? ["i=1"] : [])], order: "desc" }), q);
    }
    const list = q.invoice_number && V !== "approved" ? `vi#${V}#d#${D}` : `v#${V}#d#${D}`;
    if (q.startDate || q.endDate) {
      const range = { from: q.startDate ?? "0000-00-00", to: q.endDate ?? "9999-12-31", tags: ["o=1"] };
      return pageOfEntries(await JobLines.lineEntriesIn("parts", list, { ...range, order: "desc" }), q);
    }
    const [res, total] = await Promise.all([page(list, q), facetTotal(q.invoice_number && V !== "approved" ? "costi" : "cost", `${V}#${D}`)]);
    return { ...res, total_cost: total };
  },

  /** GET parts?inv_num=&supplier=[&negative=true]: one supplier invoice's parts (the approve and credit modals); negative: only its credit lines. */
  async invoice(q: PartsQuery) {
    const invoice = compactKey(q.inv_num);
    if (!invoice) throw new ValidationError("inv_num is required", { inv_num: "inv_num is required" });
    if (!q.supplier) throw new ValidationError("supplier is required", { supplier: "supplier is required" });
    const entries = await JobLines.lineEntriesIn("parts", `inv#${q.supplier}#${invoice}`, q.negative ? { tags: ["neg=1"] } : {});
    return pageOfEntries(entries, { ...q, page: 1, page_size: Math.max(q.page_size, entries.length) });
  },

  /**
   * PUT parts/update (002 §7, 003 §7): several parts saved at once (Edit
   * Selected, the approve modal). Every part is read and checked first: a
   * stale one is a 409, a lock (an approved part's nominal code or
   * supplier tracking option) or a failed approval rule a 400 ('Cannot
   * approve parts' with each part's errors keyed `<i>.<field>`), and then
   * nothing is written. `approved: true` approves the part (approver
   * recorded); the VAT check only warns. Then each parent's parts are
   * saved in one unit.
   */
  async bulkUpdate(body: unknown, actor: Staff) {
    body = await withTrackingOptions(body);
    if (!Array.isArray(body) || !body.length) throw new ValidationError("Send a list of parts", { parts: "Send a list of parts" });
    if (body.length > 200) throw new ValidationError("At most 200 parts at once", { parts: "At most 200 parts at once" });
    const sent = body.map((raw, i) => {
      if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new ValidationError("Each part must be an object", { [`${i}`]: "Must be an object" });
      const { id, last_saved, approved, approver: _a, ...rest } = raw as Rec;
      const partId = Number(id);
      if (!Number.isInteger(partId) || partId <= 0) throw new ValidationError("Each part needs its id", { [`${i}.id`]: "Each part needs its id" });
      const at = lastSavedOf({ last_saved });
      for (const k of ["origin", "row_id", "job", "quote", "partorder", "department", "registration", "parent_date", "parent_type", "parent_id", "work", "work_key", "due_date"]) delete rest[k];
      if (rest.supplier && typeof rest.supplier === "object") rest.supplier = idOf(rest.supplier);
      let fields: Rec;
      try {
        fields = Object.fromEntries(Object.entries(parseInput(partDefinition.schema.partial().strict(), rest) as Rec).filter(([, v]) => v !== undefined));
      } catch (e) {
        if (e instanceof ValidationError) throw new ValidationError(e.message, Object.fromEntries(Object.entries(e.errors ?? {}).map(([k, v]) => [`${i}.${k}`, v])));
        throw e;
      }
      return { i, id: partId, at, approve: approved === true, fields };
    });
    if (new Set(sent.map((s) => s.id)).size !== sent.length) throw new ValidationError("A part is sent twice", { parts: "A part is sent twice" });
    const lines = await Promise.all(sent.map((s) => JobLines.getLine("parts", s.id)));
    for (const [k, s] of sent.entries()) if (!isFresh(lines[k].last_saved, s.at)) throw new ConflictError();
    const merged = sent.map((s, k) => ({ ...lines[k], ...s.fields }));
    // Locks of approved parts, and of the money of an approved job's or a completed order's parts (checked again by each parent's write, on the version it reads).
    const parents = await parentsOf(lines);
    const lockErrors: Record<string, string> = {};
    sent.forEach((s, k) => {
      for (const [f, m] of Object.entries(approvedPartLocks(lines[k], s.fields, partDefinition.lockedWhenApproved))) lockErrors[`${s.i}.${f}`] = m;
      const parent = parents.get(`${lines[k].parent_type}#${lines[k].parent_id}`);
      for (const [f, m] of Object.entries(lockedPartMoney(lines[k].parent_type as PartOrigin, parent, lines[k], s.fields))) lockErrors[`${s.i}.${f}`] = m;
    });
    if (Object.keys(lockErrors).length) throw new ValidationError(Object.values(lockErrors)[0], lockErrors);
    // Approval: every part checked, all or nothing.
    const approving = sent.filter((s, k) => s.approve && !lines[k].approved);
    const warnings: Array<{ id: number; message: string }> = [];
    if (approving.length) {
      const idx = approving.map((s) => sent.indexOf(s));
      const [suppliers, nominals] = await Promise.all([
        Contact.getMany(idx.map((k) => idOf(merged[k].supplier)).filter((x): x is number => x !== null)),
        NominalCode.getMany(idx.map((k) => idOf(merged[k].supplier_nominal_code)).filter((x): x is number => x !== null)),
      ]);
      const sup = new Map((suppliers as Rec[]).map((c) => [c.id, c]));
      const nom = new Map((nominals as Rec[]).map((c) => [c.id, c]));
      const checks = idx.map((k) => partApprovalCheck(merged[k], sup.get(idOf(merged[k].supplier) ?? -1), nom.get(idOf(merged[k].supplier_nominal_code) ?? -1)));
      // Errors keyed by each part's place in the list sent.
      const refused = approvalRefusal(sent.map((s) => ({ errors: checks[idx.indexOf(s.i)]?.errors ?? {} })));
      if (refused) throw new ValidationError(refused.message, refused.errors);
      checks.forEach((c, n) => c.warning && warnings.push({ id: sent[idx[n]].id, message: c.warning }));
    }
    const approver = personOf(actor);
    // One unit per parent.
    const byParent = new Map<string, { type: string; id: number; changes: Map<number, Rec>; server: Map<number, Rec> }>();
    sent.forEach((s, k) => {
      const key = `${lines[k].parent_type}#${lines[k].parent_id}`;
      if (!byParent.has(key)) byParent.set(key, { type: lines[k].parent_type, id: lines[k].parent_id, changes: new Map(), server: new Map() });
      const g = byParent.get(key)!;
      g.changes.set(s.id, s.fields);
      if (s.approve && !lines[k].approved) g.server.set(s.id, { approved: true, approver });
    });
    for (const g of byParent.values()) {
      const holder = partHolders.get(g.type);
      if (!holder) throw new ValidationError(`Parts of a ${g.type} are not saved here`, { parts: `Parts of a ${g.type} are not saved here` });
    }
    for (const g of byParent.values()) await partHolders.get(g.type)!.saveParts(g.id, g.changes, g.server, actor);
    const saved = await JobLines.linesOf(
      "parts",
      sent.map((s, k) => ({ id: s.id, parent: `${lines[k].parent_type}#${lines[k].parent_id}` })),
      { parents: true },
    );
    return { count: saved.length, results: await present(saved), warnings };
  },

  /**
   * PUT parts/update/{id}: one part of any parent saved by its id. A job's
   * through the job card's rules (`Jobs.savePart`); a quote's or part
   * order's as one part of `bulkUpdate` (freshness, locks, the parent's
   * unit), answered as Parts Expenses shows it. Every refusal comes before
   * the write (issue 22: a part order's part was written, then answered 404).
   */
  async saveOne(id: number, body: unknown, actor: Staff) {
    if (!body || typeof body !== "object" || Array.isArray(body)) throw new ValidationError("The request body must be a JSON object.");
    const line = await JobLines.getLine("parts", id);
    if (line.parent_type === "job") return Jobs.savePart(id, body, actor);
    const out = await this.bulkUpdate([{ ...(body as Rec), id }], actor);
    return out.results[0];
  },

  /** GET parts/update/{id}: a job's part as the job card answers it (with its work item), another parent's as Parts Expenses shows it. */
  async partOf(id: number) {
    const line = await JobLines.getLine("parts", id);
    return line.parent_type === "job" ? Jobs.getPart(id) : this.get(id);
  },

  /** One part of any parent, as Parts Expenses shows it. */
  async get(id: number) {
    const line = await JobLines.getLine("parts", id, { parents: true });
    const [row] = await present([line]);
    if (!row) throw new NotFoundError("Part");
    return row;
  },

  /**
   * GET parts/figures (001 §7 dashboard figures, data-model W18): the cost
   * and customer charge of job and quote parts by part date (date ordered,
   * else the job's date) in start..end, from the month facets
   * `ptfig#<D>#<yyyy-mm>` (a week reads at most two small partitions).
   */
  async figures(q: { start: string; end: string; department?: number }) {
    const D = q.department ? String(q.department) : "all";
    const { charge, cost } = await chargeAndCost(q, async (m) => (await JobLines.lineFacetValues("parts", `ptfig#${D}#${m}`)).map((f) => ({ value: f.value, pence: f.count })));
    return { cost: fromPence(cost), charge: fromPence(charge), start: q.start, end: q.end };
  },
};
