import { describe, expect, it } from "vitest";
import * as z from "zod";
import { ConflictError, ValidationError } from "../../core/platform/errors.js";
import { chunk, diffLines, fitsOneTransaction, matchLines, parseSentLines, sameFields, type StoredLine } from "../../core/platform/lines-plan.js";

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
    expect(fitsOneTransaction(10, 89)).toBe(true);
    expect(fitsOneTransaction(10, 90)).toBe(false);
    expect(fitsOneTransaction(2, 150)).toBe(false);
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
