import { describe, expect, it } from "vitest";
import * as z from "zod";
import { blank } from "../../core/platform/blank.js";
import { poundsCell } from "../../core/platform/money.js";
import { compactKey, pageOf, pageRows, rowsOfPage, searchKey } from "../../core/platform/paging.js";
import { brief, lookUp } from "../../core/platform/references.js";
import { serviceAnswers, writeBody, writeList } from "../../core/platform/write-body.js";
import { movement, MOVEMENT_SERVER_FIELDS } from "../../core/workshop/movement-definitions.js";

/** Issue 23: one helper per job in core/platform, each tested once here. */
describe("blank (core/platform/blank.ts)", () => {
  it("null, undefined, empty and spaces-only text are blank; 0, false and text are not", () => {
    for (const v of [null, undefined, "", "   ", "\t"]) expect(blank(v)).toBe(true);
    for (const v of [0, false, "a", " a ", {}, []]) expect(blank(v)).toBe(false);
  });
});

describe("poundsCell (core/platform/money.ts)", () => {
  it("two places, half up, from the decimal; empty when no amount unless told", () => {
    expect(poundsCell(1.005)).toBe("1.01");
    expect(poundsCell(0.1 + 0.2)).toBe("0.30");
    expect(poundsCell("1234.5")).toBe("1234.50");
    expect(poundsCell(-5)).toBe("-5.00");
    expect(poundsCell(null)).toBe("");
    expect(poundsCell("")).toBe("");
    expect(poundsCell(undefined, "0.00")).toBe("0.00");
  });
});

describe("brief (core/platform/references.ts)", () => {
  it("the id and the fields named, unset ones null; null for no record", () => {
    expect(brief({ id: 4, name: "Ford", extra: 1 }, ["name", "code"])).toEqual({ id: 4, name: "Ford", code: null });
    expect(brief(undefined, ["name"])).toBeNull();
    expect(brief(null, ["name"])).toBeNull();
  });
  it("lookUp reads each type's referenced ids at once (every field named) and answers maps by id", async () => {
    const asked: Record<string, number[]> = {};
    const reader = (type: string) => ({
      getMany: async (ids: number[]) => {
        asked[type] = ids;
        return ids.map((id) => ({ id, name: `${type} ${id}` }));
      },
    });
    const rows = [{ customer: 1, vat: 7, no_vat: 8 }, { customer: null, vat: 7, no_vat: "x" }];
    const { c, n } = await lookUp(rows, { c: [reader("contact"), "customer"], n: [reader("nominal"), "vat", "no_vat"] });
    expect(asked).toEqual({ contact: [1], nominal: [7, 8, 7] });
    expect(brief(c.get(1), ["name"])).toEqual({ id: 1, name: "contact 1" });
    expect(n.get(8)).toEqual({ id: 8, name: "nominal 8" });
    expect(c.get(null)).toBeUndefined();
  });
});

describe("paging (core/platform/paging.ts)", () => {
  const rows = Array.from({ length: 7 }, (_, i) => i + 1);
  it("pageRows and pageOf cut a page of rows in hand", () => {
    expect(pageRows(rows, { page: 1, page_size: 3 })).toEqual([1, 2, 3]);
    expect(pageRows(rows, { page: 3, page_size: 3 })).toEqual([7]);
    expect(pageRows(rows, { page: 4, page_size: 3 })).toEqual([]);
    expect(pageOf(rows, { page: 2, page_size: 3 })).toEqual({ count: 7, results: [4, 5, 6] });
  });
  it("rowsOfPage reads only the page's ids and answers them in the ids' order", async () => {
    const asked: number[][] = [];
    const getMany = async (ids: number[]) => {
      asked.push(ids);
      return [...ids].reverse().filter((id) => id !== 5).map((id) => ({ id }));
    };
    expect(await rowsOfPage([9, 5, 3, 8, 1], { page: 1, page_size: 3 }, getMany)).toEqual([{ id: 9 }, { id: 3 }]);
    expect(asked).toEqual([[9, 5, 3]]);
  });
  it("searchKey folds case, accents and spaces; compactKey keeps letters and digits", () => {
    expect(searchKey("  Café   Zoë ")).toBe("cafe zoe");
    expect(searchKey(null)).toBe("");
    expect(compactKey("AB12 CDÉ")).toBe("ab12cde");
    expect(compactKey("Ford-Transit")).toBe("fordtransit");
    // The store and the query agree whatever the accents.
    expect(searchKey("CAFÉ")).toBe(searchKey("cafe"));
  });
});

describe("writeBody / writeList (core/platform/write-body.ts)", () => {
  const save = writeBody(movement.schema, { update: true, serverSet: MOVEMENT_SERVER_FIELDS });
  it("takes what the spec's calls send: references as objects, money as strings, unknown fields passed through", () => {
    const parsed = save.parse({ customer: { id: 3, display_name: "A" }, cost: "12.50", last_saved: "2026-01-01T00:00:00.000Z", creator: "x" });
    expect(parsed).toEqual({ customer: 3, cost: 12.5, last_saved: "2026-01-01T00:00:00.000Z", creator: "x" });
  });
  it("leaves server-set fields untouched (the service drops them)", () => {
    expect(save.parse({ invoice_number: 123 })).toEqual({ invoice_number: 123 });
  });
  it("lists the definition's fields in JSON Schema, last_saved for an update", () => {
    const js = z.toJSONSchema(save, { io: "input", unrepresentable: "any" }) as { properties: Record<string, unknown>; required?: string[] };
    expect(Object.keys(js.properties)).toEqual(expect.arrayContaining(["customer", "cost", "delivery_date", "last_saved"]));
    expect(js.properties).not.toHaveProperty("completed");
    expect(js.required ?? []).toEqual([]);
  });
  it("a field's refusal is the service's to word; the body's own refusal stays the route's", () => {
    const fieldError = save.safeParse({ cost: "lots" });
    expect(fieldError.success).toBe(false);
    expect(serviceAnswers(save, fieldError.error!)).toBe(true);
    const notObject = save.safeParse([1]);
    expect(serviceAnswers(save, notObject.error!)).toBe(false);
    const list = writeList(save, { max: 2, maxMessage: "At most 2" });
    expect(serviceAnswers(list, list.safeParse([{}, {}, {}]).error!)).toBe(false);
    expect(serviceAnswers(list, list.safeParse([{ cost: "lots" }]).error!)).toBe(true);
    const any = writeList(save, { anyBody: true });
    expect(serviceAnswers(any, any.safeParse("nonsense").error!)).toBe(true);
    expect(serviceAnswers(z.object({}), z.object({ a: z.string() }).safeParse({}).error!)).toBe(false);
  });
});
