/**
 * The workshop records as the API answers them, inferred from their
 * definitions (issue 23: one definition per field). Pure, types only: the
 * web's job, work item, part, quote and quote item row and form types come
 * from here, never a hand-written field list.
 */
import type { Brief, ContactBrief, ExtrasOf, FormOf, NamedBrief, RowOf } from "../platform/definition.js";
import type { VehicleBrief } from "../fleet/types.js";
import type { job, part, workItem } from "./definitions.js";
import type { estimatedItemExtras, estimatedWorkItem, quote, quoteExtras } from "./quote-definitions.js";

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

/** A contact as a job's answer carries it (core/workshop/job.ts `CONTACT_BRIEF`). */
export type JobContactBrief = Brief<{
  display_name: string;
  address_line1: string;
  town: string;
  postcode: string;
  company_phone: string;
  email: string;
  company_email: string;
  workshop_instructions: string;
  labour_rate_markup: number;
  parts_markup: number;
  supplier_labour_charge: number;
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
