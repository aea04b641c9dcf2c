import { describe, expect, it } from "vitest";
import { recordIdsWritten } from "../../core/platform/records.js";

/**
 * The local stand-in of the table stream (functions/local/xero-dispatch.ts) learns which records a landed
 * transaction wrote from its operations, as ElectroDB builds them (shapes as logged from a nominal code's save).
 */
describe("recordIdsWritten", () => {
  const put = (entity: string, id: number, extra: Record<string, unknown> = {}) => ({ Put: { Item: { record_type: entity, id, __edb_e__: entity, pk: `$backoffice#record_type_${entity}`, sk: `$${entity}_1#id_${String(id).padStart(12, "0")}`, ...extra } } });
  const patch = (entity: string, id: number) => ({ Update: { Key: { pk: `$backoffice#record_type_${entity}`, sk: `$${entity}_1#id_${String(id).padStart(12, "0")}` }, UpdateExpression: "SET #status = :status_u0" } });

  it("finds a type's records put or updated by key, once each", () => {
    expect(recordIdsWritten([put("xeropush", 7), patch("xeropush", 9), patch("xeropush", 7)], "xeropush")).toEqual([7, 9]);
  });

  it("ignores other types, the engine's own items (audit, counters, list entries) and deletes", () => {
    const audit = { Put: { Item: { record_type: "xeropush", record_id: "7", __edb_e__: "audit", pk: "$backoffice#record_type_xeropush#record_id_7", sk: "$audit_1#at_x" } } };
    const counter = { Update: { Key: { pk: "$backoffice#name_xeropush", sk: "$counter_1" } } };
    const entry = { Put: { Item: { list: "all", id: 7, __edb_e__: "listentry", pk: "$backoffice#list_xeropush#all", sk: "$listentry_1#sort_x#id_000000000007" } } };
    const removal = { Delete: { Key: { pk: "$backoffice#record_type_xeropush", sk: "$xeropush_1#id_000000000007" } } };
    expect(recordIdsWritten([put("nominal", 3), patch("nominal", 4), audit, counter, entry, removal], "xeropush")).toEqual([]);
  });
});
