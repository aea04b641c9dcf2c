/**
 * The workshop records as the API answers them, inferred from their
 * definitions (issue 23: one definition per field). Pure, types only: the
 * web's job, work item, part, quote and quote item row and form types come
 * from here, never a hand-written field list.
 */
import type { Brief, ContactBrief, ExtrasOf, FormOf, NamedBrief, RowOf } from "../platform/definition.js";
import type { VehicleBrief } from "../fleet/types.js";
import type { ContactRecord } from "../contacts/types.js";
import type { job, part, workItem } from "./definitions.js";
import type { estimatedItemExtras, estimatedWorkItem, quote, quoteExtras } from "./quote-definitions.js";
import type { movement, movementExtras, MovementView } from "./movement-definitions.js";
import type { partOrder } from "./partorder-definitions.js";
import type { partLookup, workLookup } from "./lookup-definitions.js";
import type { PartOrigin } from "./part-rules.js";

type Refs = Partial<Record<string, unknown>>;
type None = Record<never, never>;

/** A job card as answered; `R` says what the answer carries for a reference a screen reads more of. */
export type JobRecord<R extends Refs = None> = RowOf<typeof job, R>;
export type JobForm = FormOf<typeof job>;
export type WorkItemRecord<R extends Refs = None> = RowOf<typeof workItem, R>;
export type WorkItemForm = FormOf<typeof workItem>;
export type PartRecord<R extends Refs = None> = RowOf<typeof part, R>;
export type PartForm = FormOf<typeof part>;
export type QuoteRecord<R extends Refs = None> = RowOf<typeof quote, R>;
export type QuoteForm = FormOf<typeof quote>;
/** A quote's item (its estimated work item). */
export type QuoteItemRecord<R extends Refs = None> = RowOf<typeof estimatedWorkItem, R>;
export type QuoteItemForm = FormOf<typeof estimatedWorkItem>;

/** How a job's and a quote's answer carries its references (core/workshop/job.ts, quotes.ts). */
type Answered = { vehicle: VehicleBrief | null; customer: ContactBrief | null; customer2: ContactBrief | null; department: NamedBrief | null };
/**
 * A quote as its list and page answer it: the references in brief and the
 * answer-only extras the list flattens beside them (the enquiry's
 * registration, make and model; the list's counts and latest comment).
 */
export type QuoteAnswer<R extends Refs = None> = QuoteRecord<Answered & R> &
  ExtrasOf<typeof quoteExtras> & {
    registration?: string | null;
    make?: NamedBrief | string | null;
    model?: NamedBrief | string | null;
    comments?: string | null;
    approving_user?: unknown;
  };
/** A quote's item as the answer carries it: its fields and its answer-only extras (the job it made, its colour). */
export type QuoteItemAnswer<R extends Refs = None> = QuoteItemRecord<R> & ExtrasOf<typeof estimatedItemExtras>;

/** A contact as a job's answer carries it (core/workshop/job.ts `CONTACT_BRIEF`): those fields of the contact definition. */
export type JobContactBrief = Brief<{
  [K in "display_name" | "address_line1" | "town" | "postcode" | "company_phone" | "email" | "company_email" | "workshop_instructions" | "labour_rate_markup" | "parts_markup" | "supplier_labour_charge" | "lcv_rate" | "labour_rate_affected_by_customer_markup" | "stock_kept_at_supplier" | "contact_type"]: NonNullable<ContactRecord[K]>;
}>;
/** A work item as the job's answer carries it: its work type and its parts' suppliers in brief. */
export type WorkItemAnswer<R extends Refs = None> = WorkItemRecord<{ work_type: Brief<{ name: string; approval_needed: boolean; special_labour_rate: number; free_of_charge: boolean }> | null } & R> & {
  parts: Array<PartRecord<{ supplier: ContactBrief | null }>>;
};
/**
 * A job card as its page and list answer it (core/workshop/job.ts): the
 * references in brief, its work items, and the answer-only extras the list
 * flattens beside them (registration, make, model, latest comment).
 */
export type JobAnswer<R extends Refs = None> = JobRecord<
  {
    vehicle: (VehicleBrief & { key?: Brief<{ key_number: string }> | null }) | null;
    customer: JobContactBrief | null;
    customer2: JobContactBrief | null;
    workshop: JobContactBrief | null;
    department: NamedBrief | null;
    fitter: NamedBrief | null;
  } & R
> & {
  work_items?: WorkItemAnswer[];
  registration?: string | null;
  make?: NamedBrief | string | null;
  model?: NamedBrief | string | null;
  latest_comment?: string | null;
};

/** A figure as a screen's form holds it: a number once it parses, its text while it is typed (the NumberField). */
export type Typed<R> = { [K in keyof R]: R[K] extends number | null ? R[K] | string : R[K] };
/** A supplier as a part line carries it (a contact's brief; a lookup's may name it). */
export type SupplierBrief = Brief<{ display_name: string; name: string }>;
/** A work type as a work item carries it. */
export type WorkTypeBrief = Brief<{ name: string; approval_needed: boolean; special_labour_rate: number; free_of_charge: boolean }>;
/**
 * A part line as a screen holds it (the job card, the quote editor, a part
 * order), inferred from the part definition: its fields as answered, the
 * figures as typed, a new one without an id yet; its key made on screen.
 * A field the screen keeps of its own (a quote's, an order's) is read as unknown.
 */
export type PartLineRow = Partial<Typed<Omit<PartRecord<{ supplier: SupplierBrief | null; created_from_lookup: number | null }>, "id" | "last_saved" | "key" | "name">>> & {
  id?: number;
  last_saved?: string;
  key: string;
  name: string | null;
} & { [field: string]: unknown };
/** A work item as the job card holds it, inferred from the work item definition: as `PartLineRow`, with its parts. */
export type WorkItemRow = Partial<Typed<Omit<WorkItemRecord<{ work_type: WorkTypeBrief | number | null }>, "id" | "last_saved" | "key">>> & {
  id?: number;
  last_saved?: string;
  key: string;
  parts: PartLineRow[];
} & { [field: string]: unknown };

/** A work item as a vehicle's service record lists it (GET work?vehicle, jobs.ts `serviceRecord`): its fields as stored (references as ids), its parts, its job's date and status. */
export type ServiceRecordRow = RowOf<typeof workItem, { job: number }, number> & {
  workshop_date: string | null;
  job_status: string | null;
  approved: boolean;
  customer: number | null;
  customer2: number | null;
  parts?: Array<RowOf<typeof part, Record<never, never>, number>>;
};

/** A part as Parts Expenses lists it (GET parts, parts.ts `present`): the line, where it comes from (origin, row id P/J/Q and the parent's id), its supplier in brief (its other references as ids) and its parent's columns. */
export type PartsExpenseRow = RowOf<typeof part, { supplier: Brief<{ display_name: string; partial_contact: boolean }> | null }, number> & {
  origin: PartOrigin;
  row_id: string;
  parent_id: number;
  parent_type: PartOrigin;
  department: NamedBrief | number | null;
  registration: string | null;
  parent_date: string | null;
};

/** A part order as its list and page answer it (partorders.ts): the references in brief, its parts. */
export type PartOrderAnswer<R extends Refs = None> = RowOf<
  typeof partOrder,
  { customer: (ContactBrief & { address_line1?: string | null; town?: string | null; postcode?: string | null; company_phone?: string | null }) | null; department: NamedBrief | null } & R
> & {
  parts?: Array<PartRecord<{ supplier: ContactBrief | null }>>;
};

/** A movement as every answer gives it (movements.ts `expandMovements`): references in brief, who made it, its view. */
export type MovementAnswer = RowOf<
  typeof movement,
  {
    vehicle_used: Brief<{ registration: string }> | null;
    customer: Brief<{ display_name: string; movement_markup: number }> | null;
    driver: NamedBrief | null;
    department: NamedBrief | null;
    movement_type: Brief<{ name: string; invoice_address: string; tracking_option: NamedBrief }> | null;
    movement_rate: Brief<{ name: string; cost_per_mile: number; additional_time_cost: number; vehicle_cost: number; callout_cost: number; comments: string }> | null;
    work_type: Brief<{ name: string; free_of_charge: boolean; approval_needed: boolean }> | null;
    tracking_option: (NamedBrief & { category?: NamedBrief }) | null;
    job: number | null;
  }
> &
  Omit<ExtrasOf<typeof movementExtras>, "view"> & { view: MovementView };

/** A part lookup as Part Stock answers it (lookups.ts): its fields, its supplier in brief, the work lookups using it. */
export type PartLookupAnswer = RowOf<typeof partLookup, { supplier: Brief<{ display_name: string }> | null }> & { work_lookup?: number[] };
/** A work lookup as Work Stock answers it: its fields, its supplier in brief, its part lookups. */
export type WorkLookupAnswer = RowOf<typeof workLookup, { supplier: Brief<{ display_name: string }> | null }> & { part_work_lookup?: PartLookupAnswer[] };
/** A quote's item with its parts, as the quote's page and print sheets read it. */
export type QuoteItemWithParts = QuoteItemAnswer & { parts?: Array<PartRecord<{ supplier: ContactBrief | null }>> };
/** A quote's item as the quote editor holds it, inferred from the estimated work item definition: as `WorkItemRow`, with its parts and its answer-only extras. */
export type QuoteItemRow = Partial<Typed<Omit<QuoteItemRecord<{ work_type: WorkTypeBrief | number | null }>, "id" | "last_saved" | "key">>> &
  ExtrasOf<typeof estimatedItemExtras> & {
    id?: number;
    last_saved?: string;
    key?: string;
    parts?: PartLineRow[];
  } & { [field: string]: unknown };
