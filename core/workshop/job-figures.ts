import { fromPence, toPence } from "../platform/money.js";
import { pageRows } from "../platform/paging.js";
import { Facet } from "../platform/service.js";
import { chargeAndCost } from "./figures.js";
import { Job, JobLines, NO_DATE, expandJobs, nestLines } from "./job.js";

// Apart from the job card service (jobs.ts), so the work approvals' Lambda (GET work with a vehicle: the service record)
// reads them without carrying it (docs/performance.md "Bundles").

type Rec = Record<string, unknown> & { id: number };

/**
 * What the vehicle page and the dashboard read of job cards (data-model §7.3
 * "Also served"): the service record, the last services, the Workshop panel.
 */
export const WorkshopFigures = {
  /**
   * GET work/figures (dashboard Workshop panel): income (customer labour
   * charge) and expenses (labour cost) of the jobs on the list by workshop
   * date in start..end, from the month facets `wsfig#<D>#<yyyy-mm>` (a week
   * reads at most two small partitions, whatever the history).
   */
  async work(q: { start: string; end: string; department?: number }) {
    const D = q.department ? String(q.department) : "all";
    const { charge, cost } = await chargeAndCost(q, async (m) => {
      const res = await Facet.query.byFacet({ facet: `job#wsfig#${D}#${m}` }).go({ pages: "all" });
      return (res.data as Array<{ value: string; live?: number }>).map((f) => ({ value: f.value, pence: f.live ?? 0 }));
    });
    return { income: fromPence(charge), expenses: fromPence(cost), start: q.start, end: q.end };
  },

  /** GET service?amount=&vehicle=: the vehicle's last approved jobs (newest workshop date first), with their work items. */
  async lastServices(vehicle: number, amount: number) {
    const ids = (await Job.entriesIn(`veh#${vehicle}`, { tags: ["st=approved"], order: "desc" })).slice(0, amount).map((e) => e.id);
    const rows = (await Job.getMany(ids)) as Rec[];
    const order = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    // 000 §3 "Service record (printed): date, mileage": the service's date is the job's workshop date (else its finish date).
    const results = (await expandJobs(await JobLines.attach(rows))) as Rec[];
    return { count: rows.length, results: results.map((j) => ({ ...j, date: j.workshop_date ?? j.finish_date ?? null })) };
  },

  /**
   * GET work?vehicle=&page&page_size=15&dateSort=&chargeable= (the vehicle
   * page's Service Record): every work item of the vehicle's jobs (not
   * defects, enquiries or converted ones), with its job's workshop date,
   * job number and customers; chargeable=true/false keeps those billed to
   * customer 2 / not. Reads the vehicle's jobs and their lines (bounded by
   * one vehicle's history); work item lists of their own come with the
   * engine's line lists.
   */
  async serviceRecord(q: { vehicle: number; page: number; page_size: number; dateSort?: "asc" | "desc"; chargeable?: boolean }) {
    const entries = await Job.entriesIn(`veh#${q.vehicle}`, { tags: ["v=jobs"] });
    const jobs = (await Job.getMany(entries.map((e) => e.id))) as Rec[];
    const lines = await JobLines.load(jobs.map((j) => j.id));
    const rows: Rec[] = jobs.flatMap((j) => {
      const l = (lines.get(j.id) ?? {}) as Parameters<typeof nestLines>[0];
      return (nestLines(l) as Rec[]).map((w) => ({ ...w, job: j.id, workshop_date: j.workshop_date ?? null, job_status: j.status, approved: !!j.approved, customer: j.customer ?? null, customer2: j.customer2 ?? null }));
    });
    const kept = q.chargeable === undefined ? rows : rows.filter((w) => !!w.chargeable === q.chargeable);
    const dir = q.dateSort === "asc" ? 1 : -1;
    kept.sort((a, b) => dir * String(a.workshop_date ?? NO_DATE).localeCompare(String(b.workshop_date ?? NO_DATE)) || dir * (a.id - b.id));
    const page = pageRows(kept, q);
    const totals = { labour_cost: fromPence(sumPence(kept, (w) => w.labour_cost)), customer_labour_cost: fromPence(sumPence(kept, (w) => w.customer_labour_cost)) };
    return { count: kept.length, results: page, totals };
  },
};

function sumPence(rows: Rec[], f: (r: Rec) => unknown) {
  return rows.reduce((t, r) => t + toPence(f(r) as number), 0);
}
