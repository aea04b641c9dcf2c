/**
 * The workshop's rules (002 §4 states, locks; §5 job save and job
 * approval; §4 quote readiness), pure: no I/O. The server runs them on
 * every save (core/workshop/jobs.ts) and the screens run the same ones
 * before sending. Messages are the spec's, verbatim; where the spec shows
 * none the wording is ours (docs/workshop.md "Messages we chose").
 */
import { DEFECT_STATUSES, JOB_STATUSES, part, workItem } from "./definitions.js";
import { LOCK_MESSAGES, approvedPartLocks, moneyChanges } from "./part-rules.js";

/** A credit item: its labour cost is below 0 (003 §3). */
export const isCredit = (w: { labour_cost?: unknown }) => {
  const v = w.labour_cost;
  return (v === null || v === undefined || v === "" ? 0 : Number(v)) < 0;
};

/** The job's statuses live on its definition (definitions.ts reads no value of this module, so the two import without a cycle). */
export { DEFECT_STATUSES, JOB_STATUSES };
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The job's state for its lists (docs/data-model.md §7.1 `jstate`). */
export const JOB_STATES = ["ENQUIRY", "DEFECT", "CONVERTED", "APPROVED", "OPEN", "RETURNED", "READY", "COLLECTED"] as const;
export type JobState = (typeof JOB_STATES)[number];

/** The department whose workshop labour is priced at the workshop's LCV rate (002 §9). */
export const LCV_CENTRE = "LCV Centre";

export const MESSAGES = {
  // 002 §5 Job save
  missingFields: (names: string[]) => `The following fields are missing: ${names.join(", ")}`,
  missingField: (name: string) => `${name} is missing`,
  workType: (what: string) => `You must specify a work type for ${what}`,
  partSupplier: (name: string) => `Part ${name} is missing a supplier!`,
  trackingOptions: (what: string) => `You must specify tracking options for ${what}`,
  edited: "It looks like the data has been edited elsewhere - fetching the latest update!",
  // 002 §5 Job approval
  mileage: "You must specify a mileage before approving!",
  partOrdered: (name: string) => `Part ${name} needs to be ordered`,
  workshopDate: "Workshop date is required before approval",
  inspectionDates: "New Completed Date and New Expiry Date are required before approval",
  // 002 §5 Conversions, Part order (defect)
  defectQuoteCustomer: "A customer is required",
  enquiryQuote: "Vehicle and Customer 1 are required",
  defectRequired: "Vehicle and Department are required fields",
  // 002 §8 error catalogue
  statusChange: "Unable to change job status",
  approve: "Unable to approve job",
  // Ours (the spec shows none): docs/workshop.md "Messages we chose".
  defectDescription: "The defect description must be at least 10 characters",
  defectMileage: "Mileage must be a whole number",
  alreadyApproved: "This job has already been approved",
  approveWhen: "Only a job that is Ready For Collection or Collected can be approved",
  notDefectOrEnquiry: "A defect or part enquiry must be turned into a job first",
  statusFrom: (from: string, to: string) => `A job cannot go from ${from.replace(/_/g, " ")} to ${to.replace(/_/g, " ")}`,
  approvedJob: LOCK_MESSAGES.approvedJob,
  defectReadOnly: "A defect can only be turned into a job or a quote",
  enquiryReadOnly: "Only the enquiry details of a part enquiry can be changed",
  invoiceLocked: (what: string) => `${what} has been approved for invoicing and cannot be changed`,
  poLocked: (what: string) => `The supplier tracking option of ${what} cannot be changed: its expense has been approved`,
  movementLocked: (what: string) => `${what} belongs to a movement: its hours, override, completion and work type cannot be changed and it cannot be removed`,
  partApprovedLocked: (name: string) => `The supplier tracking option of part ${name} cannot be changed: the part has been approved`,
  partApprovedRemoved: (name: string) => `Part ${name} has been approved and cannot be removed`,
  deleteApproved: "A job with work or parts approved for invoicing or expenses cannot be deleted",
  addPartLocked: (what: string) => `Parts cannot be added to ${what}`,
  defectWorkLocked: "Work items cannot be added to a defect or part enquiry",
} as const;

type Rec = Record<string, any>;

export const hasValue = (v: unknown) => v !== null && v !== undefined && v !== "";
const idOf = (v: unknown): number | null => (typeof v === "number" ? v : v && typeof v === "object" && typeof (v as Rec).id === "number" ? (v as Rec).id : null);

/** How a work item is named in messages: its description, else 'Work Item n' (n from 1). */
export const workItemName = (w: Rec, index: number) => (hasValue(w.description) ? String(w.description) : `Work Item ${index + 1}`);
/** How a part is named in messages: its name, else 'Unnamed Part'. */
export const partName = (p: Rec) => (hasValue(p.name) ? String(p.name) : "Unnamed Part");

/** A refusal: the first message, and every failing field keyed by its path. */
export type RuleResult = { message: string; errors: Record<string, string> } | null;

function result(errors: Array<[string, string]>, message?: string): RuleResult {
  if (!errors.length) return null;
  return { message: message ?? errors[0][1], errors: Object.fromEntries(errors.reverse()) };
}

/** The job's state for its lists (docs/data-model.md §7.1). */
export function jobState(j: Rec): JobState {
  // A defect or enquiry turned into a quote stays, linked to it (W13).
  if ((j.is_defect || j.is_enquiry) && hasValue(idOf(j.quote))) return "CONVERTED";
  if (j.is_enquiry) return "ENQUIRY";
  if (j.is_defect) return "DEFECT";
  if (j.approved) return "APPROVED";
  switch (j.status) {
    case "RETURNED_FROM_WORKSHOP":
      return "RETURNED";
    case "READY_FOR_COLLECTION":
      return "READY";
    case "COLLECTED":
      return "COLLECTED";
    default:
      return "OPEN";
  }
}

/** The required job fields of 002 §5, in the spec's order, with the names the message gives them. */
export const JOB_REQUIRED: ReadonlyArray<[field: string, name: string]> = [
  ["book_in_date", "Booked In Date"],
  ["department", "Department"],
  ["vehicle", "Vehicle"],
  ["customer", "Customer"],
  ["workshop", "Workshop"],
];

/**
 * 002 §5 Job save (skipped for defects and enquiries): the required fields
 * (one combined message), then a work type on each work item, a supplier
 * on each part, and both tracking options on each part and work item.
 * `work_items[i].parts[k]` as the screen holds them.
 */
export function jobSaveRules(j: Rec, { linesOnly = false }: { linesOnly?: boolean } = {}): RuleResult {
  if (j.is_defect || j.is_enquiry) return null;
  const errors: Array<[string, string]> = [];
  // A save of one work item or part (work/update, parts/update) checks its lines only.
  const missing = linesOnly ? [] : JOB_REQUIRED.filter(([f]) => !hasValue(idOf(j[f]) ?? j[f]));
  if (missing.length) {
    // The combined message (002 §5) names the fields as the job card labels them, not by their
    // internal names ('customer id'); each field is marked with its own name alone (issue 24 item 6).
    for (const [f, n] of missing) errors.push([f, MESSAGES.missingField(n)]);
  }
  const items: Rec[] = j.work_items ?? [];
  items.forEach((w, i) => {
    if (!hasValue(idOf(w.work_type))) errors.push([`work_items.${i}.work_type`, MESSAGES.workType(workItemName(w, i))]);
  });
  items.forEach((w, i) =>
    (w.parts ?? []).forEach((p: Rec, k: number) => {
      if (!hasValue(idOf(p.supplier))) errors.push([`work_items.${i}.parts.${k}.supplier`, MESSAGES.partSupplier(partName(p))]);
    }),
  );
  items.forEach((w, i) => {
    if (!hasTrackingOptions(w)) errors.push([`work_items.${i}.supplier_tracking_option`, MESSAGES.trackingOptions(workItemName(w, i))]);
    (w.parts ?? []).forEach((p: Rec, k: number) => {
      if (!hasTrackingOptions(p)) errors.push([`work_items.${i}.parts.${k}.supplier_tracking_option`, MESSAGES.trackingOptions(`part ${partName(p)}`)]);
    });
  });
  // The combined message leads when any field is missing.
  return result(errors, missing.length ? MESSAGES.missingFields(missing.map(([, n]) => n)) : undefined);
}

export const hasTrackingOptions = (x: Rec) => hasValue(idOf(x.supplier_tracking_option)) && hasValue(idOf(x.customer_tracking_option));

/** A part is ordered (002 §5 Job approval): to be ordered, on backorder, a backorder date, a date ordered, or from stock. */
export const partIsOrdered = (p: Rec) => !!(p.to_be_ordered || p.backorder || hasValue(p.backorder_expected_date) || hasValue(p.date_ordered) || p.from_stock);

/**
 * 002 §5 Job approval and §4 (Approve Job is offered when not approved and
 * the status is READY_FOR_COLLECTION or COLLECTED). `hasInspection`: the
 * job names an inspection of the vehicle to complete.
 */
export function approvalRules(j: Rec): RuleResult {
  const errors: Array<[string, string]> = [];
  if (j.is_defect || j.is_enquiry) errors.push(["status", MESSAGES.notDefectOrEnquiry]);
  else if (j.approved) errors.push(["approved", MESSAGES.alreadyApproved]);
  else if (j.status !== "READY_FOR_COLLECTION" && j.status !== "COLLECTED") errors.push(["status", MESSAGES.approveWhen]);
  if (errors.length) return result(errors);
  if (!hasValue(j.mileage)) errors.push(["mileage", MESSAGES.mileage]);
  (j.work_items ?? []).forEach((w: Rec, i: number) =>
    (w.parts ?? []).forEach((p: Rec, k: number) => {
      if (!partIsOrdered(p)) errors.push([`work_items.${i}.parts.${k}`, MESSAGES.partOrdered(partName(p))]);
    }),
  );
  if (!hasValue(j.workshop_date)) errors.push(["workshop_date", MESSAGES.workshopDate]);
  if (hasValue(idOf(j.inspection?.id ?? j.inspection)) && !(hasValue(j.inspection?.new_completed_date) && hasValue(j.inspection?.new_expiry_date)))
    errors.push(["inspection", MESSAGES.inspectionDates]);
  return result(errors);
}

/** The status moves of 002 §4 (the buttons, and COLLECTED from the Ready For Collection list). */
const MOVES: Record<JobStatus, JobStatus[]> = {
  IN_PROGRESS: ["RETURNED_FROM_WORKSHOP"],
  RETURNED_FROM_WORKSHOP: ["READY_FOR_COLLECTION"],
  READY_FOR_COLLECTION: ["COLLECTED"],
  COLLECTED: [],
};

/** Whether a saved job may go to `to` (002 §4 Job status). */
export function statusChangeRules(j: Rec, to: string): RuleResult {
  const from = (j.status ?? "IN_PROGRESS") as JobStatus;
  if (!j.id) return { message: MESSAGES.statusChange, errors: { status: MESSAGES.statusChange } };
  if (j.is_defect || j.is_enquiry) return { message: MESSAGES.notDefectOrEnquiry, errors: { status: MESSAGES.notDefectOrEnquiry } };
  if (j.approved) return { message: MESSAGES.approvedJob, errors: { status: MESSAGES.approvedJob } };
  if (!(MOVES[from] ?? []).includes(to as JobStatus)) {
    const m = MESSAGES.statusFrom(from, to);
    return { message: m, errors: { status: m } };
  }
  return null;
}

/** Two stored or sent values alike: null, missing and false alike (an unset flag is answered false), key order ignored. */
function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown): string => {
    if (v === undefined || v === null || v === false) return "null";
    if (Array.isArray(v)) return `[${v.map(norm).join(",")}]`;
    if (typeof v === "object") {
      const e = Object.entries(v as Rec).filter(([, x]) => x !== undefined && x !== null).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
      return `{${e.map(([k, x]) => `${JSON.stringify(k)}:${norm(x)}`).join(",")}}`;
    }
    return JSON.stringify(v);
  };
  return norm(a) === norm(b);
}

/** The first field where two lines differ (their meta and nested parts aside), or null. */
function changedField(before: Rec, after: Rec): string | null {
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)]))
    if (k !== "last_saved" && k !== "parts" && !sameValue(before[k], after[k])) return k;
  return null;
}

/**
 * An approved job (docs/workshop.md): its fields and lines can no longer
 * change through the job save (PUT jobs/{id}); comments still may, and a
 * job sent back as it is still saves. `next` is the job as it would be
 * (stored values under what was sent), `sentFields` the job fields sent.
 * The accounts' and Parts Expenses' own saves of its lines are not this
 * rule's: they go through PUT work/update, parts/update.
 */
export function approvedJobRules(stored: Rec, next: Rec, sentFields: string[]): RuleResult {
  if (!stored.approved) return null;
  const refused = (field: string) => ({ message: MESSAGES.approvedJob, errors: { [field]: MESSAGES.approvedJob } });
  for (const k of sentFields) if (!sameValue(stored[k], next[k])) return refused(k);
  const before: Rec[] = stored.work_items ?? [];
  const after: Rec[] = next.work_items ?? [];
  const byId = new Map(before.map((w) => [w.id, w]));
  if (after.length !== before.length) return refused("work_items");
  for (const [i, w] of after.entries()) {
    const old = w.id ? byId.get(w.id) : undefined;
    if (!old) return refused(`work_items.${i}`);
    const f = changedField(old, w);
    if (f) return refused(`work_items.${i}.${f}`);
    const oldParts = new Map(((old.parts ?? []) as Rec[]).map((p) => [p.id, p]));
    const parts: Rec[] = w.parts ?? [];
    if (parts.length !== oldParts.size) return refused(`work_items.${i}.parts`);
    for (const [k, p] of parts.entries()) {
      const op = p.id ? oldParts.get(p.id) : undefined;
      const pf = op ? changedField(op, p) : "id";
      if (pf) return refused(`work_items.${i}.parts.${k}${op ? `.${pf}` : ""}`);
    }
  }
  return null;
}

/**
 * An approved job's money, by every route (issue 22 finding 5; docs/workshop.md
 * "Approved job cards and completed part orders"): no work item or part
 * added or removed, and no money field (flagged `lockedMoney` on the work
 * item and part definitions: `workItem.lockedMoney`, `part.lockedMoney`) changed. What the job's saves other than PUT
 * jobs/{id} run (parts approval and edits, part removal, movements, work
 * and part saves by id), so Accounts' non-money fields still go.
 */
export function approvedJobMoneyRules(stored: Rec, next: Rec): RuleResult {
  if (!stored.approved) return null;
  const refused = (field: string) => ({ message: MESSAGES.approvedJob, errors: { [field]: MESSAGES.approvedJob } });
  const before: Rec[] = stored.work_items ?? [];
  const after: Rec[] = next.work_items ?? [];
  const afterById = new Map(after.filter((w) => w.id).map((w) => [w.id, w]));
  for (const [i, w] of after.entries()) if (!w.id || !before.some((o) => o.id === w.id)) return refused(`work_items.${i}`);
  for (const old of before) {
    const now = afterById.get(old.id);
    const i = now ? after.indexOf(now) : before.indexOf(old);
    if (!now) return refused(`work_items.${i}`);
    const f = moneyChanges(old, now, workItem.lockedMoney)[0];
    if (f) return refused(`work_items.${i}.${f}`);
    if (now.parts === undefined) continue;
    const oldParts: Rec[] = old.parts ?? [];
    const newParts: Rec[] = now.parts ?? [];
    if (newParts.length !== oldParts.length) return refused(`work_items.${i}.parts`);
    for (const [k, p] of newParts.entries()) {
      const op = p.id ? oldParts.find((x) => x.id === p.id) : undefined;
      if (!op) return refused(`work_items.${i}.parts.${k}`);
      const pf = moneyChanges(op, p, part.lockedMoney.filter((x) => x !== "work"))[0];
      if (pf) return refused(`work_items.${i}.parts.${k}.${pf}`);
    }
  }
  return null;
}

/**
 * The lines of an approved job as they will be written: each stored line's
 * money fields kept as stored (never priced again from today's rates), the
 * rest as the save made them. Run after pricing, once `approvedJobMoneyRules`
 * has passed.
 */
export function withStoredMoney(stored: Rec, items: Rec[]): Rec[] {
  if (!stored.approved) return items;
  const byId = new Map<number, Rec>((stored.work_items ?? []).map((w: Rec) => [w.id, w]));
  const keep = (old: Rec | undefined, now: Rec, fields: readonly string[]) => {
    if (!old) return now;
    const out = { ...now };
    for (const f of fields) if (f in old || f in out) out[f] = old[f] ?? null;
    return out;
  };
  return items.map((w) => {
    const old = byId.get(w.id);
    const parts = ((w.parts ?? []) as Rec[]).map((p) => keep(((old?.parts ?? []) as Rec[]).find((x) => x.id === p.id), p, part.lockedMoney.filter((x) => x !== "work")));
    return { ...keep(old, w, workItem.lockedMoney), parts };
  });
}

/** What the screen does after Ready For Collection (002 §4): the instructions and change-key modals. */
export function afterReadyForCollection(customers: Array<Rec | null | undefined>, vehicle: Rec | null | undefined) {
  return {
    workshop_instructions: customers.filter((c) => c?.workshop_instructions?.on_completion && hasValue(c.workshop_instructions.text)).map((c) => c!.workshop_instructions.text as string),
    change_key: !!vehicle && !hasValue(idOf(vehicle.key)),
  };
}


/**
 * What lockRules holds a job's lines to, from their definitions
 * (definitions.ts `LINE_LOCKS`): the work item's server-set fields (never
 * compared: the server keeps them), the item fields an approval for
 * invoicing locks and the part fields a part's approval locks (the fields
 * flagged `lockedWhenApproved`), and the item fields a movement locks (002
 * §4, flagged `lockedInMovement`). Passed in: definitions.ts imports this module.
 */
export type LineLocks = { serverFields: readonly string[]; work: readonly string[]; part: readonly string[]; movement: readonly string[] };

// An unset flag and false are alike: every answer carries unset flags as false (docs/workshop.md "Lines answer every field").
const flat = (v: unknown) => JSON.stringify(idOf(v) ?? (v === false ? null : v) ?? null);
const same = (a: unknown, b: unknown) => flat(a) === flat(b);

/**
 * 002 §4 Work item and part locks, comparing each stored work item and part
 * with the one sent (matched by id): invoice_approved locks the item's
 * fields and parts, po_approved its supplier tracking option, a movement
 * its hours, override, completion and work type (and its removal), an
 * approved part its supplier tracking option. New items and parts are
 * checked by `addRules`.
 */
export function lockRules(stored: Rec[], sent: Rec[], locks: LineLocks): RuleResult {
  const errors: Array<[string, string]> = [];
  const sentById = new Map(sent.filter((w) => w.id).map((w) => [w.id, w]));
  stored.forEach((old, i) => {
    const name = workItemName(old, i);
    const now = sentById.get(old.id);
    if (!now) {
      if (old.invoice_approved || old.po_approved) errors.push([`work_items.${i}`, MESSAGES.invoiceLocked(name)]);
      else if (hasValue(old.movement)) errors.push([`work_items.${i}`, MESSAGES.movementLocked(name)]);
      else if ((old.parts ?? []).some((p: Rec) => p.approved)) errors.push([`work_items.${i}`, MESSAGES.partApprovedRemoved(partName((old.parts as Rec[]).find((p) => p.approved)!))]);
      return;
    }
    const j = sent.indexOf(now);
    if (old.invoice_approved) {
      for (const k of locks.work) if (k in now && !locks.serverFields.includes(k) && !same(now[k], old[k])) errors.push([`work_items.${j}.${k}`, MESSAGES.invoiceLocked(name)]);
      if (partsChanged(old.parts ?? [], now.parts ?? [])) errors.push([`work_items.${j}.parts`, MESSAGES.invoiceLocked(name)]);
    }
    if (old.po_approved && !same(now.supplier_tracking_option, old.supplier_tracking_option))
      errors.push([`work_items.${j}.supplier_tracking_option`, MESSAGES.poLocked(name)]);
    if (hasValue(old.movement))
      for (const f of locks.movement) if (f in now && !same(now[f], old[f])) errors.push([`work_items.${j}.${f}`, MESSAGES.movementLocked(name)]);
    const sentParts = new Map((now.parts ?? []).filter((p: Rec) => p.id).map((p: Rec) => [p.id, p]));
    (old.parts ?? []).forEach((op: Rec) => {
      const np = sentParts.get(op.id) as Rec | undefined;
      if (op.approved && !np) errors.push([`work_items.${j}.parts`, MESSAGES.partApprovedRemoved(partName(op))]);
      // 002 §4 the supplier tracking option, 002 §5 the nominal code: what the part's approval locks (`lockedWhenApproved`).
      if (np) for (const [f, m] of Object.entries(approvedPartLocks(op, np, locks.part))) errors.push([`work_items.${j}.parts.${(now.parts as Rec[]).indexOf(np)}.${f}`, m]);
    });
  });
  return result(errors);
}

const PART_COMPARED = ["name", "part_number", "supplier", "cost", "customer_cost", "estimated_cost", "estimated_customer_cost", "cost_override"];
function partsChanged(a: Rec[], b: Rec[]) {
  if (a.length !== b.length) return true;
  const byId = new Map(a.map((p) => [p.id, p]));
  return b.some((p) => !byId.has(p.id) || PART_COMPARED.some((f) => f in p && !same(p[f], byId.get(p.id)![f])));
}

/**
 * 002 §4: Add Part is disabled when the item belongs to a quote and was
 * not added after it, is invoiced, is linked to a movement, or has
 * neither tracking option; Add Work Item when the job is a defect or
 * enquiry. The server refuses the same additions.
 */
export function addRules(job: Rec, stored: Rec[], sent: Rec[]): RuleResult {
  const errors: Array<[string, string]> = [];
  const storedById = new Map(stored.map((w) => [w.id, w]));
  sent.forEach((w, i) => {
    const old = w.id ? storedById.get(w.id) : undefined;
    if (!old) {
      if (job.is_defect || job.is_enquiry) errors.push([`work_items.${i}`, MESSAGES.defectWorkLocked]);
      return;
    }
    const oldParts = new Set((old.parts ?? []).map((p: Rec) => p.id));
    const added = (w.parts ?? []).some((p: Rec) => !p.id || !oldParts.has(p.id));
    if (!added) return;
    const quoteItem = hasValue(old.quote) && !old.added_after_quote;
    const noTracking = !hasValue(idOf(old.supplier_tracking_option)) && !hasValue(idOf(old.customer_tracking_option));
    if (quoteItem || old.invoice_approved || hasValue(old.movement) || noTracking) errors.push([`work_items.${i}.parts`, MESSAGES.addPartLocked(workItemName(old, i))]);
  });
  return result(errors);
}

/** Enquiry details: the only fields a part enquiry lets through (002 §4). */
export const ENQUIRY_FIELDS = ["enquiry_registration", "enquiry_make", "enquiry_model", "enquiry_description"] as const;
/** What a defect lets through besides Turn Into Job: where the van is and whether it can be driven. */
export const DEFECT_FIELDS = ["defect_status", "location_of_van"] as const;
/** Fields every save may send (bookkeeping and the lines with their own checks). */
const ALWAYS = new Set(["last_saved", "id", "comments_list", "is_defect", "is_enquiry"]);

/**
 * A defect job is read-only but for Turn Into Job (and where the van is);
 * an enquiry job lets only its enquiry details change (002 §4). `stored`
 * the job as saved, `sent` the body. Turning into a job (the flag sent
 * false) lifts the lock for that save.
 */
export function readOnlyRules(stored: Rec, sent: Rec): RuleResult {
  const turning = (stored.is_defect && sent.is_defect === false) || (stored.is_enquiry && sent.is_enquiry === false);
  if (turning || !(stored.is_defect || stored.is_enquiry)) return null;
  const allowed = new Set<string>(stored.is_defect ? DEFECT_FIELDS : ENQUIRY_FIELDS);
  const message = stored.is_defect ? MESSAGES.defectReadOnly : MESSAGES.enquiryReadOnly;
  for (const [k, v] of Object.entries(sent)) {
    if (ALWAYS.has(k) || allowed.has(k)) continue;
    if (k === "work_items") {
      if (JSON.stringify(stripLines(v as Rec[])) !== JSON.stringify(stripLines(stored.work_items ?? []))) return { message, errors: { work_items: message } };
      continue;
    }
    if (!same(v, stored[k]) && !(isEmpty(v) && isEmpty(stored[k]))) return { message, errors: { [k]: message } };
  }
  return null;
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === "" || v === false;
function stripLines(items: Rec[] | undefined) {
  return (items ?? []).map((w) => ({ id: w.id ?? null, parts: (w.parts ?? []).map((p: Rec) => p.id ?? null) }));
}

/**
 * 002 §4 Quote: a work item is ready for invoicing only when it has a
 * work type, a job and job_approved; a free-of-charge type needing
 * approval has it received; a chargeable (not free) type has a workshop
 * invoice number; and every part has an invoice number, is from stock, on
 * backorder or has a backorder date.
 */
export function readyForInvoicing(item: Rec): boolean {
  const type = item.work_type && typeof item.work_type === "object" ? item.work_type : null;
  if (!hasValue(idOf(item.work_type)) || !hasValue(idOf(item.job)) || !item.job_approved) return false;
  if (type?.free_of_charge && type?.approval_needed && !item.approval_received) return false;
  if (!type?.free_of_charge && !hasValue(item.job_workshop_invoice_number)) return false;
  return (item.parts ?? []).every((p: Rec) => hasValue(p.part_invoice_number) || p.from_stock || p.backorder || hasValue(p.backorder_expected_date));
}

/** Defect creation (002 §5 Part order list, Defect). */
export function defectRules(d: Rec): RuleResult {
  const errors: Array<[string, string]> = [];
  if (!hasValue(idOf(d.vehicle)) || !hasValue(idOf(d.department))) {
    if (!hasValue(idOf(d.vehicle))) errors.push(["vehicle", MESSAGES.defectRequired]);
    if (!hasValue(idOf(d.department))) errors.push(["department", MESSAGES.defectRequired]);
  }
  if (String(d.defect_description ?? "").trim().length < 10) errors.push(["defect_description", MESSAGES.defectDescription]);
  if (hasValue(d.mileage) && !/^\d+$/.test(String(d.mileage).trim())) errors.push(["mileage", MESSAGES.defectMileage]);
  return result(errors);
}

/** 002 §5 mileage warning: the vehicle model has a mileage limit and the job's mileage is at or above it. */
export function mileageWarning(mileage: unknown, mileageLimit: unknown): boolean {
  return hasValue(mileage) && hasValue(mileageLimit) && Number(mileageLimit) > 0 && Number(mileage) >= Number(mileageLimit);
}

/** 002 §4: removing customer 2 sets every work item to not chargeable. */
export function withoutCustomer2Charges<T extends Rec>(items: T[], customer2: unknown): T[] {
  if (hasValue(idOf(customer2))) return items;
  return items.map((w) => ({ ...w, chargeable: false }));
}

/** Jobs list W: a job's workshop tabs (docs/data-model.md §7.1). */
export function workshopTabs(j: Rec, tabWorkshops: ReadonlySet<number>): string[] {
  const out = ["all"];
  const ws = idOf(j.workshop);
  out.push(ws !== null && tabWorkshops.has(ws) ? `w${ws}` : "ext");
  if (hasValue(idOf(j.quote))) out.push("quote");
  return out;
}
