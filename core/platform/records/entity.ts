// A record type's ElectroDB entity, built at run time from its zod fields (one partition per type, and a search index).
import { Entity, type Attribute } from "electrodb";
import { SERVICE, entityConfig } from "../service.js";

/** The entity of a record type: its meta fields typed, its business fields stored as they are (`type: "any"`). */
export function recordEntity(type: string, fieldNames: string[]) {
  const attributes: Record<string, Attribute> = {
    // In the keys, so each record type has its own partition (and search partition).
    record_type: { type: "string", default: type, readOnly: true, hidden: true },
    id: { type: "number", required: true, padding: { length: 12, char: "0" } },
    last_saved: { type: "string" },
    created_by: { type: "string" },
    updated_by: { type: "string" },
    created_at: { type: "string" },
    search_text: { type: "string" },
  };
  for (const f of fieldNames) attributes[f] = { type: "any" };
  return new Entity(
    {
      model: { entity: type, version: "1", service: SERVICE },
      attributes,
      indexes: {
        byId: { pk: { field: "pk", composite: ["record_type"] }, sk: { field: "sk", composite: ["id"] } },
        // Search: the record's search text as a sort key, so a search is a
        // begins_with Query whose cost follows the matches, not the table.
        bySearch: {
          index: "gsi1",
          pk: { field: "gsi1pk", composite: ["record_type"] },
          sk: { field: "gsi1sk", composite: ["search_text", "id"] },
        },
      },
    },
    entityConfig(),
  );
}

export type RecordEntity = ReturnType<typeof recordEntity>;

/**
 * The ids of a record type's records that these operations of a landed
 * transaction create or change (a put of the record, or an update of it by
 * its key), as the table's stream would show them: for what runs after a
 * write where there is no stream (core/platform/service.ts `onCommit`).
 */
export function recordIdsWritten(items: readonly object[], type: string): number[] {
  const ids: number[] = [];
  for (const op of items as Array<{ Put?: { Item?: Record<string, unknown> }; Update?: { Key?: Record<string, unknown> } }>) {
    const item = op.Put?.Item;
    if (item && item.__edb_e__ === type && item.record_type === type) ids.push(Number(item.id));
    const key = op.Update?.Key;
    const sk = typeof key?.sk === "string" ? key.sk : "";
    const match = typeof key?.pk === "string" && key.pk.endsWith(`#record_type_${type}`) ? /#id_(\d+)$/.exec(sk) : null;
    if (match && sk.startsWith(`$${type}_`)) ids.push(Number(match[1]));
  }
  return [...new Set(ids.filter((id) => Number.isFinite(id) && id > 0))];
}
