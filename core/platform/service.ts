import { Entity, createWriteTransaction, type Schema } from "electrodb";
import { config } from "./config.js";
import { documentClient } from "./table.js";

/** ElectroDB model `service` name: the prefix of every key in the table. */
export const SERVICE = "backoffice";

/** Table and client for every entity; read once per process. */
export function entityConfig() {
  return { table: config.tableName, client: documentClient() };
}

/**
 * Counters: `seq` is the last id issued for a record type (atomic ADD, so
 * ids are unique under concurrent creates); `live` is how many records of
 * the type exist, kept in the same transaction as creates and deletes so a
 * list's count is one GetItem. A counter item never grows: where a page of
 * a list starts comes from position counts (core/platform/records/positions.ts).
 */
export const Counter = new Entity(
  {
    model: { entity: "counter", version: "1", service: SERVICE },
    attributes: {
      name: { type: "string", required: true },
      seq: { type: "number" },
      live: { type: "number" },
      // A ranked owner's boards (records/figures.ts), "|all|dept#3|".
      tags: { type: "string" },
      // Written by releases before position counts (the ids deleted so far,
      // a set that grew forever); the index upgrade removes it. Never read.
      deleted: { type: "set", items: "number" },
    },
    indexes: {
      byName: { pk: { field: "pk", composite: ["name"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
);

/**
 * Audit trail: one item per write, in the same transaction as the write,
 * so "who changed this price?" always has an answer.
 */
export const Audit = new Entity(
  {
    model: { entity: "audit", version: "1", service: SERVICE },
    attributes: {
      record_type: { type: "string", required: true },
      record_id: { type: "string", required: true },
      at: { type: "string", required: true },
      audit_id: { type: "string", required: true },
      user: { type: "string", required: true },
      action: { type: ["create", "update", "delete"] as const, required: true },
      changes: { type: "any" },
    },
    indexes: {
      byRecord: {
        pk: { field: "pk", composite: ["record_type", "record_id"] },
        sk: { field: "sk", composite: ["at", "audit_id"] },
      },
    },
  },
  entityConfig(),
);

/**
 * A record's membership of an indexed list (e.g. contacts of type CC that
 * are not deactivated), written in the record's own transactions: a
 * filtered list is then a Query on `list`, sorted by `sort`, with its own
 * counter, never a read of the whole type.
 */
export const ListEntry = new Entity(
  {
    model: { entity: "listentry", version: "1", service: SERVICE },
    attributes: {
      list: { type: "string", required: true },
      sort: { type: "string", required: true },
      id: { type: "number", required: true, padding: { length: 12, char: "0" } },
      // Values a bounded filter reads without fetching the record ("|make=3|type=~|").
      tags: { type: "string" },
      // A line's entry: its parent, "<parent type>#<id>" (core/platform/lines.ts), so a page reads the lines directly.
      parent: { type: "string" },
    },
    indexes: {
      byList: { pk: { field: "pk", composite: ["list"] }, sk: { field: "sk", composite: ["sort", "id"] } },
    },
  },
  entityConfig(),
);

/**
 * A claimed unique value (a registration, a fleet number): created with
 * the record in one transaction, so two records can never claim it, even
 * when saved at the same instant.
 */
export const UniqueClaim = new Entity(
  {
    model: { entity: "unique", version: "1", service: SERVICE },
    attributes: {
      scope: { type: "string", required: true },
      value: { type: "string", required: true },
      id: { type: "number", required: true },
      // A line's locator (core/platform/lines.ts): its parent, "<parent type>#<id>"; `id` is the line's.
      parent: { type: "string" },
    },
    indexes: {
      byValue: { pk: { field: "pk", composite: ["scope", "value"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
);

/**
 * How many records of a list carry each value of a column (a facet), kept
 * in the records' own transactions: the distinct values of a column for a
 * typeahead are one Query on the facet, never a read of the records.
 */
export const Facet = new Entity(
  {
    model: { entity: "facet", version: "1", service: SERVICE },
    attributes: {
      facet: { type: "string", required: true },
      value: { type: "string", required: true },
      live: { type: "number" },
    },
    indexes: {
      byFacet: { pk: { field: "pk", composite: ["facet"] }, sk: { field: "sk", composite: ["value"] } },
    },
  },
  entityConfig(),
);

/**
 * The head of a scope of exclusive date ranges (a vehicle's confirmed
 * bookings): one small item per scope whose `version` every booking
 * change in the scope raises, on the condition that it is the version
 * read, so two overlapping bookings saved at the same instant can never
 * both land. The ranges themselves are `DateRange` items. `ranges` is the
 * whole list as releases before kept it (one growing item), read only
 * until the index upgrade moves it into `DateRange` items.
 */
export const RangeSet = new Entity(
  {
    model: { entity: "rangeset", version: "1", service: SERVICE },
    attributes: {
      scope: { type: "string", required: true },
      ranges: { type: "any" },
      version: { type: "number" },
    },
    indexes: {
      byScope: { pk: { field: "pk", composite: ["scope"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
);

/**
 * One exclusive date range (one booking of a vehicle), in its scope's
 * partition sorted by start date: an overlap check reads only the ranges
 * that could meet the new one, and no item grows with the bookings.
 */
export const DateRange = new Entity(
  {
    model: { entity: "daterange", version: "1", service: SERVICE },
    attributes: {
      scope: { type: "string", required: true },
      from: { type: "string", required: true },
      id: { type: "number", required: true, padding: { length: 12, char: "0" } },
      // ISO date, both ends inclusive; missing for open-ended.
      to: { type: "string" },
    },
    indexes: {
      byScope: { pk: { field: "pk", composite: ["scope"] }, sk: { field: "sk", composite: ["from", "id"] } },
    },
  },
  entityConfig(),
);

/** One operation of a write transaction: what an entity's put, create, patch, update, delete or check answers from `.commit()`. */
export type TxItem = { Put: object } | { Update: object } | { Delete: object } | { ConditionCheck: object };

/**
 * Write operations of any entities in one DynamoDB transaction (at most
 * 100): answers whether it was cancelled. ElectroDB hands a transaction's
 * builder the entities themselves, so an operation built straight on an
 * entity is the same one; its types tie the items to one entity map given
 * at once, while the engine's are built apart (a record, its lines, other
 * records' writes, counts) and joined, hence the one cast here.
 */
export async function transact(items: TxItem[]): Promise<boolean> {
  if (!items.length) return false;
  const tx = await createWriteTransaction({ counter: Counter }, () => items as never).go();
  if (!tx.canceled) for (const listener of commitListeners) listener(items);
  return tx.canceled;
}

/** Told the operations of every transaction that landed. */
export type CommitListener = (items: readonly TxItem[]) => void;
const commitListeners: CommitListener[] = [];

/**
 * Where there is no table stream (the local server and the API tests), what
 * the stream's consumers do after a write is started by a listener told
 * each landed transaction (functions/local/xero-dispatch.ts). Configuration
 * only: nothing on AWS registers one; the listener must not throw.
 */
export function onCommit(listener: CommitListener): () => void {
  commitListeners.push(listener);
  return () => void commitListeners.splice(commitListeners.indexOf(listener), 1);
}

/** An entity as a write transaction's builder is handed it: its operations end in `.commit()`, and it has `check`. */
export type TxWriter<E> =
  E extends Entity<infer A extends string, infer F extends string, infer C extends string, infer S>
    ? S extends Schema<A, F, C>
      ? Parameters<Parameters<typeof createWriteTransaction<{ e: Entity<A, F, C, S> }, unknown, []>>[1]>[0]["e"]
      : never
    : never;

/**
 * The entity itself, typed as a transaction's builder sees it: ElectroDB
 * hands the builder the very entities it was given, so operations for a
 * transaction are built on them directly (then joined by `transact`).
 */
export function writer<E>(entity: E): TxWriter<E> {
  return entity as unknown as TxWriter<E>;
}

/** The two operations of ElectroDB's where callback the engine's conditioned writes use. */
export type WhereOps = { eq: (attr: unknown, value: unknown) => string; notExists: (attr: unknown) => string; exists: (attr: unknown) => string; ne: (attr: unknown, value: unknown) => string };
