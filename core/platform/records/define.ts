// `defineRecordType`: one record type's operations, assembled from the engine's modules (kind, save, planned, load, listing).
import type * as z from "zod";
import { kindOf, type Row } from "./kind.js";
import { loadsOf } from "./load.js";
import { readersOf } from "./listing.js";
import { plansOf } from "./planned.js";
import { writesOf } from "./save.js";
import type { Meta, RecordTypeOptions } from "./types.js";

export { ENGINE_INDEX_VERSION, recordTypes } from "./load.js";
export { joinExtras, writeTogether, type PlannedWrite } from "./planned.js";
export { TransactionTooLarge } from "./save.js";

/**
 * One mechanism for the life of every record: sequential ids, create,
 * freshness-checked update, delete, get and paged list, each write with
 * its audit entry, counts and index items in one DynamoDB transaction.
 * The record is typed from its zod `fields` (`z.infer<S> & Meta`); what
 * the reads and writes answer, from `expand` (the stored row without it).
 */
export function defineRecordType<S extends z.ZodObject, E = z.infer<S> & Meta>(opts: RecordTypeOptions<S, E>) {
  const k = kindOf(opts);
  const readers = readersOf(k);
  const { bulkLoad, rebuildIndexes } = loadsOf(k);
  return {
    type: opts.type,
    label: opts.label,
    fields: opts.fields,
    entity: k.entity,
    rebuildIndexes,
    bulkLoad,

    async get(id: number): Promise<E> {
      return (await k.shape([await k.getRow(id)]))[0];
    },

    /** The record as stored (read consistently, references not filled in): for a save that reads it once and passes it to `update`. */
    async stored(id: number): Promise<Row<S>> {
      return k.getRow(id);
    },

    /** Stored rows in the form every answer gives them (references filled by `expand`). */
    async present(rows: Array<Row<S>>): Promise<E[]> {
      return k.shape(rows);
    },

    ...writesOf(k),
    ...plansOf(k),
    ...readers,
  };
}

/** Any record type, whatever its fields (the lines engine's parent, a reference's target). */
export type RecordType = ReturnType<typeof defineRecordType<z.ZodObject, Record<string, unknown>>>;
