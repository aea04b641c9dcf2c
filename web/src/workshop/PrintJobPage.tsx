import { Anchor, Button, Text } from "@mantine/core";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { useOne } from "../platform/api";
import { formatDate, formatMoney } from "../platform/format";
import { Loading } from "../platform/Loading";
import { Page } from "../platform/page";
import { FactTable, PrintDocument, SignatureLines, padRows } from "../platform/print";
import { makeOf, modelOf, nameOf, registrationOf, type Job } from "./jobFormat";
import { jobTotals } from "../../../core/workshop/costs";
import type { JobContactBrief, WorkItemAnswer } from "../../../core/workshop/types";

const workItemsOf = (j: Job): WorkItemAnswer[] => (Array.isArray(j.work_items) ? j.work_items : []);
const partsOf = (j: Job): WorkItemAnswer["parts"] => workItemsOf(j).flatMap((w) => (Array.isArray(w.parts) ? w.parts : []));

/**
 * Workshop job sheet (002 §2, landscape A4): title with workshop,
 * registration/VIN and workshop date; customers, job id, make and model;
 * the parts picklist padded to 15 rows; the items padded to 10 with done,
 * not done and QC columns; dates, variant, costs, first registration, key
 * number, description, latest comment, history; blank fitter and mileage
 * boxes for the workshop to fill in.
 */
export function WorkshopJobSheet({ job }: { job: Job }) {
  const v: Partial<NonNullable<Job["vehicle"]>> = job.vehicle ?? {};
  const figures = jobTotals(job);
  return (
    <>
      <h1>
        {nameOf(job.workshop) || "Workshop"} — {registrationOf(job)}
        {v.vin_number ? ` / ${v.vin_number}` : ""} — Workshop date {formatDate(job.workshop_date)}
      </h1>
      <table className="print-grid" aria-label="Job details">
        <tbody>
          <tr>
            <th>Job No.</th>
            <td>{job.id}</td>
            <th>Customer</th>
            <td>{nameOf(job.customer)}</td>
            <th>Customer 2</th>
            <td>{nameOf(job.customer2)}</td>
          </tr>
          <tr>
            <th>Make / Model</th>
            <td>
              {makeOf(job)} {modelOf(job)}
            </td>
            <th>Variant</th>
            <td>{v.variant ?? ""}</td>
            <th>Booked In</th>
            <td>{formatDate(job.book_in_date)}</td>
          </tr>
          <tr>
            <th>First Registration</th>
            <td>{formatDate(v.first_registration_date)}</td>
            <th>Key Number</th>
            <td>{nameOf(v.key, "key_number")}</td>
            <th>Total Cost</th>
            <td>{formatMoney(figures.total_cost)}</td>
          </tr>
          <tr>
            <th>Labour Cost</th>
            <td>{formatMoney(figures.labour_cost_total)}</td>
            <th>Part Cost</th>
            <td>{formatMoney(figures.parts_cost_total)}</td>
            <th>Fitter</th>
            <td className="print-box" aria-label="Fitter box"></td>
          </tr>
          <tr>
            <th>Mileage</th>
            <td className="print-box" aria-label="Mileage box"></td>
            <th>Job Description</th>
            <td colSpan={3}>{job.job_description ?? ""}</td>
          </tr>
          <tr>
            <th>Latest Comment</th>
            <td colSpan={5}>{job.latest_comment ?? ""}</td>
          </tr>
          <tr>
            <th>History</th>
            <td colSpan={5} style={{ whiteSpace: "pre-wrap" }}>
              {job.history ?? ""}
            </td>
          </tr>
        </tbody>
      </table>
      <div style={{ display: "grid", gridTemplateColumns: "1fr 1.4fr", gap: "4mm" }}>
        <table className="print-grid" aria-label="Parts picklist">
          <thead>
            <tr>
              <th>Part</th>
              <th>Part Number</th>
              <th>Supplier</th>
              <th>Picked</th>
            </tr>
          </thead>
          <tbody>
            {padRows(partsOf(job), 15).map((p, i) => (
              <tr key={i} data-blank={p ? undefined : "true"}>
                <td>{p?.name ?? "\u00a0"}</td>
                <td>{p?.part_number ?? ""}</td>
                <td>{p ? nameOf(p.supplier) : ""}</td>
                <td></td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="print-grid" aria-label="Work items">
          <thead>
            <tr>
              <th>Work Item</th>
              <th>Done</th>
              <th>Not Done</th>
              <th>QC</th>
            </tr>
          </thead>
          <tbody>
            {padRows(workItemsOf(job), 10).map((w, i) => (
              <tr key={i} data-blank={w ? undefined : "true"}>
                <td>{w?.description ?? "\u00a0"}</td>
                <td></td>
                <td></td>
                <td></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The van outline the driver and workshop mark damage on: top, sides, front and back. */
function DamageDiagram() {
  const box = (x: number, y: number, w: number, h: number, label: string) => (
    <g key={label}>
      <rect x={x} y={y} width={w} height={h} rx={6} fill="none" stroke="#000" strokeWidth={1} />
      <text x={x + w / 2} y={y + h + 12} fontSize={9} textAnchor="middle">
        {label}
      </text>
    </g>
  );
  return (
    <svg viewBox="0 0 520 170" width="100%" className="print-figure" role="img" aria-label="Damage diagram">
      {box(10, 20, 150, 60, "Left side")}
      {box(180, 20, 150, 60, "Right side")}
      {box(350, 10, 70, 80, "Front")}
      {box(440, 10, 70, 80, "Back")}
      {box(120, 105, 280, 45, "Roof")}
      <circle cx={45} cy={82} r={10} fill="none" stroke="#000" />
      <circle cx={125} cy={82} r={10} fill="none" stroke="#000" />
      <circle cx={215} cy={82} r={10} fill="none" stroke="#000" />
      <circle cx={295} cy={82} r={10} fill="none" stroke="#000" />
    </svg>
  );
}

/**
 * Vehicle check-in sheet (002 §2, portrait A4): vehicle and customer
 * details (customer 2's when there is one, else customer 1's), the work
 * items as instructions, workshop date, drop-off and collection ETA, the
 * damage diagram, the terms block and signature boxes.
 */
export function CheckInSheet({ job }: { job: Job }) {
  const v: Partial<NonNullable<Job["vehicle"]>> = job.vehicle ?? {};
  const c: Partial<JobContactBrief> = job.customer2 ?? job.customer ?? {};
  return (
    <>
      <h1>Vehicle Check-In — {registrationOf(job)}</h1>
      <FactTable
        label="Vehicle"
        rows={[
          ["Job No.", job.id],
          ["Registration", registrationOf(job)],
          ["Make / Model", `${makeOf(job)} ${modelOf(job)}`],
          ["VIN", v.vin_number ?? ""],
          ["Workshop date", formatDate(job.workshop_date)],
          ["Drop-off ETA", job.drop_off_eta ? String(job.drop_off_eta).replace("T", " ").slice(0, 16) : ""],
          ["Collection ETA", job.collection_eta ? String(job.collection_eta).replace("T", " ").slice(0, 16) : ""],
        ]}
      />
      <h2>Customer</h2>
      <FactTable
        label="Customer"
        rows={[
          ["Name", nameOf(c)],
          ["Address", [c.address_line1, c.town].filter(Boolean).join(", ")],
          ["Postcode", c.postcode ?? ""],
          ["Phone", c.company_phone ?? ""],
          ["Email", c.email ?? c.company_email ?? ""],
        ]}
      />
      <h2>Instructions</h2>
      <ol aria-label="Instructions">
        {workItemsOf(job).map((w, i) => (
          <li key={w.id ?? i}>{w.description}</li>
        ))}
      </ol>
      <h2>Damage</h2>
      <DamageDiagram />
      <h2>Terms</h2>
      <p aria-label="Terms">
        All charges exclude VAT at 20%. The vehicle is left at the owner's risk. Work beyond the instructions above is carried out only with the customer's agreement. Vehicles are released once all charges have been paid.
      </p>
      <h2>Customer</h2>
      <SignatureLines />
      <h2>Workshop</h2>
      <SignatureLines />
    </>
  );
}

/** /printjob/{id}?sheet=workshop|checkin: the job's print views (Print button on the jobs list and the job card). */
export function PrintJobPage() {
  const { job: id } = useParams();
  const [sp] = useSearchParams();
  const sheet = sp.get("sheet") === "checkin" ? "checkin" : "workshop";
  const q = useOne<Job>("jobs", id ?? null, { errorMessage: "An error occurred!" });
  const title = sheet === "checkin" ? "Vehicle Check-In Sheet" : "Workshop Job Sheet";
  return (
    <Page title={`${title} ${id ?? ""}`} actions={<Anchor component={Link} to={`/editjob/${id}`}>Back to the job</Anchor>}>
      {q.isLoading ? (
        <Loading />
      ) : !q.data ? (
        <Text c="red">This job could not be loaded.</Text>
      ) : (
        <PrintDocument
          title={title}
          orientation={sheet === "checkin" ? "portrait" : "landscape"}
          actions={
            <Button variant="default" component={Link} to={`/printjob/${id}?sheet=${sheet === "checkin" ? "workshop" : "checkin"}`}>
              {sheet === "checkin" ? "Workshop Job Sheet" : "Vehicle Check-In Sheet"}
            </Button>
          }
        >
          {sheet === "checkin" ? <CheckInSheet job={q.data} /> : <WorkshopJobSheet job={q.data} />}
        </PrintDocument>
      )}
    </Page>
  );
}
