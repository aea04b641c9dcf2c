import { describe, expect, it } from "vitest";
import {
  approvalRuleResult,
  offHireLockResult,
  rentalRecordTotals,
  weeklyPence,
  rentalRuleResult,
  canPrint,
  excessMileageCharge,
  incVat,
  insuranceCharge,
  latestUnsettled,
  longTermTotal,
  mileageTooHigh,
  monthsSpanned,
  monthsFromTo,
  isLongRental,
  SHORT_RENTAL_MONTHS,
  offHireTotal,
  rentalDays,
  rentalDatesError,
  rentalFigures,
  roundedWeeks,
  shortTermTotal,
  suggestedWeeklyRate,
  totalMileage,
} from "../../core/hire/rules.js";
import { figureValuesOf, figureValuesOfEntry, rentalMemberships } from "../../core/hire/rental.js";

const rates = { first_day: 60, two_five_days: 45, six_twenty_seven_days: 35, twenty_eight_plus: 25 };

describe("rental days (001 §5)", () => {
  it("counts both ends, whichever way round the dates are", () => {
    expect(rentalDays("2026-11-23", "2026-11-23")).toBe(1);
    expect(rentalDays("2026-11-23", "2026-11-29")).toBe(7);
    expect(rentalDays("2026-11-29", "2026-11-23")).toBe(7);
    expect(rentalDays("2026-03-28", "2026-03-30")).toBe(3); // across the clocks going forward
    expect(rentalDays(null, "2026-11-23")).toBe(0);
  });
});

describe("impossible rental dates", () => {
  it("an end date before the start is refused with the save rule's own message, as soon as both are in", () => {
    expect(rentalDatesError("2026-11-29", "2026-11-23")).toBe("The end date must not be before the start date");
    expect(rentalDatesError("2026-11-23", "2026-11-23")).toBeNull();
    expect(rentalDatesError("2026-11-23", null)).toBeNull();
    expect(rentalRuleResult({ start_date: "2026-11-29", finish_date: "2026-11-23" })?.errors.finish_date).toBe(rentalDatesError("2026-11-29", "2026-11-23"));
  });
});

describe("short-term total (001 §9 tiers)", () => {
  it("charges day 1, days 2-5, 6-27 and 28+ at their rates plus additional cost", () => {
    expect(shortTermTotal(1, rates)).toBe(60);
    expect(shortTermTotal(5, rates)).toBe(60 + 4 * 45);
    expect(shortTermTotal(6, rates)).toBe(60 + 4 * 45 + 35);
    expect(shortTermTotal(27, rates)).toBe(60 + 4 * 45 + 22 * 35);
    expect(shortTermTotal(30, rates, 12.5)).toBe(60 + 4 * 45 + 22 * 35 + 3 * 25 + 12.5);
  });
  it("adds pence exactly (no binary-float drift)", () => {
    expect(shortTermTotal(3, { first_day: 0.1, two_five_days: 0.2 }, 0.1)).toBe(0.6);
  });
});

describe("long-term total (001 §9, first reading)", () => {
  it("is rounded weeks x weekly + additional cost; halves round up", () => {
    expect(roundedWeeks(7)).toBe(1);
    expect(roundedWeeks(10)).toBe(1);
    expect(roundedWeeks(11)).toBe(2); // 1.57 weeks
    expect(roundedWeeks(3.5)).toBe(1); // half a week rounds up
    expect(longTermTotal(364, 175, 50)).toBe(52 * 175 + 50);
    expect(longTermTotal(31, 199.99)).toBe(799.96);
  });
  it("total mileage = annual allowance x term / 52", () => {
    expect(totalMileage(20000, 52)).toBe(20000);
    expect(totalMileage(15000, 26)).toBe(7500);
  });
});

describe("insurance, off-hire and VAT", () => {
  it("insurance charge = daily x days", () => {
    expect(insuranceCharge(8.5, 7)).toBe(59.5);
  });
  it("off-hire: excess charge = miles x per-mile; total = damage + fuel + excess, to 2 dp", () => {
    expect(excessMileageCharge(250, 0.15)).toBe(37.5);
    expect(offHireTotal(120, 35.333, 37.5)).toBe(192.83);
  });
  it("inc-VAT = 1.2 x ex-VAT", () => {
    expect(incVat(99.99)).toBe(119.99);
  });
});

describe("rental figures on save", () => {
  it("ST: total from the tiers; cost_override keeps the typed total", () => {
    const st = rentalFigures({ rental_type: "ST", start_date: "2026-11-23", finish_date: "2026-11-29", ...rates, additional_cost: 10, insurance_daily: 5 });
    expect(st).toMatchObject({ days: 7, total: 60 + 4 * 45 + 2 * 35 + 10, insurance_charge: 35, weekly_insurance_charge: 35, weekend: 105, one_week: 310, six_twenty_seven_week: 245 });
    expect(rentalFigures({ rental_type: "ST", start_date: "2026-11-23", finish_date: "2026-11-29", ...rates, cost_override: true, total: 199 }).total).toBe(199);
  });
  it("LT: weeks x weekly and the term's mileage", () => {
    const lt = rentalFigures({ rental_type: "LT", start_date: "2026-01-05", finish_date: "2026-12-27", long_term_weekly: 165, term: 52, mileage_allowance: 18000 });
    expect(lt.days).toBe(357);
    expect(lt.total).toBe(51 * 165);
    expect(lt.total_mileage).toBe(18000);
  });
});

describe("print and warnings", () => {
  const full = { policy_name: "Fleet", insurer: "Aviva", policy_number: "P-1", insurance_expiry: "2027-01-01", ni_number: "QQ123456C", licence_number: "SMITH901011AB9CD", licence_held: 5 };
  it("prints only with every insurance and licence detail", () => {
    expect(canPrint(full)).toBe(true);
    expect(canPrint({ ...full, ni_number: " " })).toBe(false);
    expect(canPrint({ ...full, licence_held: null })).toBe(false);
  });
  it("mileage too high when weekly allowance x term + start mileage passes the model's limit", () => {
    expect(mileageTooHigh(52000, 52, 50000, 100000)).toBe(true); // 52,000 + 50,000
    expect(mileageTooHigh(26000, 52, 50000, 100000)).toBe(false);
    expect(mileageTooHigh(26000, 52, 50000, null)).toBe(false);
  });
});

describe("suggested weekly rate (docs/rentals.md worked example)", () => {
  const base = { marginPercent: 40, maintenanceCostPerMile: 0.1, additionalDepreciationPerMile: 0.01, fixedHireCosts: 15, annualMileageAllowance: 20800 };
  it("regular finance: monthly x 12 / 52 + per-mile x weekly miles + fixed, plus margin", () => {
    // finance 400 x 12 / 52 = 92.3077; miles 400/week x 0.11 = 44; fixed 15 => 151.3077 x 1.4 = 211.83
    expect(suggestedWeeklyRate({ ...base, agreement: { finance_type: "REGULAR", monthly_payment: 400 } })).toBe(211.83);
  });
  it("hire agreement uses its 7-day rate; stocking plan its monthly interest", () => {
    // 7 x 20 = 140 + 44 + 15 = 199 x 1.4 = 278.6
    expect(suggestedWeeklyRate({ ...base, agreement: { finance_type: "HIRE_AGREEMENT", daily_rate: 20 } })).toBe(278.6);
    // 130 x 12 / 52 = 30 + 44 + 15 = 89 x 1.4 = 124.6
    expect(suggestedWeeklyRate({ ...base, agreement: { finance_type: "STOCKING_PLAN", sp_monthly_interest_charge: 130 } })).toBe(124.6);
  });
  it("is unable to calculate without an open agreement or a margin", () => {
    expect(suggestedWeeklyRate({ ...base, agreement: null })).toBeNull();
    expect(suggestedWeeklyRate({ ...base, marginPercent: null, agreement: { finance_type: "REGULAR", monthly_payment: 400 } })).toBeNull();
  });
  it("takes the latest agreement without an early settlement", () => {
    const a = [{ finance_type: "REGULAR", monthly_payment: 1 }, { finance_type: "LEASE_AGREEMENT", monthly_payment: 2 }, { finance_type: "REGULAR", monthly_payment: 3, finance_early_settlement_date: "2026-01-01" }];
    expect(latestUnsettled(a)?.monthly_payment).toBe(2);
  });
});

describe("month buckets", () => {
  it("lists each month a short rental runs through; a long or open-ended one is in no month list", () => {
    expect(SHORT_RENTAL_MONTHS).toBe(3);
    expect(monthsSpanned("2026-11-20", "2027-01-03")).toEqual(["2026-11", "2026-12", "2027-01"]);
    expect(isLongRental("2026-11-20", "2027-01-31")).toBe(false);
    expect(isLongRental("2026-11-20", "2027-02-01")).toBe(true);
    expect(monthsSpanned("2026-11-20", "2027-02-01")).toEqual([]);
    expect(monthsSpanned("2026-11-20", null)).toEqual([]);
    // A window's months have no cap: five years and more.
    expect(monthsFromTo("2026-01-15", "2031-12-01")).toHaveLength(72);
  });

  it("no rental writes more than a few window entries, however long", () => {
    const base = { status: "CONFIRMED" as const, rental_type: "LT" as const, vehicle: 3, customer: 4, department: 2, days: 1, total: 100, off_hire_total_additional_charges: 0 };
    for (const finish of ["2026-01-31", "2026-03-31", "2029-12-31", "2031-01-01", null]) {
      const lists = rentalMemberships({ ...base, start_date: "2026-01-01", finish_date: finish });
      expect(lists.length).toBeLessThanOrEqual(12);
    }
    const long = rentalMemberships({ ...base, start_date: "2026-01-01", finish_date: "2029-12-31" });
    expect(long.filter((m) => m.list.startsWith("month#"))).toEqual([]);
    expect(long.find((m) => m.list === "long")).toMatchObject({ sort: "2029-12-31", tags: expect.arrayContaining(["start=2026-01-01", "fin=2029-12-31", "status=CONFIRMED", "dept=2"]) });
    expect(rentalMemberships({ ...base, start_date: "2026-01-01", finish_date: null }).find((m) => m.list === "long")!.sort).toBe("9999-12-31");
    expect(long.map((m) => m.list)).toEqual(expect.arrayContaining(["status#CONFIRMED", "dept#2", "status#CONFIRMED#dept#2"]));
  });
});

describe("rental list entries (docs/data-model.md §5.1)", () => {
  const row = {
    id: 7, status: "CONFIRMED" as const, rental_type: "LT" as const, start_date: "2030-01-21", finish_date: "2030-02-17", vehicle: 3, customer: 4, department: 2,
    days: 28, total: 800.1, off_hire_date: "2030-02-17", off_hire_total_additional_charges: 45.5,
  };
  // Tags as the store keeps them: lower-cased.
  const stored = (m: { sort: string; tags?: string[] }) => ({ id: row.id, sort: m.sort, tags: (m.tags ?? []).map((t) => t.toLowerCase()) });

  it("month entries carry the figures' values in whole pence; one finish-date entry per rental, open ends last", () => {
    const lists = rentalMemberships(row);
    const months = lists.filter((m) => m.list.startsWith("month#"));
    expect(months.map((m) => m.list)).toEqual(["month#2030-01", "month#2030-02"]);
    expect(months[0].tags).toEqual(expect.arrayContaining(["fin=2030-02-17", "days=28", "tot=80010", "ohd=2030-02-17", "ohc=4550"]));
    expect(lists.filter((m) => m.list.startsWith("vehiclefinish#"))).toEqual([{ list: "vehiclefinish#3", sort: "2030-02-17", tags: expect.arrayContaining(["start=2030-01-21", "status=CONFIRMED"]) }]);
    expect(rentalMemberships({ ...row, finish_date: null }).find((m) => m.list === "vehiclefinish#3")!.sort).toBe("9999-12-31");
    expect(lists.find((m) => m.list === "vehicle#3")!.tags.some((t) => t.startsWith("tot="))).toBe(false);
  });

  it("read back from an entry, the values are the rental's own (pence through a decimal, never a float)", () => {
    const fromEntry = figureValuesOfEntry(stored(rentalMemberships(row).find((m) => m.list === "month#2030-02")!))!;
    expect(fromEntry).toEqual(figureValuesOf(row));
    expect(fromEntry.total.toFixed(2)).toBe("800.10");
    expect(fromEntry.long_term).toBe(true);
    const bare = figureValuesOfEntry(stored(rentalMemberships({ ...row, finish_date: null, off_hire_date: null, days: null, total: null }).find((m) => m.list === "long")!))!;
    expect(bare).toMatchObject({ start_date: "2030-01-21", finish_date: null, off_hire_date: null, days: 0 });
    expect(bare.total.toFixed(2)).toBe("0.00");
  });

  it("an entry without them (written before, or an amount with a fraction of a penny) says to read the rental", () => {
    expect(figureValuesOfEntry({ id: 7, sort: "2030-01-21", tags: ["status=confirmed", "type=lt", "dept=2"] })).toBeNull();
    const fraction = rentalMemberships({ ...row, total: 800.125 }).find((m) => m.list === "month#2030-01")!;
    expect(fraction.tags.some((t) => t.startsWith("tot="))).toBe(false);
    expect(figureValuesOfEntry(stored(fraction))).toBeNull();
  });
});

describe("rental save rules (001 §5)", () => {
  const complete = { start_date: "2026-12-01", finish_date: "2026-12-03", start_mileage: 0, deposit: 0, deposit_paid_date: "2026-12-01", initial_payment: 0, initial_payment_date: "2026-12-01" };
  it("takes a booking with every required input (zero counts as filled)", () => {
    expect(rentalRuleResult(complete)).toBeNull();
  });
  it("names every missing required input, the first as the message", () => {
    const r = rentalRuleResult({ ...complete, start_mileage: null, deposit: "", initial_payment_date: null });
    expect(r).toEqual({
      message: "Start mileage is required",
      errors: { start_mileage: "Start mileage is required", deposit: "Deposit is required", initial_payment_date: "Initial payment date is required" },
    });
  });
});

describe("rental record totals (customer and vehicle)", () => {
  it("weekly: long term its weekly rate; short term total / days x 7, to the penny", () => {
    expect(weeklyPence({ rental_type: "LT", long_term_weekly: 185.5, total: 9999, days: 364 })).toBe(18550);
    expect(weeklyPence({ rental_type: "ST", total: 100, days: 3 })).toBe(23333);
    expect(weeklyPence({ rental_type: "ST", total: 100, days: 0 })).toBe(0);
  });
  it("each rental adds its total and weekly amount to its vehicle's and its customer's record", () => {
    expect(rentalRecordTotals({ vehicle: 4, customer: 9, rental_type: "ST", total: 310, days: 7 })).toEqual([
      { facet: "totals#vehicle#4", value: "total", amount: 31000 },
      { facet: "totals#vehicle#4", value: "weekly", amount: 31000 },
      { facet: "totals#customer#9", value: "total", amount: 31000 },
      { facet: "totals#customer#9", value: "weekly", amount: 31000 },
    ]);
    expect(rentalRecordTotals({ vehicle: null, customer: null, total: 5 })).toEqual([]);
  });
});

describe("approving a rental (PUT rental/approve, docs/rentals.md)", () => {
  const returned = { id: 7, status: "CONFIRMED", off_hire_date: "2031-02-08", approved: false };
  it("approves confirmed rentals with an off-hire date, not yet approved", () => {
    expect(approvalRuleResult([returned, { ...returned, id: 8, approved: null }])).toBeNull();
  });
  it("refuses the lot when one fails, naming its rental when several are sent; every refusal keyed by its position", () => {
    expect(approvalRuleResult([{ ...returned, off_hire_date: null }])).toEqual({
      message: "Off Hire Date is required to approve a rental",
      errors: { "0.off_hire_date": "Off Hire Date is required to approve a rental" },
    });
    expect(approvalRuleResult([returned, { ...returned, id: 8, status: "QUOTE" }, { ...returned, id: 9, approved: true }])).toEqual({
      message: "Rental 8: Only a confirmed rental can be approved",
      errors: { "1.status": "Only a confirmed rental can be approved", "2.approved": "This rental has already been approved" },
    });
    expect(approvalRuleResult([])?.message).toBe("Select a rental to approve");
  });
  it("an approved rental's off-hire details are locked: the same values (however written) pass, a change is refused", () => {
    const stored = { approved: true, off_hire_date: "2031-02-08", off_hire_new_damage: 120, off_hire_missing_fuel: null, off_hire_tracker_completed: null, excess_mileage_charge_per_mile: 0.15 };
    expect(offHireLockResult(stored, { off_hire_date: "2031-02-08", off_hire_new_damage: 120.0, off_hire_missing_fuel: null, off_hire_tracker_completed: false, excess_mileage_charge_per_mile: 0.15, comments: "x" })).toBeNull();
    expect(offHireLockResult(stored, {})).toBeNull();
    const refused = offHireLockResult(stored, { off_hire_date: null, off_hire_missing_fuel: 0, excess_mileage_charge_per_mile: 0.2 });
    expect(refused?.message).toBe("This rental's off hire has been approved: its off-hire details can no longer be changed");
    expect(Object.keys(refused!.errors)).toEqual(["off_hire_date", "off_hire_missing_fuel", "excess_mileage_charge_per_mile"]);
    expect(offHireLockResult({ ...stored, approved: false }, { off_hire_date: null })).toBeNull();
  });
});
