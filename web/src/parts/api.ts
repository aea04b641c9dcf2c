import { PART_MESSAGES } from "../../../core/workshop/part-rules";
import type { PartsExpenseRow } from "../../../core/workshop/types";
import { useApiMutation, type ApiRecord } from "../platform/api";

/** A part as GET parts answers it (002 §3 Part; row id P/J/Q + the parent's id): inferred from the part definition (core/workshop/types.ts). */
export type PartRow = ApiRecord & PartsExpenseRow;

export type PartsAnswer = { count: number; results: PartRow[]; total_cost?: number; warnings?: Array<{ id: number; message: string }> };

/** Where a row id opens its parent (002 §2: P part orders, J jobs, Q quotes). */
export const parentLink = (p: PartRow) => (p.origin === "job" ? `/editjob/${p.parent_id}` : p.origin === "quote" ? `/editquote/${p.parent_id}` : `/editpartorder/${p.parent_id}`);

/** PUT parts/update (bulk): Edit Selected, inline saves and approvals; Parts Expenses and the job cards read again after. */
export function usePartsSave(errorMessage: string = PART_MESSAGES.approveError) {
  return useApiMutation<Array<Record<string, unknown>>, PartsAnswer>("PUT", "parts/update", { resource: "parts", invalidates: ["jobs"], errorMessage });
}
