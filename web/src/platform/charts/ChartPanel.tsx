import { Button, Group, Paper, Skeleton, Text, Title, VisuallyHidden } from "@mantine/core";
import { Suspense, useState } from "react";
import { formatDate, formatMoney, formatPercent } from "../format";
import { lazyPart } from "../lazyPart";
import { FiguresTable } from "../FiguresTable";

/**
 * The one chart pattern (issue 27, docs/charts.md): a titled panel with
 * the picture (@mantine/charts, loaded lazily: ChartDrawing.tsx) and the
 * same figures as a table, one row a week (DD/MM/YYYY, pounds through
 * formatMoney), for screen readers and for checking against the report.
 * The table is visually hidden until "Show figures" is pressed. The panel
 * keeps its height while the drawing loads, so nothing around it moves.
 */
export type ChartKind = "bar" | "line" | "composite";
export type ChartValueKind = "money" | "count" | "percent";
export type ChartSeriesSpec = { key: string; label: string; color: string; type?: "bar" | "line" };
export type ChartPoint = Record<string, string | number | null>;
type Period = { start: string };

const ChartDrawing = lazyPart(() => import("./ChartDrawing"), "ChartDrawing");

export function formatChartValue(kind: ChartValueKind, v: number | null | undefined): string {
  if (v === null || v === undefined) return "";
  if (kind === "money") return formatMoney(v);
  if (kind === "percent") return formatPercent(v);
  return String(v);
}

export function ChartPanel<T extends Period>({
  title,
  rows: given,
  series,
  kind,
  values,
  height = 150,
  loading,
  note,
  period = "week",
}: {
  title: string;
  /** The figures, one row a period, oldest first. */
  rows: T[] | undefined;
  series: Array<ChartSeriesSpec & { value: (w: T) => number | null }>;
  kind: ChartKind;
  values: ChartValueKind;
  height?: number;
  loading?: boolean;
  note?: string;
  /** What a row is: a week (its Monday, DD/MM/YYYY) or a month (its first day, MM/YYYY). */
  period?: "week" | "month";
}) {
  const [shown, setShown] = useState(false);
  const rows = given ?? [];
  const labelOf = (w: T) => (period === "month" ? formatDate(w.start).slice(3) : formatDate(w.start));
  const data: ChartPoint[] = rows.map((w) => ({ week: labelOf(w), ...Object.fromEntries(series.map((s) => [s.key, s.value(w)])) }));
  const table = (
    <FiguresTable
      label={`${title} figures`}
      fz="xs"
      withRowBorders={false}
      data-testid="chart-figures"
      rows={rows}
      rowKey={(w) => w.start}
      columns={[
        { key: "period", header: period === "month" ? "Month" : "Week commencing", cell: labelOf },
        ...series.map((s) => ({ key: s.key, header: s.label, figure: true, cell: (w: T) => formatChartValue(values, s.value(w)) })),
      ]}
    />
  );
  return (
    <Paper withBorder p="sm" component="section" aria-label={`${title} chart`}>
      <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
        <Title order={2} size="h5">
          {title}
        </Title>
        <Button size="compact-xs" variant="subtle" onClick={() => setShown((s) => !s)} aria-expanded={shown}>
          {shown ? "Hide figures" : "Show figures"}
        </Button>
      </Group>
      <div style={{ height: height + 8 }} aria-hidden="true" data-testid="chart-drawing">
        {loading || !given ? (
          <Skeleton h={height} />
        ) : (
          <Suspense fallback={<Skeleton h={height} />}>
            <ChartDrawing kind={kind} data={data} series={series} height={height} format={(v) => formatChartValue(values, v)} shortLabels={period === "week"} />
          </Suspense>
        )}
      </div>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
      {shown ? table : <VisuallyHidden>{table}</VisuallyHidden>}
    </Paper>
  );
}
