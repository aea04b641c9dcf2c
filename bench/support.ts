/**
 * What every bench shares: a fresh table in its own DynamoDB Local, the
 * capacity DynamoDB reports counted per request (read and write units),
 * and one markdown table row per measured call (p50, p95, units).
 * Benches import core only after `benchTable()`: entities bind to the
 * table named in the environment when they load.
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

/** Capacity units of every call the product makes from now on, split into reads and writes. */
export const capacity = { reads: 0, writes: 0, debug: false };

export async function meterCapacity() {
  const { documentClient } = await import("../core/platform/table.js");
  documentClient().middlewareStack.add(
    (next, context: any) => async (args: any) => {
      args.input.ReturnConsumedCapacity = "TOTAL";
      const out: any = await next(args);
      const cc = out.output?.ConsumedCapacity;
      const units = (Array.isArray(cc) ? cc : cc ? [cc] : []).reduce((n: number, c: any) => n + (c.CapacityUnits ?? 0), 0);
      if (READS.test(String(context.commandName))) capacity.reads += units;
      else capacity.writes += units;
      if (capacity.debug) console.log("   ", context.commandName, units, out.output?.Count ?? "");
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
 * Call `fn` `runs` times and print `| label | rows | p50 | p95 | read units | write units |`
 * (average units per call). A refusal (an error) is timed and reported as the answer.
 */
export async function measure(label: string, runs: number, fn: (run: number) => Promise<any>) {
  const times: number[] = [];
  let reads = 0;
  let writes = 0;
  let last: any;
  for (let i = 0; i < runs; i++) {
    capacity.reads = 0;
    capacity.writes = 0;
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
  console.log(`| ${label} | ${describe(last)} | ${p(0.5)} ms | ${p(0.95)} ms | ${(reads / runs).toFixed(1)} | ${(writes / runs).toFixed(1)} |`);
}

/** The header of the table `measure` prints rows of. */
export function tableHeader(title: string) {
  console.log(`\n| ${title} | rows of count | p50 | p95 | read units | write units |`);
  console.log("|---|---|---|---|---|---|");
}
