import { Alert, Button, Group, Loader, Modal, NativeSelect, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { FIRST_REPORT_YEAR } from "../../../core/agreements/rules";
import { downloadFile, useList, type ApiRecord } from "../platform/api";
import { todayIso } from "../platform/format";
import { Page } from "../platform/page";
import { useUrlParams } from "../platform/url";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

type ReportDef = { name: string; title: string; about: string; month?: boolean };

/**
 * The sections of /reports (003 §2 Reports) built so far: the finance
 * reports that read agreements and the CAP report. Later issues add the
 * date-range, vehicle details, parts, contacts, quotes and payment type
 * sections to this same screen.
 */
const SECTIONS: Array<{ title: string; reports: ReportDef[] }> = [
  {
    title: "Monthly finance reports",
    reports: [
      { name: "monthlyfinancehpinterestreport", title: "Monthly HP interest (Fixed Rate)", about: "Interest in each month's instalments, APR, remaining capital", month: true },
      { name: "financevariablerateinterestreport", title: "Variable Rate interest", about: "Interest each month on the capital outstanding", month: true },
      { name: "financestockingplaninterestreport", title: "Stocking plan interest", about: "Daily interest on the capital outstanding, by month", month: true },
      { name: "leaseagreementreport", title: "Lease agreements", about: "Interest by month, remaining balance and capital", month: true },
      { name: "financehireagreementreport", title: "Hire agreements", about: "Days on hire x daily rate, by month", month: true },
      { name: "financedepreciationreport", title: "Depreciation", about: "Book value at the start and end of the year, depreciation in the year" },
      { name: "financegrantreport", title: "Grant finance", about: "Grant-financed vehicles: price, grant, net cost, book value" },
      { name: "fleetvaluereport", title: "Fleet value", about: "Estimated value, remaining capital and equity of the fleet" },
      { name: "vehiclevatreport", title: "Vehicle VAT", about: "VAT on vehicle purchases and sales", month: true },
    ],
  },
  { title: "CAP reports", reports: [{ name: "capdetailreport", title: "CAP details", about: "CAP values against book value, vehicle by vehicle" }] },
];

function ReportRow({ report, department, onRun }: { report: ReportDef; department: string; onRun: (path: string, fallback: string) => void }) {
  const thisYear = Number(todayIso().slice(0, 4));
  const [year, setYear] = useState(String(thisYear));
  const [month, setMonth] = useState("");
  const years = Array.from({ length: thisYear - FIRST_REPORT_YEAR + 1 }, (_, i) => String(thisYear - i));
  const run = () => {
    const q = new URLSearchParams({ year });
    if (month) q.set("month", month);
    if (department !== "ALL") q.set("department", department);
    onRun(`report/${report.name}?${q}`, `${report.name}-${year}.csv`);
  };
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600} size="sm">
          {report.title}
        </Text>
        <Text size="xs" c="dimmed">
          {report.about}
        </Text>
      </Table.Td>
      <Table.Td>
        <NativeSelect size="xs" aria-label={`${report.title} year`} value={year} onChange={(e) => setYear(e.currentTarget.value)} data={years} />
      </Table.Td>
      <Table.Td>
        {report.month && (
          <NativeSelect
            size="xs"
            aria-label={`${report.title} month`}
            value={month}
            onChange={(e) => setMonth(e.currentTarget.value)}
            data={[{ value: "", label: "Whole year" }, ...MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))]}
          />
        )}
      </Table.Td>
      <Table.Td>
        <Button size="compact-sm" onClick={run} aria-label={`Download ${report.title}`}>
          Download CSV
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** /reports (003 §2, §5, §7): department first, then each report with its year (and month); CSV downloads. */
export function ReportsPage() {
  const [sp, updateUrl] = useUrlParams();
  const department = sp.get("department") ?? "ALL";
  const departments = useList<ApiRecord & { name: string }>("departments", { page_size: 1000 });
  const [state, setState] = useState<"idle" | "preparing" | "error">("idle");
  const run = async (path: string, fallback: string) => {
    setState("preparing");
    try {
      await downloadFile(path, fallback);
      setState("idle");
    } catch {
      setState("error");
    }
  };
  return (
    <Page title="Reports">
      <Stack gap="md">
        <Paper withBorder p="sm">
          <NativeSelect
            label="Department"
            w={280}
            value={department}
            onChange={(e) => {
              const v = e.currentTarget.value;
              updateUrl((n) => (v === "ALL" ? n.delete("department") : n.set("department", v)));
            }}
            data={[{ value: "ALL", label: "All departments" }, ...(departments.data?.results ?? []).map((d) => ({ value: String(d.id), label: d.name }))]}
          />
        </Paper>
        {SECTIONS.map((s) => (
          <Paper withBorder p="sm" key={s.title} component="section" aria-label={s.title}>
            <Title order={2} size="h4" mb="xs">
              {s.title}
            </Title>
            <Table verticalSpacing={4}>
              <Table.Tbody>
                {s.reports.map((r) => (
                  <ReportRow key={r.name} report={r} department={department} onRun={(p, f) => void run(p, f)} />
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        ))}
        <Alert variant="light" title="More reports">
          Date-range, vehicle details, parts, contacts, quotes and payment type reports join this screen with the workshop, parts and accounts screens.
        </Alert>
      </Stack>
      <Modal opened={state === "preparing"} onClose={() => undefined} withCloseButton={false} centered title="Reports">
        <Group gap="sm">
          <Loader size="sm" />
          <Text>Preparing Report</Text>
        </Group>
      </Modal>
      <Modal opened={state === "error"} onClose={() => setState("idle")} centered title="An Error has occured!">
        <Text>An error occured while preparing your report</Text>
      </Modal>
    </Page>
  );
}
