import { Anchor, Button, Fieldset, Group, Stack, Text } from "@mantine/core";
import { FiguresTable } from "../../platform/FiguresTable";
import type { MotTestRecord } from "../../../../core/fleet/types";
import { Link } from "react-router-dom";
import { milesOf } from "../../../../core/fleet/registration-rules";
import { useApiGet, useApiMutation, useList, type ApiRecord, type Page } from "../../platform/api";
import { formatDate } from "../../platform/format";
import { ResolveWarningButton, WarningBadge, type WarningRow } from "../compliance/warnings";
import { MotTestsTable, type MotTestLine } from "../shared/registration";

/**
 * The vehicle's MOT history and compliance warnings on its edit screen
 * (issue 25; docs/compliance.md): the stored tests (one record each), the
 * odometer readings as a small chart with the figures beside it as a table,
 * each advisory with Make defect (a workshop defect through POST
 * createdefect, then linked to the advisory), and the warnings the fleet
 * check recorded for the vehicle.
 */

/** An MOT test as GET vehiclemothistory answers it: the stored record's own type (core/fleet/types.ts). */
type MotTestRow = ApiRecord & MotTestRecord;

/** The readings as an inline SVG line (oldest left), labelled for screen readers; the table beside carries the figures. */
export function OdometerChart({ points }: { points: Array<{ date: string; miles: number }> }) {
  if (points.length < 2) return null;
  const w = 320;
  const h = 120;
  const pad = 24;
  const max = Math.max(...points.map((p) => p.miles), 1);
  const x = (i: number) => pad + (i * (w - 2 * pad)) / (points.length - 1);
  const y = (m: number) => h - pad - (m / max) * (h - 2 * pad);
  const line = points.map((p, i) => `${i ? "L" : "M"}${Math.round(x(i) * 10) / 10},${Math.round(y(p.miles) * 10) / 10}`).join(" ");
  return (
    <svg width={w} height={h} role="img" aria-label={`Odometer readings from ${formatDate(points[0].date)} to ${formatDate(points.at(-1)!.date)}, ${points[0].miles} to ${points.at(-1)!.miles} miles`} data-testid="odometer-chart">
      <line x1={pad} y1={h - pad} x2={w - pad} y2={h - pad} stroke="currentColor" strokeOpacity={0.3} />
      <path d={line} fill="none" stroke="var(--mantine-color-blue-6)" strokeWidth={2} />
      {points.map((p, i) => (
        <circle key={p.date} cx={x(i)} cy={y(p.miles)} r={3} fill="var(--mantine-color-blue-6)">
          <title>{`${formatDate(p.date)}: ${p.miles} miles`}</title>
        </circle>
      ))}
    </svg>
  );
}

export function MotHistorySection({ vehicle }: { vehicle: ApiRecord }) {
  const id = vehicle.id;
  const history = useApiGet<Page<MotTestRow>>(`vehiclemothistory/${id}`);
  // The vehicle's open warnings (a vehicle has few: one page), each with Resolve.
  const warnings = useList<WarningRow>("compliance", { vehicle: id, page_size: 100 });
  const refresh = useApiMutation<undefined>("POST", `vehiclemothistory/${id}`, { invalidates: ["vehiclemothistory"], successMessage: "MOT history read" });
  const createDefect = useApiMutation<Record<string, unknown>, ApiRecord>("POST", "createdefect", { invalidates: ["jobs"] });
  const link = useApiMutation<{ test: number; index: number; job: number }>("PUT", (b) => `mottests/${b.test}/defect`, { invalidates: ["vehiclemothistory"], successMessage: "Defect made on the workshop board" });
  const tests = history.data?.results ?? [];
  const points = [...tests]
    .reverse()
    .map((t) => ({ date: t.completed_date.slice(0, 10), miles: milesOf({ odometerValue: t.odometer_value ?? null, odometerUnit: t.odometer_unit ?? null, odometerResultType: t.odometer_result_type }) }))
    .filter((p): p is { date: string; miles: number } => p.miles !== null);
  const department = (vehicle.department as { id?: number } | null)?.id ?? null;

  const makeDefect = async (t: MotTestRow, index: number) => {
    const d = t.defects[index];
    try {
      const job = await createDefect.mutateAsync({ vehicle: id, department, defect_description: `MOT advisory (test ${t.mot_test_number}, ${formatDate(t.completed_date.slice(0, 10))}): ${d.text}` });
      await link.mutateAsync({ test: t.id, index, job: job.id });
    } catch {
      // The mutation's own error toast has said why (e.g. the vehicle has no department).
    }
  };

  return (
    <Fieldset legend="MOT history and compliance" variant="filled" p="sm">
      <Stack gap="sm">
        {(warnings.data?.results.length ?? 0) > 0 && (
          <Stack gap={4} role="list" aria-label="Compliance warnings">
            {warnings.data!.results.map((w) => (
              <Group key={w.id} gap="xs" role="listitem">
                <WarningBadge kind={w.kind} />
                <Text size="sm">
                  {w.message} ({formatDate(w.date)}, {w.source})
                </Text>
                <ResolveWarningButton w={w} />
              </Group>
            ))}
          </Stack>
        )}
        <Group>
          <Button size="xs" variant="light" loading={refresh.isPending} onClick={() => refresh.mutate(undefined)}>
            Read MOT history
          </Button>
          {!tests.length && !history.isLoading && <Text size="sm">No MOT tests stored yet.</Text>}
        </Group>
        {tests.length > 0 && (
          <Group align="flex-start" gap="lg">
            <OdometerChart points={points} />
            <FiguresTable
              withTableBorder
              w="auto"
              label="Odometer readings"
              rows={points}
              rowKey={(p) => p.date}
              columns={[
                { key: "date", header: "Date", cell: (p) => formatDate(p.date) },
                { key: "miles", header: "Miles", cell: (p) => p.miles },
              ]}
            />
          </Group>
        )}
        {tests.length > 0 && (
          <MotTestsTable
            tests={tests.map((t): MotTestLine => ({ key: t.id, date: t.completed_date, result: t.test_result, expiry: t.expiry_date ?? null, odometer: t.odometer_value === null || t.odometer_value === undefined ? null : { value: t.odometer_value, unit: t.odometer_unit ?? null }, defects: t.defects }))}
            defectAction={(line, i) => {
              const t = tests.find((x) => x.id === line.key)!;
              const d = t.defects[i];
              if (d.type !== "ADVISORY") return null;
              const job = t.defect_jobs?.[String(i)];
              return job ? (
                <Anchor component={Link} to={`/editjob/${job}`} size="sm">
                  Defect {job}
                </Anchor>
              ) : (
                <Button size="compact-xs" variant="light" aria-label={`Make defect: ${d.text}`} loading={createDefect.isPending || link.isPending} onClick={() => void makeDefect(t, i)}>
                  Make defect
                </Button>
              );
            }}
          />
        )}
      </Stack>
    </Fieldset>
  );
}
