import { Anchor, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { DUE_KINDS, OVERDUE_KINDS, WARNING_KINDS, WARNING_LABELS, type WarningKind } from "../../../core/fleet/registration-rules";
import { useGet, type ApiRecord, type Page } from "../platform/api";
import { dashboardQuery } from "./queries";
import { formatDate, formatDateTime } from "../platform/format";

type Summary = { counts: Record<WarningKind, number>; last_run: (ApiRecord & { finished_at: string; checked: number; stopped: string | null; message: string | null }) | null; set_up: { dvla: boolean; dvsa: boolean } };

/**
 * The home page's compliance panel (issue 25; docs/compliance.md): how many
 * MOT and tax dates are overdue or due within 30 days, the other warnings,
 * the latest ones with vehicle, date and source, and the last fleet check.
 */
export function CompliancePanel() {
  const summary = useGet<Summary>(dashboardQuery.complianceSummary());
  const latest = useGet<Page<ApiRecord>>(dashboardQuery.complianceLatest());
  const counts = summary.data?.counts;
  const sum = (kinds: readonly WarningKind[]) => kinds.reduce((n, k) => n + (counts?.[k] ?? 0), 0);
  const others = WARNING_KINDS.filter((k) => !OVERDUE_KINDS.includes(k) && !DUE_KINDS.includes(k));
  const run = summary.data?.last_run;
  return (
    <Paper withBorder p="sm" component="section" aria-label="Compliance panel">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          Compliance
        </Title>
        <Anchor component={Link} to="/compliance" size="sm">
          All compliance warnings
        </Anchor>
      </Group>
      <Stack gap={4}>
        <Group gap="lg">
          <Text size="sm">
            Overdue: <strong data-testid="compliance-overdue">{sum(OVERDUE_KINDS)}</strong>
          </Text>
          <Text size="sm">
            Due within 30 days: <strong data-testid="compliance-due">{sum(DUE_KINDS)}</strong>
          </Text>
          <Text size="sm">
            Warnings: <strong data-testid="compliance-warnings">{sum(others)}</strong>
          </Text>
        </Group>
        {summary.data && !summary.data.set_up.dvla && !summary.data.set_up.dvsa && (
          <Text size="sm" c="dimmed">
            DVLA and DVSA look-ups are not set up: the nightly check reads nothing (docs/compliance.md "Configuration").
          </Text>
        )}
        {(latest.data?.results.length ?? 0) > 0 && (
          <Table fz="sm" aria-label="Latest compliance warnings">
            <Table.Tbody>
              {latest.data!.results.map((w) => (
                <Table.Tr key={w.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/editvehicle/${String(w.vehicle)}`} size="sm">
                      {String(w.registration)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{WARNING_LABELS[w.kind as WarningKind]}</Table.Td>
                  <Table.Td>{formatDate(w.date)}</Table.Td>
                  <Table.Td>{String(w.source)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {run && (
          <Text size="xs" c="dimmed">
            Last fleet check {formatDateTime(run.finished_at)}: {run.checked} vehicles read{run.message ? `; ${run.message}` : ""}.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
