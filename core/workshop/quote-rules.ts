import { MESSAGES as WORKSHOP_MESSAGES, readyForInvoicing } from "./rules.js";

/**
 * The quote's rules (002 §4 Quote, §5 Quote pre-save and Quote specifics),
 * pure: the server enforces them on every save and call, and the quote
 * editor imports them to show the same messages before sending.
 */

/** 002 §4: the quote type values. */
export const QUOTE_TYPES = ["NONE", "OFF HIRE", "INSURANCE CLAIM", "CUSTOMER VEHICLE", "OUT ON HIRE", "SALES", "WORK COMPLETE"] as const;
export type QuoteType = (typeof QUOTE_TYPES)[number];

/**
 * Where a quote stands (docs/data-model.md §7.1 Quote, W9): approved for
 * invoicing; else with job cards (ACTIVE); else priced (QUOTE); else to be
 * priced. Each quote is in exactly one of them.
 */
export const QUOTE_STATES = ["TOBEPRICED", "QUOTE", "ACTIVE", "APPROVED"] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

/** The list views of 002 §2 Quotes list and the state each lists (ALL: every quote). */
export const QUOTE_VIEWS = { active: "ACTIVE", to_be_priced: "TOBEPRICED", quotes: "QUOTE", approved: "APPROVED", all: "ALL" } as const;
export type QuoteView = keyof typeof QUOTE_VIEWS;
/** 002 §9: the quotes list opens on Active. */
export const DEFAULT_QUOTE_VIEW: QuoteView = "active";

export const QUOTE_MESSAGES = {
  // 002 §5 Quote pre-save
  department: "You must specify a Department",
  vehicle: "You must specify a vehicle",
  customer: "You must specify a customer",
  partSupplier: (name: string | null | undefined) => `Part ${name?.trim() ? name.trim() : "Unnamed Part"} is missing a supplier!`,
  workType: (description: string | null | undefined, n: number) => `You must specify a work type for ${description?.trim() ? description.trim() : `Work Item ${n}`}`,
  // "Provisional start date and description are required fields" (002 §5): the wording is ours.
  provisionalStartDate: "You must specify a Provisional Start Date",
  description: "You must specify a Quote Description",
  missingDataTitle: "Missing Data",
  missingWorkTypeTitle: "Missing Work Type",
  // 002 §5 Quote specifics
  createJobRequired: "You must specify a Workshop, Book In Date and Start Date",
  createJobNoItems: "Select at least one work item without a job card",
  itemsAlreadyOnJob: "These items already have a job card",
  partLinked: "This Part is linked to a Job Card. You must delete the Part on the Job Card first!",
  itemLinked: "This item is linked to a job card. You must delete the work item on the job card first!",
  zeroEstimate: "WARNING: One or more items has been estimated to have a cost/charge of £0. Please double check and confirm before approving!",
  associatedWithQuote: "This item is associated with a Quote!",
  doesNotMatchQuote: "This work item doesn't match the quote!",
  noJobCard: "No Job Card has been created for this item!",
  // 002 §8
  cannotApproveTitle: "Cannot Approve For Invoicing",
  notReadyHeading: "The following items are not ready for invoicing:",
  noItemsToApprove: "The quote has no work items to approve for invoicing",
  alreadyApproved: "This quote is already approved for invoicing",
  editedElsewhere: "It looks like the data has been edited elsewhere - fetching the latest update!",
  finalizeFailed: "Unable to finalize Quote",
  approveFailed: "Unable to approve Quote",
  pricedFailed: "There was an error setting that quote as priced",
  // 002 §5 Conversions
  defectNeedsCustomer: WORKSHOP_MESSAGES.defectQuoteCustomer,
  enquiryNeedsVehicleAndCustomer: WORKSHOP_MESSAGES.enquiryQuote,
  approvedLocked: "This quote is approved for invoicing and can no longer be changed",
  // 002 §2 Quote editor: the screen's locks, held by the server too (wording ours).
  vehicleLocked: "The vehicle of a saved quote cannot be changed",
  customerLocked: "Customer cannot be changed once the Customer 1 Invoice Number is set",
  customer2Locked: "Customer 2 cannot be changed once the Customer 2 Invoice Number is set",
} as const;

type Row = Record<string, any>;

/** A refusal: the message, the screen's title and the field errors of a 400. */
export type QuoteRefusal = { message: string; title: string; errors: Record<string, string> };

/**
 * 002 §5 Quote pre-save, in the screen's order: department, vehicle,
 * customer, every part's supplier, every item's work type; then the
 * required provisional start date and description. The first broken rule
 * is the answer (the screen shows one warning at a time).
 */
export function quotePreSave(q: Row): QuoteRefusal | null {
  const missing = (message: string, field: string, title: string = QUOTE_MESSAGES.missingDataTitle): QuoteRefusal => ({ message, title, errors: { [field]: message } });
  if (!q.department) return missing(QUOTE_MESSAGES.department, "department");
  if (!q.vehicle) return missing(QUOTE_MESSAGES.vehicle, "vehicle");
  if (!q.customer) return missing(QUOTE_MESSAGES.customer, "customer");
  const items = (q.estimated_work_items ?? []) as Row[];
  for (const [i, item] of items.entries())
    for (const [j, p] of ((item.parts ?? []) as Row[]).entries())
      if (!p.supplier) return missing(QUOTE_MESSAGES.partSupplier(p.name), `estimated_work_items.${i}.parts.${j}.supplier`);
  for (const [i, item] of items.entries())
    if (!item.work_type) return missing(QUOTE_MESSAGES.workType(item.description, i + 1), `estimated_work_items.${i}.work_type`, QUOTE_MESSAGES.missingWorkTypeTitle);
  if (!q.provisional_start_date) return missing(QUOTE_MESSAGES.provisionalStartDate, "provisional_start_date");
  if (!String(q.description ?? "").trim()) return missing(QUOTE_MESSAGES.description, "description");
  return null;
}

/** 002 §4 Quote: where the quote stands, from its own fields and items. */
export function quoteState(q: Row): QuoteState {
  if (q.approved) return "APPROVED";
  if (((q.estimated_work_items ?? []) as Row[]).some((i) => i.job)) return "ACTIVE";
  if (q.priced) return "QUOTE";
  return "TOBEPRICED";
}

/** A work type as an item carries it (id only, or the record with its flags). */
export type WorkTypeFlags = { free_of_charge?: boolean | null; approval_needed?: boolean | null } | null | undefined;

/**
 * 002 §4 Quote: an item is ready for invoicing only when it has a work
 * type, a job card and that job is approved; a free-of-charge type that
 * needs approval has had it received; a chargeable type has the workshop's
 * invoice number; every part has an invoice number, is from stock, is on
 * backorder or has a backorder date. `item` carries its mirrors from the
 * job (job_approved, approval_received, job_workshop_invoice_number).
 * The rule itself is the workshop's (rules.ts readyForInvoicing), shared
 * with the job card.
 */
export function itemReadyForInvoicing(item: Row, workType: WorkTypeFlags): boolean {
  // A work type that no longer exists leaves the item not ready.
  if (!workType) return false;
  return readyForInvoicing({ ...item, work_type: { ...workType, id: idOf(item.work_type) } });
}

/** The item's name in messages: its description, else "Work Item n". */
export function itemName(item: Row, index: number): string {
  return String(item.description ?? "").trim() || `Work Item ${index + 1}`;
}

/**
 * Approve for invoicing (002 §4, §8): refused unless every item is ready,
 * answering the not-ready items' descriptions under 'Cannot Approve For
 * Invoicing'. A quote without items has nothing to approve.
 */
export function approvalRefusal(items: Row[], workTypeOf: (item: Row) => WorkTypeFlags): QuoteRefusal | null {
  if (!items.length) return { message: QUOTE_MESSAGES.cannotApproveTitle, title: QUOTE_MESSAGES.cannotApproveTitle, errors: { estimated_work_items: QUOTE_MESSAGES.noItemsToApprove } };
  const notReady = items.map((item, i) => ({ item, i })).filter(({ item }) => !itemReadyForInvoicing(item, workTypeOf(item)));
  if (!notReady.length) return null;
  const errors: Record<string, string> = {
    estimated_work_items: `${QUOTE_MESSAGES.notReadyHeading} ${notReady.map(({ item, i }) => itemName(item, i)).join(", ")}`,
  };
  for (const { item, i } of notReady) errors[`estimated_work_items.${i}`] = itemName(item, i);
  return { message: QUOTE_MESSAGES.cannotApproveTitle, title: QUOTE_MESSAGES.cannotApproveTitle, errors };
}

const isZero = (v: unknown) => v === null || v === undefined || v === "" || Number(v) === 0;

/**
 * 002 §5: the finalize modal warns when any estimated labour cost or
 * charge, or any part's estimated cost or charge, is £0.
 */
export function hasZeroEstimate(items: Row[]): boolean {
  return items.some(
    (i) =>
      isZero(i.estimated_labour_cost) ||
      isZero(i.estimated_customer_labour_cost) ||
      ((i.parts ?? []) as Row[]).some((p) => isZero(p.estimated_cost) || isZero(p.estimated_customer_cost)),
  );
}

/** Border colour of a quote's work item card (002 §2). */
export type CardColour = "green" | "amber" | "red" | null;

/**
 * Green when ready for invoicing; red when linked to a job that does not
 * match the estimate; amber when linked to a job; none otherwise. Ready
 * comes first: an item ready to invoice is settled whatever the estimate.
 */
export function cardColour(item: Row, ready: boolean): CardColour {
  if (!item.job) return null;
  if (ready) return "green";
  if (item.estimate_matches_job === false) return "red";
  return "amber";
}

/** Row colour on the quotes list (002 §2 Quotes list). */
export type RowColour = "green" | "red" | "orange" | null;

export function rowColour(summary: { ready_for_approval: boolean; has_finished_and_not_started_jobs: boolean; has_jobs: boolean }): RowColour {
  if (summary.ready_for_approval) return "green";
  if (summary.has_finished_and_not_started_jobs) return "red";
  if (summary.has_jobs) return "orange";
  return null;
}

/** Where a linked job is, for the list fields (docs/workshop.md "Quotes"). */
export type JobPhase = "not_started" | "started" | "finished";

/**
 * A job is finished once back from the workshop (RETURNED_FROM_WORKSHOP,
 * READY_FOR_COLLECTION, COLLECTED) or approved; started when IN_PROGRESS
 * with a workshop date on or before today; otherwise not started.
 */
export function jobPhase(job: Row, today: string): JobPhase {
  if (job.approved || ["RETURNED_FROM_WORKSHOP", "READY_FOR_COLLECTION", "COLLECTED"].includes(job.status)) return "finished";
  if (job.workshop_date && job.workshop_date <= today) return "started";
  return "not_started";
}

/** The list-only fields of 002 §3 Quote. */
export type QuoteSummary = {
  earliest_workshop_date: string | null;
  not_started_work_items: number;
  has_jobs: boolean;
  ready_for_approval: boolean;
  has_finished_and_not_started_jobs: boolean;
  has_started_job: boolean;
};

/**
 * The list-only fields from the quote's items (with their readiness) and
 * the jobs they are linked to: the earliest workshop date of those jobs;
 * how many items are not started (no job card, or its job not started);
 * whether it has jobs, any started, finished ones and none started; ready
 * for approval when it has items, every one ready, and it is not approved.
 */
export function quoteSummary(q: Row, items: Array<Row & { ready_for_invoicing: boolean }>, jobs: Row[], today: string): QuoteSummary {
  const phases = new Map(jobs.map((j) => [j.id, jobPhase(j, today)]));
  const dates = jobs.map((j) => j.workshop_date).filter((d): d is string => typeof d === "string" && !!d).sort();
  const all = [...phases.values()];
  return {
    earliest_workshop_date: dates[0] ?? null,
    not_started_work_items: items.filter((i) => !i.job || (phases.get(i.job) ?? "not_started") === "not_started").length,
    has_jobs: items.some((i) => i.job),
    ready_for_approval: !q.approved && items.length > 0 && items.every((i) => i.ready_for_invoicing),
    has_finished_and_not_started_jobs: all.includes("finished") && !all.includes("started"),
    has_started_job: all.includes("started"),
  };
}

/**
 * PUT quotes/{id} (002 §2 Quote editor, §6): an approved quote can no
 * longer be changed; the vehicle is fixed once the quote exists; each
 * customer once its invoice number is set. `stored` the quote as saved,
 * `sent` the body (fields it leaves out keep their values). The
 * server's own updates (createquotejob, parts approval, finalize,
 * approve) are not client saves and do not pass here.
 */
export function quoteLockRefusal(stored: Row, sent: Row): QuoteRefusal | null {
  // 002 §8: a failed quote save's title.
  const title = QUOTE_MESSAGES.approveFailed;
  if (stored.approved) return { title, message: QUOTE_MESSAGES.approvedLocked, errors: { approved: QUOTE_MESSAGES.approvedLocked } };
  const changed = (f: string) => f in sent && idOf(stored[f]) !== null && idOf(sent[f]) !== idOf(stored[f]);
  if (changed("vehicle")) return { title, message: QUOTE_MESSAGES.vehicleLocked, errors: { vehicle: QUOTE_MESSAGES.vehicleLocked } };
  if (stored.customer_invoice_number && changed("customer")) return { title, message: QUOTE_MESSAGES.customerLocked, errors: { customer: QUOTE_MESSAGES.customerLocked } };
  if (stored.customer2_invoice_number && changed("customer2")) return { title, message: QUOTE_MESSAGES.customer2Locked, errors: { customer2: QUOTE_MESSAGES.customer2Locked } };
  return null;
}

/**
 * 002 §5 Quote specifics: items and parts linked to a job card cannot be
 * removed from the quote. `stored` is the quote as saved, `sent` the
 * items sent (each stored item is matched by id; a stored part by its id
 * within the sent item). The first removal refused is the answer.
 */
export function removalRefusal(stored: Row[], sent: Row[]): QuoteRefusal | null {
  const sentById = new Map(sent.filter((i) => i.id != null).map((i) => [Number(i.id), i]));
  for (const item of stored) {
    const kept = sentById.get(item.id);
    if (!kept) {
      if (item.job || item.work) return { message: QUOTE_MESSAGES.itemLinked, title: QUOTE_MESSAGES.missingDataTitle, errors: { estimated_work_items: QUOTE_MESSAGES.itemLinked } };
      continue;
    }
    // A collection of parts left out of a sent item keeps its parts.
    if (kept.parts === undefined) continue;
    const partIds = new Set(((kept.parts ?? []) as Row[]).filter((p) => p.id != null).map((p) => Number(p.id)));
    for (const p of (item.parts ?? []) as Row[])
      if (p.part && !partIds.has(p.id)) return { message: QUOTE_MESSAGES.partLinked, title: QUOTE_MESSAGES.missingDataTitle, errors: { estimated_work_items: QUOTE_MESSAGES.partLinked } };
  }
  return null;
}

/** 002 §4 Cost toggles: removing Customer 2 makes every item not chargeable. */
export function withoutCustomer2(items: Row[]): Row[] {
  return items.map((i) => ({ ...i, chargeable: false }));
}

/** 002 §4: a new quote item is chargeable (to Customer 2) when the quote has a Customer 2. */
export function newItemChargeable(q: Row): boolean {
  return !!q.customer2;
}

/** The customer an item is billed to: Customer 2 when chargeable, else Customer 1 (002 §3). */
export function billedCustomerOf(q: Row, item: Row): number | null {
  return (item.chargeable && q.customer2 ? q.customer2 : q.customer) ?? null;
}

/** 002 §5 Quote specifics: create-job needs a workshop, book-in date and start date. */
export function createJobRefusal(body: { workshop?: unknown; bookInDate?: unknown; startDate?: unknown }): QuoteRefusal | null {
  if (!body.workshop || !body.bookInDate || !body.startDate)
    return {
      message: QUOTE_MESSAGES.createJobRequired,
      title: QUOTE_MESSAGES.missingDataTitle,
      errors: Object.fromEntries(
        (["workshop", "bookInDate", "startDate"] as const).filter((f) => !body[f]).map((f) => [f, QUOTE_MESSAGES.createJobRequired]),
      ),
    };
  return null;
}

/** 002 §5 Conversions: a defect becomes a quote only with at least one customer. */
export function defectQuoteRefusal(body: { customer?: unknown; customer2?: unknown }): QuoteRefusal | null {
  if (!body.customer && !body.customer2) return { message: QUOTE_MESSAGES.defectNeedsCustomer, title: QUOTE_MESSAGES.missingDataTitle, errors: { customer: QUOTE_MESSAGES.defectNeedsCustomer } };
  return null;
}

/** 002 §5 Conversions: an enquiry becomes a quote only with a vehicle and customer 1. */
export function enquiryQuoteRefusal(body: { vehicle?: unknown; customer?: unknown }): QuoteRefusal | null {
  if (!body.vehicle || !body.customer)
    return {
      message: QUOTE_MESSAGES.enquiryNeedsVehicleAndCustomer,
      title: QUOTE_MESSAGES.missingDataTitle,
      errors: Object.fromEntries((["vehicle", "customer"] as const).filter((f) => !body[f]).map((f) => [f, QUOTE_MESSAGES.enquiryNeedsVehicleAndCustomer])),
    };
  return null;
}

/** A reference as an id, whether stored (an id) or answered (an object with its id). */
export function idOf(v: unknown): number | null {
  if (v && typeof v === "object" && "id" in (v)) return Number((v).id) || null;
  return typeof v === "number" ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : null;
}
