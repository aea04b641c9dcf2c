import { PART_MESSAGES } from "../../../core/workshop/part-rules";
import { useApiMutation, type ApiRecord } from "../platform/api";

/** A part as GET parts answers it (002 §3 Part; row id P/J/Q + the parent's id). */
export type PartRow = ApiRecord & {
  name: string | null;
  part_number: string | null;
  supplier: { id: number; display_name: string | null; partial_contact?: boolean } | null;
  cost: number | null;
  customer_cost: number | null;
  cost_vat: string | null;
  date_ordered: string | null;
  part_invoice_number: string | null;
  invoice_date: string | null;
  due_date: string | null;
  supplier_nominal_code: number | null;
  approved: boolean | null;
  approver: { first_name: string | null; last_name: string | null } | null;
  from_stock: boolean | null;
  to_be_ordered: boolean | null;
  backorder: boolean | null;
  origin: "job" | "quote" | "partorder";
  row_id: string;
  parent_id: number;
  registration: string | null;
};

export type PartsAnswer = { count: number; results: PartRow[]; total_cost?: number; warnings?: Array<{ id: number; message: string }> };

/** Where a row id opens its parent (002 §2: P part orders, J jobs, Q quotes). */
export const parentLink = (p: PartRow) => (p.origin === "job" ? `/editjob/${p.parent_id}` : p.origin === "quote" ? `/editquote/${p.parent_id}` : `/editpartorder/${p.parent_id}`);

/** PUT parts/update (bulk): Edit Selected, inline saves and approvals; Parts Expenses and the job cards read again after. */
export function usePartsSave(errorMessage: string = PART_MESSAGES.approveError) {
  return useApiMutation<Array<Record<string, unknown>>, PartsAnswer>("PUT", "parts/update", { resource: "parts", invalidates: ["jobs"], errorMessage });
}
