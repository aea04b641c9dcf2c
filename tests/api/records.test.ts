import { describe, expect, it } from "vitest";
import { z } from "zod";
import "../support/api.js";
import { defineRecordType } from "../../core/platform/records.js";
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
    await Van.update(c.id as number, { ...c, status: "ACTIVE" }, "t");
    active = await Van.listIn("status#ACTIVE", { page: 1, page_size: 2 });
    expect(active.count).toBe(3);
    expect(active.results.map((r) => r.registration)).toEqual(["AA11 AAA", "BB11 BBB"]);
    expect((await Van.listIn("status#ACTIVE", { page: 2, page_size: 2 })).results.map((r) => r.registration)).toEqual(["CC11 CCC"]);
    expect((await Van.listIn("status#SOLD", { page: 1, page_size: 25 })).count).toBe(0);
    expect((await Van.listIn("status#ACTIVE", { page: 1, page_size: 25, search: "bb" })).results.map((r) => r.id)).toEqual([c.id]);
    await Van.remove(a.id as number, "t");
    expect((await Van.listIn("status#ACTIVE", { page: 1, page_size: 25 })).count).toBe(2);
    expect((await Van.listIn("all", { page: 1, page_size: 25 })).count).toBe(2);
    await Van.remove(b.id as number, "t");
    await Van.remove(c.id as number, "t");
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
    await Van.update(first.id as number, { ...first, registration: "XY99 ZZZ" }, "t");
    await Van.create({ registration: "AB12 CDE", status: "ACTIVE" }, "t");
  });

  it("hold under concurrent creates: exactly one wins", async () => {
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => Van.create({ registration: "RACE 1", status: "ACTIVE" }, "t")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ValidationError);
    // The unused ids are gaps, so paging the whole type stays exact.
    const all = await Van.list({ page: 1, page_size: 1000 });
    const page2 = await Van.list({ page: 2, page_size: 3 });
    expect(page2.results.map((r) => r.id)).toEqual(all.results.slice(3, 6).map((r) => r.id));
  });

  it("a stale save is still a conflict, not a uniqueness error", async () => {
    const v = await Van.create({ registration: "ST41 LEE" }, "t");
    await Van.update(v.id as number, { ...v, status: "SOLD" }, "t");
    await expect(Van.update(v.id as number, { ...v, status: "ACTIVE" }, "t")).rejects.toThrow(ConflictError);
  });
});
