import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod";
import "../support/api.js";
import { int, text } from "../../core/platform/fields.js";
import { ConflictError } from "../../core/platform/errors.js";
import { defineRecordType } from "../../core/platform/records.js";
import { history } from "../../core/platform/audit.js";
import { LineItem, defineLines, linesTestSeam } from "../../core/platform/lines.js";

/**
 * Parents with lines (core/platform/lines.ts) on a parent type of the
 * tests' own: an order whose items are lines, and whose total the
 * parent's rules work out from them (so the parent sees its lines).
 */
const OrderLines = defineLines("testorder", [
  {
    name: "items",
    idCounter: "testorder.items",
    fields: z.object({ description: text(200), quantity: int() }).strict(),
    max: { count: 500, message: "At most 500 items on one order" },
  },
]);

const Order = defineRecordType({
  type: "testorder",
  label: "Order",
  fields: z.object({ reference: text(50), total: int() }),
  validate(r: any) {
    r.total = (r.items ?? []).reduce((t: number, i: any) => t + Number(i.quantity ?? 0), 0);
  },
  lists: (r) => [{ list: "all", sort: r.reference ?? "" }],
  outside: OrderLines.outside,
  expand: (rows) => OrderLines.attach(rows),
});
const Orders = OrderLines.bind(Order);

type Line = { id: number; last_saved: string; description: string; quantity: number };
const items = (n: number, from = 1) => Array.from({ length: n }, (_, i) => ({ description: `Part ${from + i}`, quantity: 1 }));

async function partition(id: number) {
  const res: any = await LineItem.query.byParent({ parent: `testorder#${id}` }).go({ pages: "all", consistent: true } as any);
  return res.data as Array<{ key: string }>;
}

afterEach(() => {
  linesTestSeam.failAfter = null;
  linesTestSeam.staleMs = 30_000;
});

describe("a parent with 150 lines", () => {
  it("saves in steps, reloads, changes 10 lines and removes 5: only the changed lines get a new last_saved", async () => {
    const created: any = await Orders.create({ reference: "ORD-150", items: items(150) }, "t");
    expect(created.items).toHaveLength(150);
    expect(created.total).toBe(150);
    expect(new Set(created.items.map((l: Line) => l.id)).size).toBe(150);

    const loaded: any = await Order.get(created.id);
    expect(loaded.items.map((l: Line) => l.description)).toEqual(items(150).map((i) => i.description));
    // Lines are items of their own; nothing staged is left behind.
    expect((await partition(created.id)).filter((i) => i.key.startsWith("l#"))).toHaveLength(150);
    expect((await partition(created.id)).filter((i) => i.key.startsWith("s#"))).toHaveLength(0);

    await new Promise((r) => setTimeout(r, 5));
    const lines: Line[] = loaded.items;
    const changed = new Set(lines.slice(20, 30).map((l) => l.id));
    const removed = new Set(lines.slice(100, 105).map((l) => l.id));
    const sent = lines.filter((l) => !removed.has(l.id)).map((l) => (changed.has(l.id) ? { ...l, quantity: 3 } : l));
    const saved: any = await Orders.update(created.id, { ...loaded, items: sent }, "t");
    expect(saved.items).toHaveLength(145);
    expect(saved.total).toBe(145 + 10 * 2);

    const after: any = await Order.get(created.id);
    expect(after.items.map((l: Line) => l.id)).toEqual(sent.map((l) => l.id));
    const before = new Map(lines.map((l) => [l.id, l]));
    for (const l of after.items as Line[]) {
      if (changed.has(l.id)) {
        expect(l.quantity).toBe(3);
        expect(l.last_saved > before.get(l.id)!.last_saved).toBe(true);
      } else expect(l.last_saved).toBe(before.get(l.id)!.last_saved);
    }
    expect(after.last_saved > loaded.last_saved).toBe(true);
    expect((await partition(created.id)).filter((i) => i.key.startsWith("s#"))).toHaveLength(0);
    // The parent's audit entry names what happened to the lines.
    const changes = (await history("testorder", String(created.id), 1, 1)).results[0].changes as Array<{ field: string; from: unknown; to: unknown }>;
    expect(changes.filter((c) => /^items\.\d+\.quantity$/.test(c.field)).map((c) => [c.from, c.to])).toEqual(Array(10).fill([1, 3]));
    expect(changes.filter((c) => /^items\.\d+$/.test(c.field) && c.to === null)).toHaveLength(5);
    // The parent's list still holds it once.
    expect((await Order.listIn("all", { page: 1, page_size: 25, search: "ord-150" })).count).toBe(1);
  });

  it("a small change to a large parent is one transaction, new lines get new ids", async () => {
    const created: any = await Orders.create({ reference: "ORD-SMALL", items: items(120) }, "t");
    const sent = [...created.items.slice(0, 119), { description: "Extra", quantity: 5 }];
    // A save in steps would stop at its first step.
    linesTestSeam.failAfter = "claim";
    const saved: any = await Orders.update(created.id, { last_saved: created.last_saved, items: sent }, "t", { partial: true });
    expect(linesTestSeam.failAfter).toBe("claim");
    expect(saved.items).toHaveLength(120);
    const extra = saved.items.find((l: Line) => l.description === "Extra");
    expect(extra.id).toBeGreaterThan(Math.max(...created.items.map((l: Line) => l.id)));
    expect(saved.total).toBe(119 + 5);
  });

  it("a save without the collection keeps the lines", async () => {
    const created: any = await Orders.create({ reference: "ORD-KEEP", items: items(3) }, "t");
    const saved: any = await Orders.update(created.id, { last_saved: created.last_saved, reference: "ORD-KEPT" }, "t", { partial: true });
    expect(saved.items.map((l: Line) => l.id)).toEqual(created.items.map((l: Line) => l.id));
    expect(saved.total).toBe(3);
  });
});

describe("a failure between the steps", () => {
  it("before the commit: the previous version stays readable and the next save undoes the steps", async () => {
    const created: any = await Orders.create({ reference: "ORD-FAIL1", items: items(110) }, "t");
    linesTestSeam.failAfter = "stage";
    await expect(Orders.update(created.id, { last_saved: created.last_saved, items: items(110, 500) }, "t", { partial: true })).rejects.toThrow("injected failure");
    const read: any = await Order.get(created.id);
    expect(read.items.map((l: Line) => l.id)).toEqual(created.items.map((l: Line) => l.id));
    expect(read.last_saved).toBe(created.last_saved);
    expect((await partition(created.id)).some((i) => i.key.startsWith("s#"))).toBe(true);
    // A save while the interrupted one is recent is refused (another save may be under way)...
    await expect(Orders.update(created.id, { last_saved: read.last_saved, items: read.items.slice(0, 10) }, "t", { partial: true })).rejects.toThrow(ConflictError);
    // ...and once it is stale, the next save undoes it and lands.
    linesTestSeam.staleMs = 0;
    const saved: any = await Orders.update(created.id, { last_saved: read.last_saved, items: read.items.slice(0, 10) }, "t", { partial: true });
    expect(saved.items).toHaveLength(10);
    expect((await partition(created.id)).filter((i) => i.key.startsWith("s#"))).toHaveLength(0);
    expect((await partition(created.id)).filter((i) => i.key.startsWith("l#"))).toHaveLength(10);
  });

  for (const failAfter of ["commit", "apply"] as const) {
    it(`after the ${failAfter}: the new version is readable and the next save completes it`, async () => {
      const created: any = await Orders.create({ reference: `ORD-${failAfter}`, items: items(110) }, "t");
      linesTestSeam.failAfter = failAfter;
      const next = created.items.map((l: Line) => ({ ...l, quantity: 2 }));
      await expect(Orders.update(created.id, { last_saved: created.last_saved, items: next }, "t", { partial: true })).rejects.toThrow("injected failure");
      const read: any = await Order.get(created.id);
      expect(read.total).toBe(220);
      expect(read.items.every((l: Line) => l.quantity === 2)).toBe(true);
      expect(read.items).toHaveLength(110);
      expect((await partition(created.id)).some((i) => i.key.startsWith("s#"))).toBe(true);
      const saved: any = await Orders.update(created.id, { last_saved: read.last_saved, reference: "DONE" }, "t", { partial: true });
      expect(saved.items.every((l: Line) => l.quantity === 2)).toBe(true);
      expect((await partition(created.id)).filter((i) => i.key.startsWith("s#"))).toHaveLength(0);
      expect((await partition(created.id)).filter((i) => i.key.startsWith("l#"))).toHaveLength(110);
    });
  }
});

describe("freshness", () => {
  it("a stale parent save is a 409 and writes nothing", async () => {
    const created: any = await Orders.create({ reference: "ORD-STALE", items: items(2) }, "t");
    await Orders.update(created.id, { last_saved: created.last_saved, reference: "first" }, "t", { partial: true });
    await expect(Orders.update(created.id, { last_saved: created.last_saved, items: items(1) }, "t", { partial: true })).rejects.toThrow(ConflictError);
    const read: any = await Order.get(created.id);
    expect(read.items.map((l: Line) => l.id)).toEqual(created.items.map((l: Line) => l.id));
    expect(read.reference).toBe("first");
  });

  for (const size of [5, 130]) {
    it(`two simultaneous saves of a parent with ${size} lines: exactly one 409`, async () => {
      const created: any = await Orders.create({ reference: `ORD-RACE-${size}`, items: items(size) }, "t");
      const save = (q: number) =>
        Orders.update(created.id, { last_saved: created.last_saved, items: created.items.map((l: Line) => ({ ...l, quantity: q })) }, "t", { partial: true });
      const results = await Promise.allSettled([save(7), save(9)]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(lost.reason).toBeInstanceOf(ConflictError);
      const read: any = await Order.get(created.id);
      const winner = results.findIndex((r) => r.status === "fulfilled") === 0 ? 7 : 9;
      expect(read.items.every((l: Line) => l.quantity === winner)).toBe(true);
    });
  }

  it("deleting a parent deletes its lines", async () => {
    const created: any = await Orders.create({ reference: "ORD-DEL", items: items(120) }, "t");
    await Orders.remove(created.id, "t");
    expect((await partition(created.id)).length).toBe(0);
  });
});
