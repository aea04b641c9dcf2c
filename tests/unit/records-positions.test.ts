import { describe, expect, it } from "vitest";
import {
  ID_COARSE,
  ID_FINE,
  coarseFacet,
  fineFacet,
  firstIdOf,
  idBuckets,
  inListOrder,
  locate,
  nearEdge,
  planPage,
  positionBucket,
  positionDeltas,
  sortBuckets,
  total,
} from "../../core/platform/records/positions.js";

/** Position counts (core/platform/records/positions.ts): buckets, count changes, where a page starts. */
describe("buckets", () => {
  it("id order: fine buckets of 25 ids inside coarse buckets of 2,500, padded so they sort as numbers", () => {
    expect(idBuckets(1)).toEqual({ coarse: "00000000", fine: "0000000000" });
    expect(idBuckets(24)).toEqual(idBuckets(1));
    expect(idBuckets(25).fine).toBe("0000000001");
    expect(idBuckets(2499).coarse).toBe("00000000");
    expect(idBuckets(2500)).toEqual({ coarse: "00000001", fine: "0000000100" });
    expect(firstIdOf(idBuckets(2612).fine, "fine")).toBe(2600);
    expect(firstIdOf(idBuckets(2612).coarse, "coarse")).toBe(2500);
    expect(ID_COARSE % ID_FINE).toBe(0);
  });

  it("sort order: prefixes of the stored sort text (sort, then #id_<id12>), in code points", () => {
    expect(sortBuckets("midland", 7, { coarse: 2, fine: 4 })).toEqual({ coarse: "mi", fine: "midl" });
    // Short sort text runs into the id, so one-letter names still split by id.
    expect(sortBuckets("a", 7, { coarse: 2, fine: 4 })).toEqual({ coarse: "a#", fine: "a#id" });
    expect(sortBuckets("2024-07-01", 123, { coarse: 7, fine: 10 })).toEqual({ coarse: "2024-07", fine: "2024-07-01" });
    expect(sortBuckets("émile", 1, { coarse: 2, fine: 4 }).coarse).toBe("ém");
    // The coarse bucket of the default text levels is the 2-character prefix kept by releases before.
    for (const s of ["a", "ab", "midland", "~", "émile"]) expect(sortBuckets(s, 9, { coarse: 2, fine: 4 }).coarse).toBe(positionBucket(s));
  });
});

describe("count changes", () => {
  it("an entry arriving raises its coarse and fine counts; leaving lowers them", () => {
    const b = sortBuckets("midland", 7, { coarse: 2, fine: 4 });
    expect(positionDeltas([{ scope: "contact#all", buckets: b, by: 1 }])).toEqual([
      { facet: coarseFacet("contact#all"), value: "mi", live: 1 },
      { facet: fineFacet("contact#all", "mi"), value: "midl", live: 1 },
    ]);
    expect(coarseFacet("contact#all")).toBe("pos#contact#all");
    expect(fineFacet("contact#all", "mi")).toBe("pos#contact#all>mi");
  });

  it("an indexed list's counts (inline): the fine changes on the coarse item, no fine items", () => {
    const levels = { coarse: 7, fine: 10 };
    expect(positionDeltas([
      { scope: "l", buckets: sortBuckets("2034-03-30", 1, levels), by: -1 },
      { scope: "l", buckets: sortBuckets("2034-04-02", 1, levels), by: 1 },
    ], { inline: true })).toEqual([
      { facet: "pos#l", value: "2034-03", live: -1, fine: { "f:-30": -1 } },
      { facet: "pos#l", value: "2034-04", live: 1, fine: { "f:-02": 1 } },
    ]);
    // Within the month: the one coarse item, its count unchanged, its days moved.
    expect(positionDeltas([
      { scope: "l", buckets: sortBuckets("2034-03-30", 1, levels), by: -1 },
      { scope: "l", buckets: sortBuckets("2034-03-02", 1, levels), by: 1 },
    ], { inline: true })).toEqual([{ facet: "pos#l", value: "2034-03", live: 0, fine: { "f:-30": -1, "f:-02": 1 } }]);
  });

  it("a move within one bucket writes nothing; a move between fine buckets of one coarse bucket writes only the fine counts", () => {
    const levels = { coarse: 2, fine: 4 };
    expect(positionDeltas([
      { scope: "l", buckets: sortBuckets("midland", 1, levels), by: -1 },
      { scope: "l", buckets: sortBuckets("midlands", 1, levels), by: 1 },
    ])).toEqual([]);
    expect(positionDeltas([
      { scope: "l", buckets: sortBuckets("midland", 1, levels), by: -1 },
      { scope: "l", buckets: sortBuckets("milton", 1, levels), by: 1 },
    ])).toEqual([
      { facet: "pos#l>mi", value: "midl", live: -1 },
      { facet: "pos#l>mi", value: "milt", live: 1 },
    ]);
  });
});

describe("where a page starts", () => {
  it("buckets are taken in DynamoDB's byte order, reversed for a descending list, empty ones dropped", () => {
    const raw = [{ value: "b", live: 2 }, { value: "é", live: 1 }, { value: "a", live: 0 }, { value: "Z", live: 3 }, { value: "~", live: 1 }];
    expect(inListOrder(raw, "asc").map((b) => b.value)).toEqual(["Z", "b", "~", "é"]);
    expect(inListOrder(raw, "desc").map((b) => b.value)).toEqual(["é", "~", "b", "Z"]);
    expect(total(inListOrder(raw, "asc"))).toBe(7);
  });

  it("locate gives the bucket holding a position and the entries before it", () => {
    const buckets = [{ value: "a", live: 3 }, { value: "b", live: 2 }, { value: "c", live: 4 }];
    expect(locate(buckets, 0)).toEqual({ index: 0, before: 0 });
    expect(locate(buckets, 2)).toEqual({ index: 0, before: 0 });
    expect(locate(buckets, 3)).toEqual({ index: 1, before: 3 });
    expect(locate(buckets, 8)).toEqual({ index: 2, before: 5 });
    expect(locate(buckets, 9)).toBeNull();
  });

  it("near either end a page skips from that end; further in it reads the counts", () => {
    expect(planPage(100, 100, 25, 50)).toEqual({ read: "none" });
    expect(planPage(100_000, 0, 25, 50)).toEqual({ read: "start", skip: 0, take: 25 });
    expect(planPage(100_000, 25, 25, 50)).toEqual({ read: "start", skip: 25, take: 25 });
    // The last page (99,976-100,000) skips nothing from the end; the one before it 25.
    expect(planPage(100_000, 99_975, 25, 50)).toEqual({ read: "end", skip: 0, take: 25 });
    expect(planPage(100_000, 99_950, 25, 50)).toEqual({ read: "end", skip: 25, take: 25 });
    expect(planPage(100_000, 50_000, 25, 50)).toEqual({ read: "positions", offset: 50_000, take: 25 });
    // A short last page.
    expect(planPage(110, 100, 25, 50)).toEqual({ read: "end", skip: 0, take: 10 });
    // Without position counts: always the nearer end.
    expect(planPage(100_000, 40_000, 25, null)).toEqual({ read: "start", skip: 40_000, take: 25 });
    expect(planPage(100_000, 60_000, 25, null)).toEqual({ read: "end", skip: 39_975, take: 25 });
  });

  it("two levels find any position: the fine bucket and fewer than a bucket's worth to skip", () => {
    // 100,000 ids with every seventh deleted, counted as the engine counts them.
    const coarse = new Map<string, number>();
    const fine = new Map<string, Map<string, number>>();
    const live: number[] = [];
    for (let id = 1; id <= 100_000; id++) {
      if (id % 7 === 0) continue;
      live.push(id);
      const b = idBuckets(id);
      coarse.set(b.coarse, (coarse.get(b.coarse) ?? 0) + 1);
      if (!fine.has(b.coarse)) fine.set(b.coarse, new Map());
      fine.get(b.coarse)!.set(b.fine, (fine.get(b.coarse)!.get(b.fine) ?? 0) + 1);
    }
    const asBuckets = (m: Map<string, number>) => inListOrder([...m].map(([value, n]) => ({ value, live: n })), "asc");
    for (const offset of [0, 1, 24, 2_142, 42_856, 50_000, 85_713]) {
      const c = locate(asBuckets(coarse), offset)!;
      const cb = asBuckets(coarse)[c.index];
      const fb = asBuckets(fine.get(cb.value)!);
      const f = locate(fb, offset - c.before)!;
      const skip = offset - c.before - f.before;
      expect(skip).toBeLessThan(ID_FINE);
      // Reading live ids from the fine bucket's first id, skipping `skip`, lands on the record at `offset`.
      const start = firstIdOf(fb[f.index].value, "fine");
      const from = live.filter((id) => id >= start);
      expect(from[skip]).toBe(live[offset]);
    }
  });
});

describe("a page near a boundary between coarse buckets (no fine counts read)", () => {
  const coarse = [
    { value: "aa", live: 30 },
    { value: "bb", live: 400 },
    { value: "cc", live: 70 },
  ];
  it("reads on from the start of the bucket after the nearest boundary, or back from the end of the bucket before it", () => {
    // Entries 30-54: the start of "bb".
    expect(nearEdge(coarse, 500, 30, 25, 100)).toEqual({ on: { bucket: "bb", skip: 0, take: 25 } });
    expect(nearEdge(coarse, 500, 120, 25, 100)).toEqual({ on: { bucket: "bb", skip: 90, take: 25 } });
    // Entries 380-404: 25 before the end of "bb".
    expect(nearEdge(coarse, 500, 380, 25, 100)).toEqual({ back: { bucket: "bb", skip: 25, take: 25 } });
    // The last entries: back from the end of "cc".
    expect(nearEdge(coarse, 500, 475, 25, 0)).toEqual({ back: { bucket: "cc", skip: 0, take: 25 } });
  });
  it("reads a page across a boundary both ways at once, skipping nothing", () => {
    // Entries 420-454: 10 at the end of "bb", 25 at the start of "cc".
    expect(nearEdge(coarse, 500, 420, 35, 0)).toEqual({ back: { bucket: "bb", skip: 0, take: 10 }, on: { bucket: "cc", skip: 0, take: 25 } });
    expect(nearEdge(coarse, 500, 20, 25, 0)).toEqual({ back: { bucket: "aa", skip: 0, take: 10 }, on: { bucket: "bb", skip: 0, take: 15 } });
  });
  it("is null deep inside a large bucket, past the end, or when the counts do not add up", () => {
    expect(nearEdge(coarse, 500, 200, 25, 100)).toBeNull();
    expect(nearEdge(coarse, 500, 200, 25, 0)).toBeNull();
    expect(nearEdge(coarse, 500, 500, 25, 100)).toBeNull();
    expect(nearEdge(coarse, 501, 30, 25, 100)).toBeNull();
  });
});

describe("fine counts on the coarse item", () => {
  it("are added to an update's ADD clause (or SET), and read back as the bucket's fine buckets in list order", async () => {
    const { withFineCounts, inlineFineOf, inlineFineName } = await import("../../core/platform/records/positions.js");
    expect(inlineFineName("2024-03", "2024-03-15")).toBe("f:-15");
    const added = withFineCounts({ UpdateExpression: "SET #a = :a ADD #live :live", ExpressionAttributeNames: { "#live": "live" }, ExpressionAttributeValues: { ":live": 1 } }, { "f:-15": 1, "f:-02": -1 }, "ADD");
    expect(added.UpdateExpression).toBe("SET #a = :a ADD #pf0 :pf0, #pf1 :pf1, #live :live");
    expect(added.ExpressionAttributeNames).toMatchObject({ "#pf0": "f:-15", "#pf1": "f:-02" });
    expect(added.ExpressionAttributeValues).toMatchObject({ ":pf0": 1, ":pf1": -1 });
    expect(withFineCounts({ UpdateExpression: "SET #live = :live" }, { "f:-15": 3 }, "SET").UpdateExpression).toBe("SET #pf0 = :pf0, #live = :live");
    expect(withFineCounts({ UpdateExpression: "SET #live = :live" }, { "f:-15": 3 }, "ADD").UpdateExpression).toBe("SET #live = :live ADD #pf0 :pf0");
    const item = { value: "2024-03", live: 5, "f:-15": 2, "f:-02": 3, "f:-20": 0 };
    expect(inlineFineOf("2024-03", item, "asc")).toEqual([{ value: "2024-03-02", live: 3 }, { value: "2024-03-15", live: 2 }]);
    expect(inlineFineOf("2024-03", item, "desc")!.map((b) => b.value)).toEqual(["2024-03-15", "2024-03-02"]);
    expect(inlineFineOf("2024-03", { value: "2024-03", live: 5 }, "asc")).toBeUndefined();
  });
});
