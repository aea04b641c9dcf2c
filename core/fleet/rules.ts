import { ValidationError } from "../platform/errors.js";
import { addDays, todayInLondon } from "../platform/dates.js";
import { Money, money, pounds, toPence } from "../platform/money.js";
import { deriveAgreement } from "../agreements/rules.js";

/**
 * The vehicle area's rules (000 §4, §5, §9) as pure functions: no table,
 * no clock unless passed in, so each is unit-tested on its own and the
 * record types and services only wire them in.
 */

// ---------------------------------------------------------------- values

export const VEHICLE_STATUSES = ["EQUIPMENT", "ACTIVE", "ORDERED", "FORSALE", "PROCESSING", "SOLD", "CUSTOMER"] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];
/** Fleet statuses: every status but an external customer's vehicle. */
export const FLEET_STATUSES = VEHICLE_STATUSES.filter((s): s is Exclude<VehicleStatus, "CUSTOMER"> => s !== "CUSTOMER");
/** Fleet sub-tabs of the vehicle list (000 §2, §4), besides `all`. */
export const SUB_TABS = ["EQUIPMENT", "ORDERED", "ARRIVING", "ACTIVE", "HIREREADY", "FORSALE", "PROCESSING", "SOLD"] as const;

export { FINANCE_TYPES, isAgreementDateField, type FinanceType } from "../agreements/schema.js";
import { isAgreementDateField, type FinanceType } from "../agreements/schema.js";
import { blank } from "../platform/blank.js";
import { inspection } from "./inspection-definitions.js";

/** The column typeahead filters of the vehicle list and the tag each is kept under on an index entry. */
export const COLUMN_FILTERS = {
  make: "m",
  model: "mo",
  type: "t",
  owner: "o",
  key: "k",
  supplier: "s",
  reserve_customer: "rc",
  month_due: "md",
  delivery_date: "dd",
} as const;
export type ColumnFilter = keyof typeof COLUMN_FILTERS;
/** The value a filter sends for "Only Blanks", and how a blank is kept in tags and facets. */
export const BLANK = "BLANK";
export const NO_VALUE = "~";

export const MESSAGES = {
  externalFleetNumber: "External Vehicles should not have a fleet number!",
  settlement: "Vehicles must have a settlement figure and date!",
  invoiceAndDepreciationDates: "Vehicles must have a Delivery Date (Dep start date) and an Invoice Date",
  hireAgreement: "Start Date, On Hire Mileage and Mileage Allowance are required",
  registration: "Registration is required",
  variant: "Variant is required",
  vin: "VIN number is required",
  location: "Location is required",
  fleetNumber: "Fleet number is required",
  registrationTaken: (reg: string) => `A fleet vehicle with registration ${reg} already exists`,
  fleetNumberTaken: (n: string) => `Fleet number ${n} is already used by another vehicle`,
  keyTaken: "That key hook already holds another vehicle's key",
  spareOnMainHook: "The spare key must be on a different hook from the main key",
  notSupported: "Not supported file format",
  noVehicle: "No vehicle selected",
  approveDates: "You must specify a new expiry and completion date before appriving!",
  inspectionLocked: "This inspection is booked in: its type, dates and warning days cannot be changed until it is approved",
  unusedTrackersOnly: "Only unused trackers can be assigned",
  capUploadFailed: "There was an error uploading the cap data",
} as const;

// ---------------------------------------------------------------- shapes

export type Agreement = Record<string, unknown> & {
  finance_type?: FinanceType | null;
  invoice_date?: string | null;
  depreciation_start_date?: string | null;
  finance_start_date?: string | null;
  finance_early_settlement_date?: string | null;
  finance_early_settlement_amount_paid?: number | null;
  hire_start_date?: string | null;
  mileage_allowance?: number | null;
  on_hire_mileage?: number | null;
  annual_depreciation_rate?: number | null;
};

/** The fields of a vehicle the rules read (the record type holds many more). */
export type VehicleLike = {
  registration?: string | null;
  variant?: string | null;
  vin_number?: string | null;
  location?: string | null;
  fleet_number?: string | null;
  vehicle_status?: VehicleStatus | null;
  finance_agreements?: Agreement[] | null;
  [field: string]: unknown;
};

// ---------------------------------------------------------------- save rules

/**
 * The fields a vehicle must have, in the order they are checked, with
 * their messages. The edit screen marks exactly these fields required and
 * checks them all at once from this list, so marker, screen and server
 * cannot disagree. External vehicles must not have a fleet number (rule 1),
 * so it is required of fleet vehicles only.
 */
export const REQUIRED_VEHICLE_FIELDS: ReadonlyArray<{ field: string; message: string; fleetOnly?: boolean }> = [
  { field: "registration", message: MESSAGES.registration },
  { field: "variant", message: MESSAGES.variant },
  { field: "vin_number", message: MESSAGES.vin },
  { field: "location", message: MESSAGES.location },
  { field: "fleet_number", message: MESSAGES.fleetNumber, fleetOnly: true },
];

/** The message an empty `field` gets on a vehicle with these values, or undefined when it may be empty. */
export function requiredVehicleField(field: string, v: { vehicle_status?: unknown }): string | undefined {
  const rule = REQUIRED_VEHICLE_FIELDS.find((r) => r.field === field);
  if (!rule || (rule.fleetOnly && v.vehicle_status === "CUSTOMER")) return undefined;
  return rule.message;
}

/**
 * Save Vehicle, checked in the spec's order (000 §5): first the fields the
 * form requires (the browser refuses to submit without them), then rules
 * 1 to 4. The first failure is the message.
 */
export function checkVehicle(v: VehicleLike): void {
  const external = v.vehicle_status === "CUSTOMER";
  for (const { field } of REQUIRED_VEHICLE_FIELDS) {
    const message = requiredVehicleField(field, v);
    if (message && blank(v[field])) throw new ValidationError(message, { [field]: message });
  }

  // 1. External vehicles have no fleet number.
  if (external && !blank(v.fleet_number))
    throw new ValidationError(MESSAGES.externalFleetNumber, { fleet_number: MESSAGES.externalFleetNumber });

  const agreements = v.finance_agreements ?? [];
  // 2. Settled agreements have both a settlement date and a settlement amount, others neither.
  agreements.forEach((a, i) => {
    const type = a.finance_type ?? "NONE";
    if (type === "HIRE_AGREEMENT" || type === "NONE") return;
    const hasDate = !blank(a.finance_early_settlement_date);
    const hasAmount = !blank(a.finance_early_settlement_amount_paid) && Number(a.finance_early_settlement_amount_paid) !== 0;
    if (hasDate !== hasAmount)
      throw new ValidationError(MESSAGES.settlement, { [`finance_agreements.${i}.${hasDate ? "finance_early_settlement_amount_paid" : "finance_early_settlement_date"}`]: MESSAGES.settlement });
  });
  // 3. Every agreement but a hire agreement has an invoice date and a depreciation start date.
  agreements.forEach((a, i) => {
    if ((a.finance_type ?? "NONE") === "HIRE_AGREEMENT") return;
    const missing = blank(a.invoice_date) ? "invoice_date" : blank(a.depreciation_start_date) ? "depreciation_start_date" : null;
    if (missing) throw new ValidationError(MESSAGES.invoiceAndDepreciationDates, { [`finance_agreements.${i}.${missing}`]: MESSAGES.invoiceAndDepreciationDates });
  });
  // 4. A hire agreement has its start date, a mileage allowance above 0 and the on-hire mileage.
  agreements.forEach((a, i) => {
    if (a.finance_type !== "HIRE_AGREEMENT") return;
    const missing = blank(a.hire_start_date)
      ? "hire_start_date"
      : !(Number(a.mileage_allowance) > 0)
        ? "mileage_allowance"
        : blank(a.on_hire_mileage)
          ? "on_hire_mileage"
          : null;
    if (missing) throw new ValidationError(MESSAGES.hireAgreement, { [`finance_agreements.${i}.${missing}`]: MESSAGES.hireAgreement });
  });
}

// ---------------------------------------------------------------- before sending

/** '' and undefined dates become null; ISO date-times are cut to the date. */
export function nullIfEmptyDate(v: unknown): unknown {
  if (v === "" || v === undefined) return null;
  if (typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v)) return v.slice(0, 10);
  return v;
}

/** A field of an agreement that holds a date (every `*_date`, and the stocking-plan start/end dates). */

/** Empty-string dates of an agreement become null (000 §5 Before sending). */
export function normaliseAgreementDates(a: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const k of Object.keys(out)) if (isAgreementDateField(k)) out[k] = nullIfEmptyDate(out[k]);
  return out;
}

/**
 * An annual depreciation rate that is empty or above 100 becomes the
 * default depreciation from app defaults; 0 is kept (000 §5, §9).
 */
export function depreciationRate(rate: unknown, defaultRate: number | null | undefined): number | null {
  if (blank(rate)) return defaultRate ?? null;
  const n = Number(rate);
  if (!Number.isFinite(n)) return defaultRate ?? null;
  return n > 100 ? (defaultRate ?? null) : n;
}

/** An agreement without an invoice date takes its finance start date (000 §5 Before sending). */
export function withInvoiceDate<A extends Agreement>(a: A): A {
  return blank(a.invoice_date) && !blank(a.finance_start_date) ? { ...a, invoice_date: a.finance_start_date } : a;
}

// ---------------------------------------------------------------- money

const amount = (v: unknown) => (blank(v) ? null : money(v as number));

/**
 * Hire rates derived from the daily rates (000 §9): weekend = first day +
 * a 2-5 day; one week = first day + 4 x 2-5 day + 2 x 6-27 day; 6-27
 * weekly = 7 x the 6-27 daily rate. A missing rate counts as 0; with none
 * of a derivation's rates given it is left empty.
 */
export function hireRates(r: { first_day?: unknown; two_five_days?: unknown; six_twenty_seven_days?: unknown }) {
  const first = amount(r.first_day);
  const twoFive = amount(r.two_five_days);
  const sixTwentySeven = amount(r.six_twenty_seven_days);
  const z = new Money(0);
  return {
    weekend: first || twoFive ? pounds((first ?? z).plus(twoFive ?? z)) : null,
    one_week: first || twoFive || sixTwentySeven ? pounds((first ?? z).plus((twoFive ?? z).times(4)).plus((sixTwentySeven ?? z).times(2))) : null,
    six_twenty_seven_week: sixTwentySeven ? pounds(sixTwentySeven.times(7)) : null,
  };
}

/**
 * Ordering purchase price (000 §9): retail price less the combined dealer
 * and manufacturer discount percentage, plus body/aux, delivery and extra
 * cost. Empty without a retail price.
 */
export function orderedPurchasePrice(r: {
  retail_price?: unknown;
  dealer_discount?: unknown;
  manufacturer_discount?: unknown;
  body_aux_price?: unknown;
  delivery_charge?: unknown;
  extra_cost?: unknown;
}): number | null {
  const retail = amount(r.retail_price);
  if (!retail) return null;
  const discountPercent = money(r.dealer_discount as number).plus(money(r.manufacturer_discount as number));
  const discounted = retail.minus(retail.times(discountPercent).div(100));
  return pounds(discounted.plus(money(r.body_aux_price as number)).plus(money(r.delivery_charge as number)).plus(money(r.extra_cost as number)));
}

/** What the server derives on every save, after the rules pass. */
export function deriveVehicle<V extends VehicleLike>(v: V, today: string = todayInLondon()): V {
  return {
    ...v,
    ...hireRates(v as Record<string, unknown>),
    ordered_purchase_price: orderedPurchasePrice(v as Record<string, unknown>),
    finance_agreements: (v.finance_agreements ?? []).map((a) => deriveAgreement(withInvoiceDate(a), today) as Agreement),
  };
}

// ---------------------------------------------------------------- fleet number

/**
 * Fleet number (000 §5): two digits of the year then a three-digit id,
 * e.g. 21001. Past 999 in a year the id simply grows (21999, then 211000):
 * still unique, still starting with the year.
 */
export function fleetNumber(date: string, seq: number): string {
  return `${date.slice(2, 4)}${String(seq).padStart(3, "0")}`;
}

// ---------------------------------------------------------------- list memberships

/** Registration without spaces, upper case: how it is compared and searched. */
export function compactRegistration(reg: unknown): string {
  return String(reg ?? "").replace(/[^a-z0-9]/gi, "").toUpperCase();
}

/** Purchase type of a vehicle: the finance type of its latest agreement, else NONE. */
export function purchaseTypeOf(v: VehicleLike): FinanceType {
  const agreements = v.finance_agreements ?? [];
  return (agreements.length ? agreements[agreements.length - 1].finance_type : null) ?? "NONE";
}

/**
 * Hire ready: an active vehicle that is neither out on hire (no hire
 * customer) nor reserved for a customer.
 */
export function isHireReady(v: VehicleLike): boolean {
  return v.vehicle_status === "ACTIVE" && blank(v.hire_customer) && blank(v.reserve_customer);
}

/** Arriving: ordered with a confirmed delivery date. */
export function isArriving(v: VehicleLike): boolean {
  return v.vehicle_status === "ORDERED" && v.delivery_date_confirmed === true;
}

/** The vehicle statuses whose CAP values the dashboard counts (001 §4): Active, Ordered, For Sale. */
export const CAP_STATUSES = ["ACTIVE", "ORDERED", "FORSALE"] as const;
export type CapStatus = (typeof CAP_STATUSES)[number];
/** The CAP valuation columns (000 §3), in the order the screens show them. */
export const CAP_VALUE_FIELDS = ["cap_retail", "cap_clean", "cap_average", "cap_below"] as const;
export type CapValueField = (typeof CAP_VALUE_FIELDS)[number];

export function isCapStatus(status: unknown): status is CapStatus {
  return (CAP_STATUSES as readonly unknown[]).includes(status);
}

/** A vehicle counted in "Cap 0s": a CAP status (Active, Ordered, For Sale) without a CAP retail value. */
export function isCapZero(v: VehicleLike): boolean {
  return isCapStatus(v.vehicle_status) && !(Number(v.cap_retail) > 0);
}

/** CAP column totals in whole pence. */
export type CapPence = Record<CapValueField, number>;
export const zeroPence = (): CapPence => ({ cap_retail: 0, cap_clean: 0, cap_average: 0, cap_below: 0 });
/** One department's share of a CAP upload: the CAP-status vehicles it revalued, their totals before and after. */
export type DepartmentCapChange = { vehicles: number; before: CapPence; after: CapPence };

/**
 * Adds up, per department, the CAP-status vehicles an upload revalues:
 * their values before the upload and after it. Pure; the upload calls
 * `add` for each vehicle it saved.
 */
export function capChangeTally() {
  const departments: Record<string, DepartmentCapChange> = {};
  return {
    add(vehicle: Record<string, unknown>, changes: Partial<Record<CapValueField, number>>) {
      if (!isCapStatus(vehicle.vehicle_status)) return;
      const dept = vehicle.department === null || vehicle.department === undefined || vehicle.department === "" ? NO_VALUE : String(vehicle.department);
      const d = (departments[dept] ??= { vehicles: 0, before: zeroPence(), after: zeroPence() });
      d.vehicles += 1;
      for (const f of CAP_VALUE_FIELDS) {
        d.before[f] += toPence(vehicle[f] as number | null | undefined);
        d.after[f] += toPence(f in changes ? changes[f] : (vehicle[f] as number | null | undefined));
      }
    },
    departments,
    get vehicles() {
      return Object.values(departments).reduce((n, d) => n + d.vehicles, 0);
    },
  };
}

/** The date from which an inspection shows red: warning_days before its expiry. */
export function dueFrom(expiry: string | null | undefined, warningDays: number | null | undefined): string | null {
  if (!expiry) return null;
  return addDays(expiry, -Math.max(0, Number(warningDays ?? 0)));
}

/** Due (000 §4): today is within warning_days before the expiry date, or past it. */
export function isDue(expiry: string | null | undefined, warningDays: number | null | undefined, today: string): boolean {
  const from = dueFrom(expiry, warningDays);
  return from !== null && today >= from;
}


/** Refuse a save that changes a locked field (flagged `lockedWhenBooked` on the definition) of an inspection that is booked in (000 §4). */
export function checkInspectionLock(stored: Record<string, unknown> | null, next: Record<string, unknown>): void {
  if (!stored || blank(stored.booked_in_date)) return;
  for (const f of inspection.lockedWhenBooked) {
    const a = stored[f] ?? null;
    const b = next[f] === undefined ? a : (next[f] ?? null);
    if (String(a) !== String(b)) throw new ValidationError(MESSAGES.inspectionLocked, { [f]: MESSAGES.inspectionLocked });
  }
}

/**
 * Approval (003 §5): both new dates are needed; they become the completed
 * and expiry dates and the booking is cleared for the next round.
 */
export function approveInspection(r: { new_completed_date?: string | null; new_expiry_date?: string | null }) {
  if (blank(r.new_completed_date) || blank(r.new_expiry_date))
    throw new ValidationError(MESSAGES.approveDates, {
      [blank(r.new_completed_date) ? "new_completed_date" : "new_expiry_date"]: MESSAGES.approveDates,
    });
  return {
    date_completed: r.new_completed_date!,
    expiry_date: r.new_expiry_date!,
    booked_in_date: null,
    new_completed_date: null,
    new_expiry_date: null,
  };
}

// ---------------------------------------------------------------- trackers

/** Calendar months touched by a date range (both ends inclusive). */
export function monthsTouched(start: string, end: string): number {
  if (end < start) return 0;
  const [ys, ms] = start.split("-").map(Number);
  const [ye, me] = end.split("-").map(Number);
  return (ye - ys) * 12 + (me - ms) + 1;
}

export type TrackerForCost = { type: number | null; date_activated: string | null; date_deactivated: string | null };
export type TrackerTypeForCost = { id: number; name: string; cost?: number | null; upfront_cost?: number | null };

/**
 * Tracker figures for a range: a tracker counts when it was active on any
 * day of the range (activated on or before the end, not deactivated
 * before the start). Its cost is the type's monthly cost for every
 * calendar month of the range it was active in, plus the type's upfront
 * cost when it was activated inside the range.
 */
export function trackerFigures(trackers: TrackerForCost[], types: TrackerTypeForCost[], start: string, end: string) {
  const byType = new Map(types.map((t) => [t.id, { name: t.name, count: 0, total: new Money(0), cost: money(t.cost), upfront: money(t.upfront_cost) }]));
  let active = 0;
  for (const t of trackers) {
    if (!t.date_activated || t.date_activated > end) continue;
    if (t.date_deactivated && t.date_deactivated < start) continue;
    active++;
    const from = t.date_activated > start ? t.date_activated : start;
    const to = t.date_deactivated && t.date_deactivated < end ? t.date_deactivated : end;
    const type = t.type !== null ? byType.get(t.type) : undefined;
    if (!type) continue;
    type.count++;
    type.total = type.total.plus(type.cost.times(monthsTouched(from, to)));
    if (t.date_activated >= start) type.total = type.total.plus(type.upfront);
  }
  return {
    start_date: start,
    end_date: end,
    active_count: active,
    per_type: [...byType.values()].map((t) => ({ name: t.name, count: t.count, total_cost: pounds(t.total) })),
  };
}

// ---------------------------------------------------------------- uploads

/** Upload file types (000 §5): png, jpeg and pdf only. */
export const UPLOAD_TYPES: Record<string, { ext: string; contentType: string }> = {
  png: { ext: "png", contentType: "image/png" },
  jpeg: { ext: "jpeg", contentType: "image/jpeg" },
  jpg: { ext: "jpeg", contentType: "image/jpeg" },
  pdf: { ext: "pdf", contentType: "application/pdf" },
  "image/png": { ext: "png", contentType: "image/png" },
  "image/jpeg": { ext: "jpeg", contentType: "image/jpeg" },
  "image/jpg": { ext: "jpeg", contentType: "image/jpeg" },
  "application/pdf": { ext: "pdf", contentType: "application/pdf" },
};
/** Largest upload kept: 15 MB (a phone photo or a scanned V5 fits). */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

export function uploadType(fileType: string): { ext: string; contentType: string } {
  const t = UPLOAD_TYPES[fileType.trim().toLowerCase().replace(/^\./, "")];
  if (!t) throw new ValidationError(MESSAGES.notSupported, { file_type: MESSAGES.notSupported });
  return t;
}

/** The content type an uploaded object must have, from its key's extension. */
export function contentTypeOfKey(key: string): string | null {
  const ext = key.split(".").pop()?.toLowerCase() ?? "";
  return UPLOAD_TYPES[ext]?.contentType ?? null;
}
