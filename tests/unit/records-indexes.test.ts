import { describe, expect, it } from "vitest";
import { indexOps, lifeOps, positionsOption, tagString, type Indexing } from "../../core/platform/records/indexes.js";
import { isFresh, lastSavedOf, LAST_SAVED_ERROR } from "../../core/platform/records/freshness.js";
import { overlaps } from "../../core/platform/records/ranges.js";
import { joinExtras, writeTogether } from "../../core/platform/records/define.js";
import { ValidationError } from "../../core/platform/errors.js";
import type { TxItem } from "../../core/platform/service.js";

/** What a save writes besides the record (core/platform/records/indexes.ts), worked out without DynamoDB. */
type Van = { registration: string; status: string; make: string; external?: boolean };
const vans: Indexing<Van> = {
  type: "van",
  lists: (r) => [
    { list: `status#${r.status}`, sort: r.registration, tags: [`make=${r.make}`] },
    { list: "all", sort: r.registration },
  ],
  facets: (r) => [{ facet: "status", value: r.status }],
  unique: (r) => (r.external ? [] : [{ scope: "registration", value: r.registration, message: "Taken" }]),
  positions: positionsOption({ lists: (l) => l === "all" }),
};
const a: Van = { registration: "AB12 CDE", status: "ACTIVE", make: "3" };
const ops = (before: Van | undefined, after: Van | undefined) => indexOps(vans, 7, before, after).writes;

describe("index operations", () => {
  it("a create writes each entry, list count, position count, facet and claim once", () => {
    expect(ops(undefined, a)).toEqual([
      { op: "entry-put", list: "van#status#ACTIVE", sort: "ab12 cde", id: 7, tags: "|make=3|" },
      { op: "counter-add", name: "van#list#status#ACTIVE", live: 1 },
      { op: "entry-put", list: "van#all", sort: "ab12 cde", id: 7, tags: undefined },
      { op: "counter-add", name: "van#list#all", live: 1 },
      // Position counts on the "all" list only, as the type chose.
      // The coarse count carries its bucket's fine counts (one Query says where any page starts): a list has no fine items.
      { op: "facet-add", facet: "pos#van#all", value: "ab", live: 1, fine: { "f:12": 1 } },
      { op: "facet-add", facet: "van#status", value: "active", live: 1 },
      { op: "claim-create", scope: "van#registration", value: "AB12 CDE", id: 7 },
    ]);
  });

  it("a save that changes nothing indexed writes nothing; a new tag rewrites only that entry", () => {
    expect(ops(a, { ...a })).toEqual([]);
    expect(ops(a, { ...a, make: "4" })).toEqual([{ op: "entry-put", list: "van#status#ACTIVE", sort: "ab12 cde", id: 7, tags: "|make=4|" }]);
  });

  it("a move between lists moves the entry and both counts; a delete undoes the create", () => {
    const moved = ops(a, { ...a, status: "SOLD" });
    expect(moved).toEqual(
      expect.arrayContaining([
        { op: "entry-delete", list: "van#status#ACTIVE", sort: "ab12 cde", id: 7 },
        { op: "counter-add", name: "van#list#status#ACTIVE", live: -1 },
        { op: "entry-put", list: "van#status#SOLD", sort: "ab12 cde", id: 7, tags: "|make=3|" },
        { op: "counter-add", name: "van#list#status#SOLD", live: 1 },
        { op: "facet-add", facet: "van#status", value: "active", live: -1 },
        { op: "facet-add", facet: "van#status", value: "sold", live: 1 },
      ]),
    );
    expect(moved).toHaveLength(6);
    const removed = ops(a, undefined);
    const created = ops(undefined, a);
    expect(removed).toHaveLength(created.length);
    expect(removed.filter((w) => w.op === "facet-add" || w.op === "counter-add").map((w: any) => w.live)).toEqual(Array(4).fill(-1));
  });

  it("a renamed record moves its position counts with its entry and gives up its claim", () => {
    const renamed = ops(a, { ...a, registration: "XY99 ZZZ" });
    expect(renamed).toEqual(
      expect.arrayContaining([
        { op: "facet-add", facet: "pos#van#all", value: "ab", live: -1, fine: { "f:12": -1 } },
        { op: "facet-add", facet: "pos#van#all", value: "xy", live: 1, fine: { "f:99": 1 } },
        { op: "claim-delete", scope: "van#registration", value: "AB12 CDE" },
        { op: "claim-create", scope: "van#registration", value: "XY99 ZZZ", id: 7 },
      ]),
    );
    // List counts do not move: the record stays in both lists.
    expect(renamed.filter((w) => w.op === "counter-add")).toEqual([]);
  });

  it("a record arriving or leaving its type moves its live count and its id position counts, nothing else", () => {
    expect(lifeOps("van", 2_612, 1)).toEqual([
      { op: "counter-add", name: "van", live: 1 },
      { op: "facet-add", facet: "pos#van", value: "00000001", live: 1 },
      { op: "facet-add", facet: "pos#van>00000001", value: "0000000104", live: 1 },
    ]);
    expect(lifeOps("van", 2_612, -1).map((w: any) => w.live)).toEqual([-1, -1, -1]);
  });

  it("tags are stored so one whole tag is matched", () => {
    expect(tagString(["Make=3", "s=ACTIVE"])).toBe("|make=3|s=active|");
    expect(tagString([])).toBeUndefined();
  });

  it("the listPositions option: text levels by default, levels and lists when chosen", () => {
    expect(positionsOption(undefined)).toBeNull();
    expect(positionsOption(true)!.levels).toEqual({ coarse: 2, fine: 4 });
    expect(positionsOption(0)!.from).toBe(0);
    const dates = positionsOption({ coarse: 7, fine: 10, lists: (l) => l === "all" })!;
    expect(dates.levels).toEqual({ coarse: 7, fine: 10 });
    expect([dates.lists("all"), dates.lists("month#2024-07")]).toEqual([true, false]);
  });
});

describe("freshness", () => {
  it("a save must send last_saved as a time: missing, null, an object or text is a 400 naming the field", () => {
    for (const body of [{}, { last_saved: null }, { last_saved: { at: "2026-11-22T10:00:00Z" } }, { last_saved: 1 }, { last_saved: "yesterday" }, { last_saved: "" }, null, []]) {
      let error: unknown;
      try {
        lastSavedOf(body);
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(body)).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).errors).toEqual({ last_saved: LAST_SAVED_ERROR });
    }
    expect(lastSavedOf({ last_saved: "2026-11-22T10:00:00.123Z" })).toBe("2026-11-22T10:00:00.123Z");
  });

  it("a stale time is not fresh", () => {
    expect(isFresh("2026-11-22T10:00:00.123Z", "2026-11-22T10:00:00.123Z")).toBe(true);
    expect(isFresh("2026-11-22T10:00:05.000Z", "2026-11-22T10:00:00.123Z")).toBe(false);
  });
});

describe("exclusive ranges", () => {
  it("meet when they share a day, both ends inclusive; open-ended runs on", () => {
    expect(overlaps({ from: "2026-01-01", to: "2026-01-05" }, { from: "2026-01-05", to: "2026-01-09" })).toBe(true);
    expect(overlaps({ from: "2026-01-01", to: "2026-01-04" }, { from: "2026-01-05", to: "2026-01-09" })).toBe(false);
    expect(overlaps({ from: "2026-01-01", to: null }, { from: "2030-01-05", to: "2030-01-09" })).toBe(true);
  });
});

describe("records written in another record's transaction", () => {
  // Operations as text, to look into (service.ts `TxItem`: real ElectroDB transaction items).
  const text = (o: TxItem) => JSON.stringify(o);
  const mark = (name: string): TxItem => ({ Put: { Item: { name } } });
  const saved = { id: 7, now: "2026-01-01T00:00:00.000Z", base: null, record: {}, items: 60 };

  it("adds a count two of them share once (one operation per item in a transaction)", async () => {
    const planned = (id: number) => ({
      record: () => mark(`inspection ${id}`),
      writes: [
        { op: "counter-add" as const, name: "inspection", live: 1 },
        { op: "entry-put" as const, list: "inspection#all", sort: "2026", id, tags: undefined },
        { op: "facet-add" as const, facet: "inspection#pos", value: "0", live: 1 },
      ],
    });
    const extra = writeTogether(async () => [planned(1), planned(2)]);
    await extra.prepare!(saved);
    const ops = extra.ops!(saved);
    const counters = ops.filter((o) => text(o).includes("\"$counter_1\""));
    expect(counters).toHaveLength(1);
    expect(text(counters[0])).toContain(":live_u0\":2");
    const facets = ops.filter((o) => text(o).includes("\"$facet_1#value_0\""));
    expect(facets).toHaveLength(1);
    expect(text(facets[0])).toContain(":live_u0\":2");
    expect(ops.filter((o) => text(o).includes("inspection#all"))).toHaveLength(2);
    expect(extra.items!()).toBe(ops.length);
    expect(ops).toHaveLength(6);
  });

  it("drops a count that adds up to nothing", async () => {
    const extra = writeTogether(async () => [
      { record: () => mark("a"), writes: [{ op: "counter-add" as const, name: "inspection#list#open", live: 1 }] },
      { record: () => mark("b"), writes: [{ op: "counter-add" as const, name: "inspection#list#open", live: -1 }] },
    ]);
    await extra.prepare!(saved);
    expect(extra.ops!(saved)).toEqual([mark("a"), mark("b")]);
  });

  it("prepares joined extras in turn, each told the items of the ones before it", async () => {
    const seen: number[] = [];
    const first = { prepare: async (s: { items: number }) => void seen.push(s.items), items: () => 11, ops: () => [mark("x")] };
    const second = { prepare: async (s: { items: number }) => void seen.push(s.items), ops: () => [mark("y"), mark("z")], outside: { finance_agreements: [] } };
    const joined = joinExtras(first, undefined, second)!;
    await joined.prepare!(saved);
    expect(seen).toEqual([60, 71]);
    expect(joined.ops!(saved)).toEqual([mark("x"), mark("y"), mark("z")]);
    expect(joined.outside).toEqual({ finance_agreements: [] });
    expect(joinExtras(undefined, second)).toBe(second);
  });
});
