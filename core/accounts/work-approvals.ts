import * as z from "zod";
import { Contact } from "../contacts/index.js";
import { todayInLondon } from "../platform/dates.js";
import { ConflictError, NotFoundError, ValidationError } from "../platform/errors.js";
import { isoDate, text } from "../platform/fields.js";
import type { Page } from "../platform/paging.js";
import { isFresh, joinExtras, withNumbers, type WriteExtra } from "../platform/records.js";
import type { IndexOp } from "../platform/records/types.js";
import { workPush } from "./xero-push.js";
import { UniqueClaim } from "../platform/service.js";
import { NominalCode, WorkType } from "../settings/index.js";
import { Job, JobLines, nestLines } from "../workshop/index.js";
import { Quote, QuoteLines } from "../workshop/index.js";
import { MESSAGES as WORKSHOP_MESSAGES } from "../workshop/rules.js";
import { INVOICE_STATES, PO_STATES, billedCustomer, invoiceState, isCredit, partsCharge, poState } from "../workshop/index.js";
import { WORK_MESSAGES, batchRules, formatNumber, numbersNeeded, sideOf, vatMismatch, type Candidate, type Side } from "./work-rules.js";
import { personOf } from "../platform/people.js";

/**
 * Workshop Expenses (/po) and Workshop Invoicing (/invoicing) (003 §2, §4,
 * §5, §7 "Work approvals"; docs/data-model.md §7.1 "Work item", §8 A1,
 * A11): the lists of work items, the ready step that issues the customer
 * invoice numbers, and the approvals. A batch is checked whole before
 * anything is written (nothing is written on a refusal); then each job is
 * one unit (its work items, parts and invoice numbers in one engine save).
 * Handlers call these; nothing here knows HTTP.
 */

type Rec = Record<string, any>;
export type Staff = { email: string; given_name?: string; family_name?: string };

export type WorkSide = "po" | "invoice";
export type WorkListQuery = {
  /** Left out: inferred (`workQueryOf`). */
  type?: WorkSide;
  view?: string;
  department?: number;
  page: number;
  page_size: number;
  job?: number;
  ready?: boolean;
  negative?: boolean;
  customer?: number;
};

const idOf = (v: unknown): number | null => (typeof v === "number" ? v : v && typeof v === "object" && typeof (v as Rec).id === "number" ? (v as Rec).id : null);

/** The views of each screen (003 §2): /po Current, Approval Needed, Approved; /invoicing Current, Ready To Invoice, Approved. */
export const WORK_VIEWS: Record<WorkSide, readonly string[]> = { po: PO_STATES, invoice: INVOICE_STATES };

/**
 * The side and view a query reads (the route names views by their labels
 * too: `workViewOf`). 003 §7 names no side (`type` is ours): without one,
 * a customer or a view only the invoicing side has (ready) means Workshop
 * Invoicing, anything else Workshop Expenses.
 */
export function workQueryOf(q: Pick<WorkListQuery, "type" | "view" | "customer">): { type: WorkSide; view: string } {
  const view = q.view ?? "current";
  const invoiceOnly = WORK_VIEWS.invoice.includes(view) && !WORK_VIEWS.po.includes(view);
  return { type: q.type ?? (q.customer || invoiceOnly ? "invoice" : "po"), view };
}

/** The list a view reads (docs/data-model.md §7.3 "Work approvals and parts"). */
export function listOf(q: Pick<WorkListQuery, "type" | "view" | "department" | "negative" | "customer">): string {
  const { type, view } = workQueryOf(q);
  const views = WORK_VIEWS[type];
  if (!views.includes(view)) throw new ValidationError(`View must be one of ${views.join(", ")}`, { view: `View must be one of ${views.join(", ")}` });
  const D = q.department ? String(q.department) : "all";
  const side = type === "po" ? "po" : "inv";
  if (q.customer) {
    if (type !== "invoice") throw new ValidationError("customer filters the invoicing views", { customer: "customer filters the invoicing views" });
    return `cust#${q.customer}#${view}`;
  }
  if (q.negative) return `neg#${side}#${view}#d#${D}`;
  return `${side}#${view}#d#${D}`;
}

/** A work item as the screens show it: the invoicing row of 003 §3, with its job's fields. */
function present(w: Rec, job: Rec, refs: Refs): Rec {
  const contact = (id: unknown) => {
    const c = refs.contacts.get(idOf(id) ?? -1);
    return idOf(id) === null ? null : c ? { id: c.id, display_name: c.display_name ?? null, partial_contact: !!c.partial_contact } : { id: idOf(id) };
  };
  const t = refs.workTypes.get(idOf(w.work_type) ?? -1);
  const billed = billedCustomer(w, job);
  const { work_key: _k, ...rest } = w;
  return {
    ...rest,
    job: job.id,
    job_last_saved: job.last_saved ?? null,
    job_status: job.status ?? null,
    job_state: job.jstate ?? null,
    job_approved: !!job.approved,
    workshop_date: job.workshop_date ?? null,
    registration: job.registration ?? null,
    department: idOf(job.department),
    workshop: contact(job.workshop),
    customer: contact(job.customer),
    customer2: contact(job.customer2),
    billed_customer: contact(billed),
    chargeable_customer_complete: !!refs.contacts.get(billed ?? -1) && !refs.contacts.get(billed ?? -1)!.partial_contact,
    work_type: t ? { id: t.id, name: t.name, approval_needed: !!t.approval_needed, free_of_charge: !!t.free_of_charge } : idOf(w.work_type) !== null ? { id: idOf(w.work_type) } : null,
    po_state: poState(w),
    invoice_state: invoiceState(w),
    credit: isCredit(w),
    workshop_invoice_number: job.workshop_invoice_number ?? null,
    workshop_invoice_date: job.workshop_invoice_date ?? null,
    job_workshop_payment_date: job.workshop_invoice_payment_date ?? null,
    workshop_credit_note_number: job.workshop_credit_note_number ?? null,
    customer_invoice_number: job.customer_invoice_number ?? null,
    customer2_invoice_number: job.customer2_invoice_number ?? null,
  };
}

type Refs = { contacts: Map<number, Rec>; workTypes: Map<number, Rec> };

async function refsOf(jobs: Rec[], items: Rec[]): Promise<Refs> {
  const contactIds = jobs.flatMap((j) => [j.workshop, j.customer, j.customer2].map(idOf)).filter((x): x is number => x !== null);
  const [contacts, workTypes] = await Promise.all([Contact.getMany(contactIds), WorkType.getMany(items.map((w) => idOf(w.work_type)).filter((x): x is number => x !== null))]);
  return { contacts: new Map((contacts as Rec[]).map((c) => [c.id, c])), workTypes: new Map((workTypes as Rec[]).map((t) => [t.id, t])) };
}

/** A job as stored with its work items (parts nested under each). */
async function loadJob(id: number): Promise<{ row: Rec; items: Rec[]; parts: Rec[] }> {
  const row = (await Job.stored(id)) as Rec;
  const lines = ((await JobLines.load([id])).get(id) ?? {}) as Rec;
  return { row, items: nestLines(lines), parts: (lines.parts ?? []) as Rec[] };
}

/** The editable fields a batch may carry with each item (the approval modal's inputs), and its approval flag. */
const nominal = z.preprocess((v) => (v && typeof v === "object" ? (v as Rec).id : v === "" ? null : v), z.number({ error: "Must be a nominal code id" }).int().positive().max(1e12).nullable().optional());
const sentPart = z.object({ id: z.number().int().positive(), supplier_nominal_code: nominal, customer_nominal_code: nominal });
const sentItem = z.object({
  id: z.coerce.number({ error: "Each work item needs its id" }).int().positive().max(1e12),
  last_saved: z.string({ error: "Each work item needs its last_saved" }).regex(/^\d{4}-\d{2}-\d{2}T/, "Each work item needs its last_saved"),
  po_approved: z.boolean().optional(),
  invoice_approved: z.boolean().optional(),
  supplier_nominal_code: nominal,
  customer_nominal_code: nominal,
  labour_cost_vat: text(100),
  invoice_comments: text(2000),
  parts: z.array(sentPart).max(400).optional(),
  // The job's fields, shown once per job in the modal and sent with each of its items.
  workshop_invoice_number: text(100),
  workshop_invoice_date: isoDate(),
  job_workshop_payment_date: isoDate(),
});
const sentBatch = z.array(z.unknown(), { error: "The body must be a list of work items" }).max(500, "At most 500 work items at once");
export type SentWorkItem = z.infer<typeof sentItem>;

function parseBatch(body: unknown): SentWorkItem[] {
  const list = sentBatch.safeParse(body);
  if (!list.success) throw new ValidationError(list.error.issues[0].message, { items: list.error.issues[0].message });
  return list.data.map((raw, i) => {
    const r = sentItem.safeParse(raw);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw new ValidationError(issue.message, { [`${i}.${issue.path.join(".")}`]: issue.message });
    }
    return r.data;
  });
}

const ITEM_EDITS = ["supplier_nominal_code", "customer_nominal_code", "labour_cost_vat", "invoice_comments"] as const;
const JOB_EDITS: Array<[keyof SentWorkItem, string]> = [
  ["workshop_invoice_number", "workshop_invoice_number"],
  ["workshop_invoice_date", "workshop_invoice_date"],
  ["job_workshop_payment_date", "workshop_invoice_payment_date"],
];

type Loaded = { row: Rec; items: Rec[]; parts: Rec[] };
type Planned = { jobId: number; loaded: Loaded; job: Rec; items: Map<number, Rec>; sent: SentWorkItem[] };

/**
 * Everything a batch needs before its rules run: each item's job (by the
 * item's locator), the job as stored with its items, the sent edits laid
 * over the items and the job, and the freshness of each item (409 when an
 * item was saved since it was read). An item that is not a work item of a
 * job is not valid for approval.
 */
async function plan(sent: SentWorkItem[]): Promise<{ jobs: Map<number, Planned>; batch: Candidate[]; order: Array<{ jobId: number; id: number }> }> {
  const seen = new Set<number>();
  const located: Array<{ jobId: number; s: SentWorkItem }> = [];
  for (const [i, s] of sent.entries()) {
    if (seen.has(s.id)) throw new ValidationError(WORK_MESSAGES.notValid, { [`${i}.id`]: "This work item is in the list twice" });
    seen.add(s.id);
    const line = await JobLines.getLine("work_items", s.id).catch((e) => {
      if (e instanceof NotFoundError) throw new ValidationError(WORK_MESSAGES.notValid, { [`${i}.id`]: "Work item not found" });
      throw e;
    });
    located.push({ jobId: line.parent_id, s });
  }
  const jobs = new Map<number, Planned>();
  for (const { jobId, s } of located) {
    if (!jobs.has(jobId)) {
      const loaded = await loadJob(jobId);
      jobs.set(jobId, { jobId, loaded, job: { ...loaded.row }, items: new Map(loaded.items.map((w) => [w.id, { ...w }])), sent: [] });
    }
    const p = jobs.get(jobId)!;
    p.sent.push(s);
    const stored = p.items.get(s.id);
    if (!stored) throw new ValidationError(WORK_MESSAGES.notValid, { id: "Work item not found" });
    if (!isFresh(stored.last_saved, s.last_saved)) {
      const e = new ConflictError();
      e.message = WORKSHOP_MESSAGES.edited;
      throw e;
    }
    const edited: Rec = { ...stored };
    for (const f of ITEM_EDITS) if (s[f] !== undefined) edited[f] = s[f];
    if (s.parts)
      edited.parts = (stored.parts as Rec[]).map((p) => {
        const e = s.parts!.find((x) => x.id === p.id);
        if (!e) return p;
        return { ...p, ...(e.supplier_nominal_code !== undefined ? { supplier_nominal_code: e.supplier_nominal_code } : {}), ...(e.customer_nominal_code !== undefined ? { customer_nominal_code: e.customer_nominal_code } : {}) };
      });
    p.items.set(s.id, edited);
    for (const [from, to] of JOB_EDITS) if (s[from] !== undefined && p.job[to] === p.loaded.row[to]) p.job[to] = s[from];
  }
  const allJobs = [...jobs.values()];
  const billedIds = allJobs.flatMap((p) => p.sent.map((s) => billedCustomer(p.items.get(s.id)!, p.job))).filter((x): x is number => x !== null);
  const contacts = new Map(((await Contact.getMany(billedIds)) as Rec[]).map((c) => [c.id, c]));
  const order: Array<{ jobId: number; id: number }> = [];
  const batch: Candidate[] = sent.map((s) => {
    const p = allJobs.find((j) => j.items.has(s.id) && j.sent.includes(s))!;
    order.push({ jobId: p.jobId, id: s.id });
    const item = p.items.get(s.id)!;
    return { item, job: p.job, jobItems: p.loaded.items, billed: contacts.get(billedCustomer(item, p.job) ?? -1) ?? null };
  });
  return { jobs, batch, order };
}

function refuse(r: ReturnType<typeof batchRules>) {
  if (r) throw new ValidationError(r.message, r.errors);
}

/**
 * One job's unit: its work items (the changed ones) and parts as edited,
 * its own fields set, in one engine save of the job with its lines on the
 * version read (a save of the job meanwhile: 409, nothing written).
 */
async function writeJob(p: Planned, set: Rec, changeItem: (w: Rec) => Rec, actor: Staff, also?: WriteExtra) {
  const work_items = [...p.items.values()].map((w) => {
    const sentHere = p.sent.some((s) => s.id === w.id);
    const { parts: _p, job: _j, ...line } = sentHere ? changeItem(w) : w;
    return line;
  });
  const byWork = new Map([...p.items.values()].flatMap((w) => (w.parts as Rec[]).map((part) => [part.id, { ...part, work_key: w.key ?? `#${w.id}` }] as const)));
  const parts = p.loaded.parts.map((part) => ({ ...part, ...(byWork.get(part.id) ?? {}) }));
  const jobFields: Rec = { ...set };
  for (const [, to] of JOB_EDITS) if (p.job[to] !== p.loaded.row[to]) jobFields[to] = p.job[to];
  await JobLines.update(p.jobId, { ...jobFields, work_items, parts, last_saved: p.loaded.row.last_saved }, actor.email, { partial: true, current: p.loaded.row, also });
}

/**
 * The item's parts as the customer is charged for them, recorded on the
 * item by its invoicing approval (issue 22 finding 12): the work item's
 * balance facet and the reconciliation read them (core/workshop/work-lines.ts).
 */
function invoicedParts(w: Rec): { invoiced_parts_charge: number; invoiced_parts_vat: number } {
  const { charge, vat } = partsCharge((w.parts ?? []) as Rec[]);
  return { invoiced_parts_charge: charge, invoiced_parts_vat: vat };
}

/** The approver as recorded and shown (003 §6): first and last name. */
const approverOf = (actor: Staff) => personOf(actor);

type Need = { prefix: string; field: "customer_invoice_number" | "customer2_invoice_number" };
const counterOf = (prefix: string) => `docno#${prefix}`;
const quoteScope = (quoteId: number) => `wsinvoice#quote#${quoteId}`;

/**
 * A job's customer invoice numbers (A1), taken with the job's write: the
 * job's own when it has one; a quote's jobs share the quote's (the first
 * job of the quote to need it claims it, in its own transaction, so two at
 * once still share one); otherwise the next of the counter
 * `docno#<prefix>`, taken in the job's transaction (records/numbers.ts
 * `withNumbers`): a refused or lost ready step takes no number, and a job
 * that lost its number to another plans again with the next.
 */
async function withJobNumbers(job: Rec, needs: Need[], write: (set: Rec, extra: WriteExtra | undefined) => Promise<void>): Promise<Array<{ quoteId: number; field: string; number: string }>> {
  const quoteId = idOf(job.quote);
  const shared = quoteId !== null && !job.is_defect && !job.is_enquiry;
  /** The numbers the job shares with its quote's other jobs (the quote's, or claimed by one of them), and the needs left to take. */
  const sharedNumbers = async () => {
    const set: Rec = {};
    const fresh: Need[] = [];
    const quote = shared ? ((await Quote.getMany([quoteId])) as Rec[])[0] : undefined;
    for (const need of needs) {
      if (job[need.field]) continue;
      if (shared && quote?.[need.field]) {
        set[need.field] = quote[need.field];
        continue;
      }
      if (shared) {
        const held = (await UniqueClaim.get({ scope: quoteScope(quoteId), value: need.field }).go({ consistent: true })).data as { id?: number } | null;
        if (held?.id) {
          set[need.field] = formatNumber(need.prefix, held.id);
          continue;
        }
      }
      fresh.push(need);
    }
    return { set, fresh };
  };
  for (let again = 0; ; again++) {
    const { set, fresh } = await sharedNumbers();
    const claimed: Array<{ quoteId: number; field: string; number: string }> = [];
    try {
      await withNumbers(
        fresh.map((n) => ({ name: counterOf(n.prefix), n: 1 })),
        async (numbers, taken, round) => {
          // Planned again: another job of the quote may have claimed the number meanwhile (start over with it).
          if (shared && round > 0 && fresh.length && (await sharedNumbers()).fresh.length < fresh.length) throw new SharedMeanwhile();
          const next = new Map([...numbers].map(([k, v]) => [k, [...v]]));
          const here: Rec = { ...set };
          const claims: IndexOp[] = [];
          claimed.length = 0;
          for (const need of fresh) {
            const seq = next.get(counterOf(need.prefix))!.shift()!;
            here[need.field] = formatNumber(need.prefix, seq);
            // The quote's claim on its number in the same transaction: a job of the quote landing first makes this one plan again (it moved the counter) and find the claim.
            if (shared) {
              claims.push({ op: "claim-create", scope: quoteScope(quoteId), value: need.field, id: seq });
              claimed.push({ quoteId, field: need.field, number: here[need.field] as string });
            }
          }
          const quoteClaims: WriteExtra | undefined = claims.length
            ? {
                items: () => claims.length,
                indexWrites: () => claims,
                // Cancelled: another job of the quote may have claimed the number after this one looked for it (a job
                // landing between this one's look and its peek moves no number this one took, and its claim would refuse
                // this one at every retry): start over with the shared number. Otherwise a shared count: tried again.
                replan: async () => {
                  if ((await sharedNumbers()).fresh.length < fresh.length) throw new SharedMeanwhile();
                },
                contended: () => false,
              }
            : undefined;
          await write(here, joinExtras(taken, quoteClaims));
        },
      );
      return claimed;
    } catch (e) {
      if (!(e instanceof SharedMeanwhile) || again >= 3) throw e;
    }
  }
}

/** Another job of the quote claimed the shared number while this one planned: plan again with it. */
class SharedMeanwhile extends ConflictError {}

/** The jobs' items as answered after a write, in the order sent. */
async function answer(order: Array<{ jobId: number; id: number }>, warnings: string[]) {
  const jobIds = [...new Set(order.map((o) => o.jobId))];
  const loaded = new Map(await Promise.all(jobIds.map(async (id) => [id, await loadJob(id)] as const)));
  const refs = await refsOf(
    [...loaded.values()].map((l) => l.row),
    [...loaded.values()].flatMap((l) => l.items),
  );
  const results = order.map(({ jobId, id }) => {
    const l = loaded.get(jobId)!;
    return present(l.items.find((w) => w.id === id)!, l.row, refs);
  });
  return { count: results.length, results, warnings };
}

/** The VAT warnings of a PO batch (003 §5: shown, never refusing). */
async function warningsOf(batch: Candidate[], side: Side): Promise<string[]> {
  const code = (w: Rec) => idOf(side === "po" ? w.supplier_nominal_code : w.customer_nominal_code);
  const ids = batch.map((c) => code(c.item)).filter((x): x is number => x !== null);
  if (!ids.length) return [];
  const nominals = new Map(((await NominalCode.getMany(ids)) as Rec[]).map((n) => [n.id, n]));
  return batch.some((c) => vatMismatch(c.item, nominals.get(code(c.item) ?? -1))) ? [WORK_MESSAGES.vatMismatch] : [];
}

export const WorkApprovals = {
  /**
   * GET work (003 §7): a view of /po or /invoicing (`type`), by department,
   * 25 a page, newest workshop date first; `negative=true` the credit
   * items; `customer` one customer's items; `job` every work item of one
   * job with its parts (the approval modal), `ready` narrowing them to the
   * ready (true) or not ready (false) ones.
   */
  async list(q: WorkListQuery): Promise<Page<Rec>> {
    if (q.job) {
      const l = await loadJob(q.job).catch((e) => {
        if (e instanceof NotFoundError) throw new NotFoundError("Job");
        throw e;
      });
      const items = q.ready === undefined ? l.items : l.items.filter((w) => !!w.ready_to_approve === q.ready);
      const refs = await refsOf([l.row], items);
      return { count: items.length, results: items.map((w) => present(w, l.row, refs)) };
    }
    const list = listOf(q);
    const page = await JobLines.linesIn("work_items", list, { page: q.page, page_size: q.page_size, order: "desc" }, { parents: true });
    const jobs = page.results.map((r) => ({ ...(r.parent ?? {}), id: r.parent_id }));
    const refs = await refsOf(jobs, page.results);
    return {
      count: page.count,
      results: page.results.map((r) => {
        const { parent, parent_type: _t, parent_id, ...line } = r;
        return { ...present(line, { ...(parent ?? {}), id: parent_id }, refs), parts: undefined };
      }),
    };
  },

  /**
   * PUT work/readytoapprove (003 §4): the invoicing side's first step. Every
   * item checked first (same kind, approved job, not yet invoiced); then
   * each job in one unit: its items ready, and the customer invoice numbers
   * its items need issued (A1), once.
   */
  async readyToApprove(body: unknown, actor: Staff) {
    const sent = parseBatch(body);
    const { jobs, batch, order } = await plan(sent);
    refuse(batchRules("ready", batch));
    for (const p of jobs.values()) {
      const items = p.sent.map((s) => p.items.get(s.id)!);
      const claimed = await withJobNumbers(p.job, numbersNeeded(p.job, items), async (numbers, taken) => {
        const set: Rec = {};
        for (const [field, n] of Object.entries(numbers)) if (n !== p.loaded.row[field]) set[field] = n;
        await writeJob(p, set, (w) => ({ ...w, ready_to_approve: true }), actor, taken);
      });
      // The quote shows the number too (its editor reads it); a refusal of the quote's own rules leaves the number with the claim, where its other jobs find it.
      for (const c of claimed) await QuoteLines.update(c.quoteId, { [c.field]: c.number }, actor.email, { partial: true, system: true }).catch(() => undefined);
    }
    return answer(order, []);
  },

  /**
   * PUT work/approve (003 §5): the expenses side (each item sent with
   * po_approved) or the invoicing side (invoice_approved), never both.
   * Every item checked first with the side's rules; then each job in one
   * unit, the approver and date recorded. The Xero push of the purchase or
   * sales invoice joins this unit when the outbox exists (issue 14,
   * docs/accounts.md "Work approvals").
   */
  async approve(body: unknown, actor: Staff) {
    const sent = parseBatch(body);
    if (!sent.length) throw new ValidationError(WORK_MESSAGES.empty, { items: WORK_MESSAGES.empty });
    const side = sideOf(sent);
    if (!side) throw new ValidationError(WORK_MESSAGES.side, { items: WORK_MESSAGES.side });
    const { jobs, batch, order } = await plan(sent);
    refuse(batchRules(side, batch));
    const warnings = await warningsOf(batch, side);
    const today = todayInLondon();
    const by = approverOf(actor);
    for (const p of jobs.values())
      await writeJob(
        p,
        {},
        (w) => (side === "po" ? { ...w, po_approved: true, po_approver: by, po_approved_date: today } : { ...w, invoice_approved: true, invoice_approver: by, invoice_approved_date: today, ...invoicedParts(w) }),
        actor,
        // The job's Xero purchase (PO side) or sales invoice (invoice side) push, in the job's unit (docs/xero.md).
        workPush(side, actor.email),
      );
    return answer(order, warnings);
  },
};
