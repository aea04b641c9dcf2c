import { blank } from "../platform/blank.js";
import { addDays, daysInclusive, todayInLondon } from "../platform/dates.js";
import { fromPence, Money, money, pounds, sum, toPence, type Amount } from "../platform/money.js";
import { amountBorrowedOf, instalmentSchedule, purchasePriceOf, type AgreementLike } from "../agreements/finance.js";
import type { FigureLine } from "../platform/records/types.js";

/*
 * What each van earns and costs (issue 27): the vehicle profit line and the
 * fleet league table's figures, pure (docs/finance.md "Vehicle profit line").
 * Every amount is net of VAT and kept in whole pence while it is summed;
 * money goes through core/platform/money.ts only.
 *
 * The records that move a vehicle's figures declare them with the engine's
 * `figures` option (core/platform/records/figures.ts): a rental, a job card,
 * the vehicle itself (purchase and sale). Each gives, per calendar month, the
 * pence (or days) of each kind, and its part of the vehicle's rank (the
 * profit before finance, which the league table sorts by).
 */

/** The kinds of amount a vehicle's month keeps. Days are whole days, the rest whole pence. */
export const PROFIT_KINDS = ["income", "hire_days", "labour", "parts", "purchase", "sale", "movement", "other_income", "other_cost"] as const;
export type ProfitKind = (typeof PROFIT_KINDS)[number];

/** The owner key of a vehicle's figures. */
export const vehicleOwner = (id: number | string) => `vehicle#${id}`;

/** A kind's sign in the profit: income and the sale add, costs take away, days do not count. */
export const PROFIT_SIGN: Record<ProfitKind, 1 | -1 | 0> = { income: 1, sale: 1, hire_days: 0, labour: -1, parts: -1, purchase: -1, movement: -1, other_income: 1, other_cost: -1 };

/** The profit (pence) of some amounts by kind. */
export function profitOf(amounts: Partial<Record<string, number>>): number {
  let p = 0;
  for (const k of PROFIT_KINDS) p += PROFIT_SIGN[k] * (amounts[k] ?? 0);
  return p;
}

/** One month's figure line of a vehicle. */
function line(vehicle: unknown, month: string, amounts: Partial<Record<ProfitKind, number>>): FigureLine {
  const clean = Object.fromEntries(Object.entries(amounts).filter(([, n]) => n)) as Record<string, number>;
  return { owner: vehicleOwner(String(vehicle)), month, amounts: clean, rank: profitOf(clean) };
}

/** The calendar month (YYYY-MM) of an ISO date. */
export const monthKey = (iso: string) => iso.slice(0, 7);

/** The last day of the month of an ISO date. */
function monthEnd(iso: string): string {
  const [y, m] = iso.slice(0, 10).split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${iso.slice(0, 7)}-${String(last).padStart(2, "0")}`;
}

/**
 * Days from `from` to `to` (both inclusive) by calendar month, and `pence`
 * shared out in proportion to them: each month's share rounded down, the
 * pence left over going to the months with the largest remainders (earliest
 * first), so the shares always add up to `pence` exactly.
 */
export function splitByMonth(from: string, to: string, pence: number, by: "month" | "year" = "month"): Array<{ month: string; days: number; pence: number }> {
  if (to < from) return [];
  const parts: Array<{ month: string; days: number }> = [];
  for (let start = from; start <= to; ) {
    const last = by === "year" ? `${start.slice(0, 4)}-12-31` : monthEnd(start);
    const end = last < to ? last : to;
    parts.push({ month: by === "year" ? start.slice(0, 4) : monthKey(start), days: daysInclusive(start, end) });
    start = addDays(end, 1);
  }
  const days = parts.reduce((n, p) => n + p.days, 0);
  const sign = pence < 0 ? -1 : 1;
  const whole = Math.abs(pence);
  const shares = parts.map((p, i) => {
    const exact = money(whole).times(p.days).div(days);
    return { i, base: Number(exact.floor().toFixed(0)), rest: exact.minus(exact.floor()) };
  });
  let left = whole - shares.reduce((n, s) => n + s.base, 0);
  for (const s of [...shares].sort((a, b) => b.rest.comparedTo(a.rest) || a.i - b.i)) {
    if (left <= 0) break;
    s.base += 1;
    left -= 1;
  }
  return parts.map((p, i) => ({ ...p, pence: sign * shares[i].base }));
}

/** A rental spanning more calendar months than this is spread by year (docs/finance.md). */
export const LONG_RENTAL_MONTHS = 24;

/** What of a rental the profit reads. */
export type RentalLike = { status?: string | null; vehicle?: unknown; start_date?: string | null; finish_date?: string | null; off_hire_date?: string | null; total?: Amount; off_hire_total_additional_charges?: Amount };

/** The last day a rental is on hire: its off-hire date when set, else its end date. */
export const rentalLastDay = (r: RentalLike) => (blank(r.off_hire_date) ? r.finish_date : r.off_hire_date) ?? null;

/**
 * A rental's figures: a CONFIRMED rental of a fleet vehicle earns its total
 * (net) spread over its days on hire by month (`splitByMonth`), and its
 * off-hire charges in the month of its last day; each month's days on hire.
 */
export function rentalProfitFigures(r: RentalLike): FigureLine[] {
  const last = rentalLastDay(r);
  if (r.status !== "CONFIRMED" || blank(r.vehicle) || blank(r.start_date) || blank(last) || last! < r.start_date!) return [];
  // A rental over 24 months is spread by calendar year (key "YYYY"), so its save stays a few items whatever its length.
  const months = (Number(last!.slice(0, 4)) - Number(r.start_date!.slice(0, 4))) * 12 + Number(last!.slice(5, 7)) - Number(r.start_date!.slice(5, 7)) + 1;
  const out = splitByMonth(r.start_date!, last!, toPence(r.total), months > LONG_RENTAL_MONTHS ? "year" : "month").map((m) => ({ month: m.month, income: m.pence, hire_days: m.days }));
  const extra = toPence(r.off_hire_total_additional_charges);
  if (extra) out[out.length - 1].income += extra;
  return out.map((m) => line(r.vehicle, m.month, { income: m.income, hire_days: m.hire_days }));
}

/** What of a job card the profit reads. */
export type JobLike = { vehicle?: unknown; customer_vehicle?: boolean | null; approved_date?: string | null; labour_cost_total?: Amount; parts_cost_total?: Amount };

/**
 * A job card's figures: once approved (POST jobs/approve sets its approved
 * date), a job on a fleet vehicle (not a customer's) costs its labour and
 * parts cost totals (net), in the month of its approval.
 */
export function jobProfitFigures(j: JobLike): FigureLine[] {
  if (blank(j.vehicle) || j.customer_vehicle || blank(j.approved_date)) return [];
  return [line(j.vehicle, monthKey(j.approved_date!), { labour: toPence(j.labour_cost_total), parts: toPence(j.parts_cost_total) })];
}

/** What of a movement the profit reads: the fleet van it was resolved to at save time (`fleet_vehicle`), its job, its internal charge and day. */
export type MovementLike = { fleet_vehicle?: unknown; job?: unknown; delivery_date?: string | null; internal_charge?: Amount; movement_status?: string | null };

/**
 * A movement's figures: a NORMAL movement of a fleet van (resolved at save
 * time: its job's vehicle, else its vehicle text as a fleet registration)
 * costs the business its `internal_charge` (net: what the move costs us,
 * recharged to the van's side of the business), in the month of its
 * delivery date. Its `cost` is the charge: the rate's price with the
 * customer's markup, invoiced to the customer when there is one, so not a
 * cost of the van. A job's movement adds nothing here: its job's work item
 * carries it (002 §3), in the job's labour once the job is approved.
 */
export function movementProfitFigures(m: MovementLike): FigureLine[] {
  if (blank(m.fleet_vehicle) || !blank(m.job) || m.movement_status === "QUOTE" || blank(m.delivery_date)) return [];
  return [line(m.fleet_vehicle, monthKey(m.delivery_date!), { movement: toPence(m.internal_charge) })];
}

/** What of an income or expense transaction the profit reads. */
export type TransactionLike = { vehicle?: unknown; type?: string | null; date?: string | null; amount?: Amount; repeating?: boolean | null };

/**
 * An income or expense transaction booked to a vehicle (`vehicle`, ours:
 * docs/accounts.md): its amount (net: VAT is its `vat`, apart) as other
 * income (IN) or other cost (OUT), in the month of its date; a repeating
 * transaction is a template and counts only through the transactions it makes.
 */
export function transactionProfitFigures(t: TransactionLike): FigureLine[] {
  if (blank(t.vehicle) || t.repeating || blank(t.date) || (t.type !== "IN" && t.type !== "OUT")) return [];
  const pence = toPence(t.amount);
  return [line(t.vehicle, monthKey(t.date!), t.type === "IN" ? { other_income: pence } : { other_cost: pence })];
}

/** What of a vehicle (with its agreements) the profit reads. */
export type VehicleLike = { purchase_date?: string | null; created_at?: string | null; date_sold?: string | null; mileage?: number | null; finance_agreements?: AgreementLike[] | null };

/** The day an agreement dates the purchase to: its purchase invoice date, else the vehicle's purchase date. */
const purchaseDay = (v: VehicleLike, a: AgreementLike) => (blank(a.invoice_date) ? v.purchase_date : a.invoice_date) ?? null;
/** The day an agreement dates the sale to: its sold date, else the vehicle's date sold. */
const saleDay = (v: VehicleLike, a: AgreementLike) => (blank(a.sold_date) ? v.date_sold : a.sold_date) ?? null;

/** The vehicle's own figures: each agreement's purchase price (net) in its purchase month, its sold price (net) in its sale month. */
export function vehicleProfitFigures(v: VehicleLike, id: number): FigureLine[] {
  const out: FigureLine[] = [];
  for (const a of v.finance_agreements ?? []) {
    const bought = purchaseDay(v, a);
    const price = toPence(purchasePriceOf(a));
    if (price && bought) out.push(line(id, monthKey(bought), { purchase: price }));
    const sold = saleDay(v, a);
    if (!blank(a.sold_price) && sold) out.push(line(id, monthKey(sold), { sale: toPence(a.sold_price) }));
  }
  return out;
}

/** Finance paid to date on one agreement: instalments' interest due on or before the day, and the early settlement's charges. */
export function financePaid(a: AgreementLike, on: string): { interest: number; charges: number; instalments: number } {
  const settled = !blank(a.finance_early_settlement_date) && String(a.finance_early_settlement_date) <= on ? String(a.finance_early_settlement_date) : null;
  const until = settled ?? on;
  const paid = instalmentSchedule(a).filter((i) => i.date <= until);
  const interest = sum(...paid.map((i) => i.interest));
  let charges = money(0);
  if (settled) {
    // What the settlement paid beyond the capital still owed: the lender's interest and fees for settling early.
    const capitalLeft = amountBorrowedOf(a).minus(sum(...paid.map((i) => i.capital)));
    const over = money(a.finance_early_settlement_amount_paid).minus(capitalLeft);
    if (over.gt(0)) charges = over;
  }
  return { interest: pounds(interest), charges: pounds(charges), instalments: paid.length };
}

/** A month of the line: income and costs by kind (pence, days). */
export type MonthFigures = { month: string } & Partial<Record<ProfitKind, number>>;

/** The vehicle profit line, in pounds (docs/finance.md "Vehicle profit line"). */
export type ProfitLine = {
  purchase_price: number;
  finance_interest: number;
  finance_charges: number;
  hire_income: number;
  workshop_labour: number;
  workshop_parts: number;
  sale_price: number | null;
  sale_margin: number | null;
  movements: number;
  other_income: number;
  other_costs: number;
  costs: number;
  income: number;
  profit_before_finance: number;
  profit: number;
  days_on_fleet: number;
  days_on_hire: number;
  utilisation: number | null;
  miles: number;
  cost_per_mile: number | null;
  months: Array<{ month: string; income: number; cost: number; hire_days: number }>;
};

/** The running costs (pence) a cost per mile divides, before finance: workshop labour and parts, movements, other costs. */
export function runningPence(months: Array<Partial<Record<ProfitKind, number>>>): number {
  return months.reduce((n, m) => n + (m.labour ?? 0) + (m.parts ?? 0) + (m.movement ?? 0) + (m.other_cost ?? 0), 0);
}

/**
 * The day a van's days on fleet count from: its purchase date; with none,
 * the day its record was made in the product (`created_at`, as a London
 * date): a van staff have on the fleet but never dated the purchase of is on
 * the fleet at least since we recorded it (docs/finance.md "Formulas").
 */
export function fleetStart(v: VehicleLike): string | null {
  if (!blank(v.purchase_date)) return v.purchase_date!;
  return blank(v.created_at) ? null : todayInLondon(new Date(v.created_at!));
}

/** Days on fleet: from the fleet start (`fleetStart`) to the date sold (or the day), both counted; 0 before it. */
export function daysOnFleet(v: VehicleLike, on: string): number {
  const start = fleetStart(v);
  if (start === null) return 0;
  const end = !blank(v.date_sold) && v.date_sold! < on ? v.date_sold! : on;
  return end < start ? 0 : daysInclusive(start, end);
}

/** Days on hire as the line shows them: never above the days on fleet (a van is not on hire more days than it is ours). */
export const daysOnHire = (hireDays: number, fleetDays: number) => Math.min(Math.max(0, hireDays), fleetDays);

/**
 * The profit line of a vehicle on a day, from its monthly figures (the
 * maintained totals, or the same worked from its records) and its
 * agreements (finance paid to date moves with the calendar, so it is worked
 * out on reading, never kept).
 */
export function profitLine(v: VehicleLike, months: MonthFigures[], on: string): ProfitLine {
  const total = (k: ProfitKind) => months.reduce((n, m) => n + (m[k] ?? 0), 0);
  const finance = (v.finance_agreements ?? []).map((a) => financePaid(a, on));
  const interest = sum(...finance.map((f) => f.interest));
  const charges = sum(...finance.map((f) => f.charges));
  const sold = (v.finance_agreements ?? []).some((a) => !blank(a.sold_price));
  const purchase = fromPence(total("purchase"));
  const sale = fromPence(total("sale"));
  const costsBefore = total("purchase") + total("labour") + total("parts") + total("movement") + total("other_cost");
  const incomeP = total("income") + total("sale") + total("other_income");
  const profitBefore = incomeP - costsBefore;
  const profit = money(fromPence(profitBefore)).minus(interest).minus(charges);
  const fleetDays = daysOnFleet(v, on);
  const hireDays = daysOnHire(total("hire_days"), fleetDays);
  const miles = Math.max(0, Math.round(v.mileage ?? 0));
  // Running costs per mile: the workshop, movements, other costs and the finance, not the purchase (the sale margin answers for that).
  const running = money(fromPence(runningPence(months))).plus(interest).plus(charges);
  return {
    purchase_price: purchase,
    finance_interest: pounds(interest),
    finance_charges: pounds(charges),
    hire_income: fromPence(total("income")),
    workshop_labour: fromPence(total("labour")),
    workshop_parts: fromPence(total("parts")),
    sale_price: sold ? sale : null,
    sale_margin: sold ? pounds(money(sale).minus(purchase)) : null,
    movements: fromPence(total("movement")),
    other_income: fromPence(total("other_income")),
    other_costs: fromPence(total("other_cost")),
    income: fromPence(incomeP),
    costs: pounds(money(fromPence(costsBefore)).plus(interest).plus(charges)),
    profit_before_finance: fromPence(profitBefore),
    profit: pounds(profit),
    days_on_fleet: fleetDays,
    days_on_hire: hireDays,
    utilisation: fleetDays ? Number(money(hireDays).div(fleetDays).times(100).toDecimalPlaces(1, 4).toFixed(1)) : null,
    miles,
    cost_per_mile: miles ? Number(running.div(miles).toDecimalPlaces(3, Money.ROUND_HALF_UP).toFixed(3)) : null,
    months: [...months]
      .sort((a, b) => a.month.localeCompare(b.month))
      .map((m) => ({
        month: m.month,
        income: fromPence((m.income ?? 0) + (m.sale ?? 0) + (m.other_income ?? 0)),
        cost: fromPence((m.purchase ?? 0) + (m.labour ?? 0) + (m.parts ?? 0) + (m.movement ?? 0) + (m.other_cost ?? 0)),
        hire_days: m.hire_days ?? 0,
      })),
  };
}

/** Monthly figures summed from figure lines (what the maintained items hold): the same function the records declare, folded by month. */
export function monthsOfLines(lines: FigureLine[]): MonthFigures[] {
  const by = new Map<string, MonthFigures>();
  for (const l of lines) {
    const m = by.get(l.month) ?? { month: l.month };
    for (const k of PROFIT_KINDS) if (l.amounts[k]) m[k] = (m[k] ?? 0) + l.amounts[k];
    by.set(l.month, m);
  }
  return [...by.values()].sort((a, b) => a.month.localeCompare(b.month));
}

/** What of a vehicle the league table's boards read. */
export type BoardsLike = { vehicle_status?: string | null; department?: unknown; type?: unknown; make?: unknown; model?: unknown };

/** A filter of the league table: its board's prefix ("dept", "type", "make", "model"). */
export const LEAGUE_FILTERS = ["department", "type", "make", "model"] as const;
export type LeagueFilter = (typeof LEAGUE_FILTERS)[number];
const BOARD_PREFIX: Record<LeagueFilter, string> = { department: "dept", type: "type", make: "make", model: "model" };

/** The board of one filter value ("all" with none). */
export function leagueBoard(filter?: { by: LeagueFilter; value: number | string } | null): string {
  return filter ? `${BOARD_PREFIX[filter.by]}#${filter.value}` : "all";
}

/**
 * The league table's boards a vehicle stands on (every fleet vehicle, not an
 * external customer's): the whole fleet, one per department, type, make
 * and model it has, and its department with each of the other three, each
 * sorted by its profit before finance.
 */
export function leagueBoards(v: BoardsLike): string[] {
  if (v.vehicle_status === "CUSTOMER") return [];
  const out = ["all"];
  for (const f of LEAGUE_FILTERS) if (!blank(v[f])) out.push(leagueBoard({ by: f, value: String(v[f]) }));
  // The department with each other filter: a board of its own, so the pair is a Query too.
  if (!blank(v.department))
    for (const f of ["type", "make", "model"] as const) if (!blank(v[f])) out.push(`${leagueBoard({ by: "department", value: String(v.department) })}#${leagueBoard({ by: f, value: String(v[f]) })}`);
  return out;
}

/** The league table's sorts besides profit before finance (docs/finance.md "Sorted by utilisation and cost per mile"). */
export const LEAGUE_SORTS = ["utilisation", "cost_per_mile"] as const;
export type LeagueSort = (typeof LEAGUE_SORTS)[number];

/**
 * A vehicle's league sort values on a day, as whole numbers (kept on the
 * sorts' boards): utilisation in millionths (days on hire / days on fleet
 * x 1,000,000), cost per mile in thousandths of a penny (running pence and
 * the finance paid to date x 1,000 / miles); null when the line shows none.
 * From its running total's amounts (pence, days) and the vehicle: pure.
 */
export function leagueSortValues(v: VehicleLike, totals: Partial<Record<string, number>>, on: string): Record<LeagueSort, number | null> {
  const fleetDays = daysOnFleet(v, on);
  const hireDays = daysOnHire(totals.hire_days ?? 0, fleetDays);
  const miles = Math.max(0, Math.round(v.mileage ?? 0));
  const finance = (v.finance_agreements ?? []).map((a) => financePaid(a, on));
  const financePence = toPence(sum(...finance.map((f) => f.interest), ...finance.map((f) => f.charges)));
  const running = runningPence([totals]) + financePence;
  return {
    utilisation: fleetDays ? Number(money(hireDays).times(1_000_000).div(fleetDays).toDecimalPlaces(0, Money.ROUND_HALF_UP).toFixed(0)) : null,
    cost_per_mile: miles ? Number(money(running).times(1000).div(miles).toDecimalPlaces(0, Money.ROUND_HALF_UP).toFixed(0)) : null,
  };
}
