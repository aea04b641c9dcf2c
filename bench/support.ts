/**
 * What every bench shares: a fresh table in its own DynamoDB Local, the
 * product's HTTP API (the Hono app with its token gate) signed in as a
 * real session, the capacity DynamoDB charges counted per request (read
 * and write units, transactions at AWS's price), and one markdown table
 * row per measured call (p50, p95, units).
 * Benches import core only after `benchTable()`: entities bind to the
 * table named in the environment when they load. Data is loaded with the
 * engine's `bulkLoad`; everything measured goes through HTTP.
 */
import { randomUUID } from "node:crypto";
import { ensureTable, startDynamoDbLocal } from "../functions/local/dynamodb-local.js";
import { freePort } from "../tests/support/ports.js";

/** Start DynamoDB Local on a free port with an empty table, and point the product at it. */
export async function benchTable(): Promise<{ stop: () => Promise<void> }> {
  const dynamo = await startDynamoDbLocal({ port: await freePort() });
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  process.env.TABLE_NAME = `bench_${randomUUID().slice(0, 6)}`;
  await ensureTable(dynamo.endpoint, process.env.TABLE_NAME);
  return { stop: async () => dynamo.stop() };
}

const READS = /^(Get|BatchGet|Query|Scan|TransactGet)/;

/**
 * Capacity units of every call the product makes from now on, split into
 * reads and writes, as AWS would charge them. Reads, single writes and
 * batch writes: the units DynamoDB Local reports (1 KB a write unit, 4 KB
 * a read unit). Transactions: DynamoDB Local's figure is not what AWS
 * charges (it reports 6 units for three 3 KB puts, where AWS charges 18),
 * so a TransactWriteItems is priced here from its items' sizes: each item
 * 2 write units per KB (rounded up) of the larger of the item before and
 * after the write (read from the table, uncounted), plus 1 unit per KB for
 * each global secondary index the item is written to.
 */
export const capacity = { reads: 0, writes: 0, debug: false };

/** DynamoDB calls of the request being measured, with start and end times (for its round trips). */
let calls: Array<{ start: number; end: number }> = [];

/** Sequential round trips: calls that overlap are one step, a call starting after all before it ended is the next. */
export function roundTrips(made: Array<{ start: number; end: number }>): number {
  let steps = 0;
  let end = -Infinity;
  for (const c of [...made].sort((a, b) => a.start - b.start)) {
    if (c.start >= end) steps++;
    end = Math.max(end, c.end);
  }
  return steps;
}

/** An item's size as DynamoDB counts it: attribute names plus values (numbers about 1 byte per 2 digits). */
export function itemSize(item: Record<string, unknown> | undefined | null): number {
  if (!item) return 0;
  const value = (v: unknown): number => {
    if (v === null || v === undefined || typeof v === "boolean") return 1;
    if (typeof v === "string") return Buffer.byteLength(v);
    if (typeof v === "number" || typeof v === "bigint") return Math.ceil(String(v).replace(/[-.]/g, "").length / 2) + 1;
    if (v instanceof Set) return [...v].reduce((n: number, x) => n + value(x), 0);
    if (Array.isArray(v)) return 3 + v.reduce((n: number, x) => n + 1 + value(x), 0);
    if (typeof v === "object") return 3 + Object.entries(v).reduce((n, [k, x]) => n + Buffer.byteLength(k) + 1 + value(x), 0);
    return 1;
  };
  return Object.entries(item).reduce((n, [k, v]) => n + Buffer.byteLength(k) + value(v), 0);
}

const GSI_KEYS = ["gsi1pk", "gsi2pk"];

export async function meterCapacity() {
  const { documentClient } = await import("../core/platform/table.js");
  const { config } = await import("../core/platform/config.js");
  const { DynamoDBClient } = await import("@aws-sdk/client-dynamodb");
  const { DynamoDBDocumentClient, GetCommand } = await import("@aws-sdk/lib-dynamodb");
  // A second client, not metered, to read items' sizes around a transaction.
  const raw = DynamoDBDocumentClient.from(new DynamoDBClient({ region: config.region, endpoint: config.dynamoEndpoint, credentials: { accessKeyId: "local", secretAccessKey: "local" } }));
  const stored = async (TableName: string, Key: Record<string, unknown>) => (await raw.send(new GetCommand({ TableName, Key, ConsistentRead: true }))).Item ?? null;
  documentClient().middlewareStack.add(
    (next, context: any) => async (args: any) => {
      const transaction = String(context.commandName).startsWith("TransactWrite");
      const items: any[] = transaction ? (args.input.TransactItems ?? []) : [];
      const keyOf = (t: any) => {
        const op = t.Put ?? t.Update ?? t.Delete ?? t.ConditionCheck;
        return { table: op.TableName as string, key: t.Put ? { pk: t.Put.Item.pk, sk: t.Put.Item.sk } : (op.Key as Record<string, unknown>) };
      };
      const before = await Promise.all(items.map((t) => stored(keyOf(t).table, keyOf(t).key)));
      args.input.ReturnConsumedCapacity = "TOTAL";
      const call = { start: performance.now(), end: 0 };
      const out: any = await next(args);
      call.end = performance.now();
      calls.push(call);
      let units: number;
      if (transaction) {
        const after = await Promise.all(items.map((t) => (t.Put ? t.Put.Item : t.ConditionCheck ? null : stored(keyOf(t).table, keyOf(t).key))));
        units = items.reduce((n: number, t: any, i: number) => {
          const size = Math.max(itemSize(before[i]), itemSize(after[i]), 1);
          const kb = Math.ceil(size / 1024);
          const indexes = GSI_KEYS.filter((k) => (after[i] ?? before[i])?.[k] !== undefined).length;
          return n + 2 * kb + (t.ConditionCheck ? 0 : indexes * kb);
        }, 0);
      } else {
        const cc = out.output?.ConsumedCapacity;
        units = (Array.isArray(cc) ? cc : cc ? [cc] : []).reduce((n: number, c: any) => n + (c.CapacityUnits ?? 0), 0);
      }
      if (READS.test(String(context.commandName))) capacity.reads += units;
      else capacity.writes += units;
      if (capacity.debug) console.log("   ", context.commandName, units, transaction ? `(${items.length} items)` : (out.output?.Count ?? ""));
      return out;
    },
    { step: "initialize", name: "countCapacity" },
  );
}

/** How a row describes the last answer: rows of a list, a created id, a refusal, or its size. */
function describe(last: any): string {
  if (last?.refused) return `refused: ${last.refused}`;
  if (Array.isArray(last)) return `${last.length}`;
  if (last?.results) return `${last.results.length} of ${Number(last.count).toLocaleString("en-GB")}`;
  if (last?.id) return `record ${last.id}`;
  return `one answer (${Object.keys(last ?? {}).length} fields)`;
}

/**
 * Call `fn` `runs` times and print `| label | rows | p50 | p95 | read units | write units | round trips |`
 * (average units per call; sequential DynamoDB round trips of the last call, the
 * session check included). A refusal (an error) is timed and reported as the answer.
 */
export async function measure(label: string, runs: number, fn: (run: number) => Promise<any>) {
  const times: number[] = [];
  let reads = 0;
  let writes = 0;
  let last: any;
  for (let i = 0; i < runs; i++) {
    capacity.reads = 0;
    capacity.writes = 0;
    calls = [];
    const t = performance.now();
    try {
      last = await fn(i);
    } catch (e: any) {
      last = { refused: e.message };
    }
    times.push(performance.now() - t);
    reads += capacity.reads;
    writes += capacity.writes;
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  console.log(`| ${label} | ${describe(last)} | ${p(0.5)} ms | ${p(0.95)} ms | ${(reads / runs).toFixed(1)} | ${(writes / runs).toFixed(1)} | ${roundTrips(calls)} |`);
}

/** The header of the table `measure` prints rows of. */
export function tableHeader(title: string) {
  console.log(`\n| ${title} | rows of count | p50 | p95 | read units | write units | round trips |`);
  console.log("|---|---|---|---|---|---|---|");
}

export type Http = {
  get: (path: string) => Promise<any>;
  post: (path: string, body?: unknown) => Promise<any>;
  put: (path: string, body?: unknown) => Promise<any>;
  del: (path: string) => Promise<any>;
  /** A file upload (multipart form, field `file`). */
  upload: (path: string, name: string, content: string) => Promise<any>;
};

/**
 * The product's API as a browser calls it: the Hono app (every route, the
 * token gate, zod parsing, the response shaping) with a session token from
 * local sign-in. An answer of 400 or more is thrown with its message, so
 * `measure` reports it as a refusal.
 */
export async function benchApi(email = "bench@vanco.co.uk", given_name = "Bench"): Promise<Http> {
  process.env.LOCAL_SIGN_IN = "true";
  const { createFullApi } = await import("../functions/api.js");
  const app = createFullApi();
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Token ${token}`;
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers["content-type"] = "application/json";
    const res = await app.request(`/api/${path.replace(/^\//, "")}`, { method, headers, body: body === undefined ? undefined : form ? body : JSON.stringify(body) });
    const text = await res.text();
    const parsed = text ? JSON.parse(text) : null;
    if (res.status >= 400) throw new Error(`${res.status} ${parsed?.message ?? text}`);
    return parsed;
  };
  const { token } = await call("POST", "auth/local", { email, given_name });
  return {
    get: (p) => call("GET", p, undefined, token),
    post: (p, body) => call("POST", p, body, token),
    put: (p, body) => call("PUT", p, body, token),
    del: (p) => call("DELETE", p, undefined, token),
    upload: (p, name, content) => {
      const form = new FormData();
      form.append("file", new File([content], name, { type: "text/csv" }));
      return call("POST", p, form, token);
    },
  };
}
