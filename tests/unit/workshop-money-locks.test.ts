import { describe, expect, it } from "vitest";
import { LOCK_MESSAGES, lockedPartMoney, moneyChanges, LOCKED_PART_MONEY } from "../../core/workshop/part-rules.js";
import { approvedJobMoneyRules, withStoredMoney } from "../../core/workshop/rules.js";
import { foldCounts } from "../../core/platform/records/indexes.js";

/** Issue 22 findings 5, 6, 9: the pure halves (docs/workshop.md "Approved job cards and completed part orders"). */
const stored = {
  approved: true,
  work_items: [{ id: 1, labour_hours: 2, labour_cost: 100, customer_labour_cost: 130, work_type: { id: 4 }, invoice_comments: null, parts: [{ id: 9, cost: 100, customer_cost: 120, supplier: 3, invoice_date: null }] }],
};

describe("an approved job's money (finding 5)", () => {
  it("refuses a money field, a line added or removed; lets invoicing fields and a job sent back as it was through", () => {
    const w = stored.work_items[0];
    const p = w.parts[0];
    const job = (items: unknown[]) => ({ work_items: items });
    expect(approvedJobMoneyRules(stored, job([{ ...w, labour_hours: 40 }]))?.errors).toEqual({ "work_items.0.labour_hours": LOCK_MESSAGES.approvedJob });
    expect(approvedJobMoneyRules(stored, job([{ ...w, labour_hours: "2.00" }]))).toBeNull();
    expect(approvedJobMoneyRules(stored, job([{ ...w, parts: [{ ...p, cost: 900 }] }]))?.errors).toEqual({ "work_items.0.parts.0.cost": LOCK_MESSAGES.approvedJob });
    expect(approvedJobMoneyRules(stored, job([{ ...w, parts: [] }]))?.message).toBe(LOCK_MESSAGES.approvedJob);
    expect(approvedJobMoneyRules(stored, job([w, { id: null, labour_cost: 5 }]))?.errors).toEqual({ "work_items.1": LOCK_MESSAGES.approvedJob });
    expect(approvedJobMoneyRules(stored, job([]))?.errors).toEqual({ "work_items.0": LOCK_MESSAGES.approvedJob });
    expect(approvedJobMoneyRules(stored, job([{ ...w, work_type: 4, invoice_comments: "ok", parts: [{ ...p, supplier: { id: 3 }, invoice_date: "2030-01-01" }] }]))).toBeNull();
    expect(approvedJobMoneyRules({ ...stored, approved: false }, job([]))).toBeNull();
  });

  it("an approved job's lines keep their stored amounts when priced again", () => {
    const repriced = [{ ...stored.work_items[0], customer_labour_cost: 999, invoice_comments: "x", parts: [{ ...stored.work_items[0].parts[0], customer_cost: 555, invoice_date: "2030-01-01" }] }];
    const kept = withStoredMoney(stored, repriced);
    expect(kept[0]).toMatchObject({ customer_labour_cost: 130, invoice_comments: "x" });
    expect(kept[0].parts[0]).toMatchObject({ customer_cost: 120, invoice_date: "2030-01-01" });
  });
});

describe("Parts Expenses' saves of locked parents' parts (findings 5, 6)", () => {
  it("a completed order's or approved job's part: money refused, invoicing fields free; open parents free", () => {
    const before = { cost: 10, customer_cost: 12, supplier: 3 };
    expect(lockedPartMoney("partorder", { status: "COMPLETE" }, before, { cost: 8888 })).toEqual({ cost: LOCK_MESSAGES.completedOrderParts });
    expect(lockedPartMoney("partorder", { status: "COMPLETE" }, before, { part_invoice_number: "X", cost: "10.00" })).toEqual({});
    expect(lockedPartMoney("partorder", { status: "ORDER" }, before, { cost: 8888 })).toEqual({});
    expect(lockedPartMoney("job", { approved: true }, before, { supplier: 4 })).toEqual({ supplier: LOCK_MESSAGES.approvedJob });
    expect(lockedPartMoney("quote", { approved: true }, before, { cost: 1 })).toEqual({});
    expect(moneyChanges(before, { cost: 10, customer_cost: 12.0 }, LOCKED_PART_MONEY)).toEqual([]);
  });
});

describe("numbers taken with the write (finding 9)", () => {
  it("a take folds into the type's live count: one update of the counter item", () => {
    const folded = foldCounts([
      { op: "counter-add", name: "job", live: 1 },
      { op: "counter-add", name: "job", live: 0, seq: { from: 6, to: 7 } },
      { op: "counter-add", name: "part", live: 0, seq: { from: 0, to: 2 } },
    ]);
    expect(folded).toEqual([
      { op: "counter-add", name: "job", live: 1, seq: { from: 6, to: 7 } },
      { op: "counter-add", name: "part", live: 0, seq: { from: 0, to: 2 } },
    ]);
  });
});
