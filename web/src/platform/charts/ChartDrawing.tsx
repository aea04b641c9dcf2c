import "@mantine/charts/styles.css";
import { BarChart, CompositeChart, LineChart } from "@mantine/charts";
import type { ChartKind, ChartPoint, ChartSeriesSpec } from "./ChartPanel";

/**
 * The drawing of a chart (issue 27): @mantine/charts (recharts underneath),
 * loaded only when a chart is first drawn so recharts is not in the main
 * script (docs/charts.md, docs/performance.md). The figures themselves are
 * in ChartPanel's table; this is the picture of them.
 */
export function ChartDrawing({ kind, data, series, height, format, shortLabels = true }: { kind: ChartKind; data: ChartPoint[]; series: ChartSeriesSpec[]; height: number; format: (v: number) => string; shortLabels?: boolean }) {
  const common = {
    h: height,
    data,
    dataKey: "week",
    valueFormatter: format,
    withLegend: true,
    legendProps: { verticalAlign: "top" as const, height: 24 },
    tooltipAnimationDuration: 0,
    // Weeks: DD/MM on the axis (the table and tooltip carry the year); months as MM/YYYY.
    xAxisProps: { tickFormatter: (w: string) => (shortLabels ? w.slice(0, 5) : w), interval: "preserveStartEnd" as const },
    // Room for "£26,000.00" on the axis.
    yAxisProps: { width: 84 },
  };
  if (kind === "composite")
    return <CompositeChart {...common} curveType="linear" series={series.map((s) => ({ name: s.key, label: s.label, color: s.color, type: s.type ?? "bar", ...(s.type === "line" ? { strokeDasharray: "5 5" } : {}) }))} />;
  if (kind === "line") return <LineChart {...common} curveType="linear" series={series.map((s) => ({ name: s.key, label: s.label, color: s.color }))} connectNulls={false} />;
  return <BarChart {...common} series={series.map((s) => ({ name: s.key, label: s.label, color: s.color }))} />;
}
