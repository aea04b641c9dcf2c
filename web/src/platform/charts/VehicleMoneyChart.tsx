import { ChartPanel } from "./ChartPanel";

/** A vehicle's month: "YYYY-MM", its hire income and its costs (pounds). */
export type VehicleMonth = { month: string; income: number; cost: number };

/**
 * A vehicle's monthly income and cost (issue 27), ready for the vehicle
 * profit line's per-vehicle monthly figures (built apart): the one chart
 * pattern with a month a row. Not yet on the vehicle screen: it waits for
 * those figures (docs/charts.md "Not built here").
 */
export function VehicleMoneyChart({ months, loading }: { months: VehicleMonth[] | undefined; loading?: boolean }) {
  const rows = months?.map((m) => ({ start: `${m.month}-01`, income: m.income, cost: m.cost }));
  return (
    <ChartPanel
      title="Income and cost by month"
      period="month"
      rows={rows}
      loading={loading}
      kind="bar"
      values="money"
      series={[
        { key: "income", label: "Income", color: "blue.6", value: (m) => m.income },
        { key: "cost", label: "Cost", color: "red.6", value: (m) => m.cost },
      ]}
    />
  );
}
