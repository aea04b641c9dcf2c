import type { JobAnswer } from "../../../core/workshop/types";
import type { ApiRecord } from "../platform/api";
import { todayIso } from "../platform/format";

/** How the job screens read a job from the API: references come as objects, possibly flattened on list rows. */
export type Job = ApiRecord & JobAnswer;

export const nameOf = (x: unknown, field = "display_name"): string => {
  if (!x || typeof x !== "object") return x === null || x === undefined ? "" : String(x);
  const o = x as Record<string, unknown>;
  return String(o[field] ?? o.display_name ?? o.name ?? "");
};

/** The registration a job is known by: its vehicle's, else the enquiry's. */
export const registrationOf = (j: Job): string => j.vehicle?.registration ?? j.registration ?? j.enquiry_registration ?? "";

export const makeOf = (j: Job): string => nameOf(j.vehicle?.make ?? j.make ?? j.enquiry_make, "name");
export const modelOf = (j: Job): string => nameOf(j.vehicle?.model ?? j.model ?? j.enquiry_model, "name");

/**
 * The job status as the list shows it (002 §4): an IN_PROGRESS job is Not
 * Started until its workshop date has come, then In Progress; the other
 * states with their underscores shown as spaces.
 */
export function jobStatusLabel(j: Record<string, any>, today = todayIso()): string {
  if (j.is_defect) return "Defect";
  if (j.is_enquiry) return "Part Enquiry";
  const status = String(j.status ?? "IN_PROGRESS");
  if (status === "IN_PROGRESS") return j.workshop_date && String(j.workshop_date).slice(0, 10) <= today ? "In Progress" : "Not Started";
  return status.replace(/_/g, " ");
}

/** The approver's first and last name (002 §6). */
export const approverOf = (j: Job): string => {
  const u = j.approving_user;
  if (!u) return "";
  if (typeof u === "string") return u;
  return [u.first_name, u.last_name].filter(Boolean).join(" ");
};
