import { answerExtras, defineFields } from "../platform/definition.js";

/**
 * An inspection of a vehicle (000 §3): inspections.ts parses with its
 * schema and refuses a missing vehicle, type or last completed date with
 * these messages (in this order); the vehicle's Inspections panel and the
 * inspections screen take labels, messages and bounds from here.
 * `lockedWhenBooked`: what a booked-in inspection may not change until it
 * is approved (000 §4; rules.ts `checkInspectionLock`, the screens' inputs).
 */
export const inspection = defineFields({
  vehicle: { label: "Vehicle", kind: "ref", required: "No vehicle selected" },
  inspection_type: { lockedWhenBooked: true, label: "Inspection type", kind: "ref", required: "Inspection type is required" },
  date_completed: { lockedWhenBooked: true, label: "Last completed", kind: "date", required: "Inspection last completed date is required" },
  expiry_date: { lockedWhenBooked: true, label: "Expiry", kind: "date" },
  start_date: { lockedWhenBooked: true, label: "Start date", kind: "date" },
  warning_days: { lockedWhenBooked: true, label: "Warning days", kind: "integer" },
  comments: { label: "Comments", kind: "text", max: 4000 },
  booked_in_date: { label: "Booked in", kind: "date" },
  inspection_workshop: { label: "Inspection workshop", kind: "ref" },
  new_completed_date: { label: "New completed date", kind: "date" },
  new_expiry_date: { label: "New expiry date", kind: "date" },
});

/** What an inspection's answer carries besides its fields (its due date): a save drops it. */
export const inspectionExtras = answerExtras({ due: "date" });
