import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { figureDeltas, figureFacetOps, rankOps, rankSort, sortValue } from "../../core/platform/records/figures";
import { addDays } from "../../core/platform/dates";
import {
  daysOnFleet,
  daysOnHire,
  fleetStart,
  jobProfitFigures,
  leagueBoards,
  leagueSortValues,
  movementProfitFigures,
  transactionProfitFigures,
  monthsOfLines,
  profitLine,
  profitOf,
  rentalProfitFigures,
  splitByMonth,
  vehicleProfitFigures,
} from "../../core/fleet/profit-rules";
import type { FigureLine } from "../../core/platform/records/types";
import { PROFIT_EXAMPLE } from "../support/profit-example";

const X = PROFIT_EXAMPLE;
const exampleLines = (): FigureLine[] => [
  ...vehicleProfitFigures({ ...X.vehicle, finance_agreements: [X.agreement] }, 7),
  ...X.rentals.flatMap((r) => rentalProfitFigures({ ...r, vehicle: 7 })),
  ...jobProfitFigures({ ...X.job, vehicle: 7 }),
];

describe("vehicle profit line (docs/finance.md)", () => {
  it("the worked example of docs/finance.md, to the penny", () => {
    const line = profitLine({ ...X.vehicle, finance_agreements: [X.agreement] }, monthsOfLines(exampleLines()), X.on);
    expect(line).toEqual(X.expected);
  });

  it("a rental's total spread by month adds up to the total exactly, by its days", () => {
    expect(splitByMonth("2025-02-20", "2025-03-15", 144000)).toEqual([
      { month: "2025-02", days: 9, pence: 54000 },
      { month: "2025-03", days: 15, pence: 90000 },
    ]);
    // 100.00 over 30 days (1 in January, 28 in February, 1 in March): 3.33 + 93.33 + 3.33, the penny left to the earliest of the equal remainders.
    expect(splitByMonth("2025-01-31", "2025-03-01", 10000).map((m) => m.pence)).toEqual([334, 9333, 333]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 800 }), fc.integer({ min: 0, max: 400 }), fc.integer({ min: -10_000_000, max: 10_000_000 }), (start, len, pence) => {
        const from = new Date(Date.UTC(2024, 0, 1 + start)).toISOString().slice(0, 10);
        const to = new Date(Date.UTC(2024, 0, 1 + start + len)).toISOString().slice(0, 10);
        const parts = splitByMonth(from, to, pence);
        expect(parts.reduce((n, p) => n + p.pence, 0)).toBe(pence);
        expect(parts.reduce((n, p) => n + p.days, 0)).toBe(len + 1);
      }),
    );
  });

  it("a rental over 24 months is spread by calendar year, to the penny", () => {
    const lines = rentalProfitFigures({ status: "CONFIRMED", vehicle: 7, start_date: "2025-07-01", finish_date: "2027-12-31", total: 9131 });
    expect(lines.map((l) => [l.month, l.amounts.hire_days])).toEqual([["2025", 184], ["2026", 365], ["2027", 365]]);
    expect(lines.reduce((n, l) => n + l.amounts.income, 0)).toBe(913100);
  });

  it("only confirmed rentals, approved jobs on fleet vehicles, and dated purchases and sales count", () => {
    expect(rentalProfitFigures({ ...X.rentals[0], vehicle: 7, status: "QUOTE" })).toEqual([]);
    expect(rentalProfitFigures({ ...X.rentals[0], vehicle: null })).toEqual([]);
    expect(jobProfitFigures({ ...X.job, vehicle: 7, approved_date: null })).toEqual([]);
    expect(jobProfitFigures({ ...X.job, vehicle: 7, customer_vehicle: true })).toEqual([]);
    expect(vehicleProfitFigures({ finance_agreements: [{ vehicle_purchase_price: 100 }] }, 7)).toEqual([]);
  });

  it("the league boards: the fleet, each filter, the department with each other; none for a customer's vehicle", () => {
    expect(leagueBoards({ department: 3, type: 2, make: 5, model: 9 })).toEqual(["all", "dept#3", "type#2", "make#5", "model#9", "dept#3#type#2", "dept#3#make#5", "dept#3#model#9"]);
    expect(leagueBoards({ vehicle_status: "CUSTOMER", department: 3 })).toEqual([]);
  });
});

/** Figure lines of a random set of records (vehicle 7 or 8), as the record types declare them. */
const record = fc.oneof(
  fc.record({ kind: fc.constant("rental" as const), vehicle: fc.constantFrom(7, 8), start: fc.integer({ min: 0, max: 600 }), len: fc.integer({ min: 0, max: 90 }), total: fc.integer({ min: 0, max: 500_000 }) }),
  fc.record({ kind: fc.constant("job" as const), vehicle: fc.constantFrom(7, 8), day: fc.integer({ min: 0, max: 600 }), labour: fc.integer({ min: 0, max: 100_000 }), parts: fc.integer({ min: 0, max: 100_000 }) }),
);
type Rec = typeof record extends fc.Arbitrary<infer T> ? T : never;
const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n)).toISOString().slice(0, 10);
function linesOf(r: Rec): FigureLine[] {
  if (r.kind === "rental") return rentalProfitFigures({ status: "CONFIRMED", vehicle: r.vehicle, start_date: day(r.start), finish_date: day(r.start + r.len), total: r.total / 100 });
  return jobProfitFigures({ vehicle: r.vehicle, approved_date: day(r.day), labour_cost_total: r.labour / 100, parts_cost_total: r.parts / 100 });
}

/** What the kept items hold after applying writes' deltas (facet ADDs), by owner and month. */
function applyAll(writes: Array<{ before: FigureLine[]; after: FigureLine[] }>) {
  const held = new Map<string, number>();
  for (const w of writes)
    for (const op of figureFacetOps(figureDeltas(w.before, w.after), "x#1"))
      if (op.op === "facet-add" && !op.facet.endsWith("#src")) {
        held.set(`${op.facet}|${op.value}|rank`, (held.get(`${op.facet}|${op.value}|rank`) ?? 0) + op.live);
        for (const [k, n] of Object.entries(op.fine ?? {})) held.set(`${op.facet}|${op.value}|${k}`, (held.get(`${op.facet}|${op.value}|${k}`) ?? 0) + n);
      }
  return new Map([...held].filter(([, n]) => n !== 0));
}

describe("figures kept by deltas (core/platform/records/figures.ts)", () => {
  it("the kept totals equal the sum of the records' figures, whatever the order of creates, edits and deletes", () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 12 }), fc.array(record, { maxLength: 12 }), fc.integer({ min: 0, max: 1000 }), (first, second, seed) => {
        // Create every record of `first`, then edit each into `second`'s (or delete it), in a shuffled order.
        const writes = [
          ...first.map((r) => ({ before: [] as FigureLine[], after: linesOf(r) })),
          ...first.map((r, i) => ({ before: linesOf(r), after: second[i] ? linesOf(second[i]) : [] })),
        ];
        const shuffled = [...writes].sort((a, b) => ((writes.indexOf(a) * 7919 + seed) % 101) - ((writes.indexOf(b) * 7919 + seed) % 101));
        const kept = applyAll(shuffled);
        const finalRecords = first.map((_, i) => second[i]).filter((r): r is Rec => !!r);
        const direct = applyAll(finalRecords.map((r) => ({ before: [], after: linesOf(r) })));
        expect(kept).toEqual(direct);
        // The running total's rank is the profit of the months.
        for (const owner of ["vehicle#7", "vehicle#8"]) {
          const months = monthsOfLines(finalRecords.flatMap(linesOf).filter((l) => l.owner === owner));
          const profit = months.reduce((n, { month: _m, ...amounts }) => n + profitOf(amounts), 0);
          expect(kept.get(`figures#${owner}|total|rank`) ?? 0).toBe(profit);
        }
      }),
    );
  });

  it("an edit that changes nothing writes nothing; the rank moves its board entries only when it changes", () => {
    const lines = exampleLines();
    expect(figureFacetOps(figureDeltas(lines, lines), "job#1")).toEqual([]);
    const same = rankOps("vehicle#7", { live: 500, boards: ["all", "dept#3"] }, 0, undefined);
    expect(same.filter((o) => o.op !== "tally-set")).toEqual([]);
    const moved = rankOps("vehicle#7", { live: 500, boards: ["all"] }, -700, ["all", "make#5"]);
    expect(moved).toEqual([
      { op: "tally-set", name: "rank#vehicle#7", from: 500, to: -200, tags: "|all|make#5|" },
      { op: "entry-delete", list: "figures#board#all", sort: rankSort(500), id: 7 },
      { op: "entry-put", list: "figures#board#all", sort: rankSort(-200), id: 7, tags: undefined },
      { op: "entry-put", list: "figures#board#make#5", sort: rankSort(-200), id: 7, tags: undefined },
      { op: "counter-add", name: "figures#board#make#5", live: 1 },
    ]);
  });

  it("the rank's sort text sorts as the number does", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: -1e12, max: 1e12 }), (a, b) => {
        expect(Math.sign(rankSort(a).localeCompare(rankSort(b)))).toBe(Math.sign(a - b));
      }),
    );
  });
});

describe("movements and transactions in the profit line (docs/finance.md)", () => {
  it("a movement of a fleet van costs its internal charge in its delivery month; a job's, a quote's or another vehicle's adds nothing", () => {
    expect(movementProfitFigures({ fleet_vehicle: 7, delivery_date: "2025-05-10", internal_charge: 45.5, movement_status: "NORMAL" })).toEqual([
      { owner: "vehicle#7", month: "2025-05", amounts: { movement: 4550 }, rank: -4550 },
    ]);
    expect(movementProfitFigures({ fleet_vehicle: 7, job: 3, delivery_date: "2025-05-10", internal_charge: 45 })).toEqual([]);
    expect(movementProfitFigures({ fleet_vehicle: 7, movement_status: "QUOTE", delivery_date: "2025-05-10", internal_charge: 45 })).toEqual([]);
    expect(movementProfitFigures({ fleet_vehicle: null, delivery_date: "2025-05-10", internal_charge: 45 })).toEqual([]);
  });

  it("a transaction booked to a vehicle is other income (IN) or other cost (OUT), net, in its date's month; a repeating one is a template", () => {
    expect(transactionProfitFigures({ vehicle: 7, type: "IN", date: "2025-06-03", amount: 80 })).toEqual([{ owner: "vehicle#7", month: "2025-06", amounts: { other_income: 8000 }, rank: 8000 }]);
    expect(transactionProfitFigures({ vehicle: 7, type: "OUT", date: "2025-06-03", amount: 100 })).toEqual([{ owner: "vehicle#7", month: "2025-06", amounts: { other_cost: 10000 }, rank: -10000 }]);
    expect(transactionProfitFigures({ vehicle: 7, type: "OUT", date: "2025-06-03", amount: 100, repeating: true })).toEqual([]);
    expect(transactionProfitFigures({ vehicle: null, type: "OUT", date: "2025-06-03", amount: 100 })).toEqual([]);
  });

  it("the worked line of docs/finance.md: a movement's £60.00 internal charge and a £100.00 expense on the example van", () => {
    const lines = [
      ...exampleLines(),
      ...movementProfitFigures({ fleet_vehicle: 7, delivery_date: "2025-06-02", internal_charge: 60 }),
      ...transactionProfitFigures({ vehicle: 7, type: "OUT", date: "2025-07-15", amount: 100 }),
    ];
    const line = profitLine({ ...X.vehicle, finance_agreements: [X.agreement] }, monthsOfLines(lines), X.on);
    expect([line.movements, line.other_costs, line.costs, line.profit_before_finance, line.profit, line.cost_per_mile]).toEqual([60, 100, 26816.4, 38.6, -1191.4, 0.099]);
  });

  it("a van's kept totals equal the sum of its records under any order of creates, edits and deletes of movements and transactions", () => {
    type Rec = { kind: "m" | "t"; van: number | null; amount: number; month: number; type: "IN" | "OUT" };
    const rec = fc.record({ kind: fc.constantFrom<"m" | "t">("m", "t"), van: fc.constantFrom(1, 2, null), amount: fc.integer({ min: 0, max: 500_00 }).map((p) => p / 100), month: fc.integer({ min: 1, max: 12 }), type: fc.constantFrom<"IN" | "OUT">("IN", "OUT") });
    const step = fc.oneof(fc.record({ op: fc.constant("create" as const), r: rec }), fc.record({ op: fc.constantFrom("edit" as const, "delete" as const), at: fc.nat(), r: rec }));
    const lines = (r: Rec) => {
      const date = `2025-${String(r.month).padStart(2, "0")}-10`;
      return r.kind === "m" ? movementProfitFigures({ fleet_vehicle: r.van, delivery_date: date, internal_charge: r.amount }) : transactionProfitFigures({ vehicle: r.van, type: r.type, date, amount: r.amount });
    };
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const held = new Map<number, Rec>();
        // What the engine keeps: each write's change old -> new added to the owner's months and total.
        const kept = new Map<string, Map<string, Record<string, number>>>();
        const rank = new Map<string, number>();
        const apply = (before: Rec | undefined, after: Rec | undefined) => {
          for (const [owner, o] of figureDeltas(before ? lines(before) : [], after ? lines(after) : [])) {
            rank.set(owner, (rank.get(owner) ?? 0) + o.rank);
            const months = kept.get(owner) ?? new Map<string, Record<string, number>>();
            for (const [month, m] of o.months) {
              const a = months.get(month) ?? {};
              for (const [k, n] of Object.entries(m.amounts)) a[k] = (a[k] ?? 0) + n;
              months.set(month, a);
            }
            kept.set(owner, months);
          }
        };
        let next = 1;
        for (const s of steps) {
          if (s.op === "create") {
            held.set(next++, s.r);
            apply(undefined, s.r);
            continue;
          }
          const ids = [...held.keys()];
          if (!ids.length) continue;
          const id = ids[s.at % ids.length];
          const before = held.get(id)!;
          if (s.op === "edit") {
            // The same record type: a movement stays a movement.
            const after = { ...s.r, kind: before.kind };
            held.set(id, after);
            apply(before, after);
          } else {
            held.delete(id);
            apply(before, undefined);
          }
        }
        const summed = monthsOfLines([...held.values()].flatMap(lines).filter((l) => l.owner === "vehicle#1")).filter((m) => Object.keys(m).length > 1);
        const keptMonths = [...(kept.get("vehicle#1") ?? new Map<string, Record<string, number>>()).entries()]
          .map(([month, a]) => ({ month, ...Object.fromEntries(Object.entries(a).filter(([, n]) => n)) }))
          .filter((m) => Object.keys(m).length > 1)
          .sort((a, b) => a.month.localeCompare(b.month));
        expect(keptMonths).toEqual(summed);
        // The rank (profit before finance) too.
        expect(rank.get("vehicle#1") ?? 0).toBe(summed.reduce((n, { month: _m, ...a }) => n + profitOf(a), 0));
      }),
      { numRuns: 200 },
    );
  });

  it("the league's sort values: utilisation in millionths of days on fleet, cost per mile in thousandths of a penny, none when the line shows none", () => {
    const v = { purchase_date: "2025-04-15", mileage: 1000 };
    expect(leagueSortValues(v, { hire_days: 20, other_cost: 30000 }, "2025-05-14")).toEqual({ utilisation: 666667, cost_per_mile: 30000 });
    expect(leagueSortValues({ purchase_date: null, mileage: 0 }, {}, "2025-05-14")).toEqual({ utilisation: null, cost_per_mile: null });
    expect(sortValue(null)).toBe(-1);
    expect(rankSort(sortValue(666667)) > rankSort(sortValue(null))).toBe(true);
  });
});

describe("days on fleet without a purchase date (docs/finance.md \"Formulas\")", () => {
  it("counts from the purchase date; with none, from the day the van's record was made (London date); none with neither", () => {
    expect(fleetStart({ purchase_date: "2023-09-12", created_at: "2025-01-01T10:00:00.000Z" })).toBe("2023-09-12");
    // 23:30 UTC on 30/06 is already 01/07 in London (BST).
    expect(fleetStart({ purchase_date: null, created_at: "2025-06-30T23:30:00.000Z" })).toBe("2025-07-01");
    expect(fleetStart({ purchase_date: "", created_at: null })).toBeNull();
    expect(daysOnFleet({ created_at: "2025-04-15T09:00:00.000Z" }, "2025-05-14")).toBe(30);
    expect(daysOnFleet({ created_at: "2025-04-15T09:00:00.000Z", date_sold: "2025-04-24" }, "2025-05-14")).toBe(10);
    expect(daysOnFleet({}, "2025-05-14")).toBe(0);
  });

  it("days on hire are never above days on fleet, so utilisation is at most 100% and defined once the van is on the fleet", () => {
    // The demo's "365 / 0": a year's confirmed rental on a van with no purchase date, recorded 30 days ago.
    const v = { purchase_date: null, created_at: "2025-04-15T09:00:00.000Z", mileage: 0 };
    const line = profitLine(v, [{ month: "total", hire_days: 365 }], "2025-05-14");
    expect([line.days_on_hire, line.days_on_fleet, line.utilisation]).toEqual([30, 30, 100]);
    expect(leagueSortValues(v, { hire_days: 365 }, "2025-05-14").utilisation).toBe(1_000_000);
    expect(profitLine(v, [{ month: "total", hire_days: 12 }], "2025-05-14").utilisation).toBe(40);
    expect(daysOnHire(5, 0)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 3000 }), (hire, back) => {
        const van = { purchase_date: null, created_at: `${addDays("2025-05-14", -back)}T12:00:00.000Z` };
        const l = profitLine(van, [{ month: "total", hire_days: hire }], "2025-05-14");
        return l.days_on_hire <= l.days_on_fleet && l.utilisation !== null && l.utilisation <= 100;
      }),
    );
  });
});
