// The options a record type is defined with, and the shapes its writes pass around (WriteExtra, SavedRecord, IndexOp).
import type * as z from "zod";
import type { FieldChange, auditItem } from "../audit.js";
import type { PageQuery } from "../paging.js";
import type { TxItem, WhereOps } from "../service.js";

/** Fields every record carries besides its business fields. */
export const META_FIELDS = ["id", "last_saved", "created_by", "updated_by", "created_at"] as const;

export type Meta = {
  id: number;
  last_saved: string;
  created_by: string;
  updated_by: string;
  created_at: string;
};

/** A filter on reference data's list (`list({ where })`): ElectroDB's where callback, on the record's attributes. */
export type Where = (attr: Record<string, unknown>, op: WhereOps) => string;

/** DynamoDB's limit on the items of one transaction. */
export const TRANSACTION_LIMIT = 100;

/** A record's place in one indexed list. */
export type Membership = {
  list: string;
  sort: string;
  /** Values a bounded filter on the list reads from the entry itself (e.g. "make=3"). */
  tags?: string[];
};

/** How to read an indexed list: a page, optionally narrowed. */
export type ListInQuery = PageQuery & {
  /** Every one of these tags must be on the entry. */
  tags?: string[];
  /** Sort-key range, both ends inclusive (ISO dates, numbers padded by the type). */
  from?: string;
  to?: string;
  order?: "asc" | "desc";
};

export type EntryQuery = Omit<ListInQuery, "page" | "page_size">;

export type ListOptions = PageQuery & { where?: Where };

/**
 * Position counts on a type's indexed lists (core/platform/records/positions.ts).
 * `coarse` and `fine`: the lengths of the sort-text prefixes that make the
 * buckets (names: 2 and 4; ISO dates: 7 and 10); `lists`: which lists keep
 * them (every list when left out); `from`: how many entries a page may skip
 * from the nearer end before the counts are read.
 */
export type ListPositions = { coarse?: number; fine?: number; lists?: (list: string) => boolean; from?: number };

export type RecordTypeOptions<S extends z.ZodObject, E = z.infer<S> & Meta> = {
  /** Record type name: counter, audit and key label. */
  type: string;
  /** What staff call one of these, for messages ("Vehicle type not found"). */
  label: string;
  /** Business fields, as accepted on create and update. */
  fields: S;
  /** Text a list search matches, built from the stored record. */
  searchOf?: (r: z.infer<S>) => string;
  /** Rules beyond field types, with the spec's messages. */
  validate?: (r: z.infer<S>) => void;
  /** Values applied on create when the client leaves them out. */
  defaults?: () => Partial<z.infer<S>>;
  /**
   * Indexed lists the record belongs to besides "all of its type": each
   * `{list, sort}` is a list name (e.g. "CC|active") and the record's sort
   * key in it (e.g. its lower-cased name, so a prefix search is a Query).
   */
  lists?: (r: z.infer<S>) => Membership[];
  /**
   * Columns whose distinct values are counted per facet (e.g. facet
   * "status#ACTIVE", value "make#3"): `facetValues(facet)` reads them.
   * A value given an `amount` (a whole number, e.g. pence) keeps the sum
   * of the amounts instead of a count: a maintained total (the fleet's
   * CAP values), updated in the records' own transactions.
   */
  facets?: (r: z.infer<S>) => Array<{ facet: string; value: string; amount?: number }>;
  /**
   * Keep position counts on the indexed lists (in the records' own
   * transactions), so any page of a list of tens of thousands costs about
   * what the first does. `true`: text levels (2 and 4 characters) on every
   * list, counts read past 250 entries from either end; a number sets that
   * threshold (0: always); an object chooses levels and lists.
   */
  listPositions?: boolean | number | ListPositions;
  /** Values no two records may share, by scope, with the message when one is taken. */
  unique?: (r: z.infer<S>) => Array<{ scope: string; value: string | null | undefined; message: string }>;
  /**
   * Date ranges that no two records may share within a scope (a vehicle's
   * confirmed bookings): `ranges` gives the record's ranges (ISO dates,
   * both ends inclusive, `to` null for open-ended); `message` words the
   * refusal from the id of the record already holding the dates.
   */
  exclusive?: {
    ranges: (r: z.infer<S>) => Array<{ scope: string; from: string; to: string | null }>;
    message: (holderId: number) => Promise<string> | string;
  };
  /**
   * Figures this record adds to an owner's running totals (a rental's hire
   * income to its vehicle's month): per owner and month, amounts by kind
   * (whole pence or days) and its part of the owner's rank (core/platform/records/figures.ts).
   * Kept in the record's own transaction by the change old -> new.
   */
  figures?: (r: z.infer<S>, id: number) => FigureLine[];
  /**
   * For an owner of figures (a vehicle): the boards (ranked lists) it
   * stands on, e.g. ["all", "dept#3", "make#5"]; its rank is kept sorted on
   * each (core/platform/records/figures.ts).
   */
  figureBoards?: (r: z.infer<S>) => string[];
  /**
   * Sorts of the owners this type's figures move besides the rank (a
   * vehicle's utilisation and cost per mile): each moved owner's values
   * worked out again in the write and its entries moved on the sorts'
   * boards (core/platform/records/figures.ts `FigureSorts`). Declared on
   * every type whose figures move the owner, and on the owner's own type.
   */
  figureSorts?: FigureSorts;
  /** Fill references (e.g. a model's make) for responses: what `get`, `list` and the writes answer (the stored row without it). */
  expand?: (rows: Array<z.infer<S> & Meta>) => Promise<E[]>;
  /**
   * The version of what the type writes besides the record (lists, tags,
   * facets). Raise it when a release indexes records differently: the
   * records saved before are then indexed again once (see `upgradeIndexes`
   * in core/platform/upgrades.ts). 1 when left out.
   */
  indexVersion?: number;
  /**
   * Fields kept outside the record's item (its lines: core/platform/lines.ts),
   * which `validate`, `lists`, `facets`, `unique` and `exclusive` still see:
   * `load` reads them for stored records (an update without them, the index
   * upgrade). Never written on the record's item.
   */
  outside?: OutsideFields;
};

/** See `RecordTypeOptions.outside`. */
export type OutsideFields = {
  fields: string[];
  load: (ids: number[]) => Promise<Map<number, Record<string, unknown>>>;
};

/** The record of one write as it will be saved (validated, derived), for `WriteExtra`. */
export type SavedRecord = {
  id: number;
  now: string;
  /** The record's last_saved before this write (null on create). */
  base: string | null;
  /** Business fields as saved, outside fields included (on a delete: as they were). */
  record: Record<string, unknown>;
  /** Business fields before this write, outside fields included (undefined on create). */
  before?: Record<string, unknown>;
  /** How many items the record's own write puts in its transaction. */
  items: number;
};

/**
 * What a caller adds to one create, update or remove (core/platform/lines.ts
 * writes a parent's lines with it): outside field values, async work once
 * the record is validated and before its transaction, and more operations
 * for the same transaction.
 */
export type WriteExtra = {
  /** Outside field values after the write (before it: read with `outside.load`). */
  outside?: Record<string, unknown>;
  prepare?: (saved: SavedRecord) => Promise<void>;
  /**
   * Made again from fresh reads when the transaction is cancelled and tried
   * again: for operations conditioned on what `prepare` read (another
   * record's version, a tally), so a retry writes on the new values and
   * re-checks them (a refusal then is a 400), never on the stale ones.
   */
  replan?: (saved: SavedRecord) => Promise<void>;
  /**
   * Whether this write's plans read shared values others keep moving (a
   * tally): a write that lost every retry is then busy (409 try again), not
   * edited elsewhere. Left out: true when `replan` is given.
   */
  contended?: () => boolean;
  /** Operations for the same transaction (built on their entities: service.ts `transact`). */
  ops?: (saved: SavedRecord) => TxItem[];
  /** How many operations `ops` adds (known once prepared; for the 100-item budget of the extras after it). */
  items?: () => number;
  /** Changes to name in the update's audit entry besides the record's own fields (its lines'). */
  auditChanges?: () => FieldChange[];
  /**
   * Index operations of other items of the same unit (its lines' entries,
   * facets, locators): the engine sums their counter, facet and position
   * deltas with the record's own, per item (a transaction may touch an
   * item once), then writes them in the record's transaction.
   */
  indexWrites?: (saved: SavedRecord) => IndexOp[];
  /** Numbers the extra takes in the transaction (its new lines' ids): after a cancellation, moved ones make the write plan again (records/numbers.ts). */
  numbers?: () => Array<{ name: string; from: number; to: number }>;
};

/**
 * An owner's sorts besides its rank, worked out from its running total (the
 * amounts after the write) and its own record on a day: integers, null for
 * none (kept as -1: last in descending order). `own`: the owner's record as
 * written, when the write is the owner's own; otherwise `values` reads it.
 */
export type FigureSorts = {
  names: readonly string[];
  values: (ownerId: number, totals: Record<string, number>, today: string, own?: unknown) => Promise<Record<string, number | null>>;
};

/** What one record adds to one owner's month (see `RecordTypeOptions.figures`). */
export type FigureLine = { owner: string; month: string; amounts: Record<string, number>; rank: number };

/** One write a record's save makes besides the record itself (see `indexOps`). */
export type IndexOp =
  | { op: "audit"; item: ReturnType<typeof auditItem> }
  /** `seq`: numbers taken in this transaction (records/numbers.ts): the counter's seq set from `from` to `to`, on the condition it is still `from`. */
  | { op: "counter-add"; name: string; live: number; seq?: { from: number; to: number } }
  | { op: "entry-put"; list: string; sort: string; id: number; tags: string | undefined; parent?: string }
  | { op: "entry-delete"; list: string; sort: string; id: number }
  /** `fine`: on a list's coarse position count, the changes of its fine counts kept on the same item (positions.ts `inlineFine`). */
  | { op: "facet-add"; facet: string; value: string; live: number; fine?: Record<string, number> }
  | { op: "claim-create"; scope: string; value: string; id: number; parent?: string }
  | { op: "claim-delete"; scope: string; value: string }
  /** A tally (core/platform/records/tallies.ts): set to `to`, on condition it still holds `from` (null: never written). */
  | { op: "tally-set"; name: string; from: number | null; to: number; tags?: string };
