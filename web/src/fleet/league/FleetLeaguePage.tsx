import { Anchor, Button, Group, NativeSelect, Stack, Text, UnstyledButton } from "@mantine/core";
import { Link } from "react-router-dom";
import type { LeagueRow } from "../../../../core/fleet/types";
import { downloadFile, useList, type ApiRecord } from "../../platform/api";
import { formatDate, formatMoney } from "../../platform/format";
import { ListDepartmentFilter, ListPager, ListTable, ListToolbar, useListController, type ListController } from "../../platform/list";
import { Page } from "../../platform/page";
import { toastFailure } from "../../platform/toast";


const nameOf = (x: { name?: string | null } | null | undefined) => x?.name ?? "";

/** A reference filter (type, make, model): every value of the reference list, or one. */
function ReferenceFilter({ list, param, label, resource }: { list: Pick<ListController<LeagueRow>, "filters" | "setFilter">; param: string; label: string; resource: string }) {
  const options = useList<ApiRecord & { name: string }>(resource, { page_size: 1000 });
  return (
    <NativeSelect
      label={label}
      size="xs"
      value={list.filters[param] ?? ""}
      onChange={(e) => list.setFilter(param, e.currentTarget.value || null)}
      data={[{ value: "", label: `All ${label.toLowerCase()}s` }, ...(options.data?.results ?? []).map((o) => ({ value: String(o.id), label: o.name }))]}
    />
  );
}

type SortKey = "profit" | "utilisation" | "cost_per_mile";

/** A column header that sorts the table by its column: highest first, then lowest first (the server's boards: docs/finance.md). */
function SortHeader({ list, sort, label }: { list: Pick<ListController<LeagueRow>, "filters" | "setFilters">; sort: SortKey; label: string }) {
  const current = (list.filters.sort ?? "profit") as SortKey;
  const active = current === sort;
  const order = list.filters.order === "asc" ? "asc" : "desc";
  const next = active && order === "desc" ? "asc" : "desc";
  const click = () => list.setFilters({ sort: sort === "profit" ? null : sort, order: next === "asc" ? "asc" : null });
  return (
    <UnstyledButton fz="sm" fw={700} onClick={click} aria-label={`Sort by ${label.toLowerCase()}, ${next === "desc" ? "highest" : "lowest"} first`}>
      {label} {active ? (order === "desc" ? "▼" : "▲") : ""}
    </UnstyledButton>
  );
}

/**
 * /fleetleague (issue 27): every fleet vehicle's profit to date, utilisation
 * and cost per mile, best first by profit before finance (the figures its
 * records keep as they change), filtered by department and one of type,
 * make or model; the CSV is the report fleetleague.
 */
export function FleetLeaguePage() {
  const list = useListController<LeagueRow>({ resource: "reports/fleet-league", filters: ["sort", "order", "department", "type", "make", "model"], errorMessage: "There was an error" });
  const rankedOn = typeof list.answer?.ranked_on === "string" ? list.answer.ranked_on : null;
  const csv = () => {
    const q = new URLSearchParams();
    // The CSV in the screen's order.
    if (list.filters.sort) q.set("sort", list.filters.sort);
    if (list.filters.order) q.set("order", list.filters.order);
    if (list.filters.department) q.set("department", list.filters.department);
    if (list.filters.type) q.set("type", list.filters.type);
    downloadFile(`report/fleetleague?${q}`, "fleet-league.csv").catch(toastFailure);
  };
  return (
    <Page title="Fleet league">
      <Stack gap="sm">
        <ListToolbar>
          <Group align="flex-end" gap="xs">
            <ListDepartmentFilter list={list} errorMessage="There was an error" />
            <ReferenceFilter list={list} param="type" label="Type" resource="vehicletype" />
            <ReferenceFilter list={list} param="make" label="Make" resource="vehiclemake" />
            <ReferenceFilter list={list} param="model" label="Model" resource="vehiclemodel" />
            <Button size="xs" variant="default" onClick={list.clearAll}>
              Clear
            </Button>
            <Button size="xs" variant="light" onClick={csv}>
              CSV
            </Button>
          </Group>
        </ListToolbar>
        <ListTable<LeagueRow>
          label="Fleet league"
          loading={list.isLoading}
          error={list.isError}
          rows={list.results}
          empty="No vehicles found."
          columns={[
            {
              key: "registration",
              header: "Vehicle",
              render: (r) => (
                <Anchor component={Link} to={`/editvehicle/${r.id}?section=profit`}>
                  {r.registration ?? r.fleet_number ?? `Vehicle ${r.id}`}
                </Anchor>
              ),
            },
            { key: "department", header: "Department", render: (r) => nameOf(r.department) },
            { key: "type", header: "Type", render: (r) => nameOf(r.type) },
            { key: "make", header: "Make / model", render: (r) => `${nameOf(r.make)} ${nameOf(r.model)}`.trim() },
            { key: "income", header: "Income", render: (r) => formatMoney(r.income) },
            { key: "costs", header: "Costs", render: (r) => formatMoney(r.costs) },
            {
              key: "profit_before_finance",
              header: <SortHeader list={list} sort="profit" label="Profit before finance" />,
              render: (r) => formatMoney(r.profit_before_finance),
            },
            { key: "profit", header: "Profit to date", render: (r) => formatMoney(r.profit) },
            { key: "days_on_hire", header: "Days on hire / fleet", render: (r) => `${r.days_on_hire} / ${r.days_on_fleet}` },
            { key: "utilisation", header: <SortHeader list={list} sort="utilisation" label="Utilisation" />, render: (r) => (r.utilisation === null ? "" : `${r.utilisation}%`) },
            { key: "cost_per_mile", header: <SortHeader list={list} sort="cost_per_mile" label="Cost per mile" />, render: (r) => (r.cost_per_mile === null ? "" : formatMoney(r.cost_per_mile, 3)) },
          ]}
        />
        <Text size="xs" c="dimmed" data-testid="league-ranked-on">
          Utilisation and cost per mile ranked as of {rankedOn ? formatDate(rankedOn) : "each vehicle's last save"}
          {rankedOn ? " (and each vehicle saved since, as of its save)" : ""}.
        </Text>
        <ListPager list={list} noun={["vehicle", "vehicles"]} />
      </Stack>
    </Page>
  );
}
