import * as z from "zod";
import { Contact } from "../contacts/index.js";
import { Vehicle, expandVehicles, vehicleSorts } from "../fleet/index.js";
import { money as decimalOf, type Money } from "../platform/money.js";
import { defineRecordType } from "../platform/records.js";
import { rentalProfitFigures } from "../fleet/profit-rules.js";
import { searchText } from "../platform/paging.js";
import { ValidationError } from "../platform/errors.js";
import { Department, RentalMargin, TrackingCategory } from "../settings/index.js";
import { APPROVE_AT_ONCE, MESSAGES, canPrint, isLongRental, monthsSpanned, rentalFigures, rentalRecordTotals, rentalRuleResult, weeklyPence } from "./rules.js";
import { declareReferences } from "../platform/references.js";
import { RENTAL_APPROVAL, rental, rentalExtras } from "./definitions.js";
import { nextHireInvoiceDate } from "./invoicing-rules.js";

/** The rental of 001 §3, every field (declared once in definitions.ts); figures marked derived there are the server's. */
export const rentalFields = rental.schema.extend({
  // The server's (the hire invoice run, core/accounts/hire-invoices.ts): where the next
  // period to invoice starts; null until the first is raised (then the start date).
  next_invoice_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable().optional(),
});

export type RentalFields = z.infer<typeof rentalFields>;


/** The misspelt name of the form (001 §3) is accepted and stored under the right one. */
export function normaliseRentalInput(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const b = { ...(body as Record<string, unknown>) };
  if ("intial_payment_date" in b) {
    if (!("initial_payment_date" in b) || b.initial_payment_date === "" || b.initial_payment_date == null) b.initial_payment_date = b.intial_payment_date;
    delete b.intial_payment_date;
  }
  // Fields the form may carry that belong to the vehicle, not the rental (001 §5 empty dates),
  // and what an answer carries that is not stored: a client may send them back.
  // The hire invoice run's own field and the approval (PUT rental/approve) are never a client's to set.
  for (const f of ["tax_expiry", "date_sold", "depreciation_start_date", "next_invoice_date", ...RENTAL_APPROVAL, ...rentalExtras.names]) delete b[f];
  return b;
}

/**
 * The body of PUT rental/approve: the rentals to approve, each `{id,
 * last_saved}` as loaded (the record's other fields may come along and
 * are ignored). The spec's screen sent "the results" as a request config
 * (000 §7, likely a defect), so `{results: [...]}` and a single rental are
 * taken too.
 */
const approveItem = z.looseObject({
  id: z.coerce.number({ error: "Each rental sent needs its id" }).int("Each rental sent needs its id").positive("Each rental sent needs its id").max(999_999_999_999, "Each rental sent needs its id"),
  last_saved: z.unknown().optional(),
});
export const approveBatch = z.preprocess(
  (v) => (Array.isArray(v) ? v : v && typeof v === "object" && Array.isArray((v as { results?: unknown }).results) ? (v as { results: unknown[] }).results : v && typeof v === "object" && "id" in v ? [v] : v),
  z.array(approveItem, { error: MESSAGES.approveNoneSent }).min(1, MESSAGES.approveNoneSent).max(APPROVE_AT_ONCE, MESSAGES.approveTooMany),
);

/**
 * The fields an approved rental keeps (flagged `lockedWhenApproved`) that a save
 * carries, parsed as the save will parse them (an amount sent as text is
 * its number, '' a null date); a value the schema refuses is left to the
 * save to refuse.
 */
export function lockedFieldsSent(body: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!body || typeof body !== "object" || Array.isArray(body)) return out;
  const b = body as Record<string, unknown>;
  for (const f of rental.lockedWhenApproved) {
    if (!(f in b)) continue;
    const parsed = rentalFields.shape[f].safeParse(b[f]);
    if (parsed.success && parsed.data !== undefined) out[f] = parsed.data;
  }
  return out;
}

function checkRental(r: RentalFields) {
  const refused = rentalRuleResult(r);
  if (refused) throw new ValidationError(refused.message, refused.errors);
  Object.assign(r, rentalFigures(r as any));
}

/**
 * Indexed lists (docs/data-model.md §5.1): by vehicle and by customer in
 * start-date order; by status, department and both (GET rentals?status=
 * &department=); by vehicle in finish-date order (the availability check
 * reads only the rentals finishing on or after its window's start); and
 * the window lists the weekly and monthly views, the Other Rentals panel,
 * the calendar and the dashboard figures read: a short rental (at most
 * SHORT_RENTAL_MONTHS calendar months) is in the list of each month it
 * runs through, a long or open-ended one once in the `long` list by finish
 * date, so no save writes more than a few entries however long the hire,
 * and a window reads its months plus the long rentals finishing on or
 * after its start (those still running: bounded by the fleet).
 */
export function rentalMemberships(r: RentalFields) {
  const sort = r.start_date ?? "0000-00-00";
  const status = r.status ?? "QUOTE";
  const tags = [`status=${status}`, `type=${r.rental_type ?? "ST"}`, `dept=${r.department ?? "~"}`];
  const out = [{ list: "all", sort, tags }, { list: `status#${status}`, sort, tags }];
  if (r.department) out.push({ list: `dept#${r.department}`, sort, tags }, { list: `status#${status}#dept#${r.department}`, sort, tags });
  if (r.vehicle) {
    out.push({ list: `vehicle#${r.vehicle}`, sort, tags });
    out.push({ list: `vehiclefinish#${r.vehicle}`, sort: r.finish_date ?? OPEN_END, tags: [...tags, `start=${r.start_date ?? "~"}`] });
  }
  if (r.customer) out.push({ list: `customer#${r.customer}`, sort, tags });
  // A record's search finds the rentals of one vehicle with one customer here (see recordSearch).
  if (r.vehicle && r.customer) out.push({ list: `vehicle#${r.vehicle}#customer#${r.customer}`, sort, tags });
  // The hire invoice run reads the rentals whose next period has started (core/accounts/hire-invoices.ts).
  const nextInvoice = nextHireInvoiceDate(r);
  if (nextInvoice) out.push({ list: "hiredue", sort: nextInvoice, tags: [] as string[] });
  if (r.start_date) {
    const windowTags = [...tags, `start=${r.start_date}`, ...figureTags(r)];
    if (isLongRental(r.start_date, r.finish_date)) out.push({ list: "long", sort: r.finish_date ?? OPEN_END, tags: windowTags });
    else for (const m of monthsSpanned(r.start_date, r.finish_date)) out.push({ list: `month#${m}`, sort, tags: windowTags });
  }
  return out;
}

/** Where an open-ended rental sorts in a finish-date list: after every real date. */
export const OPEN_END = "9999-12-31";

/** What the dashboard figures and the window lists read of one rental, from its window entry. */
export type RentalFigureValues = {
  id: number;
  start_date: string | null;
  finish_date: string | null;
  days: number;
  total: Money;
  long_term: boolean;
  off_hire_date: string | null;
  off_hire_charges: Money;
  /** The rental's weekly amount in pence (the list's total_weekly); null on an entry written before it was kept. */
  weekly_pence: number | null;
};

/** An amount as whole pence, or null when it holds a fraction of a penny (then it cannot be a tag). */
function wholePence(a: number | null | undefined): string | null {
  const p = decimalOf(a).times(100);
  return p.isInteger() ? p.toFixed(0) : null;
}

/**
 * The window entries carry what the dashboard figures and the windowed
 * lists need, so those never fetch the rentals. All or nothing: an amount
 * that is not whole pence leaves them out, and that rental is read instead.
 */
function figureTags(r: RentalFields): string[] {
  const tot = wholePence(r.total);
  const ohc = wholePence(r.off_hire_total_additional_charges);
  if (tot === null || ohc === null) return [];
  return [`fin=${r.finish_date ?? "~"}`, `days=${r.days ?? 0}`, `tot=${tot}`, `ohd=${r.off_hire_date ?? "~"}`, `ohc=${ohc}`, `wk=${weeklyPence(r)}`];
}

const PENCE = /^-?\d+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The figure values of a window entry (a month entry sorts by start, a
 * long-list entry by finish and carries `start`); null for an entry
 * written before it carried them (read the rental).
 */
export function figureValuesOfEntry(e: { id: number; sort: string; tags: string[] }): RentalFigureValues | null {
  const tag = new Map(e.tags.map((t) => [t.slice(0, t.indexOf("=")), t.slice(t.indexOf("=") + 1)]));
  const [fin, days, tot, ohd, ohc, wk] = ["fin", "days", "tot", "ohd", "ohc", "wk"].map((k) => tag.get(k));
  const dateOrNone = (v: string | undefined) => v === "~" || (v !== undefined && DATE.test(v));
  if (!dateOrNone(fin) || !dateOrNone(ohd) || !days || !PENCE.test(days) || !tot || !PENCE.test(tot) || !ohc || !PENCE.test(ohc)) return null;
  const start = tag.get("start") ?? e.sort;
  return {
    id: e.id,
    start_date: DATE.test(start) ? start : null,
    finish_date: fin === "~" ? null : fin!,
    days: Number(days),
    // Pence as decimal text into a decimal: never a float.
    total: decimalOf(tot).div(100),
    long_term: tag.get("type") === "lt",
    off_hire_date: ohd === "~" ? null : ohd!,
    off_hire_charges: decimalOf(ohc).div(100),
    weekly_pence: wk && PENCE.test(wk) ? Number(wk) : null,
  };
}

/** The same values read from a stored rental. */
export function figureValuesOf(r: Record<string, any>): RentalFigureValues {
  return {
    id: r.id,
    start_date: r.start_date ?? null,
    finish_date: r.finish_date ?? null,
    days: r.days ?? 0,
    total: decimalOf(r.total),
    long_term: r.rental_type === "LT",
    off_hire_date: r.off_hire_date ?? null,
    off_hire_charges: decimalOf(r.off_hire_total_additional_charges),
    weekly_pence: weeklyPence(r),
  };
}

export const Rental = defineRecordType({
  type: "rental",
  label: "Rental",
  fields: rentalFields,
  defaults: () => ({ status: "QUOTE" as const, rental_type: "ST" as const, invoice_interval: "NONE" as const, cost_override: false, on_hire_insurance_completed: false, on_hire_tracker_completed: false, off_hire_insurance_completed: false, off_hire_tracker_completed: false, approved: false }),
  searchOf: (r) => searchText(r.start_date),
  validate: (r) => checkRental(r),
  lists: (r) => rentalMemberships(r),
  // A vehicle is never on two confirmed rentals for the same day, even when both are saved at once.
  exclusive: {
    ranges: (r) => (r.status === "CONFIRMED" && r.vehicle && r.start_date ? [{ scope: `vehicle#${r.vehicle}`, from: r.start_date, to: r.finish_date ?? null }] : []),
    message: async (holderId) => MESSAGES.alreadyBooked(await hirerNameOf(holderId)),
  },
  expand: (rows) => expandRentals(rows),
  facets: (r) => rentalRecordTotals(r),
  // Hire income and days on hire by month, to the vehicle's figures (docs/finance.md "Vehicle profit line").
  figures: (r) => rentalProfitFigures(r),
  figureSorts: vehicleSorts,
  // Any page of every rental (newest first) starts at its month and day (core/platform/records/positions.ts).
  listPositions: { coarse: 7, fine: 10, lists: (list) => list === "all" },
  // 2: the finish-date list per vehicle and the figure tags on month entries.
  // 3: the customer's and vehicle's record totals.
  // 4: long rentals in the long list (by finish date) instead of month lists; the
  //    status, department and vehicle-with-customer lists; the weekly amount on window entries.
  // 5: the `hiredue` list of rentals invoiced by interval.
  indexVersion: 5,
});

async function hirerNameOf(rentalId: number): Promise<string> {
  const [row] = (await Rental.getMany([rentalId])) as any[];
  if (!row?.customer) return "another customer";
  const [c] = (await Contact.getMany([row.customer])) as any[];
  return c?.display_name ?? "another customer";
}

/** Tracking options live inside their categories; the few categories are read once per answer. */
async function trackingOptions(): Promise<Map<number, { id: number; name: string; category: { id: number; name: string } }>> {
  const out = new Map();
  for (const c of (await TrackingCategory.all()) as any[]) for (const o of c.options ?? []) out.set(o.id, { id: o.id, name: o.name, category: { id: c.id, name: c.name } });
  return out;
}

/** The rate fields of 001 §3 as the vehicle record holds them (weekend, one_week and six_twenty_seven_week derived on its save). */
const VEHICLE_RATE_FIELDS = ["first_day", "two_five_days", "six_twenty_seven_days", "twenty_eight_plus", "one_week", "six_twenty_seven_week", "long_term_weekly", "weekend"] as const;

export async function expandRentals(rows: Array<Record<string, any>>): Promise<Array<Record<string, unknown>>> {
  if (!rows.length) return [];
  const ids = (fields: string[]) => rows.flatMap((r) => fields.map((f) => r[f])).filter((x) => typeof x === "number");
  const [vehicles, contacts, departments, margins, options] = await Promise.all([
    Vehicle.getMany(ids(["vehicle"])),
    Contact.getMany(ids(["customer", "payer"])),
    Department.getMany(ids(["department"])),
    RentalMargin.getMany(ids(["margin"])),
    rows.some((r) => r.tracking_option) ? trackingOptions() : Promise.resolve(new Map()),
  ]);
  // The vehicle's references joined (make, model, type, key, tracker, owner), without its
  // agreements: a rental shows none of them, and attaching them is a Query per vehicle.
  const vehicleObjs = vehicles.length ? await expandVehicles(vehicles as any) : [];
  const v = new Map((vehicleObjs as any[]).map((x) => [x.id, x]));
  const c = new Map((contacts as any[]).map((x) => [x.id, x]));
  const d = new Map((departments as any[]).map((x) => [x.id, x]));
  const m = new Map((margins as any[]).map((x) => [x.id, x]));
  const contactBrief = (x: any) =>
    x
      ? {
          id: x.id, display_name: x.display_name, company_name: x.company_name ?? null, address_line1: x.address_line1 ?? null, address_line2: x.address_line2 ?? null,
          town: x.town ?? null, postcode: x.postcode ?? null, company_email: x.company_email ?? null, company_phone: x.company_phone ?? null,
        }
      : null;
  return rows.map((r) => {
    const veh = v.get(r.vehicle);
    return {
      ...r,
      vehicle: veh
        ? {
            id: veh.id, registration: veh.registration, fleet_number: veh.fleet_number ?? null, make: veh.make, model: veh.model, type: veh.type,
            variant: veh.variant ?? null, vin_number: veh.vin_number ?? null, mileage: veh.mileage ?? null, payload: veh.payload ?? null,
            location: veh.location ?? null, vehicle_status: veh.vehicle_status, key: veh.key, tracker: veh.tracker, owner: veh.owner, last_saved: veh.last_saved,
            // 001 §3 "Vehicle (as used by rentals)": status (the vehicle_status) and the rate fields, kept on the vehicle record.
            status: veh.vehicle_status ?? null,
            ...Object.fromEntries(VEHICLE_RATE_FIELDS.map((f) => [f, veh[f] ?? null])),
          }
        : null,
      customer: contactBrief(c.get(r.customer)),
      payer: contactBrief(c.get(r.payer)),
      department: d.get(r.department) ? { id: r.department, name: d.get(r.department).name } : null,
      margin: m.get(r.margin) ? { id: r.margin, name: m.get(r.margin).name, margin: m.get(r.margin).margin } : null,
      tracking_option: options.get(r.tracking_option) ?? null,
      can_print: canPrint(r),
    };
  });
}

/** What a rental's fields point at (its tracking option is an option inside a tracking category, not a record). */
declareReferences(Rental, () => ({ vehicle: Vehicle, customer: Contact, payer: Contact, department: Department, margin: RentalMargin }));
