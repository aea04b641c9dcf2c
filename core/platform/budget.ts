import { TransactWriteCommand, GetCommand } from "@aws-sdk/lib-dynamodb";
import { Entity } from "electrodb";
import { SERVICE, entityConfig } from "./service.js";
import { documentClient } from "./table.js";

/**
 * A call budget shared by every process (docs/xero.md "One call budget"):
 * an outside service's limits (Xero: 60 calls a minute, 5,000 a day per
 * tenant) kept in DynamoDB, so no mix of Lambdas, scheduled runs and
 * `npm run job` processes goes past them. One counter item per scope per
 * minute and per day (TTL'd by `expires_at`, so no item outlives its
 * window or grows), taken before each call with one conditional write:
 *
 * - this minute's counter: ADD 1 if its count < the limit less the previous
 *   minute's count (read first), so no 60 s window, wherever it falls,
 *   holds more than the limit (any 60 s lies within two calendar minutes);
 * - the previous minute's counter: a condition check that its count is
 *   still what was read (a late caller in that minute makes us read again);
 * - today's counter (UTC day): ADD 1 if its count < the day's limit.
 *
 * All three in one transaction: a call is counted in both windows or in
 * neither. The answer says which window is spent and when it frees.
 */

export const CallCounter = new Entity(
  {
    model: { entity: "callbudget", version: "1", service: SERVICE },
    attributes: {
      scope: { type: "string", required: true },
      window: { type: "string", required: true },
      count: { type: "number" },
      expires_at: { type: "number" },
    },
    indexes: {
      byWindow: { pk: { field: "pk", composite: ["scope"] }, sk: { field: "sk", composite: ["window"] } },
    },
  },
  entityConfig(),
);

export type BudgetLimits = { perMinute: number; perDay: number };
export type BudgetAnswer = { ok: true } | { ok: false; spent: "minute" | "day"; retryAfterMs: number };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const minuteKey = (ms: number) => `m#${new Date(ms - (ms % MINUTE)).toISOString().slice(0, 16)}`;
const dayKey = (ms: number) => `d#${new Date(ms).toISOString().slice(0, 10)}`;

function keyOf(scope: string, window: string): Record<string, string> {
  // The entity's own key names and values (ElectroDB builds them), so the item reads as the engine's others do.
  const params = CallCounter.get({ scope, window }).params<{ Key: Record<string, string> }>();
  return params.Key;
}

function tableName(): string {
  return CallCounter.get({ scope: "x", window: "x" }).params<{ TableName: string }>().TableName;
}

/**
 * Takes one call from the budget of `scope` (e.g. `xero#<tenant>`), or says
 * which window is spent and how long until it frees. Never waits itself.
 */
export async function takeCall(scope: string, limits: BudgetLimits, now: number = Date.now()): Promise<BudgetAnswer> {
  const db = documentClient();
  const TableName = tableName();
  const thisMinute = keyOf(scope, minuteKey(now));
  const lastMinute = keyOf(scope, minuteKey(now - MINUTE));
  const today = keyOf(scope, dayKey(now));
  const nextMinute = now - (now % MINUTE) + MINUTE;
  const nextDay = now - (now % DAY) + DAY;
  for (let attempt = 0; attempt < 20; attempt++) {
    const prev = await db.send(new GetCommand({ TableName, Key: lastMinute, ConsistentRead: true }));
    const prevCount = Number(prev.Item?.count ?? 0);
    const room = limits.perMinute - prevCount;
    if (room <= 0) return { ok: false, spent: "minute", retryAfterMs: nextMinute - now };
    const entity = { __edb_e__: "callbudget", __edb_v__: "1" };
    try {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName,
                Key: thisMinute,
                UpdateExpression: "ADD #count :one SET #exp = :minuteExp, #scope = :scope, #window = :mw, #e = :e, #v = :v",
                ConditionExpression: "attribute_not_exists(#count) OR #count < :room",
                ExpressionAttributeNames: { "#count": "count", "#exp": "expires_at", "#scope": "scope", "#window": "window", "#e": "__edb_e__", "#v": "__edb_v__" },
                ExpressionAttributeValues: { ":one": 1, ":room": room, ":minuteExp": Math.floor((nextMinute + 2 * MINUTE) / 1000), ":scope": scope, ":mw": minuteKey(now), ":e": entity.__edb_e__, ":v": entity.__edb_v__ },
              },
            },
            {
              ConditionCheck: {
                TableName,
                Key: lastMinute,
                ConditionExpression: prev.Item ? "#count = :prev" : "attribute_not_exists(#count)",
                ExpressionAttributeNames: { "#count": "count" },
                ...(prev.Item ? { ExpressionAttributeValues: { ":prev": prevCount } } : {}),
              },
            },
            {
              Update: {
                TableName,
                Key: today,
                UpdateExpression: "ADD #count :one SET #exp = :dayExp, #scope = :scope, #window = :dw, #e = :e, #v = :v",
                ConditionExpression: "attribute_not_exists(#count) OR #count < :perDay",
                ExpressionAttributeNames: { "#count": "count", "#exp": "expires_at", "#scope": "scope", "#window": "window", "#e": "__edb_e__", "#v": "__edb_v__" },
                ExpressionAttributeValues: { ":one": 1, ":perDay": limits.perDay, ":dayExp": Math.floor((nextDay + DAY) / 1000), ":scope": scope, ":dw": dayKey(now), ":e": entity.__edb_e__, ":v": entity.__edb_v__ },
              },
            },
          ],
        }),
      );
      return { ok: true };
    } catch (e) {
      const reasons = (e as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons;
      if (!reasons) throw e;
      if (reasons[2]?.Code === "ConditionalCheckFailed") return { ok: false, spent: "day", retryAfterMs: nextDay - now };
      if (reasons[0]?.Code === "ConditionalCheckFailed") return { ok: false, spent: "minute", retryAfterMs: nextMinute - now };
      // The previous minute moved under us (a late caller) or two callers collided: read again.
      if (reasons.some((r) => r.Code === "ConditionalCheckFailed" || r.Code === "TransactionConflict")) {
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
        continue;
      }
      throw e;
    }
  }
  // Heavy contention: treat as a spent minute rather than spin (the caller waits or leaves the item for the next run).
  return { ok: false, spent: "minute", retryAfterMs: Math.max(1000, nextMinute - now) };
}

/** What is left of a scope's budget now (for status pages and tests). */
export async function budgetUsed(scope: string, now: number = Date.now()): Promise<{ minute: number; previousMinute: number; day: number }> {
  const db = documentClient();
  const TableName = tableName();
  const read = async (w: string) => Number((await db.send(new GetCommand({ TableName, Key: keyOf(scope, w), ConsistentRead: true }))).Item?.count ?? 0);
  return { minute: await read(minuteKey(now)), previousMinute: await read(minuteKey(now - MINUTE)), day: await read(dayKey(now)) };
}
