// The shapes of a parent's line collections: how one is declared, a line as read, the parent's hook for a line saved by its id.
import type { LineIndexing, LineSchema, StoredLine } from "../lines-plan.js";
import type { RecordType } from "../records/define.js";
import type { ListPositions, Membership } from "../records/types.js";
import type { Partition } from "./item.js";

/**
 * One child collection of a parent type.
 *
 * Lines may have lists, facets and a locator of their own (docs/data-model.md
 * §2.12 "Lines with lists of their own"): `lists(line, parent)` and
 * `facets(line, parent)` work exactly like a record type's `lists` and
 * `facets` (memberships with a sort and tags; counts or amounts), from the
 * line and its parent as saved, so a parent change moves its lines'
 * entries in the same unit. `locator` gives each line an item keyed by its
 * line type and id naming its parent, so a line is read and saved by its
 * own id (`getLine`, `saveLine`). Entries, counts, facets and locators are
 * written with their line: in the parent's transaction, or in the same
 * staged steps as the line (never half-visible: see `linesIn`).
 */
export type LineCollection = LineSchema & {
  /** The counter its line ids come from (ids unique across parents, kept for life). Collections sharing a `lineType` share it. */
  idCounter: string;
  /** What staff call one line, for "not found" messages ("Work item"). */
  label?: string;
  /**
   * The name the collection's lists, facets and locators live under
   * ("part"); `<parent type>.<collection>` when left out. Collections of
   * several parent types (a job's, a quote's and a part order's parts)
   * that give the same `lineType` share their lists: one list holds all
   * their lines. At most one collection of a parent type per line type.
   */
  lineType?: string;
  /** Lists the line belongs to, from the line (its fields and `id`) and its parent (fields as saved, lines included, and `id`). */
  lists?: LineIndexing["lists"];
  /** Facet values the line counts in, or adds its `amount` to (whole pence: a parts-cost total). */
  facets?: LineIndexing["facets"];
  /** Position counts on the line lists, as a record type's `listPositions` (any page costs about page 1). */
  listPositions?: boolean | number | ListPositions;
  /** Keep a locator per line, so `getLine` and `saveLine` find the line by its id alone. */
  locator?: boolean;
  /**
   * Raised when a release indexes the line type differently (lists or
   * facets added, a new locator scope): the index upgrade lists every
   * stored line of the type again once (`rebuildLineType`). Collections
   * sharing a `lineType` give the same version.
   */
  indexVersion?: number;
};

export type { ListPositions, Membership };

/** A line as a line list or `getLine` answers it: its fields, `id`, `last_saved`, and its parent (type, id; the parent's stored row when asked). */
export type LineRow = Record<string, unknown> & {
  id: number;
  last_saved: string;
  parent_type: string;
  parent_id: number;
  parent?: Record<string, unknown> | null;
};

/** Options of a line list read: `parents` also BatchGets each line's parent (its stored row, without its lines). */
export type LineListOptions = { parents?: boolean };

/**
 * A parent as its record type answers it: whatever its `expand` fills in,
 * always with its id and last_saved (every answer is the stored row, expanded).
 */
export type ParentRow = Record<string, unknown> & { id: number; last_saved: string };

/** A line saved by its id (`saveLine`): the parent as saved and the line. */
export type SavedLine = { parent: ParentRow; line: LineRow };

/**
 * A parent service's rules and locks for a line saved by its id
 * (`saveLine`), given by `onLineSave`: called once the line is found, fresh
 * and parsed, with the parent as stored, every collection's stored lines
 * and the line as it will be (stored fields with the sent ones over them).
 * It throws to refuse (nothing is written), and answers the lines the save
 * writes: the saved line as it should be stored (priced, its server-owned
 * fields restored) and any other line the change carries (a work item's
 * parts repriced); a line left out keeps what it holds. Answering nothing
 * writes the line as sent.
 */
export type LineSaveHook = (save: {
  parentId: number;
  parent: Record<string, unknown>;
  lines: Record<string, Array<Record<string, unknown>>>;
  collection: string;
  lineId: number;
  line: Record<string, unknown>;
  actor: string;
}) => Promise<Array<{ collection: string; line: Record<string, unknown> }> | void>;

/** What the module knows of one parent type's lines engine, for a line type's readers and the index upgrade. */
export type EngineInside = {
  parentType: string;
  indexingOf: (collection: string) => LineIndexing;
  readPartition: (id: number) => Promise<Partition>;
  finishApplying: () => Promise<boolean>;
  bound: () => RecordType | null;
  saveLineHere: (collection: string, lineId: number, body: Record<string, unknown>, actor: string) => Promise<SavedLine>;
  readLine: (collection: string, lineId: number, parentId: number) => Promise<StoredLine | null>;
};

/** A collection holding lines of a line type. */
export type Holder = { parentType: string; collection: string; engine: EngineInside };
