import { Anchor, Group, Stack, Table, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { useApiGet } from "../../platform/api";
import { formatMoney } from "../../platform/format";
import { Loading } from "../../platform/Loading";
import { VehicleMoneyChart } from "../../platform/charts/VehicleMoneyChart";
import { FiguresTable } from "../../platform/FiguresTable";
import type { VehicleProfit } from "../../../../core/fleet/types";

type Link_ = VehicleProfit["figures"][number]["records"][number];

/** Where a record behind a figure opens (a movement or a transaction: its list, searched for it). */
function linkOf(r: Link_, vehicle: number, figure: string, registration: string): { to: string; text: string } {
  switch (r.kind) {
    case "movement":
      return { to: `/movements?search=${encodeURIComponent(registration)}`, text: `Movement ${r.id}` };
    case "transaction":
      return { to: figure === "other_income" ? "/income" : "/expenses", text: `Transaction ${r.id}` };
    case "rental":
      return { to: `/editrental/${r.id}`, text: `Rental ${r.id}` };
    case "job":
      return { to: `/editjob/${r.id}`, text: `Job ${r.id}` };
    case "agreement":
      return { to: `/editvehicle/${vehicle}`, text: `Agreement ${r.id}` };
    default:
      return { to: `/editvehicle/${r.id}`, text: "Agreements" };
  }
}

const monthText = (m: string) => (m.length === 4 ? m : `${m.slice(5, 7)}/${m.slice(0, 4)}`);

/**
 * The vehicle's profit line on its edit screen (issue 27): each figure with
 * links to the records behind it, the running profit, days on fleet and on
 * hire, utilisation, cost per mile, and income and cost by month.
 */
export function ProfitSection({ vehicle }: { vehicle: number }) {
  const q = useApiGet<VehicleProfit>(`vehicles/${vehicle}/profit`);
  if (q.isLoading) return <Loading />;
  if (!q.data) return <Text size="sm">The profit line could not be loaded.</Text>;
  const p = q.data;
  const days = (n: number) => `${n} day${n === 1 ? "" : "s"}`;
  return (
    <Stack gap="xs" data-testid="vehicle-profit">
      <Group gap="lg">
        <Text fw={700}>Profit to date {formatMoney(p.profit)}</Text>
        <Text size="sm">Before finance {formatMoney(p.profit_before_finance)}</Text>
        <Text size="sm">
          On hire {days(p.days_on_hire)} of {days(p.days_on_fleet)} on fleet{p.utilisation === null ? "" : ` (utilisation ${p.utilisation}%)`}
        </Text>
        <Text size="sm">Cost per mile {p.cost_per_mile === null ? "-" : formatMoney(p.cost_per_mile, 3)}</Text>
      </Group>
      <Table withTableBorder striped aria-label="Profit line">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Figure</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Records</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.figures.map((f) => (
            <Table.Tr key={f.name}>
              <Table.Td>{f.label}</Table.Td>
              <Table.Td>{f.amount === null ? "" : f.name === "days_on_hire" ? String(f.amount) : formatMoney(f.amount)}</Table.Td>
              <Table.Td>
                <Group gap={6}>
                  {f.records.map((r) => {
                    const l = linkOf(r, vehicle, f.name, p.vehicle?.registration ?? "");
                    return (
                      <Anchor key={`${r.kind}${r.id}`} component={Link} to={l.to} size="sm">
                        {l.text}
                      </Anchor>
                    );
                  })}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <VehicleMoneyChart months={p.months} />
      <FiguresTable
        withTableBorder
        label="Income and cost by month"
        rows={p.months}
        rowKey={(m) => m.month}
        columns={[
          { key: "month", header: "Month", cell: (m) => monthText(m.month) },
          { key: "income", header: "Income", cell: (m) => formatMoney(m.income) },
          { key: "cost", header: "Cost", cell: (m) => formatMoney(m.cost) },
          { key: "hire_days", header: "Days on hire", cell: (m) => m.hire_days },
        ]}
      />
    </Stack>
  );
}
