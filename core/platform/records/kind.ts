// What every part of a record type shares: its entity, parsing, the stored row, search text, ranges and the items a create writes.
import type * as z from "zod";
import { auditItem, diffRecords } from "../audit.js";
import { NotFoundError, ValidationError } from "../errors.js";
import { searchKey, searchText } from "../paging.js";
import { UniqueClaim, writer } from "../service.js";
import { parseInput } from "../validation.js";
import { recordEntity } from "./entity.js";
import { claimsOf, indexOps, lifeOps, positionsOption, type Indexing } from "./indexes.js";
import { planRanges, type ScopePlan } from "./ranges.js";
import { META_FIELDS, type IndexOp, type Meta, type RecordTypeOptions } from "./types.js";

/** The stored record of a type: its business fields and the meta fields. */
export type Row<S extends z.ZodObject> = z.infer<S> & Meta;

/** The shared parts of one record type (see `kindOf`), passed to the modules that make its operations. */
export type Kind<S extends z.ZodObject, E> = ReturnType<typeof kindOf<S, E>>;

export function kindOf<S extends z.ZodObject, E>(opts: RecordTypeOptions<S, E>) {
  type Fields = z.infer<S>;
  const fieldNames = Object.keys(opts.fields.shape);
  const entity = recordEntity(opts.type, fieldNames);
  const keyOf = { record_type: opts.type };
  // Outside fields (see `outside`): read beside the record, never stored on its item.
  const outsideNames = opts.outside?.fields ?? [];
  const ix: Indexing<Fields> = { type: opts.type, lists: opts.lists, facets: opts.facets, unique: opts.unique, positions: positionsOption(opts.listPositions) };

  function rangesOf(fields: Fields | undefined) {
    if (!fields || !opts.exclusive) return [];
    return opts.exclusive.ranges(fields).map((r) => ({ ...r, scope: `${opts.type}#${r.scope}` }));
  }

  /** The stored row as every reader sees it: meta and business fields, null where missing. */
  function clean(item: Record<string, unknown>): Row<S> {
    const out: Record<string, unknown> = {};
    for (const k of [...META_FIELDS, ...fieldNames]) out[k] = item[k] ?? null;
    return out as Row<S>;
  }

  /** What a search matches from its start: the name first, by default every text field. */
  function searchOf(fields: Fields): string {
    const text = opts.searchOf ? opts.searchOf(fields) : searchText(...Object.values(fields).filter((v) => typeof v === "string"));
    // The one normaliser (paging.ts searchKey), whatever a type's own searchOf returned: the term searched goes through it too (listing.ts).
    return searchKey(text).slice(0, 200);
  }

  async function getRow(id: number): Promise<Row<S>> {
    const res = await entity.get({ ...keyOf, id }).go({ consistent: true });
    if (!res.data) throw new NotFoundError(opts.label);
    return clean(res.data);
  }

  return {
    opts,
    fieldNames,
    entity,
    /** The entity as a transaction's builder sees it (service.ts `writer`). */
    tx: writer(entity),
    keyOf,
    outsideNames,
    ix,
    rangesOf,
    clean,
    searchOf,
    getRow,

    async checkRanges(id: number, before: Fields | undefined, after: Fields | undefined): Promise<ScopePlan[]> {
      if (!opts.exclusive) return [];
      return planRanges(id, rangesOf(before), rangesOf(after), opts.exclusive.message);
    },

    /** After a cancelled transaction: a taken unique value is a 400 with its message. */
    async explainCancel(id: number, newClaims: Array<{ scope: string; value: string; message: string }>) {
      for (const c of newClaims) {
        const held = await UniqueClaim.get({ scope: c.scope, value: c.value }).go({ consistent: true });
        if (held.data && held.data.id !== id) throw new ValidationError(c.message, {});
      }
    },

    async outsideOf(id: number): Promise<Record<string, unknown>> {
      return opts.outside ? ((await opts.outside.load([id])).get(id) ?? {}) : {};
    },

    withoutOutside<T extends Record<string, unknown>>(o: T): T {
      if (!outsideNames.length) return o;
      const out: Record<string, unknown> = { ...o };
      for (const f of outsideNames) delete out[f];
      return out as T;
    },

    /** Parse a create/update body: strict fields, meta fields tolerated. */
    parse(body: unknown, partial: boolean): Fields {
      const obj = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
      if (!obj) throw new ValidationError("The request body must be a JSON object.");
      const rest: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(obj)) if (!(META_FIELDS as readonly string[]).includes(k)) rest[k] = v;
      const schema = (partial ? opts.fields.partial() : opts.fields).strict();
      return parseInput(schema, rest) as Fields;
    },

    /** Stored rows in the form every answer gives them (references filled by `expand`). */
    async shape(rows: Array<Row<S>>): Promise<E[]> {
      // Without `expand`, E is the row itself (defineRecordType's default).
      return opts.expand ? opts.expand(rows) : (rows as E[]);
    },

    /** The stored record of a create. */
    recordItem(fields: Fields, id: number, actor: string, now: string) {
      return { ...fields, id, last_saved: now, created_at: now, created_by: actor, updated_by: actor, search_text: searchOf(fields) };
    },

    /**
     * Everything a create writes besides the record and its ranges, in
     * transaction order: its audit entry, the type's live count and id
     * position counts, its list entries, list counts and list position
     * counts, facets and unique claims. One builder for `create` (a
     * transaction) and `bulkLoad` (batches).
     */
    createOps(fields: Fields, id: number, actor: string, now: string) {
      const idx = indexOps(ix, id, undefined, fields);
      const writes: IndexOp[] = [
        { op: "audit", item: auditItem(opts.type, id, actor, "create", diffRecords(undefined, fields), now) },
        ...lifeOps(opts.type, id, 1),
        ...idx.writes,
      ];
      return { writes, newClaims: idx.newClaims };
    },

    /**
     * A planned write joins another record's transaction only when no refusal
     * of its own can cancel it: no ranges, no outside fields (unless the
     * create carries none of them: a new part enquiry's job has no lines yet),
     * and no unique value it takes or gives up (a claim unchanged writes
     * nothing, so an invoice raised without a number, or credited, can be planned).
     */
    writableTogether(before?: Fields, after?: Fields, withoutLines = false) {
      const claims = (f: Fields | undefined) => claimsOf(ix, f).map((c) => `${c.scope}\u0000${c.value}`).sort().join("\u0001");
      // A write that leaves its date ranges as they are (a rental's approval) writes no range item: it may go with others.
      const ranges = (f: Fields | undefined) => JSON.stringify(rangesOf(f));
      if ((opts.exclusive && ranges(before) !== ranges(after)) || (opts.outside && !withoutLines) || (opts.unique && claims(before) !== claims(after)))
        throw new Error(`${opts.type}: unique values, ranges or outside fields are written by its own transactions only`);
    },
  };
}

/** The named fields of a row (null where missing). */
export function pick(row: Record<string, unknown>, names: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const n of names) out[n] = row[n] ?? null;
  return out;
}

export function stripUndefined<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
