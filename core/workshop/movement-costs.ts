import { money, pounds, type Amount, type Money } from "../platform/money.js";
import { TIME_OF_DAY } from "../platform/dates.js";

/**
 * The cost of a vehicle movement (002 §3 Movement; the spec does not show
 * the formula, so it is ours: docs/workshop.md "Movements"). Pure, so the
 * server prices every save with it and the movement modal shows the same
 * figure before sending.
 *
 *   miles charge    = cost_per_mile x miles
 *   time charge     = additional_time_cost (per hour) x hours from start to end time
 *   subtotal        = vehicle_cost + miles charge + time charge + callout_cost
 *   cost            = subtotal + subtotal x the customer's movement_markup %
 *
 * Exact decimals throughout, rounded half up to pence once, at the end.
 */

/** A movement rate's prices (001 §3 Movement rate). */
export type MovementRatePrices = {
  cost_per_mile?: Amount;
  vehicle_cost?: Amount;
  additional_time_cost?: Amount;
  callout_cost?: Amount;
};

export type MovementCostInput = {
  rate: MovementRatePrices | null | undefined;
  miles?: Amount;
  start_time?: string | null;
  end_time?: string | null;
  /** The customer's movement_markup percent (0 when none). */
  markup_percent?: Amount;
};

export type MovementCostBreakdown = {
  miles_charge: number;
  time_charge: number;
  vehicle_cost: number;
  callout_cost: number;
  hours: number;
  subtotal: number;
  markup: number;
  cost: number;
};

/** Minutes from midnight of an HH:MM time; null when it is not one. */
export function minutesOf(t: string | null | undefined): number | null {
  if (!t || !TIME_OF_DAY.test(t)) return null;
  return Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
}

/** Hours from the start to the end time (a decimal: 2h30 is 2.5); 0 unless both are set and the end is not before the start. */
export function hoursBetween(start: string | null | undefined, end: string | null | undefined): Money {
  const a = minutesOf(start);
  const b = minutesOf(end);
  if (a === null || b === null || b < a) return money(0);
  return money(b - a).div(60);
}

/** The movement's cost with its parts, each in pounds to 2 dp (the cost rounded once, from exact parts). */
export function movementCost(input: MovementCostInput): MovementCostBreakdown {
  const r = input.rate ?? {};
  const hours = hoursBetween(input.start_time, input.end_time);
  const milesCharge = money(r.cost_per_mile).times(money(input.miles));
  const timeCharge = money(r.additional_time_cost).times(hours);
  const vehicle = money(r.vehicle_cost);
  const callout = money(r.callout_cost);
  const subtotal = vehicle.plus(milesCharge).plus(timeCharge).plus(callout);
  const markup = subtotal.times(money(input.markup_percent)).div(100);
  return {
    miles_charge: pounds(milesCharge),
    time_charge: pounds(timeCharge),
    vehicle_cost: pounds(vehicle),
    callout_cost: pounds(callout),
    hours: Number(hours.toDecimalPlaces(4).toString()),
    subtotal: pounds(subtotal),
    markup: pounds(markup),
    cost: pounds(subtotal.plus(markup)),
  };
}

/**
 * The cost a movement is saved with: its own when overridden, otherwise
 * the rate's price with the customer's markup (none without a customer).
 */
export function movementCostOf(m: {
  cost?: Amount;
  cost_override?: boolean | null;
  miles?: Amount;
  start_time?: string | null;
  end_time?: string | null;
  rate: MovementRatePrices | null | undefined;
  markup_percent?: Amount;
}): number {
  if (m.cost_override) return pounds(m.cost);
  return movementCost({ rate: m.rate, miles: m.miles, start_time: m.start_time, end_time: m.end_time, markup_percent: m.markup_percent }).cost;
}
