import { Anchor, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router-dom";
import { api, keys, type Page as ApiPage } from "../platform/api";
import { formatDate } from "../platform/format";
import { Loading } from "../platform/Loading";
import { Page } from "../platform/page";
import { PrintDocument, padRows } from "../platform/print";
import { JOB_VIEWS, PRINT_PARAMS } from "./JobsListPage";
import { jobStatusLabel, makeOf, modelOf, nameOf, registrationOf, type Job } from "./jobFormat";

/** Every row of a view: its pages of 25 one after another (a print is the whole view, not the page on screen). */
async function allJobs(params: Record<string, string>): Promise<Job[]> {
  const out: Job[] = [];
  for (let page = 1; page <= 200; page++) {
    const answer = await api<ApiPage<Job>>("GET", "jobs", { query: { ...params, page } });
    out.push(...answer.results);
    if (out.length >= answer.count || answer.results.length === 0) break;
  }
  return out;
}

/** /printjobs?view=&ws=&...&sheet=list|wash: Print Job List and Print Wash List (002 §2; the wash list padded to 15 rows). */
export function PrintJobsPage() {
  const [sp] = useSearchParams();
  const wash = sp.get("sheet") === "wash";
  const params = Object.fromEntries(PRINT_PARAMS.map((p) => [p, sp.get(p) ?? ""]).filter(([, v]) => v));
  const q = useQuery({ queryKey: keys.get("jobs", "print", params), queryFn: () => allJobs(params), meta: { errorMessage: "An error occurred!" } });
  const viewLabel = JOB_VIEWS.find((v) => v.value === (params.view ?? "started"))?.label ?? "Jobs";
  const title = wash ? "Wash List" : "Job List";
  const back = `/jobs?${new URLSearchParams(params).toString()}`;
  return (
    <Page title={title} actions={<Anchor component={Link} to={back}>Back to the jobs</Anchor>}>
      {q.isLoading ? (
        <Loading />
      ) : !q.data ? (
        <Text c="red">The list could not be loaded.</Text>
      ) : wash ? (
        <PrintDocument title="Wash List">
          <h1>Wash List{params.date ? ` — ${formatDate(params.date)}` : ""}</h1>
          <table className="print-grid" aria-label="Wash list">
            <thead>
              <tr>
                <th>Job No.</th>
                <th>Registration</th>
                <th>Make / Model</th>
                <th>Workshop Date</th>
                <th>Customer</th>
                <th>Wash Completed</th>
              </tr>
            </thead>
            <tbody>
              {padRows(q.data, 15).map((j, i) => (
                <tr key={j?.id ?? `blank-${i}`} data-blank={j ? undefined : "true"}>
                  <td>{j?.id ?? "\u00a0"}</td>
                  <td>{j ? registrationOf(j) : ""}</td>
                  <td>{j ? `${makeOf(j)} ${modelOf(j)}` : ""}</td>
                  <td>{j ? formatDate(j.workshop_date) : ""}</td>
                  <td>{j ? nameOf(j.customer) : ""}</td>
                  <td>{j?.wash_complete ? "Yes" : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </PrintDocument>
      ) : (
        <PrintDocument title="Job List" orientation="landscape">
          <h1>Job List — {viewLabel}</h1>
          <table className="print-grid" aria-label="Job list">
            <thead>
              <tr>
                <th>Job No.</th>
                <th>Registration</th>
                <th>Description</th>
                <th>Customer</th>
                <th>Customer2</th>
                <th>Make / Model</th>
                <th>Status</th>
                <th>Workshop Date</th>
                <th>Book In Date</th>
                <th>Workshop</th>
              </tr>
            </thead>
            <tbody>
              {q.data.map((j) => (
                <tr key={j.id}>
                  <td>{j.id}</td>
                  <td>{registrationOf(j)}</td>
                  <td>{j.job_description || j.defect_description || j.enquiry_description || ""}</td>
                  <td>{nameOf(j.customer)}</td>
                  <td>{nameOf(j.customer2)}</td>
                  <td>
                    {makeOf(j)} {modelOf(j)}
                  </td>
                  <td>{jobStatusLabel(j)}</td>
                  <td>{formatDate(j.workshop_date)}</td>
                  <td>{formatDate(j.book_in_date)}</td>
                  <td>{nameOf(j.workshop)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Text size="xs">{q.data.length} jobs</Text>
        </PrintDocument>
      )}
    </Page>
  );
}
