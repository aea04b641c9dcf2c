import * as z from "zod";
import { ConflictError } from "../platform/errors.js";
import { nextId } from "../platform/ids.js";
import { AppDefaults, Department, XERO_PAYMENTS_ACCOUNT_MESSAGES } from "../settings/index.js";
import { trackingOf } from "./xero-payloads.js";
import { defineRecordType, writeTogether, type PlannedWrite, type SavedRecord, type WriteExtra } from "../platform/records.js";

/**
 * The Xero outbox (docs/xero.md, data-model §8 "Xero push", A14): one push
 * item per source record and target, written in the source's own saving or
 * approving unit, so no approval lands without its push queued. The body
 * sent to Xero is built at send time from the source's current state
 * (core/accounts/xero-payloads.ts), so the item never grows with history.
 */

/** In the order a run sends them: what documents name first; an allocation and a payment after the invoice (and credit note) they join. */
export const XERO_TARGETS = ["nominal", "trackingcategories", "supplier", "customer", "purchaseinvoice", "purchasecreditnote", "salesinvoice", "salescreditnote", "allocation", "payment"] as const;
export type PushTarget = (typeof XERO_TARGETS)[number];
/** HELD: approved but not queued, its department having no Xero mapping (issue 22 finding 14); queued once the department is mapped. */
export const PUSH_STATUSES = ["PENDING", "SENDING", "SENT", "FAILED", "HELD"] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];
/** 003 §7 codes: IN sales invoice, CNS sales credit note, CNP purchase credit note. */
export const DOC_CODES = ["IN", "CNS", "CNP"] as const;

const fields = z.object({
  target: z.enum(XERO_TARGETS),
  /** What the source is: nominal, trackingcategory, contact, invoice, credit, work (a job's PO or invoice side), part (a supplier invoice's parts). */
  source_type: z.string().max(40),
  /** The source's id (a record id; for parts `<supplier>#<invoice no.>`). */
  source_id: z.string().max(200),
  doc_code: z.enum(DOC_CODES).nullable().optional(),
  /** What staff recognise: an invoice number, a contact's name, a code. */
  label: z.string().max(200).nullable().optional(),
  status: z.enum(PUSH_STATUSES),
  /** Raised by each re-enqueue: the idempotency key names it. */
  version: z.number().int().positive(),
  /** The version Xero last accepted. */
  sent_version: z.number().int().nullable().optional(),
  attempts: z.number().int().min(0),
  xero_id: z.string().max(100).nullable().optional(),
  error_kind: z.enum(["validation", "transient", "not-configured"]).nullable().optional(),
  last_error: z.string().max(2000).nullable().optional(),
  errors: z.array(z.string().max(1000)).max(50).nullable().optional(),
  queued_at: z.string(),
  sent_at: z.string().nullable().optional(),
  retry_at: z.string().nullable().optional(),
  /** A runner's claim: SENDING until this time, by this run (core/accounts/xero-sync.ts). */
  lease_until: z.string().nullable().optional(),
  run_id: z.string().max(100).nullable().optional(),
  /** A HELD item's department (null: the document has none) and why it is held, as the Xero page shows it. */
  held_department: z.number().int().nullable().optional(),
  held_reason: z.string().max(500).nullable().optional(),
  /** What a HELD item waits for: its department's mapping (null, the default) or the Xero payments account default (a payment; issue 22). */
  held_for: z.enum(["payments_account"]).nullable().optional(),
});
export type PushFields = z.infer<typeof fields>;
export type PushRow = PushFields & { id: number; last_saved: string };

/** When the item is next due for the runner (null: not queued). */
export function dueAt(r: Pick<PushFields, "status" | "queued_at" | "retry_at" | "lease_until" | "error_kind">): string | null {
  // A PENDING item told to wait (an allocation whose documents are drafts in Xero) is due at its retry time.
  if (r.status === "PENDING") return r.retry_at ?? r.queued_at;
  if (r.status === "SENDING") return r.lease_until ?? r.queued_at;
  if (r.status === "FAILED" && r.error_kind === "transient") return r.retry_at ?? r.queued_at;
  return null;
}

/** The push item's record type: its entity's name in the table, which the stream's filter matches (stacks/Cron.ts). */
export const XERO_PUSH_TYPE = "xeropush";

export const XeroPush = defineRecordType({
  type: XERO_PUSH_TYPE,
  label: "Xero push",
  fields,
  searchOf: (r) => `${r.label ?? ""}`,
  lists: (r) => {
    const due = dueAt(r);
    return [
      // The sync page, newest first, per status and all together.
      { list: "all", sort: r.queued_at },
      { list: `st#${r.status}`, sort: r.queued_at },
      // A record screen's Xero state.
      { list: `src#${r.source_type}#${r.source_id}`, sort: r.target },
      // The runner's queue per target, by when each item is due (pending: queued; transient failure: retry_at; sending: lease end).
      ...(due ? [{ list: `q#${r.target}`, sort: due }] : []),
      // Held back per department: the department's mapping save queues them (`releaseHeld`, a Query of this list).
      // A payment held for want of the Xero payments account: `held#payments-account`, queued by the default's save (`releaseHeldPayments`).
      ...(r.status === "HELD" ? [{ list: r.held_for === "payments_account" ? HELD_PAYMENTS_LIST : `held#${r.held_department ?? "none"}`, sort: r.queued_at }] : []),
    ];
  },
  facets: (r) => [{ facet: "status", value: r.status }],
});

/** The held list of payments waiting for the Xero payments account (Settings > Defaults). */
export const HELD_PAYMENTS_LIST = "held#payments-account";

/** The claim naming a source's one push item (written with the item; see `planPush`). */
export const refOf = (target: PushTarget, sourceType: string, sourceId: string | number) => `${target}#${sourceType}#${sourceId}`;
const REF_SCOPE = "ref";

/** Stable per source and version (<= 128 chars, Xero's limit). */
export function idempotencyKey(r: Pick<PushFields, "target" | "source_type" | "source_id" | "version">): string {
  return `${r.target}-${r.source_type}-${r.source_id}-v${r.version}`.replace(/[^A-Za-z0-9\-_.]/g, "_").slice(0, 128);
}

export type PushSpec = {
  target: PushTarget;
  sourceType: string;
  sourceId: string | number;
  label?: string | null;
  docCode?: (typeof DOC_CODES)[number] | null;
  /** Written HELD (not queued): the department has no Xero mapping. */
  held?: Held | null;
};
export type Held = { department: number | null; reason: string; for?: "payments_account" };

/** The push item of a source, if any: its claim (one GetItem) then the item. */
export async function pushOf(target: PushTarget, sourceType: string, sourceId: string | number): Promise<PushRow | null> {
  const held = await XeroPush.claimedBy(REF_SCOPE, [refOf(target, sourceType, sourceId)]);
  const id = [...held.values()][0];
  if (!id) return null;
  const [row] = (await XeroPush.getMany([id])) as PushRow[];
  return row ?? null;
}

/**
 * The push item's write for another record's transaction: created PENDING
 * with its `ref` claim (so a source never has two), or, when one exists,
 * set PENDING again with its version raised (a record changed after
 * sending is sent again, as an update when Xero's id is known).
 */
export async function planPush(spec: PushSpec, actor: string): Promise<PlannedWrite> {
  const now = new Date().toISOString();
  const label = spec.label ? String(spec.label).slice(0, 200) : null;
  const existing = await pushOf(spec.target, spec.sourceType, spec.sourceId);
  // A source already queued or sent stays so (e.g. a supplier invoice whose parts another, mapped holder approved): only a new or held item is held.
  const holding = spec.held && (!existing || existing.status === "HELD") ? spec.held : null;
  const held = holding
    ? { status: "HELD" as const, held_department: holding.department, held_reason: holding.reason.slice(0, 500), held_for: holding.for ?? null }
    : { status: "PENDING" as const, held_department: null, held_reason: null, held_for: null };
  if (existing) {
    return XeroPush.planUpdate(
      existing.id,
      { ...held, version: existing.version + 1, queued_at: now, retry_at: null, lease_until: null, run_id: null, error_kind: null, label: label ?? existing.label ?? null },
      actor,
      { partial: true, system: true },
    );
  }
  const id = await nextId("xeropush");
  const plan = await XeroPush.planCreate(
    { target: spec.target, source_type: spec.sourceType, source_id: String(spec.sourceId), doc_code: spec.docCode ?? null, label, ...held, version: 1, attempts: 0, queued_at: now },
    actor,
    { id },
  );
  // The ref claim, written by hand: the engine writes claims only in a record's own transaction (a taken ref cancels the whole unit, which is then retried or answered 409).
  return { ...plan, writes: [...plan.writes, { op: "claim-create", scope: `xeropush#${REF_SCOPE}`, value: refOf(spec.target, spec.sourceType, spec.sourceId).toUpperCase(), id }] };
}

/**
 * The push items of a save or approval as a `WriteExtra` for its unit:
 * `specs` is told the saved record (its id on a create) and answers the
 * pushes to queue (none: nothing written, e.g. an invoice whose department
 * has no Xero mapping).
 */
export function queuePushes(specs: (saved: SavedRecord) => Promise<PushSpec[]> | PushSpec[], actor: string): WriteExtra {
  return writeTogether(async (saved) => Promise.all((await specs(saved)).map((s) => planPush(s, actor))));
}

// ---------------------------------------------------------------------------
// What each saving or approving unit queues (docs/xero.md "Where items are written").

type Rec = Record<string, any>;
const idOf = (v: unknown): number | null => (v && typeof v === "object" ? Number((v as Rec).id) || null : Number(v) || null);

/** The message a held-back document carries (the approval's warning, the Xero page's reason). */
export const heldReason = (name: string | null) =>
  name ? `Not sent to Xero: department ${name} has no Xero mapping (Settings > Departments). It is sent once the department is mapped.` : "Not sent to Xero: it has no department with a Xero mapping.";

/**
 * Whether a department has a Xero mapping (department -> tracking option):
 * documents are queued only then; otherwise they are written HELD with the
 * reason (`held`), listed per department for its mapping save to queue.
 */
export async function departmentMapping(department: unknown): Promise<{ mapped: boolean; held: Held | null }> {
  const id = idOf(department);
  const [dept] = id ? ((await Department.getMany([id])) as Rec[]) : [];
  if (trackingOf(dept) !== null) return { mapped: true, held: null };
  return { mapped: false, held: { department: dept ? id : null, reason: heldReason(dept ? String(dept.name ?? id) : null) } };
}

/** Whether a department has a Xero mapping. */
export async function departmentMapped(department: unknown): Promise<boolean> {
  return (await departmentMapping(department)).mapped;
}

/**
 * A department's mapping was saved: its held-back documents are queued
 * (PENDING now), read from its `held#<department>` list (a Query). Each item
 * is its own conditional write: a run that stops half way leaves the rest
 * HELD for the next save of the mapping. Nothing when still unmapped.
 */
export async function releaseHeld(department: number, actor: string): Promise<number> {
  if (!(await departmentMapped(department))) return 0;
  const ids = await XeroPush.idsIn(`held#${department}`);
  let queued = 0;
  for (const id of ids) {
    const [row] = (await XeroPush.getMany([id])) as PushRow[];
    if (!row || row.status !== "HELD") continue;
    try {
      await XeroPush.update(id, { status: "PENDING", queued_at: new Date().toISOString(), held_department: null, held_reason: null }, actor, { partial: true, system: true, current: row as never });
      queued++;
    } catch (e) {
      if (!(e instanceof ConflictError)) throw e; // written meanwhile (a new approval): that write decides
    }
  }
  return queued;
}

/**
 * The Xero payments account default was saved (PUT appdefaults): the
 * payments held for want of it are queued (PENDING now), read from the
 * `held#payments-account` list (a Query, never a Scan), each by its own
 * conditional write as `releaseHeld` does. Nothing while it is unset.
 */
export async function releaseHeldPayments(actor: string): Promise<number> {
  if (!(await AppDefaults.xeroPaymentsAccount())) return 0;
  const ids = await XeroPush.idsIn(HELD_PAYMENTS_LIST);
  let queued = 0;
  for (const id of ids) {
    const [row] = (await XeroPush.getMany([id])) as PushRow[];
    if (!row || row.status !== "HELD") continue;
    try {
      await XeroPush.update(id, { status: "PENDING", queued_at: new Date().toISOString(), held_department: null, held_reason: null, held_for: null }, actor, { partial: true, system: true, current: row as never });
      queued++;
    } catch (e) {
      if (!(e instanceof ConflictError)) throw e; // written meanwhile (a save of the payment): that write decides
    }
  }
  return queued;
}

/**
 * The warning an approval answers with when any of its documents is held
 * back (its department has no Xero mapping): the first reason, with how
 * many; null when all were queued.
 */
export async function heldWarning(sources: Array<{ sourceType: string; sourceId: string | number }>): Promise<string | null> {
  const ids = (await Promise.all(sources.map((s) => XeroPush.idsIn(`src#${s.sourceType}#${s.sourceId}`)))).flat();
  const rows = ids.length ? ((await XeroPush.getMany([...new Set(ids)])) as PushRow[]) : [];
  const held = rows.filter((r) => r.status === "HELD");
  if (!held.length) return null;
  const reason = held[0].held_reason ?? "Not sent to Xero: its department has no Xero mapping.";
  return held.length === 1 ? reason : `${held.length} documents held back. ${reason}`;
}

/** Why a payment push is held: no Xero payments account yet (null: it is set). */
export async function paymentsAccountHold(): Promise<Held | null> {
  return (await AppDefaults.xeroPaymentsAccount()) ? null : { department: null, reason: XERO_PAYMENTS_ACCOUNT_MESSAGES.unset, for: "payments_account" };
}

/** Nominal code save (POST nominal, PUT nominal/{id}). */
export const nominalPush = (actor: string) =>
  queuePushes((s) => [{ target: "nominal", sourceType: "nominal", sourceId: s.id, label: String(s.record.code ?? s.id) }], actor);

/** Tracking category save (POST createtrackingcategory, PUT trackingcategory/{id}). */
export const trackingCategoryPush = (actor: string) =>
  queuePushes((s) => [{ target: "trackingcategories", sourceType: "trackingcategory", sourceId: s.id, label: String(s.record.name ?? s.id) }], actor);

/** Contact save: a customer (CC) or supplier (SP) push by the contact's type. */
export const contactPush = (actor: string) =>
  queuePushes((s) => {
    const r = s.record as Rec;
    const target: PushTarget = r.contact_type === "SP" ? "supplier" : "customer";
    return [{ target, sourceType: "contact", sourceId: s.id, label: String(r.display_name || r.company_name || s.id) }];
  }, actor);

/** Invoice approval: a sales invoice (IN), when the invoice's department is mapped. */
export const invoicePush = (actor: string) =>
  queuePushes(async (s) => {
    const r = s.record as Rec;
    const { held } = await departmentMapping(r.department);
    return [{ target: "salesinvoice", sourceType: "invoice", sourceId: s.id, label: String(r.invoice_number ?? s.id), docCode: "IN", held }];
  }, actor);

/** Credit approval: a sales (CNS, a customer's) or purchase (CNP, a supplier's) credit note (held back when its department is unmapped); a customer's credit of an invoice also its allocation to that invoice. */
export const creditPush = (actor: string) =>
  queuePushes(async (s) => {
    const r = s.record as Rec;
    const { held } = await departmentMapping(r.department);
    const purchase = r.party === "SUPPLIER";
    const label = String(r.credit_note_number ?? s.id);
    return [
      { target: purchase ? "purchasecreditnote" : "salescreditnote", sourceType: "credit", sourceId: s.id, label, docCode: purchase ? "CNP" : "CNS", held },
      // A customer's credit of one of our invoices is allocated to it in Xero (its credited amount), once both are there and approved in Xero.
      ...(!purchase && idOf(r.invoice) ? [{ target: "allocation" as const, sourceType: "allocation", sourceId: s.id, label: `${label} on invoice`, held }] : []),
    ];
  }, actor);

/** Work approval of one job: PO side -> the workshop's purchase invoice; invoice side -> the customer's sales invoice (IN); when the job's department is mapped. */
export const workPush = (side: "po" | "invoice", actor: string) =>
  queuePushes(async (s) => {
    const r = s.record as Rec;
    const { held } = await departmentMapping(r.department);
    const number = side === "po" ? r.workshop_invoice_number : r.customer_invoice_number;
    return [
      side === "po"
        ? { target: "purchaseinvoice", sourceType: "workpo", sourceId: s.id, label: String(number || `Job ${s.id}`), held }
        : { target: "salesinvoice", sourceType: "workinvoice", sourceId: s.id, label: String(number || `Job ${s.id}`), docCode: "IN", held },
    ];
  }, actor);

/** The `part` source's id: a supplier invoice, `<supplier>#<invoice no., compacted>` (its parts' `inv#` list), whichever records hold its parts. */
export const partsSourceId = (i: { supplier: number; invoice: string }) => `${i.supplier}#${i.invoice}`;

/**
 * Part approval (PUT parts/update) of any holder of parts: a job's, a
 * quote's or a part order's, in that holder's unit (`s.record` is the
 * holder as saved). One purchase invoice per supplier invoice approved
 * (core/workshop/part-rules.ts `approvedSupplierInvoices`), when the
 * holder's department is mapped; nothing to write (undefined) when the
 * save approves none.
 */
export const partsPush = (invoices: Array<{ supplier: number; invoice: string }>, actor: string): WriteExtra | undefined =>
  invoices.length
    ? queuePushes(async (s) => {
        const { held } = await departmentMapping((s.record as Rec).department);
        return invoices.map((i) => ({ target: "purchaseinvoice" as const, sourceType: "part", sourceId: partsSourceId(i), label: i.invoice, held }));
      }, actor)
    : undefined;
