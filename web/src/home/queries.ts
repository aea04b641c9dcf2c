import { windowOf } from "../../../core/platform/dates";
import { queries, type GetQuery } from "../platform/api";
import { todayIso } from "../platform/format";

/**
 * The home dashboard's calls (001 §2.5), built once: the dashboard's panels
 * read them and the route starts them with the identity check
 * (platform/prefetch.ts). The period (Monday-Sunday week or calendar month of
 * the date) is worked out here as the server works it out (core/platform/dates
 * windowOf), so the panels' figures are asked for in the same wave as the
 * rental figures, not after them.
 */
const deptOf = (department: string) => (department === "ALL" ? undefined : department);

export const dashboardQuery = {
  rentalFigures: (type: string, date: string, department: string) => queries.get("rentals/figures", { type, date, department: deptOf(department) }),
  target: (date: string) => queries.get("targetlatest", { date }, "target"),
  statusCounts: (department: string) => queries.get("vehicles/statuscounts", { department }),
  departments: () => queries.list("departments", { page_size: 1000 }),
  incompleteContacts: () => queries.list("contacts", { partial_view: "YES", page_size: 25 }),
  vehicleFigures: (type: string, date: string, department: string) => queries.get("vehicles/figures", { type, date, department: deptOf(department) }),
  capSummary: (start: string | undefined, department: string) => queries.get("vehicles/summary", { start, department: deptOf(department) }),
  capChange: (department: string) => queries.get("captotalchange", { department: deptOf(department) }),
  workFigures: (start: string | undefined, end: string | undefined, type: string, department: string) =>
    queries.get("work/figures", { start, end, type, department: deptOf(department) }),
  partOrderFigures: (start: string | undefined, end: string | undefined, type: string, department: string) =>
    queries.get("partorder/figure", { start, end, type, department: deptOf(department) }),
  miscFigures: (start: string | undefined, end: string | undefined, department: string) =>
    queries.get("transactions/figures", { start, end, department: deptOf(department) }, "transactions/figures"),
  jobsToday: () => queries.list("jobs", { view: "today", ws: "all", page: 1, page_size: 25 }),
  sales: (start: string | undefined, end: string | undefined, department: string) =>
    queries.get("financeagreements", { start, end, department: deptOf(department), page_size: 25 }),
  homepageTotals: () => queries.get("homepagetotal"),
  courtesyCars: (department: string) => queries.list("vehicles", { courtesy_car: true, department, page_size: 25, filter_list: false }),
  calendar: (date: string, department: string) => queries.get("rentals/calendar", { date, department: deptOf(department) }),
  quickLinks: () => queries.list("quicklink", { page_size: 50 }),
  // The charts (issue 27): the 12 weeks up to the week of the date, in the first wave with the rest.
  weeklyHire: (date: string, department: string) => queries.get("rentals/weekly", { date, department: deptOf(department) }),
  // The compliance panel (issue 25): in the first wave with the rest, not after the panel's script has drawn.
  complianceSummary: () => queries.get("compliancesummary", undefined, "compliance"),
  complianceLatest: () => queries.list("compliance", { page_size: 5 }),
};

/** The dashboard's view from its address: timeframe, date (today by default), department, and the period they make. */
export function dashboardView(sp: URLSearchParams) {
  const type = sp.get("timeframe") === "monthly" ? "monthly" : "weekly";
  const date = sp.get("date") ?? todayIso();
  const department = sp.get("department") ?? "ALL";
  return { type, date, department, period: windowOf(type, date) } as const;
}

/** Everything the home page shows on its first paint. */
export function homeQueries(sp: URLSearchParams): GetQuery[] {
  const { type, date, department, period } = dashboardView(sp);
  const { start, end } = period;
  const d = dashboardQuery;
  return [
    d.rentalFigures(type, date, department),
    d.target(date),
    d.statusCounts(department),
    d.departments(),
    d.incompleteContacts(),
    d.vehicleFigures(type, date, department),
    d.capSummary(start, department),
    d.capChange(department),
    d.workFigures(start, end, type, department),
    d.partOrderFigures(start, end, type, department),
    d.miscFigures(start, end, department),
    d.jobsToday(),
    d.sales(start, end, department),
    d.homepageTotals(),
    d.courtesyCars(department),
    d.calendar(date, department),
    d.weeklyHire(date, department),
    d.quickLinks(),
    d.complianceSummary(),
    d.complianceLatest(),
  ];
}
