import { answerExtras, defineFields } from "../platform/definition.js";
import { minutesOf } from "./movement-costs.js";
import { TIME_OF_DAY } from "../platform/dates.js";

/**
 * The vehicle movement of 002 §3, every field declared once (docs/decisions.md
 * "One definition per record type"): core/workshop/movements.ts parses with
 * its schema, web/src/workshop/movements/ draws the movement modal from it.
 * Pure (zod only), so the screens import it with the rules below and show
 * the server's messages before sending.
 */

export const MOVEMENT_STATUSES = ["NORMAL", "QUOTE"] as const;
export type MovementStatus = (typeof MOVEMENT_STATUSES)[number];

/** The list views (002 §2 Movements page; default NORMAL, 002 §9). */
export const MOVEMENT_VIEWS = ["NORMAL", "QUOTE", "COMPLETED"] as const;
export type MovementView = (typeof MOVEMENT_VIEWS)[number];

/** Movement types whose rows show orange (002 §4). */
export const HIRE_MOVEMENT_TYPES = ["ONHIRE", "OFFHIRE"] as const;

export const MOVEMENT_MESSAGES = {
  /** 002 §5. */
  workTypeRequired: "Workshop Expense Charge Type is required for work items created from a job",
  /** 002 §8: the screen's failure toasts. */
  createFailed: "There was an error creating the movement",
  saveFailed: "There was an error saving the movement",
  deleteFailed: "There was an error deleting that movement",
  // Ours (002 §4 names the states, not the wording).
  completedLocked: "This movement is completed and can no longer be changed",
  completedNoDelete: "This movement is completed and cannot be deleted",
  trackingRequired: "A tracking option is required to complete a movement",
  trackingUnknown: "That tracking option does not exist",
  alreadyCompleted: "This movement is already completed",
  quoteNotCompleted: "A quote movement must be converted to a normal movement before it is completed",
  notAQuote: "Only a quote movement can be converted to a normal movement",
  timeFormat: "Must be a time of day (HH:MM)",
  endBeforeStart: "The end time must not be before the start time",
  statusChoice: "Movement status must be NORMAL or QUOTE",
  jobUnknown: "That job does not exist",
  jobNotCard: "Movements can only be added to a job card, not to a defect or a part enquiry",
  jobFixed: "A movement's job cannot be changed: delete it and create it on the other job",
} as const;

export const movement = defineFields({
  movement_status: { label: "Status", kind: "choice", options: MOVEMENT_STATUSES, message: MOVEMENT_MESSAGES.statusChoice, upperCase: true },
  delivery_date: { label: "Delivery date", kind: "date" },
  department: { label: "Department", kind: "ref" },
  customer: { label: "Customer", kind: "ref" },
  vehicle_used: { label: "Vehicle used", kind: "ref" },
  vehicle: { label: "Vehicle", kind: "text", max: 200 },
  movement_type: { label: "Movement type", kind: "ref" },
  movement_rate: { label: "Movement rate", kind: "ref" },
  driver: { label: "Driver", kind: "ref" },
  job: { label: "Job", kind: "ref" },
  work_type: { label: "Workshop expense charge type", kind: "ref" },
  start_address: { label: "Start address", kind: "textarea", max: 500 },
  end_address: { label: "End address", kind: "textarea", max: 500 },
  start_time: { label: "Start time", kind: "time" },
  end_time: { label: "End time", kind: "time" },
  miles: { label: "Miles", kind: "number", max: 100_000 },
  cost_override: { label: "Override cost", kind: "boolean" },
  cost: { label: "Cost", kind: "money" },
  internal_charge: { label: "Internal charge", kind: "money" },
  tracking_option: { label: "Tracking option", kind: "ref" },
  comments: { label: "Comments", kind: "textarea", max: 2000 },
  // The server's: set by movementcomplete and by invoicing, never by a save.
  completed: { server: true, label: "Completed", kind: "boolean" },
  invoice_number: { server: true, label: "Invoice number", kind: "text", max: 50 },
  // Ours: the fleet van the movement is of, resolved by every save (its job's vehicle, else its vehicle text as a fleet registration): its profit line (docs/finance.md).
  fleet_vehicle: { server: true, label: "Fleet vehicle", kind: "ref" },
});

/** Fields a save never takes from the client (the server sets them). */
export const MOVEMENT_SERVER_FIELDS = movement.serverFields;

/** What a movement's answer carries besides its fields (who made it, its view, the list's search terms): a save drops them. */
export const movementExtras = answerExtras({ creator: "text", view: "text", search_terms: "text" });

export type MovementValues = {
  job?: unknown;
  work_type?: unknown;
  start_time?: unknown;
  end_time?: unknown;
};

const isSet = (v: unknown) => v !== null && v !== undefined && v !== "";

/**
 * The rules of a movement save with their messages and the field each
 * belongs to (null when it passes): the server refuses with them, the
 * modal shows them before sending.
 */
export function movementRuleResult(m: MovementValues): { message: string; errors: Record<string, string> } | null {
  if (isSet(m.job) && !isSet(m.work_type)) return { message: MOVEMENT_MESSAGES.workTypeRequired, errors: { work_type: MOVEMENT_MESSAGES.workTypeRequired } };
  for (const f of ["start_time", "end_time"] as const) {
    const t = m[f];
    if (isSet(t) && !TIME_OF_DAY.test(String(t))) return { message: MOVEMENT_MESSAGES.timeFormat, errors: { [f]: MOVEMENT_MESSAGES.timeFormat } };
  }
  const a = minutesOf(isSet(m.start_time) ? String(m.start_time) : null);
  const b = minutesOf(isSet(m.end_time) ? String(m.end_time) : null);
  if (a !== null && b !== null && b < a) return { message: MOVEMENT_MESSAGES.endBeforeStart, errors: { end_time: MOVEMENT_MESSAGES.endBeforeStart } };
  return null;
}

/** The list view a movement sits in: completed ones in COMPLETED, the rest by their status. */
export function movementView(m: { completed?: boolean | null; movement_status?: string | null }): MovementView {
  if (m.completed) return "COMPLETED";
  return m.movement_status === "QUOTE" ? "QUOTE" : "NORMAL";
}

/** Row colour of 002 §4: green if invoiced, neutral if from a job, orange for ONHIRE/OFFHIRE types, otherwise dark red. */
export function movementRowColour(m: { invoice_number?: string | null; job?: unknown; movement_type?: { name?: string | null } | null }): "green" | "neutral" | "orange" | "darkred" {
  if (m.invoice_number) return "green";
  if (isSet(m.job)) return "neutral";
  const type = String(m.movement_type?.name ?? "").toUpperCase().replace(/[\s_-]/g, "");
  if ((HIRE_MOVEMENT_TYPES as readonly string[]).includes(type)) return "orange";
  return "darkred";
}
