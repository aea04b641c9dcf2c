/**
 * The record engine, by concern:
 * - define.ts: `defineRecordType` (create, freshness-checked update, delete, get, lists, bulk load, index rebuild); `writeTogether`/`joinExtras`: other records written in one record's transaction
 * - types.ts: the options and shapes a record type is defined with
 * - indexes.ts: what a save writes besides the record (entries, counts, facets, claims), pure
 * - positions.ts: position counts, where a page starts, pure
 * - reading.ts: reading a page (skip then take, position counts)
 * - ranges.ts: exclusive date ranges (no double booking)
 * - freshness.ts: the `last_saved` check (to the millisecond)
 * - numbers.ts: ids and document numbers (IN, CN, WO...) taken in the write's own transaction (a refusal takes none; `withNumbers`)
 * - entity.ts: a record type's ElectroDB entity; `recordIdsWritten`: the records a landed transaction wrote (for the local stand-in of the table stream)
 * - bulk.ts: batch writes for the bulk loader and the index upgrade
 * - tallies.ts: running totals (pence) a write moves on condition they still hold the value it read
 * - figures.ts: an owner's monthly totals and its rank on sorted boards (`figures`, `figureBoards`), kept in each record's own transaction
 * - reread.ts: `onLatest`, a write of the product's own on a record as it now is: read again when a save lands between, stopped when it is gone
 */
export { defineRecordType, joinExtras, recordTypes, writeTogether, ENGINE_INDEX_VERSION, TransactionTooLarge, type PlannedWrite, type RecordType } from "./define.js";
export type { Row } from "./kind.js";
export { LAST_SAVED_ERROR, LAST_SAVED_MISSING, isFresh, lastSavedOf } from "./freshness.js";
export { positionBucket } from "./positions.js";
export { recordIdsWritten } from "./entity.js";
export { moveTally, readTally } from "./tallies.js";
export { boardPage, readFigures, readSources, readTotals, rebuildFigures, sortList, type FigureItem } from "./figures.js";
export { rerankedOn, rerankSorts } from "./figure-sorts.js";
export { LATEST_TRIES, onLatest, type LatestOutcome } from "./reread.js";
export { DOCUMENT_ROUNDS, numbersExtra, withNumbers, type SeriesWant } from "./numbers.js";
export { META_FIELDS, TRANSACTION_LIMIT, type EntryQuery, type FigureLine, type FigureSorts, type ListInQuery, type ListOptions, type Membership, type Meta, type OutsideFields, type RecordTypeOptions, type SavedRecord, type WriteExtra } from "./types.js";
