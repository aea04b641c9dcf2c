import { money, pounds, type Amount, type Money } from "../platform/money.js";
import { LCV_CENTRE } from "./rules.js";

/**
 * The workshop's cost formulas (002 §9 and §4 "Cost toggles"), pure and
 * over Money (decimal.js): the server prices every job, quote and part
 * with them on each save (the figures a client sends are kept only under
 * cost_override), and the screens show the same figures before saving.
 * Every formula, with a worked example: docs/workshop.md.
 */

type Rec = Record<string, any>;

/** The contact fields the formulas read (002 §3 Related records). */
export type PricedCustomer = { labour_rate_markup?: Amount; parts_markup?: Amount } | null | undefined;
export type Workshop = { supplier_labour_charge?: Amount; lcv_rate?: Amount; labour_rate_affected_by_customer_markup?: boolean | null } | null | undefined;
export type WorkTypeRates = { special_labour_rate?: Amount; free_of_charge?: boolean | null; approval_needed?: boolean | null } | null | undefined;
export type CostDefaults = { default_labour_estimate_rate?: Amount; default_parts_markup?: Amount } | null | undefined;

const has = (v: unknown) => v !== null && v !== undefined && v !== "";
const idOf = (v: unknown): number | null => (typeof v === "number" ? v : v && typeof v === "object" && typeof (v as Rec).id === "number" ? (v as Rec).id : null);

/** An amount increased by a percentage: amount x (1 + percent / 100). */
export function markedUp(amount: Amount, percent: Amount): Money {
  return money(amount).times(money(100).plus(money(percent))).div(100);
}

/** hours x rate, exact. */
export const hoursAt = (hours: Amount, rate: Amount): Money => money(hours).times(money(rate));

/**
 * Charge Customer 2 (002 §4): an item marked chargeable is priced for (and
 * billed to) customer 2 when the job or quote has one; otherwise customer 1.
 */
export function pricedCustomerId(parent: { customer?: unknown; customer2?: unknown }, chargeable: unknown): number | null {
  const c2 = idOf(parent.customer2);
  return chargeable && c2 !== null ? c2 : idOf(parent.customer);
}

/**
 * Quote labour estimate (002 §9): the charge is hours x the work type's
 * special_labour_rate, the cost hours x the app default labour estimate
 * rate; both increased by the priced customer's labour_rate_markup %,
 * 2 dp. A work type without a special rate is charged at the default
 * estimate rate (docs/workshop.md).
 */
export function quoteLabourEstimate(hours: Amount, workType: WorkTypeRates, defaults: CostDefaults, customer: PricedCustomer) {
  const markup = customer?.labour_rate_markup ?? 0;
  const defaultRate = defaults?.default_labour_estimate_rate ?? 0;
  const chargeRate = has(workType?.special_labour_rate) ? workType!.special_labour_rate : defaultRate;
  return {
    cost: pounds(markedUp(hoursAt(hours, defaultRate), markup)),
    charge: pounds(markedUp(hoursAt(hours, chargeRate), markup)),
  };
}

/**
 * The workshop's hourly labour rate on a job (002 §9): its LCV rate when
 * the job's department is the LCV Centre and the workshop has one, else
 * its supplier labour charge per hour; null when it has neither.
 */
export function workshopLabourRate(workshop: Workshop, departmentName: string | null | undefined): Amount | null {
  if (!workshop) return null;
  if (isLcvCentre(departmentName) && has(workshop.lcv_rate)) return workshop.lcv_rate!;
  return has(workshop.supplier_labour_charge) ? workshop.supplier_labour_charge! : null;
}

export const isLcvCentre = (name: string | null | undefined) => (name ?? "").trim().toLowerCase() === LCV_CENTRE.toLowerCase();

/**
 * Job labour (002 §9), unless cost_override (then both entered figures stand):
 * - cost = hours x the workshop's rate (LCV rate for the LCV Centre, else
 *   its supplier labour charge); a workshop with no rate: the cost as
 *   entered (the figure on the workshop's invoice);
 * - charge = hours x the work type's special labour rate plus the priced
 *   customer's labour_rate_markup %; without a special rate, the cost plus
 *   that markup, except that a cost from the workshop's rate is marked up
 *   only when the workshop's labour_rate_affected_by_customer_markup is set;
 * both 2 dp.
 */
export function jobLabour(
  item: { labour_hours?: Amount; labour_cost?: Amount; customer_labour_cost?: Amount; cost_override?: boolean | null },
  ctx: { workType: WorkTypeRates; workshop: Workshop; departmentName?: string | null; customer: PricedCustomer },
) {
  if (item.cost_override) return { labour_cost: pounds(item.labour_cost), customer_labour_cost: pounds(item.customer_labour_cost) };
  const markup = ctx.customer?.labour_rate_markup ?? 0;
  const rate = workshopLabourRate(ctx.workshop, ctx.departmentName);
  const fromRate = rate !== null && has(item.labour_hours);
  const cost = fromRate ? hoursAt(item.labour_hours, rate) : money(item.labour_cost);
  let charge: Money;
  if (has(ctx.workType?.special_labour_rate) && has(item.labour_hours)) charge = markedUp(hoursAt(item.labour_hours, ctx.workType!.special_labour_rate), markup);
  else if (fromRate && !ctx.workshop?.labour_rate_affected_by_customer_markup) charge = cost;
  else charge = markedUp(cost, markup);
  return { labour_cost: pounds(cost), customer_labour_cost: pounds(charge) };
}

/** The parts markup % that applies (002 §9): the job's own, else the customer's, else the app default, else 0. */
export function partsMarkup(jobMarkup: Amount, customer: PricedCustomer, defaults: CostDefaults): Amount {
  if (has(jobMarkup)) return jobMarkup;
  if (has(customer?.parts_markup)) return customer!.parts_markup;
  if (has(defaults?.default_parts_markup)) return defaults!.default_parts_markup;
  return 0;
}

/**
 * A part's customer cost (002 §5 Lookups, §9): cost plus the parts markup,
 * 2 dp; under cost_override the entered customer cost stands. The same for
 * the estimate (estimated_cost to estimated_customer_cost).
 */
export function partCustomerCost(part: { cost?: Amount; customer_cost?: Amount; cost_override?: boolean | null }, markup: Amount): number {
  if (part.cost_override) return pounds(part.customer_cost);
  return pounds(markedUp(part.cost, markup));
}

/** What pricing a job or quote needs besides its own fields: the records its items point at. */
export type PricingContext = {
  contacts: Map<number, Rec>;
  workTypes: Map<number, Rec>;
  workshop: Workshop;
  departmentName?: string | null;
  defaults: CostDefaults;
};

/**
 * Price every work item and part of a job (002 §9, §4 Cost toggles): each
 * item for its priced customer (Charge Customer 2), labour by `jobLabour`,
 * estimates of items not from a quote by `quoteLabourEstimate`, parts by
 * `partCustomerCost` with the priced customer's markup (the job's
 * parts_markup first). Returns new items; the job's totals: `jobTotals`.
 */
export function priceJobItems(job: Rec, ctx: PricingContext): Rec[] {
  return (job.work_items ?? []).map((w: Rec) => {
    const customer = ctx.contacts.get(pricedCustomerId(job, w.chargeable) ?? -1) ?? null;
    const workType = ctx.workTypes.get(idOf(w.work_type) ?? -1) ?? null;
    const labour = jobLabour(w, { workType, workshop: ctx.workshop, departmentName: ctx.departmentName, customer });
    const out: Rec = { ...w, ...labour };
    // An item copied from a quote keeps the quote's estimate; others are estimated like a quote item.
    if (!has(idOf(w.quote)) && !w.cost_override && has(w.estimated_labour_hours)) {
      const est = quoteLabourEstimate(w.estimated_labour_hours, workType, ctx.defaults, customer);
      out.estimated_labour_cost = est.cost;
      out.estimated_customer_labour_cost = est.charge;
    }
    const markup = partsMarkup(job.parts_markup, customer, ctx.defaults);
    out.parts = (w.parts ?? []).map((p: Rec) => ({
      ...p,
      customer_cost: partCustomerCost(p, markup),
      estimated_customer_cost: p.cost_override ? pounds(p.estimated_customer_cost) : pounds(markedUp(p.estimated_cost, markup)),
    }));
    return out;
  });
}

/** The summary box's figures, stored on the job (docs/data-model.md §7.1). */
export const TOTAL_FIELDS = [
  "estimated_labour_cost_total",
  "estimated_labour_charge_total",
  "labour_cost_total",
  "labour_charge_total",
  "estimated_parts_cost_total",
  "estimated_parts_charge_total",
  "parts_cost_total",
  "parts_charge_total",
  "total_cost",
  "total_charge",
  "customer2_estimated_labour_charge_total",
  "customer2_labour_charge_total",
  "customer2_estimated_parts_charge_total",
  "customer2_parts_charge_total",
] as const;
export type JobTotals = Record<(typeof TOTAL_FIELDS)[number], number>;

/**
 * Estimated and actual labour and parts totals (cost and charge) over the
 * items, and the customer 2 totals over the chargeable items (billed to
 * customer 2 when the job has one), each 2 dp.
 */
export function jobTotals(job: Rec): JobTotals {
  const s: Record<string, Money> = Object.fromEntries(TOTAL_FIELDS.map((f) => [f, money(0)]));
  const add = (k: string, a: Amount) => (s[k] = s[k].plus(money(a)));
  const c2 = has(idOf(job.customer2));
  for (const w of job.work_items ?? []) {
    add("estimated_labour_cost_total", w.estimated_labour_cost);
    add("estimated_labour_charge_total", w.estimated_customer_labour_cost);
    add("labour_cost_total", w.labour_cost);
    add("labour_charge_total", w.customer_labour_cost);
    const toC2 = c2 && !!w.chargeable;
    if (toC2) {
      add("customer2_estimated_labour_charge_total", w.estimated_customer_labour_cost);
      add("customer2_labour_charge_total", w.customer_labour_cost);
    }
    for (const p of w.parts ?? []) {
      add("estimated_parts_cost_total", p.estimated_cost);
      add("estimated_parts_charge_total", p.estimated_customer_cost);
      add("parts_cost_total", p.cost);
      add("parts_charge_total", p.customer_cost);
      if (toC2) {
        add("customer2_estimated_parts_charge_total", p.estimated_customer_cost);
        add("customer2_parts_charge_total", p.customer_cost);
      }
    }
  }
  s.total_cost = s.labour_cost_total.plus(s.parts_cost_total);
  s.total_charge = s.labour_charge_total.plus(s.parts_charge_total);
  return Object.fromEntries(TOTAL_FIELDS.map((f) => [f, pounds(s[f])])) as JobTotals;
}

/** Whether a job item matches its quote estimate (002 §5 'This work item doesn't match the quote!'): hours, cost and charge alike. */
export function estimateMatchesJob(w: Rec): boolean {
  const eq = (a: Amount, b: Amount) => money(a).toDecimalPlaces(2).equals(money(b).toDecimalPlaces(2));
  return eq(w.estimated_labour_hours, w.labour_hours) && eq(w.estimated_labour_cost, w.labour_cost) && eq(w.estimated_customer_labour_cost, w.customer_labour_cost);
}

/** Total inc. VAT at 20% (002 §9), for prints. */
export const incVat = (a: Amount) => pounds(money(a).times(1.2));
