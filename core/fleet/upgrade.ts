import { QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { config } from "../platform/config.js";
import { documentClient } from "../platform/table.js";
import { dataUpgrades } from "../platform/upgrades.js";
import { Counter, Facet, ListEntry } from "../platform/service.js";
import { Vehicle, VehicleLines } from "./vehicle.js";

/**
 * Index version 3 of vehicles: a vehicle saved by an earlier release holds
 * its agreements in its own item (`finance_agreements`); they move into
 * its lines (VehicleLines), numbers kept, and leave the item. Safe to run
 * again: the lines are put as they are, and the item is cleared only on
 * the condition that it was not saved meanwhile.
 */
export async function moveAgreementsIntoLines(log: (line: string) => void = () => undefined): Promise<number> {
  let moved = 0;
  // Raw items: the record type no longer names the old attribute.
  const params: any = Vehicle.entity.query.byId({ record_type: "vehicle" }).params();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new QueryCommand({ ...params, ExclusiveStartKey: start, Limit: 200 }));
    start = page.LastEvaluatedKey;
    const items: any[] = page.Items ?? [];
    for (const item of items) {
      const agreements = item.finance_agreements;
      if (!Array.isArray(agreements)) continue;
      if (agreements.length) {
        const at = item.last_saved ?? new Date().toISOString();
        const by = item.updated_by ?? "upgrade";
        await VehicleLines.importLines(
          item.id,
          "finance_agreements",
          agreements.map((a: Record<string, unknown>) => {
            const { id, ...fields } = a;
            return { id: typeof id === "number" && id > 0 ? id : null, fields, last_saved: at, created_at: item.created_at ?? at, created_by: by, updated_by: by };
          }),
          // The agreements' locators: the same upgrade indexes the line type right after (its index version 2).
          { indexedAfter: true },
        );
      }
      await documentClient()
        .send(
          new UpdateCommand({
            TableName: config.tableName,
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: "REMOVE finance_agreements",
            ConditionExpression: "last_saved = :s",
            ExpressionAttributeValues: { ":s": item.last_saved },
          }),
        )
        .catch((e) => {
          if (e?.name !== "ConditionalCheckFailedException") throw e;
        });
      moved++;
    }
  } while (start);
  log(`Moved the agreements of ${moved} vehicles into their lines.`);
  return moved;
}

dataUpgrades.push({ type: "vehicle", version: 3, run: moveAgreementsIntoLines });

/**
 * Index version 5 of vehicles: the column filters moved from three column
 * lists (`cols#FLEET`, `cols#SOLD`, `cols#CUSTOMER`, entries sorted by value
 * alone) and facets per status (`status#<STATUS>`) to one column list
 * sorted by value, place and tab order, and facets per place (rules.ts
 * `columnMemberships`, `vehicleFacets`); the index rebuild writes the new
 * ones, and this removes the old, so no stale count or entry is left.
 * Safe to run again: it deletes what is there.
 */
export async function removeStatusColumnIndexes(log: (line: string) => void = () => undefined): Promise<number> {
  let removed = 0;
  const drain = async (query: () => any, del: (items: any[]) => Promise<unknown>) => {
    let cursor: string | null = null;
    do {
      const page: any = await query().go({ cursor, limit: 500 } as any);
      cursor = page.cursor;
      if (page.data.length) await del(page.data);
      removed += page.data.length;
    } while (cursor);
  };
  for (const group of ["FLEET", "SOLD", "CUSTOMER"]) {
    await drain(
      () => ListEntry.query.byList({ list: `vehicle#cols#${group}` }),
      (items) => ListEntry.delete(items.map((e: any) => ({ list: e.list, sort: e.sort, id: e.id }))).go(),
    );
    await Counter.delete({ name: `vehicle#list#cols#${group}` }).go();
  }
  for (const status of ["EQUIPMENT", "ACTIVE", "ORDERED", "FORSALE", "PROCESSING", "SOLD", "CUSTOMER"])
    await drain(
      () => Facet.query.byFacet({ facet: `vehicle#status#${status}` }),
      (items) => Facet.delete(items.map((f: any) => ({ facet: f.facet, value: f.value }))).go(),
    );
  log(`Removed ${removed} column entries and facets of the earlier vehicle column filters.`);
  return removed;
}

dataUpgrades.push({ type: "vehicle", version: 5, run: removeStatusColumnIndexes });
