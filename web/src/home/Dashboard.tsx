import type { CalendarRow } from "../../../core/hire/types";
import type { VehicleAnswer } from "../../../core/fleet/types";
import { Button, Group, Modal, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { useUrlParams } from "../platform/url";
import { useApiMutation, useGet, useUpdate, type ApiRecord, type Page } from "../platform/api";
import { dashboardQuery, dashboardView } from "./queries";
import { formatDate, formatMoney, todayIso } from "../platform/format";
import { toastError } from "../platform/toast";
import { DateField } from "../platform/form";
import { DepartmentSelect } from "../platform/list";
import { ChartPanel } from "../platform/charts/ChartPanel";

type Figures = { start: string; end: string; short_term_income: number; long_term_income: number; total_income: number; rentals: number; starting: number; short_term: number; long_term: number; off_hire_charges: number };

/** Figure Details (001 §2.5): what each figure is, the same words as docs/dashboard.md. */
const GLOSSARY: Array<[string, string]> = [
  ["Rentals income", "For each confirmed rental whose dates meet the period: its total / its days x its days inside the period; split short term and long term."],
  ["Rentals starting", "Confirmed rentals whose start date is inside the period."],
  ["Off-hire charges", "Off-hire additional charges of rentals whose off-hire date is inside the period."],
  ["Homepage totals", "Short-term and long-term income figures kept by hand on the home page."],
  ["Weekly target", "The weekly target in force on the chosen date (Settings, Weekly Targets); monthly: target x weeks of the month (days / 7)."],
  ["Rental income total", "Short-term plus long-term rentals income of the period: rentals only. Workshop, Part Orders and Misc income are not in it; each panel shows its own."],
  ["Rental income vs target", "Rental income total minus the target for the period."],
  ["Workshop", "Income = the customer labour charge and expenses = the labour cost of the job cards whose workshop date falls in the period (GET work/figures), for the department."],
  ["Part Orders", "Income = the customer charge and expenses = the parts cost of the part orders with status ORDER or COMPLETE created in the period (GET partorder/figure), for the department."],
  ["Misc", "Income and expenses = the amounts (before VAT) of the income and expense transactions dated in the period (GET transactions/figures), approved or not, for the department; repeating transactions count by each transaction they create, never as templates. Per cost centre below the totals."],
  ["Jobs Starting Today", "Job cards of every workshop tab whose workshop date is today (the jobs list's Today view)."],
  ["Vehicles", "Vehicles sold in the period, their sold prices (sales income) and profit on sales = sold price - book value on the day sold (the purchase price less its annual depreciation up to that day); fleet counts by status (Active, For Sale, Processing, Sold, Ordered) for the department."],
  ["CAP values", "Active, Ordered and For Sale vehicles of the department now: how many and the sum of their CAP clean and retail values (kept up to date with every vehicle save). Cap 0s: those with no CAP retail value. CAP clean change since the period's start: what the CAP uploads since then changed on the vehicles they revalued (new value - old value). Last CAP upload: the same for the latest upload that changed any value."],
  ["Rental income against target (chart)", "The 12 Monday-Sunday weeks up to the week of the date: each week's rental income (as Rental income total above) and the weekly target in force on its Monday. The weeklyhirereport has the same figures."],
  ["Fleet utilisation by week (chart)", "Vehicle-days on hire (each confirmed rental's days inside the week) / vehicle-days on fleet (each vehicle from its purchase date to its date sold), as a percentage."],
  ["Vehicle Sales", "Agreements with a sold date inside the period (GET financeagreements): how many, the total of their sold prices, and each sale."],
];

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm">{label}</Text>
      <Text size="sm" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={`${title} panel`}>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      <Stack gap={4}>{children}</Stack>
    </Paper>
  );
}

type CapValues = { cap_retail: number; cap_clean: number; cap_average: number; cap_below: number };
type VehicleSummary = { start: string; statuses: Array<CapValues & { status: string; count: number }>; total: CapValues & { count: number }; cap_zero: number; since_start: CapValues & { uploads: number; vehicles: number } };
type CapChange = { date: string | null; vehicles: number; change: CapValues };
const STATUS_LABEL: Record<string, string> = { ACTIVE: "Active", ORDERED: "Ordered", FORSALE: "For sale" };
const signed = (n: number) => `${n > 0 ? "+" : ""}${formatMoney(n)}`;

/**
 * CAP values (001 §3 "cap totals and vehicle summary totals"): the
 * department's Active, Ordered and For Sale vehicles and their CAP totals
 * now (GET vehicles/summary), the change of the CAP uploads since the
 * period's start, and what the latest upload did (GET captotalchange).
 */
function CapValuesPanel({ start, department }: { start?: string; department: string }) {
  const summary = useGet<VehicleSummary>(dashboardQuery.capSummary(start, department), { enabled: !!start, errorMessage: "There was an error" });
  const change = useGet<CapChange>(dashboardQuery.capChange(department), { errorMessage: "There was an error" });
  const s = summary.data;
  return (
    <Panel title="CAP values">
      <Table aria-label="CAP values" fz="sm" withRowBorders={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Vehicles</Table.Th>
            <Table.Th ta="right">CAP clean</Table.Th>
            <Table.Th ta="right">CAP retail</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...(s?.statuses ?? []), ...(s ? [{ ...s.total, status: "TOTAL" }] : [])].map((r) => (
            <Table.Tr key={r.status} data-testid={`cap-${r.status.toLowerCase()}`}>
              <Table.Td fw={r.status === "TOTAL" ? 700 : undefined}>{STATUS_LABEL[r.status] ?? "Total"}</Table.Td>
              <Table.Td ta="right">{r.count}</Table.Td>
              <Table.Td ta="right">{formatMoney(r.cap_clean)}</Table.Td>
              <Table.Td ta="right">{formatMoney(r.cap_retail)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Figure label="Cap 0s (no CAP retail value)" value={String(s?.cap_zero ?? 0)} testId="cap-zero" />
      <Figure label={`CAP clean change since ${start ? formatDate(start) : "the period's start"}`} value={signed(s?.since_start.cap_clean ?? 0)} testId="cap-since-start" />
      <Figure
        label={change.data?.date ? `Last CAP upload ${formatDate(change.data.date)} (${change.data.vehicles} revalued)` : "Last CAP upload"}
        value={change.data?.date ? signed(change.data.change.cap_clean) : "None yet"}
        testId="cap-last-upload"
      />
    </Panel>
  );
}

type Sale = ApiRecord & { sold_date: string; sold_price: number | null; vehicle: { id: number; registration: string | null; make?: { name: string } | null; model?: { name: string } | null } };

/** Workshop panel (001 §2): income and expenses of job cards by workshop date in the period (GET work/figures). */
function WorkshopPanel({ start, end, type, department }: { start?: string; end?: string; type: string; department: string }) {
  const q = useGet<{ income: number; expenses: number }>(dashboardQuery.workFigures(start, end, type, department), { enabled: !!start && !!end, errorMessage: "There was an error" });
  return (
    <Panel title="Workshop">
      <Figure label="Income" value={formatMoney(q.data?.income ?? 0)} testId="workshop-income" />
      <Figure label="Expenses" value={formatMoney(q.data?.expenses ?? 0)} testId="workshop-expenses" />
    </Panel>
  );
}

/** Part Orders panel (001 §2, 002 §9): charge and cost of ORDER and COMPLETE part orders created in the period (GET partorder/figure). */
function PartOrdersPanel({ start, end, type, department }: { start?: string; end?: string; type: string; department: string }) {
  const q = useGet<{ income: number; expenses: number }>(dashboardQuery.partOrderFigures(start, end, type, department), { enabled: !!start && !!end, errorMessage: "There was an error" });
  return (
    <Panel title="Part Orders">
      <Figure label="Income" value={formatMoney(q.data?.income ?? 0)} testId="partorders-income" />
      <Figure label="Expenses" value={formatMoney(q.data?.expenses ?? 0)} testId="partorders-expenses" />
    </Panel>
  );
}

type MiscFigures = { categories: Array<{ id: number | null; name: string; in: number; out: number }>; total_in: number; total_out: number };

/** Misc (001 §2.5): the period's income and expenses from the transactions (GET transactions/figures), per cost centre. */
function MiscPanel({ start, end, department }: { start?: string; end?: string; department: string }) {
  const q = useGet<MiscFigures>(dashboardQuery.miscFigures(start, end, department), { enabled: !!start && !!end, errorMessage: "There was an error" });
  return (
    <Panel title="Misc">
      <Figure label="Income" value={formatMoney(q.data?.total_in ?? 0)} testId="misc-income" />
      <Figure label="Expenses" value={formatMoney(q.data?.total_out ?? 0)} testId="misc-expenses" />
      {(q.data?.categories ?? []).map((c) => (
        <Text key={c.name} size="xs" c="dimmed">
          {c.name}: {formatMoney(c.in)} in, {formatMoney(c.out)} out
        </Text>
      ))}
    </Panel>
  );
}

type TodayJob = ApiRecord & { job_description?: string | null; vehicle?: { registration?: string | null } | null; workshop?: { display_name?: string | null } | null };

/** Jobs Starting Today (001 §2): the jobs list's today view over every workshop tab (GET jobs?view=today&ws=all). */
function JobsStartingToday() {
  const q = useGet<Page<TodayJob>>(dashboardQuery.jobsToday(), { errorMessage: "There was an error" });
  return (
    <Panel title="Jobs Starting Today">
      <Figure label="Jobs" value={String(q.data?.count ?? 0)} testId="jobs-today" />
      <Table aria-label="Jobs Starting Today" fz="sm">
        <Table.Tbody>
          {(q.data?.results ?? []).map((j) => (
            <Table.Tr key={j.id}>
              <Table.Td>
                <Link to={`/editjob/${j.id}`}>{j.id}</Link>
              </Table.Td>
              <Table.Td>{j.vehicle?.registration ?? ""}</Table.Td>
              <Table.Td>{j.job_description ?? ""}</Table.Td>
              <Table.Td>{j.workshop?.display_name ?? ""}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Panel>
  );
}

/** Vehicle Sales (001 §2.5): agreements sold in the period, from GET financeagreements. */
function VehicleSales({ start, end, department }: { start?: string; end?: string; department: string }) {
  const q = useGet<{ count: number; total_sold_price: number; results: Sale[] }>(
    dashboardQuery.sales(start, end, department),
    { enabled: !!start && !!end, errorMessage: "There was an error" },
  );
  return (
    <Panel title="Vehicle Sales">
      <Figure label="Vehicles sold" value={String(q.data?.count ?? 0)} testId="vehicle-sales-count" />
      <Figure label="Sold for" value={formatMoney(q.data?.total_sold_price ?? 0)} testId="vehicle-sales-total" />
      <Table aria-label="Vehicle Sales" fz="sm">
        <Table.Tbody>
          {(q.data?.results ?? []).map((s) => (
            <Table.Tr key={`${s.vehicle.id}-${s.id ?? s.sold_date}`}>
              <Table.Td>
                <Link to={`/editvehicle/${s.vehicle.id}`}>{s.vehicle.registration}</Link>
              </Table.Td>
              <Table.Td>{formatDate(s.sold_date)}</Table.Td>
              <Table.Td>{formatMoney(s.sold_price ?? 0)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Panel>
  );
}

function HomepageTotals() {
  const q = useGet<ApiRecord & { short_term: number | null; long_term: number | null }>(dashboardQuery.homepageTotals(), { errorMessage: "There was an error" });
  const save = useApiMutation<Record<string, unknown>, ApiRecord>("PUT", (b) => `homepagetotal/${b.id}`, { resource: "homepagetotal", errorMessage: "There was an error" });
  const [st, setSt] = useState("");
  const [lt, setLt] = useState("");
  useEffect(() => {
    if (q.data) {
      setSt(String(q.data.short_term ?? 0));
      setLt(String(q.data.long_term ?? 0));
    }
  }, [q.data?.last_saved]); // eslint-disable-line react-hooks/exhaustive-deps -- the targets' inputs are reset on a fresh copy (its last_saved), not while the user types
  return (
    <Panel title="Homepage totals">
      <Group align="flex-end" gap="xs">
        <TextInput size="xs" label="Short term" value={st} onChange={(e) => setSt(e.currentTarget.value)} w={110} />
        <TextInput size="xs" label="Long term" value={lt} onChange={(e) => setLt(e.currentTarget.value)} w={110} />
        <Button
          size="xs"
          disabled={!q.data}
          onClick={() => {
            if (!/^-?\d+(\.\d{1,2})?$/.test(st.trim()) || !/^-?\d+(\.\d{1,2})?$/.test(lt.trim())) return toastError("Totals must be amounts in pounds");
            save.mutate({ id: q.data!.id, short_term: Number(st), long_term: Number(lt), last_saved: q.data!.last_saved });
          }}
        >
          Save totals
        </Button>
      </Group>
    </Panel>
  );
}

function CourtesyCars({ department }: { department: string }) {
  const q = useGet<Page<ApiRecord & VehicleAnswer>>(dashboardQuery.courtesyCars(department));
  // 001 §8: a refused location shows the server's response titled 'Error!' (the screen's own toast, so quiet).
  const move = useUpdate("vehicles", { quiet: true });
  const [edits, setEdits] = useState<Record<number, string>>({});
  return (
    <Panel title="Courtesy Cars">
      <Table aria-label="Courtesy Cars" fz="sm">
        <Table.Tbody>
          {(q.data?.results ?? []).map((v) => (
            <Table.Tr key={v.id}>
              <Table.Td>
                <Link to={`/editvehicle/${v.id}`}>{v.registration}</Link>
              </Table.Td>
              <Table.Td>
                <TextInput
                  size="xs"
                  aria-label={`Location of ${v.registration}`}
                  value={edits[v.id] ?? v.location ?? ""}
                  onChange={(e) => {
                    // Read now: the updater runs later, when React has let go of the event (typed key by key, the page fell over).
                    const typed = e.currentTarget.value;
                    setEdits((x) => ({ ...x, [v.id]: typed }));
                  }}
                  onBlur={async () => {
                    const next = edits[v.id];
                    if (next === undefined || next === (v.location ?? "")) return;
                    try {
                      await move.mutateAsync({ id: v.id, body: { location: next, last_saved: v.last_saved } });
                      await q.refetch();
                    } catch (e) {
                      // 001 §8: the server's response shown for 10 seconds, titled 'Error!'.
                      toastError(e instanceof Error ? e.message : "There was an error", "Error!");
                    }
                  }}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {q.data && q.data.results.length === 0 && (
        <Text size="sm" c="dimmed">
          No courtesy cars.
        </Text>
      )}
    </Panel>
  );
}

function WeekCalendar({ date, department }: { date: string; department: string }) {
  const q = useGet<{ days: string[]; results: CalendarRow[] }>(dashboardQuery.calendar(date, department));
  const days = q.data?.days ?? [];
  return (
    <Panel title="Rentals this week">
      <Table.ScrollContainer minWidth={700}>
        <Table aria-label="Weekly rentals calendar" withColumnBorders withTableBorder fz="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Vehicle</Table.Th>
              {days.map((d) => (
                <Table.Th key={d}>
                  {new Intl.DateTimeFormat("en-GB", { weekday: "short", timeZone: "UTC" }).format(new Date(`${d}T00:00:00Z`))} {formatDate(d).slice(0, 5)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(q.data?.results ?? []).map((row) => (
              <Table.Tr key={row.vehicle?.id ?? "none"}>
                <Table.Td>{row.vehicle?.registration ?? ""}</Table.Td>
                {days.map((d) => {
                  const r = row.rentals.find((x) => x.start_date <= d && (x.finish_date ?? "9999-12-31") >= d);
                  return <Table.Td key={d}>{r ? <Link to={`/editrental/${r.id}`}>{r.customer?.display_name ?? r.status}</Link> : ""}</Table.Td>;
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Panel>
  );
}

type WeeklyHire = { weeks: Array<{ start: string; end: string; income: number; target: number | null; hire_days: number; fleet_days: number; utilisation: number | null }> };

/**
 * The dashboard's charts (issue 27, docs/charts.md): rental income against
 * the weekly target, and fleet utilisation, for the 12 weeks up to the week
 * of the date (GET rentals/weekly: the weeklyhirereport's figures).
 */
function HireCharts({ date, department }: { date: string; department: string }) {
  const q = useGet<WeeklyHire>(dashboardQuery.weeklyHire(date, department), { errorMessage: "There was an error" });
  const weeks = q.data?.weeks;
  return (
    <>
      <ChartPanel
        title="Rental income against target"
        rows={weeks}
        loading={q.isLoading}
        kind="composite"
        values="money"
        series={[
          { key: "income", label: "Rental income", color: "blue.6", type: "bar", value: (w) => w.income },
          { key: "target", label: "Weekly target", color: "orange.6", type: "line", value: (w) => w.target },
        ]}
      />
      <ChartPanel
        title="Fleet utilisation by week"
        rows={weeks}
        loading={q.isLoading}
        kind="line"
        values="percent"
        series={[{ key: "utilisation", label: "Utilisation", color: "teal.6", value: (w) => w.utilisation }]}
      />
    </>
  );
}

/** The home dashboard (001 §2.5): weekly or monthly figures, day lists and the week's rentals. */
export function Dashboard() {
  const [sp, updateUrl] = useUrlParams();
  const type = sp.get("timeframe") === "monthly" ? "monthly" : "weekly";
  const date = sp.get("date") ?? todayIso();
  const department = sp.get("department") ?? "ALL";
  const [info, infoCtl] = useDisclosure(false);
  const set = (k: string, v: string | null) =>
    updateUrl((n) => {
      if (v) n.set(k, v);
      else n.delete(k);
    });
  // The period as the server works it out: the panels' figures go in the same wave as the rental figures.
  const { period } = dashboardView(sp);
  const figures = useGet<Figures>(dashboardQuery.rentalFigures(type, date, department), { errorMessage: "There was an error" });
  const target = useGet<{ weekly_target?: number | null } | null>(dashboardQuery.target(date));
  const counts = useGet<Record<string, number>>(dashboardQuery.statusCounts(department));
  const incomplete = useGet<Page<ApiRecord & { display_name: string; contact_type: string }>>(dashboardQuery.incompleteContacts());
  const f = figures.data;
  const vehicleFigures = useGet<{ sold: number; sales_income: number; book_value: number; profit: number }>(
    dashboardQuery.vehicleFigures(type, date, department),
    { errorMessage: "There was an error" },
  );
  const weeks = f ? (Date.parse(`${f.end}T00:00:00Z`) - Date.parse(`${f.start}T00:00:00Z`)) / 86_400_000 / 7 + 1 / 7 : 1;
  const periodTarget = (target.data?.weekly_target ?? 0) * (type === "monthly" ? weeks : 1);

  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" data-testid="dashboard-controls">
        <Group align="flex-end" gap="md">
          <SegmentedControl aria-label="Timeframe" value={type} onChange={(v) => set("timeframe", v === "weekly" ? null : v)} data={[{ value: "weekly", label: "Weekly" }, { value: "monthly", label: "Monthly" }]} />
          <DepartmentSelect all="ALL" value={department} onChange={(v) => set("department", v)} />
          <DateField size="xs" label="Date" value={date} onChange={(v) => set("date", v || null)} />
          <Button size="xs" variant="default" onClick={infoCtl.open}>
            Info
          </Button>
          {f && (
            <Text size="sm" c="dimmed">
              {formatDate(f.start)} - {formatDate(f.end)}
            </Text>
          )}
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <Panel title="Rentals">
          <Figure label="Short-term income" value={formatMoney(f?.short_term_income ?? 0)} testId="rentals-st-income" />
          <Figure label="Long-term income" value={formatMoney(f?.long_term_income ?? 0)} testId="rentals-lt-income" />
          <Figure label="Rentals in the period" value={String(f?.rentals ?? 0)} />
          <Figure label="Rentals starting" value={String(f?.starting ?? 0)} />
          <Figure label="Off-hire charges" value={formatMoney(f?.off_hire_charges ?? 0)} />
        </Panel>
        <Panel title="Vehicles">
          <Figure label="Sold in the period" value={String(vehicleFigures.data?.sold ?? 0)} testId="vehicles-sold" />
          <Figure label="Sales income" value={formatMoney(vehicleFigures.data?.sales_income ?? 0)} testId="vehicles-sales-income" />
          <Figure label="Profit on sales" value={formatMoney(vehicleFigures.data?.profit ?? 0)} testId="vehicles-profit" />
          {(["ACTIVE", "FORSALE", "PROCESSING", "SOLD", "ORDERED"] as const).map((s) => (
            <Figure key={s} label={s === "FORSALE" ? "For sale" : s[0] + s.slice(1).toLowerCase()} value={String(counts.data?.[s] ?? 0)} />
          ))}
        </Panel>
        <CapValuesPanel start={period.start} department={department} />
        {/* Issue 24 item 1: the total is the rentals' only (the target is a hire target), so it says so;
            Workshop, Part Orders and Misc show their own figures beside it (docs/dashboard.md). */}
        <Panel title="Rental totals">
          <Figure label="Rental income total" value={formatMoney(f?.total_income ?? 0)} testId="total-income" />
          <Text size="xs" c="dimmed">
            Rentals only: Workshop, Part Orders and Misc are not included.
          </Text>
          <Figure label={type === "monthly" ? "Target (month)" : "Weekly target"} value={formatMoney(periodTarget)} />
          <Figure label="Rental income vs target" value={formatMoney((f?.total_income ?? 0) - periodTarget)} />
        </Panel>
        <WorkshopPanel start={period.start} end={period.end} type={type} department={department} />
        <PartOrdersPanel start={period.start} end={period.end} type={type} department={department} />
        <MiscPanel start={period.start} end={period.end} department={department} />
        <VehicleSales start={period.start} end={period.end} department={department} />
        <JobsStartingToday />
        <HomepageTotals />
        <Panel title="Incomplete Contacts">
          <Table aria-label="Incomplete Contacts" fz="sm">
            <Table.Tbody>
              {(incomplete.data?.results ?? []).map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <Link to={`/editcontact/${c.id}`}>{c.display_name}</Link>
                  </Table.Td>
                  <Table.Td>{c.contact_type === "SP" ? "Supplier" : "Customer"}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Panel>
        <CourtesyCars department={department} />
        <HireCharts date={date} department={department} />
      </SimpleGrid>
      <WeekCalendar date={date} department={department} />
      <Modal opened={info} onClose={infoCtl.close} title="Figure Details" size="lg">
        <Table aria-label="Figure Details" fz="sm">
          <Table.Tbody>
            {GLOSSARY.map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th>{k}</Table.Th>
                <Table.Td>{v}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </Stack>
  );
}
