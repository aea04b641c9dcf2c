import type { Params } from "react-router-dom";
import { queries, type GetQuery } from "../platform/api";
import { listQueryOf, type ListControllerOptions } from "../platform/list/useListController";

/**
 * The workshop screens' first-paint calls, built once: the screens read them
 * and their routes start them with the identity check (platform/prefetch.ts,
 * docs/performance.md "First paint"). Kept free of screen code so the app's
 * first script carries only these few lines.
 */

/** 002 §9: the jobs list opens on Started. */
export const DEFAULT_VIEW = "started";
/** Column header filters (decision W7): customer, customer2, workshop, fitter, make, model. */
export const JOB_FILTERS = ["customer", "customer2", "fitter", "make", "model", "workshop"] as const;

/** The jobs list (002 §2): view, workshop tab, department, date, column filters; the view and tab always sent. */
export const JOBS_LIST: ListControllerOptions = {
  resource: "jobs",
  filters: ["view", "ws", "department", "date", ...JOB_FILTERS],
  tabs: ["view", "ws"],
  fixed: { view: DEFAULT_VIEW, ws: "all" },
  errorMessage: "An error occurred!",
};

export const workshopQuery = {
  departments: () => queries.list("departments", { page_size: 1000 }),
  workTypes: () => queries.list("worktype", { page_size: 1000 }),
  jobStatusCount: (ws: string, department: string | undefined) => queries.get("jobstatuscount", { ws, department }),
  jobTabs: () => queries.list("contacts", { job_tab: true, page_size: 1000 }),
  /** The board's chart (issue 27): jobs in and out in the 12 weeks up to this one (GET work/flow: the jobflowreport's figures). */
  jobFlow: (department: string | undefined) => queries.get("work/flow", { department }),
  job: (id: string) => queries.one("jobs", id),
  jobDefaults: () => queries.get("appdefaults"),
  fitters: () => queries.list("fitters", { page_size: 1000 }),
  trackingOptions: () => queries.list("trackingoption", { page_size: 1000 }),
  movements: (job: number) => queries.list("movement", { job, page_size: 1000 }),
  quote: (id: string) => queries.one("quotes", id),
  /** A job's or a quote's attached images (the Show Attached Images count). */
  images: (owner: { job: number } | { quote: number } | Record<string, never>) => queries.get("images", owner),
  quoteDefaults: () => queries.get("appdefaults"),
};

/** /jobs: the page of jobs, the view counts, the workshop tabs and the departments. */
export function jobsListQueries(_params: Params, sp: URLSearchParams): GetQuery[] {
  const ws = sp.get("ws") || "all";
  const department = sp.get("department") || undefined;
  return [listQueryOf(JOBS_LIST, sp), workshopQuery.jobStatusCount(ws, department), workshopQuery.jobTabs(), workshopQuery.departments(), workshopQuery.jobFlow(department)];
}

/**
 * /editjob/:job: the job, the work types, the departments and the app
 * defaults; and what its form draws with them: the fitters, the tracking
 * options and the job's movements.
 */
export function jobCardQueries(params: Params): GetQuery[] {
  const w = workshopQuery;
  const common = [w.workTypes(), w.departments(), w.jobDefaults(), w.fitters(), w.trackingOptions()];
  return params.job ? [w.job(params.job), w.movements(Number(params.job)), ...common] : common;
}

/**
 * /editquote/:quote: the quote, the work types, the departments and the app
 * defaults. Its customers' details (their markups) come in the quote's own
 * answer, so nothing waits for it (docs/performance.md).
 */
export function quoteQueries(params: Params): GetQuery[] {
  const w = workshopQuery;
  const common = [w.workTypes(), w.departments(), w.quoteDefaults()];
  return params.quote ? [w.quote(params.quote), w.images({ quote: Number(params.quote) }), ...common] : common;
}
