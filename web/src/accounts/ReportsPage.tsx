import type { InspectionTypeRecord } from "../../../core/settings/types";
import { Button, Group, Loader, Modal, NativeSelect, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { PAYMENT_TYPES } from "../../../core/accounts/payment-definitions";
import { FIRST_REPORT_YEAR } from "../../../core/agreements/rules";
import { REPORT_MESSAGES } from "../../../core/platform/report-messages";
import { api, saveLink, useApiMutation, useList } from "../platform/api";
import { DepartmentSelect } from "../platform/list";
import { DateField } from "../platform/form/DateField";
import { todayIso } from "../platform/format";
import { Page } from "../platform/page";
import { useUrlParams } from "../platform/url";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * What a report asks for on screen: a year (optionally a month), a date
 * range (optionally an inspection type), a range and a payment type, or
 * nothing. The server refuses missing inputs with the same messages.
 */
type Inputs = "year" | "yearMonth" | "range" | "rangeInspectionType" | "rangePaymentType" | "none";
type ReportDef = { name: string; title: string; about: string; inputs: Inputs };

/** The sections of /reports in the order of 003 §2 Reports; docs/reports.md lists every column. */
const SECTIONS: Array<{ title: string; reports: ReportDef[] }> = [
  {
    title: "Date-range reports",
    reports: [{ name: "inspectionreport", title: "Inspections due", about: "Inspections expiring between the dates, optionally of one type", inputs: "rangeInspectionType" }],
  },
  {
    title: "Monthly finance reports",
    reports: [
      { name: "monthlyfinancehpinterestreport", title: "Monthly HP interest (Fixed Rate)", about: "Interest in each month's instalments, APR, remaining capital", inputs: "yearMonth" },
      { name: "financevariablerateinterestreport", title: "Variable Rate interest", about: "Interest each month on the capital outstanding", inputs: "yearMonth" },
      { name: "financestockingplaninterestreport", title: "Stocking plan interest", about: "Daily interest on the capital outstanding, by month", inputs: "yearMonth" },
      { name: "leaseagreementreport", title: "Lease agreements", about: "Interest by month, remaining balance and capital", inputs: "yearMonth" },
      { name: "financehireagreementreport", title: "Hire agreements", about: "Days on hire x daily rate, by month", inputs: "yearMonth" },
      { name: "financedepreciationreport", title: "Depreciation", about: "Book value at the start and end of the year, depreciation in the year", inputs: "year" },
      { name: "financegrantreport", title: "Grant finance", about: "Grant-financed vehicles: price, grant, net cost, book value", inputs: "year" },
      { name: "fleetvaluereport", title: "Fleet value", about: "Estimated value, remaining capital and equity of the fleet", inputs: "year" },
      { name: "vehiclevatreport", title: "Vehicle VAT", about: "VAT on vehicle purchases and sales", inputs: "yearMonth" },
    ],
  },
  {
    title: "Vehicle details",
    reports: [
      { name: "vehiclereport", title: "Vehicle details", about: "Every vehicle of the department's fleet with its details", inputs: "none" },
      { name: "fleetleague", title: "Fleet league table", about: "Every vehicle's profit to date, utilisation and cost per mile, best first (docs/finance.md)", inputs: "none" },
    ],
  },
  { title: "Compliance", reports: [{ name: "compliancereport", title: "Compliance warnings", about: "MOT and tax due or expired, failed MOTs, advisories, mileage warnings, SORN and export, newest first", inputs: "none" }] },
  { title: "CAP reports", reports: [{ name: "capdetailreport", title: "CAP details", about: "CAP values against book value, vehicle by vehicle", inputs: "year" }] },
  { title: "Parts", reports: [{ name: "partlookupreport", title: "Part stock", about: "The part catalogue with suppliers, prices and stock", inputs: "none" }] },
  { title: "Contacts", reports: [{ name: "contactreport", title: "Contacts", about: "Every customer and supplier with their details and credit limits", inputs: "none" }] },
  { title: "Quotes", reports: [{ name: "quotereport", title: "Quotes", about: "Quotes created in the year or month, with their estimates", inputs: "yearMonth" }] },
  {
    // Issue 27: the figures of the dashboard's and the workshop board's charts, week by week (docs/charts.md).
    title: "Weekly figures (the charts)",
    reports: [
      { name: "weeklyhirereport", title: "Weekly hire income and utilisation", about: "Rental income, weekly target, vehicle-days on hire and on fleet, utilisation, by Monday-Sunday week", inputs: "yearMonth" },
      { name: "jobflowreport", title: "Workshop jobs in and out", about: "Jobs booked in and jobs collected, by Monday-Sunday week", inputs: "yearMonth" },
    ],
  },
  { title: "Payment types", reports: [{ name: "paymenttypereport", title: "Payments by type", about: "Payments of one type due between the dates", inputs: "rangePaymentType" }] },
];

/** What a report row asks for before it runs: the spec's message when an input is missing (003 §5), else the query. */
function queryOf(report: ReportDef, v: { year: string; month: string; start: string; end: string; type: string }): URLSearchParams | string {
  const q = new URLSearchParams();
  if (report.inputs === "year" || report.inputs === "yearMonth") {
    q.set("year", v.year);
    if (report.inputs === "yearMonth" && v.month) q.set("month", v.month);
  }
  if (report.inputs === "range" || report.inputs === "rangeInspectionType" || report.inputs === "rangePaymentType") {
    const rangeOk = !!v.start && !!v.end && v.start <= v.end;
    if (report.inputs === "rangePaymentType" && (!rangeOk || !v.type)) return REPORT_MESSAGES.rangeAndType;
    if (!rangeOk) return REPORT_MESSAGES.range;
    q.set("start", v.start);
    q.set("end", v.end);
    if (v.type) q.set(report.inputs === "rangePaymentType" ? "paymentType" : "type", v.type);
  }
  return q;
}

function ReportRow({ report, department, onRun }: { report: ReportDef; department: string; onRun: (name: string, query: URLSearchParams) => void }) {
  const thisYear = Number(todayIso().slice(0, 4));
  const [v, setV] = useState({ year: String(thisYear), month: "", start: "", end: "", type: "" });
  const [problem, setProblem] = useState<string | null>(null);
  const set = (k: keyof typeof v) => (value: string) => {
    setProblem(null);
    setV((o) => ({ ...o, [k]: value }));
  };
  const years = Array.from({ length: thisYear - FIRST_REPORT_YEAR + 1 }, (_, i) => String(thisYear - i));
  const inspectionTypes = useList<InspectionTypeRecord>("inspectiontype", { page_size: 100 }, { enabled: report.inputs === "rangeInspectionType" });
  const run = () => {
    const q = queryOf(report, v);
    if (typeof q === "string") return setProblem(q);
    if (department !== "ALL") q.set("department", department);
    onRun(report.name, q);
  };
  const ranged = report.inputs.startsWith("range");
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600} size="sm">
          {report.title}
        </Text>
        <Text size="xs" c="dimmed">
          {report.about}
        </Text>
        {problem && (
          <Text size="xs" c="red" role="alert">
            {problem}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {(report.inputs === "year" || report.inputs === "yearMonth") && (
            <NativeSelect size="xs" aria-label={`${report.title} year`} value={v.year} onChange={(e) => set("year")(e.currentTarget.value)} data={years} />
          )}
          {report.inputs === "yearMonth" && (
            <NativeSelect
              size="xs"
              aria-label={`${report.title} month`}
              value={v.month}
              onChange={(e) => set("month")(e.currentTarget.value)}
              data={[{ value: "", label: "Whole year" }, ...MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))]}
            />
          )}
          {ranged && (
            <>
              <DateField size="xs" aria-label={`${report.title} start`} value={v.start} onChange={set("start")} />
              <DateField size="xs" aria-label={`${report.title} end`} value={v.end} onChange={set("end")} />
            </>
          )}
          {report.inputs === "rangeInspectionType" && (
            <NativeSelect
              size="xs"
              aria-label={`${report.title} type`}
              value={v.type}
              onChange={(e) => set("type")(e.currentTarget.value)}
              data={[{ value: "", label: "All types" }, ...(inspectionTypes.data?.results ?? []).map((t) => ({ value: String(t.id), label: t.inspection_type ?? "" }))]}
            />
          )}
          {report.inputs === "rangePaymentType" && (
            <NativeSelect
              size="xs"
              aria-label={`${report.title} payment type`}
              value={v.type}
              onChange={(e) => set("type")(e.currentTarget.value)}
              data={[{ value: "", label: "Payment type" }, ...PAYMENT_TYPES.map((t) => ({ value: t, label: t }))]}
            />
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Button size="compact-sm" onClick={run} aria-label={`Download ${report.title}`}>
          Download CSV
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

type ExportState = { id: string; status: "PREPARING" | "READY" | "FAILED"; rows: number; filename: string; url?: string };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));



/**
 * /reports (003 §2, §5, §7): department first, then each report with its
 * inputs. A report is prepared in the background on the server (any size),
 * the modal says 'Preparing Report' with the rows so far, and the file is
 * saved from storage when ready.
 */
export function ReportsPage() {
  const [sp, updateUrl] = useUrlParams();
  const department = sp.get("department") ?? "ALL";
  const [state, setState] = useState<{ kind: "idle" } | { kind: "preparing"; rows: number } | { kind: "error" }>({ kind: "idle" });
  // Preparing a report saves nothing: no toast; the modal tells how it went.
  const start = useApiMutation<{ name: string; query: URLSearchParams }, ExportState>("POST", (r) => `reportexport/${r.name}?${r.query}`, { quiet: true, send: () => undefined });
  const run = async (name: string, query: URLSearchParams) => {
    setState({ kind: "preparing", rows: 0 });
    try {
      let run = await start.mutateAsync({ name, query });
      while (run.status === "PREPARING") {
        await sleep(700);
        run = await api<ExportState>("GET", `reportexport/${run.id}`);
        setState({ kind: "preparing", rows: run.rows });
      }
      if (run.status !== "READY" || !run.url) throw new Error("not ready");
      saveLink(run.url, run.filename);
      setState({ kind: "idle" });
    } catch {
      setState({ kind: "error" });
    }
  };
  return (
    <Page
      title="Reports"
      actions={
        // The Xero push is watched beside the reports (issue 14: "under Settings or Reports, as fits the nav").
        <Button component={Link} to="/xero" size="xs" variant="light">
          Xero Sync
        </Button>
      }
    >
      <Stack gap="md">
        <Paper withBorder p="sm">
          <DepartmentSelect size="sm" w={280} all="ALL" value={department} onChange={(v) => updateUrl((n) => (v ? n.set("department", v) : n.delete("department")))} />
        </Paper>
        {SECTIONS.map((s) => (
          <Paper withBorder p="sm" key={s.title} component="section" aria-label={s.title}>
            <Title order={2} size="h4" mb="xs">
              {s.title}
            </Title>
            <Table verticalSpacing={4}>
              <Table.Tbody>
                {s.reports.map((r) => (
                  <ReportRow key={r.name} report={r} department={department} onRun={(n, q) => void run(n, q)} />
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        ))}
      </Stack>
      <Modal opened={state.kind === "preparing"} onClose={() => undefined} withCloseButton={false} centered title="Reports">
        <Group gap="sm">
          <Loader size="sm" />
          <Stack gap={0}>
            <Text>Preparing Report</Text>
            {state.kind === "preparing" && state.rows > 0 && (
              <Text size="sm" c="dimmed" data-testid="report-progress">
                {state.rows.toLocaleString("en-GB")} rows so far
              </Text>
            )}
          </Stack>
        </Group>
      </Modal>
      <Modal opened={state.kind === "error"} onClose={() => setState({ kind: "idle" })} centered title="An Error has occured!">
        <Text>An error occured while preparing your report</Text>
      </Modal>
    </Page>
  );
}
