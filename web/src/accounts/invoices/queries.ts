import type { Params } from "react-router-dom";
import { queries, type GetQuery } from "../../platform/api";
import { listQueryOf, type ListControllerOptions } from "../../platform/list/useListController";

/** The invoices list (003 §2): its views, department and customer filters; the route starts it with the identity check (platform/prefetch.ts). */
export const INVOICES_LIST: ListControllerOptions = { resource: "invoices", filters: ["activeView", "view", "department", "customer"], tabs: ["activeView", "view"], errorMessage: "There was an error" };

/** /invoices: the page of invoices and the departments. */
export function invoicesQueries(_params: Params, sp: URLSearchParams): GetQuery[] {
  return [listQueryOf(INVOICES_LIST, sp), queries.list("departments", { page_size: 1000 })];
}
