import { describe, expect, it } from "vitest";
import * as z from "zod";
import { ConflictError, ValidationError } from "../../core/platform/errors.js";
import {
  applyBatches,
  chunk,
  diffLines,
  fitsApply,
  fitsOneTransaction,
  lineIndexOps,
  matchLines,
  parseSentLines,
  sameFields,
  unitChanges,
  unitItems,
  type LineIndexing,
  type StoredLine,
} from "../../core/platform/lines-plan.js";
import { foldCounts, positionsOption } from "../../core/platform/records/indexes.js";

const schema = {
  name: "items",
  fields: z.object({ description: z.string().max(20, "Description is too long").optional(), quantity: z.number().int().optional() }).strict() as any,
  outputOnly: ["line_total"],
  max: { count: 3, message: "At most 3 items" },
};

const stored = (id: number, fields: Record<string, unknown>, last_saved = "2026-01-01T10:00:00.000Z"): StoredLine => ({
  id,
  fields,
  last_saved,
  created_at: last_saved,
  created_by: "a",
  updated_by: "a",
});

describe("parseSentLines", () => {
  it("takes meta and output-only fields off, keeps id and last_saved", () => {
    const lines = parseSentLines(schema, [
      { id: 4, last_saved: "2026-01-01T10:00:00.000Z", created_by: "x", description: "Pads", quantity: 2, line_total: 9 },
      { description: "Discs" },
    ]);
    expect(lines).toEqual([
      { id: 4, last_saved: "2026-01-01T10:00:00.000Z", fields: { description: "Pads", quantity: 2 } },
      { id: null, last_saved: undefined, fields: { description: "Discs" } },
    ]);
  });

  it("answers a bad line with its path, an unknown field by name, too many lines with the collection's message", () => {
    expect(() => parseSentLines(schema, [{}, { description: "x".repeat(30) }])).toThrow("Description is too long");
    try {
      parseSentLines(schema, [{}, { description: "x".repeat(30) }]);
    } catch (e) {
      expect((e as ValidationError).errors).toHaveProperty("items.1.description");
    }
    expect(() => parseSentLines(schema, [{ colour: "red" }])).toThrow("Unknown field: items.0.colour");
    expect(() => parseSentLines(schema, [{}, {}, {}, {}])).toThrow("At most 3 items");
    expect(() => parseSentLines(schema, "nope")).toThrow(ValidationError);
  });
});

describe("matchLines", () => {
  const a = stored(1, { description: "Pads", quantity: 1 });
  const b = stored(2, { description: "Discs", quantity: 2 });

  it("matches by id; an unknown or repeated id is a new line; left-out fields keep their stored values", () => {
    const m = matchLines([a, b], [
      { id: 1, fields: { quantity: 5 } },
      { id: 1, fields: { description: "Copy" } },
      { id: 99, fields: { description: "New" } },
    ]);
    expect(m.map((x) => x.current?.id ?? null)).toEqual([1, null, null]);
    expect(m[0].fields).toEqual({ description: "Pads", quantity: 5 });
  });

  it("a changed line sent with a stale last_saved is a 409; an unchanged one is not", () => {
    expect(() => matchLines([a], [{ id: 1, last_saved: "2025-12-31T09:00:00.000Z", fields: { quantity: 9 } }])).toThrow(ConflictError);
    expect(matchLines([a], [{ id: 1, last_saved: "2025-12-31T09:00:00.000Z", fields: { quantity: 1 } }])).toHaveLength(1);
    expect(matchLines([a], [{ id: 1, last_saved: a.last_saved, fields: { quantity: 9 } }])[0].fields.quantity).toBe(9);
  });
});

describe("diffLines", () => {
  const a = stored(1, { description: "Pads", quantity: 1 });
  const b = stored(2, { description: "Discs", quantity: 2 });
  const c = stored(3, { description: "Oil", quantity: 3 });
  const stamp = { now: "2026-02-01T12:00:00.000Z", actor: "sam" };

  it("puts new and changed lines, deletes removed ones, leaves unchanged ones (and their last_saved) alone", () => {
    const { writes, lines } = diffLines([a, b, c], [
      { id: 1, fields: { quantity: 1, description: "Pads" } },
      { id: 3, fields: { description: "Oil", quantity: 4 } },
      { id: 7, fields: { description: "Filter", quantity: 1 } },
    ], stamp);
    expect(writes.map((w) => (w.kind === "put" ? `put ${w.line.id}${w.isNew ? " new" : ""}` : `delete ${w.id}`))).toEqual(["put 3", "put 7 new", "delete 2"]);
    expect(lines.map((l) => [l.id, l.last_saved])).toEqual([
      [1, a.last_saved],
      [3, stamp.now],
      [7, stamp.now],
    ]);
    expect(lines[1].created_by).toBe("a");
    expect(lines[1].updated_by).toBe("sam");
    expect(lines[2].created_by).toBe("sam");
  });

  it("nothing sent: every line removed; nothing changed: no writes", () => {
    expect(diffLines([a, b], [], stamp).writes).toEqual([{ kind: "delete", id: 1 }, { kind: "delete", id: 2 }]);
    expect(diffLines([a, b], [{ id: 1, fields: a.fields }, { id: 2, fields: b.fields }], stamp).writes).toEqual([]);
  });
});

describe("the plan's shape", () => {
  it("one transaction while the parent's items, the lines written and the head fit in 100", () => {
    const writes = (n: number) => Array.from({ length: n }, (_, i) => ({ collection: "items", id: i + 1, write: { kind: "delete" as const, id: i + 1 }, ops: [] }));
    expect(fitsOneTransaction(10, writes(89))).toBe(true);
    expect(fitsOneTransaction(10, writes(90))).toBe(false);
    expect(fitsOneTransaction(2, writes(150))).toBe(false);
  });

  it("chunks keep order and size", () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 49)).toEqual([]);
  });

  it("fields compare without regard to key order, null or missing", () => {
    expect(sameFields({ a: 1, b: null }, { a: 1 })).toBe(true);
    expect(sameFields({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameFields({ a: "1" }, { a: 1 })).toBe(false);
  });
});

describe("lines' own lists, facets and locators (pure planning)", () => {
  // A work item: in its job's list by date, tagged with its department; in `open` while the job is OPEN; its cost in a facet; a locator.
  const ix: LineIndexing = {
    lineType: "job.work",
    lists: (l, p) => [
      { list: `p#${p.ref}`, sort: String(l.date), tags: [`d=${l.dept}`] },
      ...(p.status === "OPEN" ? [{ list: "open", sort: String(l.date) }] : []),
    ],
    facets: (l, p) => [{ facet: "cost", value: String(p.grp), amount: Number(l.cost) }],
    locator: true,
    positions: positionsOption({ coarse: 7, fine: 10 }),
  };
  const parent = { ref: "j1", status: "OPEN", grp: "g" };
  const line = (id: number, date: string, cost = 10, dept = "a") => stored(id, { date, cost, dept });
  const put = (l: StoredLine, isNew = false) => ({ kind: "put" as const, line: l, isNew });

  it("a new line: its entries carry the parent, its list counts and position counts rise, its facet gets its amount, its locator names the parent", () => {
    const ops = lineIndexOps(ix, 7, "job#1", undefined, { line: { date: "2026-03-04", cost: 250, dept: "a", id: 7 }, parent });
    const entries = ops.filter((o) => o.op === "entry-put");
    expect(entries).toEqual([
      { op: "entry-put", list: "job.work#p#j1", sort: "2026-03-04", id: 7, tags: "|d=a|", parent: "job#1" },
      { op: "entry-put", list: "job.work#open", sort: "2026-03-04", id: 7, tags: undefined, parent: "job#1" },
    ]);
    expect(ops).toContainEqual({ op: "counter-add", name: "job.work#list#p#j1", live: 1 });
    expect(ops).toContainEqual({ op: "facet-add", facet: "job.work#cost", value: "g", live: 250 });
    expect(ops).toContainEqual({ op: "facet-add", facet: "pos#job.work#p#j1", value: "2026-03", live: 1, fine: { "f:-04": 1 } });
    expect(ops).toContainEqual({ op: "claim-create", scope: "job.work#at", value: "7", id: 7, parent: "job#1" });
  });

  it("a removed line takes its entries, counts, facet amount and locator with it", () => {
    const ops = lineIndexOps(ix, 7, "job#1", { line: { date: "2026-03-04", cost: 250, dept: "a", id: 7 }, parent }, undefined);
    expect(ops.filter((o) => o.op === "entry-delete")).toHaveLength(2);
    expect(ops).toContainEqual({ op: "facet-add", facet: "job.work#cost", value: "g", live: -250 });
    expect(ops).toContainEqual({ op: "claim-delete", scope: "job.work#at", value: "7" });
    expect(ops.some((o) => o.op === "claim-create")).toBe(false);
  });

  it("an unchanged line under an unchanged parent writes nothing; a changed line moves only what changed", () => {
    const stays = line(1, "2026-03-04");
    const moves = line(2, "2026-03-05");
    const stamp = { now: "2026-04-01T00:00:00.000Z", actor: "sam" };
    const { writes } = diffLines([stays, moves], [
      { id: 1, fields: stays.fields },
      { id: 2, fields: { ...moves.fields, date: "2026-05-01" } },
    ], stamp);
    const changes = unitChanges([{ name: "work", ix }], { key: "job#1", before: parent, after: parent }, new Map([["work", [stays, moves]]]), writes.map((write) => ({ collection: "work", write })));
    expect(changes.map((c) => c.id)).toEqual([2]);
    const ops = changes[0].ops;
    // Both lists: the old entry out, the new one in; the list counts stay (still a member); the facet stays (same amount); no locator change.
    expect(ops.filter((o) => o.op === "entry-delete").map((o) => (o as any).sort)).toEqual(["2026-03-05", "2026-03-05"]);
    expect(ops.filter((o) => o.op === "entry-put").map((o) => (o as any).sort)).toEqual(["2026-05-01", "2026-05-01"]);
    expect(ops.some((o) => o.op === "counter-add" || o.op.startsWith("claim") || (o.op === "facet-add" && o.facet === "job.work#cost"))).toBe(false);
  });

  it("a parent change moves the entries of lines it does not write (no line write, entries only)", () => {
    const lines = [line(1, "2026-03-04"), line(2, "2026-03-05")];
    const changes = unitChanges([{ name: "work", ix }], { key: "job#1", before: parent, after: { ...parent, status: "DONE" } }, new Map([["work", lines]]), []);
    expect(changes.map((c) => [c.id, c.write])).toEqual([
      [1, null],
      [2, null],
    ]);
    for (const c of changes) {
      expect(c.ops).toContainEqual({ op: "entry-delete", list: "job.work#open", sort: expect.any(String), id: c.id });
      expect(c.ops).toContainEqual({ op: "counter-add", name: "job.work#list#open", live: -1 });
    }
  });

  it("a unit's counts are summed per item across its lines: one operation per shared counter or facet value", () => {
    const lines = Array.from({ length: 30 }, (_, i) => line(i + 1, "2026-03-04", 100));
    const changes = unitChanges([{ name: "work", ix }], { key: "job#1", before: undefined, after: parent }, new Map(), lines.map((l) => ({ collection: "work", write: put(l, true) })));
    const all = changes.flatMap((c) => c.ops);
    const folded = foldCounts(all);
    expect(folded.filter((o) => o.op === "counter-add")).toEqual([
      { op: "counter-add", name: "job.work#list#p#j1", live: 30 },
      { op: "counter-add", name: "job.work#list#open", live: 30 },
    ]);
    expect(folded.filter((o) => o.op === "facet-add" && o.facet === "job.work#cost")).toEqual([{ op: "facet-add", facet: "job.work#cost", value: "g", live: 3000 }]);
    // Each item once: entries, locators, and the summed counts.
    const keys = folded.map((o) => JSON.stringify(o.op === "counter-add" ? [o.name] : o.op === "facet-add" ? [o.facet, o.value] : o.op.startsWith("claim") ? [(o as any).scope, (o as any).value] : [(o as any).list, (o as any).sort, (o as any).id]));
    expect(new Set(keys).size).toBe(keys.length);
    // The transaction's items: 30 line puts, the summed index writes, the check on the head.
    expect(unitItems(changes)).toBe(30 + folded.length + 1);
  });

  it("steps: apply transactions stay within 100 items (summed), a change too big for one is refused", () => {
    const lines = Array.from({ length: 150 }, (_, i) => line(i + 1, `2026-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`, 100 + i, i % 2 ? "a" : "b"));
    const changes = unitChanges([{ name: "work", ix }], { key: "job#1", before: undefined, after: parent }, new Map(), lines.map((l) => ({ collection: "work", write: put(l, true) })));
    const batches = applyBatches(changes);
    expect(batches.flat().map((c) => c.id)).toEqual(changes.map((c) => c.id));
    for (const b of batches) expect(1 + b.length * 2 + foldCounts(b.flatMap((c) => c.ops)).length).toBeLessThanOrEqual(100);
    expect(batches.length).toBeLessThan(changes.length);
    expect(fitsApply(changes)).toBe(true);
    const huge = { collection: "work", id: 1, write: null, ops: Array.from({ length: 99 }, (_, i) => ({ op: "entry-delete" as const, list: "x", sort: String(i), id: 1 })) };
    expect(fitsApply([huge])).toBe(false);
  });
});
