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
