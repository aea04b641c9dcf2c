import { todayInLondon } from "../platform/dates.js";
import { ValidationError } from "../platform/errors.js";
import { fromPence } from "../platform/money.js";
import { boardPage, readFigures, readSources, readTotals, rerankedOn, rerankSorts, type FigureItem } from "../platform/records.js";
import type { NamedBrief } from "../platform/definition.js";
import type { LeagueRow } from "./types.js";
import { financePaid, leagueBoard, profitLine, vehicleOwner, type LeagueFilter, type LeagueSort, type MonthFigures, type VehicleLike } from "./profit-rules.js";
import { Vehicle, vehicleSorts } from "./vehicle.js";

/*
 * The vehicle profit line and the fleet league table (issue 27; formulas in
 * docs/finance.md "Vehicle profit line"), read from the figures the records
 * keep as they change (core/platform/records/figures.ts): a vehicle's months
 * and sources, a board's page. Nothing here reads a vehicle's rentals or jobs.
 */

type Row = Record<string, unknown>;
const monthsOf = (items: FigureItem[]): MonthFigures[] => items.map((m) => ({ month: m.month, ...m.amounts }));

/** A record behind the figures: its kind (record type) and id, and what it adds (pounds; days). */
export type ProfitSource = { kind: string; id: number; income: number; hire_days: number; labour: number; parts: number; purchase: number; sale: number; movement: number; other_income: number; other_cost: number };

function sourceOf(i: FigureItem): ProfitSource {
  const [kind, id] = i.month.split("#");
  const a = i.amounts;
  return {
    kind,
    id: Number(id),
    income: fromPence(a.income),
    hire_days: a.hire_days ?? 0,
    labour: fromPence(a.labour),
    parts: fromPence(a.parts),
    purchase: fromPence(a.purchase),
    sale: fromPence(a.sale),
    movement: fromPence(a.movement),
    other_income: fromPence(a.other_income),
    other_cost: fromPence(a.other_cost),
  };
}

/**
 * GET vehicles/{id}/profit: the profit line of one vehicle on `today`,
 * each figure with the records behind it (`records`: kind and id), and the
 * months (`months`: income and cost in pounds, days on hire) for the chart.
 */
export async function vehicleProfit(id: number, today = todayInLondon()) {
  const owner = vehicleOwner(id);
  const [vehicle, figures, sources] = await Promise.all([Vehicle.get(id) as Promise<Row>, readFigures(owner), readSources(owner)]);
  const v = vehicle as VehicleLike & Row;
  const line = profitLine(v, monthsOf(figures.months), today);
  const records = sources.map(sourceOf).sort((a, b) => a.kind.localeCompare(b.kind) || a.id - b.id);
  const by = (k: keyof ProfitSource) => records.filter((r) => r[k]).map((r) => ({ kind: r.kind, id: r.id, amount: r[k] as number }));
  const agreements = (v.finance_agreements ?? []) as Row[];
  const finance = agreements
    .map((a) => ({ kind: "agreement", id: Number(a.id), ...financePaid(a, today) }))
    .filter((f) => f.interest || f.charges || f.instalments);
  const vehicleLink = [{ kind: "vehicle", id }];
  return {
    vehicle: { id, registration: text(v.registration), fleet_number: text(v.fleet_number), purchase_date: v.purchase_date ?? null, date_sold: v.date_sold ?? null, mileage: v.mileage ?? null },
    on: today,
    ...line,
    // Each figure and the records behind it.
    figures: [
      { name: "purchase_price", label: "Purchase price", amount: line.purchase_price, records: by("purchase") },
      { name: "finance_interest", label: "Finance interest paid to date", amount: line.finance_interest, records: finance.filter((f) => f.interest).map((f) => ({ kind: f.kind, id: f.id, amount: f.interest })) },
      { name: "finance_charges", label: "Finance charges paid to date", amount: line.finance_charges, records: finance.filter((f) => f.charges).map((f) => ({ kind: f.kind, id: f.id, amount: f.charges })) },
      { name: "hire_income", label: "Hire income", amount: line.hire_income, records: by("income") },
      { name: "workshop_labour", label: "Workshop labour", amount: line.workshop_labour, records: by("labour") },
      { name: "workshop_parts", label: "Workshop parts", amount: line.workshop_parts, records: by("parts") },
      { name: "movements", label: "Movements", amount: line.movements, records: by("movement") },
      { name: "other_income", label: "Other income", amount: line.other_income, records: by("other_income") },
      { name: "other_costs", label: "Other costs", amount: line.other_costs, records: by("other_cost") },
      { name: "sale_price", label: "Sale price", amount: line.sale_price, records: by("sale") },
      { name: "sale_margin", label: "Sale margin", amount: line.sale_margin, records: line.sale_margin === null ? [] : vehicleLink },
      { name: "profit", label: "Profit to date", amount: line.profit, records: vehicleLink },
      { name: "days_on_hire", label: "Days on hire", amount: line.days_on_hire, records: by("hire_days") },
    ],
    records,
  };
}

/** The answer of GET vehicles/{id}/profit: one type for the server and the screen (web/src/fleet/edit/ProfitSection.tsx). */
export type VehicleProfit = Awaited<ReturnType<typeof vehicleProfit>>;

/** The league table's query: `sort` profit (before finance, the rank) or one of the sorts kept besides it. */
export type LeagueQuery = { sort?: "profit" | LeagueSort; order: "asc" | "desc"; department?: number; type?: number; make?: number; model?: number; page: number; page_size: number };

export const LEAGUE_MESSAGES = {
  oneFilter: "Filter the league table by department and one of type, make or model, or by one of them alone",
} as const;

/** The board a query reads: the whole fleet, one filter, or the department with one other (model before make: a model is of one make). */
export function boardOf(q: Pick<LeagueQuery, "department" | "type" | "make" | "model">): string {
  const others = (["type", "make", "model"] as const).filter((f) => q[f] !== undefined);
  const other: LeagueFilter | undefined = others.includes("model") && others.length === 2 && others.includes("make") ? "model" : others.length <= 1 ? others[0] : undefined;
  if (others.length > 1 && other === undefined) throw new ValidationError(LEAGUE_MESSAGES.oneFilter, { type: LEAGUE_MESSAGES.oneFilter });
  const dept = q.department === undefined ? null : leagueBoard({ by: "department", value: q.department });
  const rest = other === undefined ? null : leagueBoard({ by: other, value: q[other]! });
  if (dept && rest) return `${dept}#${rest}`;
  return dept ?? rest ?? "all";
}

/** The name of the league's nightly re-rank (its progress counter; functions/cron/league-rank.ts). */
export const LEAGUE_RERANK = "league";

const text = (x: unknown): string | null => (typeof x === "string" ? x : null);
/** A reference as the vehicle's answer carries it ({id, name}), or null. */
const named = (x: unknown): NamedBrief | null => (typeof x === "object" && x !== null && "id" in x ? (x as NamedBrief) : null);

/** One row of the league table. */
function leagueRow(v: Row, total: FigureItem, today: string): LeagueRow {
  const line = profitLine(v, [{ month: "total", ...total.amounts }], today);
  return {
    id: Number(v.id),
    registration: text(v.registration),
    fleet_number: text(v.fleet_number),
    department: named(v.department),
    type: named(v.type),
    make: named(v.make),
    model: named(v.model),
    vehicle_status: text(v.vehicle_status),
    income: line.income,
    costs: line.costs,
    profit_before_finance: line.profit_before_finance,
    profit: line.profit,
    days_on_fleet: line.days_on_fleet,
    days_on_hire: line.days_on_hire,
    utilisation: line.utilisation,
    miles: line.miles,
    cost_per_mile: line.cost_per_mile,
  };
}

/**
 * GET reports/fleet-league: every fleet vehicle's profit to date,
 * utilisation and cost per mile, a page at a time in the order of profit
 * before finance (the rank its records keep), on the board of its filters:
 * one Query of the board, the page's vehicles and their totals.
 */
export async function fleetLeague(q: LeagueQuery, today = todayInLondon()) {
  const board = boardOf(q);
  const sort = q.sort && q.sort !== "profit" ? q.sort : undefined;
  const [{ count, ids }, ranked] = await Promise.all([boardPage(board, { ...q, sort }), rerankedOn(LEAGUE_RERANK)]);
  const [rows, totals] = await Promise.all([Vehicle.getMany(ids).then((r) => Vehicle.present(r)), readTotals(ids.map(vehicleOwner))]);
  const byId = new Map((rows as Row[]).map((r) => [Number(r.id), r]));
  // `ranked_on`: the day the nightly re-rank last ranked utilisation and cost per mile as of (a save since ranks its vehicle as of its day).
  return { count, ranked_on: ranked, results: ids.flatMap((id, i) => (byId.has(id) ? [leagueRow(byId.get(id)!, totals[i], today)] : [])) };
}

/**
 * The nightly re-rank of the league's utilisation and cost per mile (they
 * move with the calendar: days on fleet, finance paid to date), as of
 * `date`: every fleet vehicle on the whole fleet's board, from where the
 * last run stopped, moved where its values changed (docs/finance.md
 * "Sorted by utilisation and cost per mile").
 */
export function rerankLeague(date = todayInLondon(), opts: { pace?: number; stopAfter?: number; pageSize?: number } = {}) {
  return rerankSorts(LEAGUE_RERANK, "all", vehicleSorts, vehicleOwner, date, { pageSize: 100, ...opts });
}
