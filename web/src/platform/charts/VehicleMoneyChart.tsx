import { ChartPanel } from "./ChartPanel";

/** A vehicle's month: "YYYY-MM", its hire income and its costs (pounds). */
export type VehicleMonth = { month: string; income: number; cost: number };

/**
 * A vehicle's monthly income and cost (issue 27) on its Profit section:
 * the one chart pattern with a month a row, from the profit line's kept
 * monthly totals (GET vehicles/{id}/profit `months`). A hire longer than
 * 24 months is kept by calendar year ("YYYY"); those rows stay in the
 * section's month table and are not drawn as a month.
 */
export function VehicleMoneyChart({ months, loading }: { months: VehicleMonth[] | undefined; loading?: boolean }) {
  const rows = months?.filter((m) => m.month.length === 7).map((m) => ({ start: `${m.month}-01`, income: m.income, cost: m.cost }));
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
