import * as z from "zod";

/**
 * Registration first (issue 25; docs/compliance.md): what the DVLA Vehicle
 * Enquiry Service and the DVSA MOT History API answer (validated with zod
 * before anything reads them), how an answer fills the vehicle's fields
 * (each with its source), and which compliance warnings a reading raises.
 * Pure: the SPA imports it too (field labels, kinds, messages).
 */

/** The compliance fields a lookup fills on the vehicle, besides make, model and first registration date. */
export const COMPLIANCE_FIELDS = [
  "colour",
  "fuel_type",
  "engine_capacity",
  "year_of_manufacture",
  "tax_status",
  "tax_expiry",
  "mot_status",
  "mot_expiry",
  "co2_emissions",
  "euro_status",
  "type_approval",
  "revenue_weight",
  "marked_for_export",
  "first_used_date",
] as const;

export const LOOKUP_MESSAGES = {
  registration: "Type a registration to look up",
  notFound: (reg: string) => `No vehicle with registration ${reg} was found`,
  notSetUp: (service: string) => `${service} look-ups are not set up (docs/compliance.md "Configuration")`,
  rateLimited: (service: string) => `${service} is busy: try again in a minute`,
  unavailable: (service: string) => `${service} is not answering: try again later`,
  invalid: (service: string) => `${service} answered in a form the product does not understand`,
};

// ---- Answers ----------------------------------------------------------------

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}/).transform((s) => s.slice(0, 10));

/** The DVLA VES answer (every field may be absent but the registration). */
export const dvlaAnswer = z.object({
  registrationNumber: z.string().min(1).max(20),
  taxStatus: z.string().max(60).optional(),
  taxDueDate: isoDay.optional(),
  artEndDate: isoDay.optional(),
  motStatus: z.string().max(60).optional(),
  motExpiryDate: isoDay.optional(),
  make: z.string().max(100).optional(),
  colour: z.string().max(60).optional(),
  fuelType: z.string().max(60).optional(),
  engineCapacity: z.number().int().min(0).max(100_000).optional(),
  yearOfManufacture: z.number().int().min(1880).max(2200).optional(),
  monthOfFirstRegistration: z.string().regex(/^\d{4}-\d{2}$/).optional(),
  monthOfFirstDvlaRegistration: z.string().regex(/^\d{4}-\d{2}$/).optional(),
  co2Emissions: z.number().int().min(0).max(10_000).optional(),
  euroStatus: z.string().max(60).optional(),
  realDrivingEmissions: z.string().max(60).optional(),
  typeApproval: z.string().max(60).optional(),
  revenueWeight: z.number().int().min(0).max(1_000_000).optional(),
  markedForExport: z.boolean().optional(),
  dateOfLastV5CIssued: isoDay.optional(),
  wheelplan: z.string().max(100).optional(),
});
export type DvlaVehicle = z.infer<typeof dvlaAnswer>;

const defect = z.object({
  text: z.string().max(2000).default(""),
  type: z.string().max(30).default("ADVISORY"),
  dangerous: z.boolean().optional(),
});
export type MotDefect = z.infer<typeof defect>;

const motTest = z.object({
  completedDate: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
  testResult: z.string().max(30),
  expiryDate: isoDay.nullish(),
  // The API gives the reading as text ("12345"); a test with no reading has none.
  odometerValue: z.union([z.string(), z.number()]).nullish().transform((v) => (v === null || v === undefined || v === "" || !/^\d+$/.test(String(v)) ? null : Number(v))),
  odometerUnit: z.string().max(10).nullish().transform((u) => (u ? u.toUpperCase() : null)),
  odometerResultType: z.string().max(30).nullish(),
  motTestNumber: z.string().min(1).max(30),
  defects: z.array(defect).max(200).nullish().transform((d) => d ?? []),
});
export type MotTestAnswer = z.infer<typeof motTest>;

/** The DVSA MOT History answer for one registration. */
export const dvsaAnswer = z.object({
  registration: z.string().min(1).max(20),
  make: z.string().max(100).nullish(),
  model: z.string().max(100).nullish(),
  primaryColour: z.string().max(60).nullish(),
  fuelType: z.string().max(60).nullish(),
  firstUsedDate: isoDay.nullish(),
  registrationDate: isoDay.nullish(),
  manufactureDate: isoDay.nullish(),
  engineSize: z.union([z.string(), z.number()]).nullish(),
  motTestDueDate: isoDay.nullish(),
  motTests: z.array(motTest).max(500).nullish().transform((t) => t ?? []),
});
export type DvsaVehicle = z.infer<typeof dvsaAnswer>;

/** What one service answered for a registration (core/fleet/dvla.ts, dvsa.ts). */
export type ServiceAnswer<T> =
  | { status: "found"; data: T }
  | { status: "not-found" }
  | { status: "not-set-up" }
  | { status: "rate-limited"; retryAfter: number }
  | { status: "unavailable"; httpStatus: number }
  | { status: "invalid" };

export const SERVICE_NAMES = { dvla: "DVLA", dvsa: "DVSA" } as const;

/** The message staff see for an answer other than found. */
export function answerMessage(service: keyof typeof SERVICE_NAMES, a: ServiceAnswer<unknown>, reg: string): string | null {
  const name = SERVICE_NAMES[service];
  switch (a.status) {
    case "found":
      return null;
    case "not-found":
      return LOOKUP_MESSAGES.notFound(reg);
    case "not-set-up":
      return LOOKUP_MESSAGES.notSetUp(name);
    case "rate-limited":
      return LOOKUP_MESSAGES.rateLimited(name);
    case "unavailable":
      return LOOKUP_MESSAGES.unavailable(name);
    case "invalid":
      return LOOKUP_MESSAGES.invalid(name);
  }
}

/** A registration as the services take it: letters and digits, upper case. */
export function registrationKey(reg: unknown): string {
  return String(reg ?? "").replace(/[^a-z0-9]/gi, "").toUpperCase();
}

/** `Retry-After` in seconds (a number of seconds or an HTTP date); 60 when absent or unreadable. */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number {
  if (!header) return 60;
  if (/^\d+$/.test(header.trim())) return Math.min(86_400, Number(header.trim()));
  const at = Date.parse(header);
  return Number.isNaN(at) ? 60 : Math.max(1, Math.min(86_400, Math.ceil((at - now) / 1000)));
}

// ---- Filling the vehicle ------------------------------------------------------

export type Source = "DVLA" | "DVSA";
export type Suggestion = { field: string; value: string | number | boolean; source: Source };

const titleCase = (s: string) => s.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());

/** The MOT tests newest first (by completed date). */
export function testsNewestFirst<T extends { completedDate: string }>(tests: T[]): T[] {
  return [...tests].sort((a, b) => (a.completedDate < b.completedDate ? 1 : a.completedDate > b.completedDate ? -1 : 0));
}

/**
 * The vehicle's field values a lookup offers, each with where it came from
 * (DVLA first for what both answer: the register's own record; DVSA for
 * model, first used date and the MOT expiry the DVLA lacks). Make and model
 * are names here: the lookup maps them onto the product's makes and models.
 */
export function suggestionsOf(dvla: DvlaVehicle | null, dvsa: DvsaVehicle | null): Suggestion[] {
  const out: Suggestion[] = [];
  const add = (field: string, value: string | number | boolean | null | undefined, source: Source) => {
    if (value === null || value === undefined || value === "") return;
    if (out.some((s) => s.field === field)) return;
    out.push({ field, value, source });
  };
  if (dvla) {
    add("make", dvla.make ? titleCase(dvla.make) : null, "DVLA");
    add("colour", dvla.colour ? titleCase(dvla.colour) : null, "DVLA");
    add("fuel_type", dvla.fuelType ? titleCase(dvla.fuelType) : null, "DVLA");
    add("engine_capacity", dvla.engineCapacity, "DVLA");
    add("year_of_manufacture", dvla.yearOfManufacture, "DVLA");
    add("first_registration_date", dvla.monthOfFirstRegistration ? `${dvla.monthOfFirstRegistration}-01` : null, "DVLA");
    add("tax_status", dvla.taxStatus, "DVLA");
    add("tax_expiry", dvla.taxDueDate, "DVLA");
    add("mot_status", dvla.motStatus, "DVLA");
    add("mot_expiry", dvla.motExpiryDate, "DVLA");
    add("co2_emissions", dvla.co2Emissions, "DVLA");
    add("euro_status", dvla.euroStatus, "DVLA");
    add("type_approval", dvla.typeApproval, "DVLA");
    add("revenue_weight", dvla.revenueWeight, "DVLA");
    add("marked_for_export", dvla.markedForExport, "DVLA");
  }
  if (dvsa) {
    add("make", dvsa.make ? titleCase(dvsa.make) : null, "DVSA");
    add("model", dvsa.model ? titleCase(dvsa.model) : null, "DVSA");
    add("colour", dvsa.primaryColour ? titleCase(dvsa.primaryColour) : null, "DVSA");
    add("fuel_type", dvsa.fuelType ? titleCase(dvsa.fuelType) : null, "DVSA");
    add("first_used_date", dvsa.firstUsedDate, "DVSA");
    add("first_registration_date", dvsa.registrationDate, "DVSA");
    add("mot_expiry", testsNewestFirst(dvsa.motTests).find((t) => t.expiryDate)?.expiryDate ?? dvsa.motTestDueDate, "DVSA");
  }
  return out;
}

/** A name compared as staff mean it: case, spaces and punctuation ignored. */
export const nameKey = (s: unknown) => String(s ?? "").replace(/[^a-z0-9]/gi, "").toLowerCase();

// ---- Compliance warnings ---------------------------------------------------------

export const WARNING_KINDS = ["MOT_EXPIRED", "MOT_DUE", "TAX_EXPIRED", "TAX_DUE", "MOT_FAILED", "MOT_ADVISORY", "CLOCKING", "EXPORT", "SORN"] as const;
export type WarningKind = (typeof WARNING_KINDS)[number];

export const WARNING_LABELS: Record<WarningKind, string> = {
  MOT_EXPIRED: "MOT expired",
  MOT_DUE: "MOT due",
  TAX_EXPIRED: "Tax expired",
  TAX_DUE: "Tax due",
  MOT_FAILED: "Failed MOT",
  MOT_ADVISORY: "MOT advisory",
  CLOCKING: "Mileage went backwards",
  EXPORT: "Marked for export",
  SORN: "SORN",
};

/** Overdue kinds (the dashboard's "overdue"); due within 30 days: "due"; the rest: "warnings". */
export const OVERDUE_KINDS: readonly WarningKind[] = ["MOT_EXPIRED", "TAX_EXPIRED"];
export const DUE_KINDS: readonly WarningKind[] = ["MOT_DUE", "TAX_DUE"];

/** How many days ahead an MOT or tax due date is warned of. */
export const DUE_WITHIN_DAYS = 30;

export type Warning = { kind: WarningKind; subject: string; date: string; source: Source; message: string };

/** A test's odometer reading in miles (kilometres converted, rounded down); null without a read value. */
export function milesOf(t: { odometerValue: number | null; odometerUnit: string | null; odometerResultType?: string | null }): number | null {
  if (t.odometerValue === null) return null;
  if (t.odometerResultType && t.odometerResultType.toUpperCase() !== "READ") return null;
  return t.odometerUnit === "KM" ? Math.floor((t.odometerValue * 621_371) / 1_000_000) : t.odometerValue;
}

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const uk = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export type ReadingInput = {
  today: string;
  dvla: DvlaVehicle | null;
  dvsa: DvsaVehicle | null;
  /** The MOT test numbers already stored for the vehicle: tests not among them are new. */
  knownTests: ReadonlySet<string>;
  /** The product's last recorded mileage and when. */
  mileage: number | null;
  mileageDate: string | null;
};

/**
 * The warnings one reading of a vehicle raises (issue 25): MOT or tax
 * expired, or due within 30 days; SORN; marked for export; a new failed
 * MOT; a new advisory; an odometer reading below the product's mileage
 * recorded before the test, or below the previous MOT's reading (clocking).
 * Each names its subject (a date, a test number), so the same fact raised
 * again is the same warning (idempotent per vehicle, kind and subject).
 * "New" tests: those not stored before; on a vehicle's first reading only
 * its latest test counts as new (its old history is not news).
 */
export function warningsOf(input: ReadingInput): Warning[] {
  const { today, dvla, dvsa } = input;
  const out: Warning[] = [];
  const soon = addDays(today, DUE_WITHIN_DAYS);
  const tests = testsNewestFirst(dvsa?.motTests ?? []);

  // MOT expiry: the DVLA's date, else the latest test's.
  const motExpiry = dvla?.motExpiryDate ?? tests.find((t) => t.expiryDate)?.expiryDate ?? null;
  const motSource: Source = dvla?.motExpiryDate ? "DVLA" : "DVSA";
  if (motExpiry && motExpiry < today) out.push({ kind: "MOT_EXPIRED", subject: motExpiry, date: motExpiry, source: motSource, message: `MOT expired on ${uk(motExpiry)}` });
  else if (motExpiry && motExpiry <= soon) out.push({ kind: "MOT_DUE", subject: motExpiry, date: motExpiry, source: motSource, message: `MOT due on ${uk(motExpiry)}` });

  if (dvla) {
    const tax = dvla.taxDueDate ?? null;
    if (dvla.taxStatus?.toUpperCase() === "SORN") out.push({ kind: "SORN", subject: tax ?? "SORN", date: tax ?? today, source: "DVLA", message: "Declared off the road (SORN)" });
    else if (tax && tax < today) out.push({ kind: "TAX_EXPIRED", subject: tax, date: tax, source: "DVLA", message: `Tax expired on ${uk(tax)}` });
    else if (!tax && dvla.taxStatus?.toUpperCase() === "UNTAXED") out.push({ kind: "TAX_EXPIRED", subject: "UNTAXED", date: today, source: "DVLA", message: "Untaxed" });
    else if (tax && tax <= soon) out.push({ kind: "TAX_DUE", subject: tax, date: tax, source: "DVLA", message: `Tax due on ${uk(tax)}` });
    if (dvla.markedForExport) out.push({ kind: "EXPORT", subject: "EXPORT", date: today, source: "DVLA", message: "Marked for export" });
  }

  const fresh = input.knownTests.size ? tests.filter((t) => !input.knownTests.has(t.motTestNumber)) : tests.slice(0, 1);
  for (const t of fresh) {
    const day = t.completedDate.slice(0, 10);
    if (t.testResult.toUpperCase() === "FAILED") out.push({ kind: "MOT_FAILED", subject: t.motTestNumber, date: day, source: "DVSA", message: `Failed MOT on ${uk(day)} (test ${t.motTestNumber})` });
    t.defects.forEach((d, i) => {
      if (d.type.toUpperCase() === "ADVISORY") out.push({ kind: "MOT_ADVISORY", subject: `${t.motTestNumber}#${i}`, date: day, source: "DVSA", message: `Advisory: ${d.text}` });
    });
    const miles = milesOf(t);
    if (miles === null) continue;
    // Below the product's mileage recorded on or before the test day.
    if (input.mileage !== null && (!input.mileageDate || input.mileageDate <= day) && miles < input.mileage)
      out.push({ kind: "CLOCKING", subject: `${t.motTestNumber}#mileage`, date: day, source: "DVSA", message: `MOT reading ${miles} miles on ${uk(day)} is below the recorded mileage ${input.mileage}` });
    // Below the previous MOT's reading.
    const previous = tests.slice(tests.indexOf(t) + 1).find((p) => milesOf(p) !== null);
    const before = previous ? milesOf(previous) : null;
    if (previous && before !== null && miles < before)
      out.push({ kind: "CLOCKING", subject: t.motTestNumber, date: day, source: "DVSA", message: `MOT reading ${miles} miles on ${uk(day)} is below the previous MOT's ${before} miles` });
  }
  return out;
}

/**
 * The rental finder's flag (issue 25): a van whose MOT or tax runs out
 * before the hire ends (or already has) is flagged, as workshop holds are.
 */
export type LapseWarning = { reason: "MOT" | "TAX"; date: string; message: string };
export function lapseWarnings(v: { mot_expiry?: string | null; tax_expiry?: string | null }, window: { start_date: string; finish_date: string }): LapseWarning[] {
  const out: LapseWarning[] = [];
  const check = (reason: "MOT" | "TAX", date: string | null | undefined) => {
    if (!date || date >= window.finish_date) return;
    const what = reason === "MOT" ? "MOT" : "Tax";
    out.push({ reason, date, message: date < window.start_date ? `${what} expired on ${uk(date)}` : `${what} runs out on ${uk(date)}, during the hire` });
  };
  check("MOT", v.mot_expiry);
  check("TAX", v.tax_expiry);
  return out;
}
