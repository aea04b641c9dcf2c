import { describe, expect, it } from "vitest";
import { LOCK_MESSAGES, lockedPartMoney, moneyChanges } from "../../core/workshop/part-rules.js";
import { part, workItem } from "../../core/workshop/definitions.js";
import { defineFields } from "../../core/platform/definition.js";
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
    expect(moneyChanges(before, { cost: 10, customer_cost: 12.0 }, part.lockedMoney)).toEqual([]);
  });
});

describe("the locked money is a flag on the field (issue 23)", () => {
  it("the lists are the fields the work item and part definitions flag lockedMoney, the same as the hand lists they replace", () => {
    expect(workItem.lockedMoney).toEqual(workItem.fields.filter((f) => f.lockedMoney).map((f) => f.name));
    expect(part.lockedMoney).toEqual(part.fields.filter((f) => f.lockedMoney).map((f) => f.name));
    // The hand lists of issue 22 (core/workshop/part-rules.ts before issue 23), field for field.
    expect([...workItem.lockedMoney].sort()).toEqual(
      ["labour_hours", "labour_cost", "customer_labour_cost", "labour_cost_vat", "estimated_labour_hours", "estimated_labour_cost", "estimated_customer_labour_cost", "cost_override", "chargeable", "work_type"].sort(),
    );
    expect([...part.lockedMoney].sort()).toEqual(["cost", "customer_cost", "estimated_cost", "estimated_customer_cost", "cost_vat", "cost_override", "supplier", "work"].sort());
    // Every flagged work item field is refused on an approved job; an unflagged one goes.
    const w = stored.work_items[0];
    for (const f of workItem.lockedMoney)
      expect(approvedJobMoneyRules(stored, { work_items: [{ ...w, [f]: 77 }] })?.errors, f).toEqual({ [`work_items.0.${f}`]: LOCK_MESSAGES.approvedJob });
    expect(approvedJobMoneyRules(stored, { work_items: [{ ...w, invoice_comments: "free" }] })).toBeNull();
  });

  it("flagging a new money field locks it: the definition's list carries it, and a lock read from that list refuses its change", () => {
    const plain = defineFields({ cost: { lockedMoney: true, label: "Cost", kind: "money" }, fee: { label: "Fee", kind: "money" } });
    const flagged = defineFields({ cost: { lockedMoney: true, label: "Cost", kind: "money" }, fee: { lockedMoney: true, label: "Fee", kind: "money" } });
    expect(plain.lockedMoney).toEqual(["cost"]);
    expect(flagged.lockedMoney).toEqual(["cost", "fee"]);
    expect(moneyChanges({ cost: 1, fee: 2 }, { fee: 3 }, plain.lockedMoney)).toEqual([]);
    expect(moneyChanges({ cost: 1, fee: 2 }, { fee: 3 }, flagged.lockedMoney)).toEqual(["fee"]);
    expect(flagged.fields.find((f) => f.name === "fee")?.lockedMoney).toBe(true);
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
