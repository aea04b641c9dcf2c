import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { CustomerPicker } from "../../contacts/pickers";
import { useApiGet, useList, type ApiRecord } from "../../platform/api";
import { DateField } from "../../platform/form";
import { formatMoney } from "../../platform/format";
import { ListDepartmentFilter, ListColumnFilter, ListPager, ListSearch, ListTabs, useListController } from "../../platform/list";
import { Page } from "../../platform/page";
import type { MovementRow } from "./api";
import { useMovementActions } from "./actions";
import { MovementsTable } from "./MovementsTable";
import { PrintMovements } from "./PrintMovements";

const VIEWS = [
  { value: "NORMAL", label: "Normal" },
  { value: "QUOTE", label: "Quote" },
  { value: "COMPLETED", label: "Completed" },
];

type Named = ApiRecord & { name: string };
type Figures = { workshop_cost: number; recovery_cost: number; total_cost: number };

/**
 * /movements (002 §2 Movements page): status view Normal / Quote /
 * Completed (Normal by default, 002 §9), department, search, start and end
 * delivery dates, the workshop and recovery cost totals, the table in its
 * row colours with column filters (customer, driver, type), create, edit,
 * complete, convert and delete, Print Selected and Open Source to the job.
 */
export function MovementsPage() {
  const list = useListController<MovementRow>({
    resource: "movement",
    filters: ["view", "department", "start", "end", "customer", "driver", "movement_type"],
    tabs: ["view"],
    errorMessage: "There was an error",
  });
  const actions = useMovementActions();
  const drivers = useList<Named>("drivers", { page_size: 1000 });
  const types = useList<Named>("movementtype", { page_size: 1000 });
  const f = list.filters;
  const figures = useApiGet<Figures>("movementfigures", { view: f.view, department: f.department, start: f.start, end: f.end }, { errorMessage: "There was an error" });
  const [selected, setSelected] = useState<Map<number, MovementRow>>(new Map());
  const [printing, setPrinting] = useState(false);
  const [customerText, setCustomerText] = useState("");

  if (printing) return <PrintMovements rows={[...selected.values()].sort((a, b) => a.id - b.id)} onBack={() => setPrinting(false)} />;

  const select = (m: MovementRow, on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (on) next.set(m.id, m);
      else next.delete(m.id);
      return next;
    });
  const options = (q: typeof drivers) => (q.data?.results ?? []).map((r) => ({ value: String(r.id), label: r.name }));

  return (
    <Page
      title="Movements"
      actions={
        <Group gap="xs">
          <Button variant="default" disabled={selected.size === 0} onClick={() => setPrinting(true)}>
            Print Selected{selected.size ? ` (${selected.size})` : ""}
          </Button>
          <Button onClick={() => actions.create()}>Create Movement</Button>
        </Group>
      }
    >
      <Paper withBorder p="sm">
        <Group align="flex-end" gap="md" wrap="wrap">
          <ListTabs list={list} param="view" label="Status view" tabs={VIEWS} />
          <ListDepartmentFilter list={list} />
          <ListSearch list={list} placeholder="Registration, vehicle, customer, driver" />
          <DateField label="Start date" size="xs" w={140} value={f.start ?? ""} onChange={(v) => list.setFilter("start", v || null)} />
          <DateField label="End date" size="xs" w={140} value={f.end ?? ""} onChange={(v) => list.setFilter("end", v || null)} />
        </Group>
      </Paper>
      <Paper withBorder p="xs" bg="gray.0" aria-label="Movement totals">
        <Group gap="xl">
          <Text size="sm">
            Workshop costs: <strong data-testid="workshop-total">{formatMoney(figures.data?.workshop_cost ?? 0)}</strong>
          </Text>
          <Text size="sm">
            Recovery costs: <strong data-testid="recovery-total">{formatMoney(figures.data?.recovery_cost ?? 0)}</strong>
          </Text>
          <Text size="sm">
            Total: <strong>{formatMoney(figures.data?.total_cost ?? 0)}</strong>
          </Text>
        </Group>
      </Paper>
      <Stack gap="xs">
        <MovementsTable
          rows={list.results}
          actions={actions}
          loading={list.isLoading}
          error={list.isError}
          selected={new Set(selected.keys())}
          onSelect={select}
          headers={{
            customer: (
              <CustomerPicker
                label="Customer"
                placeholder="Filter"
                search={customerText}
                onSearchChange={(s) => {
                  setCustomerText(s);
                  if (!s) list.setFilter("customer", null);
                }}
                onChange={(c) => c && list.setFilter("customer", String(c.id))}
              />
            ),
            driver: <ListColumnFilter list={list} param="driver" title="Driver" options={options(drivers)} />,
            movement_type: <ListColumnFilter list={list} param="movement_type" title="Type" options={options(types)} />,
          }}
        />
        <ListPager list={list} noun={["movement", "movements"]} />
      </Stack>
      {actions.modals}
    </Page>
  );
}
