import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import "../support/api.js";
import { int, text } from "../../core/platform/fields.js";
import { ConflictError, NotFoundError, ValidationError } from "../../core/platform/errors.js";
import { defineRecordType } from "../../core/platform/records.js";
import { LineItem, defineLines, linesTestSeam } from "../../core/platform/lines.js";
import { documentClient } from "../../core/platform/table.js";
import { Counter, Facet, ListEntry, UniqueClaim } from "../../core/platform/service.js";

/**
 * Lines with lists, facets and locators of their own (docs/data-model.md
 * §2.12, §6 items 1, 4, 5) on a parent type of the tests' own: a job whose
 * work items are lines. Each work item is in its job's list `p#<ref>` by
 * workshop date, tagged with its department; in `open#<ref>` while the job
 * is OPEN (a parent change moves every line's entry); its cost is summed in
 * the facet `cost` (value `<group>#<dept>`) shared by jobs of one group.
 * The job's own facet `linecost` is the total of its lines (a unit's facet
 * from the parent with its lines).
 */
type Work = { id: number; last_saved: string; description: string; workshop_date: string; dept: string; cost: number };

const JobLines = defineLines("testjob", [
  {
    name: "work",
    idCounter: "testjob.work",
    label: "Work item",
    fields: z.object({ description: text(200), workshop_date: text(10), dept: text(5), cost: int() }).strict(),
    max: { count: 500, message: "At most 500 work items on one job" },
    lists: (l, p) => [
      { list: `p#${String(p.reference)}`, sort: String(l.workshop_date ?? "~"), tags: [`d=${String(l.dept)}`] },
      ...(p.status === "OPEN" ? [{ list: `open#${String(p.reference)}`, sort: String(l.workshop_date ?? "~") }] : []),
    ],
    facets: (l, p) => [{ facet: "cost", value: `${String(p.grp)}#${String(l.dept)}`, amount: Number(l.cost ?? 0) }],
    // ISO dates: month and day buckets; counts read past 50 entries from either end (so 150 lines use them).
    listPositions: { coarse: 7, fine: 10, from: 50 },
    locator: true,
  },
]);

const Job = defineRecordType({
  type: "testjob",
  label: "Job",
  fields: z.object({ reference: text(50), status: text(10), grp: text(10), total: int() }),
  validate(r: any) {
    r.total = (r.work ?? []).reduce((t: number, w: any) => t + Number(w.cost ?? 0), 0);
  },
  facets: (r: any) => [{ facet: "linecost", value: r.grp ?? "~", amount: r.total ?? 0 }],
  outside: JobLines.outside,
  expand: (rows) => JobLines.attach(rows),
});
const Jobs = JobLines.bind(Job);

const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + ((i * 37) % 365) * 86_400_000).toISOString().slice(0, 10);
const works = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ description: `Work ${from + i}`, workshop_date: day(from + i), dept: (from + i) % 3 === 0 ? "a" : "b", cost: 100 + from + i }));
/** A list's order: by sort text, then line id. */
const inListOrder = (lines: Work[]) =>
  [...lines].sort((x, y) => (x.workshop_date < y.workshop_date ? -1 : x.workshop_date > y.workshop_date ? 1 : x.id - y.id)).map((l) => l.id);
const page = (p: number, extra: Record<string, unknown> = {}) => ({ page: p, page_size: 25, ...extra });

async function facet(name: string, value: string): Promise<number> {
  const res: any = await Facet.get({ facet: `testjob.work#${name}`, value }).go({ consistent: true } as any);
  return res.data?.live ?? 0;
}
async function partition(id: number) {
  const res: any = await LineItem.query.byParent({ parent: `testjob#${id}` }).go({ pages: "all", consistent: true } as any);
  return res.data as Array<{ key: string }>;
}
/** Every entry of a line list, as stored (consistent read). */
async function entries(list: string) {
  const res: any = await ListEntry.query.byList({ list: `testjob.work#${list}` }).go({ pages: "all", consistent: true } as any);
  return res.data as Array<{ id: number; sort: string; parent?: string; tags?: string }>;
}
async function count(list: string): Promise<number> {
  const res: any = await Counter.get({ name: `testjob.work#list#${list}` }).go({ consistent: true } as any);
  return res.data?.live ?? 0;
}

/**
 * What a reader sees is what the lists hold: the job's lines (as its read
 * answers them) are exactly the entries of its list, at their dates, with
 * its count, and the facet holds their costs.
 */
async function expectConsistent(id: number, reference: string, grp: string) {
  const job: any = await Job.get(id);
  const lines: Work[] = job.work;
  const listed = await Jobs.linesIn("work", `p#${reference}`, { page: 1, page_size: 1000 });
  expect(listed.count).toBe(lines.length);
  expect(listed.results.map((r) => r.id)).toEqual(inListOrder(lines));
  expect(listed.results.map((r) => r.cost)).toEqual(inListOrder(lines).map((i) => lines.find((l) => l.id === i)!.cost));
  const stored = await entries(`p#${reference}`);
  expect(stored.map((e) => e.id).sort()).toEqual(lines.map((l) => l.id).sort());
  expect(await count(`p#${reference}`)).toBe(lines.length);
  for (const dept of ["a", "b"]) expect(await facet("cost", `${grp}#${dept}`)).toBe(lines.filter((l) => l.dept === dept).reduce((t, l) => t + l.cost, 0));
  return { job, lines };
}

/** Saves in steps of 100-150 lines take several seconds on DynamoDB Local, more on a busy machine. */
const SLOW = 120_000;

afterEach(() => {
  linesTestSeam.failAfter = null;
  linesTestSeam.staleMs = 30_000;
});

// Round trips and items read, recorded from the client (as tests/api/records-round-trips.test.ts).
type Call = { name: string; start: number; end: number; items: number };
let calls: Call[] | null = null;
beforeAll(() => {
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const rec = calls;
      const call: Call = { name: String((context as { commandName?: string }).commandName ?? ""), start: performance.now(), end: 0, items: 0 };
      try {
        const out: any = await next(args);
        const o = out.output ?? {};
        call.items = o.Count ?? (o.Item ? 1 : 0) + Object.values(o.Responses ?? {}).reduce((n: number, r: any) => n + r.length, 0);
        return out;
      } finally {
        call.end = performance.now();
        rec?.push(call);
      }
    },
    { step: "initialize", name: "lineRoundTrips" },
  );
}, SLOW);
afterAll(() => documentClient().middlewareStack.remove("lineRoundTrips"));
async function measure(read: () => Promise<unknown>) {
  calls = [];
  await read();
  const made = calls.sort((a, b) => a.start - b.start);
  calls = null;
  let steps = 0;
  let end = -Infinity;
  for (const c of made) {
    if (c.start >= end) steps++;
    end = Math.max(end, c.end);
  }
  return { steps, items: made.reduce((n, c) => n + c.items, 0) };
}

describe("a job with 150 work items, each in its job's list by workshop date", () => {
  let job: any;
  let lines: Work[];

  beforeAll(async () => {
    job = await Jobs.create({ reference: "J150", status: "OPEN", grp: "g150", work: works(150) }, "t");
    lines = job.work;
  }, SLOW);

  it("pages 1, the middle and the last are right, with the count, in at most 3 round trips and ~3x the items of page 1", async () => {
    const want = inListOrder(lines);
    const first = await measure(() => Jobs.linesIn("work", "p#J150", page(1)));
    for (const p of [1, 3, 4, 6]) {
      let res: any;
      const cost = await measure(async () => (res = await Jobs.linesIn("work", "p#J150", page(p))));
      expect(res.count).toBe(150);
      expect(res.results.map((r: any) => r.id), `page ${p}`).toEqual(want.slice((p - 1) * 25, p * 25));
      expect(cost.steps, `page ${p}`).toBeLessThanOrEqual(3);
      expect(cost.items, `page ${p}: ${cost.items} items, page 1 ${first.items}`).toBeLessThanOrEqual(3 * first.items);
    }
    // Each result is the line with its parent; the parents when asked.
    const one = await Jobs.linesIn("work", "p#J150", page(2, { page_size: 10 }), { parents: true });
    expect(one.results).toHaveLength(10);
    for (const r of one.results) {
      expect(r).toMatchObject({ parent_type: "testjob", parent_id: job.id, description: expect.any(String), last_saved: expect.any(String) });
      expect(r.parent).toMatchObject({ id: job.id, reference: "J150", total: job.total });
    }
    // Newest first.
    const desc = await Jobs.linesIn("work", "p#J150", page(6, { order: "desc" }));
    expect(desc.results.map((r) => r.id)).toEqual([...want].reverse().slice(125, 150));
  }, SLOW);

  it("a tag filter and a range on the sort key", async () => {
    const a = lines.filter((l) => l.dept === "a");
    const byTag = await Jobs.linesIn("work", "p#J150", page(2, { tags: ["d=a"] }));
    expect(byTag.count).toBe(a.length);
    expect(byTag.results.map((r) => r.id)).toEqual(inListOrder(a).slice(25, 50));
    const march = lines.filter((l) => l.workshop_date >= "2026-03-01" && l.workshop_date <= "2026-03-31");
    const ranged = await Jobs.linesIn("work", "p#J150", page(1, { from: "2026-03-01", to: "2026-03-31" }));
    expect(ranged.count).toBe(march.length);
    expect(ranged.results.map((r) => r.id)).toEqual(inListOrder(march));
    expect(await Jobs.lineCounts("work", ["p#J150", "open#J150", "p#none"])).toEqual({ "p#J150": 150, "open#J150": 150, "p#none": 0 });
  }, SLOW);

  it("the facets: each line's cost by group and department, and the job's own total from its lines", async () => {
    await expectConsistent(job.id, "J150", "g150");
    const values = await Jobs.lineFacetValues("work", "cost");
    expect(values).toEqual(expect.arrayContaining([{ value: "g150#a", count: lines.filter((l) => l.dept === "a").reduce((t, l) => t + l.cost, 0) }]));
    expect((await Job.facetValues("linecost")).find((v) => v.value === "g150")?.count).toBe(lines.reduce((t, l) => t + l.cost, 0));
  }, SLOW);

  it("changing 10 lines' dates moves their entries; removing 5 removes their entries, locators and facet contributions", async () => {
    const current: any = await Job.get(job.id);
    const moved = new Set<number>(current.work.slice(10, 20).map((l: Work) => l.id));
    const removed: Work[] = current.work.slice(50, 55);
    const gone = new Set(removed.map((l) => l.id));
    const sent = current.work.filter((l: Work) => !gone.has(l.id)).map((l: Work) => (moved.has(l.id) ? { ...l, workshop_date: "2027-06-01" } : l));
    const before = new Map((await entries("p#J150")).map((e) => [e.id, e]));
    const saved: any = await Jobs.update(job.id, { last_saved: current.last_saved, work: sent }, "t", { partial: true });
    expect(saved.work).toHaveLength(145);
    const { lines: after } = await expectConsistent(job.id, "J150", "g150");
    const now = new Map((await entries("p#J150")).map((e) => [e.id, e]));
    for (const id of moved) expect(now.get(id)!.sort).toBe("2027-06-01");
    // Lines not changed keep their entries as they were.
    for (const l of after.filter((l) => !moved.has(l.id))) expect(now.get(l.id)).toEqual(before.get(l.id));
    // The moved lines are the last page now.
    const last = await Jobs.linesIn("work", "p#J150", page(6));
    expect(last.results.map((r) => r.id)).toEqual(inListOrder(after).slice(125));
    expect(new Set(last.results.slice(-10).map((r) => r.id))).toEqual(moved);
    for (const l of removed) {
      expect(now.has(l.id)).toBe(false);
      await expect(Jobs.getLine("work", l.id)).rejects.toThrow(NotFoundError);
      const claim: any = await UniqueClaim.get({ scope: "testjob.work#at", value: String(l.id) }).go({ consistent: true } as any);
      expect(claim.data).toBeNull();
    }
    expect(saved.total).toBe(after.reduce((t, l) => t + l.cost, 0));
    expect((await Job.facetValues("linecost")).find((v) => v.value === "g150")?.count).toBe(saved.total);
    lines = after;
  }, SLOW);

  it("a parent change moves every line's entries (a save in steps of entries alone), and back", async () => {
    const current: any = await Job.get(job.id);
    await Jobs.update(job.id, { last_saved: current.last_saved, status: "DONE" }, "t", { partial: true });
    expect(await count("open#J150")).toBe(0);
    expect(await entries("open#J150")).toHaveLength(0);
    // The lines themselves were not written.
    const read: any = await Job.get(job.id);
    expect(read.work.map((l: Work) => l.last_saved)).toEqual(current.work.map((l: Work) => l.last_saved));
    expect((await partition(job.id)).filter((i) => i.key.startsWith("s#"))).toHaveLength(0);
    await Jobs.update(job.id, { last_saved: read.last_saved, status: "OPEN" }, "t", { partial: true });
    expect(await count("open#J150")).toBe(145);
    const open = await Jobs.linesIn("work", "open#J150", page(1));
    expect(open.results.map((r) => r.id)).toEqual(inListOrder(read.work).slice(0, 25));
  }, SLOW);

  it("deleting the job removes its lines' entries, counts, locators and facets", async () => {
    const other: any = await Jobs.create({ reference: "JDEL", status: "OPEN", grp: "gdel", work: works(120) }, "t");
    expect(await count("p#JDEL")).toBe(120);
    await Jobs.remove(other.id, "t");
    expect(await entries("p#JDEL")).toHaveLength(0);
    expect(await entries("open#JDEL")).toHaveLength(0);
    expect(await count("p#JDEL")).toBe(0);
    expect(await facet("cost", "gdel#a")).toBe(0);
    expect(await facet("cost", "gdel#b")).toBe(0);
    expect((await partition(other.id)).length).toBe(0);
    await expect(Jobs.getLine("work", other.work[0].id)).rejects.toThrow(NotFoundError);
  }, SLOW);
});

describe("a line by its own id", () => {
  it("is read with its parent, saved alone (the parent's total and last_saved follow), and a stale save is a 409", async () => {
    const job: any = await Jobs.create({ reference: "JONE", status: "OPEN", grp: "gone", work: works(3) }, "t");
    const line: Work = job.work[1];
    const read = await Jobs.getLine("work", line.id, { parents: true });
    expect(read).toMatchObject({ id: line.id, last_saved: line.last_saved, cost: line.cost, parent_type: "testjob", parent_id: job.id });
    expect(read.parent).toMatchObject({ id: job.id, reference: "JONE" });

    await new Promise((r) => setTimeout(r, 5));
    const saved = await Jobs.saveLine("work", line.id, { last_saved: line.last_saved, cost: 5000, workshop_date: "2030-01-01" }, "t");
    expect(saved.line).toMatchObject({ id: line.id, cost: 5000, workshop_date: "2030-01-01", description: line.description });
    expect(saved.line.last_saved > line.last_saved).toBe(true);
    expect(saved.parent.total).toBe(job.total - line.cost + 5000);
    expect(saved.parent.last_saved > job.last_saved).toBe(true);
    // The other lines were not written; the entry moved; the facets follow.
    const after: any = await Job.get(job.id);
    expect(after.work.filter((l: Work) => l.id !== line.id).map((l: Work) => l.last_saved)).toEqual(job.work.filter((l: Work) => l.id !== line.id).map((l: Work) => l.last_saved));
    expect((await entries("p#JONE")).find((e) => e.id === line.id)!.sort).toBe("2030-01-01");
    await expectConsistent(job.id, "JONE", "gone");
    expect((await Job.facetValues("linecost")).find((v) => v.value === "gone")?.count).toBe(saved.parent.total);

    // Stale: the line was saved since it was read.
    await expect(Jobs.saveLine("work", line.id, { last_saved: line.last_saved, cost: 1 }, "t")).rejects.toThrow(ConflictError);
    // A parent save in between does not make the line stale.
    await Jobs.update(job.id, { last_saved: after.last_saved, reference: "JONE" }, "t", { partial: true });
    const again = await Jobs.saveLine("work", line.id, { last_saved: saved.line.last_saved, cost: 6000 }, "t");
    expect(again.parent.total).toBe(job.total - line.cost + 6000);
    // Without last_saved: 400; a bad field: 400 keyed by the field; an unknown line: 404.
    await expect(Jobs.saveLine("work", line.id, { cost: 2 }, "t")).rejects.toThrow(ValidationError);
    const bad = await Jobs.saveLine("work", line.id, { last_saved: again.line.last_saved, cost: "x" }, "t").catch((e) => e);
    expect(bad).toBeInstanceOf(ValidationError);
    expect(Object.keys(bad.errors)).toEqual(["cost"]);
    await expect(Jobs.saveLine("work", 99_999_999, { last_saved: again.line.last_saved, cost: 2 }, "t")).rejects.toThrow(NotFoundError);
    expect((await Jobs.getLine("work", line.id)).cost).toBe(6000);
  }, SLOW);
});

describe("facet totals under concurrent saves", () => {
  it("two jobs sharing a facet saved at the same instant, one in one transaction and one in steps: the totals are exact", async () => {
    const small: any = await Jobs.create({ reference: "JCS", status: "OPEN", grp: "gshared", work: works(6) }, "t");
    const big: any = await Jobs.create({ reference: "JCB", status: "OPEN", grp: "gshared", work: works(130, 1000) }, "t");
    for (let round = 0; round < 3; round++) {
      const [s, b]: any[] = await Promise.all([Job.get(small.id), Job.get(big.id)]);
      await Promise.all([
        Jobs.update(small.id, { last_saved: s.last_saved, work: s.work.map((l: Work) => ({ ...l, cost: l.cost + 7 })) }, "t", { partial: true }),
        Jobs.update(big.id, { last_saved: b.last_saved, work: b.work.map((l: Work) => ({ ...l, cost: l.cost + 11 })) }, "t", { partial: true }),
      ]);
    }
    const [s, b]: any[] = await Promise.all([Job.get(small.id), Job.get(big.id)]);
    const all: Work[] = [...s.work, ...b.work];
    for (const dept of ["a", "b"]) expect(await facet("cost", `gshared#${dept}`)).toBe(all.filter((l) => l.dept === dept).reduce((t, l) => t + l.cost, 0));
    expect((await Job.facetValues("linecost")).find((v) => v.value === "gshared")?.count).toBe(s.total + b.total);
    expect(b.work.every((l: Work, i: number) => l.cost === 100 + 1000 + i + 33)).toBe(true);
  }, SLOW);
});

describe("a failure between the steps", () => {
  const moveAll = (ls: Work[]) => ls.map((l) => ({ ...l, workshop_date: "2028-02-02", cost: l.cost + 1 }));

  it("before the commit: readers and lists keep the previous version; the next save undoes it and lands", async () => {
    const job: any = await Jobs.create({ reference: "JF1", status: "OPEN", grp: "gf1", work: works(110) }, "t");
    linesTestSeam.failAfter = "stage";
    await expect(Jobs.update(job.id, { last_saved: job.last_saved, work: moveAll(job.work) }, "t", { partial: true })).rejects.toThrow("injected failure");
    const { job: read } = await expectConsistent(job.id, "JF1", "gf1");
    expect(read.last_saved).toBe(job.last_saved);
    linesTestSeam.staleMs = 0;
    await Jobs.update(job.id, { last_saved: read.last_saved, work: moveAll(read.work) }, "t", { partial: true });
    const { lines } = await expectConsistent(job.id, "JF1", "gf1");
    expect(lines.every((l) => l.workshop_date === "2028-02-02")).toBe(true);
    expect((await partition(job.id)).filter((i) => i.key.startsWith("s#"))).toHaveLength(0);
  }, SLOW);

  it("after the commit: the new version is what a reader and the lists show; the next save completes it", async () => {
    const job: any = await Jobs.create({ reference: "JF2", status: "OPEN", grp: "gf2", work: works(110) }, "t");
    linesTestSeam.failAfter = "commit";
    await expect(Jobs.update(job.id, { last_saved: job.last_saved, work: moveAll(job.work) }, "t", { partial: true })).rejects.toThrow("injected failure");
    // Nothing applied yet: the staged changes are all there.
    expect((await partition(job.id)).filter((i) => i.key.startsWith("s#"))).toHaveLength(110);
    const read: any = await Job.get(job.id);
    expect(read.work.every((l: Work) => l.workshop_date === "2028-02-02")).toBe(true);
    // The next save of the job completes it before its own write.
    await Jobs.update(job.id, { last_saved: read.last_saved, reference: "JF2" }, "t", { partial: true });
    expect((await partition(job.id)).filter((i) => i.key.startsWith("s#"))).toHaveLength(0);
    const { lines } = await expectConsistent(job.id, "JF2", "gf2");
    expect(lines.every((l) => l.workshop_date === "2028-02-02")).toBe(true);
  }, SLOW);

  it("half applied: a line list's reader finishes it first, so the lists agree with what the job's read shows", async () => {
    const job: any = await Jobs.create({ reference: "JF3", status: "OPEN", grp: "gf3", work: works(140) }, "t");
    linesTestSeam.failAfter = "apply";
    await expect(Jobs.update(job.id, { last_saved: job.last_saved, work: moveAll(job.work) }, "t", { partial: true })).rejects.toThrow("injected failure");
    const staged = (await partition(job.id)).filter((i) => i.key.startsWith("s#")).length;
    expect(staged).toBeGreaterThan(0);
    expect(staged).toBeLessThan(140);
    const { lines } = await expectConsistent(job.id, "JF3", "gf3");
    expect(lines.every((l) => l.workshop_date === "2028-02-02")).toBe(true);
    expect((await partition(job.id)).filter((i) => i.key.startsWith("s#"))).toHaveLength(0);
    // The job saves again as usual.
    const read: any = await Job.get(job.id);
    await Jobs.update(job.id, { last_saved: read.last_saved, work: read.work.slice(0, 5) }, "t", { partial: true });
    await expectConsistent(job.id, "JF3", "gf3");
  }, SLOW);
});
