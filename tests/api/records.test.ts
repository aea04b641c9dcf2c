import { describe, expect, it, vi } from "vitest";
import * as z from "zod";
import "../support/api.js";
import { defineRecordType, positionBucket } from "../../core/platform/records.js";
import { Facet } from "../../core/platform/service.js";
import { bool, requiredText, text } from "../../core/platform/fields.js";
import { ValidationError, ConflictError } from "../../core/platform/errors.js";

/** The shared record mechanism's indexed lists and unique values, on a type of its own. */
const Van = defineRecordType({
  type: "testvan",
  label: "Test van",
  fields: z.object({ registration: requiredText("Registration is required"), status: text(20), external: bool() }),
  lists: (r) => [
    { list: `status#${r.status ?? "NONE"}`, sort: r.registration },
    { list: "all", sort: r.registration },
  ],
  unique: (r) => (r.external ? [] : [{ scope: "registration", value: r.registration, message: "This registration is already on the fleet" }]),
});

describe("indexed lists", () => {
  it("keep membership, order and counts through create, save and delete", async () => {
    const a = await Van.create({ registration: "CC11 CCC", status: "ACTIVE" }, "t");
    const b = await Van.create({ registration: "AA11 AAA", status: "ACTIVE" }, "t");
    const c = await Van.create({ registration: "BB11 BBB", status: "SOLD" }, "t");
    let active = await Van.listIn("status#ACTIVE", { page: 1, page_size: 25 });
    expect(active.count).toBe(2);
    expect(active.results.map((r) => r.registration)).toEqual(["AA11 AAA", "CC11 CCC"]);
    await Van.update(c.id, { ...c, status: "ACTIVE" }, "t");
    active = await Van.listIn("status#ACTIVE", { page: 1, page_size: 2 });
    expect(active.count).toBe(3);
    expect(active.results.map((r) => r.registration)).toEqual(["AA11 AAA", "BB11 BBB"]);
    expect((await Van.listIn("status#ACTIVE", { page: 2, page_size: 2 })).results.map((r) => r.registration)).toEqual(["CC11 CCC"]);
    expect((await Van.listIn("status#SOLD", { page: 1, page_size: 25 })).count).toBe(0);
    expect((await Van.listIn("status#ACTIVE", { page: 1, page_size: 25, search: "bb" })).results.map((r) => r.id)).toEqual([c.id]);
    await Van.remove(a.id, "t");
    expect((await Van.listIn("status#ACTIVE", { page: 1, page_size: 25 })).count).toBe(2);
    expect((await Van.listIn("all", { page: 1, page_size: 25 })).count).toBe(2);
    await Van.remove(b.id, "t");
    await Van.remove(c.id, "t");
  });
});

describe("unique values", () => {
  it("refuse a second record with a taken value, with the rule's message", async () => {
    const first = await Van.create({ registration: "AB12 CDE", status: "ACTIVE" }, "t");
    await expect(Van.create({ registration: "ab12 cde ", status: "ACTIVE" }, "t")).rejects.toThrow(ValidationError);
    await expect(Van.create({ registration: "AB12 CDE", status: "ACTIVE" }, "t")).rejects.toThrow("This registration is already on the fleet");
    // Not subject to the rule: allowed.
    await Van.create({ registration: "AB12 CDE", external: true }, "t");
    // Renaming frees the old value.
    await Van.update(first.id, { ...first, registration: "XY99 ZZZ" }, "t");
    await Van.create({ registration: "AB12 CDE", status: "ACTIVE" }, "t");
  });

  it("hold under concurrent creates: exactly one wins", async () => {
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => Van.create({ registration: "RACE 1", status: "ACTIVE" }, "t")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) expect((r).reason).toBeInstanceOf(ValidationError);
    // The unused ids are gaps, so paging the whole type stays exact.
    const all = await Van.list({ page: 1, page_size: 1000 });
    const page2 = await Van.list({ page: 2, page_size: 3 });
    expect(page2.results.map((r) => r.id)).toEqual(all.results.slice(3, 6).map((r) => r.id));
  });

  it("a stale save is still a conflict, not a uniqueness error", async () => {
    const v = await Van.create({ registration: "ST41 LEE" }, "t");
    await Van.update(v.id, { ...v, status: "SOLD" }, "t");
    await expect(Van.update(v.id, { ...v, status: "ACTIVE" }, "t")).rejects.toThrow(ConflictError);
  });
});

/** Lists with filter tags, ranges, both orders, counts, facets and claim look-ups. */
const Hire = defineRecordType({
  type: "testhire",
  label: "Test hire",
  fields: z.object({ registration: requiredText("Registration is required"), status: text(20), make: text(20), due: text(10) }),
  lists: (r) => [
    { list: `status#${r.status ?? "NONE"}`, sort: r.due ?? "~", tags: [`make=${r.make ?? "~"}`] },
    { list: "all", sort: r.registration, tags: [`make=${r.make ?? "~"}`, `status=${r.status ?? "~"}`] },
  ],
  facets: (r) => [{ facet: `status#${r.status ?? "NONE"}`, value: `make#${r.make ?? "~"}` }],
  unique: (r) => [{ scope: "reg", value: r.registration, message: "Taken" }],
});

describe("indexed lists: tags, ranges, order, counts, facets, claims", () => {
  it("filters by tags, reads ranges inclusively, pages both ways and keeps tags and facets current", async () => {
    const a = await Hire.create({ registration: "A1", status: "ACTIVE", make: "ford", due: "2026-01-01" }, "t");
    const b = await Hire.create({ registration: "B1", status: "ACTIVE", make: "ford", due: "2026-01-02" }, "t");
    const c = await Hire.create({ registration: "C1", status: "ACTIVE", make: null, due: "2026-01-02" }, "t");
    const d = await Hire.create({ registration: "D1", status: "SOLD", make: "vw", due: "2026-01-03" }, "t");

    const ford = await Hire.listIn("status#ACTIVE", { page: 1, page_size: 25, tags: ["make=ford"] });
    expect(ford.count).toBe(2);
    expect(ford.results.map((r) => r.id)).toEqual([a.id, b.id]);
    expect((await Hire.listIn("status#ACTIVE", { page: 1, page_size: 25, tags: ["make=~"] })).results.map((r) => r.id)).toEqual([c.id]);
    expect(await Hire.idsIn("all", { tags: ["make=ford", "status=active"] })).toEqual([a.id, b.id]);

    expect(await Hire.idsIn("status#ACTIVE", { to: "2026-01-02" })).toEqual([a.id, b.id, c.id]);
    expect(await Hire.idsIn("status#ACTIVE", { from: "2026-01-02" })).toEqual([b.id, c.id]);
    expect(await Hire.idsIn("status#ACTIVE", { from: "2026-01-02", to: "2026-01-02" })).toEqual([b.id, c.id]);
    expect((await Hire.listIn("status#ACTIVE", { page: 1, page_size: 2, order: "desc" })).results.map((r) => r.id)).toEqual([c.id, b.id]);
    expect((await Hire.listIn("status#ACTIVE", { page: 2, page_size: 2, order: "desc" })).results.map((r) => r.id)).toEqual([a.id]);

    expect(await Hire.counts(["status#ACTIVE", "status#SOLD", "status#NONE"])).toEqual({ "status#ACTIVE": 3, "status#SOLD": 1, "status#NONE": 0 });
    expect(await Hire.facetValues("status#ACTIVE")).toEqual([
      { value: "make#ford", count: 2 },
      { value: "make#~", count: 1 },
    ]);

    // A new make keeps the entry's place and rewrites its tags and the facet counts.
    await Hire.update(b.id, { ...b, make: "vw" }, "t");
    expect(await Hire.idsIn("status#ACTIVE", { tags: ["make=vw"] })).toEqual([b.id]);
    expect(await Hire.facetValues("status#ACTIVE")).toEqual([
      { value: "make#ford", count: 1 },
      { value: "make#vw", count: 1 },
      { value: "make#~", count: 1 },
    ]);
    await Hire.remove(d.id, "t");
    expect(await Hire.facetValues("status#SOLD")).toEqual([]);

    const held = await Hire.claimedBy("reg", ["a1", "C1", "ZZ9"]);
    expect(held.get("a1")).toBe(a.id);
    expect(held.get("C1")).toBe(c.id);
    expect(held.has("ZZ9")).toBe(false);
  });

  it("counts a record once in a list where it has several entries (a registration and a fleet number)", async () => {
    const Twice = defineRecordType({
      type: "testtwice",
      label: "Test twice",
      fields: z.object({ registration: requiredText("Registration is required"), fleet: text(10) }),
      lists: (r) => [{ list: "search", sort: r.registration }, ...(r.fleet ? [{ list: "search", sort: r.fleet }] : [])],
    });
    const a = await Twice.create({ registration: "ab12cde", fleet: "21001" }, "t");
    await Twice.create({ registration: "21x", fleet: null }, "t");
    expect(await Twice.counts(["search"])).toEqual({ search: 2 });
    // A search matching both of a record's entries finds it once.
    expect(await Twice.idsIn("search", { search: "21" })).toHaveLength(2);
    await Twice.update(a.id, { ...a, fleet: null }, "t");
    expect(await Twice.counts(["search"])).toEqual({ search: 2 });
    await Twice.remove(a.id, "t");
    expect(await Twice.counts(["search"])).toEqual({ search: 1 });
  });

  it("refuses, writing nothing, a save that would need more than one transaction", async () => {
    const Wide = defineRecordType({
      type: "testwide",
      label: "Test wide",
      fields: z.object({ name: requiredText("Name is required"), n: text(5) }),
      lists: (r) => Array.from({ length: Number(r.n ?? 0) }, (_, i) => ({ list: `l${i}`, sort: r.name })),
    });
    const ok = await Wide.create({ name: "fits", n: "30" }, "t");
    await expect(Wide.create({ name: "too wide", n: "60" }, "t")).rejects.toThrow(/too much at once/);
    expect((await Wide.list({ page: 1, page_size: 25 })).count).toBe(1);
    // Moving 30 entries and adding 30 more (with their counters) is more than one transaction holds.
    await expect(Wide.update(ok.id, { ...ok, name: "moved", n: "60" }, "t")).rejects.toThrow(/too much at once/);
    expect((await Wide.get(ok.id)).name).toBe("fits");
  });
});

describe("indexed list pages past the middle", () => {
  it("are read from the nearer end and match reading from the start, in both orders", async () => {
    const Row = defineRecordType({
      type: "testrow",
      label: "Test row",
      fields: z.object({ name: requiredText("Name is required") }),
      lists: (r) => [{ list: "all", sort: r.name }],
    });
    const names = Array.from({ length: 11 }, (_, i) => `row ${String.fromCharCode(107 - i)}`); // "row k" .. "row a", created out of order
    for (const name of names) await Row.create({ name }, "t");
    const sorted = [...names].sort();
    for (const order of ["asc", "desc"] as const) {
      const expected = order === "asc" ? sorted : [...sorted].reverse();
      for (const page_size of [1, 2, 3, 4, 5, 11, 25]) {
        const pages = Math.ceil(11 / page_size);
        for (let page = 1; page <= pages + 1; page++) {
          const res = await Row.listIn("all", { page, page_size, order });
          expect(res.count).toBe(11);
          expect(res.results.map((r) => r.name), `${order} page ${page} of ${page_size}`).toEqual(expected.slice((page - 1) * page_size, page * page_size));
        }
      }
    }
  });
});

describe("indexed lists kept with positions (listPositions)", () => {
  const Named = defineRecordType({
    type: "testnamed",
    label: "Test named",
    fields: z.object({ name: requiredText("Name is required"), live: bool() }),
    lists: (r) => (r.live === false ? [] : [{ list: "live", sort: r.name }]),
    // Every page through the prefix counts (contacts use them past 250 entries).
    listPositions: 0,
  });
  // The stored order: sort text then "#id_<id12>", byte by byte.
  const stored = (rows: Array<{ id: number; name: string }>) =>
    [...rows].sort((a, b) => Buffer.compare(Buffer.from(`${a.name.toLowerCase()}#id_${String(a.id).padStart(12, "0")}`), Buffer.from(`${b.name.toLowerCase()}#id_${String(b.id).padStart(12, "0")}`)));
  /** The prefix counts as stored: they must add up to the list, so pages are read through them. */
  const buckets = async () => {
    const res: any = await Facet.query.byFacet({ facet: "pos#testnamed#live" }).go({ pages: "all" } as any);
    return Object.fromEntries((res.data as Array<{ value: string; live: number }>).filter((b) => b.live > 0).map((b) => [b.value, b.live]));
  };
  const expectedBuckets = (rows: Array<{ name: string }>) => {
    const out: Record<string, number> = {};
    for (const r of rows) out[positionBucket(r.name.toLowerCase())] = (out[positionBucket(r.name.toLowerCase())] ?? 0) + 1;
    return out;
  };
  const everyPage = async (expected: Array<{ id: number; name: string }>) => {
    expect(await buckets()).toEqual(expectedBuckets(expected));
    for (const order of ["asc", "desc"] as const) {
      const want = order === "asc" ? expected : [...expected].reverse();
      for (const page_size of [1, 2, 3, 5, 7, 25]) {
        for (let page = 1; page <= Math.ceil(want.length / page_size) + 1; page++) {
          const res = await Named.listIn("live", { page, page_size, order });
          expect(res.count).toBe(want.length);
          expect(res.results.map((r) => r.id), `${order} page ${page} of ${page_size}`).toEqual(want.slice((page - 1) * page_size, page * page_size).map((r) => r.id));
        }
      }
    }
  };

  it("page exactly like reading from the start, through creates, moves and deletes", async () => {
    // One-letter names, spaces and punctuation sort around the "#" that follows the name.
    const names = ["a", "A b", "a!", "ab", "Ab", "a$", "b", "ba", "b c", "Zed", "~", "10 Ltd", "1", "Émile", "mi", "Midland", "milton", "a"];
    const rows: Array<{ id: number; name: string }> = [];
    for (const name of names) rows.push((await Named.create({ name }, "t")));
    await everyPage(stored(rows));

    // Out of the list, and back under another name: the prefix counts follow.
    const moved = rows[2] as any;
    await Named.update(moved.id, { ...moved, live: false }, "t");
    const without = rows.filter((r) => r.id !== moved.id);
    await everyPage(stored(without));
    const renamed = (await Named.update(moved.id, { name: "Mz", live: true, last_saved: (await Named.get(moved.id)).last_saved }, "t")) as any;
    const back = [...without, renamed];
    await everyPage(stored(back));
    for (const r of back.slice(0, 6)) await Named.remove(r.id, "t");
    await everyPage(stored(back.slice(6)));
  });
});

describe("index upgrades", () => {
  it("index the records saved by an earlier release as the new release indexes them, once", async () => {
    const { upgradeIndexes } = await import("../../core/platform/upgrades.js");
    // Release 1 lists vans by status only.
    const Before = defineRecordType({
      type: "upgradevan",
      label: "Van",
      fields: z.object({ registration: requiredText("Registration is required"), status: text(20), value: z.number().int().nullable().optional() }),
      lists: (r) => [{ list: `status#${r.status}`, sort: r.registration }],
    });
    const saved = [];
    for (const [reg, value] of [["CC1", 300], ["AA1", 100], ["BB1", 250]] as const) saved.push(await Before.create({ registration: reg, status: "ACTIVE", value }, "t"));
    // Release 2 also lists them by registration and keeps the total of their values.
    const After = defineRecordType({
      type: "upgradevan",
      label: "Van",
      fields: Before.fields,
      lists: (r) => [
        { list: `status#${r.status}`, sort: r.registration },
        { list: "byreg", sort: r.registration, tags: [`s=${r.status}`] },
      ],
      facets: (r) => [{ facet: "total", value: String(r.status), amount: r.value ?? 0 }],
      indexVersion: 2,
    });
    expect((await After.listIn("byreg", { page: 1, page_size: 25 })).count).toBe(0);

    const done = await upgradeIndexes();
    // The type's version 2 on top of the engine's (core/platform/records/define.ts ENGINE_INDEX_VERSION).
    const { ENGINE_INDEX_VERSION } = await import("../../core/platform/records.js");
    expect(done.filter((d) => d.type === "upgradevan").at(-1)).toEqual({ type: "upgradevan", from: ENGINE_INDEX_VERSION, to: ENGINE_INDEX_VERSION + 1, records: 3 });
    const byReg = await After.listIn("byreg", { page: 1, page_size: 25 });
    expect(byReg.count).toBe(3);
    expect(byReg.results.map((r) => r.registration)).toEqual(["AA1", "BB1", "CC1"]);
    expect((await After.listIn("byreg", { page: 1, page_size: 25, tags: ["s=ACTIVE"] })).count).toBe(3);
    expect(await After.facetValues("total")).toEqual([{ value: "active", count: 650 }]);
    expect((await After.listIn("status#ACTIVE", { page: 1, page_size: 25 })).count).toBe(3);

    // Once only; and saves after it move the rebuilt counts from the right place.
    expect((await upgradeIndexes()).find((d) => d.type === "upgradevan")).toBeUndefined();
    await After.update(saved[0].id, { status: "SOLD", last_saved: saved[0].last_saved }, "t", { partial: true });
    expect((await After.listIn("byreg", { page: 1, page_size: 25, tags: ["s=ACTIVE"] })).count).toBe(2);
    expect(await After.facetValues("total")).toEqual(expect.arrayContaining([{ value: "active", count: 350 }, { value: "sold", count: 300 }]));
  });
});

describe("the one search normaliser (issue 23)", () => {
  it("a record's search text folds accents, the term too; the index upgrade rewrites an old record's accented search text", async () => {
    const { upgradeIndexes } = await import("../../core/platform/upgrades.js");
    const Make = defineRecordType({ type: "searchmake", label: "Make", fields: z.object({ name: requiredText("Name is required") }), searchOf: (r) => r.name });
    const citroen = await Make.create({ name: "Citroën" }, "t");
    await Make.create({ name: "Ford" }, "t");
    // Staff type it with or without its accent, in any case.
    for (const term of ["citroen", "Citroën", "CITRO"]) expect((await Make.list({ page: 1, page_size: 25, search: term })).results.map((r) => r.id), term).toEqual([citroen.id]);
    // A record saved by a release before (its search text lower-cased, accents kept) is found only once the upgrade rewrote it.
    const old = await Make.create({ name: "Škoda" }, "t");
    await Make.entity.patch({ record_type: "searchmake", id: old.id }).set({ search_text: "škoda" }).go();
    expect((await Make.list({ page: 1, page_size: 25, search: "skoda" })).count).toBe(0);
    const done = await upgradeIndexes();
    expect(done.find((d) => d.type === "searchmake")).toMatchObject({ records: 3 });
    expect((await Make.list({ page: 1, page_size: 25, search: "skoda" })).results.map((r) => r.id)).toEqual([old.id]);
    // Only the search text: its last_saved is as it was.
    expect((await Make.get(old.id)).last_saved).toBe(old.last_saved);
  });
});

/** The raw stored item, as DynamoDB holds it (for sizes and leftover attributes). */
async function rawItem(entity: any, key: Record<string, unknown>) {
  const { GetCommand } = await import("@aws-sdk/lib-dynamodb");
  const { documentClient } = await import("../../core/platform/table.js");
  const { Key } = entity.get(key).params();
  return (await documentClient().send(new GetCommand({ TableName: (await import("../../core/platform/config.js")).config.tableName, Key }))).Item ?? null;
}
const sizeOf = (item: unknown) => Buffer.byteLength(JSON.stringify(item ?? {}));

describe("the type's counter and id positions (no set of deleted ids)", () => {
  const Gone = defineRecordType({
    type: "testgone",
    label: "Test gone",
    fields: z.object({ name: requiredText("Name is required") }),
    unique: (r) => [{ scope: "name", value: r.name, message: "That name is taken" }],
  });

  it("a create after many deletes writes no item that grew; a refused create records nothing", async () => {
    const { Counter } = await import("../../core/platform/service.js");
    const made = [];
    for (let i = 0; i < 120; i++) made.push(await Gone.create({ name: `gone ${i}` }, "t"));
    const counterAtStart = sizeOf(await rawItem(Counter, { name: "testgone" }));
    for (const r of made.slice(0, 100)) await Gone.remove(r.id, "t");
    const counter = await rawItem(Counter, { name: "testgone" });
    expect(counter).not.toHaveProperty("deleted");
    expect(counter!.live).toBe(20);
    // The counter is the same size after 100 deletes as before them (numbers of the same width aside).
    expect(sizeOf(counter)).toBeLessThanOrEqual(counterAtStart + 2);
    // The position counts are one small item per bucket: 2,500 ids, and 25 ids.
    const coarse: any = await Facet.query.byFacet({ facet: "pos#testgone" }).go({ pages: "all" } as any);
    expect(coarse.data).toHaveLength(1);
    expect(Math.max(...coarse.data.map(sizeOf))).toBeLessThan(200);

    // Refused (a taken name): the counter keeps its size, and nothing records the refusal.
    await expect(Gone.create({ name: "gone 110" }, "t")).rejects.toThrow("That name is taken");
    const after = await rawItem(Counter, { name: "testgone" });
    expect(after).not.toHaveProperty("deleted");
    expect(after!.live).toBe(20);
    expect(sizeOf(after)).toBeLessThanOrEqual(sizeOf(counter) + 1);
    expect((await Gone.list({ page: 1, page_size: 25 })).results.map((r) => r.name)).toEqual(made.slice(100).map((r) => r.name));
  });
});

describe("pages of the id order", () => {
  const Paged = defineRecordType({ type: "testpaged", label: "Test paged", fields: z.object({ name: requiredText("Name is required") }) });

  it("any page, first, middle or last, holds the records a full ordered read puts there, through deletes and across buckets", async () => {
    const { Counter } = await import("../../core/platform/service.js");
    // Ids from 2,441: the records straddle a coarse bucket (2,500 ids) and several fine ones (25 ids).
    await Counter.update({ name: "testpaged" }).add({ seq: 2440 }).go();
    const made: any[] = [];
    // Enough that pages between the 50 records nearest either end start from the position counts.
    for (let i = 0; i < 420; i++) made.push(await Paged.create({ name: `p${i}` }, "t"));
    const gone = made.filter((r, i) => i % 3 === 0 || (i >= 40 && i < 75));
    for (const r of gone) await Paged.remove(r.id, "t");
    const positioned = vi.spyOn(Facet.query, "byFacet");
    const check = async () => {
      const all = (await Paged.all()).map((r) => r.id);
      expect(all.length).toBeGreaterThan(250);
      for (const page_size of [7, 25]) {
        const pages = Math.ceil(all.length / page_size);
        for (let page = 1; page <= pages + 1; page++) {
          const res = await Paged.list({ page, page_size });
          expect(res.count).toBe(all.length);
          expect(res.results.map((r: any) => r.id), `page ${page} of ${page_size}`).toEqual(all.slice((page - 1) * page_size, page * page_size));
        }
      }
    };
    await check();
    expect(positioned).toHaveBeenCalledWith({ facet: "pos#testpaged>00000001" });
    // Counts that do not add up (records kept by a release before the counts): pages are read the plain way, still exact.
    await Facet.update({ facet: "pos#testpaged", value: "00000001" }).add({ live: 1 }).go();
    await check();
  });
});

describe("pages of a list by date, newest first (rentals' all list)", () => {
  const Dated = defineRecordType({
    type: "testdated",
    label: "Test dated",
    fields: z.object({ start: requiredText("Start is required") }),
    lists: (r) => [{ list: "all", sort: r.start }],
    listPositions: { coarse: 7, fine: 10, from: 0 },
  });

  it("match a full read in both orders, through deletes", async () => {
    const made: any[] = [];
    const days = ["2024-01-31", "2024-02-01", "2024-02-01", "2024-02-01", "2024-02-14", "2024-03-01", "2023-12-31", "2024-02-29", "2024-02-14", "2025-07-01"];
    for (let i = 0; i < 40; i++) made.push(await Dated.create({ start: days[i % days.length] }, "t"));
    for (const r of made.filter((_, i) => i % 4 === 1)) await Dated.remove(r.id, "t");
    const live = made.filter((_, i) => i % 4 !== 1);
    const key = (r: any) => `${r.start}#id_${String(r.id).padStart(12, "0")}`;
    const asc = [...live].sort((a, b) => Buffer.compare(Buffer.from(key(a)), Buffer.from(key(b)))).map((r) => r.id);
    for (const order of ["asc", "desc"] as const) {
      const want = order === "asc" ? asc : [...asc].reverse();
      for (const page_size of [1, 3, 7, 25]) {
        for (let page = 1; page <= Math.ceil(want.length / page_size) + 1; page++) {
          const res = await Dated.listIn("all", { page, page_size, order });
          expect(res.count).toBe(want.length);
          expect(res.results.map((r) => r.id), `${order} page ${page} of ${page_size}`).toEqual(want.slice((page - 1) * page_size, page * page_size));
        }
      }
    }
  });
});

describe("exclusive ranges, one item each", () => {
  const Booked = defineRecordType({
    type: "testbooked",
    label: "Test booking",
    fields: z.object({ van: z.number().int(), from: requiredText("From is required"), to: text(10) }),
    exclusive: { ranges: (r) => [{ scope: `van#${r.van}`, from: r.from, to: r.to ?? null }], message: (holder) => `Booked by ${holder}` },
  });

  it("two overlapping bookings saved at the same instant: exactly one lands, and the scope holds only it", async () => {
    const results = await Promise.allSettled(
      // Every one holds 5 March, so any two overlap.
      ["2026-03-01", "2026-03-03", "2026-03-05", "2026-03-04"].map((from) => Booked.create({ van: 1, from, to: addDays(from, 4) }, "t")),
    );
    const landed = results.filter((r) => r.status === "fulfilled") as Array<PromiseFulfilledResult<any>>;
    expect(landed).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) expect((r).reason.message).toBe(`Booked by ${landed[0].value.id}`);
    const held = (await Booked.rangesIn(["van#1"], { from: "2026-01-01", to: null })).get("van#1")!;
    expect(held.map((r) => r.id)).toEqual([landed[0].value.id]);
  });

  it("a move racing a new booking into the same dates: exactly one lands", async () => {
    const a = (await Booked.create({ van: 2, from: "2026-05-01", to: "2026-05-03" }, "t")) as any;
    const [moved, created] = await Promise.allSettled([
      Booked.update(a.id, { from: "2026-06-10", to: "2026-06-12", last_saved: a.last_saved }, "t", { partial: true }),
      Booked.create({ van: 2, from: "2026-06-11", to: "2026-06-11" }, "t"),
    ]);
    expect([moved.status, created.status].filter((s) => s === "fulfilled")).toHaveLength(1);
    const june = (await Booked.rangesIn(["van#2"], { from: "2026-06-01", to: "2026-06-30" })).get("van#2")!;
    expect(june).toHaveLength(1);
  });

  it("checks only the ranges that can meet the new one, however long the history, and finds the one that started before", async () => {
    // A year of weekly bookings.
    let day = "2025-01-06";
    for (let i = 0; i < 52; i++, day = addDays(day, 7)) await Booked.create({ van: 3, from: day, to: addDays(day, 2) }, "t");
    // The long booking that started before the window is found; the window's own too.
    await expect(Booked.create({ van: 3, from: "2025-06-04", to: "2025-06-04" }, "t")).rejects.toThrow(/Booked by/);
    await expect(Booked.create({ van: 3, from: "2025-06-01", to: "2025-06-10" }, "t")).rejects.toThrow(/Booked by/);
    expect(await Booked.create({ van: 3, from: "2025-06-05", to: "2025-06-08" }, "t")).toBeTruthy();
    const meeting = (await Booked.rangesIn(["van#3"], { from: "2025-06-03", to: "2025-06-09" })).get("van#3")!;
    expect(meeting.map((r) => r.from)).toEqual(["2025-06-09", "2025-06-05", "2025-06-02"]);
    // Open-ended: meets everything after its start.
    await expect(Booked.create({ van: 3, from: "2025-12-31", to: null }, "t")).rejects.toThrow(/Booked by/);
    expect(await Booked.create({ van: 3, from: "2026-01-10", to: null }, "t")).toBeTruthy();
    await expect(Booked.create({ van: 3, from: "2030-01-01", to: "2030-01-02" }, "t")).rejects.toThrow(/Booked by/);
  });

  it("ranges kept the old way (one growing item per scope) and counters with deleted ids are upgraded, and keep working before it", async () => {
    const { upgradeIndexes } = await import("../../core/platform/upgrades.js");
    const { Counter, DateRange, RangeSet } = await import("../../core/platform/service.js");
    const made: any[] = [];
    for (const from of ["2027-01-01", "2027-02-01", "2027-03-01"]) made.push(await Booked.create({ van: 9, from, to: addDays(from, 5) }, "t"));
    // What the release before stored: the scope's ranges in one item, no range items; the deleted ids on the counter.
    for (const r of made) await DateRange.delete({ scope: "testbooked#van#9", from: r.from, id: r.id }).go();
    await RangeSet.put({ scope: "testbooked#van#9", version: 3, ranges: made.map((r) => ({ id: r.id, from: r.from, to: r.to })) } as any).go();
    await Counter.update({ name: "testbooked" }).add({ deleted: [1, 2, 3] } as any).go();
    await Counter.update({ name: "indexversion#testbooked" }).set({ seq: 1 }).go();

    // Before the upgrade the old list is still read: no double booking.
    await expect(Booked.create({ van: 9, from: "2027-02-03", to: "2027-02-03" }, "t")).rejects.toThrow(`Booked by ${made[1].id}`);

    const done = await upgradeIndexes();
    expect(done.find((d) => d.type === "testbooked")).toMatchObject({ from: 1 });
    const head = await rawItem(RangeSet, { scope: "testbooked#van#9" });
    expect(head).not.toHaveProperty("ranges");
    expect(await rawItem(Counter, { name: "testbooked" })).not.toHaveProperty("deleted");
    const held = (await Booked.rangesIn(["van#9"], { from: "2027-01-01", to: "2027-12-31" })).get("van#9")!;
    expect(held.map((r) => r.id).sort()).toEqual(made.map((r) => r.id).sort());
    await expect(Booked.create({ van: 9, from: "2027-02-03", to: "2027-02-03" }, "t")).rejects.toThrow(`Booked by ${made[1].id}`);
    // Moving a booking frees its old dates.
    await Booked.update(made[1].id, { from: "2027-04-01", to: "2027-04-02", last_saved: made[1].last_saved }, "t", { partial: true });
    expect(await Booked.create({ van: 9, from: "2027-02-03", to: "2027-02-03" }, "t")).toBeTruthy();
    await expect(Booked.create({ van: 9, from: "2027-04-02", to: "2027-04-02" }, "t")).rejects.toThrow(`Booked by ${made[1].id}`);
  });
});

function addDays(iso: string, n: number) {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
