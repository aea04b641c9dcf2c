import * as z from "zod";
import { ConflictError, ValidationError } from "./errors.js";
import { isFresh } from "./records/freshness.js";
import { foldCounts, indexOps, type Indexing } from "./records/indexes.js";
import type { IndexOp, Membership } from "./records/types.js";

/**
 * The pure half of "parents with lines" (core/platform/lines.ts): which
 * sent lines are new, changed, unchanged or removed, and the steps a save
 * too large for one transaction is written in. No I/O here.
 */

/** What every stored line carries besides its business fields. */
export const LINE_META = ["id", "last_saved", "created_by", "updated_by", "created_at"] as const;

/** One line as stored and as answered: its meta and its business fields. */
export type StoredLine = {
  id: number;
  last_saved: string;
  created_at: string;
  created_by: string;
  updated_by: string;
  fields: Record<string, unknown>;
};

/** One line as sent, parsed: `id` null for a new line. */
export type SentLine = { id: number | null; last_saved?: string; fields: Record<string, unknown> };

/** How a collection's lines are read from a save body. */
export type LineSchema = {
  /** The collection's name in the parent's body ("finance_agreements"). */
  name: string;
  /** One line's business fields (meta fields are taken off first). */
  fields: z.ZodType<Record<string, unknown>>;
  /** Fields the server answers with but never stores (derived figures): dropped from what is sent. */
  outputOnly?: readonly string[];
  /** The most lines one parent may hold, with the message. */
  max?: { count: number; message: string };
};

const asId = (v: unknown): number | null =>
  typeof v === "number" && Number.isInteger(v) && v > 0 ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : null;

/**
 * Parse the lines sent for one collection. Each line is checked with the
 * collection's schema; a failure is a 400 whose error key is the line's
 * path ("inspections.0.date_completed"). A line sent without its `id` is
 * new; fields it leaves out keep their stored values (see `matchLines`).
 */
export function parseSentLines(schema: LineSchema, sent: unknown): SentLine[] {
  if (!Array.isArray(sent)) throw new ValidationError(`${schema.name} must be a list`, { [schema.name]: "Must be a list" });
  if (schema.max && sent.length > schema.max.count) throw new ValidationError(schema.max.message, { [schema.name]: schema.max.message });
  return sent.map((raw, i) => {
    if (!raw || typeof raw !== "object" || Array.isArray(raw))
      throw new ValidationError(`Each of ${schema.name} must be an object`, { [`${schema.name}.${i}`]: "Must be an object" });
    const rest: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(raw as Record<string, unknown>))
      if (!(LINE_META as readonly string[]).includes(k) && !schema.outputOnly?.includes(k)) rest[k] = v;
    const parsed = schema.fields.safeParse(rest);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const key = issue.code === "unrecognized_keys" ? issue.keys[0] : issue.path.join(".");
      const message = issue.code === "unrecognized_keys" ? `Unknown field: ${schema.name}.${i}.${key}` : issue.message;
      throw new ValidationError(message, { [`${schema.name}.${i}${key ? `.${key}` : ""}`]: issue.message });
    }
    const last_saved = (raw as Record<string, unknown>).last_saved;
    return { id: asId((raw as Record<string, unknown>).id), last_saved: typeof last_saved === "string" ? last_saved : undefined, fields: stripUndefined(parsed.data) };
  });
}

/** A sent line matched to its stored line (`current`), or new (`current` null). */
export type MatchedLine = { current: StoredLine | null; last_saved?: string; fields: Record<string, unknown> };

/**
 * Match sent lines to stored ones by id. An id the parent does not hold,
 * or one sent twice, is a new line (a copied row). A sent line keeps the
 * stored values of the fields it leaves out. A line whose sent last_saved
 * is stale and whose fields differ is a 409 (edited elsewhere).
 */
export function matchLines(stored: StoredLine[], sent: SentLine[]): MatchedLine[] {
  const byId = new Map(stored.map((l) => [l.id, l]));
  const seen = new Set<number>();
  return sent.map((s) => {
    const current = s.id !== null && !seen.has(s.id) ? (byId.get(s.id) ?? null) : null;
    if (!current) return { current: null, fields: s.fields };
    seen.add(current.id);
    const fields = { ...current.fields, ...s.fields };
    // A changed line sent with the version it was made from must be that version (409 when stale).
    // Without one, the parent's own last_saved (required on every save) guards it: lines change only with their parent.
    if (!sameFields(current.fields, fields) && s.last_saved && !isFresh(current.last_saved, s.last_saved)) throw new ConflictError();
    return { current, last_saved: s.last_saved, fields };
  });
}

/** One line's write in a save. */
export type LineWrite =
  | { kind: "put"; line: StoredLine; isNew: boolean }
  | { kind: "delete"; id: number };

/**
 * The writes that take a collection from its stored lines to the lines as
 * saved (after the parent's rules and derivations): new lines are put
 * with the ids given them, changed lines are put with a new last_saved,
 * unchanged lines are left alone (their last_saved kept), lines no longer
 * sent are deleted. `final` is in the order sent; `ids[i]` the id of line i.
 */
export function diffLines(
  stored: StoredLine[],
  final: Array<{ id: number; fields: Record<string, unknown> }>,
  stamp: { now: string; actor: string },
): { writes: LineWrite[]; lines: StoredLine[] } {
  const byId = new Map(stored.map((l) => [l.id, l]));
  const writes: LineWrite[] = [];
  const lines: StoredLine[] = [];
  const kept = new Set<number>();
  for (const f of final) {
    const current = byId.get(f.id);
    if (current && !kept.has(f.id)) {
      kept.add(f.id);
      if (sameFields(current.fields, f.fields)) {
        lines.push(current);
        continue;
      }
      const line = { ...current, fields: f.fields, last_saved: stamp.now, updated_by: stamp.actor };
      writes.push({ kind: "put", line, isNew: false });
      lines.push(line);
    } else {
      const line = { id: f.id, fields: f.fields, last_saved: stamp.now, created_at: stamp.now, created_by: stamp.actor, updated_by: stamp.actor };
      writes.push({ kind: "put", line, isNew: true });
      lines.push(line);
    }
  }
  for (const l of stored) if (!kept.has(l.id)) writes.push({ kind: "delete", id: l.id });
  return { writes, lines };
}

/** Split writes into groups of at most `size` (the apply step's transactions). */
export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Two versions of a line's fields are the same: null and missing are
 * alike, and so are false and missing (answers carry every unset flag as
 * false, so a line sent back as it was answered is unchanged), key order
 * ignored.
 */
export function sameFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return stable(a) === stable(b);
}

function stable(v: unknown): string {
  if (v === undefined || v === null || v === false) return "null";
  if (Array.isArray(v)) return `[${v.map(stable).join(",")}]`;
  if (typeof v === "object") {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined && x !== null && x !== false)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${stable(x)}`).join(",")}}`;
  }
  return JSON.stringify(v);
}

function stripUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/**
 * A collection's own indexing (see `LineCollection.lists`, `facets`,
 * `locator` in core/platform/lines.ts), as plain functions of a line and
 * its parent.
 */
export type LineIndexing = {
  /** The name its lists, facets and locators live under ("part"): collections of several parent types may share one. */
  lineType: string;
  lists?: (line: Record<string, unknown>, parent: Record<string, unknown>) => Membership[];
  facets?: (line: Record<string, unknown>, parent: Record<string, unknown>) => Array<{ facet: string; value: string; amount?: number }>;
  locator?: boolean;
  positions: Indexing<unknown>["positions"];
};

/** One line and its parent, as a collection's `lists` and `facets` see them. */
export type LineInParent = { line: Record<string, unknown>; parent: Record<string, unknown> };

/** The locator claim of a line: scope and value (the claim's item names the parent). */
export const locatorOf = (lineType: string, lineId: number) => ({ scope: `${lineType}#at`, value: String(lineId) });

/** The partition name of a parent's lines, which a line's entries and locator carry as its parent. */
export const parentKey = (parentType: string, parentId: number) => `${parentType}#${parentId}`;

/** Whether a collection indexes its lines at all. */
export const isIndexed = (ix: LineIndexing) => !!(ix.lists || ix.facets || ix.locator);

/**
 * What one line writes besides itself when it goes from one version to
 * another (undefined: new, or removed): its list entries (carrying the
 * parent), list counts, position counts, facets, and its locator (made
 * with a new line, removed with it; a line never changes parent). The
 * same diff as a record's (`indexOps`): nothing changed, nothing written.
 */
export function lineIndexOps(ix: LineIndexing, lineId: number, parent: string, before: LineInParent | undefined, after: LineInParent | undefined): IndexOp[] {
  const asRecord: Indexing<LineInParent> = {
    type: ix.lineType,
    lists: ix.lists ? (u) => ix.lists!(u.line, u.parent) : undefined,
    facets: ix.facets ? (u) => ix.facets!(u.line, u.parent) : undefined,
    positions: ix.positions,
  };
  const ops: IndexOp[] = indexOps(asRecord, lineId, before, after).writes.map((w) => (w.op === "entry-put" ? { ...w, parent } : w));
  if (ix.locator && !before && after) ops.push({ op: "claim-create", ...locatorOf(ix.lineType, lineId), id: lineId, parent });
  if (ix.locator && before && !after) ops.push({ op: "claim-delete", ...locatorOf(ix.lineType, lineId) });
  return ops;
}

/** One line's part of a unit: its write (none when only its entries move) and its index operations. */
export type LineChange = { collection: string; id: number; write: LineWrite | null; ops: IndexOp[] };

/**
 * Every line change of a unit: the writes of the collections sent (from
 * `diffLines`) and, for indexed collections, each line's index operations
 * from its version and its parent's version before and after (a parent
 * change can move entries of lines it leaves as they were). Lines with
 * nothing to write are left out.
 */
export function unitChanges(
  collections: Array<{ name: string; ix: LineIndexing }>,
  parent: { key: string; before: Record<string, unknown> | undefined; after: Record<string, unknown> | undefined },
  stored: Map<string, StoredLine[]>,
  writes: Array<{ collection: string; write: LineWrite }>,
): LineChange[] {
  const out: LineChange[] = [];
  const view = (l: StoredLine) => ({ ...l.fields, id: l.id });
  for (const c of collections) {
    const mine = writes.filter((w) => w.collection === c.name).map((w) => w.write);
    const before = new Map((stored.get(c.name) ?? []).map((l) => [l.id, l]));
    const written = new Map(mine.map((w) => [w.kind === "put" ? w.line.id : w.id, w]));
    const ids = [...new Set([...before.keys(), ...written.keys()])];
    for (const id of ids) {
      const was = before.get(id);
      const w = written.get(id) ?? null;
      const now = w ? (w.kind === "put" ? w.line : undefined) : was;
      const ops =
        isIndexed(c.ix) && (parent.before || parent.after)
          ? lineIndexOps(
              c.ix,
              id,
              parent.key,
              was && parent.before ? { line: view(was), parent: parent.before } : undefined,
              now && parent.after ? { line: view(now), parent: parent.after } : undefined,
            )
          : [];
      if (w || ops.length) out.push({ collection: c.name, id, write: w, ops });
    }
  }
  return out;
}

/** Items one line change puts in a transaction: the line, its staged item (in steps) and its index operations, before summing. */
export const changeItems = (c: LineChange, staged: boolean) => (c.write ? 1 : 0) + (staged ? 1 : 0) + c.ops.length;

/**
 * The transactions a save in steps applies its staged changes in: as many
 * changes as fit `limit` items each (a check on the head, each change's
 * items; counts shared by its changes summed once). A change too large for
 * one transaction on its own is refused by the planner before anything is
 * written (`fitsApply`).
 */
export function applyBatches<T extends LineChange>(changes: T[], limit = 100): T[][] {
  const out: T[][] = [];
  let batch: T[] = [];
  const size = (b: T[]) => 1 + b.reduce((n, c) => n + (c.write ? 1 : 0) + 1, 0) + foldCounts(b.flatMap((c) => c.ops)).length;
  for (const c of changes) {
    if (batch.length && size([...batch, c]) > limit) {
      out.push(batch);
      batch = [];
    }
    batch.push(c);
  }
  if (batch.length) out.push(batch);
  return out;
}

/** Whether every change fits one apply transaction on its own. */
export const fitsApply = (changes: LineChange[], limit = 100) => changes.every((c) => 1 + changeItems(c, true) <= limit);

/** Items the lines of a unit add to the parent's transaction: each line write, their index operations summed per item, and the check on the head. */
export function unitItems(changes: LineChange[]): number {
  return changes.filter((c) => c.write).length + foldCounts(changes.flatMap((c) => c.ops)).length + 1;
}

/** Whether a unit fits one transaction: the parent's own items and what its lines add (`unitItems`). */
export function fitsOneTransaction(parentItems: number, changes: LineChange[], limit = 100): boolean {
  return parentItems + unitItems(changes) <= limit;
}
