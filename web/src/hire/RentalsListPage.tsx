import type { RentalAnswer, CalendarRow } from "../../../core/hire/types";
import { Button, Group, Paper, SegmentedControl, Stack, Table, Text } from "@mantine/core";
import { Link, useNavigate } from "react-router-dom";
import { useUrlParams } from "../platform/url";
import { useApiGet, type ApiRecord } from "../platform/api";
import { formatDate, formatMoney, todayIso } from "../platform/format";
import { ListPager, ListTable, useListController } from "../platform/list";
import { Page } from "../platform/page";
import { DateField } from "../platform/form";

type Rental = ApiRecord & RentalAnswer;

const VIEWS = [
  { value: "weekly", label: "Weekly" },
  { value: "monthly", label: "Monthly" },
  { value: "calendar", label: "Calendar" },
];

/** Vehicles against the days of the week: a booked day shows the hirer. */
function Calendar({ date, department }: { date: string; department?: string }) {
  const q = useApiGet<{ days: string[]; results: CalendarRow[] }>("rentals/calendar", { date, department });
  const days = q.data?.days ?? [];
  const weekday = (d: string) => new Intl.DateTimeFormat("en-GB", { weekday: "short", timeZone: "UTC" }).format(new Date(`${d}T00:00:00Z`));
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table aria-label="Rentals calendar" withTableBorder withColumnBorders fz="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Vehicle</Table.Th>
            {days.map((d) => (
              <Table.Th key={d}>
                {weekday(d)} {formatDate(d).slice(0, 5)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(q.data?.results ?? []).map((row) => (
            <Table.Tr key={row.vehicle?.id ?? "none"}>
              <Table.Td>{row.vehicle?.registration ?? "(no vehicle)"}</Table.Td>
              {days.map((d) => {
                const r = row.rentals.find((x) => x.start_date <= d && (x.finish_date ?? "9999-12-31") >= d);
                return (
                  <Table.Td key={d} bg={r ? (r.status === "CONFIRMED" ? "blue.1" : "yellow.1") : undefined}>
                    {r ? <Link to={`/editrental/${r.id}`}>{r.customer?.display_name ?? r.status}</Link> : ""}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /rentals (001 §2.1): Weekly by default, Monthly, and a calendar of vehicles against days. */
export function RentalsListPage() {
  const navigate = useNavigate();
  const [sp, updateUrl] = useUrlParams();
  const view = sp.get("view") ?? "weekly";
  const date = sp.get("date") ?? todayIso();
  const list = useListController<Rental>({ resource: "rentals", filters: ["status", "department"], fixed: { view: view === "calendar" ? "weekly" : view, date }, errorMessage: "There was an error" });
  const set = (k: string, v: string | null) =>
    updateUrl((n) => {
      if (v) n.set(k, v);
      else n.delete(k);
      n.delete("page");
    });
  return (
    <Page
      title="Rentals"
      actions={
        <Button component={Link} to="/editrental">
          New Rental
        </Button>
      }
    >
      <Paper withBorder p="sm">
        <Group align="flex-end" gap="md">
          <SegmentedControl aria-label="View" value={view} onChange={(v) => set("view", v === "weekly" ? null : v)} data={VIEWS} />
          <DateField label="Date" size="xs" value={date} onChange={(v) => set("date", v || null)} />
        </Group>
      </Paper>
      {view === "calendar" ? (
        <Calendar date={date} department={sp.get("department") ?? undefined} />
      ) : (
        <Stack gap="xs">
          <ListTable<Rental>
            label="Rentals"
            loading={list.isLoading}
            error={list.isError}
            rows={list.results}
            empty="No rentals in this period."
            columns={[
              { key: "id", header: "Rental" },
              { key: "vehicle", header: "Vehicle" },
              { key: "customer", header: "Hirer" },
              { key: "rental_type", header: "Type" },
              { key: "start_date", header: "Start" },
              { key: "finish_date", header: "End" },
              { key: "status", header: "Status" },
              { key: "total", header: "Total" },
            ]}
            renderRow={(r) => (
              <tr key={r.id} style={{ cursor: "pointer" }} onClick={() => navigate(`/editrental/${r.id}`)}>
                <td>
                  <Link to={`/editrental/${r.id}`} onClick={(e) => e.stopPropagation()}>
                    {r.id}
                  </Link>
                </td>
                <td>{r.vehicle?.registration ?? ""}</td>
                <td>{r.customer?.display_name ?? ""}</td>
                <td>{r.rental_type}</td>
                <td>{formatDate(r.start_date)}</td>
                <td>{formatDate(r.finish_date)}</td>
                <td>{r.status}</td>
                <td>{formatMoney(r.total ?? 0)}</td>
              </tr>
            )}
          />
          <ListPager list={list} noun={["rental", "rentals"]} />
          <Text size="xs" c="dimmed">
            Rentals whose dates meet the {view === "monthly" ? "month" : "week (Monday to Sunday)"} of {formatDate(date)}.
          </Text>
        </Stack>
      )}
    </Page>
  );
}
