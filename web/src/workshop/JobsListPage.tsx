import { Button, Checkbox, Group, Stack, Text } from "@mantine/core";
import type { MouseEvent, ReactNode } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useApiMutation, useGet, type ApiRecord, type Page as ApiPage } from "../platform/api";
import { DateField } from "../platform/form";
import { formatDate, todayIso } from "../platform/format";
import { ListColumnFilter, ListDepartmentFilter, ListPager, ListSearch, ListTable, ListTabs, ListToolbar, useListController, type Column, type FilterOption, type ListController } from "../platform/list";
import { Page } from "../platform/page";
import { ChartPanel } from "../platform/charts/ChartPanel";
import { DEFAULT_VIEW, JOB_FILTERS, JOBS_LIST, workshopQuery } from "./queries";
import { approverOf, jobStatusLabel, makeOf, modelOf, nameOf, registrationOf, type Job } from "./jobFormat";

/**
 * The view toggles of the jobs list (002 §2), as GET jobs names them
 * (docs/data-model.md §7.3), with the jobstatuscount key of each count.
 */
export const JOB_VIEWS = [
  { value: "enquiries", label: "Part Enquiries" },
  { value: "mydefects", label: "My Defects" },
  { value: "defects", label: "Defects" },
  { value: "yesterday", label: "Yesterday" },
  { value: "today", label: "Today" },
  { value: "started", label: "Started" },
  { value: "upcoming", label: "Upcoming" },
  { value: "upcoming_not_booked", label: "Upcoming Not Booked" },
  { value: "returned", label: "Returned From Workshop" },
  { value: "wash", label: "Wash Needed" },
  { value: "ready", label: "Ready For Collection" },
  { value: "approved", label: "Approved" },
  { value: "all", label: "All" },
] as const;

export { DEFAULT_VIEW, JOB_FILTERS };
type JobFilter = (typeof JOB_FILTERS)[number];

/** The parameters of the view on screen that a print of it repeats (every row, not one page). */

export const PRINT_PARAMS = ["view", "ws", "department", "date", "search", ...JOB_FILTERS];

/** Each filtered column's record and its name on a row (filters take the record's id, decision W7). */
const FILTER_VALUE: Record<JobFilter, (j: Job) => { id: number; name: string } | null> = {
  customer: (j) => (j.customer?.id ? { id: j.customer.id, name: nameOf(j.customer) } : null),
  customer2: (j) => (j.customer2?.id ? { id: j.customer2.id, name: nameOf(j.customer2) } : null),
  fitter: (j) => (j.fitter?.id ? { id: j.fitter.id, name: nameOf(j.fitter, "name") } : null),
  make: (j) => (j.vehicle?.make?.id ? { id: j.vehicle.make.id, name: makeOf(j) } : null),
  model: (j) => (j.vehicle?.model?.id ? { id: j.vehicle.model.id, name: modelOf(j) } : null),
  workshop: (j) => (j.workshop?.id ? { id: j.workshop.id, name: nameOf(j.workshop) } : null),
};

/**
 * A column filter's choices: the values on the page shown, so a click on a
 * header narrows the view to one customer, fitter, make... (the server
 * lists that value's jobs of the view through its own index, W7).
 */
function filterOptions(rows: Job[], active: Record<string, string>): Record<string, FilterOption[]> {
  const out: Record<string, FilterOption[]> = {};
  for (const f of JOB_FILTERS) {
    const seen = new Map<string, string>();
    for (const r of rows) {
      const v = FILTER_VALUE[f](r);
      if (v) seen.set(String(v.id), v.name);
    }
    if (active[f] && !seen.has(active[f])) seen.set(active[f], `#${active[f]}`);
    out[f] = [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }
  return out;
}

function CollectedButton({ job }: { job: Job }) {
  const collect = useApiMutation<Record<string, unknown>, Job>("PUT", `jobs/returned/${job.id}`, { resource: "jobs", invalidates: ["jobstatuscount"], errorMessage: "Unable to change job status" });
  return (
    <Button
      size="compact-xs"
      color="green"
      loading={collect.isPending}
      aria-label={`COLLECTED ${job.id}`}
      onClick={(e: MouseEvent) => {
        e.stopPropagation();
        collect.mutate({ status: "COLLECTED", last_saved: job.last_saved });
      }}
    >
      COLLECTED
    </Button>
  );
}

function columnsFor(view: string, list: ListController<Job>, options: Record<string, FilterOption[]> | undefined): Column<Job>[] {
  const filter = (key: JobFilter, title: string, render: (j: Job) => ReactNode): Column<Job> => ({
    key,
    header: <ListColumnFilter list={list} param={key} title={title} options={options?.[key]} width={100} />,
    render,
  });
  const cols: Column<Job>[] = [
    {
      key: "id",
      header: "Job No.",
      render: (j) => (
        <Link to={`/editjob/${j.id}`} onClick={(e) => e.stopPropagation()}>
          {j.id}
        </Link>
      ),
    },
    { key: "registration", header: "Registration", render: registrationOf },
    { key: "description", header: "Description", render: (j) => j.job_description || j.defect_description || j.enquiry_description || "" },
    { key: "latest_comment", header: "Comments", render: (j) => String(j.latest_comment ?? "") },
    filter("customer", "Customer", (j) => nameOf(j.customer)),
    filter("customer2", "Customer2", (j) => nameOf(j.customer2)),
    filter("fitter", "Fitter", (j) => nameOf(j.fitter, "name")),
    filter("make", "Make", makeOf),
    filter("model", "Model", modelOf),
    { key: "status", header: "Job Status", render: (j) => jobStatusLabel(j) },
    { key: "vehicle_arrived", header: "Vehicle Arrived", render: (j) => (j.vehicle_arrived ? "Yes" : "No") },
    { key: "wash_needed", header: "Wash Needed", render: (j) => (j.wash_needed ? "Yes" : "No") },
  ];
  if (view === "wash") cols.push({ key: "wash_complete", header: "Wash Completed", render: (j) => <Checkbox readOnly checked={j.wash_complete === true} aria-label={`Wash completed ${j.id}`} /> });
  cols.push(
    { key: "workshop_date", header: "Workshop Date", render: (j) => formatDate(j.workshop_date) },
    { key: "book_in_date", header: "Book In Date", render: (j) => formatDate(j.book_in_date) },
    filter("workshop", "Workshop", (j) => nameOf(j.workshop)),
  );
  // 002 §2: the Approver column in the finished and all views.
  if (view === "approved" || view === "all") cols.push({ key: "approver", header: "Approver", render: approverOf });
  if (view === "ready") cols.push({ key: "collected", header: "", render: (j) => <CollectedButton job={j} /> });
  cols.push({
    key: "print",
    header: "",
    render: (j) => {
      // 002 §2: no job sheet for a defect or an enquiry.
      if (j.is_defect || j.is_enquiry)
        return (
          <Button size="compact-xs" variant="default" disabled aria-label={`Print job ${j.id}`} onClick={(e: MouseEvent) => e.stopPropagation()}>
            Print
          </Button>
        );
      return (
        <Button size="compact-xs" variant="default" component={Link} to={`/printjob/${j.id}`} onClick={(e: MouseEvent) => e.stopPropagation()} aria-label={`Print job ${j.id}`}>
          Print
        </Button>
      );
    },
  });
  return cols;
}

type JobFlow = { weeks: Array<{ start: string; end: string; jobs_in: number; jobs_out: number }> };

/** The board's chart (issue 27, docs/charts.md): jobs booked in and collected per week, the 12 weeks up to this one, for the department shown. */
function JobFlowChart({ department }: { department: string | undefined }) {
  const q = useGet<JobFlow>(workshopQuery.jobFlow(department), { errorMessage: "An error occurred!" });
  return (
    <ChartPanel
      title="Jobs in and out by week"
      rows={q.data?.weeks}
      loading={q.isLoading}
      kind="bar"
      values="count"
      height={140}
      series={[
        { key: "jobs_in", label: "Jobs in", color: "blue.6", value: (w) => w.jobs_in },
        { key: "jobs_out", label: "Jobs out", color: "green.6", value: (w) => w.jobs_out },
      ]}
      note="In: jobs by booked-in date. Out: collected jobs by finish date (the jobflowreport)."
    />
  );
}

/** /jobs (002 §2 Jobs list): view, workshop tab, department, search, column filters and page, all in the URL. */
export function JobsListPage() {
  const navigate = useNavigate();
  // The list and the calls below are the route's too (queries.ts): started with the identity check.
  const list = useListController<Job>(JOBS_LIST);
  const view = list.filters.view ?? DEFAULT_VIEW;
  const ws = list.filters.ws ?? "all";
  const options = filterOptions(list.results, list.filters);
  const department = list.filters.department;
  const counts = useGet<Record<string, number>>(workshopQuery.jobStatusCount(ws, department), { errorMessage: "An error occurred!" });
  const tabs = useGet<ApiPage<ApiRecord & { display_name: string }>>(workshopQuery.jobTabs(), { errorMessage: "An error occurred!" });
  const columns = columnsFor(view, list, options);
  const count = (v: string) => counts.data?.[v];
  const printQuery = new URLSearchParams(Object.entries({ ...list.filters, view, ws, search: list.search }).filter((e): e is [string, string] => !!e[1])).toString();

  return (
    <Page
      title="Jobs"
      actions={
        <Group gap="xs">
          <Button component={Link} to="/editjob">
            New Job
          </Button>
          <Button component={Link} to="/partenquiry" variant="light">
            New Part Enquiry
          </Button>
          <Button component={Link} to="/defect" variant="light" color="orange">
            New Defect
          </Button>
        </Group>
      }
    >
      <ListToolbar>
        <ListSearch list={list} placeholder="Job no., registration or customer" />
        <ListDepartmentFilter list={list} errorMessage="An error occurred!" />
        {view === "wash" && <DateField label="Wash list date" size="xs" w={150} value={list.filters.date ?? ""} onChange={(v) => list.setFilter("date", v || null)} />}
        <Button size="xs" variant="default" component={Link} to={`/printjobs?${printQuery}&sheet=${view === "wash" ? "wash" : "list"}`}>
          {view === "wash" ? "Print Wash List" : "Print Job List"}
        </Button>
      </ListToolbar>
      <ListTabs
        list={list}
        param="ws"
        label="Workshop tabs"
        variant="tabs"
        tabs={[
          { value: "all", label: "ALL" },
          { value: "quote", label: "QUOTE JOBS" },
          { value: "external", label: "EXTERNAL" },
          ...(tabs.data?.results ?? []).map((c) => ({ value: String(c.id), label: c.display_name })),
        ]}
      />
      <ListTabs
        list={list}
        param="view"
        label="Job views"
        variant="pills"
        defaultValue={DEFAULT_VIEW}
        resets={(v) => (v === "wash" ? [] : ["date"])}
        tabs={JOB_VIEWS.map((v) => ({ value: v.value, label: count(v.value) === undefined ? v.label : `${v.label} (${count(v.value)})` }))}
      />
      <Stack gap="xs">
        <ListTable<Job>
          label="Jobs"
          pin={{ start: 2, end: 1 }}
          loading={list.isLoading}
          error={list.isError}
          rows={list.results}
          empty="No jobs in this view."
          columns={columns}
          renderRow={(j) => (
            <tr key={j.id} style={{ cursor: "pointer" }} onClick={() => navigate(`/editjob/${j.id}`)} data-job={j.id}>
              {columns.map((c) => (
                <td key={c.key}>{c.render ? c.render(j) : String(j[c.key] ?? "")}</td>
              ))}
            </tr>
          )}
        />
        <ListPager list={list} noun={["job", "jobs"]} />
        <JobFlowChart department={department} />
        {view === "wash" && !list.filters.date && (
          <Text size="xs" c="dimmed">
            Every job waiting for a wash; choose a wash list date to see one workshop day ({formatDate(todayIso())} is today).
          </Text>
        )}
      </Stack>
    </Page>
  );
}
