import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import "../support/api.js";
import { defineRecordType } from "../../core/platform/records.js";
import { requiredText } from "../../core/platform/fields.js";
import { documentClient } from "../../core/platform/table.js";

/**
 * How many sequential DynamoDB round trips a list page makes (issue 10):
 * every call is recorded with its start and end; calls that overlap are one
 * step (issued together), a call starting after all before it ended is the
 * next step. A page should take at most three: counts, entries, records.
 */
type Call = { name: string; start: number; end: number };
let calls: Call[] | null = null;

beforeAll(() => {
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const rec = calls;
      const call: Call = { name: String((context as { commandName?: string }).commandName ?? ""), start: performance.now(), end: 0 };
      try {
        return await next(args);
      } finally {
        call.end = performance.now();
        rec?.push(call);
      }
    },
    { step: "initialize", name: "roundTripRecorder" },
  );
});
afterAll(() => {
  documentClient().middlewareStack.remove("roundTripRecorder");
});

/** The sequential steps of what `read` sends: non-overlapping phases of its calls. */
async function stepsOf(read: () => Promise<unknown>): Promise<{ steps: number; names: string[][] }> {
  calls = [];
  await read();
  const made = calls.sort((a, b) => a.start - b.start);
  calls = null;
  const names: string[][] = [];
  let phaseEnd = -Infinity;
  for (const c of made) {
    if (c.start >= phaseEnd) names.push([]);
    names[names.length - 1].push(c.name);
    phaseEnd = Math.max(phaseEnd, c.end);
  }
  return { steps: names.length, names };
}

const Person = defineRecordType({
  type: "testperson",
  label: "Test person",
  fields: z.object({ name: requiredText("Name is required") }),
  lists: (r) => [{ list: "all", sort: r.name }],
  // As contacts: counts read past 250 entries from either end.
  listPositions: true,
});

// 1,000 people: 600 spread over 30 two-letter prefixes (20 each), and 400 in one prefix ("ww").
const letters = "abcdefghijklnopqrstuvwxyz".split("");
const spread = Array.from({ length: 600 }, (_, i) => `${letters[Math.floor(i / 20) % 25]}${letters[Math.floor(i / 500)]} ${String(i).padStart(4, "0")}`);
const crowded = Array.from({ length: 400 }, (_, i) => `ww ${String(i).padStart(4, "0")}`);
const names = [...spread, ...crowded];
const key = (r: { id: number; name: string }) => `${r.name.toLowerCase()}#id_${String(r.id).padStart(12, "0")}`;
let stored: number[] = [];

describe("round trips of a list page", () => {
  beforeAll(async () => {
    await Person.bulkLoad(names.map((name) => ({ name })), "t");
    const all = await Person.all();
    stored = all.sort((a, b) => Buffer.compare(Buffer.from(key(a as any)), Buffer.from(key(b as any)))).map((r) => r.id);
    expect(stored).toHaveLength(1000);
  });

  const last = 40;
  it("an indexed list: page 1, pages in the middle and the last page take at most three steps, in both orders", async () => {
    for (const order of ["asc", "desc"] as const) {
      const want = order === "asc" ? stored : [...stored].reverse();
      // Page 1; past 250 from either end (positions) outside the crowded prefix; the middle; next to the last; the last.
      for (const page of order === "asc" ? [1, 12, 20, 30, 39, last] : [1, 20, 24, 28, 39, last]) {
        let res: any;
        const { steps, names } = await stepsOf(async () => (res = await Person.listIn("all", { page, page_size: 25, order })));
        expect(res.results.map((r: any) => r.id), `${order} page ${page}`).toEqual(want.slice((page - 1) * 25, page * 25));
        expect(steps, `${order} page ${page}: ${JSON.stringify(names)}`).toBeLessThanOrEqual(3);
      }
    }
  });

  it("a page deep inside one large prefix finds its fine bucket from the coarse counts' own item: three steps", async () => {
    // "ww" holds entries 540-939 ascending; page 28 (entries 675-699) is more than 100 from either edge.
    const crowd = new Set((await Person.all()).filter((r) => r.name.startsWith("ww")).map((r) => r.id));
    expect(stored.findIndex((id) => crowd.has(id))).toBe(540);
    let res: any;
    const { steps } = await stepsOf(async () => (res = await Person.listIn("all", { page: 28, page_size: 25 })));
    expect(res.results.map((r: any) => r.id)).toEqual(stored.slice(675, 700));
    // The list's count and coarse counts (with each bucket's fine counts), the entries, the records.
    expect(steps).toBe(3);
  });

  it("the id order: page 1, the middle and the last page take at most three steps", async () => {
    const byId = [...stored].sort((a, b) => a - b);
    for (const page of [1, 20, last]) {
      let res: any;
      const { steps, names } = await stepsOf(async () => (res = await Person.list({ page, page_size: 25 })));
      expect(res.results.map((r: any) => r.id), `page ${page}`).toEqual(byId.slice((page - 1) * 25, page * 25));
      expect(steps, `page ${page}: ${JSON.stringify(names)}`).toBeLessThanOrEqual(3);
    }
  });
});
